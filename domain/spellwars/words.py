"""Spell Wars in words (``GAME.words``): the one place that says how its events
and commands read, as phrases (``domain.kernel.phrases``) the service tells in the
reader's language and names. Card instance ids (``roulepelax#1``) are said by their
printed names, prompts with their target selectors in words."""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Event, GameWords
from domain.kernel.phrases import Arg, Card, Phrase, Seat, cards, listed, phrase, plural, seats
from domain.kernel.words import SEAT_KEYS, joined, purpose_phrase
from domain.spellwars import events as ev
from domain.spellwars.cards import GLYPH_NAMES, built_in
from domain.spellwars.options import OPTIONS
from domain.spellwars.selector_words import prompt_phrase, selector_phrase

# The three types of component a spell is made of, as the rulebook prints them.
SLOTS = {
    "source": phrase("source"),
    "quality": phrase("quality"),
    "delivery": phrase("delivery"),
}
_NO_CARD = phrase("no card")


def card_name(card_id: str) -> str | None:
    """The printed name of a card instance or of the card its copies are (a
    kind, as a table-mode refusal lists what could be drawn); the built-in
    data's: a table's own names are the service's, ``services.words.card_names``."""
    cards = built_in()
    found = cards.by_instance.get(card_id) or cards.by_slug.get(card_id)
    return None if found is None else found.name


# Why blood is gained or a point scored, as the engine records it (a value of the
# record, kept as recorded): a kill names its victim's seat.
_KILLED = re.compile(r"^killed seat (\d+)$")
_WHYS = {
    "last wizard standing": phrase("last wizard standing"),
    "holds the Dungeon at the end of the turn": phrase("holds the Dungeon at the end of the turn"),
}


def _why(why: str) -> Phrase | str:
    m = _KILLED.match(why)
    if m:
        return phrase("killed {seat}", seat=Seat(int(m.group(1))))
    return _WHYS.get(why, why)


# A roll choosing a target by the die, as ``targets.faces`` records its purpose:
# "target by the die: 1-3 seat 1, 4-6 seat 2, …, 6 roll again".
_BY_THE_DIE = "target by the die: "
_FACE = re.compile(r"^([\d-]+) (?:seat (\d+)|roll again)$")


# A power roll and Chancedecocus' roll-off, as ``machine`` records their purposes:
# the card by its name in the game's data, a power roll's glyph by its id.
_POWER = re.compile(r"^power roll of (.+) \((\w*)\)$")
_CONTEST = re.compile(r"^(.+) contest$")


def purpose_words(purpose: str) -> Phrase | str:
    """A roll's recorded purpose in words; the die's faces by the players' names,
    a glyph by its printed name."""
    power = _POWER.match(purpose)
    if power:
        glyph = GLYPH_NAMES.get(power.group(2), power.group(2))
        return phrase("power roll of {card} ({glyph})", card=power.group(1), glyph=glyph)
    contest = _CONTEST.match(purpose)
    if contest:
        return phrase("the roll-off of {card}", card=contest.group(1))
    if not purpose.startswith(_BY_THE_DIE):
        return purpose_phrase(purpose)
    faces: list[Phrase] = []
    for part in purpose.removeprefix(_BY_THE_DIE).split(", "):
        m = _FACE.match(part)
        if m is None:
            return purpose
        if m.group(2) is None:
            faces.append(phrase("{faces} roll again", faces=m.group(1)))
        else:
            faces.append(phrase("{faces} {seat}", faces=m.group(1), seat=Seat(int(m.group(2)))))
    return phrase("target by the die: {faces}", faces=joined(faces))


def _slot(slot: str) -> Phrase | str:
    return SLOTS.get(slot, slot)


def _by_seat(counts: tuple[int, ...]) -> Phrase | Any:
    return listed(phrase("{seat}: {n}", seat=Seat(i), n=n) for i, n in enumerate(counts) if n)


def _round_started(e: ev.RoundStarted) -> Phrase:
    return phrase(
        "round {round} begins: every wizard at 20 life, the Dungeon in the middle", round=e.round
    )


def _turn_started(e: ev.TurnStarted) -> Phrase:
    return phrase("turn {turn} begins", turn=e.turn)


def _cards_drawn(e: ev.CardsDrawn) -> Phrase:
    return phrase("{seat} drew {cards}", seat=Seat(e.seat), cards=cards(e.cards))


def _spell_placed(e: ev.SpellPlaced) -> Phrase:
    return phrase("{seat} placed face down: {cards}", seat=Seat(e.seat), cards=cards(e.cards))


def _card_taken_back(e: ev.CardTakenBack) -> Phrase:
    return phrase(
        "{seat} takes {card} back into hand (more than 3 placed)",
        seat=Seat(e.seat),
        card=Card(e.card),
    )


def _card_trimmed(e: ev.CardTrimmed) -> Phrase:
    return phrase(
        "{seat}'s spell is incorrect: {card} is discarded", seat=Seat(e.seat), card=Card(e.card)
    )


def _component_started(e: ev.ComponentStarted) -> Phrase:
    return phrase("{seat} resolves {card}", seat=Seat(e.seat), card=Card(e.card))


def _component_resolved(e: ev.ComponentResolved) -> Phrase:
    return phrase("{card} ({seat}) is resolved", card=Card(e.card), seat=Seat(e.seat))


def _blood_paid(e: ev.BloodPaid) -> Phrase:
    return phrase(
        "{seat} pays {amount} blood for {card}",
        seat=Seat(e.seat),
        amount=e.amount,
        card=Card(e.card),
    )


# A split roll's answers (ruling sw.split, ``machine``): the roll resolved whole or
# split, then each die against an opponent as "<die>>seat".
_SPLIT_DIE = re.compile(r"^(\d+)>(\d+)$")
_PICKED_DIE = re.compile(r"^die (\d+)$")
_FACE_ORDER = re.compile(r"^\d+(,\d+)+$")
_SPLITS = {
    "whole": phrase("to resolve the dice together"),
    "split": phrase("to split the dice, one per opponent"),
}


def answer_words(value: str) -> Arg:
    """An answer to a choice (``Choose.choice``, ``OptionChosen.option``) as the
    table says it: a split die as the die against the opponent by name, a die by
    its value, the die's faces by the wizards they go to, a type, the cards of a
    discard by their names (a number, an option of a card or a die, as it is)."""
    split = _SPLIT_DIE.match(value)
    if split:
        return phrase(
            "the {die} against {seat}", die=int(split.group(1)), seat=Seat(int(split.group(2)))
        )
    picked = _PICKED_DIE.match(value)
    if picked:
        return phrase("the {die}", die=int(picked.group(1)))
    if _FACE_ORDER.match(value):
        return phrase(
            "the die's faces for {seats}, in that order",
            seats=seats(int(s) for s in value.split(",")),
        )
    if value == "none":
        return phrase("none of them")
    if value in _SPLITS:
        return _SPLITS[value]
    if value in SLOTS:
        return SLOTS[value]
    if "+" in value:
        return cards(value.split("+"))
    return Card(value)


def _option_chosen(e: ev.OptionChosen) -> Phrase:
    return phrase(
        "{seat} chooses {option} for {card}",
        seat=Seat(e.seat),
        option=answer_words(e.option),
        card=Card(e.card),
    )


def _damage_dealt(e: ev.DamageDealt) -> Phrase:
    return plural(
        "{card} deals {n} damage to {target}",
        "{card} deals {n} damage to {target}",
        e.amount,
        card=Card(e.card),
        target=Seat(e.target),
    )


def _damage_blocked(e: ev.DamageBlocked) -> Phrase:
    return plural(
        "{target} sacrifices {creature} to absorb {n} damage from {card}",
        "{target} sacrifices {creature} to absorb {n} damage from {card}",
        e.amount,
        target=Seat(e.target),
        creature=Card(e.creature),
        card=Card(e.card),
    )


def _healed(e: ev.Healed) -> Phrase:
    return plural(
        "{seat} heals {n} ({card})",
        "{seat} heals {n} ({card})",
        e.amount,
        seat=Seat(e.seat),
        card=Card(e.card),
    )


def _life_set(e: ev.LifeSet) -> Phrase:
    return phrase("{seat}'s life is set to {life}", seat=Seat(e.seat), life=e.life)


def _blood_gained(e: ev.BloodGained) -> Phrase:
    return phrase(
        "{seat} gains {amount} blood ({why})", seat=Seat(e.seat), amount=e.amount, why=_why(e.why)
    )


def _treasure_discarded(e: ev.TreasureDiscarded) -> Phrase:
    return phrase("{seat} discards {treasure}", seat=Seat(e.seat), treasure=Card(e.treasure))


def _creature_killed(e: ev.CreatureKilled) -> Phrase:
    return phrase("{seat}'s {creature} is killed", seat=Seat(e.seat), creature=Card(e.creature))


def _creature_added(e: ev.CreatureAdded) -> Phrase:
    return phrase(
        "{seat} adds {creature} from hand to the spell",
        seat=Seat(e.seat),
        creature=Card(e.creature),
    )


def _keep_earned(e: ev.KeepEarned) -> Phrase:
    return phrase("{creature} will be kept (GARDEZ)", creature=Card(e.creature))


def _creature_dice_granted(e: ev.CreatureDiceGranted) -> Phrase:
    return phrase(
        "{seat} adds {dice} die to each creature power roll this turn",
        seat=Seat(e.seat),
        dice=e.dice,
    )


def _hand_revealed(e: ev.HandRevealed) -> Phrase:
    return phrase("{seat} reveals a hand of {cards}", seat=Seat(e.seat), cards=cards(e.cards))


def _cards_discarded(e: ev.CardsDiscarded) -> Phrase:
    return phrase("{seat} discards {cards}", seat=Seat(e.seat), cards=cards(e.cards))


def _cards_passed(e: ev.CardsPassed) -> Phrase:
    return phrase(
        "{source} passes {cards} to {target}",
        source=Seat(e.source),
        cards=cards(e.cards),
        target=Seat(e.target),
    )


def _split_dice_unused(e: ev.SplitDiceUnused) -> Phrase:
    return phrase(
        "{card}: no other opponent left for the split dice {value}; they are not resolved",
        card=Card(e.card),
        value=", ".join(map(str, e.dice)),
    )


def _death_averted(e: ev.DeathAverted) -> Phrase:
    return phrase(
        "{seat} does not die: {card} is discarded, life set to 1",
        seat=Seat(e.seat),
        card=Card(e.card),
    )


def _dead_card_drawn(e: ev.DeadCardDrawn) -> Phrase:
    return phrase("{seat} draws the dead-wizard card {card}", seat=Seat(e.seat), card=Card(e.card))


def _dead_cards_cleared(e: ev.DeadCardsCleared) -> Phrase:
    return phrase(
        "{seat} discards the dead-wizard cards {cards}", seat=Seat(e.seat), cards=cards(e.cards)
    )


def _treasure_deferred(e: ev.TreasureDeferred) -> Phrase:
    return plural(
        "{seat} will gain {n} treasure at the start of the next round",
        "{seat} will gain {n} treasures at the start of the next round",
        e.count,
        seat=Seat(e.seat),
    )


def _turn_ended(e: ev.TurnEnded) -> Phrase:
    return phrase("turn {turn} ends", turn=e.turn)


def _token_awarded(e: ev.TokenAwarded) -> Phrase:
    return phrase("{seat} wins a last wizard standing token", seat=Seat(e.seat))


def _point_scored(e: ev.PointScored) -> Phrase:
    return phrase("{seat} scores 1 point ({why})", seat=Seat(e.seat), why=_why(e.why))


def _round_cleared(e: ev.RoundCleared) -> Phrase:
    return phrase("hands, treasures and creatures are discarded")


def _position_loaded(e: ev.PositionLoaded) -> Phrase:
    return phrase("the table position is loaded from the setup file")


def _position_entered(e: ev.PositionEntered) -> Phrase:
    return phrase(
        "the position is entered from the setup file (round {round}, turn {turn})",
        round=e.round,
        turn=e.turn,
    )


def _wild_types_chosen(e: ev.WildTypesChosen) -> Phrase:
    pairs = listed(
        phrase("{card} as the {slot}", card=Card(w), slot=_slot(t))
        for w, t in zip(e.wilds, e.slots, strict=True)
    )
    return phrase("{seat}'s wild magic stands for: {pairs}", seat=Seat(e.seat), pairs=pairs)


def _sizes_announced(e: ev.SizesAnnounced) -> Phrase:
    return phrase("spell sizes announced: {sizes}", sizes=_by_seat(e.sizes))


def _caster_chosen(e: ev.CasterChosen) -> Phrase:
    return plural(
        "{seat} casts next ({n} component, initiative {initiative})",
        "{seat} casts next ({n} components, initiative {initiative})",
        e.size,
        seat=Seat(e.seat),
        initiative=e.initiative,
    )


def _spell_revealed(e: ev.SpellRevealed) -> Phrase:
    if e.carried:
        return phrase(
            "{seat} reveals {cards} (kept creatures: {kept})",
            seat=Seat(e.seat),
            cards=cards(e.cards, _NO_CARD),
            kept=cards(e.carried),
        )
    return phrase("{seat} reveals {cards}", seat=Seat(e.seat), cards=cards(e.cards, _NO_CARD))


def _wild_magic_replaced(e: ev.WildMagicReplaced) -> Phrase:
    got = Card(e.found) if e.found else phrase("nothing (no such card left)")
    return plural(
        "{seat}'s wild magic ({slot}) turned {n} card: {got} joins",
        "{seat}'s wild magic ({slot}) turned {n} cards: {got} joins",
        len(e.turned),
        seat=Seat(e.seat),
        slot=_slot(e.slot),
        got=got,
    )


def _spell_finished(e: ev.SpellFinished) -> Phrase:
    if e.kept:
        return phrase(
            "{seat}'s spell ends: discards {cards}; keeps {kept}",
            seat=Seat(e.seat),
            cards=cards(e.discarded, _NO_CARD),
            kept=cards(e.kept),
        )
    return phrase(
        "{seat}'s spell ends: discards {cards}",
        seat=Seat(e.seat),
        cards=cards(e.discarded, _NO_CARD),
    )


def _target_chosen(e: ev.TargetChosen) -> Phrase:
    return phrase(
        "{card} targets {who} — {how}",
        card=Card(e.card),
        who=seats(e.targets),
        how=selector_phrase(e.how),
    )


def _blood_moved(e: ev.BloodMoved) -> Phrase:
    return phrase(
        "{amount} blood passes from {source} to {target} ({card})",
        amount=e.amount,
        source=Seat(e.source),
        target=Seat(e.target),
        card=Card(e.card),
    )


def _dungeon_taken(e: ev.DungeonTaken) -> Phrase:
    if e.previous < 0:
        return phrase("{seat} takes the Dungeon from the middle", seat=Seat(e.seat))
    return phrase(
        "{seat} takes the Dungeon from {previous}", seat=Seat(e.seat), previous=Seat(e.previous)
    )


def _treasure_gained(e: ev.TreasureGained) -> Phrase:
    if e.previous < 0:
        return phrase(
            "{seat} gains {treasure} from the treasure deck",
            seat=Seat(e.seat),
            treasure=Card(e.treasure),
        )
    return phrase(
        "{seat} gains {treasure} from {previous}",
        seat=Seat(e.seat),
        treasure=Card(e.treasure),
        previous=Seat(e.previous),
    )


def _pass_counted(e: ev.PassCounted) -> Phrase:
    return phrase("cards received: {counts}", counts=_by_seat(e.received))


def _wizard_died(e: ev.WizardDied) -> Phrase:
    if e.killer == e.seat:
        return phrase("{seat} dies (by their own hand)", seat=Seat(e.seat))
    return phrase("{seat} dies (killed by {killer})", seat=Seat(e.seat), killer=Seat(e.killer))


def _round_ended(e: ev.RoundEnded) -> Phrase:
    if e.survivor < 0:
        return phrase("round {round} ends; last wizard standing: nobody", round=e.round)
    return phrase(
        "round {round} ends; last wizard standing: {seat}", round=e.round, seat=Seat(e.survivor)
    )


def _match_won(e: ev.MatchWon) -> Phrase:
    return phrase("the match is won by {seats}", seats=seats(e.winners))


def _flow_set(e: ev.FlowSet) -> Phrase:
    c = e.flow.choice
    if c is not None:
        return phrase(
            "waiting for {seat}: {prompt}", seat=Seat(c.seat), prompt=prompt_phrase(c.prompt)
        )
    if e.flow.phase == "place":
        return phrase(
            "waiting for spells (or cards taken back) from {seats}",
            seats=seats(p.seat for p in e.pending),
        )
    return _PHASES.get(e.flow.phase) or phrase("phase {phase}", phase=e.flow.phase)


_PHASES = {
    "setup": phrase("phase: setting up"),
    "place": phrase("phase: placing spells"),
    "cast": phrase("phase: casting spells"),
    "over": phrase("phase: the match is over"),
}


_EVENTS: dict[type[Event], Callable[[Any], Phrase]] = {
    ev.RoundStarted: _round_started,
    ev.TurnStarted: _turn_started,
    ev.CardsDrawn: _cards_drawn,
    ev.SpellPlaced: _spell_placed,
    ev.CardTakenBack: _card_taken_back,
    ev.CardTrimmed: _card_trimmed,
    ev.WildTypesChosen: _wild_types_chosen,
    ev.SizesAnnounced: _sizes_announced,
    ev.CasterChosen: _caster_chosen,
    ev.SpellRevealed: _spell_revealed,
    ev.WildMagicReplaced: _wild_magic_replaced,
    ev.ComponentStarted: _component_started,
    ev.ComponentResolved: _component_resolved,
    ev.SpellFinished: _spell_finished,
    ev.TargetChosen: _target_chosen,
    ev.BloodPaid: _blood_paid,
    ev.OptionChosen: _option_chosen,
    ev.DamageDealt: _damage_dealt,
    ev.DamageBlocked: _damage_blocked,
    ev.Healed: _healed,
    ev.LifeSet: _life_set,
    ev.BloodGained: _blood_gained,
    ev.BloodMoved: _blood_moved,
    ev.DungeonTaken: _dungeon_taken,
    ev.TreasureGained: _treasure_gained,
    ev.TreasureDiscarded: _treasure_discarded,
    ev.CreatureKilled: _creature_killed,
    ev.CreatureAdded: _creature_added,
    ev.KeepEarned: _keep_earned,
    ev.CreatureDiceGranted: _creature_dice_granted,
    ev.HandRevealed: _hand_revealed,
    ev.CardsDiscarded: _cards_discarded,
    ev.CardsPassed: _cards_passed,
    ev.PassCounted: _pass_counted,
    ev.SplitDiceUnused: _split_dice_unused,
    ev.WizardDied: _wizard_died,
    ev.DeathAverted: _death_averted,
    ev.DeadCardDrawn: _dead_card_drawn,
    ev.DeadCardsCleared: _dead_cards_cleared,
    ev.TreasureDeferred: _treasure_deferred,
    ev.TurnEnded: _turn_ended,
    ev.RoundEnded: _round_ended,
    ev.TokenAwarded: _token_awarded,
    ev.PointScored: _point_scored,
    ev.RoundCleared: _round_cleared,
    ev.MatchWon: _match_won,
    ev.PositionLoaded: _position_loaded,
    ev.PositionEntered: _position_entered,
    ev.FlowSet: _flow_set,
}


def event_phrase(event: Event) -> Phrase | None:
    """An event of the game as a phrase (None: not one of the game's own)."""
    told = _EVENTS.get(type(event))
    return None if told is None else told(event)


def command_phrase(command: Mapping[str, Any], seat: int) -> Phrase | None:
    """Each command as a table says it (a block with no creature says what it
    means, not an empty field); cards by their printed names."""
    who = Seat(seat)
    kind = command.get("type")
    if kind == "Block":
        creature = command.get("creature")
        if creature is None:
            return phrase("{who} blocks with no creature and takes the damage", who=who)
        return phrase("{who} blocks with {creature}", who=who, creature=Card(creature))
    if kind == "PlaceCards":
        return phrase(
            "{who} places {cards} face down",
            who=who,
            cards=cards(command.get("cards") or (), _NO_CARD),
        )
    if kind == "TakeBack":
        return phrase(
            "{who} takes {card} back into their hand", who=who, card=Card(command["card"])
        )
    if kind == "PlaceSpell":  # retired, in old records: one card per slot
        slots = [command.get(k) for k in ("source", "quality", "delivery")]
        return phrase(
            "{who} places {cards} face down",
            who=who,
            cards=cards([c for c in slots if c], _NO_CARD),
        )
    if kind == "PickTarget":
        return phrase("{who} picks {seat} as the target", who=who, seat=Seat(int(command["seat"])))
    if kind == "Pay":
        amount = int(command.get("amount", 0))
        if amount == 0:
            return phrase("{who} pays no blood", who=who)
        return phrase("{who} pays {amount} blood", who=who, amount=amount)
    if kind == "Choose":
        return phrase(
            "{who} chooses {choice}", who=who, choice=answer_words(str(command["choice"]))
        )
    if kind == "GiveCard":
        return phrase("{who} gives away {card}", who=who, card=Card(command["card"]))
    return None


def prompt_words(prompt: Phrase | str) -> Phrase:
    """A pending decision's prompt as a player reads it (target selectors in words)."""
    return prompt_phrase(prompt)


# Its events a reader may not see yet, by what kind of thing they are.
HIDDEN_KINDS = {
    "CardsDrawn": phrase("cards drawn"),
    "SpellPlaced": phrase("a spell placed"),
    "CardTakenBack": phrase("a card taken back"),
    "CardsPassed": phrase("cards passed"),
    "PositionLoaded": phrase("a position laid out"),
    "PositionEntered": phrase("a position laid out"),
}


_VARIANT = next(spec for spec in OPTIONS if spec.name == "variant")

# The values its views hold, as a fact says them: the rulebook's variant (as the
# option names it: « Variante combat rapide », else the « jetons Dernier Survivant »),
# the phase of a round (« Placer son sort », then each spell revealed and resolved),
# and what a choice in the middle of a spell asks for.
FACT_VALUES: Mapping[tuple[str, str], Phrase] = {
    **{("variant", str(value)): phrase(said) for value, said in _VARIANT.values},
    ("phase", "setup"): phrase("setting up"),
    ("phase", "place"): phrase("placing spells"),
    ("phase", "cast"): phrase("resolving spells"),
    ("phase", "over"): phrase("over"),
    ("kind", "target"): phrase("a target"),
    ("kind", "play"): phrase("a card to play"),
    ("kind", "discard"): phrase("a card to discard"),
    ("kind", "give"): phrase("a card to give"),
    ("kind", "pay"): phrase("blood to pay"),
    ("kind", "option"): phrase("an option"),
    ("kind", "block"): phrase("a block"),
    ("kind", "component"): phrase("the component that resolves first"),
    ("kind", "trim"): phrase("a card taken out of an incorrect spell"),
    ("kind", "wild"): phrase("what a Wild Magic card stands for"),
}


WORDS = GameWords(
    # The keys of its views no other game holds, as the facts label them.
    fact_labels={
        # The fields of its events, as a difference names them.
        "carried": phrase("carried"),
        "dead_deck": phrase("dead deck"),
        "dead_deck_unknown": phrase("dead deck unknown"),
        "dead_discard": phrase("dead discard"),
        "deck_unknown": phrase("deck unknown"),
        "declared": phrase("declared"),
        "discarded": phrase("discarded"),
        "flow": phrase("flow"),
        "found": phrase("found"),
        "how": phrase("how"),
        "initiative": phrase("initiative"),
        "killer": phrase("killer"),
        "option": phrase("option"),
        "previous": phrase("previous"),
        "received": phrase("received"),
        "size": phrase("size"),
        "sizes": phrase("sizes"),
        "slots": phrase("slots"),
        "survivor": phrase("survivor"),
        "treasure": phrase("treasure"),
        "treasure_deck": phrase("treasure deck"),
        "treasure_deck_unknown": phrase("treasure deck unknown"),
        "treasure_discard": phrase("treasure discard"),
        "turned": phrase("turned"),
        "why": phrase("why"),
        "wild": phrase("wild magic card"),
        "wilds": phrase("wild magic cards"),
        "alive": phrase("alive"),
        "blood": phrase("blood"),
        "dead_cards": phrase("dead cards"),
        "hand_size": phrase("hand size"),
        "placed": phrase("placed"),
        "played": phrase("played"),
        "points": phrase("points"),
        "spell": phrase("spell"),
        "spell_size": phrase("spell size"),
        "tokens": phrase("tokens"),
        "treasures": phrase("treasures"),
        "caster": phrase("caster"),
        "choice": phrase("choice"),
        "targets": phrase("targets"),
        "dead_deck_size": phrase("dead deck size"),
        "deck_size": phrase("deck size"),
        "discard_size": phrase("discard size"),
        "treasure_deck_size": phrase("treasure deck size"),
        "dungeon": phrase("dungeon"),
        "life_limits": phrase("life limits"),
        "max": phrase("max"),
        "start": phrase("start"),
        "variant": phrase("variant"),
    },
    fact_values=FACT_VALUES,
    hidden_kinds=HIDDEN_KINDS,
    card_name=card_name,
    command_phrase=command_phrase,
    event_phrase=event_phrase,
    prompt_words=prompt_words,
    # A card's question (a target to pick, blood to pay) is the view's ``choice``.
    prompts_in=frozenset({"choice"}),
    purpose_words=purpose_words,
    # Whose spell resolves, who holds the dungeon; the winners, the seats a choice
    # may pick.
    seat_keys=SEAT_KEYS | {"caster", "dungeon"},
    seat_lists=frozenset({"winners", "targets"}),
    command_labels={
        "PlaceCards": phrase("Place your spell"),
        "TakeBack": phrase("Take a card back"),
        "PickTarget": phrase("Pick a target"),
        "Pay": phrase("Pay blood"),
        "Choose": phrase("Choose"),
        "Block": phrase("Block with a creature"),
        "GiveCard": phrase("Give a card"),
    },
)
