"""Playing a game from the command line: ``new``, ``list``, ``act``, ``legal``,
``state``, ``log``, ``fork``, ``annotate``, ``notes`` and ``holds``."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Annotated, Any

import typer

# The services are imported by the commands that use them (a command's start
# is its imports: see tools.cli.common).
from tools.cli.common import (
    app,
    check_seat,
    fail,
    guarded,
    ledger,
    out,
    parse_cards,
    parse_numbers,
    parse_options,
)

# Where ``wizards --help`` lists these commands.
PANEL = "Play"


@app.command(rich_help_panel=PANEL)
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
    from domain.kernel import SetupError
    from domain.kernel.phrases import plural
    from services.problems import NO_PLAYERS
    from tools.cli.files import read_toml_file

    position = read_toml_file(setup, "--setup") if setup else None
    seats: int | list[str]
    if names is not None:
        seats = [n.strip() for n in names.split(",")]
        if players is not None and players != len(seats):
            raise SetupError(
                plural(
                    "--players {players} but {n} name in --names",
                    "--players {players} but {n} names in --names",
                    len(seats),
                    players=players,
                )
            )
    elif players is None:
        raise SetupError(NO_PLAYERS)
    else:
        seats = players
    created = ledger().create_game(
        game,
        seats,
        seed=seed,
        table=table,
        setup=position,
        options=parse_options(option or []),
        dice=parse_numbers(dice),
        orders=[parse_numbers(o) for o in order or []],
        drew=parse_cards(drew),
        data=read_toml_file(data, "--data") if data else None,
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


@app.command(rich_help_panel=PANEL, name="list")
@guarded
def list_games(
    as_json: Annotated[bool, typer.Option("--json")] = False,
    newest: Annotated[bool, typer.Option("--newest", help="newest first")] = False,
    limit: Annotated[int | None, typer.Option(min=1, help="at most this many games")] = None,
) -> None:
    """The stored games, oldest first.

    Each with its players, date, status or winner, and a mark on a fork."""
    from services.reads.listing import listing, listing_line
    from services.reads.lobby import listed_games
    from services.reads.views import summary_json

    ids = listed_games(ledger())
    if newest:
        ids.reverse()
    rows = [summary_json(ledger(), gid) for gid in ids[:limit]]
    if as_json:
        out(rows)
        return
    if not rows:
        typer.echo(listing_line(None))
        return
    for r in listing(ledger(), [r["game_id"] for r in rows]):
        typer.echo(listing_line(r))


def _fits(sent: Any, legal: Any) -> bool:
    """Does the legal command ``legal`` say what ``sent`` says, where a card
    ``sent`` names by its kind (``volcanino``, ``orc``) may be any of its copies
    (``volcanino#2``, ``orc-04``)? A copy named by its id is that copy: another
    one is not it (two orcs stand in different places)."""
    from domain.kernel.chance_needs import card_kind

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
    import msgspec

    from domain.kernel import ActionTaken, IllegalCommand, decode_command, stored_command
    from services.reads.views import legal_json
    from services.store.values import parse_game_id

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
    if not alike:
        return payload
    from domain.kernel.phrases import phrase
    from tools.cli.files import told

    said = [json.dumps(c, ensure_ascii=False) for c in alike]
    if len(alike) > 1:
        ambiguous = phrase(
            "{command} could be any of {n} legal commands, which differ only in the copy of "
            "a card: {alike}; send one of them as written",
            command=json.dumps(payload, ensure_ascii=False),
            n=len(alike),
            alike="; ".join(said),
        )
        fail("ambiguous_command", told(ambiguous), rule="kernel.malformed")
    typer.echo(told(phrase("taken as {command}", command=said[0])), err=True)
    return alike[0]


@app.command(rich_help_panel=PANEL, name="act")
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
    import msgspec

    from services.store.values import parse_game_id

    payload = None
    if command is not None:
        try:
            payload = json.loads(command)
        except json.JSONDecodeError as e:
            from domain.kernel.phrases import phrase
            from tools.cli.files import told

            fail(
                "malformed_command",
                told(phrase("--command is not JSON: {why}", why=str(e))),
                rule="kernel.malformed",
            )
    if token is not None:
        # A wrong token learns nothing, not even the legal commands a kind matched.
        ledger().check_token(parse_game_id(game_id), seat, token)
    payload = as_legal(game_id, seat, payload, idempotency_key)
    entries = ledger().act(
        game_id,
        seat,
        payload,
        key=idempotency_key,
        dice=parse_numbers(dice),
        orders=[parse_numbers(o) for o in order or []],
        drew=parse_cards(drew),
        token=token,
    )
    from services.reads.holds import held_json
    from services.reads.views import entry_json
    from services.seats.hold import by_seats
    from services.words.sentences import Words

    if not entries:
        gid = parse_game_id(game_id)
        held = held_json(ledger(), gid, ledger().load(gid), seat)
        if held is not None:
            from domain.kernel.phrases import phrase
            from tools.cli.files import told

            typer.echo(told(phrase("held: {said}", said=held["text"])), err=True)
    loaded = ledger().load(game_id, 1)
    started = loaded.fold.started
    words = Words.table(loaded.game, started)
    if by_seats(started.setup):
        # Each seat enters its own draws here, on its own device: it is shown
        # what it may see, as its page and the HTTP answer show it.
        now = ledger().load(game_id)
        finished = now.game.outcome(now.fold.state) is not None
        out([entry_json(e, seat, finished, words=words) for e in entries])
        return
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


@app.command(rich_help_panel=PANEL)
@guarded
def legal(game_id: str, seat: Annotated[int, typer.Option("--seat", "-s")]) -> None:
    """Every command the seat may send now (JSON list)."""
    from services.reads.views import legal_json

    check_seat(game_id, seat)
    out(legal_json(ledger(), game_id, seat))


@app.command(rich_help_panel=PANEL)
@guarded
def state(
    game_id: str,
    at: Annotated[int | None, typer.Option(help="position (1 = GameStarted); default: now")] = None,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat sees it")] = None,
) -> None:
    """The state at any position, as a seat (or a spectator) sees it."""
    from services.reads.views import state_json

    check_seat(game_id, seat)
    out(state_json(ledger(), game_id, at=at, seat=seat))


@app.command(rich_help_panel=PANEL)
@guarded
def log(
    game_id: str,
    seat: Annotated[int | None, typer.Option("--seat", "-s", help="as this seat sees it")] = None,
    full: Annotated[bool, typer.Option(help="operator view: nothing redacted")] = False,
) -> None:
    """The event log, as a seat or a spectator may read it.

    While the game runs, what the reader may not see is redacted; --full shows
    everything (the operator's view)."""
    from services.reads.views import log_json

    check_seat(game_id, seat)
    out(log_json(ledger(), game_id, seat=seat, full=full))


@app.command(rich_help_panel=PANEL)
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


@app.command(rich_help_panel=PANEL)
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
    from domain.kernel.phrases import phrase
    from tools.cli.files import told

    typer.echo(told(phrase("note {number} on position {at}", number=number, at=at)))


@app.command(rich_help_panel=PANEL)
@guarded
def notes(game_id: str) -> None:
    """A game's annotations (JSON)."""
    from services.reads.views import notes_json

    out(notes_json(ledger(), game_id))


@app.command(rich_help_panel=PANEL)
@guarded
def holds(game_id: str) -> None:
    """Who entered which cards, and when, for each held command.

    Only at a table whose seats enter their own draws. The record is printed
    whole as JSON, with the cards named: the operator's view, as log --full is.
    Every entry refused is listed too, marked so, after the row it was sent at."""
    from services.reads.hold_record import in_order
    from services.seats.hold import OPENING, Refused
    from services.store.values import parse_game_id

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
                    "tried": item.tried,
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
                    "again": item.again,
                    "refused": False,
                }
            )
    out(lines)
