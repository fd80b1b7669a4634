"""The served app: the HTTP app with the projections as its read models.

The one place that says how to serve Wizard Ledger::

    uvicorn tools.served:create_served_app --factory

which is what ``wizards serve`` runs (``tools.cli.serve``), with the store of
``WIZARDS_STORE`` and Redis of ``WIZARDS_REDIS``, believing ``X-Forwarded-For``
only from the proxies it is given (uvicorn run by hand believes 127.0.0.1
unless told ``--no-proxy-headers`` or ``--forwarded-allow-ips``). ``services`` does not import
``projections`` (the layers are tools, projections, services, domain): the
app (``services.http.app.create_app``) takes its read models as a parameter,
and this module, above both, gives it ``ProjectedReadModels``.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI

from projections.runner import Projector
from projections.store import ProjectionStoreError
from services.http.app import create_app
from services.http.read_models import ReadModelsUnavailable
from services.ledger import WizardLedger


class ProjectedReadModels:
    """The read models of ``services.http.read_models``, as the projections keep them
    (in ``projections_url``; by default beside the events)."""

    def __init__(self, ledger: WizardLedger, projections_url: str | None = None) -> None:
        try:
            self.projector = Projector(ledger, projections_url)
        except ProjectionStoreError as e:
            raise ReadModelsUnavailable(str(e)) from None

    def scoreboard(self, game: str | None, limit: int) -> dict[str, Any]:
        return self.projector.scoreboard_json(game=game, limit=limit)

    def statistics(self, game: str | None) -> dict[str, Any]:
        return self.projector.statistics_json(game=game)

    def catch_up(self) -> None:
        self.projector.run()

    def lag(self) -> int:
        return self.projector.lag()

    def close(self) -> None:
        self.projector.close()


def create_served_app() -> FastAPI:
    """The app as a server runs it: over ``WIZARDS_STORE``, the projections its read
    models, the collector tuned for a long-running process."""
    return create_app(read_models=ProjectedReadModels, tune_gc=True)
