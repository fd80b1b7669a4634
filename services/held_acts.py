"""Acts at a table where each seat enters its own draws (``services.seat_chance``).

A command whose draws go into other seats' hands is held until they have named
their cards; each entry is one row of the game's hold record (its own table,
as notes have), committed with the game's events when the entry completes the
command. These games go through here, never through the event loop's fast path:
they are played at the pace of a table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any
from uuid import UUID, uuid5

import msgspec
from eventsourcing.persistence import IntegrityError, RecordConflictError, StoredEvent

from domain.kernel import (
    ActionTaken,
    DiceRequired,
    Event,
    IllegalCommand,
    act,
    apply,
    decode_command,
    stored_command,
)
from domain.kernel.chance_needs import ChanceNeed
from domain.kernel.dice import ScriptedSource
from services.card_names import table_names
from services.chance import check_supplied_used, dice_for
from services.seat_chance import Hold, Slots, needs_of, settle

if TYPE_CHECKING:
    from services.ledger import Acted, Loaded, WizardLedger

_HOLDS_NS = UUID("a4c1f0e2-7b39-4d58-9e16-2f8b0c3d5e71")
_RETRIES = 50


class HeldActs:
    """``WizardLedger``'s acts for games whose seats enter their own draws."""

    def _hold_id(self: WizardLedger, gid: UUID) -> UUID:
        return uuid5(_HOLDS_NS, gid.hex)

    def _last_hold(self: WizardLedger, gid: UUID) -> tuple[int, Hold | None]:
        """The hold record's last row: (its number, the hold), or (0, None)."""
        rows = self.holds_recorder.select_events(self._hold_id(gid), desc=True, limit=1)
        if not rows:
            return 0, None
        return rows[0].originator_version, msgspec.msgpack.decode(rows[0].state, type=Hold)

    def hold_rows(self: WizardLedger, gid: UUID) -> int:
        """How many rows the game's hold record has (one per held command or entry)."""
        return self._last_hold(gid)[0]

    def hold_of(self: WizardLedger, game_id: str | UUID) -> Hold | None:
        """The command the game is holding for seats' draws, or None."""
        from services.ledger import parse_game_id

        gid = parse_game_id(game_id)
        loaded = self._load(gid)
        _, hold = self._last_hold(gid)
        return _standing(hold, loaded)

    def hold_needs(self: WizardLedger, game_id: str | UUID, seat: int) -> tuple[ChanceNeed, ...]:
        """What ``seat`` has to enter of the held command's chance (the cards by
        what the seat may know of its pile), or () when it owes nothing."""
        from services.ledger import parse_game_id

        gid = parse_game_id(game_id)
        loaded = self._load(gid)
        _, hold = self._last_hold(gid)
        hold = _standing(hold, loaded)
        if hold is None or seat not in hold.waiting:
            return ()
        cmd = decode_command(loaded.game, hold.command)
        _, source = self._attempt(gid, loaded, hold.seat, cmd, hold.key)(Slots.of(hold))
        owed = needs_of(source, hold.seat, seat)
        refused = DiceRequired.missing(owed) if owed else None
        if refused is None:
            return ()
        return self._unrevealing(gid, refused, loaded.table.started).needs

    def _attempt(
        self: WizardLedger, gid: UUID, loaded: Loaded, actor: int, cmd: Any, key: str | None
    ) -> Any:
        """One try at deciding ``cmd`` with the chance entered so far."""
        table = loaded.table

        def attempt(slots: Slots) -> tuple[list[Event] | None, ScriptedSource]:
            dice = dice_for(table, None, slots.dice, slots.orders, slots.drew)  # type: ignore[arg-type]
            source = dice.source
            assert isinstance(source, ScriptedSource)
            try:
                events = act(
                    loaded.game,
                    table,
                    actor,
                    cmd,
                    dice,
                    supplied=slots.dice,  # type: ignore[arg-type]
                    supplied_orders=slots.orders,  # type: ignore[arg-type]
                    supplied_drew=slots.drew,  # type: ignore[arg-type]
                    key=key,
                )
            except DiceRequired as e:
                if e.needs and source.needs:
                    return None, source
                raise
            check_supplied_used(dice, slots.dice, slots.orders, slots.drew)  # type: ignore[arg-type]
            return events, source

        return attempt

    def _held_perform(
        self: WizardLedger,
        gid: UUID,
        seat: int,
        command: object | None,
        chance: tuple[Any, Any, Any],
        key: str | None,
    ) -> Acted:
        """``perform`` for a game whose seats enter their own draws: the command
        (or, with ``command`` None, the seat's entry for the held one) decided
        or held; the entries appended (none while it is held)."""

        for _ in range(_RETRIES):
            loaded = self._load(gid)
            number, last = self._last_hold(gid)
            hold = _standing(last, loaded)
            if key is not None:
                replayed = self._replayed_entry(gid, loaded, last, seat, command, key)
                if replayed is not None:
                    return replayed
            actor, cmd, slots = self._held_command(loaded, hold, seat, command)
            hold_key = hold.key if hold is not None else key
            try:
                settled = settle(
                    self._attempt(gid, loaded, actor, cmd, hold_key), actor, seat, slots, *chance
                )
            except IllegalCommand as e:
                raise self._said(gid, loaded, e) from None
            row = Hold(
                at=loaded.version,
                seat=actor,
                command=stored_command(cmd),
                key=hold_key,
                dice=tuple(settled.slots.dice),
                orders=tuple(settled.slots.orders),
                drew=tuple(settled.slots.drew),
                waiting=settled.waiting,
                entered=seat,
                when=_when(),
                keys=(*(hold.keys if hold else ()), *(((key, seat),) if key else ())),
                done=settled.events is not None,
            )
            if settled.events is None and hold is None and not settled.waiting:
                raise RuntimeError("a held command waits for nobody")  # settle forbids it
            try:
                return self._write_held(gid, loaded, number, row, hold, settled.events)
            except (RecordConflictError, IntegrityError):
                self.conflicts += 1
                self._forget(gid)
                continue
        raise RuntimeError(f"game {gid}: gave up after {_RETRIES} conflicting writes")

    def _write_held(
        self: WizardLedger,
        gid: UUID,
        loaded: Loaded,
        number: int,
        row: Hold,
        hold: Hold | None,
        events: list[Event] | None,
    ) -> Acted:
        from services.ledger import Acted

        stored = StoredEvent(
            self._hold_id(gid), number + 1, "wizards:hold", msgspec.msgpack.encode(row)
        )
        if events is None:
            self._commit(gid, [(self.holds_recorder, [stored])])
            self.freshness.bump(gid)
            for listener in list(self.listeners):
                listener(gid, [])
            return Acted([], loaded)
        after = loaded.table
        for event in events:
            after = apply(loaded.game, after, event)
        staged = self._stage(gid, loaded, events, folded=after)
        if hold is not None:  # the entry that completed a held command, with it
            staged.rows.append((self.holds_recorder, [stored]))
        self._commit(gid, staged.rows)
        return Acted(*self._settle(staged))

    def _held_command(
        self: WizardLedger, loaded: Loaded, hold: Hold | None, seat: int, command: object | None
    ) -> tuple[int, Any, Slots]:
        """Who acted, the command, and the chance entered so far; refuses what
        cannot be sent now (a command while one is held, an entry for none)."""
        names = loaded.table.started.players
        if hold is None:
            if command is None:
                raise IllegalCommand(
                    "nothing_held",
                    "kernel.table-mode",
                    f"no command waits for {names[seat]}'s cards: send a command",
                )
            return seat, decode_command(loaded.game, command), Slots.of(None)
        waiting = " and ".join(names[s] for s in hold.waiting)
        if command is not None or seat not in hold.waiting:
            owes = seat in hold.waiting
            raise IllegalCommand(
                "chance_awaited",
                "kernel.table-mode",
                f"{names[hold.seat]}'s command waits for {waiting} to name the cards "
                + ("you drew: send them with no command" if owes else "they drew"),
            )
        return hold.seat, decode_command(loaded.game, hold.command), Slots.of(hold)

    def _replayed_entry(
        self: WizardLedger,
        gid: UUID,
        loaded: Loaded,
        last: Hold | None,
        seat: int,
        command: object | None,
        key: str,
    ) -> Acted | None:
        """A retried act or entry (its idempotency key already stored): what it
        appended, or nothing new where it was held; None for a new key."""
        from services.ledger import Acted

        if key in loaded.keys and command is not None:
            return Acted(self._replayed(gid, loaded, seat, command, key), loaded)
        if last is None or (key, seat) not in last.keys:
            return None
        if last.done:  # that entry completed the command: its entries
            after = self.entries(gid, gt=last.at)
            ends = [i for i, e in enumerate(after) if isinstance(e.event, ActionTaken)]
            return Acted(after[: ends[1]] if len(ends) > 1 else after, loaded)
        return Acted([], loaded)

    def _said(self: WizardLedger, gid: UUID, loaded: Loaded, error: IllegalCommand) -> Exception:
        started = loaded.table.started
        refused = (
            self._unrevealing(gid, error, started) if isinstance(error, DiceRequired) else error
        )
        refused.message = table_names(started).rename(refused.message)
        refused.args = (refused.message,)
        return refused


def _standing(hold: Hold | None, loaded: Loaded) -> Hold | None:
    """The hold while it holds: sent at the game's current version, not done."""
    if hold is None or hold.done or hold.at != loaded.version:
        return None
    return hold


def _when() -> str:
    from services.ledger import _now

    return _now()
