"""``wizards dispute``, ``diff``, ``readjudicate`` and ``schema``: the dispute desk."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from tools.cli.common import app, guarded, ledger, out, parse_options

# Where ``wizards --help`` lists these commands.
PANEL = "Replay, export, verify"


@app.command(rich_help_panel=PANEL)
@guarded
def dispute(
    game_id: str,
    at: Annotated[int, typer.Option(help="the action's position (or one of its consequences)")],
    seat: Annotated[
        int | None, typer.Option("--seat", "-s", help="as this seat may see it")
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    engine: Annotated[
        str | None,
        typer.Option(
            help="decide under this engine version's rules profile, or VERSION@REVISION for "
            "a revision variant of it (default: the record's own)"
        ),
    ] = None,
) -> None:
    """Everything to settle a ruling on one action.

    That is the position before it, the command, the legal alternatives, each
    consequence with its rule and dice, the notes, and each other reading of the
    rulings that applied, decided again (under the record's own engine version's
    rules, or --engine VERSION's)."""
    from services.review.dispute import dispute as dispute_of
    from services.review.story import ALL
    from services.words.dispute import dispute_text

    report = dispute_of(ledger(), game_id, at, viewer=ALL if seat is None else seat, engine=engine)
    if as_json:
        out(report)
    else:
        typer.echo(dispute_text(report))


@app.command(rich_help_panel=PANEL)
@guarded
def diff(
    game_id: str,
    a: Annotated[int, typer.Argument(help="the earlier position")],
    b: Annotated[int, typer.Argument(help="the later position")],
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat sees it")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """What changed between two positions, in the game's own words."""
    from services.review.readjudicate import diff_positions
    from services.review.story import ALL
    from services.words.dispute import diff_text

    report = diff_positions(ledger(), game_id, a, b, viewer=ALL if seat is None else seat)
    if as_json:
        out(report)
    else:
        typer.echo(diff_text(report))


@app.command(rich_help_panel=PANEL)
@guarded
def readjudicate(
    game_id: str,
    option: Annotated[
        list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE: another reading")
    ] = None,
    engine: Annotated[
        str | None,
        typer.Option(
            help="decide under this engine version's rules profile, or VERSION@REVISION for "
            "a revision variant of it (default: this one)"
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """The recorded commands decided again by this engine.

    They are decided with the recorded chance, optionally under another reading
    of the rules, and the first position where the result differs is printed.
    Exits 1 when it differs."""
    from services.review.readjudicate import readjudicate as readjudicate_game
    from services.words.dispute import readjudication_text

    report = readjudicate_game(ledger(), game_id, parse_options(option or []), engine)
    if as_json:
        out(report)
    else:
        typer.echo(readjudication_text(report))
    if report["first_difference"] is not None:
        raise typer.Exit(1)


@app.command(rich_help_panel=PANEL)
@guarded
def schema(
    game: str,
    output: Annotated[Path | None, typer.Option("-o", "--output")] = None,
) -> None:
    """The published JSON Schema of a game's JSON export (versioned)."""
    from services.review.export_schema import schema_text

    text = schema_text(game)
    if output:
        output.write_text(text, encoding="utf-8")
        from domain.kernel.phrases import phrase
        from tools.cli.files import told

        typer.echo(told(phrase("wrote {file}", file=str(output))), err=True)
    else:
        typer.echo(text, nl=False)
