"""What a seat may send. JSON form: ``{"type": "Cast", "card": "zap.1"}``."""

from __future__ import annotations

from domain.kernel import Command


class KeepMission(Command, frozen=True, kw_only=True):
    """Secret missions: keep one of the two dealt (a hidden choice)."""

    mission: str

    def secret(self) -> bool:
        return True


class RevealMarker(Command, frozen=True, kw_only=True):
    """Phase 1, step 2: reveal a marker of a quarter other than the mage's."""

    quarter: int


class Teleport(Command, frozen=True, kw_only=True):
    """Action: move the mage to an empty tower space."""

    space: int


class Cast(Command, frozen=True, kw_only=True):
    """Action: play a spell card from the hand (its upgrades and effect follow)."""

    card: str


class Upgrade(Command, frozen=True, kw_only=True):
    """Add a card of the hand to the spell being cast; ``energy`` for a card
    that lets its player choose (Spell Book, Wisdom)."""

    card: str
    energy: str = ""


class UpgradeTeleport(Command, frozen=True, kw_only=True):
    """Use an upgrade's Téléportation effect before the spell."""

    space: int


class UpgradeDraw(Command, frozen=True, kw_only=True):
    """Use an upgrade's « Piocher une carte » effect before the spell. ``card``: the
    discard card taken, with option ``draw_from = "any"`` (else the top card)."""

    card: str = ""


class Attack(Command, frozen=True, kw_only=True):
    """Resolve a single-target attack spell at ``level`` (1 = first effect)."""

    level: int
    creature: str


class Blast(Command, frozen=True, kw_only=True):
    """Ice Storm / Earthquake: a section of the mage's quarter; at level 2 also
    the section behind it (Ice Storm) or a neighbouring quarter's (``side`` ±1)."""

    level: int
    section: int
    side: int = 0


class Learn(Command, frozen=True, kw_only=True):
    """Knowledge spell: take the palette card in ``slot`` (0–2 attack, 3–5 knowledge)."""

    slot: int


class Replenish(Command, frozen=True, kw_only=True):
    """``cards``: the two discard cards of the upgraded effect, with option
    ``draw_from = "any"`` (else the top two)."""

    level: int
    cards: tuple[str, ...] = ()


class Swap(Command, frozen=True, kw_only=True):
    """Switch, first effect: two creatures exchange their places."""

    first: str
    second: str


class Place(Command, frozen=True, kw_only=True):
    """Switch, second effect: a creature onto a section of the mage's quarter."""

    creature: str
    section: int


class Advance(Command, frozen=True, kw_only=True):
    """Magic Bonds: a creature moves ``level`` sections toward the tower."""

    level: int
    creature: str


class Hex(Command, frozen=True, kw_only=True):
    """Voodoo: level 1 names ``seat``; level 2 hits every opponent (seat -1)."""

    level: int
    seat: int = -1


class Fizzle(Command, frozen=True, kw_only=True):
    """Apply no effect: the cards go to the discard for nothing."""


class Pass(Command, frozen=True, kw_only=True):
    """End the actions of this turn."""


class GivePoison(Command, frozen=True, kw_only=True):
    """Bonus power Poison: a Poison card into an opponent's discard (an action)."""

    seat: int


class RemoveCard(Command, frozen=True, kw_only=True):
    """Bonus power « Changement de main »: a hand card out of the game (an action)."""

    card: str


class DiscardCard(Command, frozen=True, kw_only=True):
    """Answer a demand (Voodoo, common discard): a hand card to the discard."""

    card: str


class TakeBonus(Command, frozen=True, kw_only=True):
    """Bonus actions: take the bonus action of a creature just defeated."""

    creature: str


class SkipBonuses(Command, frozen=True, kw_only=True):
    """Bonus actions: renounce the ones still open."""


class UseToad(Command, frozen=True, kw_only=True):
    """Reinforcements: use a baby toad tile (``creature`` for the -1 hit point)."""

    tile: str
    creature: str = ""


OrcCommand = (
    KeepMission
    | RevealMarker
    | Teleport
    | Cast
    | Upgrade
    | UpgradeTeleport
    | UpgradeDraw
    | Attack
    | Blast
    | Learn
    | Replenish
    | Swap
    | Place
    | Advance
    | Hex
    | Fizzle
    | Pass
    | GivePoison
    | RemoveCard
    | DiscardCard
    | TakeBonus
    | SkipBonuses
    | UseToad
)

RESOLUTIONS = (Attack, Blast, Learn, Replenish, Swap, Place, Advance, Hex, Fizzle)
