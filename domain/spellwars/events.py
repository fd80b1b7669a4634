"""Spell Wars events: past tense, each carrying its rule citation."""

from __future__ import annotations

from domain.kernel import HIDDEN, Consequence, Pending, Visibility, private, seats_text
from domain.spellwars.cards import printed_name
from domain.spellwars.selector_words import said_prompt, selector_words
from domain.spellwars.state import Choice, Flow, Wizard


def _names(cards: tuple[str, ...]) -> str:
    return ", ".join(printed_name(c) for c in cards) or "nothing"


class RoundStarted(Consequence, frozen=True, kw_only=True):
    round: int

    def describe(self) -> str:
        return f"round {self.round} begins: every wizard at 20 life, the Dungeon in the middle"


class TurnStarted(Consequence, frozen=True, kw_only=True):
    turn: int

    def describe(self) -> str:
        return f"turn {self.turn} begins"


class CardsDrawn(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return private(self.seat)

    def describe(self) -> str:
        return f"seat {self.seat} drew {_names(self.cards)}"


class SpellPlaced(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]
    slots: tuple[str, ...]

    def visibility(self) -> Visibility:
        return private(self.seat)

    def describe(self) -> str:
        return f"seat {self.seat} placed face down: {_names(self.cards)}"


class CardTakenBack(Consequence, frozen=True, kw_only=True):
    """More than 3 cards were placed: one goes back into hand before the sizes are announced."""

    seat: int
    card: str

    def visibility(self) -> Visibility:
        return private(self.seat)

    def describe(self) -> str:
        return (
            f"seat {self.seat} takes {printed_name(self.card)} back into hand (more than 3 placed)"
        )


class CardTrimmed(Consequence, frozen=True, kw_only=True):
    """An incorrect spell loses one card to the discard."""

    seat: int
    card: str

    def describe(self) -> str:
        return f"seat {self.seat}'s spell is incorrect: {printed_name(self.card)} is discarded"


class WildTypesChosen(Consequence, frozen=True, kw_only=True):
    """Which missing type each wild magic card of a revealed spell stands for."""

    seat: int
    wilds: tuple[str, ...]
    slots: tuple[str, ...]

    def describe(self) -> str:
        pairs = ", ".join(
            f"{printed_name(w)} as the {t}" for w, t in zip(self.wilds, self.slots, strict=True)
        )
        return f"seat {self.seat}'s wild magic stands for: {pairs}"


class SizesAnnounced(Consequence, frozen=True, kw_only=True):
    sizes: tuple[int, ...]  # per seat; 0 for the dead

    def describe(self) -> str:
        return "spell sizes announced: " + ", ".join(
            f"seat {i}: {n}" for i, n in enumerate(self.sizes) if n
        )


class CasterChosen(Consequence, frozen=True, kw_only=True):
    seat: int
    size: int
    initiative: int

    def describe(self) -> str:
        return (
            f"seat {self.seat} casts next ({self.size} component(s), initiative {self.initiative})"
        )


class SpellRevealed(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]
    carried: tuple[str, ...] = ()

    def describe(self) -> str:
        extra = f" (kept creatures: {_names(self.carried)})" if self.carried else ""
        return f"seat {self.seat} reveals {_names(self.cards)}{extra}"


class WildMagicReplaced(Consequence, frozen=True, kw_only=True):
    seat: int
    wild: str
    slot: str
    turned: tuple[str, ...]
    found: str | None

    def describe(self) -> str:
        got = printed_name(self.found) if self.found else "nothing (no such card left)"
        turned = len(self.turned)
        return f"seat {self.seat}'s wild magic ({self.slot}) turned {turned} card(s): {got} joins"


class ComponentStarted(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str

    def describe(self) -> str:
        return f"seat {self.seat} resolves {printed_name(self.card)}"


class ComponentResolved(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str

    def describe(self) -> str:
        return f"{printed_name(self.card)} (seat {self.seat}) is resolved"


class SpellFinished(Consequence, frozen=True, kw_only=True):
    seat: int
    kept: tuple[str, ...]
    discarded: tuple[str, ...]

    def describe(self) -> str:
        kept = f"; keeps {_names(self.kept)}" if self.kept else ""
        return f"seat {self.seat}'s spell ends: discards {_names(self.discarded)}{kept}"


class TargetChosen(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    targets: tuple[int, ...]
    how: str

    def describe(self) -> str:
        who = ", ".join(f"seat {t}" for t in self.targets) or "nobody"
        return f"{printed_name(self.card)} targets {who} — {selector_words(self.how)}"


class BloodPaid(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    card: str

    def describe(self) -> str:
        return f"seat {self.seat} pays {self.amount} blood for {printed_name(self.card)}"


class OptionChosen(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str
    option: str

    def describe(self) -> str:
        return f"seat {self.seat} chooses {self.option} for {printed_name(self.card)}"


class DamageDealt(Consequence, frozen=True, kw_only=True):
    source: int
    target: int
    amount: int
    card: str

    def describe(self) -> str:
        return f"{printed_name(self.card)} deals {self.amount} damage to seat {self.target}"


class DamageBlocked(Consequence, frozen=True, kw_only=True):
    target: int
    creature: str
    amount: int
    card: str

    def describe(self) -> str:
        return (
            f"seat {self.target} sacrifices {printed_name(self.creature)} to absorb {self.amount} "
            f"damage from {printed_name(self.card)}"
        )


class Healed(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    card: str

    def describe(self) -> str:
        return f"seat {self.seat} heals {self.amount} ({printed_name(self.card)})"


class LifeSet(Consequence, frozen=True, kw_only=True):
    seat: int
    life: int

    def describe(self) -> str:
        return f"seat {self.seat}'s life is set to {self.life}"


class BloodGained(Consequence, frozen=True, kw_only=True):
    seat: int
    amount: int
    why: str

    def describe(self) -> str:
        return f"seat {self.seat} gains {self.amount} blood ({self.why})"


class BloodMoved(Consequence, frozen=True, kw_only=True):
    source: int
    target: int
    amount: int
    card: str

    def describe(self) -> str:
        who = f"seat {self.source} to seat {self.target}"
        return f"{self.amount} blood passes from {who} ({printed_name(self.card)})"


class DungeonTaken(Consequence, frozen=True, kw_only=True):
    seat: int
    previous: int

    def describe(self) -> str:
        before = "the middle" if self.previous < 0 else f"seat {self.previous}"
        return f"seat {self.seat} takes the Dungeon from {before}"


class TreasureGained(Consequence, frozen=True, kw_only=True):
    seat: int
    treasure: str
    previous: int = -1  # -1: from the treasure deck

    def describe(self) -> str:
        src = "the treasure deck" if self.previous < 0 else f"seat {self.previous}"
        return f"seat {self.seat} gains {printed_name(self.treasure)} from {src}"


class TreasureDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    treasure: str

    def describe(self) -> str:
        return f"seat {self.seat} discards {printed_name(self.treasure)}"


class CreatureKilled(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str

    def describe(self) -> str:
        return f"seat {self.seat}'s {printed_name(self.creature)} is killed"


class CreatureAdded(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str

    def describe(self) -> str:
        return f"seat {self.seat} adds {printed_name(self.creature)} from hand to the spell"


class KeepEarned(Consequence, frozen=True, kw_only=True):
    seat: int
    creature: str

    def describe(self) -> str:
        return f"{printed_name(self.creature)} will be kept (GARDEZ)"


class CreatureDiceGranted(Consequence, frozen=True, kw_only=True):
    seat: int
    dice: int

    def describe(self) -> str:
        return f"seat {self.seat} adds {self.dice} die to each creature power roll this turn"


class HandRevealed(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"seat {self.seat} reveals a hand of {_names(self.cards)}"


class CardsDiscarded(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"seat {self.seat} discards {_names(self.cards)}"


class CardsPassed(Consequence, frozen=True, kw_only=True):
    source: int
    target: int
    cards: tuple[str, ...]

    def visibility(self) -> Visibility:
        return private(self.source, self.target)

    def describe(self) -> str:
        return f"seat {self.source} passes {_names(self.cards)} to seat {self.target}"


class PassCounted(Consequence, frozen=True, kw_only=True):
    received: tuple[int, ...]

    def describe(self) -> str:
        return "cards received: " + ", ".join(f"seat {i}: {n}" for i, n in enumerate(self.received))


class SplitDiceUnused(Consequence, frozen=True, kw_only=True):
    """A split roll ran out of opponents: the dice left are set aside, in the open."""

    seat: int
    card: str
    dice: tuple[int, ...]

    def describe(self) -> str:
        return (
            f"{printed_name(self.card)}: no other opponent left for the split dice "
            f"{list(self.dice)}; they are not resolved"
        )


class WizardDied(Consequence, frozen=True, kw_only=True):
    seat: int
    killer: int
    lost: tuple[str, ...]

    def describe(self) -> str:
        how = "by their own hand" if self.killer == self.seat else f"killed by seat {self.killer}"
        return f"seat {self.seat} dies ({how})"


class DeathAverted(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str

    def describe(self) -> str:
        return (
            f"seat {self.seat} does not die: {printed_name(self.card)} is discarded, life set to 1"
        )


class DeadCardDrawn(Consequence, frozen=True, kw_only=True):
    seat: int
    card: str

    def describe(self) -> str:
        return f"seat {self.seat} draws the dead-wizard card {printed_name(self.card)}"


class DeadCardsCleared(Consequence, frozen=True, kw_only=True):
    seat: int
    cards: tuple[str, ...]

    def describe(self) -> str:
        return f"seat {self.seat} discards the dead-wizard cards {_names(self.cards)}"


class TreasureDeferred(Consequence, frozen=True, kw_only=True):
    seat: int
    count: int

    def describe(self) -> str:
        return f"seat {self.seat} will gain {self.count} treasure(s) at the start of the next round"


class TurnEnded(Consequence, frozen=True, kw_only=True):
    turn: int

    def describe(self) -> str:
        return f"turn {self.turn} ends"


class RoundEnded(Consequence, frozen=True, kw_only=True):
    round: int
    survivor: int  # -1: nobody earns the token

    def describe(self) -> str:
        who = "nobody" if self.survivor < 0 else f"seat {self.survivor}"
        return f"round {self.round} ends; last wizard standing: {who}"


class TokenAwarded(Consequence, frozen=True, kw_only=True):
    seat: int
    round: int

    def describe(self) -> str:
        return f"seat {self.seat} wins a last wizard standing token"


class PointScored(Consequence, frozen=True, kw_only=True):
    seat: int
    why: str
    round: int = 0
    survivor: bool = False

    def describe(self) -> str:
        return f"seat {self.seat} scores 1 point ({self.why})"


class RoundCleared(Consequence, frozen=True, kw_only=True):
    discarded: tuple[str, ...]
    treasures: tuple[str, ...]

    def describe(self) -> str:
        return "hands, treasures and creatures are discarded"


class MatchWon(Consequence, frozen=True, kw_only=True):
    winners: tuple[int, ...]

    def describe(self) -> str:
        return "the match is won by " + ", ".join(f"seat {s}" for s in self.winners)


class PositionLoaded(Consequence, frozen=True, kw_only=True):
    """A recorded table position replaces the opening shuffles (setup file)."""

    deck: tuple[str, ...]
    treasure_deck: tuple[str, ...]
    dead_deck: tuple[str, ...]
    hands: tuple[tuple[str, ...], ...]
    life: tuple[int, ...]
    blood: tuple[int, ...]
    tokens: tuple[int, ...]
    treasures: tuple[tuple[str, ...], ...]
    creatures: tuple[tuple[str, ...], ...]
    dungeon: int

    def visibility(self) -> Visibility:
        return HIDDEN

    def describe(self) -> str:
        return "the table position is loaded from the setup file"


class PositionEntered(Consequence, frozen=True, kw_only=True):
    """A position from a setup file: every zone and every wizard's standing (the turn
    structure follows in the command's ``FlowSet``)."""

    round: int
    turn: int
    dungeon: int
    wizards: tuple[Wizard, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    treasure_deck: tuple[str, ...]
    treasure_discard: tuple[str, ...]
    dead_deck: tuple[str, ...]
    dead_discard: tuple[str, ...]
    # table mode: the cards at the bottom of each deck in unknown order
    deck_unknown: int = 0
    treasure_deck_unknown: int = 0
    dead_deck_unknown: int = 0

    def visibility(self) -> Visibility:
        return HIDDEN

    def describe(self) -> str:
        return f"the position is entered from the setup file (round {self.round}, turn {self.turn})"


class FlowSet(Consequence, frozen=True, kw_only=True):
    """Bookkeeping: where the turn structure stands and who must decide now."""

    flow: Flow
    pending: tuple[Pending, ...]

    def describe(self) -> str:
        c: Choice | None = self.flow.choice
        if c is not None:
            return f"waiting for seat {c.seat}: {said_prompt(c.prompt)}"
        if self.flow.phase == "place":
            seats = seats_text(p.seat for p in self.pending)
            return f"waiting for spells (or cards taken back) from {seats}"
        return f"phase {self.flow.phase}"


EVENTS = (
    RoundStarted,
    TurnStarted,
    CardsDrawn,
    SpellPlaced,
    CardTakenBack,
    CardTrimmed,
    WildTypesChosen,
    SizesAnnounced,
    CasterChosen,
    SpellRevealed,
    WildMagicReplaced,
    ComponentStarted,
    ComponentResolved,
    SpellFinished,
    TargetChosen,
    BloodPaid,
    OptionChosen,
    DamageDealt,
    DamageBlocked,
    Healed,
    LifeSet,
    BloodGained,
    BloodMoved,
    DungeonTaken,
    TreasureGained,
    TreasureDiscarded,
    CreatureKilled,
    CreatureAdded,
    KeepEarned,
    CreatureDiceGranted,
    HandRevealed,
    CardsDiscarded,
    CardsPassed,
    PassCounted,
    SplitDiceUnused,
    WizardDied,
    DeathAverted,
    DeadCardDrawn,
    DeadCardsCleared,
    TreasureDeferred,
    TurnEnded,
    RoundEnded,
    TokenAwarded,
    PointScored,
    RoundCleared,
    MatchWon,
    PositionLoaded,
    PositionEntered,
    FlowSet,
)
