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

    applied = (rebuild_projections if rebuild else run_projections)(ledger())
    typer.echo(f"applied {applied} events")


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
    if not board["players"]:
        typer.echo("no finished games yet: the scoreboard is empty")
        return
    typer.echo(f"{'rank':>4} {'player':<16} {'rating':>7}  wins/games")
    for p in board["players"]:
        typer.echo(
            f"{p['rank']:>3}. {p['name']:<16} {p['rating']:>7.1f}  {p['wins']}/{p['games']} wins"
        )


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
    if not stats["seats"] and not stats["cards"]:
        typer.echo("no finished games yet: no statistics")
        return
    if stats["seats"]:
        typer.echo("Win rates by seat (game, players, seat: wins/games):")
    for r in stats["seats"]:
        typer.echo(
            f"{r['game']:<13} {r['players']}p seat {r['seat']}: "
            f"{r['wins']}/{r['games']} wins ({r['win_rate']:.0%})"
        )
    if stats["cards"]:
        typer.echo("Win rates by card used (game, card: wins/games):")
    for r in stats["cards"]:
        typer.echo(
            f"{r['game']:<13} {r['card']:<24} {r['wins']}/{r['games']} ({r['win_rate']:.0%})"
        )
