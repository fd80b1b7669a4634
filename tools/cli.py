"""The ``wizards`` command line: every operation of the service, on a store URL."""

from __future__ import annotations

import json
import sys
import time
import tomllib
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, NoReturn

import msgspec
import typer

from domain.kernel import IllegalCommand, SetupError, all_games, get_game
from services.config import StoreURLError, store_url
from services.ledger import GameNotFound, IdempotencyConflict, NotAuthorized, WizardLedger
from services.reads import (
    legal_json,
    log_json,
    notes_by_position,
    notes_json,
    state_json,
    summary_json,
)
from services.story import ALL, EXPORTERS, StoryLines, walk
from services.verify import verify_game

app = typer.Typer(
    add_completion=False,
    no_args_is_help=True,
    help="Wizard Ledger: play, replay, export and verify wizard games kept as events.",
)

_store: dict[str, Any] = {"url": None, "snapshots": True}
_ledger: dict[str, WizardLedger] = {}


@app.callback()
def main_options(
    store: Annotated[
        str | None,
        typer.Option(
            "--store",
            envvar="WIZARDS_STORE",
            help="store URL: sqlite:///FILE (default "
            "sqlite:///wizards.db) or postgresql://USER@HOST:PORT/DB",
        ),
    ] = None,
) -> None:
    _store["url"] = store


def ledger() -> WizardLedger:
    url = store_url(_store["url"])
    if url not in _ledger or _ledger[url].use_snapshots != _store["snapshots"]:
        try:
            _ledger[url] = WizardLedger(url, use_snapshots=_store["snapshots"])
        except StoreURLError as e:
            fail("bad_store", str(e), exit_code=2)
        from services.live import publish_appends

        publish_appends(_ledger[url])  # CLI appends wake the API's live streams via Redis
    return _ledger[url]


def out(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


def fail(code: str, message: str, *, rule: str = "", exit_code: int = 2) -> NoReturn:
    typer.echo(json.dumps({"code": code, "rule": rule, "message": message}), err=True)
    raise typer.Exit(exit_code)


def guarded(fn: Any) -> Any:
    """Turn the service's errors into a JSON error on stderr and exit code 2."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except IllegalCommand as e:
            fail(e.code, e.message, rule=e.rule)
        except GameNotFound as e:
            fail("game_not_found", str(e))
        except SetupError as e:
            fail("bad_setup", str(e))
        except NotAuthorized as e:
            fail("not_authorized", str(e))
        except IdempotencyConflict as e:
            fail("idempotency_conflict", str(e))
        except BrokenPipeError:
            # The reader went away (`wizards rules ultimate | head`): nothing to report.
            sys.stderr.close()
            raise typer.Exit(0) from None
        except (ValueError, OSError, tomllib.TOMLDecodeError) as e:
            fail("bad_input", str(e))

    return wrapper


@app.command()
@guarded
def games(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The registered games, their player counts and options."""
    specs = [g.spec.as_json() for g in all_games()]
    if as_json:
        out(specs)
        return
    for s in specs:
        opts = ", ".join(f"{o['name']}={o['default']}" for o in s["options"]) or "no options"
        typer.echo(
            f"{s['id']:<14} {s['name']} ({s['players'][0]}–{s['players'][1]} players; {opts})"
        )


def _parse_options(items: list[str]) -> dict[str, str]:
    options: dict[str, str] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name:
            raise SetupError(f"option {item!r} is not NAME=VALUE")
        options[name.strip()] = value.strip()
    return options


def _parse_dice(text: str | None) -> list[int]:
    if not text:
        return []
    try:
        return [int(x) for x in text.replace(" ", "").split(",") if x]
    except ValueError:
        raise ValueError(f"dice {text!r}: expected comma-separated integers") from None


@app.command()
@guarded
def new(
    game: str,
    players: Annotated[int, typer.Option("--players", "-p", help="number of seats")],
    seed: Annotated[
        str | None, typer.Option(help="seed of the game's dice (default: random, secret)")
    ] = None,
    table: Annotated[
        bool, typer.Option("--table", help="table mode: dice come from outside")
    ] = False,
    setup: Annotated[Path | None, typer.Option(help="setup position (TOML)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
    dice: Annotated[str | None, typer.Option(help="table mode: dice values, e.g. 3,5")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Create a game; print its id (and, with --json, each seat's secret token)."""
    position = tomllib.loads(setup.read_text()) if setup else None
    created = ledger().create_game(
        game,
        players,
        seed=seed,
        table=table,
        setup=position,
        options=_parse_options(option or []),
        dice=_parse_dice(dice),
    )
    if as_json:
        out(
            {
                "game_id": str(created.game_id),
                "seats": [{"seat": s, "token": t} for s, t in created.seats],
            }
        )
    else:
        typer.echo(str(created.game_id))


@app.command(name="list")
@guarded
def list_games(as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The stored games."""
    rows = [summary_json(ledger(), gid) for gid in ledger().game_ids()]
    if as_json:
        out(rows)
        return
    for r in rows:
        typer.echo(
            f"{r['game_id']}  {r['game']:<12} {r['players']}p  "
            f"{r['status']:<8} {r['events']} events"
        )


@app.command(name="act")
@guarded
def act_command(
    game_id: str,
    seat: Annotated[int, typer.Option("--seat", "-s")],
    command: Annotated[str, typer.Option("--command", "-c", help='JSON, e.g. {"type": "Draw"}')],
    idempotency_key: Annotated[str | None, typer.Option("--idempotency-key", "-k")] = None,
    dice: Annotated[str | None, typer.Option(help="table mode: the dice rolled, e.g. 4,2")] = None,
    order: Annotated[
        list[str] | None,
        typer.Option(
            help="table mode: a deck order for a shuffle the command causes, as 0-based old "
            "positions, new top first (e.g. 2,0,1); repeat for several shuffles"
        ),
    ] = None,
    token: Annotated[str | None, typer.Option(help="the seat's token (checked when given)")] = None,
) -> None:
    """Send a seat's command; print the appended events as JSON."""
    try:
        payload = json.loads(command)
    except json.JSONDecodeError as e:
        fail("malformed_command", f"--command is not JSON: {e}", rule="kernel.malformed")
    entries = ledger().act(
        game_id,
        seat,
        payload,
        key=idempotency_key,
        dice=_parse_dice(dice),
        orders=[_parse_dice(o) for o in order or []],
        token=token,
    )
    out(
        [
            {
                "position": e.position,
                "type": type(e.event).__name__,
                "event": msgspec.to_builtins(e.event),
                "text": e.event.describe(),
            }
            for e in entries
        ]
    )


@app.command()
@guarded
def legal(game_id: str, seat: Annotated[int, typer.Option("--seat", "-s")]) -> None:
    """Every command the seat may send now (JSON list)."""
    out(legal_json(ledger(), game_id, seat))


@app.command()
@guarded
def state(
    game_id: str,
    at: Annotated[int | None, typer.Option(help="position (1 = GameStarted); default: now")] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat sees it")] = None,
) -> None:
    """The state at any position, as a seat (or a spectator) sees it."""
    out(state_json(ledger(), game_id, at=at, seat=seat))


@app.command()
@guarded
def log(
    game_id: str,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat sees it")] = None,
    full: Annotated[bool, typer.Option(help="operator view: nothing redacted")] = False,
) -> None:
    """The event log (redacted for the seat, or for spectators, while the game runs)."""
    out(log_json(ledger(), game_id, seat=seat, full=full))


@app.command()
@guarded
def replay(
    game_id: str,
    to: Annotated[int | None, typer.Option(help="stop at this position")] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat saw it")] = None,
    spectator: Annotated[bool, typer.Option(help="as a spectator saw it")] = False,
) -> None:
    """The annotated story: one line per event, with dice and rule citations."""
    loaded = ledger().load(game_id, to)
    entries = ledger().entries(game_id, lte=to)
    outcome = loaded.game.outcome(ledger().load(game_id).table.state)
    viewer = seat if seat is not None else (None if spectator else ALL)
    notes = notes_by_position(ledger(), game_id)
    typer.echo(walk(loaded.game, entries, outcome, StoryLines(), viewer=viewer, notes=notes))


@app.command()
@guarded
def export(
    game_id: str,
    format: Annotated[str, typer.Option("--format", "-f", help="json, md or html")] = "json",
    output: Annotated[Path | None, typer.Option("-o", "--output")] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat saw it")] = None,
) -> None:
    """Export the annotated history (rules cited, dice shown)."""
    if format not in EXPORTERS:
        raise ValueError(f"unknown format {format!r}: use one of {sorted(EXPORTERS)}")
    loaded = ledger().load(game_id)
    entries = ledger().entries(game_id)
    text = walk(
        loaded.game,
        entries,
        loaded.game.outcome(loaded.table.state),
        EXPORTERS[format](str(game_id)),
        viewer=ALL if seat is None else seat,
        notes=notes_by_position(ledger(), game_id),
    )
    if output:
        output.write_text(text)
        typer.echo(f"wrote {output}", err=True)
    else:
        typer.echo(text)


@app.command()
@guarded
def fork(
    game_id: str,
    at: Annotated[int, typer.Option(help="copy the game up to this position (before an action)")],
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """A what-if branch: a new game with this one's events up to --at, same dice ahead."""
    created = ledger().fork(game_id, at)
    if as_json:
        out(
            {
                "game_id": str(created.game_id),
                "forked_from": game_id,
                "at": at,
                "seats": [{"seat": s, "token": t} for s, t in created.seats],
            }
        )
    else:
        typer.echo(str(created.game_id))


@app.command()
@guarded
def annotate(
    game_id: str,
    at: Annotated[int, typer.Option(help="the position the note is about")],
    text: Annotated[str, typer.Option(help="the note")],
    author: Annotated[str, typer.Option(help="who writes it")] = "referee",
) -> None:
    """Attach a referee's note to a position (kept apart from the game's events)."""
    number = ledger().annotate(game_id, at, text, author)
    typer.echo(f"note {number} on position {at}")


@app.command()
@guarded
def notes(game_id: str) -> None:
    """A game's annotations (JSON)."""
    out(notes_json(ledger(), game_id))


@app.command()
@guarded
def verify(
    game_ids: Annotated[list[str] | None, typer.Argument()] = None,
    all_: Annotated[bool, typer.Option("--all")] = False,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Check hash chain, fold, seed and dice; exit 1 naming the first bad event."""
    ids: list[Any] = list(ledger().game_ids()) if all_ else list(game_ids or [])
    if not ids:
        raise ValueError("name one or more game ids, or --all")
    reports = [verify_game(ledger(), gid) for gid in ids]
    if as_json:
        out([r.as_json() for r in reports])
    else:
        for r in reports:
            if r.ok:
                typer.echo(f"{r.game_id}: ok ({r.events} events; {', '.join(r.checks)})")
            else:
                typer.echo(f"{r.game_id}: FAILED at {r.first()}")
    if not all(r.ok for r in reports):
        raise typer.Exit(1)


@app.command()
@guarded
def simulate(
    game: str,
    games_: Annotated[int, typer.Option("--games", "-n")] = 100,
    seed: Annotated[str, typer.Option()] = "sim",
    players: Annotated[int | None, typer.Option("--players", "-p")] = None,
    bot: Annotated[str, typer.Option(help="random, or the game's greedy bot")] = "random",
    option: Annotated[list[str] | None, typer.Option("--option", "-o")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Play seeded bot games in memory and print a summary."""
    from tools.simulation import game_bot, play

    g = get_game(game)
    options = g.spec.resolve_options(_parse_options(option or []))
    wins: Counter[int] = Counter()
    counts: Counter[int] = Counter()
    total_steps = 0
    t0 = time.perf_counter()
    with typer.progressbar(range(games_), label=f"{game}", file=sys.stderr) as bar:
        for i in bar:
            n = players or g.spec.min_players + i % (g.spec.max_players - g.spec.min_players + 1)
            result = play(g, n, f"{seed}:{i}", game_bot(bot), options)
            outcome = g.outcome(result.table.state)
            assert outcome is not None
            counts[n] += 1
            total_steps += result.steps
            for w in outcome.winners:
                wins[w] += 1
    elapsed = time.perf_counter() - t0
    summary = {
        "game": game,
        "games": games_,
        "seed": seed,
        "bot": bot,
        "player_counts": dict(sorted(counts.items())),
        "wins_by_seat": dict(sorted(wins.items())),
        "commands": total_steps,
        "seconds": round(elapsed, 3),
        "games_per_second": round(games_ / elapsed, 1) if elapsed else None,
    }
    if as_json:
        out(summary)
    else:
        for k, v in summary.items():
            typer.echo(f"{k:>16}: {v}")


@app.command()
@guarded
def rules(game: str, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The game's rule catalogue: citations, passages, rulings and assumptions."""
    g = get_game(game)
    entries = [msgspec.to_builtins(r) for r in g.catalogue]
    if as_json:
        out(entries)
        return
    for r in g.catalogue:
        typer.echo(f"{r.id}  [{r.source}]  {r.section}\n    « {r.passage} »")
        if r.readings:
            for reading in r.readings:
                mark = "*" if reading.option == r.default else " "
                typer.echo(
                    f"   {mark} {reading.summary}"
                    + (f"  ({reading.option})" if reading.option else "")
                )


@app.command()
@guarded
def project(
    rebuild: Annotated[bool, typer.Option("--rebuild", help="empty the read models first")] = False,
) -> None:
    """Catch the read models (scoreboard, audit) up with the event log."""
    from projections.runner import rebuild_projections, run_projections

    applied = (rebuild_projections if rebuild else run_projections)(ledger())
    typer.echo(f"applied {applied} events")


@app.command(name="scoreboard")
@guarded
def scoreboard_command(
    game: Annotated[str | None, typer.Option(help="only this game")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Players by Elo rating, and finished games (catches the projections up first)."""
    from projections.runner import run_projections, scoreboard

    run_projections(ledger())
    board = scoreboard(ledger().url, game=game)
    if as_json:
        out(board)
        return
    for p in board["players"]:
        typer.echo(
            f"{p['rank']:>3}. {p['name']:<16} {p['rating']:>7.1f}  {p['wins']}/{p['games']} wins"
        )


@app.command(name="stats")
@guarded
def stats_command(
    game: Annotated[str | None, typer.Option(help="only this game")] = None,
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Win rates per seat and per card over finished games (catches projections up first)."""
    from projections.runner import run_projections, statistics

    run_projections(ledger())
    stats = statistics(ledger().url, game=game)
    if as_json:
        out(stats)
        return
    for r in stats["seats"]:
        typer.echo(
            f"{r['game']:<13} {r['players']}p seat {r['seat']}: "
            f"{r['wins']}/{r['games']} wins ({r['win_rate']:.0%})"
        )
    for r in stats["cards"]:
        typer.echo(
            f"{r['game']:<13} {r['card']:<24} {r['wins']}/{r['games']} ({r['win_rate']:.0%})"
        )


@app.command()
def serve(
    host: Annotated[str, typer.Option()] = "127.0.0.1",
    port: Annotated[int, typer.Option()] = 8000,
    workers: Annotated[int, typer.Option(min=1, max=64, help="API processes sharing the port")] = 1,
    access_log: Annotated[
        bool, typer.Option(help="log every request (off: no cost at all per request)")
    ] = True,
) -> None:
    """Run the HTTP service (OpenAPI at /docs)."""
    import os

    import uvicorn

    if _store["url"]:
        os.environ["WIZARDS_STORE"] = _store["url"]
    uvicorn.run(
        "services.api:create_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        access_log=access_log,
    )


def main() -> None:
    app()


if __name__ == "__main__":
    main()
