"""A PostgreSQL store bound to one host's counters file: reads from memory there, and
no writer the binding excludes gets an act stored.

Statements are counted on the real psycopg cursors of this process (every
statement a ledger sends goes through ``Cursor.execute`` or ``executemany``);
other processes are real subprocesses running the ``wizards`` CLI.
"""

from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import psycopg
import pytest

from services.ledger import WizardLedger
from services.reads.views import legal_json, state_json
from services.review.verify import verify_game
from services.store.host_binding import (
    REFUSED,
    BindingError,
    WriteRefused,
    counters_path,
    read_binding,
    unbind,
)
from services.store.host_counters import CountersFileError, HostCounters
from tests.services.playing import QUICK, next_command, read_both
from tests.services.store.postgres import DSN, SAFETY, waiting_on_lock

pytestmark = pytest.mark.postgres

WIZARDS = str(Path(sys.executable).with_name("wizards"))
ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def statements(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """Every statement sent on a psycopg cursor of this process from now on."""
    seen: list[str] = []
    execute, executemany = psycopg.Cursor.execute, psycopg.Cursor.executemany

    def traced(self: psycopg.Cursor[Any], query: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(query if isinstance(query, str) else repr(query))
        return execute(self, query, *args, **kwargs)

    def traced_many(self: psycopg.Cursor[Any], query: Any, *args: Any, **kwargs: Any) -> Any:
        seen.append(query if isinstance(query, str) else repr(query))
        return executemany(self, query, *args, **kwargs)

    monkeypatch.setattr(psycopg.Cursor, "execute", traced)
    monkeypatch.setattr(psycopg.Cursor, "executemany", traced_many)
    yield seen


@pytest.fixture
def stores(postgres_url: str, tmp_path: Path) -> tuple[str, str, str]:
    """(the store's URL without a counters file, with this host's, the file's path)."""
    path = str(tmp_path / "counters")
    return postgres_url, f"{postgres_url}&counters={path}", path


def schema_of(url: str) -> str:
    return url.split("schema=", 1)[1].split("&", 1)[0]


def stored_rows(url: str) -> int:
    """Rows of every events table of the store."""
    schema = schema_of(url)
    with psycopg.connect(DSN, autocommit=True) as conn:
        tables = conn.execute(
            "SELECT table_name FROM information_schema.tables WHERE table_schema = %s "
            "AND starts_with(table_name, 'wizardledger_events')",
            (schema,),
        ).fetchall()
        return sum(
            conn.execute(f'SELECT count(*) FROM "{schema}"."{t}"').fetchone()[0]  # type: ignore[index]
            for (t,) in tables
        )


def _workers_started(client: Any) -> None:
    """Until the server's read workers have started (``/readyz``'s ``reads``)."""
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        reads = client.get("/readyz").json()["checks"]["reads"]
        if reads["started"] >= reads["workers"]:
            return
        time.sleep(0.05)
    raise AssertionError("the read workers did not start")


def cli(*args: str, url: str, check: bool = True) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "WIZARDS_STORE": url, "WIZARDS_REDIS": "off"}
    env.pop("WIZARDS_COUNTERS", None)
    return subprocess.run(
        [WIZARDS, *args],
        env=env,
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
        check=check,
    )


def new_game(ledger: WizardLedger, seed: str) -> Any:
    return ledger.create_game("ultimate", 2, seed=seed, options=QUICK).game_id


# ------------------------------------------------------------------ settings


def test_the_counters_setting(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.delenv("WIZARDS_COUNTERS", raising=False)
    pg = "postgresql://u@h/db?schema=s"
    assert counters_path(pg) is None
    assert counters_path(f"{pg}&counters=/var/lib/wizards/counters") == "/var/lib/wizards/counters"
    monkeypatch.chdir(tmp_path)
    assert counters_path(f"{pg}&counters=c") == str(tmp_path / "c")  # made absolute
    monkeypatch.setenv("WIZARDS_COUNTERS", "/srv/counters")
    assert counters_path(pg) == "/srv/counters"
    assert counters_path(f"{pg}&counters=/other") == "/other"  # the URL first
    assert counters_path(f"{pg}&counters=off") is None
    assert counters_path("sqlite:///x.db") is None  # a SQLite file has its own, beside it
    assert counters_path("memory://") is None


def test_a_file_that_is_not_a_counters_file_is_refused_untouched(tmp_path: Path) -> None:
    other = tmp_path / "notes.txt"
    other.write_text("keep me")
    with pytest.raises(CountersFileError, match="is not a counters file of Wizard Ledger"):
        HostCounters(str(other))
    assert other.read_text() == "keep me"
    with pytest.raises(CountersFileError, match="cannot open the counters file"):
        HostCounters(str(tmp_path / "no such directory" / "counters"))


# ------------------------------------------------------------ reads from memory


def test_a_bound_store_serves_reads_of_a_warm_game_from_memory(
    stores: tuple[str, str, str], statements: list[str]
) -> None:
    plain, bound_url, _ = stores
    bound = WizardLedger(bound_url)
    asking = WizardLedger(plain)  # not bound to the file: every read asks the store
    gid = new_game(bound, "from-memory")
    for turn in range(4):
        seat, command = next_command(bound, gid, turn)
        entries = bound.act(gid, seat, command)
        before = len(statements)
        position, legal = read_both(bound, gid)
        assert statements[before:] == []
        assert position == entries[-1].position and legal
        before = len(statements)
        assert read_both(asking, gid) == (position, legal)
        assert len(statements) > before  # the same reads, asked of the store
    bound.close()
    asking.close()


def test_an_act_of_another_process_on_the_same_file_is_seen_by_the_next_read(
    stores: tuple[str, str, str], statements: list[str]
) -> None:
    _, bound_url, _ = stores
    ledger = WizardLedger(bound_url)
    gid = new_game(ledger, "other-process")
    for turn in range(3):
        state_json(ledger, gid)  # cached, and current
        seat, command = next_command(ledger, gid, turn)
        done = cli(
            "act", str(gid), "--seat", str(seat), "--command", json.dumps(command), url=bound_url
        )
        acted = json.loads(done.stdout)
        before = len(statements)
        position, legal = read_both(ledger, gid)
        assert position == acted[-1]["position"]
        assert statements[before:]  # the counter moved: one catch-up
        fresh = WizardLedger(bound_url)
        assert legal == read_both(fresh, gid)[1]
        fresh.close()
        before = len(statements)
        assert read_both(ledger, gid) == (position, legal)
        assert statements[before:] == []  # caught up: from memory again
    assert verify_game(ledger, gid).ok
    ledger.close()


# --------------------------------------------------- writers the binding excludes


def test_a_writer_not_bound_to_the_file_can_read_but_stores_nothing(
    stores: tuple[str, str, str],
) -> None:
    plain, bound_url, path = stores
    bound = WizardLedger(bound_url)
    gid = new_game(bound, "refused")
    seat, command = next_command(bound, gid)
    bound.act(gid, seat, command)
    other = WizardLedger(plain)  # another host's process: no counters file
    assert state_json(other, gid) == state_json(bound, gid)
    rows = stored_rows(plain)
    seat, command = next_command(other, gid, 1)
    with pytest.raises(WriteRefused) as refused:
        other.act(gid, seat, command)
    assert f"bound to the counters file {path} of host" in str(refused.value)
    assert "wizards store unbind" in str(refused.value)
    with pytest.raises(WriteRefused):
        new_game(other, "never")
    assert stored_rows(plain) == rows
    # The bound host's cache is still current; its own act is stored, and read.
    entries = bound.act(gid, seat, command)
    assert state_json(other, gid)["position"] == entries[-1].position
    assert verify_game(other, gid).ok
    other.close()
    bound.close()


def test_a_raw_insert_without_the_token_or_with_another_is_refused(
    stores: tuple[str, str, str],
) -> None:
    """A writer of an older release, or any other program, gets the store's refusal."""
    plain, bound_url, _ = stores
    bound = WizardLedger(bound_url)
    gid = new_game(bound, "raw")
    table = bound.shards.of(gid).events_table_name  # type: ignore[attr-defined]
    schema = schema_of(plain)
    insert = (
        f'INSERT INTO "{schema}"."{table}" (originator_id, originator_version, topic, state) '
        "VALUES (%s, 99, 'x', 'x')"
    )
    for options in ("", "-c wizards.binding=0123456789abcdef"):
        with psycopg.connect(DSN, options=options) as conn:
            with pytest.raises(psycopg.Error) as refused:
                conn.execute(insert, (gid,))
            assert refused.value.sqlstate == REFUSED
            assert "this store is bound to the counters file" in str(refused.value)
    assert bound.load(gid).version == WizardLedger(plain).load(gid).version < 99
    bound.close()


def test_a_ledger_with_another_counters_file_is_refused_at_open(
    stores: tuple[str, str, str], tmp_path: Path
) -> None:
    plain, bound_url, path = stores
    bound = WizardLedger(bound_url)
    other_file = str(tmp_path / "elsewhere")
    with pytest.raises(BindingError) as refused:
        WizardLedger(f"{plain}&counters={other_file}")
    message = str(refused.value)
    assert f"bound to the counters file {path} of host" in message
    assert f"not to {other_file}" in message and "wizards store unbind" in message
    binding = read_binding(bound.recorder.datastore)  # type: ignore[attr-defined]
    assert binding is not None and binding.path == path
    assert not Path(other_file).read_bytes()[40:48].strip(b"\0")  # it serves no store
    bound.close()


def test_a_counters_file_serves_one_store(stores: tuple[str, str, str], tmp_path: Path) -> None:
    plain, bound_url, path = stores
    bound = WizardLedger(bound_url)
    schema = "wl_second_" + schema_of(plain)[3:]
    with psycopg.connect(DSN, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        second = plain.replace(schema_of(plain), schema)
        with pytest.raises(CountersFileError, match="serves another store"):
            WizardLedger(f"{second}&counters={path}")
        WizardLedger(f"{second}&counters={tmp_path / 'second'}").close()
    finally:
        with psycopg.connect(DSN, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')
    bound.close()


def test_a_bound_host_refused_after_its_binding_was_forced_away_stops_trusting_memory(
    stores: tuple[str, str, str], tmp_path: Path, statements: list[str]
) -> None:
    """``unbind --force`` run elsewhere while a process of the bound host still ran
    (what the README says not to do): that process's first write is refused, and
    from then on its reads ask the store."""
    plain, bound_url, _ = stores
    first = WizardLedger(bound_url)
    gid = new_game(first, "forced")
    state_json(first, gid)
    assert unbind(first.recorder.datastore, None, force=True) is not None  # type: ignore[attr-defined]
    second = WizardLedger(f"{plain}&counters={tmp_path / 'second-host'}")
    seat, command = next_command(second, gid)
    entries = second.act(gid, seat, command)
    with pytest.raises(WriteRefused):
        first.act(gid, seat, command)  # decided on its stale cache: refused all the same
    before = len(statements)
    assert state_json(first, gid)["position"] == entries[-1].position
    assert statements[before:]
    first.close()
    second.close()


# ------------------------------------------------------------------- unbinding


def test_unbind_makes_reads_ask_the_store_at_once_and_lets_other_writers_in(
    stores: tuple[str, str, str], statements: list[str]
) -> None:
    plain, bound_url, path = stores
    bound = WizardLedger(bound_url)
    gid = new_game(bound, "unbind")
    before = len(statements)
    state_json(bound, gid)
    assert statements[before:] == []
    shown = cli("store", "binding", url=bound_url).stdout
    assert f"bound to the counters file {path} of host" in shown and "this host holds" in shown
    done = cli("store", "unbind", url=plain)  # the binding names the file: found here
    assert "unbound: was bound to the counters file" in done.stdout
    before = len(statements)
    state_json(bound, gid)
    assert statements[before:]  # at once: this process's reads ask the store
    other = WizardLedger(plain)
    seat, command = next_command(other, gid)
    entries = other.act(gid, seat, command)  # accepted now
    assert read_both(bound, gid)[0] == entries[-1].position
    assert cli("store", "binding", url=plain).stdout.startswith("not bound")
    assert "not bound: nothing to unbind" in cli("store", "unbind", url=plain).stdout
    other.close()
    bound.close()


def test_binding_again_never_trusts_a_fold_cached_under_the_earlier_binding(
    stores: tuple[str, str, str],
) -> None:
    plain, bound_url, _ = stores
    bound = WizardLedger(bound_url)
    gid = new_game(bound, "rebind")
    state_json(bound, gid)  # cached, current under this binding
    cli("store", "unbind", url=bound_url)
    other = WizardLedger(plain)
    seat, command = next_command(other, gid)
    entries = other.act(gid, seat, command)  # raises no counter of the bound host
    done = cli("store", "bind", url=bound_url)
    assert done.stdout.startswith("bound to the counters file")
    assert bound.freshness.stamp(gid) is not None  # trusted again
    assert read_both(bound, gid)[0] == entries[-1].position
    with pytest.raises(WriteRefused):
        other.act(gid, *next_command(other, gid, 1))
    other.close()
    bound.close()


def test_unbind_elsewhere_needs_force(stores: tuple[str, str, str], tmp_path: Path) -> None:
    plain, bound_url, path = stores
    bound = WizardLedger(bound_url)
    moved = tmp_path / "moved"
    os.rename(path, moved)  # this host no longer holds the file at the binding's path
    refused = cli("store", "unbind", url=plain, check=False)
    assert refused.returncode == 2
    problem = json.loads(refused.stderr)
    assert problem["code"] == "store_bound_elsewhere" and "--force" in problem["detail"]
    assert cli("store", "binding", "--json", url=plain).stdout.count('"bound": true') == 1
    done = cli("store", "unbind", "--force", url=plain)  # as the README writes it
    assert done.stdout.startswith(f"unbound: was bound to the counters file {path} of host")
    shown = json.loads(cli("store", "binding", "--json", url=plain).stdout)
    assert shown["bound"] is False and shown["path"] is None
    bound.close()


def test_the_store_commands_need_postgresql(tmp_path: Path) -> None:
    done = cli("store", "binding", url=f"sqlite:///{tmp_path / 'w.db'}", check=False)
    assert done.returncode == 2 and json.loads(done.stderr)["code"] == "not_postgres"
    done = cli("store", "bind", url="postgresql://postgres@127.0.0.1/test", check=False)
    assert done.returncode == 2 and json.loads(done.stderr)["code"] == "no_counters_file"


# --------------------------------------------------------------------- binding


@pytest.mark.parametrize("table_lock", [True, False], ids=["as-ours", "insert-alone"])
def test_binding_waits_for_a_write_under_way_and_sees_it(
    stores: tuple[str, str, str], table_lock: bool
) -> None:
    """A write that passed the store's check before the binding (the store was
    unbound) commits before the binding does: the bound host's reads see it.
    Whether the writer locks the table first, as ours do, or only inserts."""
    plain, bound_url, _ = stores
    writer = WizardLedger(plain)
    gid = new_game(writer, "under-way")
    seat, command = next_command(writer, gid)
    begun = writer.begin_act(gid, seat, command)
    assert begun is not None
    staged, _ = begun
    schema = schema_of(plain)
    # The act's transaction, held open after its inserts (as a slow writer's would be).
    holder = psycopg.connect(DSN)
    table = writer.shards.of(gid).events_table_name  # type: ignore[attr-defined]
    if table_lock:
        holder.execute(f'LOCK TABLE "{schema}"."{table}" IN EXCLUSIVE MODE')
    for recorder, rows in staged.rows:
        for row in rows:
            holder.execute(
                f'INSERT INTO "{schema}"."{recorder.events_table_name}" '  # type: ignore[attr-defined]
                "(originator_id, originator_version, topic, state) VALUES (%s, %s, %s, %s)",
                (row.originator_id, row.originator_version, row.topic, row.state),
            )
    opened: list[WizardLedger] = []
    binder = threading.Thread(target=lambda: opened.append(WizardLedger(bound_url)))
    try:
        binder.start()
        for _ in range(1200):
            if waiting_on_lock(table):
                break
            binder.join(0.05)
        assert waiting_on_lock(table) and binder.is_alive()
        binding = read_binding(writer.recorder.datastore)  # type: ignore[attr-defined]
        assert binding is not None and binding.token is None  # not bound yet
        holder.commit()
    finally:
        holder.close()
    binder.join(SAFETY)
    acted = writer.finish_act(staged, None)  # acknowledged
    assert acted is not None and opened
    bound = opened[0]
    assert read_both(bound, gid)[0] == acted.entries[-1].position
    with pytest.raises(WriteRefused):
        writer.act(gid, *next_command(writer, gid, 1))
    bound.close()
    writer.close()


def _guards(url: str) -> tuple[bool, dict[str, int]]:
    """(whether the binding table exists, triggers of the check on each events table)."""
    schema = schema_of(url)
    with psycopg.connect(DSN, autocommit=True) as conn:
        table = conn.execute("SELECT to_regclass(%s)", (f"{schema}.wizardledger_binding",))
        exists = table.fetchone()[0] is not None  # type: ignore[index]
        rows = conn.execute(
            "SELECT c.relname, count(t.oid) FROM pg_class c "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "LEFT JOIN pg_trigger t ON t.tgrelid = c.oid "
            "AND t.tgname = 'wizardledger_bound_writers' WHERE n.nspname = %s "
            "AND c.relkind = 'r' AND starts_with(c.relname, 'wizardledger_events') "
            "GROUP BY c.relname",
            (schema,),
        ).fetchall()
    return exists, dict(rows)


def test_a_store_from_before_the_binding_opens_and_is_guarded(
    stores: tuple[str, str, str],
) -> None:
    plain, bound_url, _ = stores
    old = WizardLedger(f"{plain}&shards=3")
    gid = new_game(old, "old")
    position = old.load(gid).version
    old.close()
    schema = schema_of(plain)
    with psycopg.connect(DSN, autocommit=True) as conn:  # as a store of the release before
        conn.execute(f'DROP FUNCTION "{schema}".wizardledger_check_binding() CASCADE')
        conn.execute(f'DROP TABLE "{schema}".wizardledger_binding')
    assert _guards(plain) == (False, dict.fromkeys(_guards(plain)[1], 0))
    reader = WizardLedger(plain)  # 8 shards: 5 tables more
    assert state_json(reader, gid)["position"] == position
    exists, triggers = _guards(plain)
    assert exists and len(triggers) == 8 and set(triggers.values()) == {1}
    bound = WizardLedger(bound_url)
    with pytest.raises(WriteRefused):
        reader.act(gid, *next_command(reader, gid))
    bound.act(gid, *next_command(bound, gid))
    reader.close()
    bound.close()


def test_processes_opening_a_new_store_at_once_guard_and_bind_it_once(
    stores: tuple[str, str, str],
) -> None:
    plain, bound_url, path = stores
    urls = [bound_url, plain, bound_url, plain, bound_url]
    errors: list[BaseException] = []
    opened: list[WizardLedger] = []

    def open_one(url: str) -> None:
        try:
            opened.append(WizardLedger(url))
        except BaseException as e:
            errors.append(e)

    threads = [threading.Thread(target=open_one, args=(u,)) for u in urls]
    for t in threads:
        t.start()
    for t in threads:
        t.join(SAFETY)
    assert not errors and len(opened) == len(urls)
    exists, triggers = _guards(plain)
    assert exists and len(triggers) == 8 and set(triggers.values()) == {1}
    binding = read_binding(opened[0].recorder.datastore)  # type: ignore[attr-defined]
    assert binding is not None and binding.path == path
    for ledger in opened:
        ledger.close()


# ------------------------------------------------------------------------ HTTP


def test_an_act_refused_by_the_binding_is_a_503_over_http(stores: tuple[str, str, str]) -> None:
    from fastapi.testclient import TestClient

    from services.http.app import create_app

    plain, bound_url, path = stores
    bound = WizardLedger(bound_url)
    created = bound.create_game("ultimate", 2, seed="http", options=QUICK)
    gid, tokens = created.game_id, dict(created.seats)
    other = WizardLedger(plain)
    rows = stored_rows(plain)
    with TestClient(create_app(other, redis="off")) as client:
        seat, command = next_command(other, gid)  # in this process's memory: decided on the loop
        answer = client.post(
            f"/tables/{gid}/act",
            json={"seat": seat, "command": command},
            headers={"Authorization": f"Bearer {tokens[seat]}"},
        )
        assert answer.status_code == 503, answer.text
        assert answer.json()["code"] == "store_bound_elsewhere" and path in answer.json()["detail"]
        made = client.post("/tables", json={"game": "ultimate", "players": 2})
        assert made.status_code == 503 and made.json()["code"] == "store_bound_elsewhere"
        assert (
            client.get(
                f"/tables/{gid}/legal",
                params={"seat": seat},
                headers={"Authorization": f"Bearer {tokens[seat]}"},
            ).status_code
            == 200
        )
    assert stored_rows(plain) == rows
    other.close()
    bound.close()


def test_readyz_tells_each_process_whether_its_writes_are_let_in(
    stores: tuple[str, str, str],
) -> None:
    from fastapi.testclient import TestClient

    from services.http.app import create_app

    plain, bound_url, path = stores
    bound, other = WizardLedger(bound_url), WizardLedger(plain)
    with (
        TestClient(create_app(bound, redis="off")) as here,
        TestClient(create_app(other, redis="off")) as elsewhere,
    ):
        # A read worker opens the store as its server does, with ?counters=, and so
        # binds it again if it starts only after the unbind below (a loaded machine):
        # the workers of both servers have started first.
        _workers_started(here)
        _workers_started(elsewhere)
        ready = here.get("/readyz")
        assert ready.status_code == 200, ready.text
        shown = ready.json()["checks"]["store"]["binding"]
        assert shown["bound"] and shown["since"]
        # Anyone reads /readyz: the counters file and the host stay unnamed.
        assert path not in ready.text and socket.gethostname() not in ready.text
        assert shown["writes_here"] and shown["reads_from_memory"]
        refused = elsewhere.get("/readyz")  # a balancer must send its play elsewhere
        assert refused.status_code == 503 and not refused.json()["ready"]
        store = refused.json()["checks"]["store"]
        assert "bound to another host" in store["error"]
        assert not store["binding"]["writes_here"] and not store["binding"]["reads_from_memory"]
        cli("store", "unbind", url=plain)
        after = elsewhere.get("/readyz")
        assert after.status_code == 200
        unbound = after.json()["checks"]["store"]["binding"]
        assert not unbound["bound"] and "path" not in unbound
        assert unbound["writes_here"] and not unbound["reads_from_memory"]
        assert not here.get("/readyz").json()["checks"]["store"]["binding"]["reads_from_memory"]
    other.close()
    bound.close()


def test_http_reads_of_a_bound_store_ask_the_store_nothing_until_another_act(
    stores: tuple[str, str, str], statements: list[str]
) -> None:
    from fastapi.testclient import TestClient

    from services.http.app import create_app

    _, bound_url, _ = stores
    ledger = WizardLedger(bound_url)
    neighbour = WizardLedger(bound_url)  # another process of the host, on the same file
    with TestClient(create_app(ledger, redis="off")) as client:
        made = client.post("/tables", json={"game": "ultimate", "players": 2, "options": QUICK})
        gid = made.json()["game_id"]
        tokens = {s["seat"]: s["token"] for s in made.json()["seats"]}
        for turn in range(3):
            before = len(statements)
            state = client.get(f"/tables/{gid}/state").json()
            seat = state["pending"][0]["seat"]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = client.get(f"/tables/{gid}/legal", params={"seat": seat}, headers=auth)
            assert statements[before:] == []
            assert legal.json() == legal_json(neighbour, gid, seat)
            if turn % 2:
                entries = neighbour.act(gid, seat, legal.json()[0])
                after = client.get(f"/tables/{gid}/state").json()  # one catch-up
                assert after["position"] == entries[-1].position
            else:
                answer = client.post(
                    f"/tables/{gid}/act",
                    json={"seat": seat, "command": legal.json()[0]},
                    headers=auth,
                )
                assert answer.status_code == 200, answer.text
    neighbour.close()
    ledger.close()


def test_two_served_processes_on_one_counters_file_see_each_others_acts(
    stores: tuple[str, str, str], tmp_path: Path
) -> None:
    """Two ``wizards serve`` processes of the bound host, a game played on both in
    turn: each read, on either, shows the act just acknowledged by the other."""
    import httpx

    from tools.bench_http import Servers

    _, bound_url, path = stores
    with Servers(bound_url, 2, tmp_path / "serve.log") as servers:
        first, second = (httpx.Client(base_url=f"http://127.0.0.1:{p}") for p in servers.ports)
        made = first.post("/tables", json={"game": "ultimate", "players": 2, "options": QUICK})
        gid = made.json()["game_id"]
        tokens = {s["seat"]: s["token"] for s in made.json()["seats"]}
        for turn in range(8):
            actor, reader = (first, second) if turn % 2 else (second, first)
            reader.get(f"/tables/{gid}/state")  # the reader's fold is warm
            state = actor.get(f"/tables/{gid}/state").json()
            if state["status"] == "finished":
                break
            seat = state["pending"][0]["seat"]
            auth = {"Authorization": f"Bearer {tokens[seat]}"}
            legal = actor.get(f"/tables/{gid}/legal", params={"seat": seat}, headers=auth).json()
            acted = actor.post(
                f"/tables/{gid}/act", json={"seat": seat, "command": legal[0]}, headers=auth
            )
            assert acted.status_code == 200, acted.text
            position = acted.json()["entries"][-1]["position"]
            assert reader.get(f"/tables/{gid}/state").json()["position"] == position
        first.close()
        second.close()
    ledger = WizardLedger(bound_url)
    assert verify_game(ledger, gid).ok
    binding = read_binding(ledger.recorder.datastore)  # type: ignore[attr-defined]
    assert binding is not None and binding.path == path
    ledger.close()


def test_a_counters_file_lost_is_made_again_as_the_bound_one(stores: tuple[str, str, str]) -> None:
    """A file lost (a reboot that cleared its directory, say) is made again, at the
    bound path of the bound host, with the binding's token: the restart is not
    refused, and the store stays bound to the same token."""
    _, bound_url, path = stores
    first = WizardLedger(bound_url)
    token = first.freshness.token  # type: ignore[attr-defined]
    first.close()
    os.remove(path)
    ledger = WizardLedger(bound_url)
    binding = read_binding(ledger.recorder.datastore)  # type: ignore[attr-defined]
    assert binding is not None and binding.token == token == ledger.freshness.token  # type: ignore[attr-defined]
    gid = new_game(ledger, "lost-file")
    assert ledger.freshness.stamp(gid) is not None  # reads from memory again
    ledger.close()


def test_a_counters_file_made_anew_at_the_bound_path_is_not_the_bound_one(
    stores: tuple[str, str, str],
) -> None:
    """A file made at the bound path otherwise (with a token of its own) is not the
    bound one: the store refuses it until the binding is lifted."""
    _, bound_url, path = stores
    WizardLedger(bound_url).close()
    os.remove(path)
    HostCounters(path).close()  # made without asking the store: a token of its own
    with pytest.raises(BindingError, match="the file there now was made anew"):
        WizardLedger(bound_url)
    assert cli("store", "unbind", url=bound_url, check=False).returncode == 2
    cli("store", "unbind", "--force", url=bound_url)
    ledger = WizardLedger(bound_url)  # binds the store to the new file
    binding = read_binding(ledger.recorder.datastore)  # type: ignore[attr-defined]
    assert binding is not None and binding.token == ledger.freshness.token  # type: ignore[attr-defined]
    ledger.close()


@pytest.mark.parametrize("how", [("--read-only",), ()])
def test_bind_and_unbind_are_refused_on_a_store_asked_read_only(
    stores: tuple[str, str, str], how: tuple[str, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    plain, bound_url, path = stores
    bound = WizardLedger(bound_url)  # bound to this host's file
    if not how:
        monkeypatch.setenv("WIZARDS_READ_ONLY", "1")
    for args, url in ((("store", "unbind"), bound_url), (("store", "bind"), bound_url)):
        refused = cli(*how, *args, url=url, check=False)
        assert refused.returncode == 2, refused.stdout
        problem = json.loads(refused.stderr)
        assert problem["code"] == "read_only_store" and "nothing was written" in problem["detail"]
    monkeypatch.delenv("WIZARDS_READ_ONLY", raising=False)
    shown = json.loads(cli("store", "binding", "--json", url=plain).stdout)
    assert shown["bound"] is True and shown["path"] == path  # still bound
    bound.close()
