"""A store opened read-only (``--read-only``, ``WIZARDS_READ_ONLY=1``, or on its own
where this process may not write a SQLite file): the referee's commands work on it
and write nothing — no table, no index, no row, no file beside it — and every
write is refused as ``read_only_store``."""

from __future__ import annotations

import contextlib
import hashlib
import json
import lzma
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import msgspec
import psycopg
import pytest
from eventsourcing.persistence import PersistenceError, StoredEvent
from typer.testing import CliRunner

from domain.kernel import ActionTaken
from services.ledger import WizardLedger
from services.store.read_only import ReadOnlyStore
from tests.services.store.postgres import PG_DB, PG_HOST, PG_PORT, PG_USER
from tools.cli import app

CORPUS = Path(__file__).resolve().parents[3] / "tests" / "corpus"
OLD_STORE = "0.1.0-1bdd525.db.xz"  # engine 0.1.0: no holds table, no games index
ROOT = Path(__file__).resolve().parents[3]

runner = CliRunner()


def _listing(directory: Path) -> dict[str, str]:
    """Every file of the directory with the hash of its bytes."""
    return {
        p.name: hashlib.sha256(p.read_bytes()).hexdigest()
        for p in sorted(directory.iterdir())
        if p.is_file()
    }


def _old_store(directory: Path) -> Path:
    db = directory / "old.db"
    db.write_bytes(lzma.decompress((CORPUS / OLD_STORE).read_bytes()))
    return db


def _referee_commands(url: str) -> list[list[str]]:
    """``verify``, ``state``, ``log``, ``export``, ``dispute``, ``diff`` and
    ``readjudicate`` of the store's first game (found read-only)."""
    ledger = WizardLedger(url, read_only=True)
    try:
        gid = str(ledger.game_ids()[0])
        entries = ledger.entries(gid)
        action = next(e.position for e in entries if isinstance(e.event, ActionTaken))
    finally:
        ledger.close()
    return [
        ["verify", gid],
        ["state", gid],
        ["log", gid],
        ["export", gid],
        ["dispute", gid, "--at", str(action)],
        ["diff", gid, "1", str(action)],
        ["readjudicate", gid],
    ]


def _run_all(url: str, *flags: str) -> None:
    for command in _referee_commands(url):
        result = runner.invoke(app, ["--store", url, *flags, "--errors", "json", *command])
        assert result.exit_code == 0, (command, result.stdout, result.stderr)
        assert result.stdout.strip(), command


@pytest.fixture
def no_redis(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("WIZARDS_REDIS", "none")
    monkeypatch.delenv("WIZARDS_READ_ONLY", raising=False)


# A writer in a process of its own (in one process, SQLite shares one mapping of the
# WAL's index between all connections to the file, the reader's and the writer's).
WRITER = """
import sys
from services.ledger import WizardLedger
from tests.services.playing import QUICK, play
writer = WizardLedger(sys.argv[1])
play(writer, writer.create_game("ultimate", 2, seed="ro", options=QUICK).game_id, actions=12)
print("ready", flush=True)
sys.stdin.read()
writer.close()
"""


@contextlib.contextmanager
def _with_a_writer_at_work(directory: Path) -> Iterator[Path]:
    """A store a writer process has open: its WAL, the WAL's index (``-shm``) and
    the counters file beside it, its games' events in the WAL alone."""
    db = directory / "club.db"
    writer = subprocess.Popen(
        [sys.executable, "-c", WRITER, f"sqlite:///{db}"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
        cwd=ROOT,
        env={**os.environ, "WIZARDS_REDIS": "none", "PYTHONPATH": str(ROOT)},
    )
    try:
        assert writer.stdout is not None and writer.stdout.readline().strip() == "ready"
        names = {p.name for p in directory.iterdir()}
        assert {"club.db-wal", "club.db-shm", "club.db.changes"} <= names
        yield db
    finally:
        writer.communicate(timeout=60)


@pytest.mark.parametrize("store", ["engine 0.1.0", "with a writer at work"])
@pytest.mark.parametrize("how", ["--read-only", "WIZARDS_READ_ONLY=1"])
def test_a_store_is_untouched_by_every_referee_command(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_redis: None, how: str, store: str
) -> None:
    """A store of engine 0.1.0 lacks a table and the games index that opening it
    writable makes, and has no counters file beside it: read-only, none is made.
    A store a writer has open is read through its WAL, and neither the WAL nor its
    index (``-shm``, where a reader otherwise writes its marks) changes."""
    with contextlib.ExitStack() as stack:
        if store == "engine 0.1.0":
            db = _old_store(tmp_path)
        else:
            db = stack.enter_context(_with_a_writer_at_work(tmp_path))
        before = _listing(tmp_path)
        url = f"sqlite:///{db}"
        if how == "--read-only":
            _run_all(url, "--read-only")
        else:
            monkeypatch.setenv("WIZARDS_READ_ONLY", "1")
            _run_all(url)
        assert _listing(tmp_path) == before


def test_writes_are_refused_with_how_to_open_the_store_writable(
    tmp_path: Path, no_redis: None
) -> None:
    db = _old_store(tmp_path)
    before = _listing(tmp_path)
    url = f"sqlite:///{db}"
    ledger = WizardLedger(url, read_only=True)
    gid = ledger.game_ids()[0]
    loaded = ledger.load(gid)
    seat = (
        loaded.fold.state.pending[0].seat if loaded.game.outcome(loaded.fold.state) is None else 0
    )
    attempts = {
        "a new game": lambda: ledger.create_game("ultimate", 2),
        "a command": lambda: ledger.act(gid, seat, {"type": "EndTurn"}),
        "a branch": lambda: ledger.fork(gid, 1),
        "a note": lambda: ledger.annotate(gid, 1, "seen"),
    }
    for what, attempt in attempts.items():
        with pytest.raises(ReadOnlyStore, match=f"^{what} writes to the store, which is read-only"):
            attempt()
    ledger.close()
    result = runner.invoke(
        app,
        [
            "--store",
            url,
            "--read-only",
            "--errors",
            "json",
            "annotate",
            str(gid),
            "--at",
            "1",
            "--text",
            "seen",
        ],
    )
    assert result.exit_code == 2
    problem = json.loads(result.stderr)
    assert problem["code"] == "read_only_store"
    assert problem["status"] == 409
    assert "--read-only" in problem["hint"] and "WIZARDS_READ_ONLY" in problem["hint"]
    # In French, the refusal and its hint alike.
    french = runner.invoke(
        app, ["--store", url, "--read-only", "--lang", "fr", "--errors", "json",
              "annotate", str(gid), "--at", "1", "--text", "vu"],
    )  # fmt: skip
    problem = json.loads(french.stderr)
    assert problem["detail"] == (
        "une note écrit dans le stockage, qui est en lecture seule : il a été ouvert en "
        "lecture seule (--read-only ou WIZARDS_READ_ONLY=1) ; rien n'a été écrit"
    )
    assert problem["hint"].startswith("ouvrez-le en écriture : sans --read-only")
    assert _listing(tmp_path) == before


@pytest.mark.parametrize("command", ["project", "scoreboard", "stats"])
def test_the_read_models_which_keep_a_store_of_their_own_are_refused(
    tmp_path: Path, no_redis: None, command: str
) -> None:
    """The projections write their own store beside this one: read-only, they are
    refused, and that store is not made."""
    db = _old_store(tmp_path)
    before = _listing(tmp_path)
    result = runner.invoke(
        app, ["--store", f"sqlite:///{db}", "--read-only", "--errors", "json", command]
    )
    assert result.exit_code == 2, result.stdout
    assert json.loads(result.stderr)["code"] == "read_only_store"
    assert _listing(tmp_path) == before


def test_a_read_only_ledger_sees_the_commits_of_a_writer_at_work(
    tmp_path: Path, no_redis: None
) -> None:
    """While a writer has the file open (its WAL beside it), the reader shares the
    WAL and reads what the writer commits, and makes no file of its own."""
    url = f"sqlite:///{tmp_path / 'live.db'}"
    writer = WizardLedger(url)
    gid = writer.create_game("ultimate", 2, seed="live").game_id
    files = sorted(p.name for p in tmp_path.iterdir())
    assert "live.db-wal" in files
    reader = WizardLedger(url, read_only=True)
    assert reader.game_ids() == [gid]
    first = reader.load(gid).version
    loaded = writer.load(gid)
    seat = loaded.fold.state.pending[0].seat
    command = loaded.game.legal_commands(loaded.fold.state, seat)[0]
    writer.act(gid, seat, command)
    assert reader.load(gid).version > first
    assert sorted(p.name for p in tmp_path.iterdir()) == files
    reader.close()
    writer.close()


def test_a_missing_file_or_a_wrong_setting_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, no_redis: None
) -> None:
    missing = tmp_path / "nothing.db"
    result = runner.invoke(
        app, ["--store", f"sqlite:///{missing}", "--read-only", "--errors", "json", "list"]
    )
    assert result.exit_code == 2
    problem = json.loads(result.stderr)
    assert problem["code"] == "bad_store"
    assert f"no store at {missing}" in problem["detail"]
    assert not missing.exists()
    monkeypatch.setenv("WIZARDS_READ_ONLY", "maybe")
    result = runner.invoke(app, ["--store", f"sqlite:///{missing}", "--errors", "json", "list"])
    assert result.exit_code == 2
    assert "WIZARDS_READ_ONLY='maybe'" in json.loads(result.stderr)["detail"]


# ----------------------------------------------- a file this process may not write


@pytest.fixture
def shared_dir() -> Iterator[Path]:
    """A directory another user can enter (pytest's own are the owner's alone)."""
    made = Path(tempfile.mkdtemp(prefix="wizards-ro-"))
    made.chmod(0o755)
    try:
        yield made
    finally:
        for p in [made, *made.iterdir()]:
            p.chmod(0o755 if p.is_dir() else 0o644)
        shutil.rmtree(made)


def _as_another_user(args: list[str]) -> subprocess.CompletedProcess[str]:
    """``wizards`` run by a user whom file modes bind: root may write any file
    whatever its mode, so as root the command runs as ``nobody``."""
    prefix: list[str] = []
    if os.geteuid() == 0:
        setpriv = shutil.which("setpriv")
        if setpriv is None:
            pytest.skip("running as root without setpriv: file modes do not bind root")
        prefix = [setpriv, "--reuid=65534", "--regid=65534", "--clear-groups"]
    env = {
        "PATH": os.environ.get("PATH", ""),
        "HOME": "/tmp",
        "WIZARDS_REDIS": "none",
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.run(
        [*prefix, sys.executable, "-m", "tools.cli", *args],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )


@pytest.mark.parametrize("unwritable", ["file", "directory"])
def test_a_file_this_process_may_not_write_is_opened_read_only_on_its_own(
    shared_dir: Path, unwritable: str
) -> None:
    db = _old_store(shared_dir)
    url = f"sqlite:///{db}"
    commands = _referee_commands(url)
    if unwritable == "file":
        shared_dir.chmod(0o777)  # the directory may be written: only the file may not
        db.chmod(0o444)
        named = f"may not write the file {db}"
    else:
        db.chmod(0o666)
        shared_dir.chmod(0o555)
        named = f"may not write the directory of {db}"
    before = _listing(shared_dir)
    for command in commands:
        done = _as_another_user(["--store", url, "--errors", "json", *command])
        assert done.returncode == 0, (command, done.stdout, done.stderr)
        assert f"wizards: note: the store is open read-only: this process {named}" in done.stderr
    assert _listing(shared_dir) == before


# ------------------------------------------------------------------- PostgreSQL


def _catalog(url: str) -> dict[str, Any]:
    """The schema's tables, indexes, functions and triggers, and each table's rows."""
    schema = url.rsplit("schema=", 1)[1]
    dsn = f"host={PG_HOST} port={PG_PORT} user={PG_USER} dbname={PG_DB}"
    with psycopg.connect(dsn, autocommit=True) as conn:
        relations = conn.execute(
            "SELECT c.relname, c.relkind FROM pg_class c JOIN pg_namespace n "
            "ON n.oid = c.relnamespace WHERE n.nspname = %s ORDER BY 1",
            (schema,),
        ).fetchall()
        functions = conn.execute(
            "SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace "
            "WHERE n.nspname = %s ORDER BY 1",
            (schema,),
        ).fetchall()
        triggers = conn.execute(
            "SELECT t.tgname, c.relname FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace WHERE n.nspname = %s ORDER BY 1, 2",
            (schema,),
        ).fetchall()
        rows = {
            name: conn.execute(f'SELECT count(*) FROM "{schema}"."{name}"').fetchone()
            for name, kind in relations
            if kind == "r"
        }
    return {"relations": relations, "functions": functions, "triggers": triggers, "rows": rows}


def _as_before_the_index_and_the_guard(url: str) -> None:
    """Take away what a ledger of this release makes when it opens a store (the
    games index, the binding's table, check and triggers), as an earlier release left it."""
    schema = url.rsplit("schema=", 1)[1]
    dsn = f"host={PG_HOST} port={PG_PORT} user={PG_USER} dbname={PG_DB}"
    with psycopg.connect(dsn, autocommit=True) as conn:
        indexes = conn.execute(
            "SELECT indexname FROM pg_indexes WHERE schemaname = %s AND "
            "(indexname LIKE '%%_started' OR indexname LIKE '%%_forked')",
            (schema,),
        ).fetchall()
        for (name,) in indexes:
            conn.execute(f'DROP INDEX "{schema}"."{name}"')
        conn.execute(f'DROP FUNCTION "{schema}".wizardledger_check_binding() CASCADE')
        conn.execute(f'DROP TABLE "{schema}".wizardledger_binding')


@pytest.mark.postgres
def test_a_postgresql_store_is_untouched_and_refuses_any_write(
    postgres_url: str, no_redis: None
) -> None:
    url = postgres_url.replace("?schema=", "?shards=2&schema=")
    writer = WizardLedger(url)
    gid = writer.create_game("ultimate", 2, seed="pg").game_id
    loaded = writer.load(gid)
    seat = loaded.fold.state.pending[0].seat
    writer.act(gid, seat, loaded.game.legal_commands(loaded.fold.state, seat)[0])
    writer.close()
    _as_before_the_index_and_the_guard(url)
    before = _catalog(url)
    # More shards asked for than the store has: read-only, no table is made.
    _run_all(url.replace("shards=2", "shards=4"), "--read-only")
    reader = WizardLedger(url, read_only=True)
    assert reader.game_ids() == [gid]
    # Past the ledger's own refusal, the server refuses: its transactions are read-only.
    row = StoredEvent(gid, 99, "wizards:head", b"x")
    with pytest.raises(PersistenceError, match="read-only transaction"):
        reader.sides.heads.insert_events([row])
    reader.close()
    assert _catalog(url) == before


def test_the_api_over_a_read_only_store_serves_reads_and_refuses_writes(
    tmp_path: Path, no_redis: None
) -> None:
    from fastapi.testclient import TestClient

    from services.http.app import create_app
    from tools.served import ProjectedReadModels

    url = f"sqlite:///{tmp_path / 'served.db'}"
    writer = WizardLedger(url)
    created = writer.create_game("ultimate", 2, seed="served")
    gid, tokens = created.game_id, dict(created.seats)
    loaded = writer.load(gid)
    seat = loaded.fold.state.pending[0].seat
    command = msgspec.to_builtins(loaded.game.legal_commands(loaded.fold.state, seat)[0])
    writer.close()
    before = _listing(tmp_path)
    ledger = WizardLedger(url, read_only=True)
    app = create_app(ledger=ledger, read_models=ProjectedReadModels)
    with TestClient(app) as client:
        for path in ("", "/log", "/verify"):
            assert client.get(f"/tables/{gid}{path}").status_code == 200, path
        refused = [
            client.post("/tables", json={"game": "ultimate", "players": 2}),
            client.post(
                f"/tables/{gid}/act",
                json={"seat": seat, "command": command},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            ),
            client.get("/scoreboard"),
        ]
        for answer in refused:
            assert answer.status_code == 409, answer.text
            assert answer.json()["code"] == "read_only_store"
    ledger.close()
    assert _listing(tmp_path) == before
