"""``wizards project``, ``scoreboard`` and ``stats``: the read models of the
projections."""

from __future__ import annotations

from typing import Annotated

import typer

from tools.cli.common import app, guarded, ledger, out

# Where ``wizards --help`` lists these commands.
PANEL = "Read models"


@app.command(rich_help_panel=PANEL)
@guarded
def project(
    rebuild: Annotated[bool, typer.Option("--rebuild", help="empty the read models first")] = False,
) -> None:
    """Catch the read models up with the event log.

    The read models are the scoreboard and the audit view."""
    from projections.runner import rebuild_projections, run_projections
    from services.words.read_model_words import applied_line

    applied = (rebuild_projections if rebuild else run_projections)(ledger())
    typer.echo(applied_line(applied))


@app.command(rich_help_panel=PANEL, name="scoreboard")
@guarded
def scoreboard_command(
    game: Annotated[str | None, typer.Option(help="only this game")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Players by rating, and the finished games.

    Ratings are openskill's. The projections are caught up first."""
    from projections.runner import run_projections, scoreboard

    run_projections(ledger())
    board = scoreboard(ledger().url, game=game)
    if as_json:
        out(board)
        return
    from services.words.read_model_words import scoreboard_lines

    for line in scoreboard_lines(board):
        typer.echo(line)


@app.command(rich_help_panel=PANEL, name="stats")
@guarded
def stats_command(
    game: Annotated[str | None, typer.Option(help="only this game")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Win rates per seat and per card over finished games.

    The projections are caught up first."""
    from projections.runner import run_projections, statistics

    run_projections(ledger())
    stats = statistics(ledger().url, game=game)
    if as_json:
        out(stats)
        return
    from services.words.read_model_words import stats_lines

    for line in stats_lines(stats):
        typer.echo(line)
