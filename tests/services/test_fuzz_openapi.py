"""Fuzzing the OpenAPI with schemathesis: no request the schema allows (or nearly
allows) makes the service answer 5xx, and the schema says where a seat's token is
required and where it is optional (a spectator is served without one): a route
that serves a request without the token the schema requires fails ``ignored_auth``.

Bounded: a fixed number of examples per operation (``MAX_EXAMPLES``), drawn
from a fixed seed per operation (``derandomize``), so the run is the same each
time and short. The store is a real SQLite file holding one running and one
finished game, and the schema's examples use their ids, so the generated
requests reach real games and not only 404s.
"""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import hypothesis
import pytest
import schemathesis
from schemathesis.checks import ignored_auth, not_a_server_error

from services.http.app import create_app
from services.ledger import WizardLedger
from tests.services.conftest import play
from tools.served import ProjectedReadModels

MAX_EXAMPLES = 30

_store = Path(tempfile.mkdtemp(prefix="wizards-fuzz-")) / "fuzz.db"
_ledger = WizardLedger(f"sqlite:///{_store}")
RUNNING = _ledger.create_game("ultimate", 2, seed="fuzz-running").game_id
FINISHED = _ledger.create_game(
    "ultimate", 2, seed="fuzz-finished", options={"rounds_to_win": 1}
).game_id
play(_ledger, FINISHED)
APP = create_app(
    _ledger,
    read_models=ProjectedReadModels,
    redis="off",
    rate_limits_given={"create": "off", "act": "off", "read": "off"},
)


def _with_real_ids(spec: dict[str, Any]) -> None:
    """Give every ``game_id`` path parameter the two real games as examples."""
    for item in spec.get("paths", {}).values():
        for operation in item.values():
            if not isinstance(operation, dict):
                continue
            for parameter in operation.get("parameters", []):
                if parameter.get("name") == "game_id":
                    parameter["examples"] = {
                        "running": {"value": str(RUNNING)},
                        "finished": {"value": str(FINISHED)},
                    }


_spec = APP.openapi()
_with_real_ids(_spec)
# The live stream of a running game never ends by itself: it is tested in
# test_api_live.py with real connections, not fuzzed here.
schema = schemathesis.openapi.from_dict(_spec).exclude(path="/tables/{game_id}/events")


@pytest.fixture(scope="module", autouse=True)
def _app_for_schema() -> None:
    schema.app = APP  # type: ignore[attr-defined]


@schema.parametrize()
@hypothesis.settings(
    max_examples=MAX_EXAMPLES,
    derandomize=True,
    deadline=None,
    suppress_health_check=list(hypothesis.HealthCheck),
    database=None,
)
def test_no_request_makes_the_service_fail(case: schemathesis.Case) -> None:
    response = case.call(app=APP)
    case.validate_response(response, checks=[not_a_server_error, ignored_auth])
