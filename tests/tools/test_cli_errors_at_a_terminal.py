"""A person at a terminal reads an error as a sentence; a program reading a pipe
gets the HTTP API's problem body; ``--errors`` / ``WIZARDS_ERRORS`` choose."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect

WIZARDS = Path(sys.executable).parent / "wizards"
UNKNOWN = 'no game is called "chess": the games are elfenwizards, orctower, spellwars, ultimate'


def env(tmp_path: Path, **extra: str) -> dict[str, str]:
    base = {k: v for k, v in os.environ.items() if k != "WIZARDS_ERRORS"}
    return {**base, "WIZARDS_STORE": f"sqlite:///{tmp_path / 'w.db'}", **extra}


def at_a_terminal(tmp_path: Path, *args: str, **extra: str) -> tuple[str, int]:
    child = pexpect.spawn(
        str(WIZARDS), list(args), env=env(tmp_path, **extra), encoding="utf-8", timeout=60
    )
    child.expect(pexpect.EOF)
    child.close()
    return child.before.replace("\r\n", "\n"), int(child.exitstatus or 0)


def test_an_error_at_a_terminal_is_a_sentence_with_its_code(tmp_path: Path) -> None:
    said, code = at_a_terminal(tmp_path, "new", "chess", "--players", "2")
    assert code == 2
    assert said.splitlines() == [f"wizards: {UNKNOWN}", "  code: unknown_game"]


def test_a_refusal_at_a_terminal_names_its_rule(tmp_path: Path) -> None:
    made = subprocess.run(
        [str(WIZARDS), "new", "ultimate", "--names", "Ann,Bob", "--seed", "t"],
        env=env(tmp_path),
        capture_output=True,
        text=True,
        check=True,
    )
    gid = made.stdout.strip()
    said, code = at_a_terminal(tmp_path, "act", gid, "--seat", "0", "--command", '{"type": "Fly"}')
    assert code == 2
    lines = said.splitlines()
    assert lines[0].startswith("wizards: ") and "Fly" in lines[0]
    assert lines[-1] == "  code: malformed_command"
    assert not said.lstrip().startswith("{")


def test_a_pipe_gets_the_problem_body_and_the_choice_is_the_users(tmp_path: Path) -> None:
    piped = subprocess.run(
        [str(WIZARDS), "new", "chess", "--players", "2"],
        env=env(tmp_path),
        capture_output=True,
        text=True,
    )
    assert piped.returncode == 2
    body = json.loads(piped.stderr)
    assert body["code"] == "unknown_game" and body["detail"] == UNKNOWN
    said, _ = at_a_terminal(tmp_path, "--errors", "json", "new", "chess", "--players", "2")
    assert json.loads(said)["code"] == "unknown_game"
    said, _ = at_a_terminal(tmp_path, "new", "chess", "--players", "2", WIZARDS_ERRORS="json")
    assert json.loads(said)["code"] == "unknown_game"
    text = subprocess.run(
        [str(WIZARDS), "--errors", "text", "new", "chess", "--players", "2"],
        env=env(tmp_path),
        capture_output=True,
        text=True,
    )
    assert text.stderr.splitlines()[0] == f"wizards: {UNKNOWN}"


def _wizards(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(WIZARDS), *args], env=env(tmp_path), capture_output=True, text=True)


def test_a_card_not_in_the_deck_is_refused_as_such_and_by_the_players_names(
    tmp_path: Path,
) -> None:
    """Naming a card that cannot be the one drawn is not missing dice: its own
    code, and a hint about the card rather than --dice and --order. A seat out
    of turn is told whom the game waits for by name."""
    made = _wizards(tmp_path, "new", "ultimate", "--names", "Ann,Bob", "--table")
    assert made.returncode == 2
    asked = json.loads(made.stderr)
    assert asked["code"] == "dice_required" and "--dice" in asked["hint"]
    deal = "éclair,explosion,bouclier,miroir"
    made = _wizards(
        tmp_path, "new", "ultimate", "--names", "Ann,Bob", "--table", "--drew", deal, "--dice", "1"
    )
    assert made.returncode == 0, made.stderr
    gid = made.stdout.strip()
    draw = '{"type": "Draw"}'
    wrong = _wizards(tmp_path, "act", gid, "--seat", "0", "--command", draw, "--drew", "Échecs")
    assert wrong.returncode == 2
    refused = json.loads(wrong.stderr)
    assert refused["code"] == "drawn_card_refused" and refused["title"] == "Drawn card refused"
    assert "--dice" not in refused["hint"] and "--order" not in refused["hint"]
    late = _wizards(tmp_path, "act", gid, "--seat", "1", "--command", draw)
    refused = json.loads(late.stderr)
    assert refused["detail"] == "Bob has nothing to decide now (waiting for Ann)"
