"""The ledger of games: one eventsourcing application, one stream per game.

A facade over the store's collaborators (``services.store``): games are created
and forked here, commands acted, folds loaded at any position. The append, the
cache of folds, the side streams and the loading of a stream are each a
collaborator of their own; a table whose seats enter their own draws is served
by the hold desk (``services.seats``), composed in.
"""

from __future__ import annotations

import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any
from uuid import UUID

import msgspec
from eventsourcing.application import Application
from eventsourcing.persistence import (
    InfrastructureFactory,
    IntegrityError,
    InternalError,
    ProgrammingError,
)
from eventsourcing.utils import Environment

from domain.games import get_game
from domain.kernel import (
    ENGINE_VERSION,
    ActionTaken,
    DiceRequired,
    Event,
    Game,
    GameForked,
    GameStarted,
    IllegalCommand,
    SaidError,
    SetupError,
    commitment,
    open_fold,
    start,
)
from domain.kernel.events import OPENING_CHANCE
from domain.kernel.phrases import phrase, plural
from services.config import eventsourcing_env, store_url
from services.limits import check_depth, check_numbers, check_seed
from services.seats.desk import HoldDesk
from services.seats.hold import BY_SEATS, by_seats
from services.store.acting import Acts, Turns
from services.store.appender import Appender, Listener
from services.store.cache import FoldCache
from services.store.chance import check_supplied_used, opening_dice
from services.store.checks import (
    check_chance,
    check_drew,
    check_name,
    check_position,
    check_supplied,
    table_data,
)
from services.store.codec import GENESIS, encode_body, topic_of
from services.store.commit import Committer
from services.store.fold import RecordRow
from services.store.freshness import Unknown, freshness_for
from services.store.host_binding import (
    WriteRefused,
    attach,
    carry_token,
    open_counters,
    refusal,
)
from services.store.host_binding import status as binding_status
from services.store.host_counters import HostCounters
from services.store.loading import Loader
from services.store.read_only import access_of, read_only_connections
from services.store.records import LedgerMapper
from services.store.shards import Shards, shard_count
from services.store.side_streams import SideStreams, decode_snapshot
from services.store.sqlite_writer import SQLiteWriter
from services.store.values import (
    Acted,
    Annotation,
    Counters,
    Created,
    Entry,
    Loaded,
    NotAuthorized,
    Secrets,
    Staged,
    hash_token,
    parse_game_id,
)
from services.words.refusals import worded

log = logging.getLogger("wizards.ledger")

SNAPSHOT_EVERY = 100


class WizardLedger(Application[UUID]):
    """The store of every game. Construct with a store URL (see ``services.config``)."""

    name = "WizardLedger"

    def __init__(
        self,
        url: str | None = None,
        *,
        snapshot_every: int = SNAPSHOT_EVERY,
        use_snapshots: bool = True,
        read_only: bool | None = None,
    ) -> None:
        """``snapshot_every``: take a snapshot each time a stream crosses a multiple
        of it (0: never). ``use_snapshots=False`` folds every read from
        GameStarted (to compare against, or to distrust a snapshot).
        ``read_only``: open the store so that nothing is written to it (None: as
        ``WIZARDS_READ_ONLY`` says; see ``services.store.read_only``)."""
        self.url = store_url(url)
        self.access = access_of(self.url, read_only)
        # PostgreSQL in one-host mode: the counters file whose token every
        # connection carries, and which the store must be bound to. A
        # read-only ledger writes no counter, and makes no file: it has none.
        self._host = None if self.access.read_only else open_counters(self.url)
        for attempt in range(6):
            # Processes opening a fresh PostgreSQL schema at once race on CREATE
            # TABLE ("tuple concurrently updated"); the tables exist after a retry.
            try:
                super().__init__(env=eventsourcing_env(self.url, read_only=self.read_only))
                self.sides = SideStreams(self.factory, read_only=self.read_only)
                self.shards = Shards(self.recorder, shard_count(self.url), read_only=self.read_only)
                break
            except (InternalError, IntegrityError, ProgrammingError):
                if attempt == 5:
                    raise
                time.sleep(0.05 * (attempt + 1))
        if self._host is not None:
            try:
                # A counters file is only ever named for PostgreSQL (``open_counters``),
                # whose recorder has these.
                attach(
                    self.recorder.datastore,  # type: ignore[attr-defined]  # PostgreSQL's recorder: a counters file is named only for it
                    self.recorder.events_table_name,  # type: ignore[attr-defined]  # PostgreSQL's recorder: a counters file is named only for it
                    self._host,
                )
            except BaseException:
                self._host.close()
                self.factory.close()
                raise
        self.snapshot_every = snapshot_every
        self.use_snapshots = use_snapshots
        # The commit counter of each game (see services.store.freshness): while
        # it still shows what a cached fold was current at, reads come from memory.
        # Read-only, none: a SQLite file's would be made beside it; every read asks.
        self.freshness = Unknown() if self.read_only else freshness_for(self.url, self._host)
        self.counters = Counters()
        self.turns = Turns()
        self.loader = Loader(self.shards, self.sides, use_snapshots=use_snapshots)
        self.cache = FoldCache(self.loader, self.freshness)
        self.appender = Appender(
            self.shards,
            self.sides,
            self.cache,
            self.freshness,
            snapshot_every=snapshot_every,
            refused=_refusal_on(self._host),
        )
        self.acts = Acts(self.loader, self.cache, self.appender, self.sides, self.counters)
        self.holds = HoldDesk(self.loader, self.cache, self.appender, self.sides, self.counters)
        self.loader.held_opening = self.holds.opening_held
        self.loader.opening_refusal = self.holds.opening_held_refusal

    def construct_mapper(self) -> LedgerMapper:
        return LedgerMapper()

    def construct_factory(self, env: Environment) -> InfrastructureFactory[Any]:
        factory = super().construct_factory(env)
        if self._host is not None:  # before the pool's first connection
            carry_token(factory.datastore, self._host.token)  # type: ignore[attr-defined]  # PostgreSQL's factory has one
        if self.read_only:
            read_only_connections(factory)
        return factory

    @property
    def read_only(self) -> bool:
        """Whether the store is open read-only: every write is refused (``ReadOnlyStore``)."""
        return self.access.read_only

    @property
    def listeners(self) -> list[Listener]:
        """Called with each durable append (a game id and its entries)."""
        return self.appender.listeners

    def binding_status(self) -> dict[str, Any] | None:
        """The PostgreSQL store's binding to one host's counters file, as this
        process sees it (``host_binding.status``); None for any other store."""
        if not self.url.startswith("postgres"):
            return None
        return binding_status(self.recorder.datastore, self._host)  # type: ignore[attr-defined]  # PostgreSQL's recorder has one

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
        self.access.check_writable(phrase("a new game"))
        game = get_game(game_id)
        if chance_by not in ("table", BY_SEATS):
            raise SetupError(
                phrase(
                    "chance_by is 'table' (one person enters the table's chance) or "
                    "'seats' (each seat enters the cards it draws), not {given}",
                    given=repr(chance_by),
                )
            )
        # Sizes first, before anything is built from them (a count of five
        # million would otherwise name five million seats).
        game.spec.check_players(players if isinstance(players, int) else len(players))
        check_seed(seed)
        check_depth(phrase("the setup"), setup)
        check_depth(phrase("the options"), options)
        check_numbers(phrase("the setup"), setup)
        check_numbers(phrase("the options"), options)
        names = (
            tuple(f"seat {i}" for i in range(players))
            if isinstance(players, int)
            else tuple(players)
        )
        for name in names:
            check_name(name)
        if seed is not None and not seed.strip():
            raise SetupError(
                phrase("an empty seed is no secret: leave the seed out, or give a real one")
            )
        script = setup or {}
        check_chance([*dice, *script.get("dice", [])], [*script.get("orders", []), *orders])
        check_drew([*script.get("drew", []), *drew])
        resolved = game.spec.resolve_options(options)
        bound = table_data(game, data)
        normal_setup: dict[str, Any] | None = None
        script_values: list[int] = list(dice)
        script_orders: list[list[int]] = [list(o) for o in orders]
        script_drew: list[str] = list(drew)
        if setup is not None:
            body = {k: v for k, v in setup.items() if k not in OPENING_CHANCE}
            try:
                normal_setup = dict(game.validate_setup(body, len(names), bound.get("data")))
            except SaidError as refused:
                # The file names seats by number; its reader knows them by name.
                refused.players = names
                raise
            script_values = [*list(setup.get("dice", [])), *script_values]
            script_orders = [*[list(o) for o in setup.get("orders", [])], *script_orders]
            script_drew = [*list(setup.get("drew", [])), *script_drew]
        if script_values or script_orders or script_drew:
            table = True
        if chance_by == BY_SEATS and not table:
            raise SetupError(
                phrase("seats enter their own draws only at a table-mode game (--table)")
            )
        if table and seed is not None:
            raise SetupError(phrase("a table-mode game has no seed: its dice come from the table"))
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
        secret = Secrets(seed, tuple(hash_token(t) for t in tokens))
        if chance_by == BY_SEATS:
            opened = self.holds.open_by_seats(
                gid, game, started, (script_values, script_orders, script_drew), secret
            )
            if opened is None:  # dealt into seats' hands: they name their own cards
                return Created(gid, list(enumerate(tokens)))
            events = opened
        else:
            events = _opening(game, started, seed, script_drew)
        for event in events:
            encode_body(event)  # an unencodable setup fails here, before anything is written
        opened_with = events[0]  # GameStarted as recorded (the cards named by their ids)
        assert isinstance(opened_with, GameStarted)
        loaded = Loaded(game=game, fold=open_fold(game, opened_with), head=GENESIS)
        # GameStarted is position 1: the fold of the opening events starts from it.
        self.appender.append(gid, loaded, events, first_is_start=True, secret=secret)
        return Created(gid, list(enumerate(tokens)))

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
        self.access.check_writable(phrase("a branch"))
        gid = parse_game_id(game_id)
        check_position(at)
        source = self.entries(gid, lte=at)
        if at < 1 or len(source) < at:
            raise SaidError(phrase("game {game} has no position {at}", game=str(gid), at=at))
        following = self.entries(gid, gt=at, lte=at + 1)
        if following and not isinstance(following[0].event, ActionTaken):
            raise SaidError(
                phrase(
                    "position {at} is inside an action's consequences; fork at the position "
                    "just before an action (see the log)",
                    at=at,
                )
            )
        branch_point = self.loader.load_at(gid, at)
        if branch_point.game.outcome(branch_point.fold.state) is not None:
            raise SaidError(
                phrase("the game is already over at position {at}: nothing to play", at=at)
            )
        original_over = self.cache.load(gid)
        finished = original_over.game.outcome(original_over.fold.state) is not None
        secret = self.sides.read_secrets(gid)
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
        secret = Secrets(seed, tuple(hash_token(t) for t in tokens), segments=segments)
        game = get_game(started.game)
        loaded = Loaded(game=game, fold=open_fold(game, started), head=GENESIS)
        self.appender.append(new, loaded, events, first_is_start=True, secret=secret)
        return Created(new, list(enumerate(tokens)))

    # ------------------------------------------------------------- annotations

    def annotate(self, game_id: str | UUID, at: int, text: str, author: str = "referee") -> int:
        """Add a note on position ``at``; returns the note's number. The game's
        own stream is never touched: notes have a table of their own."""
        self.access.check_writable(phrase("a note"))
        gid = parse_game_id(game_id)
        if not text.strip():
            raise SaidError(phrase("an annotation needs some text"))
        if not 1 <= at <= self.load(gid).version:
            raise SaidError(phrase("game {game} has no position {at}", game=str(gid), at=at))
        return self.sides.annotate(gid, at, text, author)

    def annotations(self, game_id: str | UUID) -> list[tuple[int, Annotation]]:
        return self.sides.annotations(parse_game_id(game_id))

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
        memory: no read after the write). A game whose seats enter their own
        draws goes to the hold desk; any other to ``Acts.perform``."""
        self.access.check_writable(phrase("a command"))
        self.counters.acts_performed += 1
        gid = parse_game_id(game_id)
        if token is not None or require_token:
            self.check_token(gid, seat, token)
        check_supplied(dice, orders, drew)
        with self.turns.of(gid):
            first = self.cache.current(gid)
            if by_seats(first[0].fold.started.setup):
                return self.holds.perform(gid, seat, command, (dice, orders, drew), key)
            return self.acts.perform(gid, first, seat, command, (dice, orders, drew), key)

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
        self.access.check_writable(phrase("a command"))
        gid = parse_game_id(game_id)
        check_supplied(dice, orders, drew)
        committer = self.shards.committer(gid)
        if committer is None:
            return None
        turn = self.turns.of(gid)
        if not turn.acquire(blocking=False):
            return None
        try:
            staged = self.acts.begin(
                gid, turn, committer, seat, command, (dice, orders, drew), key, by_seats
            )
        except BaseException:
            turn.release()
            raise
        if staged is None:
            turn.release()
            return None
        return staged, committer

    def finish_act(self, staged: Staged, error: BaseException | None) -> Acted | None:
        """Complete ``begin_act`` once its rows were committed (``error`` None) or
        not: the act, or None when it lost the race for its position to another
        process (nothing was written; ``perform`` decides it again)."""
        return self.acts.finish(staged, error)

    def count_acts(self, durable: Sequence[Staged]) -> None:
        """Raise the commit counters of acts begun by ``begin_act`` and made durable
        together, at once, before each is given to ``finish_act`` (which raises
        each one's alone otherwise)."""
        self.appender.count(durable)

    def landed(self, staged: Staged, failure: BaseException | None = None) -> Acted | None:
        """The act, if its staged rows are in the store after all (``Appender.landed``)."""
        return self.appender.landed(staged, failure)

    # ------------------------------------------------------------------- reads

    def current_in_memory(self, game_id: UUID) -> Loaded | None:
        """The game's fold, if this process holds it with its seat tokens and knows it
        current without asking the store (then ``load`` would read nothing either)."""
        if not self.sides.secrets_known(game_id):
            return None
        return self.cache.fresh(game_id)

    def in_memory(self, game_id: UUID) -> bool:
        """Whether the game's fold and secrets are cached: checking a seat's token
        and ``begin_act`` then read nothing of the store."""
        return self.cache.holds(game_id) and self.sides.secrets_known(game_id)

    def load(self, game_id: str | UUID, at: int | None = None) -> Loaded:
        gid = parse_game_id(game_id)
        if at is None:
            return self.cache.load(gid)
        if at < 1:
            raise SaidError(phrase("positions start at 1 (GameStarted)"))
        check_position(at)
        loaded = self.loader.load_at(gid, at)
        if loaded.version < at:
            raise SaidError(
                plural(
                    "game {game} has only {n} event, no position {at}",
                    "game {game} has only {n} events, no position {at}",
                    loaded.version,
                    game=str(gid),
                    at=at,
                )
            )
        return loaded

    def entries(
        self, game_id: str | UUID, *, gt: int | None = None, lte: int | None = None
    ) -> list[Entry]:
        return self.loader.entries(parse_game_id(game_id), gt=gt, lte=lte)

    def raw_rows(self, game_id: str | UUID) -> list[RecordRow]:
        """Every row as (position, topic, record), the event bodies undecoded."""
        return self.loader.raw_rows(parse_game_id(game_id))

    def game_ids(self) -> list[UUID]:
        """Every game, in the order they were created (from the notification logs)."""
        return self.shards.originators(topic_of(GameStarted))

    def notifications(self) -> int:
        """Notifications in the logs of every shard (the sum of their heads)."""
        return sum(self.shards.heads().values())

    # ------------------------------------------ tokens, secrets and side rows

    def check_token(self, gid: UUID, seat: int, token: str | None) -> None:
        hashes = self.sides.read_secrets(gid).token_hashes
        if token is None or not 0 <= seat < len(hashes):
            raise NotAuthorized(f"seat {seat} needs its token")
        if not secrets.compare_digest(hashes[seat], hash_token(token)):
            raise NotAuthorized(f"wrong token for seat {seat}")

    def seat_of_token(self, game_id: str | UUID, token: str) -> int:
        hashes = self.sides.read_secrets(parse_game_id(game_id)).token_hashes
        h = hash_token(token)
        for seat, expected in enumerate(hashes):
            if secrets.compare_digest(expected, h):
                return seat
        raise NotAuthorized("this token belongs to no seat of this game")

    def seeds_for_verification(self, game_id: str | UUID) -> tuple[str, ...]:
        """The secret seeds, one per stretch: for ``verify`` by the store's operator only."""
        return self.sides.read_secrets(parse_game_id(game_id)).segment_seeds()

    def recorded_head(self, game_id: str | UUID) -> tuple[int, str] | None:
        """The last (position, hash) this store recorded for the game's stream."""
        return self.sides.recorded_head(parse_game_id(game_id))

    def recorded_heads(self, game_id: str | UUID) -> list[tuple[int, str]]:
        """Every (position, hash) this store recorded for the game's stream."""
        return self.sides.recorded_heads(parse_game_id(game_id))

    def recorded_opening(self, game_id: str | UUID) -> str:
        """The hash of the game's first event as it was first stored, kept with
        its secrets ("": not kept, by an earlier release or for a held opening)."""
        return self.sides.read_secrets(parse_game_id(game_id)).opening

    def snapshot_rows(self, game_id: str | UUID) -> list[tuple[int, bytes]]:
        """Every stored snapshot as (position, bytes), undecoded (verify decodes them)."""
        return self.sides.snapshot_rows(parse_game_id(game_id))

    @staticmethod
    def decode_snapshot(state: bytes) -> Loaded | None:
        """A stored snapshot's fold (None: taken by another engine); raises if damaged."""
        return decode_snapshot(state)

    def close(self) -> None:
        self.freshness.close()
        for committer in self.shards.committers():
            committer.close()
            if isinstance(committer.datastore, SQLiteWriter):
                committer.datastore.close()
        self.factory.close()


def _opening(
    game: Game[Any], started: GameStarted, seed: str | None, drew: list[str]
) -> list[Event]:
    """The opening events, ``GameStarted`` first, with the table's chance
    (``drew``: the cards it named as dealt)."""
    chance = opening_dice(started, seed)
    try:
        events = start(game, started, chance)
    except DiceRequired as e:
        raise worded(e, started) from None
    # The cards named at the opening are for its deal: one left over is a typo.
    try:
        check_supplied_used(chance, (), (), drew)
    except IllegalCommand as e:
        raise worded(e, started) from None
    taken = chance.named_cards(drew)
    if list(taken) != drew:
        # Cards named by kind or printed name are recorded by the ids dealt,
        # so that replay and verify deal exactly those.
        started = msgspec.structs.replace(
            started, setup={**(started.setup or {}), "drew": list(taken)}
        )
        events = [started, *events[1:]]
    return events


def _refusal_on(host: HostCounters | None) -> Callable[[BaseException], WriteRefused | None]:
    """The store's refusal of a write: bound to another host's counters file.
    This host's file, if it has one, is then not the bound one: its reads stop
    trusting it at once. (A function of the host alone: a callback holding the
    ledger would keep it, and its connections, alive after its last use.)"""

    def refused(error: BaseException) -> WriteRefused | None:
        found = refusal(error)
        if found is not None and host is not None:
            with host.held():
                host.distrust()
        return found

    return refused
