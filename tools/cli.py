"""The ``wizards`` command line: every operation of the service, on a store URL."""

from __future__ import annotations

import inspect
import json
import sys
import time
import tomllib
from collections import Counter
from pathlib import Path
from typing import Annotated, Any, NoReturn

import msgspec
import typer

from domain.games import all_games, get_game
from domain.kernel import (
    ENGINE_VERSION,
    ActionTaken,
    IllegalCommand,
    SetupError,
    decode_command,
    stored_command,
)
from domain.kernel.chance_needs import card_kind
from services.config import StoreURLError, eventsourcing_env, store_url
from services.ledger import WizardLedger, parse_game_id
from services.problems import classify, dumps, extensions, problem
from services.reads.views import (
    legal_json,
    log_json,
    notes_by_position,
    notes_json,
    state_json,
    summary_json,
)
from services.review.story import ALL, StoryLines, walk
from services.review.verify import verify_game
from services.store.shards import shard_count

app = typer.Typer(
    add_completion=True,
    no_args_is_help=True,
    help="Wizard Ledger: play, replay, export and verify wizard games kept as events.",
)

_store: dict[str, Any] = {"url": None, "snapshots": True}
_ledger: dict[str, WizardLedger] = {}


def _version(value: bool) -> None:
    if value:
        from importlib.metadata import version

        typer.echo(f"wizards {version('wizard-ledger')} (engine {ENGINE_VERSION})")
        raise typer.Exit(0)


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
    no_snapshots: Annotated[
        bool,
        typer.Option(
            "--no-snapshots",
            help="fold every read from the first event; never use a stored snapshot",
        ),
    ] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version", callback=_version, is_eager=True, help="print the version and exit"
        ),
    ] = False,
) -> None:
    _store["url"] = store
    _store["snapshots"] = not no_snapshots


def ledger() -> WizardLedger:
    url = store_url(_store["url"])
    if url not in _ledger or _ledger[url].use_snapshots != _store["snapshots"]:
        try:
            _ledger[url] = WizardLedger(url, use_snapshots=_store["snapshots"])
        except StoreURLError as e:
            fail("bad_store", str(e), exit_code=2)
        from services.live.fanout import publish_appends

        publish_appends(_ledger[url])  # CLI appends wake the API's live streams via Redis
    return _ledger[url]


def out(data: Any) -> None:
    typer.echo(json.dumps(data, ensure_ascii=False, indent=2))


# How a table gives on the command line what a table-mode refusal asks for.
# The flag that gives each kind of value a refusal may ask for.
_CHANCE_FLAGS = {
    "die": "--dice 4,2 (die faces, in order)",
    "card": "--drew CARD,CARD (cards drawn: id, kind or printed name)",
    "order": "--order 2,0,1 (a shuffle, new top first)",
}


def chance_hint(needs: Any, *, face_down: bool = False) -> str:
    """Which flags give what a refusal asks for (only those), in the rules' order;
    ``face_down``: an order may stand for the cards of a shuffled pile."""
    kinds = list(dict.fromkeys(getattr(n, "kind", "") for n in needs or ()))
    if face_down and "card" in kinds and "order" not in kinds:
        kinds.append("order")
    flags = [_CHANCE_FLAGS[k] for k in kinds if k in _CHANCE_FLAGS] or list(_CHANCE_FLAGS.values())
    return "give them with the command: " + ", ".join(flags)


def fail(
    code: str,
    message: str,
    *,
    rule: str = "",
    exit_code: int = 2,
    status: int = 422,
    extra: dict[str, Any] | None = None,
) -> NoReturn:
    """The same RFC 9457 problem body as the HTTP API's, on stderr, readable (no \\u escapes)."""
    body = problem(status, code, message, rule=rule)
    body.update(extra or {})
    typer.echo(dumps(body), err=True)
    raise typer.Exit(exit_code)


def guarded(fn: Any) -> Any:
    """Turn the service's errors into a JSON problem on stderr and exit code 2."""
    import functools

    @functools.wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> Any:
        try:
            return fn(*args, **kwargs)
        except BrokenPipeError:
            # The reader went away (`wizards rules ultimate | head`): nothing to report.
            sys.stderr.close()
            raise typer.Exit(0) from None
        except Exception as e:
            known = classify(e)
            if known is None:
                raise
            status, code, rule, detail = known
            extra = extensions(e)
            if code == "dice_required":
                extra["hint"] = chance_hint(
                    getattr(e, "needs", ()), face_down=bool(getattr(e, "face_down", ()))
                )
            fail(code, detail, rule=rule, status=status, extra=extra)

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


def _parse_cards(text: str | None) -> list[str]:
    return [c.strip() for c in (text or "").split(",") if c.strip()]


@app.command()
@guarded
def new(
    game: str,
    players: Annotated[
        int | None, typer.Option("--players", "-p", help="number of seats (or give --names)")
    ] = None,
    names: Annotated[
        str | None, typer.Option(help="the players' names in seat order, e.g. Ann,Bob")
    ] = None,
    seed: Annotated[
        str | None, typer.Option(help="seed of the game's dice (default: random, secret)")
    ] = None,
    table: Annotated[
        bool, typer.Option("--table", help="table mode: dice come from outside")
    ] = False,
    setup: Annotated[Path | None, typer.Option(help="setup position (TOML)")] = None,
    option: Annotated[list[str] | None, typer.Option("--option", "-o", help="NAME=VALUE")] = None,
    dice: Annotated[str | None, typer.Option(help="table mode: dice values, e.g. 3,5")] = None,
    order: Annotated[
        list[str] | None,
        typer.Option(help="table mode: a deck order for a shuffle of the opening; repeatable"),
    ] = None,
    drew: Annotated[
        str | None,
        typer.Option(help="table mode: the cards dealt from unknown piles, e.g. fireball,shield"),
    ] = None,
    data: Annotated[
        Path | None, typer.Option(help="the table's own data file (TOML, see `data --export`)")
    ] = None,
    chance_by: Annotated[
        str,
        typer.Option(
            help="table mode: who enters the table's chance: 'table' (one person enters "
            "everything) or 'seats' (each seat enters the cards drawn into its hand)"
        ),
    ] = "table",
    as_json: Annotated[bool, typer.Option("--json")] = False,
) -> None:
    """Create a game and print its id.

    With --json, each seat's secret token is printed too."""
    position = tomllib.loads(setup.read_text()) if setup else None
    seats: int | list[str]
    if names is not None:
        seats = [n.strip() for n in names.split(",")]
        if players is not None and players != len(seats):
            raise SetupError(f"--players {players} but {len(seats)} names in --names")
    elif players is None:
        raise SetupError("say how many players (--players N) or name them (--names Ann,Bob)")
    else:
        seats = players
    created = ledger().create_game(
        game,
        seats,
        seed=seed,
        table=table,
        setup=position,
        options=_parse_options(option or []),
        dice=_parse_dice(dice),
        orders=[_parse_dice(o) for o in order or []],
        drew=_parse_cards(drew),
        data=tomllib.loads(data.read_text()) if data else None,
        chance_by=chance_by,
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
def list_games(
    as_json: Annotated[bool, typer.Option("--json")] = False,
    newest: Annotated[bool, typer.Option("--newest", help="newest first")] = False,
    limit: Annotated[int | None, typer.Option(min=1, help="at most this many games")] = None,
) -> None:
    """The stored games, oldest first.

    Each with its players, date, status or winner, and a mark on a fork."""
    from services.reads.listing import listing
    from services.reads.lobby import listed_games

    ids = listed_games(ledger())
    if newest:
        ids.reverse()
    rows = [summary_json(ledger(), gid) for gid in ids[:limit]]
    if as_json:
        out(rows)
        return
    if not rows:
        typer.echo("no games in this store yet: start one with `wizards new GAME --players N`")
        return
    for r in listing(ledger(), [r["game_id"] for r in rows]):
        fork = f"  ⑂ fork of {r['forked_from'][:8]} at #{r['fork_at']}" if r["forked_from"] else ""
        typer.echo(
            f"{r['game_id']}  {r['created'][:16].replace('T', ' ')}  {r['game']:<12} "
            f"{', '.join(r['names']):<24} {r['result']:<22} {r['events']} events{fork}"
        )


def _fits(sent: Any, legal: Any) -> bool:
    """Does the legal command ``legal`` say what ``sent`` says, where a card
    ``sent`` names by its kind (``volcanino``, ``orc``) may be any of its copies
    (``volcanino#2``, ``orc-04``)? A copy named by its id is that copy: another
    one is not it (two orcs stand in different places)."""
    if isinstance(sent, str) and isinstance(legal, str):
        return sent == legal or (card_kind(sent) == sent and card_kind(legal) == sent)
    if isinstance(sent, list) and isinstance(legal, list):
        return len(sent) == len(legal) and all(map(_fits, sent, legal))
    if isinstance(sent, dict) and isinstance(legal, dict):
        return sent.keys() == legal.keys() and all(_fits(v, legal[k]) for k, v in sent.items())
    return bool(sent == legal)


def as_legal(game_id: str, seat: int, payload: Any, key: str | None) -> Any:
    """The command to send for ``payload``: itself if it is legal as written or
    matches nothing (the ledger then says why it is refused); else the one legal
    command it matches where the cards it names by their kind may be any copy
    (``_fits``), said on stderr. Two
    or more such matches are refused, naming them. A retry under an idempotency
    key already stored is matched with the command stored under that key.

    Only here: the web pages build their commands from the legal ones, ids and
    all, so an HTTP act keeps its exact meaning."""
    led = ledger()
    gid = parse_game_id(game_id)
    loaded = led.load(gid)
    if not isinstance(payload, dict) or not 0 <= seat < len(loaded.fold.started.players):
        return payload
    try:
        sent = stored_command(decode_command(loaded.game, payload))
    except IllegalCommand:
        return payload  # malformed: the ledger's refusal says how
    if key is not None and key in loaded.keys:
        action = led.entries(gid, gt=loaded.keys[key][0] - 1, lte=loaded.keys[key][0])[0].event
        candidates = [action.command] if isinstance(action, ActionTaken) else []
    else:
        # As JSON gives them back (lists, not tuples), like ``sent``.
        candidates = msgspec.json.decode(msgspec.json.encode(legal_json(led, gid, seat)))
    if sent in candidates:
        return payload
    alike = [c for c in candidates if _fits(sent, c)]
    said = [json.dumps(c, ensure_ascii=False) for c in alike]
    if len(alike) > 1:
        fail(
            "ambiguous_command",
            f"{json.dumps(payload, ensure_ascii=False)} could be any of {len(alike)} legal "
            f"commands, which differ only in the copy of a card: {'; '.join(said)}; "
            "send one of them as written",
            rule="kernel.malformed",
        )
    if alike:
        typer.echo(f"taken as {said[0]}", err=True)
        return alike[0]
    return payload


@app.command(name="act")
@guarded
def act_command(
    game_id: str,
    seat: Annotated[int, typer.Option("--seat", "-s")],
    command: Annotated[
        str | None,
        typer.Option(
            "--command",
            "-c",
            help='JSON, e.g. {"type": "Draw"}; left out only to enter the cards this seat '
            "drew for a command the game holds (chance_by seats)",
        ),
    ] = None,
    idempotency_key: Annotated[str | None, typer.Option("--idempotency-key", "-k")] = None,
    dice: Annotated[str | None, typer.Option(help="table mode: the dice rolled, e.g. 4,2")] = None,
    order: Annotated[
        list[str] | None,
        typer.Option(
            help="table mode: a deck order for a shuffle the command causes, as 0-based old "
            "positions, new top first (e.g. 2,0,1); repeat for several shuffles"
        ),
    ] = None,
    drew: Annotated[
        str | None,
        typer.Option(help="table mode: the cards drawn from piles of unknown order, in order"),
    ] = None,
    token: Annotated[str | None, typer.Option(help="the seat's token (checked when given)")] = None,
) -> None:
    """Send a seat's command; print the appended events as JSON.

    A card may be named by its kind (volcanino for volcanino#2): where exactly
    one legal command matches with any copy there, that one is sent, and a line
    on stderr says so ("taken as ..."). A copy named by its id is that copy.

    At a table whose seats enter their own draws, a command whose draws go to
    other seats is held: nothing is printed but [], and a line on stderr says
    whom it waits for. Each of them then sends act --seat K --drew ... with no
    command."""
    payload = None
    if command is not None:
        try:
            payload = json.loads(command)
        except json.JSONDecodeError as e:
            fail("malformed_command", f"--command is not JSON: {e}", rule="kernel.malformed")
    if token is not None:
        # A wrong token learns nothing, not even the legal commands a kind matched.
        ledger().check_token(parse_game_id(game_id), seat, token)
    payload = as_legal(game_id, seat, payload, idempotency_key)
    entries = ledger().act(
        game_id,
        seat,
        payload,
        key=idempotency_key,
        dice=_parse_dice(dice),
        orders=[_parse_dice(o) for o in order or []],
        drew=_parse_cards(drew),
        token=token,
    )
    from services.reads.holds import held_json
    from services.reads.views import entry_json
    from services.seats.hold import by_seats
    from services.words.card_names import table_names
    from services.words.sentences import Words

    if not entries:
        gid = parse_game_id(game_id)
        held = held_json(ledger(), gid, ledger().load(gid), seat)
        if held is not None:
            typer.echo(f"held: {held['text']}", err=True)
    loaded = ledger().load(game_id, 1)
    started = loaded.fold.started
    if by_seats(started.setup):
        # Each seat enters its own draws here, on its own device: it is shown
        # what it may see, as its page and the HTTP answer show it.
        now = ledger().load(game_id)
        finished = now.game.outcome(now.fold.state) is not None
        names = table_names(started)
        out([entry_json(e, now.game, seat, finished, names=names) for e in entries])
        return
    words = Words.table(loaded.game, started)
    out(
        [
            {
                "position": e.position,
                "type": type(e.event).__name__,
                "event": msgspec.to_builtins(e.event),
                "text": words.event(e.event),
            }
            for e in entries
        ]
    )


def check_seat(game_id: str, seat: int | None) -> None:
    """A seat the game does not have is refused, not shown as a spectator's view."""
    if seat is None:
        return
    players = ledger().load(game_id, 1).fold.started.players
    if not 0 <= seat < len(players):
        raise SetupError(
            f"this game has no seat {seat}: its seats are 0–{len(players) - 1} "
            f"({', '.join(players)})"
        )


@app.command()
@guarded
def legal(game_id: str, seat: Annotated[int, typer.Option("--seat", "-s")]) -> None:
    """Every command the seat may send now (JSON list)."""
    check_seat(game_id, seat)
    out(legal_json(ledger(), game_id, seat))


@app.command()
@guarded
def state(
    game_id: str,
    at: Annotated[int | None, typer.Option(help="position (1 = GameStarted); default: now")] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat sees it")] = None,
) -> None:
    """The state at any position, as a seat (or a spectator) sees it."""
    check_seat(game_id, seat)
    out(state_json(ledger(), game_id, at=at, seat=seat))


@app.command()
@guarded
def log(
    game_id: str,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat sees it")] = None,
    full: Annotated[bool, typer.Option(help="operator view: nothing redacted")] = False,
) -> None:
    """The event log, as a seat or a spectator may read it.

    While the game runs, what the reader may not see is redacted; --full shows
    everything (the operator's view)."""
    check_seat(game_id, seat)
    out(log_json(ledger(), game_id, seat=seat, full=full))


@app.command()
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
    from tools.cli_step import first_match, step_through

    entries = ledger().entries(game_id)
    if until is not None:
        found = first_match(entries, until)
        if found is None:
            raise ValueError(f"no event of type or rule {until!r} in this game")
        to = found if to is None else min(to, found)
    if step:
        from services.words.sentences import Words

        started = entries[0].event
        words = Words.table(ledger().load(game_id, 1).game, started)  # type: ignore[arg-type]
        step_through(ledger(), game_id, entries, words, to or 1, typer.echo, input)
        return
    loaded = ledger().load(game_id, to)
    entries = entries[:to] if to is not None else entries
    outcome = loaded.game.outcome(ledger().load(game_id).fold.state)
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
    """Export the annotated history as JSON, Markdown or HTML.

    The JSON follows the schema in docs/schemas; the HTML is the self-contained
    replay viewer."""
    from services.review.exports import export_text

    text = export_text(ledger(), game_id, format, viewer=ALL if seat is None else seat)
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
    """Branch a what-if game off this one at position --at.

    The new game has this one's events up to --at, and play goes on from there."""
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
    """Attach a referee's note to a position.

    Notes are kept apart from the game's events."""
    number = ledger().annotate(game_id, at, text, author)
    typer.echo(f"note {number} on position {at}")


@app.command()
@guarded
def notes(game_id: str) -> None:
    """A game's annotations (JSON)."""
    out(notes_json(ledger(), game_id))


@app.command()
@guarded
def holds(game_id: str) -> None:
    """Who entered which cards, and when, for each held command.

    Only at a table whose seats enter their own draws. The record is printed
    whole as JSON, with the cards named: the operator's view, as log --full is.
    Every entry refused is listed too, marked so, after the row it was sent at."""
    from services.reads.hold_record import in_order
    from services.seats.hold import OPENING, Refused

    gid = parse_game_id(game_id)
    players = ledger().load(gid).fold.started.players

    def who(seat: int) -> str:
        return "whoever opened the table" if seat == OPENING else players[seat]

    lines: list[dict[str, Any]] = []
    for number, item in in_order(ledger(), gid):
        if isinstance(item, Refused):
            lines.append(
                {
                    "after_row": item.after,
                    "at": item.at,
                    "command": item.command,
                    "entered_by": who(item.seat),
                    "when": item.when,
                    "dice": list(item.dice),
                    "drew": list(item.drew),
                    "orders": [list(o) for o in item.orders],
                    "refused": True,
                    "code": item.code,
                    "message": item.message,
                }
            )
        else:
            lines.append(
                {
                    "row": number,
                    "at": item.at,
                    "held": "the opening" if item.seat == OPENING else who(item.seat),
                    "command": None if item.seat == OPENING else item.command,
                    "entered_by": who(item.entered),
                    "when": item.when,
                    "dice": list(item.dice),
                    "drew": list(item.drew),
                    "orders": [None if o is None else list(o) for o in item.orders],
                    "waiting": [who(s) for s in item.waiting],
                    "done": item.done,
                    "refused": False,
                }
            )
    out(lines)


@app.command()
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
    ids: list[Any] = list(ledger().game_ids()) if all_ else list(game_ids or [])
    if all_ and not ids:
        if as_json:
            out([])
        else:
            typer.echo("no games in this store: nothing to verify")
        return
    if not ids:
        raise ValueError("name one or more game ids, or --all")
    reports = [verify_game(ledger(), gid, expect=expect) for gid in ids]
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
    keep: Annotated[
        bool,
        typer.Option(
            "--keep", help="store every game (slower), to replay, dispute and verify it later"
        ),
    ] = False,
) -> None:
    """Play seeded bot games and print a summary.

    They are played in memory, or in the store with --keep."""
    from tools.simulation import game_bot, play, play_stored

    g = get_game(game)
    options = g.spec.resolve_options(_parse_options(option or []))
    wins: Counter[int] = Counter()
    counts: Counter[int] = Counter()
    total_steps = 0
    kept: list[str] = []
    t0 = time.perf_counter()
    with typer.progressbar(range(games_), label=f"{game}", file=sys.stderr) as bar:
        for i in bar:
            n = players or g.spec.min_players + i % (g.spec.max_players - g.spec.min_players + 1)
            if keep:
                gid = play_stored(ledger(), g, n, f"{seed}:{i}", game_bot(bot), options)
                kept.append(str(gid))
                table = ledger().load(gid).fold
                steps = table.actions
            else:
                result = play(g, n, f"{seed}:{i}", game_bot(bot), options)
                table, steps = result.fold, result.steps
            outcome = g.outcome(table.state)
            assert outcome is not None
            counts[n] += 1
            total_steps += steps
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
    if keep:
        summary["kept"] = kept
    if as_json:
        out(summary)
    else:
        for k, v in summary.items():
            if isinstance(v, dict):
                v = ", ".join(f"{a}: {b}" for a, b in v.items()) or "none"
            elif isinstance(v, list):
                v = " ".join(v) or "none"
            typer.echo(f"{k:>16}: {v}")


@app.command()
@guarded
def rules(game: str, as_json: Annotated[bool, typer.Option("--json")] = False) -> None:
    """The game's rule catalogue, citation by citation.

    Each citation gives its section and passage, says whether the text is the
    rulebook's or our assumption, and lists the readings of it (the one the
    engine applies marked with *)."""
    from services.words.card_names import rule_json

    g = get_game(game)
    entries = [rule_json(r) for r in g.catalogue]
    if as_json:
        out(entries)
        return
    for r in g.catalogue:
        typer.echo(f"{r.id}  [{r.source}]  {r.section}\n    « {r.passage} »")
        if r.readings:
            applied = [
                reading
                for reading in r.readings
                if r.default in (reading.option, reading.summary)
                or (
                    not reading.option
                    and r.default
                    and r.default.lower() in reading.summary.lower()
                )
            ][:1]
            for reading in r.readings:
                mark = "*" if reading in applied else " "
                typer.echo(
                    f"   {mark} {reading.summary}"
                    + (f"  ({reading.option})" if reading.option else "  (not an option)")
                )
            if not applied and r.default:
                typer.echo(f"   * applied by the engine: {r.default}")


@app.command()
@guarded
def project(
    rebuild: Annotated[bool, typer.Option("--rebuild", help="empty the read models first")] = False,
) -> None:
    """Catch the read models up with the event log.

    The read models are the scoreboard and the audit view."""
    from projections.runner import rebuild_projections, run_projections

    applied = (rebuild_projections if rebuild else run_projections)(ledger())
    typer.echo(f"applied {applied} events")


@app.command(name="scoreboard")
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


@app.command(name="stats")
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
    import socket

    import uvicorn

    if _store["url"]:
        os.environ["WIZARDS_STORE"] = _store["url"]
    url = store_url(_store["url"])
    try:  # a mistyped store URL is told here, not as a traceback from inside the server
        eventsourcing_env(url)
        shard_count(url)
    except StoreURLError as e:
        fail("bad_store", str(e), exit_code=2)
    with socket.socket() as probe:
        try:
            probe.bind((host, port))
        except OSError as e:
            fail(
                "port_in_use",
                f"cannot serve on {host}:{port} ({e.strerror}): another server may be running "
                f"there; stop it, or choose another port (--port N, or PORT=N make run)",
            )
    typer.echo(f"serving on http://{host}:{port}/ (OpenAPI at /docs); Ctrl-C stops", err=True)
    from services.http.logs import log_config

    # JSON log lines with the request id; the app writes its own access line
    # (route, status, time, no query string), so uvicorn's is off.
    config = log_config()
    if not access_log:
        # The app's own access line (services.http.observe), dropped at its logger.
        config["loggers"]["wizards.access"] = {"level": "WARNING"}
    uvicorn.run(
        "services.http.app:create_served_app",
        factory=True,
        host=host,
        port=port,
        workers=workers,
        log_config=config,
        access_log=False,
    )


def globals_first(args: list[str]) -> list[str]:
    """The options every command takes (``--store``, ``--no-snapshots``) moved in
    front of the command's name, where the CLI reads them: ``wizards new G --store
    URL`` is ``wizards --store URL new G``, as the README's "every command takes
    --store" reads. Nothing after ``--`` is moved."""
    front: list[str] = []
    rest: list[str] = []
    i = 0
    while i < len(args):
        arg = args[i]
        if arg == "--":
            rest += args[i:]
            break
        if arg == "--store" and i + 1 < len(args):
            front += args[i : i + 2]
            i += 2
            continue
        (front if arg.startswith("--store=") or arg == "--no-snapshots" else rest).append(arg)
        i += 1
    return front + rest


def main() -> None:
    app(args=globals_first(sys.argv[1:]))


def flowed(help_text: str) -> str:
    """A docstring as whole paragraphs, each on one line. Typer (rich markup)
    keeps a docstring's line breaks, which a terminal of another width shows as
    lines broken mid-sentence; a paragraph on one line wraps at its width."""
    paragraphs = inspect.cleandoc(help_text).split("\n\n")
    return "\n\n".join(" ".join(p.split()) for p in paragraphs)


def _flow_help(typer_app: typer.Typer) -> None:
    for info in typer_app.registered_commands:
        if info.help is None and info.callback is not None:
            info.help = flowed(inspect.getdoc(info.callback) or "")
    for group in typer_app.registered_groups:
        if group.typer_instance is not None:
            _flow_help(group.typer_instance)


# Commands kept in modules of their own register themselves on ``app``.
import tools.cli_dispute  # noqa: E402,F401  (registers dispute, diff, readjudicate, schema)
from tools import cli_positions, cli_store  # noqa: E402, F401

_flow_help(app)

if __name__ == "__main__":
    main()
