"""Table mode: a real table's position and dice, reproduced exactly through the store."""

from __future__ import annotations

import json
from typing import Any

import pytest

from domain.kernel import ActionTaken, CardsShuffled, DiceRolled, GameStarted, IllegalCommand
from services.ledger import WizardLedger
from services.reads.views import state_json
from services.review.verify import verify_game
from tests.services.setups import TABLE_POSITION


def _steal_position(ledger: WizardLedger, **extra: object) -> str:
    gid = str(
        ledger.create_game("ultimate", 2, setup={**TABLE_POSITION, **extra}, table=True).game_id
    )
    ledger.act(gid, 0, {"type": "PlayCard", "card": "shadow_hand", "target": 1})
    return gid


def test_a_setup_position_is_recorded_in_game_started(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    table = ledger.create_game("ultimate", 2, setup=TABLE_POSITION, table=True).game_id
    started = ledger.entries(table, lte=1)[0].event
    assert isinstance(started, GameStarted)
    assert (started.mode, started.seed_commitment) == ("table", "")
    assert started.setup is not None and started.setup["health"] == [5, 9]
    view = state_json(ledger, table, seat=0)["view"]
    assert "shadow_hand" in str(view) and "thorns" not in str(view)
    # Without --table, a position plays on with seeded dice; a script makes it table mode.
    seeded = ledger.entries(ledger.create_game("ultimate", 2, setup=TABLE_POSITION).game_id)[
        0
    ].event
    assert isinstance(seeded, GameStarted) and seeded.mode == "seeded"
    scripted = ledger.create_game("ultimate", 2, setup={**TABLE_POSITION, "dice": [2]}).game_id
    assert ledger.entries(scripted, lte=1)[0].event.mode == "table"  # type: ignore[attr-defined]


def test_a_roll_the_table_did_not_supply_refuses_the_command_and_stores_nothing(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger)
    before = ledger.load(gid).version
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, 1, {"type": "Decline"})  # the steal needs a random card
    assert e.value.code == "dice_required"
    assert ledger.load(gid).version == before
    # The table is asked which card was taken, not for a die face nobody could map.
    need = e.value.needs[0]  # type: ignore[attr-defined]
    assert (need.kind, need.what) == ("card", "card stolen from seat 1")
    assert "the card drawn from card stolen" not in e.value.message
    assert "a die" not in e.value.message


def test_a_card_taken_blind_from_a_hand_is_named_by_the_table(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger)
    entries = ledger.act(gid, 1, {"type": "Decline"}, drew=["Épines"])
    rolls = [e.event for e in entries if isinstance(e.event, DiceRolled)]
    # Recorded as the roll it stands for (the third card of three), and the card's id.
    assert [(r.sides, r.values, r.source) for r in rolls] == [(3, (3,), "table")]
    action = next(e.event for e in entries if isinstance(e.event, ActionTaken))
    assert action.drew == ("thorns",)
    assert "thorns" in str(state_json(ledger, gid, seat=0)["view"])
    assert verify_game(WizardLedger(sqlite_url), gid).ok
    # A card the victim does not hold cannot have been taken.
    other = _steal_position(WizardLedger(sqlite_url))
    stolen = "'Boule de feu', cannot have come from the card stolen"
    with pytest.raises(IllegalCommand, match=stolen):
        ledger.act(other, 1, {"type": "Decline"}, drew=["fireball"])


def test_the_supplied_value_picks_the_stolen_card_and_verifies(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger)
    entries = ledger.act(gid, 1, {"type": "Decline"}, dice=[3])
    rolls = [e.event for e in entries if isinstance(e.event, DiceRolled)]
    assert [(r.sides, r.values, r.source) for r in rolls] == [(3, (3,), "table")]
    hand = state_json(ledger, gid, seat=0)["view"]
    assert "thorns" in str(hand)  # the third card of seat 1's hand
    assert verify_game(WizardLedger(sqlite_url), gid).ok


def test_dice_scripted_in_the_setup_are_used_before_asking_the_table(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger, dice=[1])
    ledger.act(gid, 1, {"type": "Decline"})
    assert "shield" in str(state_json(ledger, gid, seat=0)["view"])
    assert verify_game(ledger, gid).ok


def test_extra_or_unwanted_dice_are_refused(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger)
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, 1, {"type": "Decline"}, dice=[3, 2])
    assert e.value.code == "unused_dice"
    assert e.value.message == (
        "1 die more than this command rolls: a value given for a roll that did not happen"
    )
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, 1, {"type": "Decline"}, drew=["thorns", "Bar"])
    assert e.value.message.startswith("1 card named as drawn but not needed ('Bar')")
    seeded = str(ledger.create_game("ultimate", 2, seed="s").game_id)
    seat = state_json(ledger, seeded)["pending"][0]["seat"]
    with pytest.raises(IllegalCommand) as e:
        ledger.act(seeded, seat, {"type": "Draw"}, dice=[4])
    assert e.value.code == "dice_not_accepted"


def test_a_shuffle_in_table_mode_takes_the_deck_order_the_table_supplies(sqlite_url: str) -> None:
    """The killing blow ends the round: the 16 cards are reshuffled for the next one."""
    ledger = WizardLedger(sqlite_url)
    cards = [c for hand in TABLE_POSITION["hands"] for c in hand] + list(
        TABLE_POSITION["draw_pile"]
    )
    rest = [c for c in cards if c not in ("fireball", "curse")]
    position = {"hands": [["fireball"], ["curse"]], "draw_pile": rest, "health": [9, 1], "first": 0}
    gid = str(ledger.create_game("ultimate", ["Ann", "Bob"], setup=position, table=True).game_id)
    ledger.act(gid, 0, {"type": "PlayCard", "card": "fireball", "target": 1})
    before = ledger.load(gid).version
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, 1, {"type": "Decline"})
    # Everything the command needs at once: the four cards dealt from the new
    # deck (or its order) and the roll for the first player.
    assert e.value.code == "dice_required" and "5 values from the table" in e.value.message
    # The deal seat by seat; the deck's cards listed once.
    # The cards by the names printed on them, the seats by their players, as a
    # table reads them.
    assert "2 cards drawn from the draw pile for Ann (any of: Absorption, " in e.value.message
    assert "Voile d'ombre), 2 cards drawn from the draw pile for Bob, then a die" in e.value.message
    assert "seat" not in e.value.message
    assert (
        "or, instead of naming the cards drawn, the order the draw pile (16 cards) was shuffled in"
        in e.value.message
    )
    assert "then a die from 1 to 2 (the first player)" in e.value.message
    assert ledger.load(gid).version == before
    order = list(range(15, -1, -1))
    entries = ledger.act(gid, 1, {"type": "Decline"}, orders=[order], dice=[2])
    shuffles = [e.event for e in entries if isinstance(e.event, CardsShuffled)]
    assert [s.permutation for s in shuffles] == [tuple(order)]
    assert shuffles[0].source == "table"
    assert verify_game(WizardLedger(sqlite_url), gid).ok
    fresh = WizardLedger(sqlite_url).load(gid)
    assert fresh.fold.supplied_orders == 1


def test_a_setup_position_is_withheld_from_players_until_the_end(sqlite_url: str) -> None:
    """GameStarted is public, but its setup holds every hand and the deck order."""
    from services.reads.views import log_json
    from services.review.exports import export_text

    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", 2, setup={**TABLE_POSITION, "dice": [3]}).game_id
    for seat in (None, 0, 1):
        first = log_json(ledger, gid, seat=seat)[0]
        assert "thorns" not in str(first) and "lightning" not in str(first)
        assert first["event"]["setup"] == {
            "hidden": "the setup position is shown when the game is over"
        }
        doc = export_text(ledger, gid, "json", viewer=seat)
        # Each seat's export shows its own hand (its board): never the other's, nor
        # the draw pile or the dice to come.
        other = "shadow_hand" if seat == 1 else "thorns"
        assert f'"{other}"' not in doc and '"lightning"' not in doc
        assert "[3]" not in doc.replace(" ", "")
        assert json.loads(doc)["setup"] == {
            "hidden": "the setup position is shown when the game is over"
        }
    assert "thorns" in str(log_json(ledger, gid, full=True)[0])  # the operator sees it


@pytest.mark.parametrize(
    ("players", "words"),
    [
        (["Ann\n#99 SeedRevealed", "Bob"], "control characters"),
        (["", "Bob"], "visible character"),
        (["x" * 41, "Bob"], "at most 40"),
    ],
)
def test_player_names_are_one_short_printable_line(
    sqlite_url: str, players: list[str], words: str
) -> None:
    from domain.kernel import SetupError

    with pytest.raises(SetupError, match=words):
        WizardLedger(sqlite_url).create_game("ultimate", players)


def test_out_of_range_chance_is_refused_before_anything_is_written(sqlite_url: str) -> None:
    from domain.kernel import SetupError

    ledger = WizardLedger(sqlite_url)
    with pytest.raises(SetupError, match="dice value"):
        ledger.create_game("ultimate", 2, table=True, dice=[10**30])
    with pytest.raises(SetupError, match="deck order"):
        ledger.create_game("ultimate", 2, setup={**TABLE_POSITION, "orders": [[-1]]})
    with pytest.raises(SetupError, match="empty seed"):
        ledger.create_game("ultimate", 2, seed="")
    assert ledger.game_ids() == []  # nothing was written
    gid = _steal_position(ledger)
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, 1, {"type": "Decline"}, dice=[0])
    assert e.value.code == "bad_dice"


def test_table_dice_and_orders_are_withheld_from_players_until_the_end(sqlite_url: str) -> None:
    from services.reads.views import log_json

    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger)
    ledger.act(gid, 1, {"type": "Decline"}, dice=[3])
    action = log_json(ledger, gid, seat=1)[-1]
    lines = [line for line in log_json(ledger, gid, seat=None) if line["type"] == "ActionTaken"]
    assert lines and all(not line["event"]["dice"] for line in lines)
    assert any(
        line["type"] == "ActionTaken" and list(line["event"]["dice"]) == [3]
        for line in log_json(ledger, gid, full=True)
    )
    assert action is not None


def test_the_orc_towers_quarter_stacks_are_said_in_the_readers_language(client: Any) -> None:
    """The orc tower's opening draws markers from each quarter's stack: its need's
    ``what`` stays the plain English a program reads, its ``said`` is French for
    a French reader (« la pile de marqueurs du quartier 2 »), in English otherwise."""
    body = {"game": "orctower", "players": ["Ann", "Bob"], "table": True}
    english = client.post("/tables", json=body).json()["needs"]
    french = client.post("/tables?lang=fr", json=body).json()["needs"]
    stacks = [k for k, n in enumerate(english) if n["what"].startswith("the marker stack")]
    assert len(stacks) == 12
    first = stacks[0]
    assert english[first]["what"] == french[first]["what"] == "the marker stack of quarter 1"
    assert english[first]["said"] == "the marker stack of quarter 1"
    assert french[first]["said"] == "la pile de marqueurs du quartier 1"
    assert not [n["said"] for n in french if "quarter" in n["said"]]


def test_over_http_a_refusal_lists_what_it_needs_and_a_card_is_named_by_its_printed_name(
    client: Any, ledger: WizardLedger
) -> None:
    """What a client builds its fields from, and what a table types: the
    opening's needs as data; a draw named 'éclair' stored as the card's id."""
    body = {"game": "ultimate", "players": ["Ann", "Bob"], "table": True}
    # A misspelt key is refused by name, not dropped (that would open a seeded game).
    typo = client.post("/tables", json={"game": "ultimate", "players": 2, "tabel": True})
    assert typo.status_code == 422 and "tabel" in typo.json()["detail"]
    refused = client.post("/tables", json=body)
    assert refused.status_code == 422 and refused.json()["code"] == "dice_required"
    needs = refused.json()["needs"]
    assert [n["kind"] for n in needs] == ["card"] * 4 + ["die"]
    assert needs[0]["what"] == "the deck" and "lightning" in needs[0]["cards"]
    assert [n["seat"] for n in needs] == [0, 0, 1, 1, None]  # the deal, seat by seat
    assert needs[-1] == {
        "kind": "die",
        "what": "first player",
        "sides": 2,
        "size": 0,
        "cards": [],
        "seat": None,
        "hand": False,
        "pile": "",
        "said": "the first player",  # what it is for, in the reader's words
    }
    assert needs[0]["said"] == "the draw pile"  # as the rulebook calls it
    # A French reader's page labels its fields in French, from the same data.
    french = client.post("/tables?lang=fr", json=body).json()["needs"]
    assert [n["said"] for n in french] == ["la pioche"] * 4 + ["le premier joueur"]
    assert ledger.game_ids() == []
    dealt = {**body, "drew": ["Boule de feu", "EXPLOSION", "shield", "Miroir"], "dice": [1]}
    table = client.post("/tables", json=dealt).json()
    gid = table["game_id"]
    started = ledger.load(gid).fold.started
    assert started.setup is not None
    assert started.setup["drew"] == ["fireball", "explosion", "shield", "mirror"]
    auth = {"Authorization": f"Bearer {table['seats'][0]['token']}"}
    act = {"seat": 0, "command": {"type": "Draw"}}
    asked = client.post(f"/tables/{gid}/act", json=act, headers=auth).json()
    # The deck as it went face down, not as it is: Ann cannot tell Bob's cards;
    # but not her own two, which she holds.
    assert asked["needs"][0]["kind"] == "card" and len(asked["needs"][0]["cards"]) == 14
    assert {"fireball", "explosion"}.isdisjoint(asked["needs"][0]["cards"])
    assert "Miroir" in asked["message"] and "Boule de feu" not in asked["message"]
    wrong = client.post(f"/tables/{gid}/act", json={**act, "drew": ["Bouclier"]}, headers=auth)
    assert wrong.status_code == 409
    assert wrong.json()["message"] == (
        "table mode: card 1 of those named as drawn, 'Bouclier', cannot have come from "
        "the draw pile: it is not there"
    )
    assert "mirror" not in wrong.json()["message"]
    done = client.post(f"/tables/{gid}/act", json={**act, "drew": ["éclair"]}, headers=auth)
    assert done.status_code == 200, done.text
    actions = [e.event for e in ledger.entries(gid) if isinstance(e.event, ActionTaken)]
    assert [a.drew for a in actions] == [("lightning",)]
    assert verify_game(ledger, gid).ok


def test_a_game_stored_by_an_older_engine_picks_by_die_as_it_did(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Engines before 0.3.0 took a card picked from a hand as a die face only:
    their records are decided again that way, so they verify as before."""
    monkeypatch.setattr("services.ledger.ENGINE_VERSION", "0.2.0")
    ledger = WizardLedger(sqlite_url)
    gid = _steal_position(ledger)
    monkeypatch.undo()
    with pytest.raises(IllegalCommand) as e:
        ledger.act(gid, 1, {"type": "Decline"}, drew=["thorns"])
    assert "a die from 1 to 3 for seat 0 (the card stolen from seat 1)" in e.value.message
    ledger.act(gid, 1, {"type": "Decline"}, dice=[3])
    assert "thorns" in str(state_json(ledger, gid, seat=0)["view"])
    assert verify_game(WizardLedger(sqlite_url), gid).ok


def test_a_table_with_its_own_data_names_a_card_by_its_own_name(sqlite_url: str) -> None:
    import msgspec

    from domain.games import get_game

    data = msgspec.json.decode(msgspec.json.encode(get_game("ultimate").data_template()))
    data["cards"]["fireball"]["name"] = "Boule ardente"
    ledger = WizardLedger(sqlite_url)
    drew = ["Boule ardente", "explosion", "shield", "mirror"]
    gid = ledger.create_game("ultimate", 2, table=True, drew=drew, dice=[1], data=data).game_id
    started = ledger.load(gid).fold.started
    assert started.setup is not None and started.setup["drew"][0] == "fireball"
    assert verify_game(ledger, gid).ok


def test_a_card_taken_from_a_hand_is_asked_among_every_card_of_the_piles_it_came_from() -> None:
    """The asker must not read the victim's hand off the list: a hand that holds
    cards of two piles (the orc tower's deck and its palette) is offered every
    kind of both, and nothing of a pile none of its cards came from."""
    from domain.kernel.chance_needs import ChanceNeed
    from services.store.chance import unrevealing

    def shuffled(pile: str, *cards: str) -> CardsShuffled:
        return CardsShuffled(
            rule="r", pile=pile, order=cards, permutation=(), counter=0, unknown=True
        )

    piles = [
        shuffled("deck.1", "zap.01", "zap.02", "heal.01", "shield.01"),
        shuffled("attack", "blizzard.01", "fireball.01"),
        shuffled("markers", "orc-01", "goblin-01"),
    ]
    stolen = ChanceNeed(
        kind="card", what="card taken from seat 1", cards=("fireball", "zap"), hand=True
    )
    (asked,) = unrevealing([stolen], piles)
    assert asked.cards == ("blizzard", "fireball", "heal", "shield", "zap")
