"""Read models fed from the notification log: scoreboard (with openskill ratings) and audit view.

Entry points for the CLI and the API: ``run_projections`` (catch up),
``rebuild_projections`` (from zero), ``scoreboard`` and ``audit_trail`` (read),
or a long-lived ``Projector``.
"""

from projections.runner import (
    Projector,
    audit_trail,
    rebuild_projections,
    run_projections,
    scoreboard,
)

__all__ = ["Projector", "audit_trail", "rebuild_projections", "run_projections", "scoreboard"]
