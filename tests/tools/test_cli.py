"""The ``wizards`` CLI, as a user runs it, on a real SQLite store."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from services.review.export_read import events
from tests.services.playing import play_until
from tests.tools.wizards_cli import Wizards


def test_games_lists_the_registry_as_json(wizards: Wizards) -> None:
    games = wizards.json("games", "--json")
    ultimate = next(g for g in games if g["id"] == "ultimate")
    assert ultimate["players"] == [2, 4]
    assert {o["name"] for o in ultimate["options"]} >= {"round_health", "rounds_to_win"}
    assert set(ultimate) == {"id", "name", "players", "options"}
    # Spell Wars' last three readings are options the lobby and the listing offer.
    spellwars = {o["name"]: o for o in next(g for g in games if g["id"] == "spellwars")["options"]}
    offered = {
        name: (spellwars[name]["default"], spellwars[name]["allowed"], spellwars[name]["rule"])
        for name in ("incorrect_initiative", "wild_type", "creature_attack")
    }
    assert offered == {
        "incorrect_initiative": ("lowest", ["lowest", "highest", "declared"], "sw.order.incorrect"),
        "wild_type": ("reveal", ["reveal", "row"], "sw.wild.type"),
        "creature_attack": ("spell", ["spell", "turn_start"], "sw.creature.attack"),
    }


def test_a_game_is_created_played_listed_and_read(wizards: Wizards) -> None:
    created = wizards.json("new", "ultimate", "--players", "3", "--seed", "cli", "--json")
    gid = created["game_id"]
    assert [s["seat"] for s in created["seats"]] == [0, 1, 2]
    assert len({s["token"] for s in created["seats"]}) == 3
    state = wizards.json("state", gid)
    seat = state["pending"][0]["seat"]
    command = wizards.json("legal", gid, "--seat", str(seat))[0]
    appended = wizards.json("act", gid, "--seat", str(seat), "--command", json.dumps(command))
    assert appended[0]["type"] == "ActionTaken"
    assert appended[0]["event"]["command"] == command
    listed = wizards.json("list", "--json")
    core = ("game_id", "game", "players", "status", "events")  # and the lobby's fields
    assert [{k: row[k] for k in core} for row in listed] == [
        {
            "game_id": gid,
            "game": "ultimate",
            "players": 3,
            "status": "running",
            "events": appended[-1]["position"],
        }
    ]
    past = wizards.json("state", gid, "--at", "2")
    assert past["position"] == 2
    log = wizards.json("log", gid, "--seat", str(seat))
    assert [line["position"] for line in log] == list(range(1, appended[-1]["position"] + 1))


def test_an_illegal_command_exits_2_with_a_json_error_and_appends_nothing(
    wizards: Wizards,
) -> None:
    gid = wizards("new", "ultimate", "--players", "2", "--seed", "x").stdout.strip()
    before = wizards.json("list", "--json")[0]["events"]
    seat = wizards.json("state", gid)["pending"][0]["seat"]
    result = wizards("act", gid, "--seat", str(1 - seat), "--command", '{"type": "Draw"}', code=2)
    error = json.loads(result.stderr)
    assert error["code"] == "not_your_turn"
    assert error["rule"] == "kernel.turn"
    assert "seat" in error["message"]
    result = wizards("act", gid, "--seat", str(seat), "--command", "{not json", code=2)
    assert json.loads(result.stderr)["code"] == "malformed_command"
    result = wizards("act", gid, "--seat", str(seat), "--command", '{"type": "Fly"}', code=2)
    assert json.loads(result.stderr)["code"] == "malformed_command"
    assert wizards.json("list", "--json")[0]["events"] == before


def test_unknown_games_and_bad_options_are_named(wizards: Wizards) -> None:
    err = json.loads(wizards("new", "chess", "--players", "2", code=2).stderr)
    assert err["code"] == "unknown_game"
    assert err["message"] == (
        'no game is called "chess": the games are elfenwizards, orctower, spellwars, ultimate'
    )
    err = json.loads(
        wizards("new", "ultimate", "--players", "2", "--option", "round_health=7", code=2).stderr
    )
    assert "round_health" in err["message"]
    err = json.loads(wizards("state", "not-a-game-id", code=2).stderr)
    assert err["code"] == "game_not_found"


def test_the_idempotency_key_makes_a_retry_harmless(wizards: Wizards) -> None:
    gid = wizards("new", "ultimate", "--players", "2", "--seed", "idem").stdout.strip()
    seat = wizards.json("state", gid)["pending"][0]["seat"]
    command = json.dumps(wizards.json("legal", gid, "--seat", str(seat))[0])
    first = wizards.json("act", gid, "-s", str(seat), "-c", command, "--idempotency-key", "abc")
    again = wizards.json("act", gid, "-s", str(seat), "-c", command, "--idempotency-key", "abc")
    assert first == again
    assert wizards.json("list", "--json")[0]["events"] == first[-1]["position"]


def _finish(wizards: Wizards, gid: str) -> None:
    """Play to the end through the store (fast); the CLI is tested by what follows."""
    from services.ledger import WizardLedger

    play_until(WizardLedger(wizards.store), gid)


def test_replay_export_and_verify_a_finished_game(wizards: Wizards, tmp_path: Path) -> None:
    gid = wizards(
        "new", "ultimate", "--players", "2", "--seed", "story", "--option", "rounds_to_win=1"
    ).stdout.strip()
    _finish(wizards, gid)
    story = wizards("replay", gid).stdout.splitlines()
    assert story[0].startswith("#1")
    assert "Sorcier ultime for seat 0 and seat 1" in story[0]
    assert any("[ultimate." in line for line in story)
    assert "won by" in story[-1]
    assert any("the seed is revealed: story" in line for line in story)
    short = wizards("replay", gid, "--to", "5").stdout.splitlines()
    assert short[-2].startswith("#5")
    md = tmp_path / "game.md"
    wizards("export", gid, "--format", "md", "-o", str(md))
    text = md.read_text()
    assert "## Rules cited" in text
    assert "## Story" in text and "## Opening position" in text
    doc = wizards.json("export", gid, "--format", "json")
    assert doc["game"] == "ultimate"
    assert doc["outcome"]["winners"]
    cited = {e["rule"] for e in events(doc) if "rule" in e}
    assert cited <= set(doc["rules"])
    html = wizards("export", gid, "--format", "html").stdout
    assert html.startswith("<!doctype html>")
    assert "ok" in wizards("verify", gid).stdout
    board = wizards.json("scoreboard", "--json")
    assert board["games"][0]["game_id"] == gid
    stats = wizards.json("stats", "--json")
    assert sum(r["games"] for r in stats["seats"]) == 2  # one finished game, two seats
    assert wizards.json("verify", "--all", "--json")[0]["ok"] is True


def test_verify_exits_1_and_names_the_first_bad_event(wizards: Wizards, tmp_path: Path) -> None:
    gid = wizards("new", "ultimate", "--players", "2", "--seed", "tamper").stdout.strip()
    for _ in range(3):
        seat = wizards.json("state", gid)["pending"][0]["seat"]
        command = wizards.json("legal", gid, "--seat", str(seat))[0]
        wizards("act", gid, "--seat", str(seat), "--command", json.dumps(command))
    from uuid import UUID

    with sqlite3.connect(tmp_path / "cli.db") as db:
        db.execute(
            "DELETE FROM stored_events WHERE originator_id=? AND originator_version=4",
            (UUID(gid).hex,),
        )
    result = wizards("verify", gid, code=1)
    assert "FAILED at event #4" in result.stdout


def test_simulate_prints_a_summary(wizards: Wizards) -> None:
    summary = wizards.json("simulate", "ultimate", "--games", "6", "--seed", "s", "--json")
    assert summary["games"] == 6
    assert sum(summary["player_counts"].values()) == 6
    assert sum(summary["wins_by_seat"].values()) >= 6
    again = wizards.json("simulate", "ultimate", "--games", "6", "--seed", "s", "--json")
    assert again["wins_by_seat"] == summary["wins_by_seat"]  # seeded: the same games


def test_rules_lists_the_catalogue_with_rulings(wizards: Wizards) -> None:
    rules = wizards.json("rules", "ultimate", "--json")
    sources = {r["source"] for r in rules}
    assert {"rulebook", "ruling"} <= sources
    health = [
        r
        for r in rules
        if r["readings"] and any("round_health" in x["option"] for x in r["readings"])
    ]
    assert health and health[0]["default"]


def test_fork_and_annotate_from_the_command_line(wizards: Wizards) -> None:
    gid = wizards("new", "ultimate", "--players", "2", "--seed", "branch").stdout.strip()
    seat = wizards.json("state", gid)["pending"][0]["seat"]
    command = json.dumps(wizards.json("legal", gid, "--seat", str(seat))[0])
    wizards("act", gid, "--seat", str(seat), "--command", command)
    branch = wizards.json("fork", gid, "--at", "7", "--json")
    assert branch["forked_from"] == gid and len(branch["seats"]) == 2
    assert wizards.json("state", branch["game_id"])["position"] == 8
    assert "note 1 on position 7" in wizards("annotate", gid, "--at", "7", "--text", "why?").stdout
    assert wizards.json("notes", gid)[0]["text"] == "why?"
    assert "✎ referee: why?" in wizards("replay", gid).stdout
    err = json.loads(wizards("fork", gid, "--at", "8", code=2).stderr)
    assert "inside an action" in err["message"]


def test_list_newest_first_and_a_limited_number(wizards: Wizards) -> None:
    made = [
        wizards.json("new", "ultimate", "--players", "2", "--json")["game_id"] for _ in range(3)
    ]
    assert [g["game_id"] for g in wizards.json("list", "--json")] == made
    newest = wizards.json("list", "--newest", "--limit", "2", "--json")
    assert [g["game_id"] for g in newest] == [made[2], made[1]]
    shown = wizards("list", "--newest", "--limit", "1").stdout.splitlines()
    assert len(shown) == 1 and shown[0].startswith(made[2])
    wizards("list", "--limit", "0", code=2)
