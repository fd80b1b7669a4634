"""The CLI's version, shell completion, and errors: the same RFC 9457 body as HTTP,
with non-ASCII text kept readable."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from importlib.metadata import version
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from domain.kernel import ENGINE_VERSION
from services.http.app import create_app
from services.ledger import WizardLedger
from tools.cli import app

runner = CliRunner()


def test_version_prints_the_package_and_engine_versions() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"wizards {version('wizard-ledger')} (engine {ENGINE_VERSION})"


def test_shell_completion_script_is_offered() -> None:
    # As a user runs it: the installed entry point typed in bash, which must stay its
    # parent (a lone command would be exec'd in bash's place): the completion is that of
    # the shell it is typed in, and with no shell above it typer says "Shell  not supported".
    wizards = Path(sys.executable).with_name("wizards")
    done = subprocess.run(
        ["bash", "-c", f"'{wizards}' --show-completion; exit $?"], capture_output=True, text=True
    )
    assert done.returncode == 0, done.stderr  # what went wrong, if it did
    assert "_WIZARDS_COMPLETE" in done.stdout and "complete " in done.stdout


def test_cli_and_http_errors_share_one_problem_body(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'w.db'}"
    result = runner.invoke(app, ["--store", store, "new", "ultimate", "--players", "9"])
    assert result.exit_code == 2
    cli = json.loads(result.stderr)
    # Readable: the en dash is written as itself, not as \\u2013.
    assert "2–4" in result.stderr and "\\u2013" not in result.stderr
    with TestClient(create_app(WizardLedger(store), redis="off")) as client:
        r = client.post("/tables", json={"game": "ultimate", "players": 9})
    assert r.status_code == cli["status"] == 422
    assert r.headers["content-type"] == "application/problem+json"
    assert "2–4" in r.text  # HTTP keeps it readable too
    http = r.json()
    assert http.pop("instance") == "/tables"
    assert http == cli


def test_a_refused_command_keeps_its_rule_in_the_cli_problem(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'w.db'}"
    gid = runner.invoke(app, ["--store", store, "new", "ultimate", "-p", "2", "--seed", "x"])
    state = json.loads(runner.invoke(app, ["--store", store, "state", gid.stdout.strip()]).stdout)
    waiting = 1 - state["pending"][0]["seat"]
    result = runner.invoke(
        app,
        ["--store", store, "act", gid.stdout.strip(), "-s", str(waiting), "-c", '{"type": "Draw"}'],
    )
    assert result.exit_code == 2
    problem = json.loads(result.stderr)
    assert problem["status"] == 409 and problem["rule"] == "kernel.turn"
    assert problem["type"] == "tag:wizard-ledger,2026:problem:" + problem["code"]


def test_install_completion_writes_the_users_shell_config(tmp_path: Path) -> None:
    wizards = Path(sys.executable).with_name("wizards")
    env = {"HOME": str(tmp_path), "SHELL": "/bin/bash", "PATH": "/usr/bin:/bin"}
    done = subprocess.run(
        ["bash", "-c", f"'{wizards}' --install-completion; exit $?"],
        env=env,
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    assert "wizards" in (tmp_path / ".bashrc").read_text()


def test_verify_expect_checks_a_hash_kept_from_the_log(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'w.db'}"
    gid = runner.invoke(app, ["--store", store, "new", "ultimate", "-p", "2"]).stdout.strip()
    last = json.loads(runner.invoke(app, ["--store", store, "log", gid]).stdout)[-1]
    kept = f"{last['position']}:{last['hash']}"
    ok = runner.invoke(app, ["--store", store, "verify", gid, "--expect", kept])
    assert ok.exit_code == 0 and "kept hash" in ok.stdout
    wrong = f"{last['position']}:{'0' * 64}"
    bad = runner.invoke(app, ["--store", store, "verify", gid, "--expect", wrong])
    assert bad.exit_code == 1 and "kept hash" in bad.stdout


@pytest.mark.slow
@pytest.mark.postgres
def test_the_durability_bench_reports_nothing_lost_in_a_small_run(postgres_url: str) -> None:
    """The load test of ``make bench`` as the README runs it: a kill -9 loses and
    doubles nothing (the module exits 1 otherwise), and every game verifies."""
    root = Path(__file__).resolve().parents[2]
    run = subprocess.run(
        [sys.executable, "-m", "tools.bench_durability", "--quick"],
        cwd=root,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert run.returncode == 0, run.stdout + run.stderr
    numbers = re.search(
        r"acknowledged (\d+), stored (\d+) \(\+(\d+) .*lost 0, doubled 0, "
        r"verify clean (\d+)/(\d+)",
        run.stdout,
    )
    assert numbers, run.stdout
    acked, stored, unacked, clean, games = map(int, numbers.groups())
    assert acked == stored - unacked and acked > 0
    assert clean == games


def test_store_may_follow_the_command_as_the_readme_says(tmp_path: Path) -> None:
    """The README's "every command takes --store URL": after the command's name too."""
    wizards = str(Path(sys.executable).with_name("wizards"))
    store = f"sqlite:///{tmp_path / 'after.db'}"
    made = subprocess.run(
        [wizards, "new", "ultimate", "--players", "2", "--store", store, "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    gid = json.loads(made.stdout)["game_id"]
    listed = subprocess.run(
        [wizards, "list", f"--store={store}", "--no-snapshots", "--json"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert [g["game_id"] for g in json.loads(listed.stdout)] == [gid]  # the store named


def test_only_the_store_options_are_moved_and_nothing_after_a_double_dash() -> None:
    from tools.cli import globals_first

    assert globals_first(["new", "ultimate", "--store", "S", "-p", "2"]) == [
        "--store",
        "S",
        "new",
        "ultimate",
        "-p",
        "2",
    ]
    assert globals_first(["annotate", "G", "--at", "3", "--", "--store"]) == [
        "annotate",
        "G",
        "--at",
        "3",
        "--",
        "--store",
    ]
