"""``wizards replay``, ``export`` and ``verify``: a stored game told, exported and
checked."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from tools.cli.common import CommandLang, app, guarded, ledger, out, speak_in

# Where ``wizards --help`` lists these commands.
PANEL = "Replay, export, verify"


@app.command(rich_help_panel=PANEL)
@guarded
def replay(
    game_id: str,
    to: Annotated[int | None, typer.Option(help="stop at this position")] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat saw it")] = None,
    spectator: Annotated[bool, typer.Option(help="as a spectator saw it")] = False,
    step: Annotated[
        bool, typer.Option("--step", help="interactive: walk the game position by position")
    ] = False,
    until: Annotated[
        str | None,
        typer.Option(help="stop at the first event of this type or citing this rule"),
    ] = None,
) -> None:
    """The annotated story, one line per event.

    Each line gives the event's dice and the rule it cites."""
    from domain.kernel import GameStarted
    from services.reads.views import notes_by_position
    from services.review.story import ALL, StoryLines, walk
    from tools.cli.step import first_match, step_through

    entries = ledger().entries(game_id)
    if until is not None:
        found = first_match(entries, until)
        if found is None:
            from domain.kernel.errors import SaidError
            from domain.kernel.phrases import phrase

            raise SaidError(
                phrase("no event of type or rule {until} in this game", until=repr(until))
            )
        to = found if to is None else min(to, found)
    if step:
        from services.words.sentences import Words

        started = entries[0].event
        assert isinstance(started, GameStarted)  # a stream opens with it
        words = Words.table(ledger().load(game_id, 1).game, started)
        step_through(ledger(), game_id, entries, words, to or 1, typer.echo, input)
        return
    loaded = ledger().load(game_id, to)
    entries = entries[:to] if to is not None else entries
    outcome = loaded.game.outcome(ledger().load(game_id).fold.state)
    viewer = seat if seat is not None else (None if spectator else ALL)
    notes = notes_by_position(ledger(), game_id)
    typer.echo(walk(loaded.game, entries, outcome, StoryLines(), viewer=viewer, notes=notes))


@app.command(rich_help_panel=PANEL)
@guarded
def export(
    ctx: typer.Context,
    game_id: str,
    format: Annotated[str, typer.Option("--format", "-f", help="json, md or html")] = "json",
    output: Annotated[Path | None, typer.Option("-o", "--output")] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat saw it")] = None,
    disputes: Annotated[
        str,
        typer.Option(
            help="the dispute panels the JSON and HTML hold: noted (the actions the "
            "referees' notes point at), all (every action's: slow on a long game) or none"
        ),
    ] = "noted",
    lang: CommandLang = None,
) -> None:
    """Export the annotated history as JSON, Markdown or HTML.

    The JSON follows the schema in docs/schemas; the HTML is the self-contained
    replay viewer. Its words are in --lang's language (the JSON keeps its fields)."""
    speak_in(ctx, lang)
    from services.review.exports import export_chunks
    from services.review.story import ALL

    # Written as it is made: a long game's export is never held whole.
    viewer = ALL if seat is None else seat
    chunks = export_chunks(ledger(), game_id, format, viewer=viewer, disputes=disputes)
    if output:
        with output.open("w", encoding="utf-8") as file:
            file.writelines(chunks)
        from domain.kernel.phrases import phrase
        from tools.cli.files import told

        typer.echo(told(phrase("wrote {file}", file=str(output))), err=True)
    else:
        sys.stdout.writelines(chunks)
        sys.stdout.write("\n")
        sys.stdout.flush()


@app.command(rich_help_panel=PANEL)
@guarded
def verify(
    game_ids: Annotated[list[str] | None, typer.Argument()] = None,
    all_: Annotated[bool, typer.Option("--all")] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
    expect: Annotated[
        str | None,
        typer.Option(
            help="POSITION:HASH from a log line kept outside the store: the stream must "
            "still hold that event (catches a tail deleted with its head)"
        ),
    ] = None,
) -> None:
    """Check a game's hash chain, fold, seed and dice.

    Exits 1 naming the first bad event."""
    from domain.kernel import ENGINE_VERSION
    from services.review.verify import record_words, verify_game
    from services.words.telling import speaking, spoken
    from services.words.verify_words import (
        failed_line,
        nothing_to_verify,
        unseen_line,
        verified_line,
    )

    ids: list[Any] = list(ledger().game_ids()) if all_ else list(game_ids or [])
    if all_ and not ids:
        if as_json:
            out([])
        else:
            typer.echo(nothing_to_verify())
        return
    if not ids:
        from domain.kernel.errors import SaidError
        from domain.kernel.phrases import phrase

        raise SaidError(phrase("name one or more game ids, or --all"))
    # For programs (--json) the whole report is English, an adjudication's lines
    # of difference too (they are told as the game is decided again).
    with speaking("en" if as_json else spoken()):
        reports = [verify_game(ledger(), gid, expect=expect) for gid in ids]
    if as_json:
        out([r.as_json() for r in reports])
    else:
        for r in reports:
            first = r.first()
            if first is None:
                # A record of an earlier engine: the profile (or revision variant) that
                # decided it as recorded.
                under = r.decided_under if r.decided_under != ENGINE_VERSION else ""
                typer.echo(verified_line(str(r.game_id), r.events, r.checks, under))
            else:
                words = record_words(ledger(), r.game_id)
                line = failed_line(
                    str(r.game_id), first.position, first.check, first.message, words
                )
                typer.echo(line)
            for said in r.unseen:
                typer.echo(unseen_line(said))
    if not all(r.ok for r in reports):
        raise typer.Exit(1)
