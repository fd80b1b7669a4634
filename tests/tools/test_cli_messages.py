"""The CLI as a newcomer meets it: refusals that name the problem, empty stores
that say so, listings and catalogues that tell what a person needs to know."""

from __future__ import annotations

import json
import re
import socket
from pathlib import Path

from tests.tools.wizards_cli import Wizards

ROOT = Path(__file__).resolve().parents[2]


def test_a_seat_the_game_does_not_have_is_refused(wizards: Wizards) -> None:
    gid = wizards("new", "ultimate", "--names", "Ann,Bob", "--seed", "n").stdout.strip()
    for command in (["state", gid, "--seat", "7"], ["legal", gid, "--seat", "2"]):
        error = json.loads(wizards(*command, code=2).stderr)
        assert "no seat" in error["message"] and "0–1 (Ann, Bob)" in error["message"]
    assert wizards.json("state", gid, "--seat", "1")["seat"] == 1


def test_an_empty_store_says_so(wizards: Wizards) -> None:
    assert "no games in this store yet" in wizards("list").stdout
    assert "nothing to verify" in wizards("verify", "--all").stdout
    assert wizards.json("verify", "--all", "--json") == []
    assert "the scoreboard is empty" in wizards("scoreboard").stdout
    assert "no statistics" in wizards("stats").stdout


def test_list_shows_names_date_winner_and_forks(wizards: Wizards) -> None:
    made = wizards.json(
        "simulate", "ultimate", "--games", "1", "--seed", "ls", "-o", "rounds_to_win=1",
        "--keep", "--json",
    )  # fmt: skip
    gid = made["kept"][0]
    running = wizards("new", "ultimate", "--names", "Ann,Bob", "--seed", "r").stdout.strip()
    fork = wizards("fork", gid, "--at", "7").stdout.strip()
    lines = wizards("list").stdout.splitlines()
    finished = next(line for line in lines if line.startswith(gid))
    assert "bot 1, bot 2" in finished and "won by bot" in finished
    assert re.search(r"\d{4}-\d\d-\d\d \d\d:\d\d", finished)
    assert "Ann, Bob" in next(line for line in lines if line.startswith(running))
    assert f"fork of {gid[:8]} at #7" in next(line for line in lines if line.startswith(fork))
    board = wizards("scoreboard").stdout.splitlines()
    assert board[0].split()[:3] == ["rank", "player", "rating"]
    stats = wizards("stats").stdout
    assert stats.startswith("Win rates by seat")


def test_rules_mark_the_reading_the_engine_applies(wizards: Wizards) -> None:
    text = wizards("rules", "spellwars").stdout
    block = text.split("sw.order.incorrect", 1)[1].split("\nsw.", 1)[0]
    lowest = "* The lowest initiative among the delivery cards.  (incorrect_initiative=lowest)"
    assert lowest in block
    assert (
        "  The highest initiative among the delivery cards.  (incorrect_initiative=highest)"
        in block
    )
    assert "* Remove only cards of a repeated type.  (trim=repeated)" in text
    # A reading no option can select says why.
    steal = wizards("rules", "ultimate").stdout.split("ultimate.ruling.steal-random", 1)[1]
    assert "The thief looks at the hand and picks.  (not an option: The thief would see" in steal


def test_serve_on_a_port_in_use_says_so(wizards: Wizards) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = wizards("serve", "--port", str(port), code=2)
    error = json.loads(result.stderr)
    assert error["code"] == "port_in_use" and str(port) in error["message"]


def test_the_design_lives_in_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../shared" not in readme and "(docs/design.md)" in readme
    design = (ROOT / "docs" / "design.md").read_text(encoding="utf-8")
    assert design.startswith("# Wizard Ledger — design")
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "first run: installs the dependencies" in makefile
