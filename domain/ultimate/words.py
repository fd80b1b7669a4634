"""What "sorcier ultime" says about itself in words (``GAME.words``): the one place
that says how its events and commands read, as phrases (``domain.kernel.phrases``)
the service tells in the reader's language and names; printed card names and the
page's command labels."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Event, GameWords
from domain.kernel.phrases import Card, Phrase, Seat, cards, phrase, plural, seats
from domain.kernel.words import SEAT_KEYS
from domain.ultimate import events as ev
from domain.ultimate.cards import CARDS, COMBOS, SHADOW_VEIL, known_name

_NOTHING = phrase("nothing")


def card_name(card_id: str) -> str | None:
    """The French name printed on the card or in the combo list (an effect kind
    by its name), so a command's line, its consequences' lines and a view's facts
    call a card alike."""
    return known_name(card_id)


def _round_started(e: ev.RoundStarted) -> Phrase:
    return phrase(
        "round {round} begins; every wizard at {health} life", round=e.round, health=e.health
    )


def _cards_dealt(e: ev.CardsDealt) -> Phrase:
    return phrase("{seat} is dealt {cards}", seat=Seat(e.seat), cards=cards(e.cards))


def _turn_started(e: ev.TurnStarted) -> Phrase:
    return phrase("turn {turn}: {seat} to play", turn=e.turn, seat=Seat(e.seat))


def _card_drawn(e: ev.CardDrawn) -> Phrase:
    return phrase("{seat} draws {card}", seat=Seat(e.seat), card=Card(e.card))


def _card_recovered(e: ev.CardRecovered) -> Phrase:
    return phrase(
        "{seat} takes {card} back from the discard pile", seat=Seat(e.seat), card=Card(e.card)
    )


def _card_stolen(e: ev.CardStolen) -> Phrase:
    return phrase(
        "{thief} steals {card} from {victim}",
        thief=Seat(e.thief),
        card=Card(e.card),
        victim=Seat(e.victim),
    )


def _hands_swapped(e: ev.HandsSwapped) -> Phrase:
    return phrase("{seat} and {other} swap hands", seat=Seat(e.seat), other=Seat(e.other))


def _damage_blocked(e: ev.DamageBlocked) -> Phrase:
    return plural(
        "{by} blocks {n} damage for {seat}",
        "{by} blocks {n} damage for {seat}",
        e.amount,
        by=Card(e.by),
        seat=Seat(e.seat),
    )


def _life_restored(e: ev.LifeRestored) -> Phrase:
    return plural(
        "{seat} regains {n} life (life {life})",
        "{seat} regains {n} life (life {life})",
        e.amount,
        seat=Seat(e.seat),
        life=e.life,
    )


def _effect_started(e: ev.EffectStarted) -> Phrase:
    return phrase("{kind} now lies on {seat}", kind=Card(e.kind), seat=Seat(e.seat))


def _attack_prevented(e: ev.AttackPrevented) -> Phrase:
    return phrase(
        "the attack of {attacker} on {target} is prevented",
        attacker=Seat(e.attacker),
        target=Seat(e.target),
    )


def _defence_declined(e: ev.DefenceDeclined) -> Phrase:
    return phrase("{seat} does not defend", seat=Seat(e.seat))


def _attack_redirected(e: ev.AttackRedirected) -> Phrase:
    return phrase(
        "the attack of {attacker} is deflected from {from_seat} to {to_seat}",
        attacker=Seat(e.attacker),
        from_seat=Seat(e.from_seat),
        to_seat=Seat(e.to_seat),
    )


def _hit_resolved(e: ev.HitResolved) -> Phrase:
    return phrase(
        "the attack of {attacker} on {target} is resolved",
        attacker=Seat(e.attacker),
        target=Seat(e.target),
    )


def _discard_demanded(e: ev.DiscardDemanded) -> Phrase:
    return phrase("{seat} must discard a card of their choice", seat=Seat(e.seat))


def _played_cards_discarded(e: ev.PlayedCardsDiscarded) -> Phrase:
    return phrase("played cards go to the discard pile: {cards}", cards=cards(e.cards))


def _discard_phase_started(e: ev.DiscardPhaseStarted) -> Phrase:
    return phrase("{seat} may discard a card or end the turn", seat=Seat(e.seat))


def _turn_ended(e: ev.TurnEnded) -> Phrase:
    return phrase("{seat} ends the turn", seat=Seat(e.seat))


def _wizard_eliminated(e: ev.WizardEliminated) -> Phrase:
    return phrase(
        "{seat} is eliminated; their hand ({cards}) is discarded",
        seat=Seat(e.seat),
        cards=cards(e.cards),
    )


def _round_drawn(e: ev.RoundDrawn) -> Phrase:
    return phrase("nobody is left standing: round {round} is replayed", round=e.round)


def _card_played(e: ev.CardPlayed) -> Phrase:
    if e.target is None:
        return phrase("{seat} plays {card}", seat=Seat(e.seat), card=Card(e.card))
    return phrase(
        "{seat} plays {card} at {target}",
        seat=Seat(e.seat),
        card=Card(e.card),
        target=Seat(e.target),
    )


def _combo_played(e: ev.ComboPlayed) -> Phrase:
    said = phrase(
        "{seat} combines {cards} into {combo}",
        seat=Seat(e.seat),
        cards=cards(e.cards, _NOTHING),
        combo=Card(e.combo),
    )
    if e.targets:
        said = phrase("{said} at {targets}", said=said, targets=seats(e.targets))
    if e.card:
        said = phrase("{said}, taking {card}", said=said, card=Card(e.card))
    return said


_WHY = {
    "no_action": phrase("{seat} discards {card} instead of acting"),
    "discard_phase": phrase("{seat} discards {card} at the end of the turn"),
    "cost": phrase("{seat} discards {card} as a cost"),
    "demanded": phrase("{seat} discards {card} as demanded"),
    "picked": phrase("{seat} discards {card}, picked blind by the caster"),
}


def _card_discarded(e: ev.CardDiscarded) -> Phrase:
    return Phrase(_WHY[e.reason].msgid, (("seat", Seat(e.seat)), ("card", Card(e.card))))


def _damage_dealt(e: ev.DamageDealt) -> Phrase:
    if e.requested is not None and e.requested != e.amount:
        return phrase(
            "{seat} takes {amount} of {requested} damage from {source} (life {life})",
            seat=Seat(e.seat),
            amount=e.amount,
            requested=e.requested,
            source=Card(e.source),
            life=e.life,
        )
    return plural(
        "{seat} takes {n} damage from {source} (life {life})",
        "{seat} takes {n} damage from {source} (life {life})",
        e.amount,
        seat=Seat(e.seat),
        source=Card(e.source),
        life=e.life,
    )


_ENDS = {
    "expired": phrase("{kind} on {seat} ends (expired)"),
    "consumed": phrase("{kind} on {seat} ends (used up)"),
    "ticked": phrase("{kind} on {seat} ends (its turns are over)"),
}


def _effect_ended(e: ev.EffectEnded) -> Phrase:
    said = _ENDS.get(e.reason) or phrase("{kind} on {seat} ends")
    return Phrase(said.msgid, (("kind", Card(e.kind)), ("seat", Seat(e.seat))))


def _attack_began(e: ev.AttackBegan) -> Phrase:
    return phrase(
        "{attacker} attacks {targets} with {source}",
        attacker=Seat(e.attacker),
        targets=seats(h.target for h in e.hits),
        source=Card(e.source),
    )


def _attack_arrived(e: ev.AttackArrived) -> Phrase:
    if e.defendable:
        return plural(
            "the attack reaches {target} ({n} damage); {target} may defend",
            "the attack reaches {target} ({n} damage); {target} may defend",
            e.damage,
            target=Seat(e.target),
        )
    return plural(
        "the attack reaches {target} ({n} damage)",
        "the attack reaches {target} ({n} damage)",
        e.damage,
        target=Seat(e.target),
    )


def _defence_played(e: ev.DefencePlayed) -> Phrase:
    if e.target is None:
        return phrase("{seat} defends with {card}", seat=Seat(e.seat), card=Card(e.card))
    return phrase(
        "{seat} defends with {card} towards {target}",
        seat=Seat(e.seat),
        card=Card(e.card),
        target=Seat(e.target),
    )


def _round_won(e: ev.RoundWon) -> Phrase:
    return plural(
        "{seat} wins the round ({n} round won)",
        "{seat} wins the round ({n} rounds won)",
        e.wins,
        seat=Seat(e.seat),
    )


def _match_won(e: ev.MatchWon) -> Phrase:
    return plural(
        "{seat} is the ultimate sorcerer with {n} round won",
        "{seat} is the ultimate sorcerer with {n} rounds won",
        e.wins,
        seat=Seat(e.seat),
    )


def _discard_pile_reshuffled(e: ev.DiscardPileReshuffled) -> Phrase:
    return plural(
        "the draw pile is empty: {n} discarded card shuffled into a new one",
        "the draw pile is empty: {n} discarded cards shuffled into a new one",
        e.cards,
    )


_EVENTS: dict[type[Event], Callable[[Any], Phrase]] = {
    ev.RoundStarted: _round_started,
    ev.CardsDealt: _cards_dealt,
    ev.TurnStarted: _turn_started,
    ev.DiscardPileReshuffled: _discard_pile_reshuffled,
    ev.CardDrawn: _card_drawn,
    ev.CardPlayed: _card_played,
    ev.ComboPlayed: _combo_played,
    ev.CardDiscarded: _card_discarded,
    ev.CardRecovered: _card_recovered,
    ev.CardStolen: _card_stolen,
    ev.HandsSwapped: _hands_swapped,
    ev.DamageDealt: _damage_dealt,
    ev.DamageBlocked: _damage_blocked,
    ev.LifeRestored: _life_restored,
    ev.EffectStarted: _effect_started,
    ev.EffectEnded: _effect_ended,
    ev.AttackBegan: _attack_began,
    ev.AttackPrevented: _attack_prevented,
    ev.AttackArrived: _attack_arrived,
    ev.DefencePlayed: _defence_played,
    ev.DefenceDeclined: _defence_declined,
    ev.AttackRedirected: _attack_redirected,
    ev.HitResolved: _hit_resolved,
    ev.DiscardDemanded: _discard_demanded,
    ev.PlayedCardsDiscarded: _played_cards_discarded,
    ev.DiscardPhaseStarted: _discard_phase_started,
    ev.TurnEnded: _turn_ended,
    ev.WizardEliminated: _wizard_eliminated,
    ev.RoundWon: _round_won,
    ev.RoundDrawn: _round_drawn,
    ev.MatchWon: _match_won,
}


# The decisions a seat is asked for, as ``evolve.pending`` words them: the seat
# that demands or attacks, read back into a seat.
_DEMANDED = re.compile(r"^discard a card of your choice \(demanded by seat (\d+)\)$")
_ATTACKED = re.compile(
    r"^seat (\d+) attacks you with (.+) \((\d+) damage\): play one defence card or decline$"
)


_PROMPTS = {
    "nothing to do: pass": phrase("nothing to do: pass"),
    "discard a card, or end the turn with at most 3 cards": phrase(
        "discard a card, or end the turn with at most 3 cards"
    ),
}
# The action phase offers what may be done, joined by ", or " (``evolve._action_asked``).
_OFFERS = {
    "pass": phrase("pass"),
    "draw a card": phrase("draw a card"),
    "play a card or a combo": phrase("play a card or a combo"),
    "discard one card": phrase("discard one card"),
}
# A card by its printed name, as a prompt names it (``cards.name_of``).
_BY_NAME = {name: card for card, name in ((c, known_name(c)) for c in (*CARDS, *COMBOS)) if name}


def prompt_words(prompt: str) -> Phrase:
    """A pending decision's prompt as a player reads it, its seat by name."""
    if prompt in _PROMPTS:
        return _PROMPTS[prompt]
    offers = prompt.split(", or ")
    if all(o in _OFFERS for o in offers):
        said = _OFFERS[offers[0]]
        for offer in offers[1:]:
            said = phrase("{said}, or {more}", said=said, more=_OFFERS[offer])
        return said
    m = _DEMANDED.match(prompt)
    if m:
        return phrase(
            "discard a card of your choice (demanded by {seat})", seat=Seat(int(m.group(1)))
        )
    m = _ATTACKED.match(prompt)
    if m:
        return plural(
            "{seat} attacks you with {card} ({n} damage): play one defence card or decline",
            "{seat} attacks you with {card} ({n} damage): play one defence card or decline",
            int(m.group(3)),
            seat=Seat(int(m.group(1))),
            card=Card(_BY_NAME.get(m.group(2), m.group(2))),
        )
    return phrase("{prompt}", prompt=prompt)


def event_phrase(event: Event) -> Phrase | None:
    """An event of the game as a phrase (None: not one of the game's own)."""
    told = _EVENTS.get(type(event))
    return None if told is None else told(event)


def command_phrase(command: Mapping[str, Any], seat: int) -> Phrase | None:
    who = Seat(seat)
    kind = command.get("type")
    card = command.get("card")
    target = command.get("target")
    said: Phrase | None = None
    if kind == "Draw":
        return phrase("{who} draws a card", who=who)
    if kind == "PlayCard" and isinstance(card, str):
        said = phrase("{who} plays {card}", who=who, card=Card(card))
        if isinstance(target, int):
            said = phrase(
                "{who} plays {card} on {target}", who=who, card=Card(card), target=Seat(target)
            )
    elif kind == "PlayCombo":
        said = phrase("{who} plays the combo {combo}", who=who, combo=Card(command["combo"]))
        second = command.get("second_target")
        if isinstance(target, int) and isinstance(second, int):
            said = phrase(
                "{said} on {target} and {second}",
                said=said,
                target=Seat(target),
                second=Seat(second),
            )
        elif isinstance(target, int):
            said = phrase("{said} on {target}", said=said, target=Seat(target))
        if isinstance(card, str):
            said = phrase("{said}, taking {card}", said=said, card=Card(card))
        return said
    elif kind == "NoAction" and isinstance(card, str):
        return phrase("{who} takes no action and discards {card}", who=who, card=Card(card))
    elif kind == "Pass":
        return phrase("{who} passes", who=who)
    elif kind == "Discard" and isinstance(card, str):
        return phrase("{who} discards {card}", who=who, card=Card(card))
    elif kind == "EndTurn":
        return phrase("{who} ends the turn", who=who)
    elif kind == "Defend" and isinstance(card, str):
        said = phrase("{who} defends with {card}", who=who, card=Card(card))
        if isinstance(target, int):
            said = phrase("{said}, sending the attack to {target}", said=said, target=Seat(target))
    elif kind == "Decline":
        return phrase("{who} does not defend", who=who)
    if said is not None and command.get("discard"):
        said = phrase("{said}, discarding {card}", said=said, card=Card(command["discard"]))
    return said


# Its events a reader may not see yet, by what kind of thing they are.
HIDDEN_KINDS = {
    "CardsDealt": phrase("cards dealt"),
    "CardDrawn": phrase("a card drawn"),
    "CardStolen": phrase("a card stolen"),
}


# The values its views hold, as a fact says them: the stage of a turn (the rulebook's
# « Phase de tirage ou d'action » and « Phase de défausse », and the pauses the engine
# adds between), and how far one hit of an attack has gone.
FACT_VALUES: Mapping[tuple[str, str], Phrase] = {
    ("stage", "setup"): phrase("setting up"),
    ("stage", "action"): phrase("draw or action phase"),
    ("stage", "resolving"): phrase("resolving an action"),
    ("stage", "discard"): phrase("discard phase"),
    ("stage", "ending"): phrase("end of turn"),
    ("stage", "over"): phrase("game over"),
    ("stage", "new"): phrase("on its way"),
    ("stage", "arrived"): phrase("arrived, awaiting a defence"),
    ("stage", "answered"): phrase("answered"),
}


WORDS = GameWords(
    # The keys of its views no other game holds, as the facts label them.
    fact_labels={
        # The fields of its events, as a difference names them.
        "combo": phrase("combo"),
        "defendable": phrase("defendable"),
        "effect_rule": phrase("effect rule"),
        "from_seat": phrase("from"),
        "health": phrase("health"),
        "other": phrase("other"),
        "requested": phrase("requested"),
        "targets": phrase("targets"),
        "thief": phrase("thief"),
        "to_seat": phrase("to"),
        "victim": phrase("victim"),
        "wins": phrase("wins"),
        "effects": phrase("effects"),
        "eliminated": phrase("eliminated"),
        "round_wins": phrase("round wins"),
        "attack": phrase("attack"),
        "attacker": phrase("attacker"),
        "hits": phrase("hits"),
        "steal": phrase("steal"),
        "source": phrase("source"),
        "draw_pile": phrase("draw pile"),
        "in_play": phrase("in play"),
    },
    fact_values=FACT_VALUES,
    hidden_kinds=HIDDEN_KINDS,
    card_name=card_name,
    # A lasting effect goes by the name of the card that lays it
    # (``cards.EFFECT_NAMES``; the combos' effects share their combo's id).
    named_after={SHADOW_VEIL: "shadow_veil"},
    command_phrase=command_phrase,
    event_phrase=event_phrase,
    prompt_words=prompt_words,
    # Who attacks, whom a hit of the attack is aimed at, who demands a discard.
    seat_keys=SEAT_KEYS | {"attacker", "target", "by"},
    command_labels={
        "Draw": phrase("Draw a card"),
        "PlayCard": phrase("Play a card"),
        "PlayCombo": phrase("Play a combo"),
        "NoAction": phrase("Discard instead (no action)"),
        "Pass": phrase("Pass"),
        "Discard": phrase("Discard a card"),
        "EndTurn": phrase("End the turn"),
        "Defend": phrase("Defend"),
        "Decline": phrase("Take it (no defence)"),
    },
)
