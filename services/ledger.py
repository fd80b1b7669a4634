"""The event store of games: one eventsourcing application, one stream per game.

A command is decided against the game's current fold and appended with its
consequences in one transaction, each event linked to the one before by a
hash. Optimistic concurrency is eventsourcing's: two writers racing for the
same stream position cannot both succeed; the loser reloads and decides again.
"""

from __future__ import annotations

import hashlib
import logging
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from uuid import UUID, uuid5

import msgspec
from eventsourcing.application import Application
from eventsourcing.persistence import (
    InfrastructureFactory,
    IntegrityError,
    InternalError,
    OperationalError,
    PersistenceError,
    ProgrammingError,
    RecordConflictError,
    StoredEvent,
)
from eventsourcing.utils import Environment

from domain.games import get_game
from domain.kernel import (
    ENGINE_VERSION,
    ActionTaken,
    CardsShuffled,
    DiceRequired,
    Event,
    Fold,
    Game,
    GameForked,
    GameStarted,
    IllegalCommand,
    SeedRevealed,
    SetupError,
    act,
    apply,
    commitment,
    decode_command,
    open_fold,
    start,
    stored_command,
)
from domain.kernel.chance_needs import seats_named
from domain.kernel.data import MAX_NAME, data_hash, name_problem
from domain.kernel.events import OPENING_CHANCE
from services.config import eventsourcing_env, store_url
from services.limits import (
    MAX_DICE,
    MAX_ORDER_LENGTH,
    MAX_ORDERS,
    MAX_POSITION,
    check_depth,
    check_seed,
)
from services.seats.desk import HeldActs
from services.seats.hold import BY_SEATS, by_seats
from services.store.chance import (
    card_words,
    check_supplied_used,
    dice_for,
    opening_dice,
    quoted_names,
    seat_words,
    unrevealing,
)
from services.store.codec import (
    GENESIS,
    Record,
    decode_record,
    encode_body,
    encode_record,
    link_hash,
    topic_of,
)
from services.store.commit import Committer, Rows
from services.store.fold import (
    RecordRow,
    decode_events,
    fold_rows,
    fold_states,
    hash_of,
    head_of,
    opening,
    read_records,
    track_keys,
)
from services.store.freshness import freshness_for
from services.store.host_binding import (
    WriteRefused,
    attach,
    carry_token,
    open_counters,
    refusal,
)
from services.store.host_binding import status as binding_status
from services.store.pg_write import lost_backend, settle
from services.store.records import LedgerMapper
from services.store.rows import Row, select_rows, select_states
from services.store.shards import Shards, shard_count
from services.store.sqlite_writer import SQLiteWriter
from services.words.card_names import table_names

log = logging.getLogger("wizards.ledger")

SNAPSHOT_EVERY = 100
MAX_RETRIES = 50
CACHED_GAMES = 4096
GAME_LOCKS = 4096
_SECRETS_NS = UUID("6f1d8a52-3c57-4b8e-9d43-5f0e7f6c2a10")
_NOTES_NS = UUID("0c7e2b9a-1d4f-4e61-8a3b-94d5c2f1e087")


class ActNotStored(OperationalError):
    """The store failed during an act and, read back, does not hold it: sending
    the command again cannot play it twice."""

    def __init__(self, failure: BaseException) -> None:
        super().__init__(
            f"the act was not stored: the store failed ({failure}); send it again "
            "once the store answers"
        )


class GameNotFound(LookupError):
    def __init__(self, game_id: object) -> None:
        super().__init__(f"no game {game_id}")
        self.game_id = game_id


class NotAuthorized(PermissionError):
    pass


class IdempotencyConflict(ValueError):
    pass


class Secrets(msgspec.Struct, frozen=True):
    """Kept out of the game stream and the notification log: the seed and seat tokens.

    ``segments`` are the seeds of a forked stream's stretches, oldest first
    (each fork with fresh dice starts a stretch); empty means ``(seed,)``.
    """

    seed: str | None
    token_hashes: tuple[str, ...]
    segments: tuple[str, ...] = ()

    def segment_seeds(self) -> tuple[str, ...]:
        if self.segments:
            return self.segments
        return (self.seed,) if self.seed is not None else ()


class Annotation(msgspec.Struct, frozen=True):
    """A referee's note on a position; kept apart from the game's events.

    Notes form a chain of their own (``prev``, ``hash``), so that an edited or
    removed note is found by ``verify`` like an edited event."""

    at: int
    author: str
    text: str
    written: str
    prev: str = ""
    hash: str = ""

    def expected_hash(self) -> str:
        h = hashlib.sha256()
        for part in (self.prev, str(self.at), self.author, self.text, self.written):
            h.update(part.encode())
            h.update(b"\x1f")
        return h.hexdigest()


class Snapshot(msgspec.Struct, frozen=True):
    engine: str
    game: str
    head: str
    table: msgspec.Raw
    keys: dict[str, tuple[int, int, int]]


@dataclass(frozen=True)
class Entry:
    """One stored event with its position and chain link."""

    position: int
    topic: str
    event: Event
    at: str
    prev: str
    hash: str
    schema: int


@dataclass
class Loaded:
    """A game's fold at some version, plus what the service needs around it."""

    game: Game[Any]
    fold: Fold[Any]
    head: str
    keys: dict[str, tuple[int, int, int]] = field(default_factory=dict)

    @property
    def version(self) -> int:
        return self.fold.position


@dataclass(frozen=True)
class Acted:
    """What an act appended, and the game as this process knows it right after."""

    entries: list[Entry]
    loaded: Loaded


@dataclass
class Staged:
    """An append ready to commit: its rows, and the game before and after them."""

    gid: UUID
    loaded: Loaded
    new: Loaded
    entries: list[Entry]
    rows: Rows
    first_is_start: bool = False
    secret: Secrets | None = None
    # The game's turn, held by an act begun without a thread (``begin_act``).
    turn: threading.Lock | None = None


@dataclass(frozen=True)
class Created:
    game_id: UUID
    seats: list[tuple[int, str]]


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="microseconds")


def _hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _check_name(name: object) -> None:
    """Names appear in logs, replays and exports: short, printable, one line
    (the same rule as the names a data file gives its cards)."""
    problem = name_problem(name)
    if problem is not None:
        long = isinstance(name, str) and len(name) > MAX_NAME
        raise SetupError(f"player name {f'{name[:20]!r}…' if long else repr(name)}: {problem}")


def _check_supplied(
    dice: Sequence[int], orders: Sequence[Sequence[int]], drew: Sequence[str]
) -> None:
    """What a table supplies with an act (dice, deck orders, cards drawn), well
    formed, or the act is refused under the table-mode rule."""
    try:
        _check_chance(dice, orders)
        _check_drew(drew)
    except SetupError as e:
        raise IllegalCommand("bad_dice", "kernel.table-mode", str(e)) from None


def _check_chance(values: Sequence[object], orders: Sequence[object]) -> None:
    """Scripted dice and deck orders: small non-negative integers, checked before
    anything is written (a die never shows more than a million faces)."""
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 1_000_000:
            raise SetupError(f"dice value {v!r}: a die shows a whole number from 1")
    if len(values) > MAX_DICE or len(orders) > MAX_ORDERS:
        raise SetupError(f"at most {MAX_DICE} dice values and {MAX_ORDERS} deck orders")
    for order in orders:
        if (
            not isinstance(order, list | tuple)
            or len(order) > MAX_ORDER_LENGTH
            or not all(isinstance(i, int) and not isinstance(i, bool) for i in order)
        ):
            raise SetupError(f"deck order {order!r:.80}: a list of 0-based card positions")
        # Each card once: anything else would duplicate or lose cards on shuffling.
        if sorted(order) != list(range(len(order))):
            raise SetupError(
                f"deck order {order!r:.80}: not a permutation of 0..{len(order) - 1} "
                "(each old position exactly once)"
            )


def _check_position(at: int) -> None:
    """Positions reach SQL: one beyond the stores' integers is no position at all."""
    if at > MAX_POSITION:
        raise ValueError(f"no position {at}: positions go up to {MAX_POSITION}")


def _check_drew(drew: Sequence[object]) -> None:
    if len(drew) > MAX_DICE:
        raise SetupError(f"{len(drew)} cards drawn: at most {MAX_DICE} with one command")
    for card in drew:
        if not isinstance(card, str) or not card or len(card) > 100:
            raise SetupError(f"card drawn {card!r}: a card id")


def table_data(game: Game[Any], data: Mapping[str, Any] | None) -> dict[str, Any]:
    """``GameStarted``'s data fields for a table's own data file (none: built-in data)."""
    if data is None:
        return {}
    # Through JSON, so that it equals what a store round trip gives back (tuples as lists).
    normal: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(game.validate_data(data)))
    return {"data": normal, "data_hash": data_hash(normal)}


def _decode_snapshot(state: bytes) -> Loaded | None:
    """A stored snapshot's fold; None for one taken by another engine version (a
    snapshot is a cache of one engine's fold: refold under another)."""
    snap = msgspec.msgpack.decode(state, type=Snapshot)
    if snap.engine != ENGINE_VERSION:
        return None
    game = get_game(snap.game)
    table = msgspec.msgpack.decode(snap.table, type=Fold[game.state_type])  # type: ignore[name-defined]
    return Loaded(game=game, fold=table, head=snap.head, keys=dict(snap.keys))


def _track_keys(
    keys: dict[str, tuple[int, int, int]], events: Iterable[tuple[int, Event]]
) -> dict[str, tuple[int, int, int]]:
    """Idempotency keys -> (first position, last position, seat) of their action
    (``services.store.fold.track_keys``)."""
    pairs = list(events)
    return track_keys(keys, [p for p, _ in pairs], [e for _, e in pairs])


def parse_game_id(raw: str | UUID) -> UUID:
    if isinstance(raw, UUID):
        return raw
    try:
        return UUID(raw.strip())
    except (ValueError, AttributeError):
        raise GameNotFound(raw) from None


class WizardLedger(HeldActs, Application[UUID]):
    """The store of every game. Construct with a store URL (see ``services.config``)."""

    name = "WizardLedger"

    def __init__(
        self,
        url: str | None = None,
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
        use_snapshots: bool = True,
    ) -> None:
        """``snapshot_every``: take a snapshot each time a stream crosses a multiple
        of it (0: never). ``use_snapshots=False`` folds every read from
        GameStarted (to compare against, or to distrust a snapshot)."""
        self.url = store_url(url)
        # PostgreSQL in one-host mode: the counters file whose token every
        # connection carries, and which the store must be bound to.
        self._host = open_counters(self.url)
        for attempt in range(6):
            # Processes opening a fresh PostgreSQL schema at once race on CREATE
            # TABLE ("tuple concurrently updated"); the tables exist after a retry.
            try:
                super().__init__(env=eventsourcing_env(self.url))
                self.snapshot_recorder = self.factory.aggregate_recorder(purpose="snapshots")
                self.secrets_recorder = self.factory.aggregate_recorder(purpose="secrets")
                self.notes_recorder = self.factory.aggregate_recorder(purpose="annotations")
                self.heads_recorder = self.factory.aggregate_recorder(purpose="heads")
                self.holds_recorder = self.factory.aggregate_recorder(purpose="holds")
                self.shards = Shards(self.recorder, shard_count(self.url))
                break
            except (InternalError, IntegrityError, ProgrammingError):
                if attempt == 5:
                    raise
                time.sleep(0.05 * (attempt + 1))
        if self._host is not None:
            try:
                attach(self.recorder.datastore, self.recorder.events_table_name, self._host)
            except BaseException:
                self._host.close()
                self.factory.close()
                raise
        self.snapshot_every = snapshot_every
        self.use_snapshots = use_snapshots
        self._cache: OrderedDict[UUID, Loaded] = OrderedDict()
        # The commit counter each cached fold was current at (see services.store.freshness):
        # while a game's counter still shows it, reads are answered from the cache.
        self.freshness = freshness_for(self.url, self._host)
        self._current_at: dict[UUID, int] = {}
        # Secrets never change once written: read each game's once.
        self._secrets: OrderedDict[UUID, Secrets] = OrderedDict()
        self._lock = threading.RLock()
        # Acts on one game in this process take turns (striped by game id), so
        # that the second decides on the first's result instead of losing a race.
        self._game_locks = [threading.Lock() for _ in range(GAME_LOCKS)]
        self.listeners: list[Callable[[UUID, list[Entry]], None]] = []
        # Counters for metrics: acts that lost a race and were decided again,
        # and retries answered from an idempotency key.
        self.conflicts = 0
        self.replays = 0
        # Acts decided on an event loop (``begin_act``) and by ``perform`` (a
        # thread of the API, or any other caller): how often the loop hands over.
        self.acts_on_loop = 0
        self.acts_performed = 0

    def construct_mapper(self) -> LedgerMapper:  # type: ignore[override]
        return LedgerMapper()

    def construct_factory(self, env: Environment) -> InfrastructureFactory[Any]:
        factory = super().construct_factory(env)
        if self._host is not None:  # before the pool's first connection
            carry_token(factory.datastore, self._host.token)  # type: ignore[attr-defined]
        return factory

    def binding_status(self) -> dict[str, Any] | None:
        """The PostgreSQL store's binding to one host's counters file, as this
        process sees it (``host_binding.status``); None for any other store."""
        if not self.url.startswith("postgres"):
            return None
        return binding_status(self.recorder.datastore, self._host)  # type: ignore[attr-defined]

    def _refusal(self, error: BaseException) -> WriteRefused | None:
        """The store's refusal of a write: bound to another host's counters file.
        This host's file, if it has one, is then not the bound one: its reads
        stop trusting it at once."""
        refused = refusal(error)
        if refused is not None and self._host is not None:
            with self._host.held():
                self._host.distrust()
        return refused

    # ------------------------------------------------------------------ create

    def create_game(
        self,
        game_id: str,
        players: int | Sequence[str],
        *,
        seed: str | None = None,
        table: bool = False,
        setup: Mapping[str, Any] | None = None,
        options: Mapping[str, object] | None = None,
        dice: Sequence[int] = (),
        orders: Sequence[Sequence[int]] = (),
        drew: Sequence[str] = (),
        data: Mapping[str, Any] | None = None,
        chance_by: str = "table",
    ) -> Created:
        """Open a game. Returns its id and one secret token per seat.

        Table mode: ``dice`` and ``orders`` start the script of chance the
        table supplies (after a setup file's own); ``drew`` names the cards
        dealt from piles of unknown order at the opening. ``data``: the
        table's own game data file, checked by the game and bound into
        ``GameStarted`` by its hash. ``chance_by``: ``"seats"`` where each seat
        of a table-mode game enters the cards it draws (``services.seats.hold``)."""
        game = get_game(game_id)
        if chance_by not in ("table", BY_SEATS):
            raise SetupError(
                f"chance_by is 'table' (one person enters the table's chance) or "
                f"'seats' (each seat enters the cards it draws), not {chance_by!r}"
            )
        # Sizes first, before anything is built from them (a count of five
        # million would otherwise name five million seats).
        game.spec.check_players(players if isinstance(players, int) else len(players))
        check_seed(seed)
        check_depth("the setup", setup)
        check_depth("the options", options)
        names = (
            tuple(f"seat {i}" for i in range(players))
            if isinstance(players, int)
            else tuple(players)
        )
        for name in names:
            _check_name(name)
        if seed is not None and not seed.strip():
            raise SetupError("an empty seed is no secret: leave the seed out, or give a real one")
        script = setup or {}
        _check_chance([*dice, *script.get("dice", [])], [*script.get("orders", []), *orders])
        _check_drew([*script.get("drew", []), *drew])
        resolved = game.spec.resolve_options(options)
        bound = table_data(game, data)
        normal_setup: dict[str, Any] | None = None
        script_values: list[int] = list(dice)
        script_orders: list[list[int]] = [list(o) for o in orders]
        script_drew: list[str] = list(drew)
        if setup is not None:
            body = {k: v for k, v in setup.items() if k not in OPENING_CHANCE}
            normal_setup = dict(game.validate_setup(body, len(names), bound.get("data")))
            script_values = [*list(setup.get("dice", [])), *script_values]
            script_orders = [*[list(o) for o in setup.get("orders", [])], *script_orders]
            script_drew = [*list(setup.get("drew", [])), *script_drew]
        if script_values or script_orders or script_drew:
            table = True
        if chance_by == BY_SEATS and not table:
            raise SetupError("seats enter their own draws only at a table-mode game (--table)")
        if table and seed is not None:
            raise SetupError("a table-mode game has no seed: its dice come from the table")
        if table:
            normal_setup = dict(normal_setup or {})
            normal_setup["dice"] = script_values
            normal_setup["orders"] = script_orders
            if script_drew:
                normal_setup["drew"] = script_drew
            if chance_by == BY_SEATS:
                normal_setup["chance_by"] = BY_SEATS
            seed = None
        elif seed is None:
            seed = secrets.token_hex(16)
        started = GameStarted(
            game=game.spec.id,
            options=resolved,
            players=names,
            mode="table" if table else "seeded",
            seed_commitment=commitment(seed) if seed is not None else "",
            engine_version=ENGINE_VERSION,
            setup=normal_setup,
            **bound,
        )
        gid = self.shards.new_game_id()
        tokens = [secrets.token_urlsafe(16) for _ in names]
        secret = Secrets(seed, tuple(_hash_token(t) for t in tokens))
        if chance_by == BY_SEATS:
            opened = self.open_by_seats(
                gid, game, started, (script_values, script_orders, script_drew), secret
            )
            if opened is None:  # dealt into seats' hands: they name their own cards
                return Created(gid, list(enumerate(tokens)))
            events = opened
        else:
            events = self._opening(game, started, seed, script_drew)
        for event in events:
            encode_body(event)  # an unencodable setup fails here, before anything is written
        opened_with = events[0]  # GameStarted as recorded (the cards named by their ids)
        assert isinstance(opened_with, GameStarted)
        loaded = Loaded(game=game, fold=open_fold(game, opened_with), head=GENESIS)
        # GameStarted is position 1: the fold of the opening events starts from it.
        self._append(gid, loaded, events, first_is_start=True, secret=secret)
        return Created(gid, list(enumerate(tokens)))

    @staticmethod
    def _opening(
        game: Game[Any], started: GameStarted, seed: str | None, drew: list[str]
    ) -> list[Event]:
        """The opening events, ``GameStarted`` first, with the table's chance
        (``drew``: the cards it named as dealt)."""
        chance = opening_dice(started, seed)
        try:
            events = start(game, started, chance)
        except DiceRequired as e:
            raise e.with_needs(e.needs, card_words(started), seat_words(started)) from None
        # The cards named at the opening are for its deal: one left over is a typo.
        check_supplied_used(chance, (), (), drew)
        taken = chance.named_cards(drew)
        if list(taken) != drew:
            # Cards named by kind or printed name are recorded by the ids dealt,
            # so that replay and verify deal exactly those.
            started = msgspec.structs.replace(
                started, setup={**(started.setup or {}), "drew": list(taken)}
            )
            events = [started, *events[1:]]
        return events

    # -------------------------------------------------------------------- fork

    def fork(self, game_id: str | UUID, at: int) -> Created:
        """A what-if branch: a new game holding this one's events up to ``at``.

        ``at`` must fall between two actions (not inside an action's
        consequences) and before the game's end. A branch of a finished game
        keeps its seed (already revealed): the same choice meets the same dice,
        another choice shows what would have happened otherwise. A branch of a
        running game rolls from a fresh secret seed, committed in
        ``GameForked``, so that it can neither preview nor reveal the
        original's dice. The branch ends with ``GameForked`` and gets new tokens.
        """
        gid = parse_game_id(game_id)
        _check_position(at)
        source = self.entries(gid, lte=at)
        if at < 1 or len(source) < at:
            raise ValueError(f"game {gid} has no position {at}")
        following = self.entries(gid, gt=at, lte=at + 1)
        if following and not isinstance(following[0].event, ActionTaken):
            raise ValueError(
                f"position {at} is inside an action's consequences; fork at the position "
                "just before an action (see the log)"
            )
        branch_point = self._load_at(gid, at)
        if branch_point.game.outcome(branch_point.fold.state) is not None:
            raise ValueError(f"the game is already over at position {at}: nothing to play")
        original_over = self._load(gid)
        finished = original_over.game.outcome(original_over.fold.state) is not None
        secret = self._read_secrets(gid)
        events: list[Event] = [e.event for e in source]
        fresh = [e for e in events if isinstance(e, GameForked) and e.seed_commitment]
        all_segments = secret.segment_seeds()
        segments = all_segments[: len(fresh) + 1]
        started = events[0]
        assert isinstance(started, GameStarted)
        # The original's dice may be reused only where its seed is already public:
        # the source is finished and the branch point lies in its last stretch,
        # whose seed the source's SeedRevealed showed. Anywhere else (a running
        # game, or an earlier stretch of a branch) the seed is still secret.
        revealed = finished and len(segments) == len(all_segments)
        if started.mode == "seeded" and not revealed:
            seed: str | None = secrets.token_hex(16)
            assert seed is not None
            segments = (*segments, seed)
            mark = GameForked(
                rule="kernel.fork", from_game=str(gid), at=at, seed_commitment=commitment(seed)
            )
        else:
            seed = segments[-1] if segments else None
            mark = GameForked(rule="kernel.fork", from_game=str(gid), at=at)
        events.append(mark)
        new = self.shards.new_game_id()
        tokens = [secrets.token_urlsafe(16) for _ in started.players]
        secret = Secrets(seed, tuple(_hash_token(t) for t in tokens), segments=segments)
        game = get_game(started.game)
        loaded = Loaded(game=game, fold=open_fold(game, started), head=GENESIS)
        self._append(new, loaded, events, first_is_start=True, secret=secret)
        return Created(new, list(enumerate(tokens)))

    # ------------------------------------------------------------- annotations

    def annotate(self, game_id: str | UUID, at: int, text: str, author: str = "referee") -> int:
        """Add a note on position ``at``; returns the note's number. The game's
        own stream is never touched: notes have a table of their own."""
        gid = parse_game_id(game_id)
        if not text.strip():
            raise ValueError("an annotation needs some text")
        if not 1 <= at <= self.load(gid).version:
            raise ValueError(f"game {gid} has no position {at}")
        nid = uuid5(_NOTES_NS, gid.hex)
        for _ in range(MAX_RETRIES):
            last = self.notes_recorder.select_events(nid, desc=True, limit=1)
            number = (last[0].originator_version if last else 0) + 1
            prev = msgspec.msgpack.decode(last[0].state, type=Annotation).hash if last else GENESIS
            draft = Annotation(at=at, author=author, text=text, written=_now(), prev=prev)
            note = msgspec.structs.replace(draft, hash=draft.expected_hash())
            try:
                self.notes_recorder.insert_events(
                    [StoredEvent(nid, number, "wizards:annotation", msgspec.msgpack.encode(note))]
                )
                return number
            except (RecordConflictError, IntegrityError):
                continue
        raise RuntimeError("could not store the annotation")

    def annotations(self, game_id: str | UUID) -> list[tuple[int, Annotation]]:
        nid = uuid5(_NOTES_NS, parse_game_id(game_id).hex)
        return [
            (row.originator_version, msgspec.msgpack.decode(row.state, type=Annotation))
            for row in self.notes_recorder.select_events(nid)
        ]

    # --------------------------------------------------------------------- act

    def act(
        self,
        game_id: str | UUID,
        seat: int,
        command: object,
        *,
        key: str | None = None,
        dice: Sequence[int] = (),
        orders: Sequence[Sequence[int]] = (),
        drew: Sequence[str] = (),
        token: str | None = None,
        require_token: bool = False,
    ) -> list[Entry]:
        """Decide and append a seat's command; return the appended entries.

        ``dice`` and ``orders`` are the chance a table supplies (table mode only):
        die faces (or 1-based choices) and deck orders (0-based permutations),
        and ``drew`` the cards actually drawn from piles of unknown order.

        Raises ``IllegalCommand`` (nothing appended) for a refused command. A
        retried command with the same idempotency ``key`` returns the entries
        the first one appended and appends nothing.
        """
        return self.perform(
            game_id,
            seat,
            command,
            key=key,
            dice=dice,
            orders=orders,
            drew=drew,
            token=token,
            require_token=require_token,
        ).entries

    def perform(
        self,
        game_id: str | UUID,
        seat: int,
        command: object,
        *,
        key: str | None = None,
        dice: Sequence[int] = (),
        orders: Sequence[Sequence[int]] = (),
        drew: Sequence[str] = (),
        token: str | None = None,
        require_token: bool = False,
    ) -> Acted:
        """``act``, also returning the game as it stands after the command (from
        memory: no read after the write).

        The command is decided on this process's cached fold without reading
        the store first. If another process wrote to the game meanwhile, the
        append loses the race for the stream position (nothing is written), and
        the command is decided again on the fold read back; a refusal on a
        cached fold is checked against the store before it is given.
        """
        self.acts_performed += 1
        gid = parse_game_id(game_id)
        if token is not None or require_token:
            self.check_token(gid, seat, token)
        _check_supplied(dice, orders, drew)
        with self._turn(gid):
            fresh = False
            for _ in range(MAX_RETRIES):
                loaded, read = self._current(gid)
                if by_seats(loaded.fold.started.setup):
                    return self._held_perform(gid, seat, command, (dice, orders, drew), key)
                fresh = fresh or read
                if key is not None and key in loaded.keys:
                    replayed = self._replayed(gid, loaded, seat, command, key)
                    self.replays += 1
                    return Acted(replayed, loaded)
                try:
                    staged = self._staged_act(gid, loaded, seat, command, (dice, orders, drew), key)
                except IllegalCommand:
                    # Refused on a fold that may be behind another process's writes:
                    # refuse only if the store has nothing newer.
                    if fresh or not self._catch_up(gid, loaded):
                        raise
                    fresh = True
                    continue
                try:
                    self._commit(gid, staged.rows)
                    return Acted(*self._settle(staged))
                except (RecordConflictError, IntegrityError):
                    self.conflicts += 1
                    self._forget(gid)
                    landed = self.landed(staged)
                    if landed is not None:
                        return landed
                    stored = self._reload(gid)
                    if fresh and stored.version == loaded.version:
                        # Nothing newer in the stream, yet the write conflicts: the
                        # recorded head is past the stream (its last events removed).
                        self._forget(gid)
                        raise RuntimeError(
                            f"game {gid}: the stream ends before its recorded head; run verify"
                        ) from None
                    fresh = True
                    continue
                except PersistenceError as e:
                    # The store failed (a dropped connection, a lock timeout):
                    # if that was at COMMIT, the rows may have landed all the same.
                    self._forget(gid)
                    landed = self.landed(staged, failure=e)
                    if landed is not None:
                        return landed
                    raise ActNotStored(e) from e
        raise RuntimeError(f"game {gid}: gave up after {MAX_RETRIES} conflicting writes")

    def _replayed(
        self, gid: UUID, loaded: Loaded, seat: int, command: object, key: str
    ) -> list[Entry]:
        """The entries of an action already stored under idempotency ``key``."""
        first, last, key_seat = loaded.keys[key]
        original = self.entries(gid, gt=first - 1, lte=last)
        action = original[0].event
        if key_seat != seat or (
            isinstance(action, ActionTaken)
            and action.command != stored_command(decode_command(loaded.game, command))
        ):
            raise IdempotencyConflict(
                f"idempotency key {key!r} was already used for another command"
            )
        return original

    def _staged_act(
        self,
        gid: UUID,
        loaded: Loaded,
        seat: int,
        command: object,
        chance: tuple[Sequence[int], Sequence[Sequence[int]], Sequence[str]],
        key: str | None,
    ) -> Staged:
        """The command decided on ``loaded`` and its rows staged (``perform`` and
        ``begin_act``); raises ``IllegalCommand`` for a refusal."""
        try:
            if command is None:
                raise IllegalCommand(
                    "malformed_command", "kernel.malformed", "no command: send one (see legal)"
                )
            cmd = decode_command(loaded.game, command)
            events, after = self._decide(gid, loaded, seat, cmd, chance, key)
        except IllegalCommand as e:
            refused = self._told(gid, loaded, seat, e)
            if refused is e:
                raise
            raise refused from None
        return self._stage(gid, loaded, events, folded=after)

    def _told(
        self,
        gid: UUID,
        loaded: Loaded,
        seat: int,
        error: IllegalCommand,
        *,
        seats_by_name: bool = False,
    ) -> IllegalCommand:
        """A refusal as ``seat`` is told it: the cards it could have drawn as it
        may know them (``_unrevealing``), in the game's words (the table's card
        names, a quoted id by its name) and, with ``seats_by_name``, every seat
        by its player's name ("given by Bob")."""
        started = loaded.fold.started
        refused = (
            self._unrevealing(gid, error, loaded, seat)
            if isinstance(error, DiceRequired)
            else error
        )
        said = (
            seats_named(refused.message, seat_words(started)) if seats_by_name else refused.message
        )
        refused.message = table_names(started).rename(quoted_names(said, started))
        refused.args = (refused.message,)
        return refused

    def _unrevealing(
        self, gid: UUID, refused: DiceRequired, loaded: Loaded, seat: int
    ) -> DiceRequired:
        """``seat``'s refusal for missing cards, listing what could be drawn as
        the seat may know it (``chance.unrevealing``): read from the record,
        on this path only, without the cards the seat sees elsewhere at
        ``loaded``'s position; the cards by the names the table reads, the
        seats by their players' names."""
        started = loaded.fold.started
        if not any(need.kind == "card" for need in refused.needs):
            # No pile to read: only the seats said by name ("a die for Ann").
            return refused.with_needs(refused.needs, card_words(started), seat_words(started))
        # Before a held opening is stored, no pile has been drawn from: as they are.
        stored = self.entries(gid, gt=0)
        shuffles = [e.event for e in stored if isinstance(e.event, CardsShuffled)]
        hidden = loaded.game.hidden_from(loaded.fold.state, seat) if shuffles else None
        needs = unrevealing(refused.needs, shuffles, hidden)
        return refused.with_needs(needs, card_words(started), seat_words(started))

    def _decide(
        self,
        gid: UUID,
        loaded: Loaded,
        seat: int,
        cmd: Any,
        chance: tuple[Sequence[int], Sequence[Sequence[int]], Sequence[str]],
        key: str | None,
    ) -> tuple[list[Event], Fold[Any]]:
        """The events of the command, and the fold after them (``_append`` reuses it).

        ``chance``: the dice values, deck orders and cards drawn a table supplied."""
        values, orders, drew = chance
        table = loaded.fold
        secret = self._read_secrets(gid)
        dice = dice_for(table, secret.seed, values, orders, drew)
        events = act(
            loaded.game,
            table,
            seat,
            cmd,
            dice,
            supplied=values,
            supplied_orders=orders,
            supplied_drew=drew,
            key=key,
        )
        check_supplied_used(dice, values, orders, drew)
        after = table
        for event in events:
            after = apply(loaded.game, after, event)
        if loaded.game.outcome(after.state) is not None and secret.seed is not None:
            revealed = SeedRevealed(rule="kernel.seed", seed=secret.seed)
            events.append(revealed)
            after = apply(loaded.game, after, revealed)
        return events, after

    # ------------------------------------------------------------------ append

    def _append(
        self,
        gid: UUID,
        loaded: Loaded,
        events: list[Event],
        *,
        first_is_start: bool = False,
        folded: Fold[Any] | None = None,
        secret: Secrets | None = None,
    ) -> tuple[list[Entry], Loaded]:
        """Append ``events`` after ``loaded``, with the recorded head (and a new
        game's ``secret``) in the same transaction; return the entries and the
        game after them. ``folded`` is the fold after the events when the caller
        has it already (deciding a command folds them to see the end)."""
        staged = self._stage(
            gid, loaded, events, first_is_start=first_is_start, folded=folded, secret=secret
        )
        self._commit(gid, staged.rows)
        return self._settle(staged)

    def _commit(self, gid: UUID, rows: Rows) -> None:
        committer = self.shards.committer(gid)
        if committer is not None:
            try:
                committer.commit(rows)
            except PersistenceError as e:
                refused = self._refusal(e)
                if refused is None:
                    raise
                raise refused from e
        else:  # the in-memory store has no transactions to share
            for recorder, records in rows:
                recorder.insert_events(records)

    def landed(self, staged: Staged, failure: BaseException | None = None) -> Acted | None:
        """The act, if its rows are in the store after all; None if they are not.

        A commit whose answer was lost (the connection dropped at COMMIT), or a
        group's shared transaction that failed that way and whose writes were
        then tried alone (each finding its own rows there: a conflict), may
        have stored them. Deciding the command again would then play it twice.
        The first row's hash covers a salt drawn for this write alone, so the
        same hash at that position is this write. ``failure``: the store's
        error, raised instead of a read's if the store cannot be read now."""
        first = staged.entries[0]
        lost = None if failure is None else lost_backend(failure)
        if lost is not None:  # its statement may still commit: end it first
            settle(self.shards.of(staged.gid).datastore, lost)  # type: ignore[attr-defined]
        try:
            rows = select_rows(
                self.shards.of(staged.gid), staged.gid, gt=first.position - 1, lte=first.position
            )
        except PersistenceError:
            if failure is not None:
                raise failure from None
            raise
        if not rows or hash_of(rows[0][2]) != first.hash:
            return None
        log.warning(
            "game %s: the write at #%d was stored though its commit reported a failure",
            staged.gid,
            first.position,
        )
        return Acted(*self._settle(staged))

    def _stage(
        self,
        gid: UUID,
        loaded: Loaded,
        events: list[Event],
        *,
        first_is_start: bool = False,
        folded: Fold[Any] | None = None,
        secret: Secrets | None = None,
    ) -> Staged:
        """The rows that append ``events`` after ``loaded`` (see ``_append``)."""
        at = _now()
        head = loaded.head
        table = loaded.fold
        position = 0 if first_is_start else table.position
        stored: list[StoredEvent] = []
        entries: list[Entry] = []
        salts = secrets.token_bytes(16 * len(events))  # one system call for all
        for i, event in enumerate(events):
            position += 1
            topic = topic_of(type(event))
            body = encode_body(event)
            schema = type(event).version
            salt = salts[16 * i : 16 * i + 16]
            h = link_hash(head, gid, position, topic, schema, at, body, salt)
            record = Record(schema=schema, at=at, prev=head, hash=h, body=body, salt=salt)
            stored.append(StoredEvent(gid, position, topic, encode_record(record)))
            entries.append(Entry(position, topic, event, at, head, h, schema))
            head = h
            if folded is None and not (first_is_start and i == 0):
                table = apply(loaded.game, table, event)
        if folded is not None:
            table = folded
        keys = _track_keys(dict(loaded.keys), [(e.position, e.event) for e in entries])
        new = Loaded(game=loaded.game, fold=table, head=head, keys=keys)
        # The head, apart from the stream: a stream cut short (its last events
        # deleted) no longer reaches the head recorded here, and verify says so.
        rows: Rows = [
            (self.shards.of(gid), stored),
            (self.heads_recorder, [StoredEvent(gid, position, "wizards:head", head.encode())]),
        ]
        if secret is not None:
            rows.insert(0, (self.secrets_recorder, [self._secrets_row(gid, secret)]))
        before = 0 if first_is_start else loaded.version
        if self.snapshot_every and before // self.snapshot_every != position // self.snapshot_every:
            # In the act's own transaction: a snapshot written apart would wait
            # for its own commit (on SQLite behind the acts, for the write lock)
            # and hold the act's answer meanwhile. No other writer can have
            # taken it: the position it is taken at is this transaction's.
            rows.append((self.snapshot_recorder, [self._snapshot_row(gid, new)]))
        return Staged(gid, loaded, new, entries, rows, first_is_start, secret)

    def _turn(self, gid: UUID) -> threading.Lock:
        """The lock an act of the game holds. Striped by a hash of the whole id:
        a sharded store's ids end with their shard's number."""
        return self._game_locks[hash(gid) % GAME_LOCKS]

    def _settle(self, staged: Staged) -> tuple[list[Entry], Loaded]:
        """What follows a staged append once it is durable: the commit counter,
        the cache, the listeners."""
        gid, new = staged.gid, staged.new
        # Raised before the act returns: a read sent after the answer sees it.
        counted = self.freshness.bump(gid)
        if staged.secret is not None:
            self._remember_secrets(gid, staged.secret)
        self._remember(
            gid, new, self._counter_after(gid, staged.loaded, counted, staged.first_is_start)
        )
        for listener in list(self.listeners):
            # The act is durable: a listener's failure (a live relay, a metric)
            # must not turn its answer into an error, nor keep the others deaf.
            try:
                listener(gid, staged.entries)
            except Exception:
                log.exception("game %s: a listener failed on an append", gid)
        return staged.entries, new

    # ------------------------------------------------- acts without a thread

    def begin_act(
        self,
        game_id: str | UUID,
        seat: int,
        command: object,
        *,
        key: str | None = None,
        dice: Sequence[int] = (),
        orders: Sequence[Sequence[int]] = (),
        drew: Sequence[str] = (),
    ) -> tuple[Staged, Committer] | None:
        """``perform``'s first half, for a caller that must not block (the event
        loop): the command decided and its rows staged, with the committer that
        takes them (``Committer.submit``); ``finish_act`` completes it. None
        where that would need to wait (another act on the game, a game not in
        memory, a retried key, a refusal on a fold not known current without
        reading the store): use ``perform``.

        Raises ``IllegalCommand`` (nothing staged) for a refused command, when the
        fold it was decided on is known current. The game's turn is held from
        here until ``finish_act``, which must be called whatever happens."""
        gid = parse_game_id(game_id)
        _check_supplied(dice, orders, drew)
        committer = self.shards.committer(gid)
        if committer is None:
            return None
        turn = self._turn(gid)
        if not turn.acquire(blocking=False):
            return None
        try:
            # As ``perform``: decided on the cached fold, which another process
            # may have left behind; the commit then loses the race for the position.
            current = self._fresh(gid)
            with self._lock:
                loaded = current or self._cache.get(gid)
            if (
                loaded is None
                or (key is not None and key in loaded.keys)
                or by_seats(loaded.fold.started.setup)  # at a table's pace: ``perform``
            ):
                turn.release()
                return None
            try:
                staged = self._staged_act(gid, loaded, seat, command, (dice, orders, drew), key)
            except IllegalCommand:
                if current is None:  # refused on a fold maybe behind: ask the store
                    turn.release()
                    return None
                raise
        except BaseException:
            turn.release()
            raise
        staged.turn = turn
        self.acts_on_loop += 1
        return staged, committer

    def current_in_memory(self, game_id: UUID) -> Loaded | None:
        """The game's fold, if this process holds it with its seat tokens and knows it
        current without asking the store (then ``load`` would read nothing either)."""
        with self._lock:
            if game_id not in self._secrets:
                return None
        return self._fresh(game_id)

    def in_memory(self, game_id: UUID) -> bool:
        """Whether the game's fold and secrets are cached: checking a seat's token
        and ``begin_act`` then read nothing of the store."""
        with self._lock:
            return game_id in self._cache and game_id in self._secrets

    def finish_act(self, staged: Staged, error: BaseException | None) -> Acted | None:
        """Complete ``begin_act`` once its rows were committed (``error`` None) or
        not: the act, or None when it lost the race for its position to another
        process (nothing was written; ``perform`` decides it again)."""
        try:
            if error is None:
                entries, new = self._settle(staged)
                return Acted(entries, new)
            if isinstance(error, RecordConflictError | IntegrityError):
                self.conflicts += 1
                self._forget(staged.gid)
                return None
            refused = self._refusal(error)
            if refused is not None:
                raise refused from error
            raise error
        finally:
            if staged.turn is not None:
                staged.turn.release()
                staged.turn = None

    # -------------------------------------------------------------------- load

    def _forget(self, gid: UUID) -> None:
        with self._lock:
            self._cache.pop(gid, None)
            self._current_at.pop(gid, None)

    def _remember(self, gid: UUID, loaded: Loaded, counter: int | None = None) -> None:
        """Cache ``loaded``; ``counter``: the game's commit counter it is known current at."""
        with self._lock:
            known = self._cache.get(gid)
            if known is not None and known.version > loaded.version:
                return  # a reader's catch-up that finished after a newer write
            self._cache[gid] = loaded
            self._cache.move_to_end(gid)
            if counter is None:
                self._current_at.pop(gid, None)
            else:
                self._current_at[gid] = counter
            while len(self._cache) > CACHED_GAMES:
                evicted, _ = self._cache.popitem(last=False)
                self._current_at.pop(evicted, None)

    def _counter_after(
        self, gid: UUID, loaded: Loaded, counted: tuple[int, int] | None, new_game: bool
    ) -> int | None:
        """The counter at which the fold after this process's write is known current.

        The write landed right after ``loaded`` (else it would have lost the race).
        If the counter stood where ``loaded`` was current, no other write was counted
        in between, so nothing is missing. A new game's id is known to no one else yet.
        """
        if counted is None:
            return None
        before, after = counted
        with self._lock:
            known = self._current_at.get(gid) if self._cache.get(gid) is loaded else None
        return after if new_game or known == before else None

    def _fresh(self, gid: UUID) -> Loaded | None:
        """The cached fold if it is known current without asking the store."""
        counter = self.freshness.stamp(gid)
        if counter is None:
            return None
        with self._lock:
            cached = self._cache.get(gid)
            if cached is not None and self._current_at.get(gid) == counter:
                self._cache.move_to_end(gid)
                return cached
        return None

    def _current(self, gid: UUID) -> tuple[Loaded, bool]:
        """The cached fold as it is (True: just read from the store).

        Writers use it without a catch-up read: a fold behind the store can
        only lose the race for the next position, and is then read again."""
        with self._lock:
            cached = self._cache.get(gid)
        if cached is not None:
            return cached, False
        return self._reload(gid), True

    def _reload(self, gid: UUID) -> Loaded:
        """The fold read from the store, cached (the counter is noted before the read)."""
        counter = self.freshness.stamp(gid)
        loaded = self._load_at(gid, None)
        self._remember(gid, loaded, counter)
        return loaded

    def _catch_up(self, gid: UUID, loaded: Loaded) -> bool:
        """Fast-forward the cached fold with events other processes appended; True
        if there were any."""
        counter = self.freshness.stamp(gid)
        newer = select_rows(self.shards.of(gid), gid, gt=loaded.version)
        if newer:
            self._remember(gid, self._fold(loaded, newer), counter)
        elif counter is not None:
            with self._lock:
                if self._cache.get(gid) is loaded:  # not replaced meanwhile
                    self._current_at[gid] = counter
        return bool(newer)

    def _load(self, gid: UUID) -> Loaded:
        """The current fold: from memory while no commit was counted since it was
        current, else the cache fast-forwarded with newer events (other processes
        may have written: reads see every write acknowledged before them)."""
        fresh = self._fresh(gid)
        if fresh is not None:
            return fresh
        loaded, read = self._current(gid)
        if not read and loaded.head == GENESIS:
            return self._reload(gid)  # an opening held: its GameStarted is not stored yet
        if not read:
            self._catch_up(gid, loaded)
            loaded, _ = self._current(gid)
        return loaded

    def _fold(self, loaded: Loaded, rows: Sequence[Row]) -> Loaded:
        """``loaded`` fast-forwarded with stored rows, decoded straight from their bytes."""
        if not rows:
            return loaded
        table, keys = fold_rows(loaded.game, loaded.fold, dict(loaded.keys), rows)
        return Loaded(game=loaded.game, fold=table, head=head_of(rows), keys=keys)

    def _load_at(self, gid: UUID, at: int | None) -> Loaded:
        """The fold at position ``at`` (None: the end), from the nearest snapshot.

        Read by the state column alone where it can be (``fold_states``); a stream
        that needs its topics (an older schema, damage) is read again whole."""
        snap = self._read_snapshot(gid, at)
        if snap is not None:
            # The snapshot's own position is read with the newer events: a
            # snapshot is used only while the stream still holds the event it
            # was taken after (a stream cut below it must not be served from it);
            # the hash covers the position, so a matching hash is that event.
            states = select_states(self.shards.of(gid), gid, gt=snap.version - 1, lte=at)
            if states and hash_of(states[0]) == snap.head:
                return self._fold_states(gid, snap, states[1:], at)
            log.warning("game %s: snapshot at %d does not match the stream", gid, snap.version)
        states = select_states(self.shards.of(gid), gid, lte=at)
        opened = opening(states[0]) if states else None
        if not states:
            held = self._opening_held(gid)
            if held is not None:  # its opening waits for seats' cards
                return held
        if opened is None:
            return self._load_rows(gid, at)
        started, head = opened
        game = get_game(started.game)
        loaded = Loaded(game=game, fold=open_fold(game, started), head=head)
        # One read for the whole fold: GameStarted opened the table.
        return self._fold_states(gid, loaded, states[1:], at)

    def _fold_states(
        self, gid: UUID, loaded: Loaded, states: list[bytes], at: int | None
    ) -> Loaded:
        """``loaded`` fast-forwarded with the rows after it (their state bytes)."""
        if not states:
            return loaded
        folded = fold_states(
            loaded.game, loaded.fold, dict(loaded.keys), loaded.version + 1, states
        )
        if folded is None:  # a row needs its topic: read the rows whole
            return self._fold(
                loaded, select_rows(self.shards.of(gid), gid, gt=loaded.version, lte=at)
            )
        table, keys, head = folded
        return Loaded(game=loaded.game, fold=table, head=head, keys=keys)

    def _load_rows(self, gid: UUID, at: int | None) -> Loaded:
        """The fold from zero, every row read whole (decoded by its topic)."""
        rows = select_rows(self.shards.of(gid), gid, lte=at)
        if not rows or rows[0][0] != 1:
            raise GameNotFound(gid)
        started = decode_events(rows[:1])[0]
        if not isinstance(started, GameStarted):
            raise ValueError(f"game {gid}: the stream does not open with GameStarted")
        game = get_game(started.game)
        loaded = Loaded(game=game, fold=open_fold(game, started), head=head_of(rows[:1]))
        return self._fold(loaded, rows[1:])

    # --------------------------------------------------------------- snapshots

    def _snapshot_row(self, gid: UUID, loaded: Loaded) -> StoredEvent:
        body = Snapshot(
            engine=ENGINE_VERSION,
            game=loaded.game.spec.id,
            head=loaded.head,
            table=msgspec.Raw(msgspec.msgpack.encode(loaded.fold)),
            keys=loaded.keys,
        )
        return StoredEvent(gid, loaded.version, "wizards:snapshot", msgspec.msgpack.encode(body))

    def _read_snapshot(self, gid: UUID, at: int | None) -> Loaded | None:
        """The latest usable snapshot at or before ``at``, or None.

        A snapshot is a cache: one that does not decode is skipped with a
        warning and the read folds from the events (verify names it).
        """
        if not self.use_snapshots:
            return None
        rows = self.snapshot_recorder.select_events(gid, lte=at, desc=True, limit=1)
        if not rows:
            return None
        try:
            return _decode_snapshot(rows[0].state)
        except Exception as e:  # any damage to a cache row: fall back to the events
            log.warning(
                "game %s: snapshot at %d unreadable (%s)", gid, rows[0].originator_version, e
            )
            return None

    def snapshot_rows(self, game_id: str | UUID) -> list[tuple[int, bytes]]:
        """Every stored snapshot as (position, bytes), undecoded (verify decodes them)."""
        gid = parse_game_id(game_id)
        return [(r.originator_version, r.state) for r in self.snapshot_recorder.select_events(gid)]

    @staticmethod
    def decode_snapshot(state: bytes) -> Loaded | None:
        """A stored snapshot's fold (None: taken by another engine); raises if damaged."""
        return _decode_snapshot(state)

    # ----------------------------------------------------------------- secrets

    @staticmethod
    def _secrets_row(gid: UUID, value: Secrets) -> StoredEvent:
        sid = uuid5(_SECRETS_NS, gid.hex)
        return StoredEvent(sid, 1, "wizards:secrets", msgspec.msgpack.encode(value))

    def _remember_secrets(self, gid: UUID, value: Secrets) -> None:
        with self._lock:
            self._secrets[gid] = value
            while len(self._secrets) > CACHED_GAMES:
                self._secrets.popitem(last=False)

    def _read_secrets(self, gid: UUID) -> Secrets:
        with self._lock:
            cached = self._secrets.get(gid)
        if cached is not None:
            return cached
        rows = self.secrets_recorder.select_events(uuid5(_SECRETS_NS, gid.hex), limit=1)
        if not rows:
            raise GameNotFound(gid)
        value = msgspec.msgpack.decode(rows[0].state, type=Secrets)
        self._remember_secrets(gid, value)
        return value

    def check_token(self, gid: UUID, seat: int, token: str | None) -> None:
        hashes = self._read_secrets(gid).token_hashes
        if token is None or not 0 <= seat < len(hashes):
            raise NotAuthorized(f"seat {seat} needs its token")
        if not secrets.compare_digest(hashes[seat], _hash_token(token)):
            raise NotAuthorized(f"wrong token for seat {seat}")

    def seat_of_token(self, game_id: str | UUID, token: str) -> int:
        hashes = self._read_secrets(parse_game_id(game_id)).token_hashes
        h = _hash_token(token)
        for seat, expected in enumerate(hashes):
            if secrets.compare_digest(expected, h):
                return seat
        raise NotAuthorized("this token belongs to no seat of this game")

    def recorded_head(self, game_id: str | UUID) -> tuple[int, str] | None:
        """The last (position, hash) this store recorded for the game's stream."""
        rows = self.heads_recorder.select_events(parse_game_id(game_id), desc=True, limit=1)
        return (rows[0].originator_version, rows[0].state.decode()) if rows else None

    def snapshots_of(self, game_id: str | UUID) -> list[Loaded]:
        """Every stored snapshot of the game (for verify to check against the fold)."""
        gid = parse_game_id(game_id)
        decoded = (_decode_snapshot(row.state) for row in self.snapshot_recorder.select_events(gid))
        return [loaded for loaded in decoded if loaded is not None]

    def seeds_for_verification(self, game_id: str | UUID) -> tuple[str, ...]:
        """The secret seeds, one per stretch: for ``verify`` by the store's operator only."""
        return self._read_secrets(parse_game_id(game_id)).segment_seeds()

    # ------------------------------------------------------------------- reads

    def load(self, game_id: str | UUID, at: int | None = None) -> Loaded:
        gid = parse_game_id(game_id)
        if at is None:
            return self._load(gid)
        if at < 1:
            raise ValueError("positions start at 1 (GameStarted)")
        _check_position(at)
        loaded = self._load_at(gid, at)
        if loaded.version < at:
            raise ValueError(f"game {gid} has only {loaded.version} events, no position {at}")
        return loaded

    def entries(
        self, game_id: str | UUID, *, gt: int | None = None, lte: int | None = None
    ) -> list[Entry]:
        gid = parse_game_id(game_id)
        rows = select_rows(self.shards.of(gid), gid, gt=gt, lte=lte)
        if not rows and gt is None:
            held = self.opening_held_refusal(gid)
            if held is not None:  # its opening waits for seats' cards: nothing stored yet
                raise held
            raise GameNotFound(gid)
        events = decode_events(rows)
        out = []
        for (position, topic, state), event in zip(rows, events, strict=True):
            r = decode_record(state)
            out.append(Entry(position, topic, event, r.at, r.prev, r.hash, r.schema))
        return out

    def raw_rows(self, game_id: str | UUID) -> list[RecordRow]:
        """Every row as (position, topic, record), the event bodies undecoded."""
        gid = parse_game_id(game_id)
        rows = select_rows(self.shards.of(gid), gid)
        return [(p, t, r) for (p, t, _), r in zip(rows, read_records(rows), strict=True)]

    def game_ids(self) -> list[UUID]:
        """Every game, in the order they were created (from the notification logs)."""
        return self.shards.originators(topic_of(GameStarted))

    def notifications(self) -> int:
        """Notifications in the logs of every shard (the sum of their heads)."""
        return sum(self.shards.heads().values())

    def close(self) -> None:
        self.freshness.close()
        for committer in self.shards.committers():
            committer.close()
            if isinstance(committer.datastore, SQLiteWriter):
                committer.datastore.close()
        self.factory.close()
