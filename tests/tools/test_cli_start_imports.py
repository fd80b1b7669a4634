"""A ``wizards`` command imports what it uses, and no more: its start is its imports.

Every command module used to import the ledger at the top, and the ledger the
PostgreSQL driver, so that ``wizards --help`` or a read of a SQLite file paid
for psycopg, eventsourcing and every game before doing anything. Each case runs
in a fresh interpreter and reads what it imported from ``sys.modules``: a
behaviour (what is loaded), never a time (``make bench`` measures that)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

# The PostgreSQL driver and eventsourcing's module for it.
POSTGRES = ("psycopg", "psycopg_binary", "eventsourcing.postgres")


def _imported(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running ``code``."""
    script = textwrap.dedent(code) + (
        "\nimport json, sys\nprint('\\n' + json.dumps(sorted(sys.modules)))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "WIZARDS_STORE"} | {"WIZARDS_REDIS": ""}
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, env=env, timeout=120
    )
    assert done.returncode == 0, done.stderr
    return set(json.loads(done.stdout.splitlines()[-1]))


def _run_command(args: list[str]) -> str:
    """A command run as ``wizards`` runs it, its exit caught, inside the script."""
    return f"""
        from tools.cli.main import main
        import sys
        sys.argv = ["wizards", *{args!r}]
        try:
            main()
        except SystemExit as e:
            assert not e.code, e.code
    """


def test_importing_the_cli_loads_no_postgresql_driver_nor_store() -> None:
    loaded = _imported("import tools.cli.main")
    assert not {m for m in loaded if m.startswith(POSTGRES)}
    # Nor the event store, the ledger or any game: only the commands' signatures.
    assert "eventsourcing" not in loaded
    assert "services.ledger" not in loaded
    assert not {m for m in loaded if m.startswith("domain.")}


def test_help_and_games_open_no_store() -> None:
    for args in (["--help"], ["games"], ["rules", "ultimate"]):
        loaded = _imported(_run_command(args))
        assert "eventsourcing" not in loaded, args
        assert "services.ledger" not in loaded, args


def test_a_command_on_a_sqlite_store_loads_no_postgresql_driver(tmp_path: Path) -> None:
    store = f"sqlite:///{tmp_path / 'w.db'}"

    def wizards(*args: str) -> str:
        run = [str(Path(sys.executable).with_name("wizards")), "--store", store, *args]
        return subprocess.run(run, capture_output=True, text=True, check=True).stdout

    gid = wizards("new", "ultimate", "--players", "2", "--seed", "imports").strip()
    seat, command = next(
        (seat, legal[0])
        for seat in (0, 1)
        if (legal := json.loads(wizards("legal", gid, "--seat", str(seat))))
    )
    acting = ["act", gid, "--seat", str(seat), "--command", json.dumps(command)]
    for args in (["state", gid], acting):
        loaded = _imported(_run_command(["--store", store, *args]))
        assert "services.ledger" in loaded  # the command did open the store
        assert not {m for m in loaded if m.startswith(POSTGRES)}, args
        # Redis is off (WIZARDS_REDIS empty): no client is imported to publish.
        assert "redis" not in loaded, args
        # Only the game played is loaded, not every installed one.
        assert "domain.ultimate" in loaded
        others = ("domain.spellwars", "domain.elfenwizards", "domain.orctower")
        assert not {m for m in loaded if m.startswith(others)}, args
    # The read models too, on their SQLite file beside the store.
    loaded = _imported(_run_command(["--store", store, "scoreboard", "--json"]))
    assert "projections.store" in loaded
    assert not {m for m in loaded if m.startswith(POSTGRES)}
