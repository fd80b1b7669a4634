"""Where a decision's chance comes from: the seed, or the table (a script and supplied values).

Shared by the ledger (deciding now) and ``verify`` (deciding again), so both
see exactly the same dice.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from typing import Any

import msgspec

from domain.kernel import CardsShuffled, Dice, Fold, GameStarted, IllegalCommand
from domain.kernel.chance_needs import ChanceNeed, card_kind, kinds
from domain.kernel.dice import ScriptedSource, SeededSource
from domain.kernel.phrases import Phrase, phrase, plural
from domain.kernel.profiles import KERNEL_CHANGES, Profile, kernel_reading, profile_at
from services.words.naming import printed_names


def unrevealing(
    needs: Sequence[ChanceNeed],
    shuffles: Sequence[CardsShuffled],
    hidden: Collection[str] | None = None,
) -> tuple[ChanceNeed, ...]:
    """``needs`` as a seat may be told them: each card that could be drawn from
    a face-down pile is listed from the pile as it went face down (its shuffle),
    not as it is now, which would show by elimination the cards other seats
    drew from it since.

    ``hidden``: the card ids hidden from the seat that enters them (the game's
    ``hidden_from``), or None to list the piles whole. A card the seat sees
    elsewhere (in its hand, face up) cannot be drawn, so it is left out; what
    only other seats see stays (leaving it out would tell their cards)."""
    out = []
    for need in needs:
        now = set(need.cards)
        if need.kind == "card" and need.hand:
            # A hand holds cards from several piles (the orc tower's deck and its
            # palette): every kind of each pile its cards could have come from.
            ids = [c for s in shuffles if now & set(kinds(s.order)) for c in s.order]
            could = set(kinds(_unseen(ids, now, hidden)))
            need = msgspec.structs.replace(need, cards=tuple(sorted(could | now)))
        elif need.kind == "card":
            went = next(
                (s for s in reversed(shuffles) if s.unknown and now <= set(kinds(s.order))), None
            )
            if went is not None:
                cards = kinds(_unseen(went.order, now, hidden))
                need = msgspec.structs.replace(need, cards=tuple(cards))
        out.append(need)
    return tuple(out)


def _unseen(ids: Iterable[str], now: set[str], hidden: Collection[str] | None) -> list[str]:
    """The card ids of ``ids`` the seat does not see elsewhere. A card seen
    before the command but of a kind the pile (or hand) holds ``now`` stays: it
    went there during the command, in the open (a discard shuffled into the deck)."""
    if hidden is None:
        return list(ids)
    return [c for c in ids if c in hidden or card_kind(c) in now]


def picks_named(started: GameStarted, profile: Profile | None = None) -> bool:
    """Does this game's engine take a card picked blind from a hand by its name
    (0.3.0 on, and 0.2.0 as of c08a9c1), or only as a die face (its records are
    decided again so)? ``profile``: the record's own (a revision variant, where
    verify found one); None: its version's main profile."""
    # The kernel's changelog (kernel.table-mode): the record's own profile decides,
    # since a record holds its chance in the form its engine took it.
    own = profile or profile_at(KERNEL_CHANGES, started.engine_version)
    return kernel_reading(own, "table_picks") == "name"


def dice_for(
    table: Fold[Any],
    seed: str | None,
    values: Sequence[int] = (),
    orders: Sequence[Sequence[int]] = (),
    drew: Sequence[str] = (),
    *,
    profile: Profile | None = None,
) -> Dice:
    """The dice for the next decision on ``table`` (``profile``: the record's own,
    where it is decided again: see ``picks_named``).

    Seeded games roll from ``seed`` at the table's counter and refuse
    supplied chance. Table-mode games take the setup script's unused values
    and orders first, then those supplied with the command; the cards drawn
    (``drew``) are the command's own (the script's were all dealt at setup).
    A table that leaves chance out is told all of it at once (``collect``).
    """
    if table.started.mode == "seeded":
        if values or orders or drew:
            raise IllegalCommand(
                "dice_not_accepted",
                "kernel.table-mode",
                phrase(
                    "this game rolls its own dice from its seed; dice, deck orders and cards "
                    "drawn can be supplied only to a table-mode game"
                ),
            )
        if seed is None:
            raise ValueError("a seeded game needs its seed to decide")
        return Dice(SeededSource(seed), table.counter)
    script = table.started.setup or {}
    used_values, used_orders = table.script_position()
    return Dice(
        ScriptedSource(
            [*list(script.get("dice", []))[used_values:], *values],
            [*[tuple(o) for o in script.get("orders", [])][used_orders:], *map(tuple, orders)],
            drew,
            collect=True,
            names=printed_names(table.started),
            picks_named=picks_named(table.started, profile),
        ),
        table.counter,
    )


def opening_dice(started: GameStarted, seed: str | None, profile: Profile | None = None) -> Dice:
    """The chance of a game's opening (its setup events): the seed, or the
    table's script with the cards it drew at creation (``profile``: as ``dice_for``)."""
    if started.mode == "seeded":
        if seed is None:
            raise ValueError("a seeded game needs its seed to open")
        return Dice.seeded(seed)
    script = started.setup or {}
    return Dice.scripted(
        list(script.get("dice", [])),
        [tuple(o) for o in script.get("orders", [])],
        list(script.get("drew", [])),
        collect=True,
        names=printed_names(started),
        picks_named=picks_named(started, profile),
    )


def counted(n: int, thing: str) -> Phrase:
    """``1 die``, ``2 cards``: a count of the chance a table gives, in words."""
    if thing == "die":
        return plural("{n} die", "{n} dice", n)
    if thing == "deck order":
        return plural("{n} deck order", "{n} deck orders", n)
    return plural("{n} card", "{n} cards", n)


def check_supplied_used(
    dice: Dice,
    values: Sequence[int],
    orders: Sequence[Sequence[int]],
    drew: Sequence[str] = (),
) -> None:
    """Refuse a command that left supplied chance unused: a typo would go unnoticed."""
    source = dice.source
    if not isinstance(source, ScriptedSource):
        return
    if source.used_drew < len(source.drew):
        left = source.drew[source.used_drew :]
        raise IllegalCommand(
            "unused_dice",
            "kernel.table-mode",
            phrase(
                "{left} named as drawn but not needed ({named}): "
                "this command draws {drawn} from a face-down pile",
                left=counted(len(left), "card"),
                named=", ".join(repr(c) for c in left),
                drawn=counted(source.used_drew, "card"),
            ),
        )
    # The script's values come first, so supplied ones are all used only if nothing is left.
    if values and source.used_values < len(source.values):
        extra = len(source.values) - source.used_values
        raise IllegalCommand(
            "unused_dice",
            "kernel.table-mode",
            phrase(
                "{extra} more than this command rolls: a value given for a roll that did "
                "not happen",
                extra=counted(extra, "die"),
            ),
        )
    if orders and source.used_orders < len(source.orders):
        extra = len(source.orders) - source.used_orders
        raise IllegalCommand(
            "unused_dice",
            "kernel.table-mode",
            phrase(
                "{extra} more than this command shuffles: an order given for a shuffle that "
                "did not happen",
                extra=counted(extra, "deck order"),
            ),
        )
