"""Shared fixtures: real stores (SQLite file, PostgreSQL), a ledger on SQLite, and Redis.

Tests that need PostgreSQL or Redis skip with the reason when the service is
not reachable, except under CI=true, where its absence is a failure.
"""

from __future__ import annotations

import os
import socket
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

from services.ledger import WizardLedger
from tests.services.store.postgres import PG_DB, PG_HOST, PG_PORT, PG_USER

# The apps' read workers (the costly reads: services.http.read_pool) at the tests'
# own priority: the tests run beside each other on every core, and a worker a
# priority lower would wait for them, however long. make bench measures play
# beside readers at the served priority.
os.environ.setdefault("WIZARDS_READ_NICE", "0")
# The tests read English unless one asks for another language (--lang, ?lang=):
# not whatever the locale of the machine running them says.
os.environ["WIZARDS_LANG"] = "en"
REDIS_URL = "redis://127.0.0.1:6379/0"


def _reachable(host: str, port: int) -> bool:
    try:
        with socket.create_connection((host, port), timeout=1):
            return True
    except OSError:
        return False


def require_service(name: str, host: str, port: int) -> None:
    if _reachable(host, port):
        return
    reason = f"{name} is not reachable on {host}:{port}"
    if os.environ.get("CI", "").lower() == "true":
        pytest.fail(f"{reason} (CI=true: the service is required)")
    pytest.skip(reason)


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'wizards.db'}"


@pytest.fixture
def postgres_url() -> Iterator[str]:
    require_service("PostgreSQL", PG_HOST, PG_PORT)
    import psycopg

    schema = f"wl_{uuid.uuid4().hex[:12]}"
    dsn = f"host={PG_HOST} port={PG_PORT} user={PG_USER} dbname={PG_DB}"
    with psycopg.connect(dsn, autocommit=True) as conn:
        conn.execute(f'CREATE SCHEMA "{schema}"')
    try:
        yield f"postgresql://{PG_USER}@{PG_HOST}:{PG_PORT}/{PG_DB}?schema={schema}"
    finally:
        with psycopg.connect(dsn, autocommit=True) as conn:
            conn.execute(f'DROP SCHEMA "{schema}" CASCADE')


@pytest.fixture
def ledger(sqlite_url: str) -> Iterator[WizardLedger]:
    """The ledger on a SQLite file of its own."""
    the_ledger = WizardLedger(sqlite_url)
    yield the_ledger
    the_ledger.close()


@pytest.fixture
def redis_url() -> str:
    require_service("Redis", "127.0.0.1", 6379)
    return REDIS_URL


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def store_url(request: pytest.FixtureRequest) -> str:
    """The same store test against both stores."""
    if request.param == "sqlite":
        return request.getfixturevalue("sqlite_url")
    return request.getfixturevalue("postgres_url")
