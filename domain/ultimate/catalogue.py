"""The rule catalogue of Sorcier ultime: every event and refusal cites one entry.

Passages quote the French rulebook (rules/ultimate.txt) briefly; entries whose
source is ``assumption`` fill a gap the rulebook leaves, and ``ruling`` entries
pick one reading of an ambiguous passage (the others are listed, and an option
selects them where we offer one).
"""

from __future__ import annotations

from domain.kernel import Catalogue, Reading, Rule
from domain.kernel.rules import with_coverage
from domain.ultimate.changelog import CHANGELOG

SETUP = "Mise en place"
TYPES = "Types de cartes"
CARD_LIST = "Liste des cartes"
TURN = "Gameplay – Phases du tour"
DEFENCE = "Cartes Défense"
COMBOS = "Combinaisons Spéciales"
ROUND = "Gagner une manche"
MATCH = "Gagner la partie"
EXTRA = "Règles supplémentaires"

_SETUP_RULES = [
    Rule(
        id="ultimate.setup.deal",
        section=SETUP,
        passage="Mélangez les 16 cartes magiques et distribuez 2 cartes à chaque joueur.",
        summary=(
            "The 16 cards are shuffled; seat i receives the cards at positions 2i and 2i+1 of "
            "the shuffled deck and the rest, in order, is the draw pile (top first)."
        ),
    ),
    Rule(
        id="ultimate.setup.health",
        section=SETUP,
        passage="Donnez à chaque joueur un dé de santé, qu'ils placeront sur la valeur 9.",
        summary="Every wizard starts the first round with round_health life (9 by default).",
    ),
    Rule(
        id="ultimate.setup.first-player",
        section=SETUP,
        passage="Choisissez un joueur au hasard pour commencer.",
        summary="A uniform random choice among the seats picks who plays first.",
    ),
    Rule(
        id="ultimate.setup.position",
        section=SETUP,
        passage="(no rulebook text: a recorded table position replaces shuffle and deal)",
        source="assumption",
        summary=(
            "A setup file gives every hand, the draw pile, the discard pile, life totals, round "
            "wins and the first player (an opening), or a whole position with its stage, round, "
            "turn, lasting effects and pending decision (wizards position); play resumes there."
        ),
    ),
    Rule(
        id="ultimate.setup.left-out",
        section=SETUP,
        passage="Placez les cartes restantes dans une pile de tirage au centre de la table.",
        source="assumption",
        summary=(
            "Cards a setup file places nowhere are shuffled with the game's chance (the seed, "
            "or the table: its order, or face down in unknown order) and put under the draw "
            "pile the file gives."
        ),
    ),
]

_TURN_RULES = [
    Rule(
        id="ultimate.turn.order",
        section=TURN,
        passage="Choisissez un joueur au hasard pour commencer.",
        source="assumption",
        summary=(
            "Play passes clockwise, which we number as increasing seat index, skipping "
            "eliminated wizards. The rulebook never states a direction."
        ),
    ),
    Rule(
        id="ultimate.turn.draw",
        section=TURN,
        passage=(
            "Au début de son tour, le joueur peut piocher 1 carte de la pioche, dans la limite "
            "de 3 cartes maximum en main."
        ),
        summary="Instead of acting, the player may draw one card if holding fewer than 3.",
    ),
    Rule(
        id="ultimate.turn.action",
        section=TURN,
        passage=(
            "Si le joueur n'a pas pioché, il peut jouer une carte Attaque ou Soutien, ou "
            "réaliser une Combinaison spéciale"
        ),
        summary="A player who did not draw plays one attack or support card, or one combo.",
    ),
    Rule(
        id="ultimate.turn.no-action",
        section=EXTRA,
        passage=(
            "Pas d'action : Si un joueur ne souhaite pas jouer de carte d'attaque ou de "
            "soutien, il peut choisir de se défausser d'une carte de sa main."
        ),
        summary="Instead of drawing or playing, the player may discard one card from hand.",
    ),
    Rule(
        id="ultimate.turn.pass",
        section=TURN,
        passage="(no rulebook text: a player with no card and nothing to draw)",
        source="assumption",
        summary=(
            "A player with an empty hand who cannot draw (both piles empty) passes explicitly; "
            "it is then their only legal command."
        ),
    ),
    Rule(
        id="ultimate.turn.discard",
        section=TURN,
        passage=(
            "À la fin de son tour, le joueur peut, s'il le souhaite, se défausser d'une carte "
            "de sa main pour la remplacer par une nouvelle carte au prochain tour."
        ),
        summary=(
            "After the action, the player may discard one card or end the turn; what replaces "
            "the card is ruled by ultimate.ruling.discard-replacement."
        ),
    ),
    Rule(
        id="ultimate.turn.hand-limit",
        section=TURN,
        passage="Le joueur doit finir son tour avec un maximum de 3 cartes en main.",
        summary="A player holding more than 3 cards must discard before the turn can end.",
    ),
    Rule(
        id="ultimate.ruling.discard-phase",
        section=TURN,
        passage="le joueur peut, s'il le souhaite, se défausser d'une carte",
        source="ruling",
        summary=(
            "The discard phase allows one discard; if the hand is still above 3 the player "
            "keeps discarding until it is 3, and the turn ends as soon as a discard leaves at "
            "most 3 cards."
        ),
        readings=(
            Reading(
                "One discard, plus forced discards down to 3; then the turn ends.",
                option="discard_phase=one",
            ),
            Reading(
                "Forced discards down to 3, then one more optional discard.",
                option="discard_phase=one_more",
            ),
        ),
        default="One discard, plus forced discards down to 3; then the turn ends.",
        why="The text grants a single card; forced discards are the same gesture, not a second.",
    ),
    Rule(
        id="ultimate.ruling.pass-with-cards",
        section=TURN,
        passage="le joueur peut piocher 1 carte … il peut jouer une carte Attaque ou Soutien",
        source="ruling",
        summary=(
            "Phase 1 is optional wording (« peut »), but the extra rule « Pas d'action » gives "
            "the way not to act: discard a card. By default a player with cards in hand must "
            "draw, play or discard; only with nothing to do may they pass."
        ),
        readings=(
            Reading(
                "Not acting means discarding a card (Pas d'action); passing only with nothing "
                "to do.",
                option="pass_with_cards=false",
            ),
            Reading(
                "« peut » lets a player do nothing at all, even with cards in hand.",
                option="pass_with_cards=true",
            ),
        ),
        default="pass_with_cards=false",
        why="The rulebook names the way to skip an action (a discard); a free pass would make "
        "that rule pointless.",
    ),
    Rule(
        id="ultimate.ruling.discard-replacement",
        section=TURN,
        passage=(
            "se défausser d'une carte de sa main pour la remplacer par une nouvelle carte au "
            "prochain tour"
        ),
        source="ruling",
        summary=(
            "By default the phrase gives the motive of the discard: the card is replaced by the "
            "player's own draw next turn (phase 1), nothing is drawn automatically."
        ),
        readings=(
            Reading(
                "The motive only: next turn's ordinary draw replaces the card.",
                option="discard_replacement=none",
            ),
            Reading(
                "A replacement card is drawn at the start of the player's next turn, before "
                "phase 1.",
                option="discard_replacement=draw",
            ),
        ),
        default="discard_replacement=none",
        why="The turn already offers a draw in phase 1; an automatic extra card would double "
        "the draws of anyone who discards.",
    ),
    Rule(
        id="ultimate.ruling.reshuffle-timing",
        section=EXTRA,
        passage=(
            "Si la pioche est épuisée, mélangez toutes les cartes défaussées pour former une "
            "nouvelle pioche."
        ),
        source="ruling",
        summary=(
            "By default the discard pile is shuffled into a new draw pile when a card must be "
            "drawn from an empty pile; the other reading shuffles as soon as the pile is empty "
            "and some cards are discarded."
        ),
        readings=(
            Reading("When a draw needs it.", option="reshuffle=on_draw"),
            Reading(
                "As soon as the draw pile is exhausted and discards exist.",
                option="reshuffle=when_empty",
            ),
        ),
        default="reshuffle=on_draw",
        why="Absorption and Invocation de tombe read the discard pile: shuffling it only when "
        "needed keeps it for them.",
    ),
    Rule(
        id="ultimate.turn.end-effects",
        section=TURN,
        passage=(
            "Appliquez tout effet persistant, tel que les dégâts infligés par le Nuage de poison."
        ),
        summary="After the discard phase, persistent end-of-turn effects (poison) apply.",
    ),
    Rule(
        id="ultimate.turn.reshuffle",
        section=EXTRA,
        passage=(
            "Si la pioche est épuisée, mélangez toutes les cartes défaussées pour former une "
            "nouvelle pioche."
        ),
        summary="When a card must be drawn from an empty pile, the discard pile is shuffled "
        "into a new draw pile.",
    ),
    Rule(
        id="ultimate.ruling.empty-piles",
        section=EXTRA,
        passage="Si la pioche est épuisée, mélangez toutes les cartes défaussées",
        source="assumption",
        summary="With both the draw pile and the discard pile empty, no card can be drawn; "
        "a draw effect then does nothing.",
    ),
    Rule(
        id="ultimate.cards.discard-after-use",
        section=TYPES,
        passage="mélangez toutes les cartes défaussées pour former une nouvelle pioche",
        source="assumption",
        summary=(
            "Cards played (actions, combos, defences) stay on the table while their effect "
            "resolves, then go to the discard pile in the order they were played."
        ),
    ),
    Rule(
        id="ultimate.cards.list",
        section=CARD_LIST,
        passage="16 cartes magiques (chaque carte représente un sort ou un effet magique unique)",
        summary="There is exactly one copy of each of the 16 cards.",
    ),
    Rule(
        id="ultimate.cards.defence-timing",
        section=TYPES,
        passage=(
            "Les cartes de défense ne sont pas jouées pendant le tour du joueur, mais "
            "seulement en réaction à une attaque."
        ),
        summary="A defence card is never played alone on one's own turn; it answers an attack.",
    ),
]

_CARD_RULES = [
    Rule(
        id="ultimate.card.fireball",
        section=CARD_LIST,
        passage="Boule de feu - Inflige 1 dégât à un adversaire.",
        summary="1 damage to one opponent.",
    ),
    Rule(
        id="ultimate.card.explosion",
        section=CARD_LIST,
        passage="Explosion - Inflige 2 points de dégâts, mais subit 1 point de dégâts en retour.",
        summary="2 damage to one opponent; the caster takes 1.",
    ),
    Rule(
        id="ultimate.card.poison-cloud",
        section=CARD_LIST,
        passage="Nuage de poison - La cible perd 1 point de vie à la fin de son prochain tour.",
        summary="The target loses 1 life at the end of its next turn.",
    ),
    Rule(
        id="ultimate.card.lightning",
        section=CARD_LIST,
        passage="Éclair - Inflige 1 point de dégâts à tous les joueurs.",
        summary="1 damage to every wizard still standing.",
    ),
    Rule(
        id="ultimate.card.curse",
        section=CARD_LIST,
        passage="Malédiction - Inflige 2 point de dégâts en défaussant une carte",
        summary="2 damage to one opponent; a card is discarded (see the ruling on who).",
    ),
    Rule(
        id="ultimate.card.shadow-hand",
        section=CARD_LIST,
        passage="Main des ombres - Subir 1 dégât et voler une carte au joueur de son choix.",
        summary="The caster takes 1 damage and steals a card from a chosen opponent.",
    ),
    Rule(
        id="ultimate.card.shield",
        section=CARD_LIST,
        passage="Bouclier - Bloque 1 point de dégâts.",
        summary="Blocks 1 damage of the attack.",
    ),
    Rule(
        id="ultimate.card.deflection",
        section=CARD_LIST,
        passage="Déviation - Dévie l'attaque vers un autre joueur au choix.",
        summary="The attack goes to another wizard chosen by the defender.",
    ),
    Rule(
        id="ultimate.card.mirror",
        section=CARD_LIST,
        passage="Miroir - Partagez les dégâts avec l'attaquant. La majorité pour vous",
        summary="The attack's damage is split between defender and attacker.",
    ),
    Rule(
        id="ultimate.card.arcane-barrier",
        section=CARD_LIST,
        passage="Barrière d'arcane - Bloque 2 points de dégâts en défaussant une carte",
        summary="Blocks 2 damage; the defender discards another card from hand as the cost.",
    ),
    Rule(
        id="ultimate.card.thorns",
        section=CARD_LIST,
        passage="Épines - L'attaquant subit 1 dégât s'il vous attaque.",
        summary="The attacker takes 1 damage; the attack itself is not reduced.",
    ),
    Rule(
        id="ultimate.card.healing-light",
        section=CARD_LIST,
        passage="Lumière de guérison - Vous rend 1 point de vie.",
        summary="The caster regains 1 life.",
    ),
    Rule(
        id="ultimate.card.mana-focus",
        section=CARD_LIST,
        passage="Concentration de mana - Tirez 1 carte supplémentaire de la pioche.",
        summary="The caster draws one card.",
    ),
    Rule(
        id="ultimate.card.shadow-veil",
        section=CARD_LIST,
        passage="Voile d'ombre - Empêche la prochaine attaque contre vous pendant un tour",
        summary="The next attack against the caster, within the veil's duration, is prevented.",
    ),
    Rule(
        id="ultimate.card.absorption",
        section=CARD_LIST,
        passage="Absorption - Récupérer la dernière carte défaussée.",
        summary="The caster takes the last discarded card into hand.",
    ),
    Rule(
        id="ultimate.card.mind-control",
        section=CARD_LIST,
        passage="Contrôle de l'esprit - L'adversaire à se défausser d'une carte de son choix",
        summary="A chosen opponent discards one card of their own choice.",
    ),
]

_COMBO_RULES = [
    Rule(
        id="ultimate.combo.rules",
        section=COMBOS,
        passage=(
            "Deux cartes peuvent être combinées pour déclencher des effets spéciaux. Chaque "
            "joueur ne peut jouer qu'un combo par tour."
        ),
        summary="A combo is two named cards from hand played together as the turn's action.",
    ),
    Rule(
        id="ultimate.combo.flame-explosion",
        section=COMBOS,
        passage=(
            "Cartes : Boule de feu + Explosion … "
            "Effet : Infligez 3 points de dégâts à un adversaire."
        ),
        summary="3 damage to one opponent.",
    ),
    Rule(
        id="ultimate.combo.electric-veil",
        section=COMBOS,
        passage=(
            "Cartes : Éclair + Miroir … "
            "Effet : Infligez 2 dégâts à tout adversaire qui vous attaque à "
            "son tour et 1 dégât à son voisin de droite"
        ),
        summary="Every opponent attacking the caster takes 2, and their right neighbour 1.",
    ),
    Rule(
        id="ultimate.combo.frozen-armour",
        section=COMBOS,
        passage=(
            "Cartes : Bouclier + Barrière d'arcane … "
            "Effet : Bloque jusqu'à 3 points de dégâts de la "
            "prochaine attaque."
        ),
        summary="The next attack reaching the caster has up to 3 of its damage blocked.",
    ),
    Rule(
        id="ultimate.combo.arcane-trap",
        section=COMBOS,
        passage=(
            "Cartes : Malédiction + Épines … "
            "Effet : Le prochain adversaire qui vous attaque se défausse "
            "d'une carte et subit 2 points de dégâts. Dure un tour"
        ),
        summary="The next opponent to attack the caster discards a card and takes 2 damage.",
    ),
    Rule(
        id="ultimate.combo.grave-summoning",
        section=COMBOS,
        passage=(
            "Cartes : Absorption + Main des ombres … "
            "Effet : Récupérez une carte de votre choix dans la "
            "pile de défausse."
        ),
        summary="The caster takes any card of the discard pile into hand.",
    ),
    Rule(
        id="ultimate.combo.vital-surge",
        section=COMBOS,
        passage="Cartes : Absorption + Lumière de guérison … Effet : Restaurez 3 points de vie.",
        summary="The caster regains 3 life.",
    ),
    Rule(
        id="ultimate.combo.shadow-mana",
        section=COMBOS,
        passage=(
            "Cartes : Concentration de mana + Main des ombres … "
            "Effet : Tirez une carte supplémentaire "
            "de la pioche et volez une carte au joueur de votre choix."
        ),
        summary="The caster draws one card, then steals a card from a chosen opponent.",
    ),
    Rule(
        id="ultimate.combo.chain-reaction",
        section=COMBOS,
        passage=(
            "Cartes : Éclair + Boule de feu … "
            "Effet : Inflige 2 points de dégâts à deux adversaires "
            "différents."
        ),
        summary="2 damage to each of two different opponents.",
    ),
    Rule(
        id="ultimate.combo.poisoned-blessing",
        section=COMBOS,
        passage=(
            "Cartes : Nuage de poison + Lumière de guérison … "
            "Effet : Ciblez un adversaire pour qu'il "
            "perde 1 point de vie à la fin de son prochain tour, et récupérez 2 points de vie."
        ),
        summary="The caster regains 2 life, then poisons one opponent.",
    ),
    Rule(
        id="ultimate.combo.spectral-summoning",
        section=COMBOS,
        passage=(
            "Cartes : Voile d'ombre + Déviation … "
            "Effet : Échangez votre main avec le joueur de votre choix"
        ),
        summary="The caster swaps hands with a chosen wizard.",
    ),
    Rule(
        id="ultimate.ruling.combo-replaces-cards",
        section=COMBOS,
        passage="Deux cartes peuvent être combinées pour déclencher des effets spéciaux.",
        source="ruling",
        summary=(
            "A combo has only its listed effect: the two cards' own texts do not also apply "
            "(Explosion des flammes costs its caster no life, Mana des ombres no damage)."
        ),
        readings=(
            Reading("Only the combo's effect applies."),
            Reading(
                "The combo's effect is added to both cards' own effects.",
                not_option="Each card's own effect would ask its own target and defence inside "
                "the combo's single play; no combo text says in which order they resolve, so "
                "there is no one reading to offer.",
            ),
        ),
        default="Only the combo's effect applies.",
        why="Each combo text states a complete effect; adding the card texts would double-count.",
    ),
    Rule(
        id="ultimate.ruling.defence-in-combos",
        section=COMBOS,
        passage="Les cartes de défense ne sont pas jouées pendant le tour du joueur",
        source="ruling",
        summary=(
            "Voile électrique, Armure gelée, Piège arcanique and Invocation spectrale contain "
            "a defence card; by default they are playable on your own turn as combos."
        ),
        readings=(
            Reading(
                "The combo list is an explicit exception: allowed.", option="defence_in_combos=true"
            ),
            Reading(
                "Defence cards are never played on your turn: those four combos are forbidden.",
                option="defence_in_combos=false",
            ),
        ),
        default="defence_in_combos=true",
        why="The four combos only make sense when cast on your own turn, as an action.",
    ),
    Rule(
        id="ultimate.ruling.electric-veil",
        section=COMBOS,
        passage="Infligez 2 dégâts à tout adversaire qui vous attaque à son tour",
        source="assumption",
        summary=(
            "The veil lasts until the start of its caster's next turn and triggers on every "
            "attack against the caster in that window, before any defence; the attack itself "
            "still proceeds."
        ),
        readings=(
            Reading(
                "Until the caster's next turn, every attacker.",
                option="electric_veil_lasts=next_turn",
            ),
            Reading("For the rest of the round.", option="electric_veil_lasts=round"),
        ),
        default="Until the caster's next turn, every attacker.",
        why="Its sister combo Piège arcanique lasts one turn; the text gives no other length.",
    ),
    Rule(
        id="ultimate.ruling.right-neighbour",
        section=COMBOS,
        passage="et 1 dégât à son voisin de droite",
        source="ruling",
        summary=(
            "The right-hand neighbour of the attacker is the previous living seat in turn "
            "order (play runs clockwise). The veil never hurts its own caster: if that "
            "neighbour is the caster, nobody takes the 1 damage."
        ),
        readings=(
            Reading(
                "Previous living seat in turn order (clockwise play).",
                option="right_neighbour=previous",
            ),
            Reading("Next living seat in turn order.", option="right_neighbour=next"),
        ),
        default="Previous living seat in turn order (clockwise play).",
        why="With clockwise play, the player on one's right has just played before one.",
    ),
    Rule(
        id="ultimate.ruling.electric-veil-caster",
        section=COMBOS,
        passage="Infligez 2 dégâts à tout adversaire qui vous attaque à son tour et 1 dégât à "
        "son voisin de droite",
        source="ruling",
        summary=(
            "The veil never hurts its own caster: when the attacker's right-hand neighbour is "
            "the caster (always so with 2 players), nobody takes the 1 damage."
        ),
        readings=(
            Reading(
                "Never its caster: in a 2-player game the 1 damage never happens.",
                option="electric_veil_hits_caster=false",
            ),
            Reading(
                "The right-hand neighbour takes 1 damage whoever it is, the caster included.",
                option="electric_veil_hits_caster=true",
            ),
        ),
        default="electric_veil_hits_caster=false",
        why="A protective combo that wounds its caster would contradict its purpose.",
    ),
    Rule(
        id="ultimate.ruling.frozen-armour",
        section=COMBOS,
        passage="Bloque jusqu'à 3 points de dégâts de la prochaine attaque.",
        source="assumption",
        summary=(
            "The armour waits for the next attack that actually reaches its wearer (not one "
            "prevented or deflected away) and is used up by it even if it carries no damage; "
            "it lapses at the end of the round."
        ),
        readings=(
            Reading(
                "Until the next attack reaching the wearer, with no time limit.",
                option="frozen_armour_lasts=next_attack",
            ),
            Reading("Only until the wearer's next turn.", option="frozen_armour_lasts=next_turn"),
        ),
        default="Until the next attack reaching the wearer, with no time limit.",
        why="Unlike Piège arcanique and Voile d'ombre, the text sets no duration.",
    ),
    Rule(
        id="ultimate.ruling.arcane-trap",
        section=COMBOS,
        passage="se défausse d'une carte et subit 2 points de dégâts. Dure un tour",
        source="ruling",
        summary=(
            "The trap lasts until the start of its caster's next turn. The first attacker "
            "takes 2 damage and discards a card of their own choice; the attack still goes on."
        ),
        readings=(
            Reading(
                "The attacker chooses the discarded card.", option="arcane_trap_discard=attacker"
            ),
            Reading("The discarded card is taken at random.", option="arcane_trap_discard=random"),
        ),
        default="The attacker chooses the discarded card.",
        why="'se défausse' is the attacker's own gesture, as in Contrôle de l'esprit.",
    ),
    Rule(
        id="ultimate.ruling.grave-summoning",
        section=COMBOS,
        passage="Récupérez une carte de votre choix dans la pile de défausse.",
        source="ruling",
        summary=(
            "Any card already in the discard pile may be taken; the combo's own two cards are "
            "discarded only after it resolves. With an empty discard pile the combo cannot be "
            "played."
        ),
        readings=(
            Reading(
                "Any card already in the discard pile, the combo's two cards discarded after it.",
                option="grave_own_cards=false",
            ),
            Reading(
                "One of the combo's own two cards may be taken back too.",
                option="grave_own_cards=true",
            ),
        ),
        default="Any card already in the discard pile, the combo's two cards discarded after it.",
        why="Played cards go to the discard once their effect is over.",
    ),
    Rule(
        id="ultimate.ruling.chain-reaction",
        section=COMBOS,
        passage="Inflige 2 points de dégâts à deux adversaires différents.",
        source="ruling",
        summary=(
            "The combo needs two different standing opponents. It is two attacks, resolved in "
            "the order the caster names the targets; each target may defend separately."
        ),
        readings=(
            Reading(
                "Two different standing opponents, attacked in the order the caster names them.",
                option="chain_same_target=false",
            ),
            Reading(
                "One opponent may be named twice and take both blows.",
                option="chain_same_target=true",
            ),
        ),
        default="Two different standing opponents, attacked in the order the caster names them.",
        why="« deux adversaires différents » is printed; the order is the caster's.",
    ),
    Rule(
        id="ultimate.ruling.hand-swap",
        section=COMBOS,
        passage="Échangez votre main avec le joueur de votre choix",
        source="assumption",
        summary=(
            "The caster's hand is swapped after the two combo cards have left it; the chosen "
            "wizard cannot defend (it is not an attack)."
        ),
    ),
]

_ATTACK_RULES = [
    Rule(
        id="ultimate.defence.one-card",
        section=DEFENCE,
        passage="Lorsqu'il est attaqué, un joueur peut jouer une seule carte Défense",
        summary="Each attacked wizard may answer each attack with at most one defence card.",
    ),
    Rule(
        id="ultimate.defence.prompt",
        section=DEFENCE,
        passage="Lorsqu'il est attaqué, un joueur peut jouer une seule carte Défense",
        source="assumption",
        summary=(
            "An attacked wizard who holds any card is always asked, so that the question "
            "itself does not reveal whether they hold a defence card. Nobody is asked on "
            "their own turn or once at 0 life."
        ),
    ),
    Rule(
        id="ultimate.ruling.what-is-an-attack",
        section=DEFENCE,
        passage="Cartes de défense : Jouées uniquement lorsqu'un joueur est attaqué",
        source="ruling",
        summary=(
            "Attacks are the attack cards and the combos that aim an attack effect at "
            "opponents: Explosion des flammes, Réaction en chaîne (each target), Bénédiction "
            "empoisonnée (its poison) and Mana des ombres (its steal)."
        ),
        readings=(
            Reading(
                "Attack cards and the combos aiming an attack effect at opponents may be defended.",
                option="combos_defendable=true",
            ),
            Reading(
                "Only the six attack cards are attacks; no combo may be defended.",
                option="combos_defendable=false",
            ),
        ),
        default="Attack cards and the combos aiming an attack effect at opponents may be defended.",
        why="A combo that deals damage to an opponent attacks them as the card would.",
    ),
    Rule(
        id="ultimate.ruling.blocks-damage-only",
        section=DEFENCE,
        passage="pour bloquer, refléter ou réduire les dégâts",
        source="ruling",
        summary=(
            "Bouclier, Barrière d'arcane, Miroir and Armure gelée only reduce damage: poison, a "
            "steal or a forced discard still land. Déviation moves them and Voile d'ombre "
            "prevents them."
        ),
        readings=(
            Reading(
                "Only damage is reduced: poison, a steal or a discard still land.",
                option="rider_blocked=false",
            ),
            Reading(
                "A defence that blocks all the damage also stops what rides on the attack.",
                option="rider_blocked=true",
            ),
        ),
        default="Only damage is reduced: poison, a steal or a discard still land.",
        why="« bloquer, refléter ou réduire les dégâts » names damage alone.",
    ),
    Rule(
        id="ultimate.ruling.redirect",
        section=DEFENCE,
        passage="Dévie l'attaque vers un autre joueur au choix.",
        source="ruling",
        summary=(
            "The defender picks any other standing wizard, the attacker included. The "
            "redirected attack is a new attack by the same attacker, which the new target may "
            "defend against unless it is their own turn."
        ),
        readings=(
            Reading(
                "Any other standing wizard, the attacker included.",
                option="deflect_to_attacker=true",
            ),
            Reading(
                "Any other standing wizard but the attacker.", option="deflect_to_attacker=false"
            ),
        ),
        default="Any other standing wizard, the attacker included.",
        why="« un autre joueur au choix » excludes only the defender.",
    ),
    Rule(
        id="ultimate.ruling.defence-order",
        section=DEFENCE,
        passage="Bloque jusqu'à 3 points de dégâts de la prochaine attaque.",
        source="assumption",
        summary="The defence card applies first; Armure gelée then blocks from what is left.",
    ),
    Rule(
        id="ultimate.ruling.mirror-majority",
        section=DEFENCE,
        passage="Partagez les dégâts avec l'attaquant. La majorité pour vous",
        source="ruling",
        summary="Odd damage is split with the larger half to the defender (by default).",
        readings=(
            Reading(
                "The defender takes the larger half: ceil(d/2) to the defender, floor(d/2) "
                "to the attacker.",
                option="miroir_majority=defender",
            ),
            Reading(
                "The attacker takes the larger half, so Miroir always helps.",
                option="miroir_majority=attacker",
            ),
        ),
        default="miroir_majority=defender",
        why="It is the literal reading of 'la majorité pour vous'.",
    ),
    Rule(
        id="ultimate.ruling.casting-cost",
        section=CARD_LIST,
        passage="mais subit 1 point de dégâts en retour",
        source="ruling",
        summary=(
            "The caster's own damage from Explosion and Main des ombres is paid when casting, "
            "whatever then happens to the attack."
        ),
        readings=(
            Reading(
                "Paid when casting, whatever then happens to the attack.",
                option="casting_cost=cast",
            ),
            Reading("Paid only when the attack reaches its target.", option="casting_cost=landed"),
        ),
        default="Paid when casting, whatever then happens to the attack.",
        why="« en retour » is the price of casting, not of landing.",
    ),
    Rule(
        id="ultimate.ruling.lightning-caster",
        section=CARD_LIST,
        passage="Inflige 1 point de dégâts à tous les joueurs.",
        source="ruling",
        summary="By default Éclair also deals 1 damage to its caster, who cannot defend.",
        readings=(
            Reading(
                "Literal 'tous les joueurs': the caster is hit too.",
                option="eclair_hits_caster=true",
            ),
            Reading("Only the other wizards are hit.", option="eclair_hits_caster=false"),
        ),
        default="eclair_hits_caster=true",
        why="The text says every player, unlike the other attacks which say 'un adversaire'.",
    ),
    Rule(
        id="ultimate.ruling.lightning-order",
        section=CARD_LIST,
        passage="Inflige 1 point de dégâts à tous les joueurs.",
        source="ruling",
        summary=(
            "Éclair is one attack per other standing wizard, resolved in turn order from the "
            "caster's left; each of them may defend."
        ),
        readings=(
            Reading("From the caster's left, in turn order.", option="eclair_order=left"),
            Reading("From the caster's right, against turn order.", option="eclair_order=right"),
        ),
        default="From the caster's left, in turn order.",
        why="Play runs clockwise; the text names no other order.",
    ),
    Rule(
        id="ultimate.ruling.steal-random",
        section=CARD_LIST,
        passage="voler une carte au joueur de son choix",
        source="ruling",
        summary="The stolen card is drawn at random from the victim's hand.",
        readings=(
            Reading("At random from the hidden hand."),
            Reading(
                "The thief looks at the hand and picks.",
                not_option="The thief would see the victim's hidden hand, which no view shows "
                "another seat while the game runs.",
            ),
        ),
        default="At random from the hidden hand.",
        why="Nothing lets the thief see the victim's hand.",
    ),
    Rule(
        id="ultimate.ruling.empty-hand-target",
        section=CARD_LIST,
        passage="voler une carte au joueur de son choix",
        source="assumption",
        summary="Stealing from or forcing a discard on a wizard with no card does nothing.",
    ),
    Rule(
        id="ultimate.ruling.curse-discard",
        section=CARD_LIST,
        passage="Inflige 2 point de dégâts en défaussant une carte",
        source="ruling",
        summary="By default the caster discards another card of their choice as the cost.",
        readings=(
            Reading(
                "The caster discards a card as the cost, like Barrière d'arcane.",
                option="malediction_discard=caster",
            ),
            Reading(
                "The target discards a card of their choice.", option="malediction_discard=target"
            ),
        ),
        default="malediction_discard=caster",
        why="Barrière d'arcane uses the same words for a cost paid by the card's player.",
    ),
    Rule(
        id="ultimate.ruling.shadow-veil-duration",
        section=CARD_LIST,
        passage="Empêche la prochaine attaque contre vous pendant un tour",
        source="ruling",
        summary=(
            "The veil lasts until the start of its caster's next turn; the first attack "
            "against the caster in that window is prevented entirely (no defence, no trigger)."
        ),
        readings=(
            Reading(
                "Until the start of the caster's next turn.", option="voile_ombre_lasts=next_turn"
            ),
            Reading(
                "Only during the turn it is played (useless but for a deflected attack).",
                option="voile_ombre_lasts=own_turn",
            ),
        ),
        default="Until the start of the caster's next turn.",
        why="Support cards are played on one's own turn; the veil must outlast it to matter.",
    ),
    Rule(
        id="ultimate.ruling.absorption-last",
        section=CARD_LIST,
        passage="Récupérer la dernière carte défaussée.",
        source="ruling",
        summary=(
            "The top card of the discard pile when Absorption is played (before Absorption "
            "itself is discarded). With an empty discard pile Absorption cannot be played."
        ),
        readings=(
            Reading(
                "The card discarded last before Absorption; not playable on an empty pile.",
                option="absorb_empty=refused",
            ),
            Reading(
                "Playable on an empty discard pile, for nothing.", option="absorb_empty=allowed"
            ),
        ),
        default="The card discarded last before Absorption; not playable on an empty pile.",
        why="A card played for no effect would be a free discard, which « Pas d'action » gives.",
    ),
    Rule(
        id="ultimate.ruling.mind-control",
        section=CARD_LIST,
        passage="L'adversaire à se défausser d'une carte de son choix",
        source="ruling",
        summary="The chosen opponent picks the card to discard (a decision asked of them).",
        readings=(
            Reading(
                "« son choix » is the opponent's: they pick the card they discard.",
                option="controle_chooser=target",
            ),
            Reading(
                "« son choix » is the caster's: the caster picks one of the opponent's cards, "
                "face down (a blind pick: a uniform draw among them).",
                option="controle_chooser=caster",
            ),
        ),
        default="controle_chooser=target",
        why="« son » follows « L'adversaire », the nearest subject of the sentence.",
    ),
    Rule(
        id="ultimate.ruling.mana-focus-limit",
        section=CARD_LIST,
        passage="Tirez 1 carte supplémentaire de la pioche.",
        source="assumption",
        summary=(
            "Draws made by card effects ignore the 3-card draw limit; the hand limit is "
            "enforced in the discard phase."
        ),
    ),
    Rule(
        id="ultimate.ruling.healing-cap",
        section=CARD_LIST,
        passage="Vous rend 1 point de vie.",
        source="assumption",
        summary="Life never exceeds round_health, the round's starting life.",
    ),
    Rule(
        id="ultimate.ruling.poison-timing",
        section=CARD_LIST,
        passage="La cible perd 1 point de vie à la fin de son prochain tour.",
        source="ruling",
        summary=(
            "Each poison takes 1 life at the end of the first turn of its target that starts "
            "after the poison landed. Poisons stack."
        ),
        readings=(
            Reading(
                "The end of the target's first turn that starts after the poison landed.",
                option="poison_tick=next_turn",
            ),
            Reading(
                "The end of the target's current turn when the poison lands during it.",
                option="poison_tick=this_turn",
            ),
        ),
        default="The end of the target's first turn that starts after the poison landed.",
        why="« son prochain tour » is a turn still to come when the poison lands.",
    ),
]

_END_RULES = [
    Rule(
        id="ultimate.end.elimination",
        section=ROUND,
        passage="Un joueur est éliminé s'il perd tous ses points de vie.",
        summary="A wizard at 0 life is eliminated from the round.",
    ),
    Rule(
        id="ultimate.ruling.eliminated-hand",
        section=ROUND,
        passage="Un joueur est éliminé s'il perd tous ses points de vie.",
        source="assumption",
        summary="An eliminated wizard's hand goes face up to the discard pile.",
    ),
    Rule(
        id="ultimate.ruling.active-eliminated",
        section=ROUND,
        passage="Un joueur est éliminé s'il perd tous ses points de vie.",
        source="assumption",
        summary="A wizard eliminated during their own turn ends it at once (no discard phase).",
    ),
    Rule(
        id="ultimate.ruling.damage-resolution",
        section=ROUND,
        passage="Un joueur est éliminé s'il perd tous ses points de vie.",
        source="ruling",
        summary=(
            "All damage of an attack (side damage included) is applied, life never going "
            "below 0; eliminations are checked once the whole action has resolved, and at the "
            "end of a turn."
        ),
        readings=(
            Reading(
                "Eliminations are checked once the whole action has resolved.",
                option="eliminate=after_action",
            ),
            Reading(
                "A wizard at 0 life is eliminated at once, before the rest of the action.",
                option="eliminate=at_once",
            ),
        ),
        default="Eliminations are checked once the whole action has resolved.",
        why="An action's blows land together; Éclair would otherwise depend on seat order.",
    ),
    Rule(
        id="ultimate.ruling.round-without-survivor",
        section=ROUND,
        passage="Le dernier sorcier encore debout à la fin d'une manche gagne cette manche.",
        source="ruling",
        summary="If the last wizards fall together, nobody wins the round; it is replayed.",
        readings=(
            Reading("The round is replayed without a winner.", option="no_survivor=replay"),
            Reading(
                "The wizard whose turn it was (who acted last) wins the round.",
                option="no_survivor=last_actor",
            ),
        ),
        default="The round is replayed without a winner.",
        why="Nobody is left standing, so the rulebook's winning condition is not met.",
    ),
    Rule(
        id="ultimate.end.round",
        section=ROUND,
        passage="Le dernier sorcier encore debout à la fin d'une manche gagne cette manche.",
        summary="When only one wizard stands, that wizard wins the round.",
    ),
    Rule(
        id="ultimate.end.match",
        section=MATCH,
        passage="Le premier joueur à gagner 3 manches remporte la partie",
        summary="The first wizard with rounds_to_win round wins (3 by default) wins the match.",
        readings=(
            Reading("3 round wins, as printed.", option="rounds_to_win=3"),
            Reading("A shorter or longer match, by agreement.", option="rounds_to_win=1..5"),
        ),
        default="rounds_to_win=3",
        why="The rulebook's number; other values are table variants.",
    ),
    Rule(
        id="ultimate.ruling.round-health",
        section=ROUND,
        passage="tous les joueurs remettent leur dé sur 5 points de vie",
        source="ruling",
        summary="Each round starts at round_health life: 9 by default, as in the setup.",
        readings=(
            Reading(
                "9, as the setup says; the '5' is a leftover of an older revision.",
                option="round_health=9",
            ),
            Reading("5, the literal text of the round-end paragraph.", option="round_health=5"),
            Reading(
                "Both literally: 9 at setup, then 5 after each round.",
                option="round_health=9-then-5",
            ),
        ),
        default="round_health=9",
        why="The setup section is the authoritative one and every round starts alike.",
    ),
    Rule(
        id="ultimate.ruling.round-number",
        section=ROUND,
        passage="Après chaque manche, tous les joueurs remettent leur dé sur 5 points de vie",
        source="ruling",
        summary=(
            "A round replayed after nobody survived counts as a new round: it takes the next "
            "number (which matters for round_health=9-then-5)."
        ),
        readings=(
            Reading("A replayed round takes the next number.", option="replayed_round=next"),
            Reading(
                "A replayed round keeps the number of the round it replays.",
                option="replayed_round=same",
            ),
        ),
        default="replayed_round=next",
        why="« Après chaque manche » counts every round played, won or not.",
    ),
    Rule(
        id="ultimate.end.new-round",
        section=ROUND,
        passage="mélangent les cartes pour un nouveau tour.",
        source="assumption",
        summary=(
            "A new round gathers all 16 cards, shuffles them, deals 2 to each wizard, resets "
            "life and effects, and picks the first player at random."
        ),
    ),
    Rule(
        id="ultimate.ruling.zero-life",
        section=ROUND,
        passage="Un joueur est éliminé s'il perd tous ses points de vie.",
        source="assumption",
        summary=(
            "A wizard brought to 0 life while an action resolves is not asked to defend or to "
            "discard any more; the blows still land."
        ),
    ),
]

RULES: tuple[Rule, ...] = (
    *_SETUP_RULES,
    *_TURN_RULES,
    *_CARD_RULES,
    *_COMBO_RULES,
    *_ATTACK_RULES,
    *_END_RULES,
)

# Entries the seeded bot games of ``wizards rules ultimate --coverage`` do not cite
# (a setup file, a refusal, a rare hand), each with the test that reaches it.
_T = "tests/domain/ultimate/"
REACHED_BY = {
    "ultimate.setup.position": _T
    + "test_opening.py::test_a_setup_position_starts_where_it_says_without_shuffle_or_choice",
    "ultimate.setup.left-out": "tests/services/store/test_table_mode_ultimate.py::"
    "test_a_disputed_mid_round_position_is_entered_from_a_file_and_played_on",
    "ultimate.turn.action": _T + "test_refusals.py::test_a_card_not_in_hand_is_refused",
    "ultimate.turn.pass": _T
    + "test_rulings.py::test_passing_with_cards_in_hand_is_a_reading_of_its_own",
    "ultimate.turn.hand-limit": _T
    + "test_turn.py::test_a_hand_above_three_must_be_discarded_down_before_the_turn_can_end",
    "ultimate.ruling.empty-piles": _T
    + "test_refusals.py::test_a_draw_with_both_piles_empty_is_refused",
    "ultimate.cards.list": _T + "test_refusals.py::test_an_unknown_card_is_refused_by_name",
    "ultimate.combo.rules": _T + "test_refusals.py::test_a_play_with_wrong_details_is_refused",
    "ultimate.ruling.defence-order": _T
    + "test_combos.py::test_frozen_armour_blocks_what_a_defence_card_lets_through",
    "ultimate.ruling.mana-focus-limit": _T + "test_support.py::"
    "test_mana_focus_may_draw_past_the_hand_limit_which_binds_at_the_end_of_the_turn",
}

CATALOGUE = Catalogue("ultimate", with_coverage(RULES, reached_by=REACHED_BY), CHANGELOG)
