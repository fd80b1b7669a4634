"""Game-agnostic kernel: base types, dice, rule catalogues, the Game protocol and what
a game declares (words, faces, bots), the fold. It imports no game (``domain.games``
holds the registry)."""

from domain.kernel.dice import Dice, commitment
from domain.kernel.errors import DiceRequired, IllegalCommand, SaidError, SetupError
from domain.kernel.events import (
    KERNEL_EVENTS,
    ActionTaken,
    CardsShuffled,
    DiceRolled,
    GameForked,
    GameStarted,
    SeedRevealed,
)
from domain.kernel.faces import CardFace
from domain.kernel.fold import (
    Fold,
    act,
    apply,
    apply_all,
    decode_command,
    open_fold,
    replay,
    start,
    stored_command,
)
from domain.kernel.game import Bot, Game, GameOptions, GameSpec, OptionSpec
from domain.kernel.last_answer import last_answer
from domain.kernel.pending import Pending, pending_for, require_pending, seats_text
from domain.kernel.rules import KERNEL_RULES, Catalogue, Reading, Rule
from domain.kernel.types import (
    HIDDEN,
    PUBLIC,
    Command,
    Consequence,
    Event,
    Outcome,
    Visibility,
    private,
)
from domain.kernel.words import GameWords, Naming

# Recorded in every GameStarted and snapshot. Raised whenever the same
# commands can decide differently: 0.2.0 changed rulings' defaults (Spell Wars
# added_order, Trankilus's target before its die, Elfenwizards' place-none
# citation), so games stored under 0.1.0 re-adjudicate as "another engine";
# 0.3.0 took a card picked blind from a hand by its name in table mode; 0.4.0
# changed the orc tower's assumed numbers (Éclair, Réapprovisionnement, the
# reinforcements), kept a spell learned this turn out of that turn's draws, and
# made events cite the rulings they rely on besides their rule (``also``); 0.5.0
# made ultimate's, Spell Wars' and Elfenwizards' events cite theirs too, and the
# orc tower's damage and game end cite the assumptions and scores they rest on.
ENGINE_VERSION = "0.5.0"

__all__ = [
    "ENGINE_VERSION",
    "HIDDEN",
    "KERNEL_EVENTS",
    "KERNEL_RULES",
    "PUBLIC",
    "ActionTaken",
    "Bot",
    "CardFace",
    "CardsShuffled",
    "Catalogue",
    "Command",
    "Consequence",
    "Dice",
    "DiceRequired",
    "DiceRolled",
    "Event",
    "Fold",
    "Game",
    "GameForked",
    "GameOptions",
    "GameSpec",
    "GameStarted",
    "GameWords",
    "IllegalCommand",
    "Naming",
    "OptionSpec",
    "Outcome",
    "Pending",
    "Reading",
    "Rule",
    "SaidError",
    "SeedRevealed",
    "SetupError",
    "Visibility",
    "act",
    "apply",
    "apply_all",
    "commitment",
    "decode_command",
    "last_answer",
    "open_fold",
    "pending_for",
    "private",
    "replay",
    "require_pending",
    "seats_text",
    "start",
    "stored_command",
]
