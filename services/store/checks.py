"""What a caller gives the store, checked before anything is built from it or
written: player names, the chance a table supplies, positions, a table's own
data file."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import msgspec

from domain.kernel import Game, IllegalCommand, SaidError, SetupError
from domain.kernel.data import MAX_NAME, data_hash, name_problem
from domain.kernel.phrases import phrase
from services.limits import MAX_DICE, MAX_ORDER_LENGTH, MAX_ORDERS, MAX_POSITION


def check_name(name: object) -> None:
    """Names appear in logs, replays and exports: short, printable, one line
    (the same rule as the names a data file gives its cards)."""
    problem = name_problem(name)
    if problem is not None:
        said = f"{name[:20]!r}…" if isinstance(name, str) and len(name) > MAX_NAME else repr(name)
        raise SetupError(phrase("player name {name}: {problem}", name=said, problem=problem))


def check_supplied(
    dice: Sequence[int], orders: Sequence[Sequence[int]], drew: Sequence[str]
) -> None:
    """What a table supplies with an act (dice, deck orders, cards drawn), well
    formed, or the act is refused under the table-mode rule."""
    try:
        check_chance(dice, orders)
        check_drew(drew)
    except SetupError as e:
        raise IllegalCommand("bad_dice", "kernel.table-mode", e.said or str(e)) from None


def check_chance(values: Sequence[object], orders: Sequence[object]) -> None:
    """Scripted dice and deck orders: small non-negative integers, checked before
    anything is written (a die never shows more than a million faces)."""
    for v in values:
        if not isinstance(v, int) or isinstance(v, bool) or not 1 <= v <= 1_000_000:
            raise SetupError(
                phrase("dice value {value}: a die shows a whole number from 1", value=repr(v))
            )
    if len(values) > MAX_DICE or len(orders) > MAX_ORDERS:
        raise SetupError(
            phrase(
                "at most {dice} dice values and {orders} deck orders",
                dice=MAX_DICE,
                orders=MAX_ORDERS,
            )
        )
    for order in orders:
        if (
            not isinstance(order, list | tuple)
            or len(order) > MAX_ORDER_LENGTH
            or not all(isinstance(i, int) and not isinstance(i, bool) for i in order)
        ):
            raise SetupError(
                phrase(
                    "deck order {order}: a list of 0-based card positions", order=f"{order!r:.80}"
                )
            )
        # Each card once: anything else would duplicate or lose cards on shuffling.
        if sorted(order) != list(range(len(order))):
            raise SetupError(
                phrase(
                    "deck order {order}: not a permutation of 0..{last} "
                    "(each old position exactly once)",
                    order=f"{order!r:.80}",
                    last=len(order) - 1,
                )
            )


def check_position(at: int) -> None:
    """Positions reach SQL: one beyond the stores' integers is no position at all."""
    if at > MAX_POSITION:
        raise SaidError(
            phrase("no position {at}: positions go up to {most}", at=at, most=MAX_POSITION)
        )


def check_drew(drew: Sequence[object]) -> None:
    if len(drew) > MAX_DICE:
        raise SetupError(
            phrase("{n} cards drawn: at most {most} with one command", n=len(drew), most=MAX_DICE)
        )
    for card in drew:
        if not isinstance(card, str) or not card or len(card) > 100:
            raise SetupError(phrase("card drawn {card}: a card id", card=repr(card)))


def table_data(game: Game[Any], data: Mapping[str, Any] | None) -> dict[str, Any]:
    """``GameStarted``'s data fields for a table's own data file (none: built-in data)."""
    if data is None:
        return {}
    # Through JSON, so that it equals what a store round trip gives back (tuples as lists).
    normal: dict[str, Any] = msgspec.json.decode(msgspec.json.encode(game.validate_data(data)))
    return {"data": normal, "data_hash": data_hash(normal)}
