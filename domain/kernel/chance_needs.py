"""What a table-mode command still needs from the physical table, as data.

A refusal for missing chance (``DiceRequired``) carries one ``ChanceNeed`` per
value, in the order the rules consume them, so a client can ask for each one
(a die's faces, the cards that could have been drawn) instead of parsing a
sentence; ``needs_text`` says the same in words, one phrase per run of
alike needs.

A card a table names may be given by its id (``asphixis#2``), by the kind it is
a copy of (``asphixis``) or by its printed name when the service hands the
source a table of names (``card_key`` folds case and accents): copies are
interchangeable, so the engine takes the first copy that could be there.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable, Sequence
from typing import Literal

import msgspec

# A card instance names its kind before a copy number: "slug#2", "smash.01", "orc-04".
_INSTANCE = re.compile(r"^(.+?)[#.\-](\d+)$")
# A seat as the rules' words mention it ("card stolen from seat 1").
_SEAT = re.compile(r"\bseat (\d+)\b")


def seat_number(seat: int) -> str:
    """A seat as the rules say it when nobody names the players: ``seat 1``."""
    return f"seat {seat}"


def seats_named(text: str, seat: Callable[[int], str]) -> str:
    """The rules' words (a need's ``what``, a pile) with each seat said by ``seat``."""
    return _SEAT.sub(lambda m: seat(int(m.group(1))), text)


class ChanceNeed(msgspec.Struct, frozen=True, kw_only=True):
    """One value a table must supply.

    ``kind``: ``die`` (a face 1..``sides``), ``order`` (a permutation of
    ``size`` cards, new top first; ``cards`` as they lay before) or ``card``
    (the card drawn from a face-down pile; ``cards`` are the kinds that could
    be there, each said once, sorted)."""

    kind: Literal["die", "order", "card"]
    what: str
    sides: int = 0
    size: int = 0
    cards: tuple[str, ...] = ()
    # The seat a card goes to, where the rules say (a deal): a table deals in
    # that order and enters each player's cards as theirs. For a die: whose
    # roll it is (each wizard's initiative die).
    seat: int | None = None
    # A card taken blind from a hand (``what`` says whose: "card stolen from
    # seat 1"), not drawn from a pile.
    hand: bool = False


def card_kind(card_id: str) -> str:
    """The card an instance id is a copy of (itself when it has no copy number)."""
    m = _INSTANCE.match(card_id)
    return m.group(1) if m else card_id


def copy_number(card_id: str) -> int | None:
    """The copy an instance id names ("slug#2": 2), or None for an id without one."""
    m = _INSTANCE.match(card_id)
    return int(m.group(2)) if m else None


def card_key(name: str) -> str:
    """A printed name as a table may type it: case, accents and spacing folded."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return " ".join(plain.casefold().replace("’", "'").split())


def kinds(cards: Iterable[str]) -> list[str]:
    """The distinct kinds among ``cards``, sorted (copies said once)."""
    return sorted({card_kind(c) for c in cards})


def _listed(cards: Iterable[str], say: Callable[[str], str]) -> str:
    return ", ".join(sorted({say(kind) for kind in kinds(cards)}, key=card_key))


def _phrase(
    run: Sequence[ChanceNeed],
    listed: bool,
    say: Callable[[str], str],
    seat: Callable[[int], str],
) -> str:
    first, n = run[0], len(run)
    what = seats_named(first.what, seat)
    if first.kind == "die":
        dice = "a die" if n == 1 else f"{n} dice"
        whose = "" if first.seat is None else f" for {seat(first.seat)}"
        return f"{dice} from 1 to {first.sides}{whose} ({what})"
    if first.kind == "order":
        shuffles = "the order" if n == 1 else f"{n} orders"
        return f"{shuffles} of {what} ({first.size} cards, new top first)"
    if first.hand:
        cards = f"the {what}" if n == 1 else f"{n} cards: {what}"
        return f"{cards} (any of: {_listed(first.cards, say)})" if listed else cards
    cards = "the card" if n == 1 else f"{n} cards"
    owner = None if first.seat is None else seat(first.seat)
    # "Bob's spell deck" says already whose the cards are.
    whose = "" if owner is None or f"{owner}'s" in what else f" for {owner}"
    if not listed:
        return f"{cards} drawn from {what}{whose}"
    could = _listed(first.cards, say)
    return f"{cards} drawn from {what}{whose} (any of: {could})"


def _alike(a: ChanceNeed, b: ChanceNeed) -> bool:
    return (a.kind, a.what, a.sides, a.size, a.seat, a.hand) == (
        b.kind,
        b.what,
        b.sides,
        b.size,
        b.seat,
        b.hand,
    )


def _runs(needs: Sequence[ChanceNeed]) -> list[list[ChanceNeed]]:
    runs: list[list[ChanceNeed]] = []
    for need in needs:
        if runs and _alike(runs[-1][0], need):
            runs[-1].append(need)
        else:
            runs.append([need])
    return runs


def needs_text(
    needs: Sequence[ChanceNeed],
    *,
    more: bool = False,
    say: Callable[[str], str] = str,
    seat: Callable[[int], str] = seat_number,
) -> str:
    """``6 cards drawn from the deck (any of: …), then a die from 1 to 3 (first
    player)``; ``more``: the rules had not finished asking (a tie re-rolled on
    placeholders), so this is what is known so far. ``say``: a card kind in
    words; ``seat``: a seat in words (the service's players by name), for a
    deal's "for seat 1" and a seat the rules' words mention."""
    phrases, piles = [], set()
    for run in _runs(needs):
        # A pile's cards are listed once: the deal's later seats draw from the same.
        fresh = run[0].kind != "card" or run[0].what not in piles
        piles.add(run[0].what)
        phrases.append(_phrase(run, fresh, say, seat))
    said = phrases[0] if len(phrases) == 1 else ", ".join(phrases[:-1]) + ", then " + phrases[-1]
    return f"{said}, and possibly more" if more else said


def enterer(need: ChanceNeed, actor: int) -> int:
    """At a table where each seat enters its own draws, who enters ``need``: the
    seat a drawn card goes to (only it sees it); the seat that acted for the
    rest (dice, orders, a card it took blind from a hand, a card laid open)."""
    if need.kind == "card" and not need.hand and need.seat is not None:
        return need.seat
    return actor
