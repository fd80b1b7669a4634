"""The game state: frozen, tuples only, msgpack-encodable (snapshots store it).

Every struct here is untracked by the cycle collector (``gc=False``), as events
are: a value made of tuples and other values never refers back to itself, and
a fold makes a new state at every event."""

from __future__ import annotations

from typing import Literal

import msgspec

from domain.elfenwizards.board import BOARD, Board
from domain.elfenwizards.options import Options
from domain.kernel import Pending

Phase = Literal[
    "setup",
    "retire",
    "roll",
    "reroll",
    "recover",
    "compete",
    "recover2",
    "vacancies",
    "demote",
    "grey",
    "over",
]

# The rulebook's phase numbers, for prompts and the story.
PHASE_NUMBER: dict[str, int] = {
    "retire": 1,
    "roll": 2,
    "reroll": 3,
    "recover": 4,
    "compete": 5,
    "recover2": 6,
    "vacancies": 7,
    "demote": 8,
    "grey": 9,
}

# Each phase's title as the rulebook prints it (« Le tour de jeu », the list of ten
# phases; the tenth, scoring, is not a phase the engine waits in).
PHASE_TITLE: dict[str, str] = {
    "retire": "Retraite du Grand Druide",
    "roll": "Lancer et allocation des sorts majeurs",
    "reroll": "Lancer et allocation des sorts majeurs restants",
    "recover": "Récupération des sorts mineurs",
    "compete": "Compétition et attribution des titres",
    "recover2": "Récupération des sorts mineurs",
    "vacancies": "Attribution des titres vacants",
    "demote": "Rétrogradation des magiciens restants",
    "grey": "Retrait des jetons de magie grise",
}

NOBODY = -1


class Wizard(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    id: str
    seat: int
    space: str
    grey: int = 0


class Guild(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """One player's spells and record. ``majors`` follows the board's major levels."""

    colour: str
    dice: int = 7
    hand: tuple[int, ...] = ()
    majors: tuple[tuple[int, ...], ...] = ()
    minor_dice: tuple[int, ...] = ()
    grey_dice: tuple[int, ...] = ()
    minors: int = 7
    minors_on_space: int = 0
    minors_on_counter: int = 0
    score: int = 0
    grand_druide_titles: int = 0


class Support(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """A spell cast beside a wizard in the competition: a die face, or a minor (None)."""

    wizard: str
    seat: int
    die: int | None = None

    @property
    def points(self) -> int:
        return 1 if self.die is None else self.die


class Opening(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    """What the game's start decided (its position, else the placement table and
    the dragon roll to come) and the set-up events have not announced yet:
    ``setup`` reads it to say them, and the state shows each piece only once its
    event has put it there. ``wizards``: the pawns WizardsPlaced puts on the
    board (``from_position``: the position names them); ``dragon``: the holder a
    position gives (NOBODY: a roll decides); ``phase`` and ``queue``: where play
    resumes (PlayResumed) when the position lies inside a round."""

    wizards: tuple[Wizard, ...]
    from_position: bool = False
    dragon: int = NOBODY
    phase: Phase = "setup"
    queue: tuple[int, ...] = ()


class State(msgspec.Struct, frozen=True, kw_only=True, gc=False):
    players: int
    options: Options
    wizards: tuple[Wizard, ...]
    guilds: tuple[Guild, ...]
    round: int = 1
    phase: Phase = "setup"
    # Who holds the dragon (plays first): NOBODY until DragonGiven.
    dragon: int = NOBODY
    # Seats still to act in a queue-driven phase, the one acting first.
    queue: tuple[int, ...] = ()
    support: tuple[Support, ...] = ()
    spells_this_turn: int = 0
    rolled: bool = False
    may_reroll: bool = False
    pool: int = 0
    grey_supply: int = 12
    rounds_without_grand_druide: int = 0
    grand_druide_this_round: int = NOBODY
    round_counter: tuple[tuple[int, int], ...] = ()
    end_reason: str = ""
    # The set-up still to announce (None once it is over: a game opened from
    # a position and the game it was taken from then hold equal states).
    opening: Opening | None = None
    bonus: tuple[int, ...] = ()
    pending: tuple[Pending, ...] = ()
    # The layout played on (a setup file may give its own); last, with the
    # default board, so that states stored before it existed still decode.
    board: Board = BOARD
    # Dice the acting seat placed since its roll (phase 2: ruling.place-none),
    # and the wizards their owners designated to win a tie between two of
    # their own candidates (option same_owner_tie=owner_designates).
    placed: int = 0
    designated: tuple[str, ...] = ()

    def guild(self, seat: int) -> Guild:
        return self.guilds[seat]

    def wizard(self, wizard_id: str) -> Wizard | None:
        for w in self.wizards:
            if w.id == wizard_id:
                return w
        return None

    def on(self, space: str) -> tuple[Wizard, ...]:
        return tuple(w for w in self.wizards if w.space == space)

    def turn_order(self) -> tuple[int, ...]:
        """Seats from the dragon holder, clockwise (increasing seat number)."""
        return tuple((self.dragon + i) % self.players for i in range(self.players))
