"""Acts at a table where each seat enters its own draws (``services.seats.hold``).

A command whose draws go into other seats' hands is held until they have named
their cards; each entry is one row of the game's hold record (its own table,
as notes have), committed with the game's events when the entry completes the
command. These games go through here, never through the event loop's fast path:
they are played at the pace of a table.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from typing import Any, TypeVar
from uuid import UUID, uuid5

import msgspec
from eventsourcing.persistence import (
    IntegrityError,
    PersistenceError,
    RecordConflictError,
    StoredEvent,
)

from domain.kernel import (
    ActionTaken,
    DiceRequired,
    Event,
    Game,
    GameStarted,
    IllegalCommand,
    apply_all,
    decode_command,
    open_fold,
    stored_command,
)
from domain.kernel.chance_needs import ChanceNeed
from domain.kernel.phrases import Seat, phrase, seats
from domain.kernel.rules import ENTRY_TRIES
from services.seats.attempts import command_attempt, draft, game_of, opening_attempt, owed
from services.seats.entries import awaited, sent_again, spent, tries_spent
from services.seats.hold import OPENING, Hold, Refused, Slots, needs_of, sealed, settle
from services.store.acting import replayed_entries
from services.store.appender import Appender
from services.store.cache import FoldCache
from services.store.codec import GENESIS
from services.store.loading import Loader
from services.store.refusals import told, unrevealed
from services.store.side_streams import SideStreams
from services.store.values import (
    Acted,
    ActNotStored,
    Counters,
    Loaded,
    Secrets,
    now,
    parse_game_id,
)
from services.words.refusals import worded

_HOLDS_NS = UUID("a4c1f0e2-7b39-4d58-9e16-2f8b0c3d5e71")
# Refused entries: beside the hold record, in a stream of their own.
_REFUSED_NS = UUID("5b0e9d27-c3a8-4f61-8d42-e7a91c06b3f4")
# The games whose opening was held for seats' cards: one row each, its id.
_OPENINGS = uuid5(_HOLDS_NS, "openings held")
_RETRIES = 50


T = TypeVar("T")


class HoldDesk:
    """The acts of games whose seats enter their own draws, and their hold
    record; composed into the ledger, which sends such games' acts here."""

    def __init__(
        self,
        loader: Loader,
        cache: FoldCache,
        appender: Appender,
        sides: SideStreams,
        counters: Counters,
    ) -> None:
        self.loader = loader
        self.cache = cache
        self.appender = appender
        self.sides = sides
        self.counters = counters

    def _hold_id(self, gid: UUID) -> UUID:
        return uuid5(_HOLDS_NS, gid.hex)

    def _refused_id(self, gid: UUID) -> UUID:
        return uuid5(_REFUSED_NS, gid.hex)

    def _last_number(self, stream: UUID) -> int:
        """How many rows a stream of the hold recorder has (its last row's number)."""
        return self.sides.last(self.sides.holds, stream, bytes)[0]

    def _numbered(self, stream: UUID, kind: type[T]) -> list[tuple[int, T]]:
        """Every row of a stream of the hold recorder, numbered, decoded as ``kind``."""
        return self.sides.rows(self.sides.holds, stream, kind)

    def _last_hold(self, gid: UUID) -> tuple[int, Hold | None]:
        """The hold record's last row: (its number, the hold), or (0, None)."""
        return self.sides.last(self.sides.holds, self._hold_id(gid), Hold)

    def hold_rows(self, game_id: str | UUID) -> int:
        """How many rows the game's hold record has (one per held command or entry)."""
        return self._last_number(self._hold_id(parse_game_id(game_id)))

    def hold_record(self, game_id: str | UUID) -> list[tuple[int, Hold]]:
        """Every row of the game's hold record, numbered: each command held and
        each entry made for it, whole (the operator's view: the cards named)."""
        return self._numbered(self._hold_id(parse_game_id(game_id)), Hold)

    def hold_of(self, game_id: str | UUID) -> Hold | None:
        """The command the game is holding for seats' draws, or None."""
        gid = parse_game_id(game_id)
        return self.held_at(gid, self.cache.load(gid))

    def held_at(self, gid: UUID, loaded: Loaded) -> Hold | None:
        """The command held at ``loaded``'s position (the fold in hand), or None."""
        _, hold = self._last_hold(gid)
        return _standing(hold, loaded)

    def hold_needs(self, game_id: str | UUID, seat: int) -> tuple[ChanceNeed, ...]:
        """What ``seat`` has to enter of the held command's chance (the cards by
        what the seat may know of its pile), or () when it owes nothing."""
        gid = parse_game_id(game_id)
        loaded = self.cache.load(gid)
        hold = self.held_at(gid, loaded)
        return () if hold is None else self.needs_for(gid, loaded, hold, seat)

    def needs_for(self, gid: UUID, loaded: Loaded, hold: Hold, seat: int) -> tuple[ChanceNeed, ...]:
        """``hold_needs`` of a hold and fold in hand (no read of the record)."""
        if seat not in hold.waiting and seat not in hold.entered_by():
            return ()
        actor, attempt = self._held_attempt(gid, loaded, hold)
        # Asked as if no other seat had named a card yet (the list must not show
        # theirs), and a seat that sends its cards again is asked for them all.
        again = seat not in hold.waiting
        # The acting seat's own values stay (the others' lists are rewritten from
        # the shuffles stored), but for a seat sending its own again.
        slots = Slots.of(hold).without(
            lambda by: (by == seat and again) or by not in (seat, hold.seat)
        )
        _, source = attempt(slots)
        owed = needs_of(source, actor, seat)
        refused = DiceRequired.missing(owed) if owed else None
        if refused is None:
            return ()
        return unrevealed(self.loader, gid, refused, loaded, seat).needs

    def _held_attempt(self, gid: UUID, loaded: Loaded, hold: Hold) -> tuple[int, Any]:
        """Who enters what the held command's chance has no seat for, and its try."""
        if hold.seat == OPENING:
            # Whoever opened the table entered all of that then; what only a
            # later value asks for (a die after the deal) falls to the first seat.
            return 0, opening_attempt(loaded.game, draft(hold))
        cmd = decode_command(loaded.game, hold.command)
        return hold.seat, command_attempt(loaded, hold.seat, cmd, hold.key)

    def open_by_seats(
        self,
        gid: UUID,
        game: Game[Any],
        started: GameStarted,
        chance: tuple[list[int], list[list[int]], list[str]],
        secret: Secrets,
    ) -> list[Event] | None:
        """The opening of a table whose seats enter their own draws: its events when
        the values given complete it, else None: the game is created (its
        secrets stored) with its opening held until each seat has named the
        cards dealt to it, and nothing in its stream yet."""
        try:
            settled = settle(
                opening_attempt(game, started),
                OPENING,
                OPENING,
                Slots([], [], []),
                *chance,
                subject="the opening",
            )
        except IllegalCommand as e:
            raise worded(e, started) from None
        if settled.events is not None:
            return settled.events
        row = Hold(
            at=1,
            seat=OPENING,
            command=msgspec.to_builtins(started),
            dice=tuple(settled.slots.dice),
            orders=tuple(settled.slots.orders),
            drew=tuple(settled.slots.drew),
            # What the opening asks only after the deal (a die) falls to seat 0.
            waiting=tuple(sorted({0 if w == OPENING else w for w in settled.waiting})),
            entered=OPENING,
            when=_when(),
            placed=tuple(settled.slots.placed),
        )
        row = sealed(row, gid, 1, GENESIS)
        stored = StoredEvent(self._hold_id(gid), 1, "wizards:hold", msgspec.msgpack.encode(row))
        for _ in range(_RETRIES):
            # The game is listed among the openings held (the lobby's), in the
            # same transaction: two tables opened at once take the list's next
            # row in turn. The list's row goes first, so that a store without
            # transactions refuses it before writing anything else.
            number = self._openings_listed()
            listed = StoredEvent(_OPENINGS, number + 1, "wizards:opening", gid.bytes)
            try:
                self.appender.commit(
                    gid,
                    [
                        (self.sides.holds, [listed, stored]),
                        (self.sides.secrets, [self.sides.secrets_row(gid, secret)]),
                    ],
                )
                break
            except (RecordConflictError, IntegrityError):
                continue
        else:
            raise RuntimeError(f"game {gid}: gave up listing its opening")
        self.sides.remember_secrets(gid, secret)
        self.cache.freshness.bump(gid)
        return None

    def _openings_listed(self) -> int:
        """How many openings the list of openings held has."""
        return self._last_number(_OPENINGS)

    def held_openings(self, dealt: Collection[UUID]) -> list[UUID]:
        """The games whose opening still waits for seats' cards (nothing in their
        streams yet), oldest first; ``dealt``: the games with a stream (``game_ids``),
        which are not read again."""
        held = (UUID(bytes=row) for _, row in self._numbered(_OPENINGS, bytes))
        return [gid for gid in held if gid not in dealt and self._opening_hold(gid) is not None]

    def opening_hold(self, game_id: str | UUID) -> Hold | None:
        """The game's opening while it waits for seats' cards, or None."""
        return self._opening_hold(parse_game_id(game_id))

    def _opening_hold(self, gid: UUID) -> Hold | None:
        """The game's opening while it waits for seats' cards, or None."""
        _, hold = self._last_hold(gid)
        if hold is None or hold.seat != OPENING or hold.done:
            return None
        return hold

    def opening_held_refusal(self, gid: UUID) -> IllegalCommand | None:
        """What a read of a game's record says while its opening waits for seats'
        cards (nothing is stored yet), or None when it does not."""
        hold = self._opening_hold(gid)
        if hold is None:
            return None
        said = phrase(
            "game {game} has no record yet: its opening waits for {waiting} to name the "
            "cards dealt to them (see its state)",
            game=str(gid),
            waiting=seats(hold.waiting),
        )
        return worded(IllegalCommand("opening_held", "kernel.table-mode", said), draft(hold))

    def opening_held(self, gid: UUID) -> Loaded | None:
        """A game whose opening waits for seats' cards: its table before the
        opening (nothing stored in its stream yet), or None."""
        hold = self._opening_hold(gid)
        if hold is None:
            return None
        started = draft(hold)
        game = game_of(started)
        return Loaded(game=game, fold=open_fold(game, started), head=GENESIS)

    def perform(
        self,
        gid: UUID,
        seat: int,
        command: object | None,
        chance: tuple[Any, Any, Any],
        key: str | None,
    ) -> Acted:
        """``perform`` for a game whose seats enter their own draws: the command
        (or, with ``command`` None, the seat's entry for the held one) decided
        or held; the entries appended (none while it is held). An entry refused
        is recorded before the seat is told (``_record_refusal``)."""
        try:
            return self._held_write(gid, seat, command, chance, key)
        except IllegalCommand as e:
            named = any(chance)
            if (command is None or named) and e.code != "no_such_seat":
                told = self._record_refusal(gid, seat, command, chance, e)
                if told is not e:
                    raise told from None
            raise

    def _record_refusal(
        self,
        gid: UUID,
        seat: int,
        command: object | None,
        chance: tuple[Any, Any, Any],
        error: IllegalCommand,
    ) -> IllegalCommand:
        """Keep a refused entry: a seat probing for another's card by naming it
        leaves a trace. Its rows are a stream of their own, numbered apart from
        the hold record's, so a refusal never takes the row a valid entry
        writes (it cannot make one retry, nor change what it decides); only
        two refusals at once meet, and the later one takes the next number.
        Written before the refusal is answered: if it cannot be kept, the seat
        is not told what it would have learnt. Returns what the seat is told:
        a refusal that would spend a try the seat no longer has (entries sent
        at once, each checked before the others were kept) is told, and kept,
        as ``tries_spent``, so that no seat learns more than its tries."""
        dice, orders, drew = chance
        tried = isinstance(error, DiceRequired) and error.unseen
        for _ in range(_RETRIES):
            after = self._last_number(self._hold_id(gid))
            number, last = self.sides.last(self.sides.holds, self._refused_id(gid), Refused)
            loaded = self.cache.load(gid)
            told = error
            if tried and self._spent(gid, loaded.version, seat) >= ENTRY_TRIES:
                told = worded(tries_spent(loaded, seat), loaded.fold.started)
            row = Refused(
                after=after,
                at=loaded.version,
                seat=seat,
                when=_when(),
                command=None if command is None else msgspec.to_builtins(command),
                dice=tuple(dice),
                orders=tuple(tuple(o) for o in orders),
                drew=tuple(drew),
                code=told.code,
                message=told.message,
                tried=tried and told is error,
            )
            row = sealed(row, gid, number + 1, _link(last))
            stored = StoredEvent(
                self._refused_id(gid), number + 1, "wizards:refused", msgspec.msgpack.encode(row)
            )
            try:
                self.appender.commit(gid, [(self.sides.holds, [stored])])
                return told
            except (RecordConflictError, IntegrityError):
                continue
        raise RuntimeError(f"game {gid}: gave up recording a refused entry")

    def hold_refusals(self, game_id: str | UUID) -> list[tuple[int, Refused]]:
        """Every refused entry of the game, numbered in the order they came."""
        return self._numbered(self._refused_id(parse_game_id(game_id)), Refused)

    def _held_write(
        self,
        gid: UUID,
        seat: int,
        command: object | None,
        chance: tuple[Any, Any, Any],
        key: str | None,
    ) -> Acted:
        for _ in range(_RETRIES):
            loaded = self.cache.load(gid)
            number, last = self._last_hold(gid)
            hold = _standing(last, loaded)
            if key is not None:
                replayed = self._replayed_entry(gid, loaded, seat, command, key)
                if replayed is not None:
                    return replayed
            row, events = self._decided(gid, loaded, hold, seat, command, chance, key)
            row = msgspec.structs.replace(row, refused=self._last_refused(gid))
            row = sealed(row, gid, number + 1, _link(last))
            try:
                return self._write_held(gid, loaded, number, row, hold, events)
            except (RecordConflictError, IntegrityError):
                self.counters.conflicts += 1
                self.cache.forget(gid)
                continue
            except PersistenceError as e:
                # The store failed, maybe at COMMIT: the rows may be in all the same.
                self.cache.forget(gid)
                landed = self._held_landed(gid, number + 1, row)
                if landed is not None:
                    return landed
                raise ActNotStored(e) from e
        raise RuntimeError(f"game {gid}: gave up after {_RETRIES} conflicting writes")

    def trial(
        self,
        game_id: str | UUID,
        seat: int,
        command: object | None,
        dice: Sequence[int] = (),
        orders: Sequence[Sequence[int]] = (),
        drew: Sequence[str] = (),
    ) -> None:
        """Decide a seat's entry (or command) as ``perform`` would, keeping
        nothing, recording nothing and spending no try: raises what the seat
        would be told. The operator's check of values against the whole table,
        as a referee looking at the pile would make it; never a seat's."""
        gid = parse_game_id(game_id)
        loaded = self.cache.load(gid)
        _, last = self._last_hold(gid)
        chance = (list(dice), [list(o) for o in orders], list(drew))
        self._decided(gid, loaded, _standing(last, loaded), seat, command, chance, None)

    def _decided(
        self,
        gid: UUID,
        loaded: Loaded,
        hold: Hold | None,
        seat: int,
        command: object | None,
        chance: tuple[Any, Any, Any],
        key: str | None,
    ) -> tuple[Hold, list[Event] | None]:
        """The row a seat's entry (or command) writes, unsealed, and the command's
        events once it is complete; raises the refusal as the seat is told it."""
        try:
            actor, cmd, slots = self._held_command(loaded, hold, seat, command)
            if command is None or any(chance):
                self._check_tries(gid, loaded, seat)
        except IllegalCommand as e:
            raise self._said(gid, loaded, seat, e) from None
        hold_key = hold.key if hold is not None else key
        if hold is not None and hold.seat == OPENING:
            actor, attempt = self._held_attempt(gid, loaded, hold)
            subject = "the opening"
        else:
            attempt = command_attempt(loaded, actor, cmd, hold_key)
            subject = "this command"
        try:
            settled = settle(attempt, actor, seat, slots, *chance, subject=subject)
        except DiceRequired as e:
            # Listed as if no other seat had named a card (their cards would
            # show by what is missing from the list), then as the seat may know.
            kept = (hold.seat if hold is not None else seat, seat)
            others_out = slots.without(lambda by, kept=kept: by not in kept)  # type: ignore[misc]  # the lambda keeps its own copy of kept
            told = owed(e, attempt, others_out, actor, seat)
            raise self._said(gid, loaded, seat, told) from None
        except IllegalCommand as e:
            raise self._said(gid, loaded, seat, e) from None
        row = Hold(
            at=loaded.version,
            seat=hold.seat if hold is not None else actor,
            command=hold.command if hold is not None else stored_command(cmd),
            key=hold_key,
            dice=tuple(settled.slots.dice),
            orders=tuple(settled.slots.orders),
            drew=tuple(settled.slots.drew),
            waiting=settled.waiting,
            entered=seat,
            when=_when(),
            keys=(*(hold.keys if hold else ()), *(((key, seat),) if key else ())),
            done=settled.events is not None,
            placed=tuple(settled.slots.placed),
            again=sent_again(hold, seat, command),
        )
        if settled.events is None and hold is None and not settled.waiting:
            raise RuntimeError("a held command waits for nobody")  # settle forbids it
        return row, settled.events

    def tries(self, game_id: str | UUID, seat: int) -> int:
        """How many of its ``ENTRY_TRIES`` ``seat`` has spent at the game's
        current position: its cards sent again (each answer to which says
        whether they are in the pile) and its entries refused for naming a card
        that is not there. A seat's first entry, and what it is asked for after
        another's draw, spend none."""
        gid = parse_game_id(game_id)
        return self._spent(gid, self.cache.load(gid).version, seat)

    def _spent(self, gid: UUID, at: int, seat: int) -> int:
        rows = self._at_position(self._hold_id(gid), Hold, at)
        refused = self._at_position(self._refused_id(gid), Refused, at)
        return spent(rows, refused, seat)

    def _at_position(self, stream: UUID, kind: type[T], at: int) -> list[T]:
        """The last rows of a stream of the hold recorder sent at position ``at``
        (rows are kept in the order they came, and a game's position only grows)."""
        found: list[T] = []
        before: int | None = None
        while True:
            page = self.sides.rows(self.sides.holds, stream, kind, lte=before, desc=True, limit=64)
            for number, row in page:
                if row.at != at:  # type: ignore[attr-defined]  # Hold and Refused both say where they were sent
                    return found
                found.append(row)
                before = number - 1
            if len(page) < 64 or not before:
                return found

    def _check_tries(self, gid: UUID, loaded: Loaded, seat: int) -> None:
        """Refuse an entry from a seat whose tries at this position are spent."""
        if self._spent(gid, loaded.version, seat) >= ENTRY_TRIES:
            raise tries_spent(loaded, seat)

    def _last_refused(self, gid: UUID) -> str:
        """The hash of the game's last refused entry ("": none, or from before the chain)."""
        _, last = self.sides.last(self.sides.holds, self._refused_id(gid), Refused)
        return "" if last is None else last.hash

    def _held_landed(self, gid: UUID, number: int, row: Hold) -> Acted | None:
        """The write of hold row ``number`` (``row``), if it is in the store after
        all: the row is committed with the game's events, so it tells both."""
        stored = self.sides.rows(
            self.sides.holds, self._hold_id(gid), Hold, gt=number - 1, lte=number
        )
        if not stored or stored[0][1] != row:
            return None
        loaded = self.cache.load(gid)
        if not row.done:
            return Acted([], loaded)
        return Acted(self._action_entries(gid, row), loaded)

    def _write_held(
        self,
        gid: UUID,
        loaded: Loaded,
        number: int,
        row: Hold,
        hold: Hold | None,
        events: list[Event] | None,
    ) -> Acted:
        """Commit a hold row, with the game's events when the command is decided:
        at such a table every write of the game takes the record's next row, so
        two writers of one game always meet there (a command held in one process
        and another's command decided in another cannot both be acknowledged)."""
        stored = StoredEvent(
            self._hold_id(gid), number + 1, "wizards:hold", msgspec.msgpack.encode(row)
        )
        if events is None:
            self.appender.commit(gid, [(self.sides.holds, [stored])])
            self.cache.freshness.bump(gid)
            self.appender.tell(gid, [])
            return Acted([], loaded)
        # The row's hash goes into the first event's salt: the game's chain (and
        # a hash a player kept) binds the hold record up to this row.
        if hold is not None and hold.seat == OPENING:
            # The opening, complete: the game's stream begins, GameStarted first.
            started = events[0]
            assert isinstance(started, GameStarted)
            empty = Loaded(game=loaded.game, fold=open_fold(loaded.game, started), head=GENESIS)
            staged = self.appender.stage(gid, empty, events, first_is_start=True, bound_to=row.hash)
        else:
            after = apply_all(loaded.game, loaded.fold, events)
            staged = self.appender.stage(gid, loaded, events, folded=after, bound_to=row.hash)
        staged.rows.append((self.sides.holds, [stored]))
        self.appender.commit(gid, staged.rows)
        return Acted(*self.appender.settle(staged))

    def _held_command(
        self, loaded: Loaded, hold: Hold | None, seat: int, command: object | None
    ) -> tuple[int, Any, Slots]:
        """Who acted, the command, and the chance entered so far; refuses what
        cannot be sent now (a command while one is held, an entry for none)."""
        names = loaded.fold.started.players
        if not 0 <= seat < len(names):
            raise IllegalCommand(
                "no_such_seat",
                "kernel.turn",
                phrase(
                    "seat {number} does not exist (seats 0–{last})",
                    number=seat,
                    last=len(names) - 1,
                ),
            )
        if hold is not None and sent_again(hold, seat, command):
            # Sent again (it named a card it does not hold): its earlier values go.
            slots = Slots.of(hold).without(lambda by: by == seat)
            if hold.seat == OPENING:
                return OPENING, None, slots
            return hold.seat, decode_command(loaded.game, hold.command), slots
        if hold is not None and hold.seat == OPENING:
            if command is None and seat in hold.waiting:
                return OPENING, None, Slots.of(hold)
            raise awaited(hold, seat)
        if hold is None:
            if command is None:
                raise IllegalCommand(
                    "nothing_held",
                    "kernel.table-mode",
                    phrase("no command waits for {seat}'s cards: send a command", seat=Seat(seat)),
                )
            return seat, decode_command(loaded.game, command), Slots.of(None)
        if command is not None or seat not in hold.waiting:
            raise awaited(hold, seat)
        return hold.seat, decode_command(loaded.game, hold.command), Slots.of(hold)

    def _replayed_entry(
        self,
        gid: UUID,
        loaded: Loaded,
        seat: int,
        command: object | None,
        key: str,
    ) -> Acted | None:
        """A retried act or entry (its idempotency key already stored): what it
        appended, or nothing new where it was held; None for a new key. An
        entry's key is kept in the hold record only: every row is read for it
        (a retry may come after later commands were held)."""
        if key in loaded.keys and command is not None:
            return Acted(replayed_entries(self.loader, gid, loaded, seat, command, key), loaded)
        for _, row in self._numbered(self._hold_id(gid), Hold):
            if row.entered == seat and row.keys and row.keys[-1] == (key, seat):
                if not row.done:
                    return Acted([], loaded)  # it was held: so it is answered again
                return Acted(self._action_entries(gid, row), loaded)
        return None

    def _action_entries(self, gid: UUID, row: Hold) -> list[Any]:
        """The entries the write of a done hold ``row`` appended: its action (or,
        for an opening, GameStarted and the opening's events)."""
        after = self.loader.entries(gid, gt=0 if row.seat == OPENING else row.at)
        actions = [i for i, e in enumerate(after) if isinstance(e.event, ActionTaken)]
        # The opening ends where the first action begins (none yet: it is all
        # there is); a held command's action ends where the next one begins.
        ends = actions if row.seat == OPENING else actions[1:]
        return after[: ends[0]] if ends else after

    def _said(self, gid: UUID, loaded: Loaded, seat: int, error: IllegalCommand) -> Exception:
        # Seats by their players' names too: "given by Bob", "then Cleo enters ...".
        return told(self.loader, gid, loaded, seat, error)


def _link(last: Hold | Refused | None) -> str:
    """What the next row of a stream links to: the last row's hash; GENESIS for
    the first row, or after rows from before the chain."""
    return last.hash if last is not None and last.hash else GENESIS


def _standing(hold: Hold | None, loaded: Loaded) -> Hold | None:
    """The hold while it holds: sent at the game's current version, not done."""
    if hold is None or hold.done or hold.at != loaded.version:
        return None
    return hold


def _when() -> str:
    return now()
