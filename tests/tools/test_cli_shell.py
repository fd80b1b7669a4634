"""``wizards shell``: many commands in one process, from a script or at a prompt.

Each line prints what the command prints on its own; a failing line does not
stop the others unless ``--stop-on-error``; the exit code says whether all ran
well. At a terminal it prompts ``wizards> `` (driven through a pseudo-terminal)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pexpect

WIZARDS = Path(sys.executable).with_name("wizards")


def _env(tmp_path: Path) -> dict[str, str]:
    return {
        **os.environ,
        "WIZARDS_STORE": f"sqlite:///{tmp_path / 'shell.db'}",
        "WIZARDS_ERRORS": "json",
        "WIZARDS_REDIS": "",
        "NO_COLOR": "1",
    }


def _shell(
    tmp_path: Path, script: str, *args: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(WIZARDS), *args, "shell"],
        input=script,
        capture_output=True,
        text=True,
        env=env or _env(tmp_path),
        timeout=120,
    )


def _wizards(tmp_path: Path, *args: str) -> str:
    done = subprocess.run(
        [str(WIZARDS), *args], capture_output=True, text=True, env=_env(tmp_path), check=True
    )
    return done.stdout


def _problems(stderr: str) -> list[dict[str, object]]:
    return [json.loads(line) for line in stderr.splitlines() if line.startswith("{")]


def test_a_script_prints_what_each_command_prints_alone(tmp_path: Path) -> None:
    gid = _wizards(tmp_path, "new", "ultimate", "--players", "2", "--seed", "shell").strip()
    commands = [["games"], ["state", gid], ["log", gid, "--seat", "1"], ["notes", gid]]
    script = "# a referee's script\n\n" + "\n".join(
        " ".join(f"'{a}'" if " " in a else a for a in c) for c in commands
    )
    done = _shell(tmp_path, script + "\n")
    assert done.returncode == 0, done.stderr
    alone = "".join(_wizards(tmp_path, *c) for c in commands)
    assert done.stdout == alone


def test_lines_are_quoted_as_in_a_shell_and_share_the_store(tmp_path: Path) -> None:
    script = (
        "new ultimate --names 'Ann Smith,Bob' --seed s1  # two players\n"
        'annotate "$(never expanded)" --at 1 --text "x"\n'
        "list --json\n"
    )
    done = _shell(tmp_path, script)
    # The annotate line names no game: refused, and the others still ran.
    assert done.returncode == 1
    created, listed = done.stdout.split("\n", 1)
    rows = json.loads(listed)
    assert [r["game_id"] for r in rows] == [created.strip()]
    assert rows[0]["names"] == ["Ann Smith", "Bob"]
    problems = _problems(done.stderr)
    assert problems[-1]["code"] == "commands_failed"
    assert "line 2" in str(problems[-1]["detail"])


def test_a_failing_line_does_not_stop_the_rest(tmp_path: Path) -> None:
    script = "games --json\nstate no-such-game\nnosuchcommand\nrules 'unclosed\ngames --json\n"
    done = _shell(tmp_path, script)
    assert done.returncode == 1
    # Both `games` ran: two JSON lists of the games.
    decoder = json.JSONDecoder()
    first, end = decoder.raw_decode(done.stdout)
    second, _ = decoder.raw_decode(done.stdout[end:].lstrip())
    assert first == second and {g["id"] for g in first} >= {"ultimate", "spellwars"}
    assert "No such command 'nosuchcommand'" in done.stderr
    codes = [p["code"] for p in _problems(done.stderr)]
    assert codes[-2:] == ["bad_line", "commands_failed"]
    assert "3 of 5 commands failed (lines 2, 3, 4)" in str(_problems(done.stderr)[-1]["detail"])


def test_a_french_shell_says_its_failures_in_french(tmp_path: Path) -> None:
    """The shell's --lang holds for every line over WIZARDS_LANG (the tests' is en)."""
    script = "games --json\nstat\nrules 'unclosed\nshell\n"
    done = _shell(tmp_path, script, "--lang", "fr")
    assert done.returncode == 1
    assert "Commande inconnue : « stat ». Vouliez-vous dire « stats » ou « state » ?" in done.stderr
    details = [str(p["detail"]) for p in _problems(done.stderr)]
    assert details == [
        "la ligne 3 ne se lit pas comme une commande : un guillemet reste ouvert "
        "(ou une barre oblique inverse la termine)",
        "une ligne de wizards shell ne peut pas lancer un autre shell",
        "3 commandes sur 4 ont échoué (lignes 2, 3, 4) ; les autres ont été exécutées",
    ]


def test_stop_on_error_stops_with_the_failing_commands_code(tmp_path: Path) -> None:
    script = "games --json\nnosuchcommand\ngames --json\n"
    done = _shell(tmp_path, script, env=_env(tmp_path))
    assert done.returncode == 1
    stopped = subprocess.run(
        [str(WIZARDS), "shell", "--stop-on-error"],
        input=script,
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=120,
    )
    assert stopped.returncode == 2  # a usage error's code
    assert stopped.stdout.count('"id": "ultimate"') == 1  # the third line never ran
    assert _problems(stopped.stderr)[-1]["code"] == "command_failed"


def test_the_shells_global_options_hold_for_every_line(tmp_path: Path) -> None:
    other = f"sqlite:///{tmp_path / 'other.db'}"
    env = {**_env(tmp_path), "WIZARDS_STORE": f"sqlite:///{tmp_path / 'unused.db'}"}
    script = "new ultimate -p 2 --seed a\nlist --json\nlist --json --store sqlite:///{}\n".format(
        tmp_path / "third.db"
    )
    done = _shell(tmp_path, script, "--store", other, env=env)
    assert done.returncode == 0, done.stderr
    created, rest = done.stdout.split("\n", 1)
    decoder = json.JSONDecoder()
    in_other, end = decoder.raw_decode(rest)
    in_third, _ = decoder.raw_decode(rest[end:].lstrip())
    assert [r["game_id"] for r in in_other] == [created]
    assert in_third == []  # a line's own --store wins
    assert not (tmp_path / "unused.db").exists()


def test_a_script_file_and_a_shell_inside_a_shell(tmp_path: Path) -> None:
    script = tmp_path / "script.txt"
    script.write_text("games --json\nshell\n", encoding="utf-8")
    done = subprocess.run(
        [str(WIZARDS), "shell", "--file", str(script)],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
        timeout=120,
    )
    assert done.returncode == 1
    assert '"id": "ultimate"' in done.stdout
    assert [p["code"] for p in _problems(done.stderr)] == ["nested_shell", "commands_failed"]
    missing = _shell(tmp_path, "", "--errors", "json")
    assert missing.returncode == 0  # no command: nothing failed
    absent = subprocess.run(
        [str(WIZARDS), "shell", "--file", str(tmp_path / "absent.txt")],
        capture_output=True,
        text=True,
        env=_env(tmp_path),
    )
    assert absent.returncode == 2
    assert _problems(absent.stderr)[0]["code"] == "bad_file"


def test_at_a_terminal_the_shell_prompts_and_goes_on_after_an_error(tmp_path: Path) -> None:
    env = {**_env(tmp_path), "WIZARDS_ERRORS": "text"}
    child = pexpect.spawn(
        str(WIZARDS), ["shell"], env=env, encoding="utf-8", timeout=60, dimensions=(50, 200)
    )
    try:
        child.expect_exact("wizards> ")
        child.sendline("new ultimate --players 2 --seed prompt")
        child.expect(r"([0-9a-f]{8}-[0-9a-f-]{27})")
        gid = child.match.group(1)
        child.expect_exact("wizards> ")
        child.sendline("state no-such-game")
        child.expect("wizards: ")  # the error, said as text at a terminal
        child.expect_exact("wizards> ")
        child.sendline(f"list --json  # the game {gid} is there")
        child.expect_exact(gid)
        child.expect_exact("wizards> ")
        child.sendline("exit")
        child.expect(pexpect.EOF)
    finally:
        child.close()
    assert child.exitstatus == 1  # one command failed
