"""The orc tower in words (``GAME.words``): the one place that says how its
events and commands read, as phrases (``domain.kernel.phrases``) the service
tells in the reader's language and names.

Cards and creatures are named by instance id (``ice_storm.04``, ``goblin-07``),
which a player types in commands: every text says the card's printed name
(``data.py``, the table's own where its data file renames it) before the id.
A command is said as the rulebook's actions read (« Se téléporter », « Lancer
un sort », its upgrades and the effect applied, « Passer »).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from typing import Any

from domain.kernel import Event, GameWords
from domain.kernel.phrases import Card, Phrase, Seat, cards, listed, phrase, plural, seats
from domain.kernel.words import purpose_phrase
from domain.orctower import events as ev
from domain.orctower.data import CHANGE_NAMES, POWER_NAMES, destiny_name

# A spell's effects as the rulebook counts them (« le premier effet », « le second »).
_NTH = {
    1: phrase("the spell's first effect"),
    2: phrase("the spell's second effect"),
    3: phrase("the spell's third effect"),
}
# The palette's slots 0–2 hold the attack pile's spells, 3–5 the knowledge pile's.
_PALETTE_PILE_SIZE = 3
_SECTIONS = (phrase("the outer section"), phrase("the middle section"), phrase("the inner section"))
_ENERGIES = {
    "earth": phrase("earth"),
    "lightning": phrase("lightning"),
    "water": phrase("water"),
    "fire": phrase("fire"),
}
# The phases of a player's turn as the rulebook numbers them (« Le tour d'un
# joueur est composé de 3 phases »), and the pauses the engine adds between.
_STAGES = {
    "missions": phrase("now: each player keeps a secret mission"),
    "reveal": phrase("now: turning over creature markers"),
    "actions": phrase("now: taking actions"),
    "casting": phrase("now: resolving the spell's effects"),
    "demand": phrase("now: discarding the demanded cards"),
    "bonus": phrase("now: taking the bonus actions"),
    "over": phrase("now: the game is over"),
}
_BONUSES = {
    "draw": phrase("draw a spell"),
    "action": phrase("an extra action"),
    "discard": phrase("an opponent discards"),
    "energy": phrase("an energy of any type"),
}
_SOURCES = {"deck": phrase("the deck"), "discard": phrase("the discard")}


def card_name(card_id: str) -> str | None:
    """A destiny card, a rule change or a bonus power by the rulebook's name for
    it (the spells and creatures are named from the game's data by
    ``services.words.card_names``)."""
    return destiny_name(card_id) or CHANGE_NAMES.get(card_id) or POWER_NAMES.get(card_id)


def _section(section: Any) -> Phrase:
    if isinstance(section, int) and 0 <= section < len(_SECTIONS):
        return _SECTIONS[section]
    return phrase("section {section}", section=str(section))


def energy_phrase(energy: str) -> Phrase | str:
    return _ENERGIES.get(energy, energy)


# The creatures a destiny card moves, by category (``DATA.destiny[].moves``).
_MOVERS = {
    "weak": phrase("the weak creatures"),
    "strong": phrase("the strong creatures"),
    "mighty": phrase("the mighty creatures"),
}


def destiny_shows(
    moves: tuple[str, ...], quarters: tuple[int, ...], sections: tuple[int, ...], change: str
) -> Phrase:
    """What a destiny card shows: who moves, and its rule change (its face, and
    the line of its reveal)."""
    if moves or not quarters:
        what = phrase("{kinds} move", kinds=listed(_MOVERS.get(m, m) for m in moves))
    else:
        what = plural(
            "the creatures of {sections} of quarter {quarters} move",
            "the creatures of {sections} of quarters {quarters} move",
            len(quarters),
            sections=listed(_section(s) for s in sections),
            quarters=listed(str(q) for q in quarters),
        )
    if not change:
        return phrase("{what}; no rule change", what=what)
    return phrase("{what}; rule change: {change}", what=what, change=Card(change))


def _destiny(e: ev.DestinyRevealed) -> Phrase:
    shows = destiny_shows(e.moves, e.quarters, e.sections, e.change)
    return phrase("{card} revealed: {shows}", card=Card(e.card), shows=shows)


def _game_ended(e: ev.GameEnded) -> Phrase:
    # Made before the call that says them, where Babel's extractor sees them.
    scores = [
        phrase("{seat} scored {points}", seat=Seat(s), points=n) for s, n in enumerate(e.scores)
    ]
    return phrase("game over; {scores}", scores=listed(scores))


def _destiny_revealed(e: ev.DestinyRevealed) -> Phrase:
    return _destiny(e)


_NOTHING = phrase("nothing")

_EVENTS: dict[type[Event], Callable[[Any], Phrase]] = {
    ev.StageChanged: lambda e: _STAGES.get(e.stage) or phrase("now: {stage}", stage=e.stage),
    ev.SetupCompleted: lambda e: phrase("setup complete"),
    ev.RoundStarted: lambda e: phrase("round {round} begins", round=e.round),
    ev.DestinyRevealed: _destiny_revealed,
    ev.PaletteReturned: lambda e: phrase("the palette is shuffled back into its piles"),
    ev.PaletteFilled: lambda e: phrase(
        "palette slot {slot} gets {card}", slot=e.slot, card=Card(e.card)
    ),
    ev.MarkerRevealed: lambda e: phrase(
        "marker {marker} revealed on quarter {quarter}: onto its outer section",
        marker=Card(e.marker),
        quarter=e.quarter,
    ),
    ev.MarkersDealt: lambda e: phrase(
        "marker stacks of {sizes}, quarter 1 first", sizes=", ".join(map(str, e.sizes))
    ),
    ev.CreatureMoved: lambda e: phrase(
        "{creature} moves to quarter {quarter}, {section}",
        creature=Card(e.creature),
        quarter=e.quarter,
        section=_section(e.section),
    ),
    ev.CreatureArrived: lambda e: phrase(
        "{creature} reaches the tower from quarter {quarter}",
        creature=Card(e.creature),
        quarter=e.quarter,
    ),
    # A player counts the board's six portraits from 1, Gobelin first.
    ev.CreatureLost: lambda e: phrase(
        "{seat} loses a defeated creature of hunting-board slot {slot}",
        seat=Seat(e.seat),
        slot=e.slot + 1,
    ),
    ev.TurnStarted: lambda e: plural(
        "{seat}'s turn, {n} action", "{seat}'s turn, {n} actions", e.actions, seat=Seat(e.seat)
    ),
    ev.CardsDrawn: lambda e: phrase(
        "{seat} draws {cards} from {source}",
        seat=Seat(e.seat),
        cards=cards(e.cards, _NOTHING),
        source=_SOURCES.get(e.source, e.source),
    ),
    ev.HandDiscarded: lambda e: phrase(
        "{seat} discards the hand: {cards}", seat=Seat(e.seat), cards=cards(e.cards, _NOTHING)
    ),
    ev.MageTeleported: lambda e: phrase(
        "{seat} teleports to tower space {space}", seat=Seat(e.seat), space=e.space
    ),
    ev.SpellCast: lambda e: phrase(
        "{seat} casts {card} (+1 {energy} energy)",
        seat=Seat(e.seat),
        card=Card(e.card),
        energy=energy_phrase(e.energy),
    ),
    ev.UpgradePlayed: lambda e: phrase(
        "{seat} adds {card} as an upgrade (+1 {energy} energy)",
        seat=Seat(e.seat),
        card=Card(e.card),
        energy=energy_phrase(e.energy),
    ),
    ev.UpgradeEffectUsed: lambda e: (
        phrase("{seat} uses an upgrade's teleport effect", seat=Seat(e.seat))
        if e.effect == "teleport"
        else phrase("{seat} uses an upgrade's draw effect", seat=Seat(e.seat))
    ),
    ev.UpgradeEffectsLapsed: lambda e: phrase(
        "{seat}'s unused upgrade effects lapse", seat=Seat(e.seat)
    ),
    ev.DamageDealt: lambda e: plural(
        "{creature} takes {n} damage",
        "{creature} takes {n} damage",
        e.amount,
        creature=Card(e.creature),
    ),
    ev.CreatureDefeated: lambda e: phrase(
        "{seat} defeats {creature}", seat=Seat(e.seat), creature=Card(e.creature)
    ),
    ev.CreatureRemoved: lambda e: phrase(
        "{creature} falls to the blast and goes back to the box, kept by nobody",
        creature=Card(e.creature),
    ),
    ev.PowerGained: lambda e: phrase(
        "{seat} gains the bonus power {power}", seat=Seat(e.seat), power=Card(e.power)
    ),
    ev.SpellLearned: lambda e: phrase(
        "{seat} learns {card} (palette slot {slot}) into the discard",
        seat=Seat(e.seat),
        card=Card(e.card),
        slot=e.slot,
    ),
    ev.CreaturesSwapped: lambda e: phrase(
        "{first} and {second} swap places", first=Card(e.first), second=Card(e.second)
    ),
    ev.ActionGained: lambda e: phrase("{seat} gains an action", seat=Seat(e.seat)),
    ev.DiscardDemanded: lambda e: phrase("{seats} must discard a card", seats=seats(e.seats)),
    ev.CardDiscarded: lambda e: phrase(
        "{seat} discards {card}", seat=Seat(e.seat), card=Card(e.card)
    ),
    ev.SpellFinished: lambda e: phrase(
        "{seat} puts {cards} in the discard", seat=Seat(e.seat), cards=cards(e.cards, _NOTHING)
    ),
    ev.Passed: lambda e: phrase("{seat} passes", seat=Seat(e.seat)),
    ev.CreaturesHealed: lambda e: phrase("undefeated creatures recover all their hit points"),
    ev.LastRoundAnnounced: lambda e: phrase(
        "at least 4 quarters are empty: this round is the last"
    ),
    ev.GameEnded: _game_ended,
    ev.PoisonGiven: lambda e: phrase(
        "{seat} puts {card} into {to}'s discard",
        seat=Seat(e.seat),
        card=Card(e.card),
        to=Seat(e.to),
    ),
    ev.CardRemoved: lambda e: phrase(
        "{seat} removes {card} from the game", seat=Seat(e.seat), card=Card(e.card)
    ),
    ev.MissionsDealt: lambda e: phrase(
        "{seat} is dealt the missions {missions}", seat=Seat(e.seat), missions=cards(e.missions)
    ),
    ev.MissionKept: lambda e: phrase(
        "{seat} keeps the mission {mission}", seat=Seat(e.seat), mission=Card(e.mission)
    ),
    ev.BonusTaken: lambda e: phrase(
        "{seat} takes the bonus action of {creature}: {bonus}",
        seat=Seat(e.seat),
        bonus=_BONUSES.get(e.bonus, e.bonus),
        creature=Card(e.creature),
    ),
    ev.BonusesSkipped: lambda e: phrase(
        "{seat} renounces the open bonus actions", seat=Seat(e.seat)
    ),
    ev.EnergyGained: lambda e: phrase(
        "{seat} gains 1 energy of any type for the next action", seat=Seat(e.seat)
    ),
    ev.TerrainPlaced: lambda e: phrase(
        "terrain {kind} on quarter {quarter}, {section}",
        kind=Card(e.kind),
        quarter=e.quarter,
        section=_section(e.section),
    ),
    ev.ToadTileLaid: lambda e: phrase(
        "baby toad {tile} laid on quarter {quarter}, {section}",
        tile=Card(e.tile),
        quarter=e.quarter,
        section=_section(e.section),
    ),
    ev.ToadTaken: lambda e: phrase(
        "{seat} takes baby toad {tile}", seat=Seat(e.seat), tile=Card(e.tile)
    ),
    ev.ToadUsed: lambda e: (
        phrase(
            "{seat} uses baby toad {tile} on {creature}",
            seat=Seat(e.seat),
            tile=Card(e.tile),
            creature=Card(e.creature),
        )
        if e.creature
        else phrase("{seat} uses baby toad {tile}", seat=Seat(e.seat), tile=Card(e.tile))
    ),
}


def event_phrase(event: Event) -> Phrase | None:
    """An event of the game as a phrase (None: not one of the game's own)."""
    told = _EVENTS.get(type(event))
    return None if told is None else told(event)


# The decisions a seat is asked for, as ``pending.py`` words them.
_PROMPTS = {
    "keep one secret mission": phrase("keep one secret mission"),
    "discard a card of your hand": phrase("discard a card of your hand"),
    "reveal a marker": phrase("reveal a creature marker"),
    "add upgrades, then apply one effect of the spell": phrase(
        "add upgrades, then apply one effect of the spell"
    ),
    "bonus actions": phrase("take the bonus actions, or skip them"),
    "teleport, cast a spell or pass": phrase("teleport, cast a spell or pass"),
}


# The pile a marker is drawn from, as the flow words a table-mode need's ``what``
# (``flow.py``: a plain string a program reads), read back into its quarter.
_MARKER_STACK = re.compile(r"^the marker stack of quarter (\d+)$")


def purpose_words(purpose: str) -> Phrase | str:
    """What a roll or a draw is for, in the reader's language: a quarter's marker
    stack by its number, else the kernel's reading."""
    m = _MARKER_STACK.match(purpose)
    if m:
        return phrase("the marker stack of quarter {quarter}", quarter=int(m.group(1)))
    return purpose_phrase(purpose)


def prompt_words(prompt: str) -> Phrase:
    """A pending decision's prompt in the reader's language."""
    return _PROMPTS.get(prompt) or phrase("{prompt}", prompt=prompt)


def _effect(command: Mapping[str, Any]) -> Phrase:
    level = int(command.get("level", 1))
    return _NTH.get(level) or phrase("the spell's level {level} effect", level=level)


def _upgrade(c: Mapping[str, Any], who: Seat) -> Phrase:
    if c.get("energy"):
        return phrase(
            "{who} adds {card} to the spell as an upgrade, for 1 {energy} energy",
            who=who,
            card=Card(c["card"]),
            energy=energy_phrase(str(c["energy"])),
        )
    return phrase("{who} adds {card} to the spell as an upgrade", who=who, card=Card(c["card"]))


def _upgrade_draw(c: Mapping[str, Any], who: Seat) -> Phrase:
    if c.get("card"):
        return phrase(
            "{who} uses an upgrade's draw to take {card} from the discard",
            who=who,
            card=Card(c["card"]),
        )
    return phrase("{who} uses an upgrade's draw to take the top card of the discard", who=who)


def _blast(c: Mapping[str, Any], who: Seat) -> Phrase:
    side = int(c.get("side", 0))
    section = _section(c.get("section"))
    if not side:
        return phrase(
            "{who} strikes {section} of {who}'s quarter with {effect}",
            who=who,
            section=section,
            effect=_effect(c),
        )
    # Which section lies on a side is a ruling the table may read otherwise
    # (orctower.ruling.earthquake-beside): the command names the side only.
    return phrase(
        "{who} strikes {section} of {who}'s quarter with {effect}, "
        "and the section « voisine » on side {side}",
        who=who,
        section=section,
        effect=_effect(c),
        side=f"{side:+d}",
    )


def _learn(c: Mapping[str, Any], who: Seat) -> Phrase:
    slot = int(c.get("slot", 0))
    if slot < _PALETTE_PILE_SIZE:
        return phrase(
            "{who} learns the spell in palette slot {slot} (attack pile) into the discard",
            who=who,
            slot=slot,
        )
    return phrase(
        "{who} learns the spell in palette slot {slot} (knowledge pile) into the discard",
        who=who,
        slot=slot,
    )


def _replenish(c: Mapping[str, Any], who: Seat) -> Phrase:
    if int(c.get("level", 1)) == 1:
        return phrase("{who} draws 2 cards from the deck with {effect}", who=who, effect=_effect(c))
    # Made before the call that says it, where Babel's extractor sees it.
    top = phrase("the top 2 cards")
    return phrase(
        "{who} takes {cards} from the discard and gains an action with {effect}",
        who=who,
        cards=cards(c.get("cards") or (), top),
        effect=_effect(c),
    )


def _advance(c: Mapping[str, Any], who: Seat) -> Phrase:
    return plural(
        "{who} advances {creature} {n} section toward the tower",
        "{who} advances {creature} {n} sections toward the tower",
        int(c.get("level", 1)),
        who=who,
        creature=Card(c["creature"]),
    )


def _hex(c: Mapping[str, Any], who: Seat) -> Phrase:
    if int(c.get("level", 1)) == 1:
        return phrase("{who} makes {seat} discard a card", who=who, seat=Seat(int(c["seat"])))
    return phrase(
        "{who} gains an action; every opponent holding more than 3 cards discards one", who=who
    )


def _use_toad(c: Mapping[str, Any], who: Seat) -> Phrase:
    if c.get("creature"):
        return phrase(
            "{who} uses baby toad {tile} on {creature}",
            who=who,
            tile=Card(c["tile"]),
            creature=Card(c["creature"]),
        )
    return phrase("{who} uses baby toad {tile}", who=who, tile=Card(c["tile"]))


_Said = Callable[[Mapping[str, Any], Seat], Phrase]
_SAID: dict[str, _Said] = {
    "KeepMission": lambda c, who: phrase(
        "{who} keeps the secret mission {mission}", who=who, mission=Card(c["mission"])
    ),
    "RevealMarker": lambda c, who: phrase(
        "{who} reveals a creature marker on quarter {quarter}", who=who, quarter=c["quarter"]
    ),
    "Teleport": lambda c, who: phrase(
        "{who} teleports to tower space {space}", who=who, space=c["space"]
    ),
    "Cast": lambda c, who: phrase("{who} casts {card}", who=who, card=Card(c["card"])),
    "Upgrade": _upgrade,
    "UpgradeTeleport": lambda c, who: phrase(
        "{who} uses an upgrade's teleport to tower space {space}", who=who, space=c["space"]
    ),
    "UpgradeDraw": _upgrade_draw,
    "Attack": lambda c, who: phrase(
        "{who} strikes {creature} with {effect}",
        who=who,
        creature=Card(c["creature"]),
        effect=_effect(c),
    ),
    "Blast": _blast,
    "Learn": _learn,
    "Replenish": _replenish,
    "Swap": lambda c, who: phrase(
        "{who} swaps {first} and {second}",
        who=who,
        first=Card(c["first"]),
        second=Card(c["second"]),
    ),
    "Place": lambda c, who: phrase(
        "{who} moves {creature} to {section} of {who}'s quarter",
        who=who,
        creature=Card(c["creature"]),
        section=_section(c.get("section")),
    ),
    "Advance": _advance,
    "Hex": _hex,
    "Fizzle": lambda c, who: phrase("{who} resolves the spell for no effect", who=who),
    "Pass": lambda c, who: phrase("{who} passes", who=who),
    "GivePoison": lambda c, who: phrase(
        "{who} puts a Poison card into {seat}'s discard", who=who, seat=Seat(int(c["seat"]))
    ),
    "RemoveCard": lambda c, who: phrase(
        "{who} removes {card} from the game", who=who, card=Card(c["card"])
    ),
    "DiscardCard": lambda c, who: phrase("{who} discards {card}", who=who, card=Card(c["card"])),
    "TakeBonus": lambda c, who: phrase(
        "{who} takes the bonus action of {creature}", who=who, creature=Card(c["creature"])
    ),
    "SkipBonuses": lambda c, who: phrase("{who} renounces the open bonus actions", who=who),
    "UseToad": _use_toad,
}


# The values its views hold, as a fact says them: the stage of play (the rulebook's
# phases of a turn, « Retourner des marqueurs Créature », « Effectuer des actions »,
# and the pauses the engine adds between), a mage's colour (« Mage : bleu vert rouge
# jaune »), the creatures a destiny card moves (« créatures faibles »).
FACT_VALUES: Mapping[tuple[str, str], Phrase] = {
    ("stage", "missions"): phrase("missions"),
    ("stage", "reveal"): phrase("turning over creature markers"),
    ("stage", "actions"): phrase("actions"),
    ("stage", "casting"): phrase("casting a spell"),
    ("stage", "demand"): phrase("demands"),
    ("stage", "bonus"): phrase("bonus"),
    ("stage", "over"): phrase("game over"),
    ("colour", "blue"): phrase("blue"),
    ("colour", "green"): phrase("green"),
    ("colour", "red"): phrase("red"),
    ("colour", "yellow"): phrase("yellow"),
    **{("moves", kind): said for kind, said in _MOVERS.items()},
}


def command_phrase(command: Mapping[str, Any], seat: int) -> Phrase | None:
    """One sentence for each of the game's commands (``commands.OrcCommand``)."""
    said = _SAID.get(str(command.get("type")))
    return None if said is None else said(command, Seat(seat))


# Its events a reader may not see yet, by what kind of thing they are.
HIDDEN_KINDS = {
    "CardsDrawn": phrase("cards drawn"),
    "MissionsDealt": phrase("missions dealt"),
    "MissionKept": phrase("a mission kept"),
}


WORDS = GameWords(
    # The keys of its views no other game holds, as the facts label them.
    fact_labels={
        # The fields of its events, as a difference names them.
        "action": phrase("action spent"),
        "bonus": phrase("bonus"),
        "change": phrase("change"),
        "details": phrase("details"),
        "draw": phrase("draw"),
        "effect": phrase("effect"),
        "first": phrase("first"),
        "marker": phrase("marker"),
        "missions": phrase("missions"),
        "power": phrase("power"),
        "quarter": phrase("quarter"),
        "scores": phrase("scores"),
        "seats": phrase("seats"),
        "second": phrase("second"),
        "section": phrase("section"),
        "sizes": phrase("sizes"),
        "teleport": phrase("teleport"),
        "tile": phrase("tile"),
        "to": phrase("to"),
        # The rulebook's word for a round is « round », not the others' « manche ».
        "round": phrase("round number"),
        "baby_toads": phrase("baby toads"),
        "defeated": phrase("defeated"),
        "gauges": phrase("gauges"),
        "learned": phrase("learned"),
        "mission": phrase("mission"),
        "powers": phrase("powers"),
        "actions": phrase("actions"),
        "bonus_energy": phrase("bonus energy"),
        "bonuses": phrase("bonuses"),
        "casting": phrase("casting"),
        "draws": phrase("draws"),
        "energy": phrase("energy"),
        "teleports": phrase("teleports"),
        "upgrades": phrase("upgrades"),
        "wild": phrase("wild"),
        "counters": phrase("counters"),
        "destiny": phrase("destiny"),
        "destiny_card": phrase("destiny card"),
        "moves": phrase("moves"),
        "quarters": phrase("quarters"),
        "rule": phrase("rule"),
        "sections": phrase("sections"),
        "destiny_deck": phrase("destiny deck"),
        "last_round": phrase("last round"),
        "markers": phrase("markers"),
        "mission_offer": phrase("mission offer"),
        "my_mission": phrase("my mission"),
        "palette": phrase("palette"),
        "piles": phrase("piles"),
        "poison_supply": phrase("poison supply"),
        "terrain": phrase("terrain"),
        "toads_used": phrase("toads used"),
    },
    fact_values=FACT_VALUES,
    # The rulebook says « round » in French too (« Une partie ... est divisée en rounds »).
    round_heading=lambda n: phrase("Round {n}", n=n),
    hidden_kinds=HIDDEN_KINDS,
    card_name=card_name,
    command_phrase=command_phrase,
    event_phrase=event_phrase,
    prompt_words=prompt_words,
    purpose_words=purpose_words,
    lines_say_ids=True,
    seat_lists=frozenset({"demands"}),  # who must discard a card
    command_labels={
        "KeepMission": phrase("Keep this mission"),
        "RevealMarker": phrase("Reveal a creature marker"),
        "Teleport": phrase("Teleport"),
        "Cast": phrase("Cast a spell"),
        "Upgrade": phrase("Add an upgrade"),
        "UpgradeTeleport": phrase("Teleport (upgrade)"),
        "UpgradeDraw": phrase("Draw (upgrade)"),
        "Attack": phrase("Strike a creature"),
        "Blast": phrase("Strike a section"),
        "Learn": phrase("Learn a spell"),
        "Replenish": phrase("Replenish"),
        "Swap": phrase("Swap two creatures"),
        "Place": phrase("Move a creature"),
        "Advance": phrase("Advance a creature"),
        "Hex": phrase("Hex"),
        "Fizzle": phrase("Resolve for no effect"),
        "Pass": phrase("Pass"),
        "GivePoison": phrase("Give a Poison card"),
        "RemoveCard": phrase("Remove a card"),
        "DiscardCard": phrase("Discard a card"),
        "TakeBonus": phrase("Take a bonus action"),
        "SkipBonuses": phrase("Skip the bonus actions"),
        "UseToad": phrase("Use a baby toad"),
    },
)
