"""``/readyz`` answers anyone (a balancer has no token): it says whether the store can
be read, never what the store's driver said (a file, a host, a port); that goes to
the server's log. (The binding's counters file and host name are checked unnamed in
test_host_binding.py, on PostgreSQL.)"""

from __future__ import annotations

import logging
import sqlite3
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from tests.services.api_tables import new_table


def test_readyz_tells_that_the_store_fails_not_what_its_driver_said(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    path = tmp_path / "w.db"
    ledger = WizardLedger(f"sqlite:///{path}")
    with TestClient(create_app(ledger, redis="off")) as client:
        new_table(client)
        with sqlite3.connect(path) as db:  # the store breaks under the running service
            db.execute("ALTER TABLE stored_events RENAME TO gone")
        with caplog.at_level(logging.WARNING, logger="wizards.ready"):
            r = client.get("/readyz")
    assert r.status_code == 503
    store = r.json()["checks"]["store"]
    assert store == {
        "ok": False,
        "error": "the store cannot be read (OperationalError; see the server's log)",
    }
    assert "stored_events" not in r.text and str(tmp_path) not in r.text
    # The operator reads the driver's own words in the log.
    assert any("stored_events" in record.getMessage() for record in caplog.records)
    ledger.close()
