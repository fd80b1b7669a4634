"""CLI commands for positions and a table's own data: ``position`` and ``data``."""

from __future__ import annotations

from typing import Annotated

import typer

from tools.cli.common import app, guarded, ledger, out

# Where ``wizards --help`` lists these commands.
PANEL = "Play"


@app.command(rich_help_panel=PANEL)
@guarded
def position(
    game_id: str,
    at: Annotated[int | None, typer.Option(help="position (1 = GameStarted); default: now")] = None,
    seat: Annotated[
        int | None, typer.Option("--seat", "-s", help="as this seat may see it (redacted)")
    ] = None,
    spectator: Annotated[bool, typer.Option(help="as a spectator may see it")] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """The position at --at as a setup file (TOML).

    new --setup opens it."""
    from services.reads.positions import as_toml, position_json

    whole = seat is None and not spectator
    shown = position_json(ledger(), game_id, at=at, seat=seat, whole=whole)
    if as_json:
        out(shown)
    else:
        typer.echo(as_toml(shown), nl=False)


@app.command(rich_help_panel=PANEL)
@guarded
def data(
    game: str,
    export: Annotated[
        bool, typer.Option("--export", help="print the game's data file (TOML) as a template")
    ] = False,
) -> None:
    """A game's own data, which a table may replace.

    That is its card texts, board and assumed numbers."""
    from services.reads.positions import data_toml

    if not export:
        from domain.kernel.errors import SaidError
        from domain.kernel.phrases import phrase

        raise SaidError(phrase("say what to do with the data: --export prints it"))
    typer.echo(data_toml(game), nl=False)
