"""The sixteen spell cards and the ten special combinations, as data.

Card ids are stable snake-case English words: they appear in commands, events,
setup files and snapshots, so renaming one is a schema change.
"""

from __future__ import annotations

import unicodedata
from typing import Literal

import msgspec

Category = Literal["attack", "defence", "support"]
# What a play must name: nobody, one opponent, two different opponents,
# any other wizard, or a card of the discard pile.
Targeting = Literal["none", "opponent", "two_opponents", "other", "discard"]


class Card(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    # As printed in the French rulebook: every line (story, refusal, prompt) says it.
    name: str
    # An English gloss of the name, for readers of the API's card faces
    # (``extra.title``); no line says it, as the players hold the printed cards.
    title: str
    category: Category
    rule: str
    targeting: Targeting = "none"


class Combo(msgspec.Struct, frozen=True, kw_only=True):
    id: str
    name: str  # as printed in the rulebook's combo list (see Card)
    title: str  # English gloss only (see Card)
    cards: tuple[str, str]
    rule: str
    targeting: Targeting = "none"


_CARD_LIST: tuple[Card, ...] = (
    Card(
        id="fireball",
        name="Boule de feu",
        title="Fireball",
        category="attack",
        rule="ultimate.card.fireball",
        targeting="opponent",
    ),
    Card(
        id="explosion",
        name="Explosion",
        title="Explosion",
        category="attack",
        rule="ultimate.card.explosion",
        targeting="opponent",
    ),
    Card(
        id="poison_cloud",
        name="Nuage de poison",
        title="Poison Cloud",
        category="attack",
        rule="ultimate.card.poison-cloud",
        targeting="opponent",
    ),
    Card(
        id="lightning",
        name="Éclair",
        title="Lightning",
        category="attack",
        rule="ultimate.card.lightning",
    ),
    Card(
        id="curse",
        name="Malédiction",
        title="Curse",
        category="attack",
        rule="ultimate.card.curse",
        targeting="opponent",
    ),
    Card(
        id="shadow_hand",
        name="Main des ombres",
        title="Shadow Hand",
        category="attack",
        rule="ultimate.card.shadow-hand",
        targeting="opponent",
    ),
    Card(
        id="shield",
        name="Bouclier",
        title="Shield",
        category="defence",
        rule="ultimate.card.shield",
    ),
    Card(
        id="deflection",
        name="Déviation",
        title="Deflection",
        category="defence",
        rule="ultimate.card.deflection",
        targeting="other",
    ),
    Card(
        id="mirror", name="Miroir", title="Mirror", category="defence", rule="ultimate.card.mirror"
    ),
    Card(
        id="arcane_barrier",
        name="Barrière d'arcane",
        title="Arcane Barrier",
        category="defence",
        rule="ultimate.card.arcane-barrier",
    ),
    Card(
        id="thorns", name="Épines", title="Thorns", category="defence", rule="ultimate.card.thorns"
    ),
    Card(
        id="healing_light",
        name="Lumière de guérison",
        title="Healing Light",
        category="support",
        rule="ultimate.card.healing-light",
    ),
    Card(
        id="mana_focus",
        name="Concentration de mana",
        title="Mana Focus",
        category="support",
        rule="ultimate.card.mana-focus",
    ),
    Card(
        id="shadow_veil",
        name="Voile d'ombre",
        title="Shadow Veil",
        category="support",
        rule="ultimate.card.shadow-veil",
    ),
    Card(
        id="absorption",
        name="Absorption",
        title="Absorption",
        category="support",
        rule="ultimate.card.absorption",
    ),
    Card(
        id="mind_control",
        name="Contrôle de l'esprit",
        title="Mind Control",
        category="support",
        rule="ultimate.card.mind-control",
        targeting="opponent",
    ),
)

CARDS: dict[str, Card] = {card.id: card for card in _CARD_LIST}
# Rulebook order; also the order of the unshuffled deck handed to dice.shuffle.
CARD_IDS: tuple[str, ...] = tuple(card.id for card in _CARD_LIST)

_COMBO_LIST: tuple[Combo, ...] = (
    Combo(
        id="flame_explosion",
        name="Explosion des flammes",
        title="Flame Explosion",
        cards=("fireball", "explosion"),
        rule="ultimate.combo.flame-explosion",
        targeting="opponent",
    ),
    Combo(
        id="electric_veil",
        name="Voile électrique",
        title="Electric Veil",
        cards=("lightning", "mirror"),
        rule="ultimate.combo.electric-veil",
    ),
    Combo(
        id="frozen_armour",
        name="Armure gelée",
        title="Frozen Armour",
        cards=("shield", "arcane_barrier"),
        rule="ultimate.combo.frozen-armour",
    ),
    Combo(
        id="arcane_trap",
        name="Piège arcanique",
        title="Arcane Trap",
        cards=("curse", "thorns"),
        rule="ultimate.combo.arcane-trap",
    ),
    Combo(
        id="grave_summoning",
        name="Invocation de tombe",
        title="Grave Summoning",
        cards=("absorption", "shadow_hand"),
        rule="ultimate.combo.grave-summoning",
        targeting="discard",
    ),
    Combo(
        id="vital_surge",
        name="Regain vital",
        title="Vital Surge",
        cards=("absorption", "healing_light"),
        rule="ultimate.combo.vital-surge",
    ),
    Combo(
        id="shadow_mana",
        name="Mana des ombres",
        title="Shadow Mana",
        cards=("mana_focus", "shadow_hand"),
        rule="ultimate.combo.shadow-mana",
        targeting="opponent",
    ),
    Combo(
        id="chain_reaction",
        name="Réaction en chaîne",
        title="Chain Reaction",
        cards=("lightning", "fireball"),
        rule="ultimate.combo.chain-reaction",
        targeting="two_opponents",
    ),
    Combo(
        id="poisoned_blessing",
        name="Bénédiction empoisonnée",
        title="Poisoned Blessing",
        cards=("poison_cloud", "healing_light"),
        rule="ultimate.combo.poisoned-blessing",
        targeting="opponent",
    ),
    Combo(
        id="spectral_summoning",
        name="Invocation spectrale",
        title="Spectral Summoning",
        cards=("shadow_veil", "deflection"),
        rule="ultimate.combo.spectral-summoning",
        targeting="other",
    ),
)


def french_slug(name: str) -> str:
    """'Barrière d'arcane' -> 'barriere_d_arcane': the printed name as an ASCII id."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return "_".join("".join(c if c.isalnum() else " " for c in plain.lower()).split())


# Setup files may name cards by their French slug as well as by id.
CARD_ALIASES: dict[str, str] = {french_slug(card.name): card.id for card in _CARD_LIST}

COMBOS: dict[str, Combo] = {combo.id: combo for combo in _COMBO_LIST}
COMBO_IDS: tuple[str, ...] = tuple(combo.id for combo in _COMBO_LIST)

HAND_LIMIT = 3
DEAL_SIZE = 2
# The pile name of the shuffle that places the cards a setup file left out.
LEFT_OUT = "left_out"

# Persistent effects a wizard can carry; see state.Effect. No kind contains a
# card id, so a view showing effects never seems to name a hidden card.
POISON = "poison"
SHADOW_VEIL = "veiled"
ELECTRIC_VEIL = "electric_veil"
FROZEN_ARMOUR = "frozen_armour"
ARCANE_TRAP = "arcane_trap"
# Option discard_replacement=draw: a card is owed at the start of the next turn.
REPLACEMENT = "replacement"
# How a line names each effect. An effect one card or combo lays is called by
# that card's or combo's printed name, as the table calls what lies on a wizard.
EFFECT_NAMES: dict[str, str] = {
    # Laid by Nuage de poison and by Bénédiction empoisonnée alike: the state is
    # named after neither, so a plain word.
    POISON: "Poison",
    SHADOW_VEIL: CARDS["shadow_veil"].name,
    ELECTRIC_VEIL: COMBOS["electric_veil"].name,
    FROZEN_ARMOUR: COMBOS["frozen_armour"].name,
    ARCANE_TRAP: COMBOS["arcane_trap"].name,
    # Our option's bookkeeping, not a card: the rulebook prints no name for it.
    REPLACEMENT: "Replacement card owed",
}
# These last "one turn": they lapse when their holder's next turn starts.
EXPIRE_AT_OWN_TURN: tuple[str, ...] = (SHADOW_VEIL, ELECTRIC_VEIL, ARCANE_TRAP)


def is_defence(card_id: str) -> bool:
    return CARDS[card_id].category == "defence"


def uses_defence_card(combo: Combo) -> bool:
    return any(is_defence(card) for card in combo.cards)


def known_name(card_or_effect: str) -> str | None:
    """The name a line says for a card, combo or effect kind: the French name
    printed on the card or in the combo list, or the effect's (EFFECT_NAMES);
    None for any other id."""
    if card_or_effect in CARDS:
        return CARDS[card_or_effect].name
    if card_or_effect in COMBOS:
        return COMBOS[card_or_effect].name
    return EFFECT_NAMES.get(card_or_effect)


def name_of(card_or_effect: str) -> str:
    """``known_name``, or an unknown id as words: what every line says."""
    return known_name(card_or_effect) or card_or_effect.replace("_", " ")
