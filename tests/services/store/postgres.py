"""The local PostgreSQL as the store tests reach it beside the ledger: its DSN, how
long a stuck thread may take, and whether a session waits for a lock."""

from __future__ import annotations

import psycopg

PG_HOST, PG_PORT, PG_USER, PG_DB = "127.0.0.1", 5432, "postgres", "test"
DSN = f"host={PG_HOST} port={PG_PORT} user={PG_USER} dbname={PG_DB}"
SAFETY = 60  # seconds a stuck thread may take before the test gives up on it


def waiting_on_lock(table: str) -> bool:
    """Whether some session waits for a lock on ``table``."""
    with psycopg.connect(DSN, autocommit=True) as conn:
        row = conn.execute(
            "SELECT count(*) FROM pg_locks l JOIN pg_class c ON c.oid = l.relation "
            "WHERE NOT l.granted AND c.relname = %s",
            (table,),
        ).fetchone()
    return bool(row and row[0])
