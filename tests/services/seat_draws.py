"""Spell Wars' draws as a table enters them, seat by seat: the cards an event shows
drawn and who drew each, Ann, Bob and Cleo's game up to its first refill (whose
draws go to several seats), values entered for a held command as a table finds
them, and what a seat sees of the cards."""

from __future__ import annotations

import random
from typing import Any

from domain.kernel import CardsShuffled, DiceRequired, Event
from domain.spellwars import events as ev
from domain.spellwars.state import State as SpellWarsState
from services.ledger import WizardLedger
from tests.services.table_transcript import transcript

SEED = "a real evening of spell wars"


def drawn(e: Event) -> list[str]:
    """The cards an event shows taken from the top of a face-down deck, in order."""
    if isinstance(e, ev.CardsDrawn):
        return list(e.cards)
    if isinstance(e, ev.WildMagicReplaced):
        return list(e.turned)
    if isinstance(e, ev.DeadCardDrawn):
        return [e.card]
    if isinstance(e, ev.TreasureGained) and e.previous < 0:
        return [e.treasure]
    return []


def owners(line: dict[str, Any]) -> list[int]:
    """Who drew each card the line names: the seat it went to, else the actor."""
    out = []
    for e in line["events"]:
        for _ in drawn(e):
            # A hand's draws: that seat's. A card laid open (a treasure, a dead
            # wizard's card, one turned for the table): the actor's, as its
            # effect may change what else the command rolls.
            to = e.seat if isinstance(e, ev.CardsDrawn) else None
            out.append(line["seat"] if to is None else to)
    return out


def cards_of(line: dict[str, Any], seat: int) -> list[str]:
    return [c for c, o in zip(line["drew"], owners(line), strict=True) if o == seat]


def spell_wars_by_seats(ledger: WizardLedger) -> tuple[str, list[dict[str, Any]], dict[int, str]]:
    """Ann, Bob and Cleo's game, its transcript, and each seat's token."""
    opening, lines = transcript("spellwars", 3, SEED, drawn)
    created = ledger.create_game(
        "spellwars", ["Ann", "Bob", "Cleo"], table=True, chance_by="seats", dice=opening["dice"]
    )
    gid = str(created.game_id)
    # The opening deals eight cards to each seat in turn: each names its own.
    for seat in range(3):
        ledger.act(gid, seat, None, drew=opening["drew"][8 * seat : 8 * seat + 8])
    return gid, lines, dict(created.seats)


def first_refill(lines: list[dict[str, Any]]) -> int:
    return next(i for i, line in enumerate(lines) if len(set(owners(line))) > 1)


def at_first_refill(ledger: WizardLedger) -> tuple[str, dict[str, Any], dict[int, str]]:
    """The game played up to its first refill (whose draws go to several seats),
    that refill's line of the transcript, and each seat's token."""
    gid, lines, tokens = spell_wars_by_seats(ledger)
    at = first_refill(lines)
    for line in lines[:at]:
        ledger.act(gid, line["seat"], line["command"], dice=line["dice"], drew=line["drew"])
    return gid, lines[at], tokens


def enter_as_a_table(rng: random.Random, send: Any, what: str) -> list[Any]:
    """Values for ``needs`` as a table would find them: a die rolled, a card
    drawn (one of those offered, tried again where the engine says it is not
    there). ``send(dice, drew)`` sends them and returns the refusal, or None."""
    dice: list[int] = []
    drew: list[str] = []
    tried: dict[int, set[str]] = {}
    for _ in range(400):
        refused = send(dice, drew)
        if refused is None:
            return drew
        if refused.needs:
            need = refused.needs[0]
            if need.kind == "die":
                dice.append(rng.randint(1, need.sides))
            elif need.kind == "card":
                drew.append(rng.choice(need.cards))
            else:
                raise AssertionError(f"{what}: an order asked for: {refused.message}")
            continue
        # A card that is not there: another of those offered for that draw.
        assert "cannot have come from" in refused.message or "is called" in refused.message, (
            refused.message
        )
        k = len(drew) - 1
        tried.setdefault(k, set()).add(drew[k])
        offered = [c for c in _cards_offered(send, dice, drew[:k]) if c not in tried[k]]
        assert offered, f"{what}: no card left to try: {refused.message}"
        drew[k] = rng.choice(offered)
    raise AssertionError(f"{what}: the table never got it right")


def sends(ledger: WizardLedger, gid: str, seat: int, command: Any) -> Any:
    """``send(dice, drew)`` for ``enter_as_a_table``: the seat's command (None: its entry)
    with those values; the refusal for missing chance, or None once accepted.
    The values are tried first as the operator would check them against the
    whole table (``HoldDesk.trial``, which keeps and counts nothing), and sent
    only once complete and right: a seat has few tries at a position, and a
    table finds its real cards by looking, not by asking the engine."""

    def send(dice: list[int], drew: list[str]) -> DiceRequired | None:
        try:
            ledger.holds.trial(gid, seat, command, dice=dice, drew=drew)
        except DiceRequired as e:
            return e
        ledger.act(gid, seat, command, dice=dice, drew=drew)
        return None

    return send


def _cards_offered(send: Any, dice: list[int], drew: list[str]) -> tuple[str, ...]:
    refused = send(dice, drew)
    assert refused is not None and refused.needs, "asked again, the draw is asked for"
    return tuple(refused.needs[0].cards)


def fireball_played(ledger: WizardLedger) -> str:
    """A seats table of Ann and Bob where Ann has just cast her fireball at Bob."""
    position = {"hands": [["fireball", "lightning"], ["shield", "mirror"]], "health": [9, 1]}
    gid = str(
        ledger.create_game(
            "ultimate",
            ["Ann", "Bob"],
            table=True,
            chance_by="seats",
            setup={**position, "first": 0},
        ).game_id
    )
    ledger.act(gid, 0, {"type": "PlayCard", "card": "fireball", "target": 1})
    return gid


def seen_by(state: SpellWarsState, seat: int) -> set[str]:
    """What a Spell Wars seat sees of the cards: its hand and spell, the discard,
    and what lies open before every wizard (a revealed spell, creatures...)."""
    seen = set(state.wizards[seat].hand) | set(state.discard)
    for i, w in enumerate(state.wizards):
        seen |= set(w.creatures) | set(w.treasures) | set(w.dead_cards)
        if w.revealed or i == seat:
            seen |= {c.card for c in w.spell}
    return seen


def opening_deck(ledger: WizardLedger, gid: str) -> tuple[str, ...]:
    """The Spell Wars draw pile as it went face down at the opening."""
    return next(
        e.event.order
        for e in ledger.entries(gid)
        if isinstance(e.event, CardsShuffled) and e.event.pile == "main"
    )
