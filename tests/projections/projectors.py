"""Projectors run together, each in a thread, and what their read models hold."""

from __future__ import annotations

import threading
from typing import Any
from uuid import UUID

from projections.runner import Projector


def snapshot(projector: Projector, gids: list[UUID]) -> dict[str, Any]:
    """What the projector's read models hold about these games."""
    return {
        "scoreboard": projector.scoreboard_json(),
        "audit": {str(g): projector.audit_json(g) for g in gids},
        "statistics": projector.statistics_json(),
    }


def run_together(runners: list[Projector], wait: float = 60) -> list[BaseException]:
    """Run the projectors at once, each in a thread; the errors they raised."""
    errors: list[BaseException] = []

    def run(projector: Projector) -> None:
        try:
            projector.run()
        except BaseException as e:  # reported to the caller
            errors.append(e)

    threads = [threading.Thread(target=run, args=(p,)) for p in runners]
    for t in threads:
        t.start()
    for t in threads:
        t.join(wait)
    return errors
