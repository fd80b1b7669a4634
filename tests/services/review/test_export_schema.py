"""Every JSON export validates against the published, versioned schema of its game,
and the published schema files are the ones the event types generate today."""

from __future__ import annotations

import jsonschema
import pytest

from domain.games import all_games, get_game
from services.ledger import WizardLedger
from services.review.export_read import events
from services.review.export_schema import (
    SCHEMA_DIR,
    schema,
    schema_name,
    schema_text,
)
from services.review.exports import export_text
from tests.services.review.exports_read_back import validate
from tools.simulation import play_stored

GAMES = [g.spec.id for g in all_games()]


@pytest.mark.parametrize("game_id", GAMES)
def test_exports_of_a_running_game_validate_for_every_viewer(sqlite_url: str, game_id: str) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game(game_id)
    gid = play_stored(ledger, game, game.spec.min_players, "schema", stop_after=25)
    ledger.annotate(gid, 3, "a note", "referee")
    for viewer in ("all", None, 0):
        doc = validate(export_text(ledger, gid, "json", viewer=viewer))
        assert len(doc["events"]) == len(doc["frames"]) == ledger.load(gid).version
        assert doc["annotations"][0]["text"] == "a note"
    spectator = validate(export_text(ledger, gid, "json", viewer=None))
    assert spectator["views"] == ["spectator"] and not spectator["finished"]
    hidden = [e for e in spectator["told"] if e.get("hidden")]
    # A placeholder says no more than its kind.
    assert all(set(e) == {"hidden", "text"} for e in hidden)
    assert all(e["type"] == "Hidden" for e in events(spectator) if e.get("hidden"))


def test_a_finished_game_exports_everything_and_validates(sqlite_url: str) -> None:
    ledger = WizardLedger(sqlite_url)
    game = get_game("ultimate")
    gid = play_stored(ledger, game, 3, "schema-end", options={"rounds_to_win": 1})
    doc = validate(export_text(ledger, gid, "json", viewer=1, disputes="all"))
    assert doc["finished"] and doc["viewer"] == "everything"
    assert doc["views"] == ["bot 1", "bot 2", "bot 3"]
    assert events(doc)[-1]["type"] == "SeedRevealed"
    assert all(e["dice"]["rederived"] for e in doc["told"] if "dice" in e)
    assert doc["disputes"] and all(p["recorded_decides_again"] for p in doc["disputes"].values())


@pytest.mark.parametrize("game_id", GAMES)
def test_the_published_schema_is_the_generated_one(game_id: str) -> None:
    path = SCHEMA_DIR / schema_name(game_id)
    # Published for every game: a missing file is a defect, not a reason to skip.
    assert path.exists(), f"no published schema for {game_id}: wizards schema {game_id} -o {path}"
    assert path.read_text(encoding="utf-8") == schema_text(game_id), (
        f"the event types changed: regenerate with `wizards schema {game_id} -o {path}` "
        f"(and raise VERSION if a field changed meaning)"
    )


def test_a_document_of_another_shape_is_refused() -> None:
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate({"format": "wizard-ledger/export", "version": 1}, schema("ultimate"))


def test_the_first_positions_of_a_game_are_a_document_of_their_own(sqlite_url: str) -> None:
    """The replay page reads a long game's first positions first: a document that
    validates, ends where an action's consequences end, and says the game's length."""
    ledger = WizardLedger(sqlite_url)
    game = get_game("ultimate")
    gid = play_stored(ledger, game, 2, "first-part", options={"rounds_to_win": 1})
    total = ledger.load(gid).version
    whole = validate(export_text(ledger, gid, "json", disputes="all"))
    for to in (1, 9, total // 2):
        part = validate(export_text(ledger, gid, "json", to=to, disputes="all"))
        n = len(part["events"])
        assert to <= n < total and part["positions"] == total
        assert part["events"] == whole["events"][:n]
        # Cut before an action (or at the end of the opening), never inside one.
        assert events(whole)[n].get("action")
        # Each action whole, so its dispute panel is the one the whole game's export holds.
        assert part["disputes"] == {k: p for k, p in whole["disputes"].items() if int(k) <= n}
    assert "positions" not in whole
    assert "positions" not in validate(export_text(ledger, gid, "json", to=total))


def test_an_export_holds_the_panels_of_the_noted_actions(sqlite_url: str) -> None:
    """By default the document holds the dispute panels of the actions the referees'
    notes point at (a note on a consequence points at its action), each as the
    export of every panel holds it; the desk makes any other on demand."""
    ledger = WizardLedger(sqlite_url)
    game = get_game("ultimate")
    gid = play_stored(ledger, game, 2, "noted", options={"rounds_to_win": 1})
    everything = validate(export_text(ledger, gid, "json", disputes="all"))
    actions = sorted(int(k) for k in everything["disputes"])
    first, later = actions[2], actions[5]
    ledger.annotate(gid, first, "the action itself", "referee")
    ledger.annotate(gid, later + 1, "one of its consequences", "referee")
    everything = validate(export_text(ledger, gid, "json", disputes="all"))
    noted = validate(export_text(ledger, gid, "json"))
    assert noted["dispute_panels"] == "noted" and everything["dispute_panels"] == "all"
    assert sorted(noted["disputes"]) == sorted([str(first), str(later)])
    assert all(noted["disputes"][k] == everything["disputes"][k] for k in noted["disputes"])
    nothing = validate(export_text(ledger, gid, "json", disputes="none"))
    assert nothing["disputes"] == {} and nothing["dispute_panels"] == "none"
    # Everything but the panels (and the rules only they cite) is the same document.
    panels = ("disputes", "dispute_panels", "rules")
    for doc in (noted, nothing):
        assert {k: v for k, v in doc.items() if k not in panels} == {
            k: v for k, v in everything.items() if k not in panels
        }
        assert doc["rules"].items() <= everything["rules"].items()
    with pytest.raises(ValueError, match="unknown dispute panels"):
        export_text(ledger, gid, "json", disputes="some")


def test_the_document_names_the_chains_head(sqlite_url: str) -> None:
    """Events carry no hash of their own (version 4): the document names its last
    event's, the one ``verify --expect POSITION:HASH`` takes; a document of the
    first positions names the last it holds."""
    ledger = WizardLedger(sqlite_url)
    game = get_game("ultimate")
    gid = play_stored(ledger, game, 2, "head", stop_after=30)
    entries = ledger.entries(gid)
    doc = validate(export_text(ledger, gid, "json"))
    assert doc["head"] == {"position": len(entries), "hash": entries[-1].hash}
    assert all("hash" not in e for e in doc["told"])
    part = validate(export_text(ledger, gid, "json", to=5))
    n = len(part["events"])
    assert part["head"] == {"position": n, "hash": entries[n - 1].hash}
