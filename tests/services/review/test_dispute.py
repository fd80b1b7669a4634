"""The dispute desk over every registered game: each other reading decided again
from the same position, the recorded one decided again to the same events,
diff in the game's words, readjudicate against an altered engine, redaction."""

from __future__ import annotations

import json
from typing import Any

import msgspec
import pytest
from fastapi.testclient import TestClient

from domain import games as registry
from domain.games import all_games, get_game
from domain.kernel import ActionTaken, CardsShuffled, Consequence, DiceRolled
from services.http.app import create_app
from services.ledger import WizardLedger
from services.review.dispute import dispute, every_dispute
from services.review.readjudicate import diff_positions, readjudicate
from services.review.record import read_record
from services.words.dispute import diff_text, dispute_text, readjudication_text
from services.words.telling import speaking
from tests.services.setups import ECLAIR_SETUP
from tools.simulation import play_stored

GAMES = [g.spec.id for g in all_games()]
SHORT = {"ultimate": {"rounds_to_win": 1}}


def stored(ledger: WizardLedger, game_id: str, seed: str, **kw: Any) -> Any:
    game = get_game(game_id)
    return play_stored(ledger, game, game.spec.min_players, seed, options=SHORT.get(game_id), **kw)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_ruling_read_otherwise_shows_both_outcomes(sqlite_url: str, game_id: str) -> None:
    game = get_game(game_id)
    if not any(o.rule for o in game.spec.options):
        pytest.skip(f"{game_id} declares no option tied to a ruling")
    ledger = WizardLedger(sqlite_url)
    found: tuple[Any, int, dict[str, Any]] | None = None
    for seed in ("d1", "d2", "d3"):
        gid = stored(ledger, game_id, f"{game_id}:{seed}")
        panels = every_dispute(read_record(ledger, gid), with_views=False)
        for position, panel in panels.items():
            assert panel["recorded_decides_again"], (position, panel["recorded_check"])
            differing = [
                r
                for r in panel["other_readings"]
                if not r["same_as_recorded"] and not r.get("undecided")
            ]
            if differing and found is None:
                found = (gid, position, differing[0])
        if found:
            break
    assert found is not None, f"no action of {game_id} where another reading differs"
    gid, position, reading = found
    report = dispute(ledger, gid, position)
    assert report["position"] == position and report["recorded_decides_again"]
    entries = ledger.entries(gid)
    action = entries[position - 1].event
    assert isinstance(action, ActionTaken)
    assert report["command"] == action.command
    assert report["player"] == entries[0].event.players[action.seat]  # type: ignore[attr-defined]
    assert any(item["sent"] for item in report["legal"]["items"])
    recorded = [c["position"] for c in report["consequences"]]
    assert recorded == list(range(position + 1, position + 1 + len(recorded)))
    for c in report["consequences"]:
        stored_event = entries[c["position"] - 1].event
        if isinstance(stored_event, Consequence):
            assert c["rule"]["id"] == stored_event.rule
    same = next(r for r in report["other_readings"] if r["option"] == reading["option"])
    assert not same["same_as_recorded"]
    assert same["differs_at"] is not None and same["differs_at"] > position
    if not same.get("refused"):
        # Two events may read alike; the data shown at the first difference differs.
        assert same["difference"]["recorded"] != same["difference"]["reading"]
    text = dispute_text(report)
    assert "DIFFERENT outcome" in text and "as recorded" in text and "under this reading" in text


def test_eclair_under_the_other_reading_spares_its_caster(sqlite_url: str) -> None:
    """Éclair, 'Inflige 1 point de dégâts à tous les joueurs': by default the caster
    is hit too; the other reading spares the caster. Both outcomes, side by side."""
    ledger = WizardLedger(sqlite_url)
    gid = ledger.create_game("ultimate", ["Ann", "Bob"], setup=ECLAIR_SETUP).game_id
    at = ledger.act(gid, 0, {"type": "PlayCard", "card": "lightning"})[0].position
    report = dispute(ledger, gid, at)
    assert report["text"] == "Ann plays Éclair"
    assert report["recorded_decides_again"]
    other = next(r for r in report["other_readings"] if r["option"] == "eclair_hits_caster")
    assert other["cited"] and other["value"] is False and not other["same_as_recorded"]
    assert other["reading"] == "Only the other wizards are hit."
    recorded = [c for c in report["consequences"] if c["type"] == "DamageDealt"]
    assert any(c["rule"]["id"] == "ultimate.ruling.lightning-caster" for c in recorded)
    assert "Inflige 1 point de dégâts à tous les joueurs." in json.dumps(report, ensure_ascii=False)
    assert not any(
        e.get("rule", {}).get("id") == "ultimate.ruling.lightning-caster" for e in other["events"]
    )
    diff = diff_positions(ledger, gid, at - 1, ledger.load(gid).version)
    texts = [c["text"] for c in diff["changes"]]
    assert "Ann — life: 9 → 8" in texts
    assert any(t.startswith("Ann sees — hand:") and "− Éclair" in t for t in texts)
    assert "Ann — life: 9 → 8" in diff_text(diff)
    with speaking("fr"):
        french = diff_positions(ledger, gid, at - 1, ledger.load(gid).version)
    said = [c["text"] for c in french["changes"]]
    assert any(t.startswith("Ann voit — main :") or t.startswith("Ann voit — main:") for t in said)
    assert not any(" sees " in t for t in said), said


@pytest.mark.parametrize("game_id", GAMES)
def test_diff_names_what_changed(sqlite_url: str, game_id: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = stored(ledger, game_id, "diff", stop_after=30)
    end = ledger.load(gid).version
    report = diff_positions(ledger, gid, 2, end)
    assert report["changes"], "thirty commands changed nothing?"
    text = diff_text(report)
    assert "{" not in text and "Struct" not in text
    names = ledger.entries(gid)[0].event.players  # type: ignore[attr-defined]
    assert any(name in text for name in names)
    assert diff_positions(ledger, gid, end, end)["changes"] == []


@pytest.mark.parametrize("game_id", GAMES)
def test_readjudicate_finds_where_an_altered_engine_first_differs(
    sqlite_url: str, game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = stored(ledger, game_id, "readj", stop_after=40)
    assert readjudicate(ledger, gid)["first_difference"] is None
    entries = ledger.entries(gid)
    first_action = next(e.position for e in entries if isinstance(e.event, ActionTaken))
    target = next(
        e
        for e in entries[first_action:]
        if isinstance(e.event, Consequence) and e.event.rule in get_game(game_id).catalogue
    )
    rule = target.event.rule  # type: ignore[attr-defined]
    real = get_game(game_id)

    class Altered:
        """The same game, except that one rule no longer has any consequence."""

        def __getattr__(self, name: str) -> Any:
            return getattr(real, name)

        def decide(self, state: Any, seat: int, command: Any, dice: Any) -> list[Any]:
            events = real.decide(state, seat, command, dice)
            return [e for e in events if getattr(e, "rule", None) != rule]

    monkeypatch.setitem(registry._GAMES, game_id, Altered())
    ledger.cache.clear()
    report = readjudicate(ledger, gid)
    first = report["first_difference"]
    assert first is not None and first["position"] == target.position
    assert first["recorded"][0]["position"] == first["action"] + 1
    assert rule in json.dumps(first["recorded"]) and rule not in json.dumps(first["engine"])
    assert f"First difference at position #{target.position}" in readjudication_text(report)


def test_readjudicate_under_another_reading(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    gid = stored(ledger, "ultimate", "other-reading")
    report = readjudicate(ledger, gid, {"round_health": "5"})
    assert report["options_now"] == {"round_health": 5} and report["options"] == {"round_health": 9}
    assert report["first_difference"]["position"] == 2  # round 1 begins at 5 life, not 9
    with pytest.raises(Exception, match="round_health"):
        readjudicate(ledger, gid, {"round_health": "7"})


def test_the_http_dispute_is_redacted_for_the_caller(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game("ultimate")
    created = ledger.create_game("ultimate", ["Ann", "Bob"], seed="http-dispute")
    gid = created.game_id
    tokens = dict(created.seats)
    # Play a few commands so that an action of each seat exists.
    for _ in range(8):
        table = ledger.load(gid).fold
        seat = table.state.pending[0].seat
        command = game.legal_commands(table.state, seat)[0]
        ledger.act(gid, seat, msgspec.to_builtins(command))
    entries = ledger.entries(gid)
    action = next(e for e in entries if isinstance(e.event, ActionTaken))
    seat = action.event.seat  # type: ignore[attr-defined]
    before = ledger.load(gid, action.position - 1).fold.state
    operator = dispute(ledger, gid, action.position)  # the CLI: as the acting seat saw it
    assert list(operator["before"]["views"]) == [["Ann", "Bob"][seat]]
    with TestClient(create_app(ledger)) as client:
        url = f"/tables/{gid}/dispute"
        spectator = client.get(url, params={"at": action.position})
        assert spectator.status_code == 200
        body = spectator.json()
        assert list(body["before"]["views"]) == ["spectator"]
        assert not body["legal"]["shown"] and body["other_readings"] == []
        for secret in game.hidden_from(before, None):
            assert secret not in spectator.text
        mine = client.get(
            url,
            params={"at": action.position},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        ).json()
        assert list(mine["before"]["views"]) == [["Ann", "Bob"][seat]]
        assert mine["legal"]["shown"] and mine["recorded_decides_again"]
        assert mine["other_readings"] == [] and "once the game is over" in mine["readings_withheld"]
        other = client.get(
            url,
            params={"at": action.position},
            headers={"Authorization": f"Bearer {tokens[1 - seat]}"},
        )
        for secret in game.hidden_from(before, 1 - seat):
            assert secret not in other.text
        text = client.get(url, params={"at": action.position, "format": "text"})
        assert text.text.startswith(f"Dispute of action #{action.position}")
        assert client.get(url, params={"at": 2}).status_code == 422  # the opening
        diff = client.get(f"/tables/{gid}/diff", params={"a": 2, "b": len(entries)})
        assert diff.status_code == 200 and diff.json()["changes"]
        assert client.get("/schemas/export/ultimate").json()["title"].startswith("Wizard Ledger")


@pytest.mark.parametrize("game_id", GAMES)
def test_a_seat_disputes_a_running_games_roll_with_the_recorded_chance(
    sqlite_url: str, game_id: str
) -> None:
    """While the game runs a seat has no seed: an action that rolled or shuffled is
    decided again with the rolls and shuffles the record shows, and gives the record."""
    ledger = WizardLedger(sqlite_url)
    gid = stored(ledger, game_id, "recorded-chance", stop_after=60)
    loaded = ledger.load(gid)
    assert loaded.game.outcome(loaded.fold.state) is None
    entries = ledger.entries(gid)
    starts = [k for k, e in enumerate(entries) if isinstance(e.event, ActionTaken)]
    rolled = [
        entries[k]
        for k, end in zip(starts, [*starts[1:], len(entries)], strict=True)
        if any(isinstance(e.event, DiceRolled | CardsShuffled) for e in entries[k + 1 : end])
    ]
    assert rolled, f"{game_id}: no action met chance in sixty commands"
    for action in rolled[:3]:
        seat = action.event.seat  # type: ignore[attr-defined]
        report = dispute(ledger, gid, action.position, viewer=seat)
        assert report["recorded_decides_again"], report["recorded_check"]


def test_the_desk_decides_again_under_every_other_value_of_every_option() -> None:
    """A reading becomes an option and the dispute desk weighs it with no list to keep:
    every other value of every option of every game is one of its alternatives."""
    from services.review.dispute import alternatives

    for game in all_games():
        options = game.spec.resolve_options({})
        offered = {(a.option.name, a.value) for a in alternatives(game, options)}
        for spec in game.spec.options:
            values = (not spec.default,) if isinstance(spec.default, bool) else spec.allowed
            others = {(spec.name, v) for v in values if v != spec.default}
            assert others and others <= offered, spec.name


def test_a_placement_under_the_creature_attack_at_the_turns_start(sqlite_url: str) -> None:
    """Spell Wars, ruling sw.creature.attack: Ann's Gracula, kept from an earlier turn,
    attacks with her spell as recorded; decided again under creature_attack=turn_start
    (it attacked when the turn began) her spell is revealed without it."""
    ledger = WizardLedger(sqlite_url)
    position = {
        "turn": 1,
        "hands": [["spiralex#1"], []],
        "creatures": [["gracula#1"], []],
        "placed": [False, True],
        "spells": [[], ["spiralex#2", "hydraponix#2"]],
    }
    gid = ledger.create_game("spellwars", ["Ann", "Bob"], seed="attack", setup=position).game_id
    at = ledger.act(gid, 0, {"type": "PlaceCards", "cards": ["spiralex#1"]})[0].position
    report = dispute(ledger, gid, at)
    assert report["recorded_decides_again"]
    revealed = next(c for c in report["consequences"] if c["type"] == "SpellRevealed")
    assert [r["id"] for r in revealed["also"]] == ["sw.creature.attack"]
    other = next(r for r in report["other_readings"] if r["option"] == "creature_attack")
    assert other["value"] == "turn_start" and other["cited"] and not other["same_as_recorded"]
    assert other["reading"] == "At the start of the next turn, before any spell is placed."
    assert tuple(other["difference"]["recorded"]["carried"]) == ("gracula#1",)
    assert tuple(other["difference"]["reading"]["carried"]) == ()
