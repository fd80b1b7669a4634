"""A table whose seats enter their own draws (``chance_by = "seats"``).

Each player at a real table draws their own cards; with a device per seat, the
player whose command made everyone draw must not be the one to type the others'
cards. Here a command whose draws go into other seats' hands is held until each
of them has named its cards; then it is decided and stored as any command is,
so the game verifies as one entered by a single person."""

from __future__ import annotations

import random
from typing import Any
from uuid import UUID

import pytest

from domain.games import all_games, get_game
from domain.kernel import ActionTaken, DiceRequired, IllegalCommand
from services.ledger import WizardLedger
from services.reads.views import legal_json, state_json
from services.review.verify import verify_game
from services.words.telling import speaking
from tests.services.seat_draws import (
    SEED,
    at_first_refill,
    cards_of,
    drawn,
    enter_as_a_table,
    fireball_played,
    owners,
    sends,
    spell_wars_by_seats,
)
from tests.services.table_transcript import consequences, story, transcript


# Both stores (``store_url``): the hold record is one more table in each, written
# with the game's.
def test_every_seat_enters_its_own_draws_and_the_game_verifies(store_url: str) -> None:
    sqlite_url = store_url
    ledger = WizardLedger(sqlite_url)
    gid, lines, _ = spell_wars_by_seats(ledger)
    held = 0
    for line in lines:
        actor = line["seat"]
        entries = ledger.act(
            gid, actor, line["command"], dice=line["dice"], drew=cards_of(line, actor)
        )
        others = sorted(set(owners(line)) - {actor})
        for k, seat in enumerate(others):
            assert entries == []  # held: nothing stored yet
            hold = ledger.holds.hold_of(gid)
            assert hold is not None and list(hold.waiting) == others[k:]
            entries = ledger.act(gid, seat, None, drew=cards_of(line, seat))
        held += bool(others)
        # Once the last seat named its cards, the command is stored with its events,
        # exactly those the table saw.
        assert story(consequences(entries)) == story(line["events"][1:])
        assert ledger.holds.hold_of(gid) is None
    assert held >= 10
    actions = [e.event for e in ledger.entries(gid) if isinstance(e.event, ActionTaken)]
    assert len(actions) == len(lines)
    assert [list(a.drew) for a in actions] == [line["drew"] for line in lines]
    report = verify_game(WizardLedger(sqlite_url), gid)
    assert report.ok, report.first()


def _to_first_refill(ledger: WizardLedger) -> tuple[str, dict[str, Any]]:
    gid, line, _ = at_first_refill(ledger)
    return gid, line


def test_a_held_command_says_whom_it_waits_for_and_asks_each_seat_its_own_cards(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid, line = _to_first_refill(ledger)
    actor = line["seat"]
    others = sorted(set(owners(line)) - {actor})
    before = ledger.load(gid).version
    names = ["Ann", "Bob", "Cleo"]
    with pytest.raises(IllegalCommand) as owed:
        ledger.act(gid, actor, line["command"])  # the actor's own cards left out
    # What the actor owes, then whom the command will wait for, by name.
    waits = " and ".join(names[s] for s in others)
    assert owed.value.message.endswith(
        f"; then {waits} enter{'s' if len(others) == 1 else ''} their own draws"
    )
    assert ledger.act(gid, actor, line["command"], drew=cards_of(line, actor)) == []
    assert ledger.load(gid).version == before

    # Read by another process: the hold is stored, not kept in memory.
    reader = WizardLedger(sqlite_url)
    seat = others[0]
    state = state_json(reader, gid, seat=seat)
    held = state["held"]
    assert held["seat"] == actor and held["waiting"] == others
    assert held["text"].startswith(names[actor])
    # The reader is "you"; the others by name.
    assert "waiting for you" in held["text"] and names[seat] not in held["text"]
    assert all(names[s] in held["text"] for s in others if s != seat)
    # In the reader's language: the hold's words in French, the reader still "you".
    with speaking("fr"):
        told = state_json(reader, gid, seat=seat)["held"]["text"]
    assert "on attend que vous et " in told and "nommiez" in told and "waiting" not in told, told
    mine = cards_of(line, seat)
    assert [n["kind"] for n in held["needs"]] == ["card"] * len(mine)
    assert {n["seat"] for n in held["needs"]} == {seat}
    assert "drawn from the draw pile" in held["needs_text"]
    # Whose cards, by the player's name, as the page says it.
    assert f"for {names[seat]}" in held["needs_text"] and "seat" not in held["needs_text"]
    # The actor sees whom it waits for, but is asked nothing; nobody may play meanwhile.
    assert "needs" not in state_json(reader, gid, seat=actor)["held"]
    assert all(legal_json(reader, gid, s) == [] for s in range(3))

    with pytest.raises(IllegalCommand) as again:
        reader.act(gid, actor, line["command"])
    assert again.value.code == "chance_awaited"
    assert f"waits for {names[others[0]]}" in again.value.message
    with pytest.raises(IllegalCommand) as command_instead:
        reader.act(gid, seat, line["command"], drew=mine)
    assert command_instead.value.code == "chance_awaited"
    assert "send them with no command" in command_instead.value.message
    with pytest.raises(IllegalCommand) as short:
        reader.act(gid, seat, None, drew=mine[:-1])
    assert short.value.code == "dice_required"
    assert f"drawn from the draw pile for {names[seat]}" in short.value.message
    assert "for seat" not in short.value.message
    assert ledger.load(gid).version == before and ledger.holds.hold_of(gid) is not None


def test_a_seat_cannot_name_the_cards_another_seat_drew(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid, line = _to_first_refill(ledger)
    before = ledger.load(gid).version
    with pytest.raises(IllegalCommand) as refused:
        ledger.act(gid, line["seat"], line["command"], dice=line["dice"], drew=line["drew"])
    assert refused.value.code == "unused_dice"
    assert "entered by that seat" in refused.value.message
    assert f"given by {['Ann', 'Bob', 'Cleo'][line['seat']]} but not asked" in refused.value.message
    assert ledger.load(gid).version == before and ledger.holds.hold_of(gid) is None


def test_an_entry_retried_with_its_key_is_stored_once(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid, line = _to_first_refill(ledger)
    actor = line["seat"]
    others = sorted(set(owners(line)) - {actor})
    ledger.act(gid, actor, line["command"], dice=line["dice"], drew=cards_of(line, actor), key="a")
    for seat in others[:-1]:
        for _ in range(2):  # the answer was lost: sent again
            assert ledger.act(gid, seat, None, drew=cards_of(line, seat), key=f"k{seat}") == []
    last = others[-1]
    done = ledger.act(gid, last, None, drew=cards_of(line, last), key="last")
    again = ledger.act(gid, last, None, drew=cards_of(line, last), key="last")
    assert [e.position for e in again] == [e.position for e in done]
    assert isinstance(done[0].event, ActionTaken) and done[0].event.seat == actor
    assert verify_game(ledger, gid).ok


def test_seats_enter_their_draws_only_at_a_table(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    with pytest.raises(ValueError, match="only at a table-mode game"):
        ledger.create_game("spellwars", 3, chance_by="seats")
    with pytest.raises(ValueError, match=r"'table' .* or 'seats'"):
        ledger.create_game("spellwars", 3, table=True, chance_by="players")


def test_over_http_a_held_command_is_answered_and_each_seat_sends_its_cards(
    client: Any, ledger: WizardLedger
) -> None:
    position = {"hands": [["fireball", "lightning"], ["shield", "mirror"]], "health": [9, 1]}
    body = {
        "game": "ultimate",
        "players": ["Ann", "Bob"],
        "table": True,
        "chance_by": "seats",
        "setup": {**position, "first": 0},
    }
    table = client.post("/tables", json=body).json()
    gid = table["game_id"]
    auth = {s["seat"]: {"Authorization": f"Bearer {s['token']}"} for s in table["seats"]}
    fireball = {"type": "PlayCard", "card": "fireball", "target": 1}
    assert (
        client.post(
            f"/tables/{gid}/act", json={"seat": 0, "command": fireball}, headers=auth[0]
        ).status_code
        == 200
    )
    decline = {"seat": 1, "command": {"type": "Decline"}, "drew": ["Bouclier", "Miroir"]}
    answer = client.post(f"/tables/{gid}/act", json={**decline, "dice": [1]}, headers=auth[1])
    assert answer.status_code == 200, answer.text
    held = answer.json()
    assert held["entries"] == [] and held["legal"] == []
    assert held["held"]["waiting"] == [0] and "needs" not in held["held"]
    ann = client.get(f"/tables/{gid}/state?seat=0", headers=auth[0]).json()["held"]
    assert [n["seat"] for n in ann["needs"]] == [0, 0]
    assert client.get(f"/tables/{gid}/legal?seat=0", headers=auth[0]).json() == []
    # A command meanwhile is refused by the table-mode rule; nothing is stored.
    refused = client.post(
        f"/tables/{gid}/act", json={"seat": 0, "command": {"type": "Draw"}}, headers=auth[0]
    )
    assert refused.status_code == 409 and refused.json()["code"] == "chance_awaited"
    done = client.post(
        f"/tables/{gid}/act", json={"seat": 0, "drew": ["éclair", "explosion"]}, headers=auth[0]
    )
    assert done.status_code == 200, done.text
    texts = [e.get("text", "") for e in done.json()["entries"]]
    assert "Ann is dealt Éclair and Explosion" in texts  # by the players' names
    assert "held" not in done.json() and done.json()["legal"]
    # Bob reads that he was dealt his cards, not Ann's.
    bob = client.get(f"/tables/{gid}/log?seat=1", headers=auth[1]).json()
    assert not any("Éclair" in e.get("text", "") for e in bob)
    assert verify_game(ledger, gid).ok


def test_the_opening_waits_for_each_seat_to_name_the_cards_it_was_dealt(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    opening, lines = transcript("spellwars", 3, SEED, drawn)
    # Given at the opening, a seat's cards are refused: they are that seat's to name.
    with pytest.raises(IllegalCommand) as refused:
        ledger.create_game(
            "spellwars",
            3,
            table=True,
            chance_by="seats",
            dice=opening["dice"],
            drew=opening["drew"],
        )
    assert refused.value.code == "unused_dice" and "at the opening" in refused.value.message
    assert ledger.game_ids() == []
    created = ledger.create_game(
        "spellwars", ["Ann", "Bob", "Cleo"], table=True, chance_by="seats", dice=opening["dice"]
    )
    gid = str(created.game_id)
    # Nothing is in the game's stream yet; its table reads as before the deal.
    assert ledger.raw_rows(gid) == [] and ledger.game_ids() == []
    state = state_json(ledger, gid, seat=1)
    assert state["held"]["waiting"] == [0, 1, 2]
    assert "opening" in state["held"]["text"] and len(state["held"]["needs"]) == 8
    assert {n["seat"] for n in state["held"]["needs"]} == {1}
    assert all(legal_json(ledger, gid, s) == [] for s in range(3))
    # What reads the record says why there is none yet, instead of failing.
    for read in (lambda: verify_game(ledger, gid), lambda: ledger.entries(gid)):
        with pytest.raises(IllegalCommand) as none_yet:
            read()
        assert none_yet.value.code == "opening_held"
        assert "waits for Ann, Bob and Cleo to name" in none_yet.value.message
    ledger.act(gid, 1, None, drew=opening["drew"][8:16])
    ledger.act(gid, 0, None, drew=opening["drew"][:8])
    assert ledger.raw_rows(gid) == []
    # Sent again, the same: nothing changes but the record of it.
    assert ledger.act(gid, 0, None, drew=opening["drew"][:8]) == []
    assert ledger.holds.hold_of(gid).waiting == (2,)  # type: ignore[union-attr]
    for seat, command in ((2, lines[0]["command"]), (7, None)):
        with pytest.raises(IllegalCommand) as wrong:
            ledger.act(gid, seat, command, drew=opening["drew"][16:])
        assert wrong.value.code == ("chance_awaited" if seat == 2 else "no_such_seat")
    entries = WizardLedger(sqlite_url).act(gid, 2, None, drew=opening["drew"][16:])
    assert entries[0].position == 1  # GameStarted, stored with the whole deal
    started = ledger.load(gid).fold.started
    assert started.setup is not None and started.setup["drew"] == opening["drew"]
    assert ledger.holds.hold_of(gid) is None and ledger.game_ids() != []
    line = lines[0]
    ledger.act(gid, line["seat"], line["command"], dice=line["dice"], drew=line["drew"])
    report = verify_game(WizardLedger(sqlite_url), gid)
    assert report.ok, report.first()


@pytest.mark.parametrize("game", [g.spec.id for g in all_games()])
def test_every_game_is_played_by_seats_that_enter_their_own_draws(
    game: str, sqlite_url: str
) -> None:
    """Random play at a table of strangers: whoever opens the table gives what no
    seat holds; each seat names the cards dealt or drawn into its own hand, as
    it is asked; a wrong card is refused and nothing stored; the game verifies."""
    rng = random.Random(f"seats-{game}")
    ledger = WizardLedger(sqlite_url)
    spec = get_game(game).spec
    players = list(("Ann", "Bob", "Cleo", "Dan", "Eve")[: spec.min_players])
    created: list[Any] = []

    def open_fold(dice: list[int], drew: list[str]) -> DiceRequired | None:
        try:
            created.append(
                ledger.create_game(
                    game, players, table=True, chance_by="seats", dice=dice, drew=drew
                )
            )
        except DiceRequired as e:
            return e
        return None

    enter_as_a_table(rng, open_fold, f"{game}: the opening")
    gid = str(created[0].game_id)

    def entries_of(seat: int, command: Any) -> Any:
        return sends(ledger, gid, seat, command)

    held = 0
    for _ in range(40):
        while (hold := ledger.holds.hold_of(gid)) is not None:
            held += 1
            seat = hold.waiting[0]
            before = ledger.holds.hold_rows(gid)
            enter_as_a_table(rng, entries_of(seat, None), f"{game}: seat {seat}'s cards")
            assert ledger.holds.hold_rows(gid) == before + 1
        loaded = ledger.load(gid)
        if loaded.game.outcome(loaded.fold.state) is not None:
            break
        seat = loaded.fold.state.pending[0].seat
        command = rng.choice(legal_json(ledger, gid, seat))
        enter_as_a_table(rng, entries_of(seat, command), f"{game}: {command}")
    report = verify_game(WizardLedger(sqlite_url), gid)
    assert report.ok, report.first()
    if game != "elfenwizards":  # no cards: its table gives dice only
        assert held >= 2  # the opening, and a command at least


def test_a_seat_that_named_a_card_it_does_not_hold_sends_its_cards_again(
    sqlite_url: str,
) -> None:
    """Ann names Bob's cards as hers by mistake. Bob, naming his own, is refused
    without learning whose they were, and told that an earlier seat may be
    wrong; Ann sends hers again, Bob his, and the deal is the real one."""
    ledger = WizardLedger(sqlite_url)
    gid = str(
        ledger.create_game(
            "ultimate", ["Ann", "Bob"], table=True, chance_by="seats", dice=[1]
        ).game_id
    )
    assert ledger.act(gid, 0, None, drew=["Bouclier", "Miroir"]) == []
    # Bob's list still offers every card: it does not show what Ann named.
    bob = state_json(ledger, gid, seat=1)["held"]["needs"]
    assert all(len(need["cards"]) == 16 for need in bob)
    with pytest.raises(IllegalCommand) as refused:
        ledger.act(gid, 1, None, drew=["Bouclier", "Miroir"])
    said = refused.value.message
    assert "'Bouclier' cannot have come from the draw pile: it is not there" in said
    assert "a player who named their cards before you" in said and "Ann" not in said
    assert "card 3" not in said and "already named" not in said
    assert ledger.raw_rows(gid) == []
    # Ann, done, is offered her cards again on her page.
    ann = state_json(ledger, gid, seat=0)["held"]
    assert len(ann["again"]) == 2 and ann["yours"] == ["Bouclier", "Miroir"]  # her slip, shown
    assert ledger.act(gid, 0, None, drew=["Boule de feu", "Explosion"]) == []
    assert ledger.act(gid, 1, None, drew=["Bouclier", "Miroir"])[0].position == 1
    started = ledger.load(gid).fold.started
    assert started.setup is not None
    assert started.setup["drew"] == ["fireball", "explosion", "shield", "mirror"]
    assert verify_game(ledger, gid).ok


def test_what_follows_another_seats_draw_is_asked_once_that_seat_has_named_it() -> None:
    """A command that draws the actor a card, then Bob one, then rolls the actor a
    die (whose number may depend on Bob's card): the actor who names only its
    card is held, waited for again with Bob; one who names nothing is told all."""
    from domain.kernel.dice import ScriptedSource
    from services.seats.hold import Slots, settle

    def attempt(slots: Slots) -> tuple[list[Any] | None, ScriptedSource]:
        source = ScriptedSource(slots.dice, (), slots.drew, collect=True)
        source.named(("zap", "heal"), None, "the deck", seat=0)
        source.named(("zap", "heal"), None, "the deck", seat=1)
        source.index(0, 6, "a power roll")
        return (None if source.needs else []), source

    with pytest.raises(DiceRequired) as nothing:
        settle(attempt, 0, 0, Slots([], [], []))
    assert [n.kind for n in nothing.value.needs] == ["card", "die"]
    held = settle(attempt, 0, 0, Slots([], [], []), drew=["zap"])
    assert held.events is None and held.waiting == (0, 1)
    bob = settle(attempt, 0, 1, held.slots, drew=["heal"])
    assert bob.events is None and bob.waiting == (0,)
    done = settle(attempt, 0, 0, bob.slots, dice=[4])
    assert done.events == [] and done.slots.drew == ["zap", "heal"] and done.slots.dice == [4]


def test_a_running_tables_opening_line_says_how_it_was_opened(sqlite_url: str) -> None:
    """Its chance script is withheld from players, but the line no longer says it
    was laid from a setup file, and it says that the seats enter their draws."""
    from services.reads.views import log_json

    ledger = WizardLedger(sqlite_url)
    gid = str(
        ledger.create_game(
            "ultimate", ["Ann", "Bob"], table=True, chance_by="seats", dice=[1]
        ).game_id
    )
    ledger.act(gid, 0, None, drew=["Boule de feu", "Explosion"])
    ledger.act(gid, 1, None, drew=["Bouclier", "Miroir"])
    for seat in (None, 0, 1):
        first = log_json(ledger, gid, seat=seat)[0]
        assert "from a setup file" not in first["text"]
        assert "each seat entering the cards it draws" in first["text"]
        assert "fireball" not in str(first) and first["event"]["setup"] == {"chance_by": "seats"}


def _ultimate_by_seats(ledger: WizardLedger) -> str:
    created = ledger.create_game(
        "ultimate", ["Ann", "Bob"], table=True, chance_by="seats", dice=[1]
    )
    return str(created.game_id)


def test_a_refusal_lists_every_card_though_another_seat_named_some(sqlite_url: str) -> None:
    """Bob, refused for a card left out while the opening is held, is offered all
    sixteen: a list without Ann's two would tell him her hand."""
    ledger = WizardLedger(sqlite_url)
    gid = _ultimate_by_seats(ledger)
    ledger.act(gid, 0, None, drew=["Bouclier", "Miroir"])
    with pytest.raises(DiceRequired) as short:
        ledger.act(gid, 1, None, drew=["Éclair"])
    assert [len(n.cards) for n in short.value.needs] == [16]
    assert "Miroir" in short.value.message and "Bouclier" in short.value.message


def test_a_stale_read_of_the_hold_record_cannot_lose_a_held_command(
    sqlite_url: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two processes: one holds a command while the other, having read the hold
    record just before, sends a command that needs no chance. Both write the
    record's next row, so the second loses the race, reads again, and is told
    the game waits; the held command stands."""
    first, second = WizardLedger(sqlite_url), WizardLedger(sqlite_url)
    gid = fireball_played(first)
    seen = second.holds._last_hold(UUID(gid))  # the record as it was
    first.act(gid, 1, {"type": "Decline"}, drew=["shield", "mirror"], dice=[1])  # held
    assert first.holds.hold_of(gid) is not None
    stale = iter([seen])
    real = type(second.holds)._last_hold
    monkeypatch.setattr(
        second.holds, "_last_hold", lambda g: next(stale, None) or real(second.holds, g)
    )
    with pytest.raises(IllegalCommand) as told:  # a defence: no chance needed
        second.act(gid, 1, {"type": "Defend", "card": "shield"})
    assert told.value.code == "chance_awaited"
    assert first.holds.hold_of(gid) is not None and second.counters.conflicts >= 1


def test_an_entry_retried_after_later_commands_gets_its_own_answer(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = _ultimate_by_seats(ledger)
    ledger.act(gid, 0, None, drew=["Boule de feu", "Explosion"], key="ann-deal")
    opened = ledger.act(gid, 1, None, drew=["Bouclier", "Miroir"], key="bob-deal")
    assert opened[0].position == 1
    ledger.act(gid, 0, {"type": "Draw"}, drew=["Éclair"])
    # Bob's answer was lost; his retry, after Ann's draw, is the opening again.
    again = ledger.act(gid, 1, None, drew=["Bouclier", "Miroir"], key="bob-deal")
    assert [e.position for e in again] == [e.position for e in opened]
    assert ledger.act(gid, 0, None, drew=["Boule de feu", "Explosion"], key="ann-deal") == []
    assert ledger.holds.hold_of(gid) is None and verify_game(ledger, gid).ok


def test_the_acting_seat_is_not_offered_an_empty_form_to_name_its_cards_again(
    sqlite_url: str,
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid, line = _to_first_refill(ledger)
    actor = line["seat"]
    ledger.act(gid, actor, line["command"], dice=line["dice"], drew=cards_of(line, actor))
    held = state_json(ledger, gid, seat=actor)["held"]
    assert "needs" not in held
    mine = cards_of(line, actor)
    assert len(held.get("again", [])) == len(line["dice"]) + len(mine)


def test_the_entry_that_completes_an_opening_is_answered_again_as_it_was_when_retried(
    sqlite_url: str,
) -> None:
    """A seat whose answer was lost sends the entry that completed the deal again,
    with its idempotency key: it gets what the first send appended (GameStarted and
    the deal), from this process or another, and nothing is stored twice."""
    ledger = WizardLedger(sqlite_url)
    opening, _ = transcript("spellwars", 3, SEED, drawn)
    created = ledger.create_game(
        "spellwars", ["Ann", "Bob", "Cleo"], table=True, chance_by="seats", dice=opening["dice"]
    )
    gid = str(created.game_id)
    ledger.act(gid, 0, None, drew=opening["drew"][:8], key="ann-deal")
    ledger.act(gid, 1, None, drew=opening["drew"][8:16], key="bob-deal")
    first = ledger.act(gid, 2, None, drew=opening["drew"][16:], key="cleo-deal")
    assert first[0].position == 1 and not any(isinstance(e.event, ActionTaken) for e in first)
    rows = ledger.raw_rows(gid)
    for retried_by in (ledger, WizardLedger(sqlite_url)):
        again = retried_by.act(gid, 2, None, drew=opening["drew"][16:], key="cleo-deal")
        assert [e.hash for e in again] == [e.hash for e in first]
    assert ledger.raw_rows(gid) == rows
    # An entry made before the deal completed is answered as it was: held.
    assert ledger.act(gid, 0, None, drew=opening["drew"][:8], key="ann-deal") == []
    # Once the game has gone on, the retry still answers with the deal alone.
    state = ledger.load(gid)
    seat = state.fold.state.pending[0].seat
    command = legal_json(ledger, gid, seat)[0]
    ledger.act(gid, seat, command)
    again = ledger.act(gid, 2, None, drew=opening["drew"][16:], key="cleo-deal")
    assert [e.hash for e in again] == [e.hash for e in first]
