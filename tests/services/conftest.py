"""The HTTP API's fixture: the app as it is served, on the ``ledger`` of ``tests/conftest.py``.

Helpers shared by the rooms live in modules named for what they hold: ``playing``
(games played through the store), ``api_tables`` (tables created over HTTP),
``live_server`` (a real server and its streams), ``setups``, ``seat_draws`` and
``table_transcript``.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from fastapi.testclient import TestClient

from services.http.app import create_app
from services.ledger import WizardLedger
from tools.served import ProjectedReadModels


@pytest.fixture
def client(ledger: WizardLedger) -> Iterator[TestClient]:
    """The app with the projections as its read models, as it is served."""
    app = create_app(ledger, read_models=ProjectedReadModels, redis="off", poll_interval=0.1)
    with TestClient(app) as c:
        yield c
