"""What a table-mode command still needs from the physical table, as data.

A refusal for missing chance (``DiceRequired``) carries one ``ChanceNeed`` per
value, in the order the rules consume them, so a client can ask for each one
(a die's faces, the cards that could have been drawn) instead of parsing a
sentence; ``needs_phrase`` says the same in words, one phrase per run of
alike needs, each seat a ``Seat`` and each card a ``Card`` for the service to
tell by name.

A card a table names may be given by its id (``asphixis#2``), by the kind it is
a copy of (``asphixis``) or by its printed name when the service hands the
source a table of names (``card_key`` folds case and accents): copies are
interchangeable, so the engine takes the first copy that could be there.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from typing import Literal

import msgspec

from domain.kernel.phrases import Arg, Card, Listed, Phrase, Purpose, Seat, phrase
from domain.kernel.words import pile_owner, pile_words

# A card instance names its kind before a copy number: "slug#2", "smash.01", "orc-04".
_INSTANCE = re.compile(r"^(.+?)[#.\-](\d+)$")


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
    # The pile a card is drawn from or an order given for, as the rules keep it
    # (``deck.1``: seat 1's), where they name one: whose it is, said by name.
    pile: str = ""


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


def _commas(items: Sequence[Arg]) -> Arg:
    """Values one after the other, separated by commas ("a, b, c"): the cards a
    draw could be are alternatives, and runs of needs come one after another."""
    said = items[0]
    for item in items[1:]:
        said = phrase("{said}, {more}", said=said, more=item)
    return said


def _could(cards: Iterable[str]) -> Listed:
    return Listed(tuple(Card(kind) for kind in kinds(cards)), choices=True)


def need_what(need: ChanceNeed) -> Arg:
    """What a need is for: a roll's or a blind pick's purpose, or a pile (a page
    labels each field with it, told by the service)."""
    if need.kind == "die" or need.hand:
        return Purpose(need.what)
    return pile_words(need.pile, need.what)


def _phrase(run: Sequence[ChanceNeed], listed: bool) -> Phrase:
    # One need or several: "a die", "3 dice" (never one in the plural, nor
    # several in the singular, in either language: two messages, not ngettext).
    first, n = run[0], len(run)
    what = need_what(first)
    if first.kind == "die":
        if first.seat is None:
            if n == 1:
                return phrase("a die from 1 to {sides} ({what})", sides=first.sides, what=what)
            return phrase("{n} dice from 1 to {sides} ({what})", n=n, sides=first.sides, what=what)
        if n == 1:
            return phrase(
                "a die from 1 to {sides} for {seat} ({what})",
                sides=first.sides,
                seat=Seat(first.seat),
                what=what,
            )
        return phrase(
            "{n} dice from 1 to {sides} for {seat} ({what})",
            n=n,
            sides=first.sides,
            seat=Seat(first.seat),
            what=what,
        )
    if first.kind == "order":
        if n == 1:
            return phrase(
                "the order of {pile} ({size} cards, new top first)", pile=what, size=first.size
            )
        return phrase(
            "{n} orders of {pile} ({size} cards, new top first)", n=n, pile=what, size=first.size
        )
    if first.hand:
        # A purpose says its own article ("the card stolen from Bob").
        cards = (
            phrase("{what}", what=what) if n == 1 else phrase("{n} cards: {what}", n=n, what=what)
        )
    elif first.seat is None or pile_owner(first.pile) == first.seat:
        # A pile kept per seat ("Bob's deck") says already whose the cards are.
        cards = (
            phrase("the card drawn from {pile}", pile=what)
            if n == 1
            else phrase("{n} cards drawn from {pile}", n=n, pile=what)
        )
    elif n == 1:
        cards = phrase("the card drawn from {pile} for {seat}", pile=what, seat=Seat(first.seat))
    else:
        cards = phrase(
            "{n} cards drawn from {pile} for {seat}", n=n, pile=what, seat=Seat(first.seat)
        )
    if not listed:
        return cards
    return phrase("{cards} (any of: {could})", cards=cards, could=_could(first.cards))


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


def needs_phrase(needs: Sequence[ChanceNeed], *, more: bool = False) -> Phrase:
    """``6 cards drawn from the deck (any of: …), then a die from 1 to 3 (first
    player)``; ``more``: the rules had not finished asking (a tie re-rolled on
    placeholders), so this is what is known so far."""
    phrases, piles = [], set()
    for run in _runs(needs):
        # A pile's cards are listed once: the deal's later seats draw from the same.
        fresh = run[0].kind != "card" or run[0].what not in piles
        piles.add(run[0].what)
        phrases.append(_phrase(run, fresh))
    said = phrases[0]
    if len(phrases) > 1:
        said = phrase("{first}, then {last}", first=_commas(phrases[:-1]), last=phrases[-1])
    return phrase("{said}, and possibly more", said=said) if more else said


def enterer(need: ChanceNeed, actor: int) -> int:
    """At a table where each seat enters its own draws, who enters ``need``: the
    seat a drawn card goes to (only it sees it); the seat that acted for the
    rest (dice, orders, a card it took blind from a hand, a card laid open)."""
    if need.kind == "card" and not need.hand and need.seat is not None:
        return need.seat
    return actor
