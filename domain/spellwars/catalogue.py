# ruff: noqa: E501  (rulebook passages are quoted whole so that they can be searched)
"""The rule catalogue of Spell Wars: every event and refusal cites one entry.

Passages quote the French rulebook (rules/spellwars.md) briefly. ``ruling``
entries choose one reading of an ambiguous or silent passage (the others are
listed; an option selects them where we offer one); ``assumption`` entries
fill a gap with a number or behaviour of ours. Every card is an entry too
(``sw.card.<slug>``): printed texts are quoted, our own designs are marked
``assumption`` with the words "text: ours".
"""

from __future__ import annotations

from domain.kernel import Catalogue, Reading, Rule
from domain.kernel.data_bounds import bounds_summary
from domain.kernel.rules import Source, with_coverage
from domain.spellwars.cards import all_cards
from domain.spellwars.changelog import CHANGELOG
from domain.spellwars.data_bounds import BOUNDS as DATA_BOUNDS
from domain.spellwars.data_bounds import MAX_LINE_NUMBER

PREP = "Mise en place / Début de chaque tour"
SPELL = "Préparer son sort / Placer son sort"
ORDER = "Ordre du tour"
RESOLVE = "Résoudre son sort"
POWER = "Jets de puissance"
TARGETS = "Cibles"
BLOOD = "Sang"
CREATURES = "Créatures"
WILD = "Cartes Magie féroce"
TREASURE = "Cartes Trésor"
DEAD = "Cartes Sorcier crevé"
DUNGEON = "Le Donjon"
REACTION = "Réactions"
END = "Fin du tour / Fin d'une manche"
FAST = "Variante combat rapide"
# The engine's own rules, which no page of the rulebook holds: named in the
# rulebook's language, as every section is (the orc tower's « Données (non imprimées) »).
ENGINE = "Moteur (non imprimé)"


def card_section(slug: str) -> str:
    """The section of a ruling on a card's printed text: the card, as its own rule names it."""
    c = all_cards()[slug]
    return f"Carte {c.name} ({c.number})"


def r(
    id: str,
    section: str,
    passage: str,
    summary: str,
    *,
    source: Source = "rulebook",
    readings: tuple[Reading, ...] = (),
    default: str = "",
    why: str = "",
) -> Rule:
    return Rule(
        id=id,
        section=section,
        passage=passage,
        summary=summary,
        source=source,
        readings=readings,
        default=default,
        why=why,
    )


RULES = [
    r(
        "sw.setup.deal",
        PREP,
        "Mélangez chaque paquet de cartes séparément.",
        "Main, treasure and dead-wizard decks are shuffled; every wizard starts at 20 life, 0 blood.",
    ),
    r(
        "sw.setup.life",
        PREP,
        "Placez un jeton Point de vie (crâne) sur le 20",
        "Life starts each round at 20; life and blood never exceed 25.",
    ),
    r(
        "sw.setup.position",
        PREP,
        "(no rulebook text: a recorded table position)",
        "A setup file gives a position instead of shuffles: every zone (hands, spells on the "
        "table, decks, discard piles, treasures, creatures, dead-wizard cards), the round and "
        "turn, life, blood, tokens, points, the Dungeon, and the turn structure with its "
        "running programs and the pending decision; the game continues from it exactly.",
        source="assumption",
        readings=(
            Reading(
                "A table-mode game's script (its dice and deck orders) is chance only: the game "
                "deals from its shuffles, and only a setup file's other keys make a position.",
                "chance_script=chance",
            ),
            Reading(
                "A table-mode game's script with no position in it is read as an empty "
                "position: every deck in its printed order, no hand dealt, no shuffle (Spell "
                "Wars before revision 5227ba3, engine 0.1.0).",
                "chance_script=position",
            ),
        ),
        default="chance_script=chance",
        why="A table enters the chance of its own shuffles; reading its script as a position "
        "would deal every game from decks in the printed order. The other reading is kept "
        "so that records of the revisions that had it decide again as recorded (the "
        "changelog's 0.1.0 revision variant before 5227ba3).",
    ),
    r(
        "sw.setup.left-out",
        PREP,
        "Mélangez chaque paquet de cartes séparément.",
        "Cards a setup file leaves out are shuffled (with the game's chance, recorded) and "
        "placed below the cards it lists for their deck.",
        source="assumption",
    ),
    r(
        "sw.turn.refill",
        PREP,
        "Chaque sorcier complète sa main à 8 cartes depuis la pioche principale.",
        "At each turn start every living wizard draws up to 8 cards.",
    ),
    r(
        "sw.turn.dead-draw",
        DEAD,
        "Au début de chaque nouveau tour de jeu, ce dernier pioche une nouvelle carte Sorcier crevé.",
        "At each turn start (after the first of the round) every dead wizard draws a dead-wizard card.",
    ),
    r(
        "sw.deck.reshuffle",
        END,
        "Ne mélangez pas les pioches tant qu'elles ne sont pas épuisées.",
        "A deck is rebuilt by shuffling its discard pile only when it is empty and a card is needed.",
    ),
    r(
        "sw.spell.place",
        SPELL,
        "Chaque joueur doit placer tous les Composants de son sort face cachée dans la zone de jeu devant lui.",
        "All living wizards place at once, face down and in secret, any set of cards from "
        "their hands; types are printed on the cards, so the set is the whole choice. Spells "
        "of more than 3 cards or with two cards of one type are placed as they are and "
        "repaired by the rules that follow.",
    ),
    r(
        "sw.spell.excess",
        SPELL,
        "un joueur ne peut jamais jouer plus de 3 Composants. Lorsque cela arrive, le joueur concerné doit reprendre en main les cartes en excès avant d'annoncer la taille de son sort.",
        "A wizard who placed more than 3 cards takes cards back into hand, one at a time and "
        "of its choice, until 3 remain; in secret, and before the sizes are announced.",
    ),
    r(
        "sw.spell.incorrect",
        SPELL,
        "Si un joueur révèle un sort incorrect, il doit en retirer des cartes jusqu'à ce que le sort devienne correct. Placez les cartes retirées dans la défausse.",
        "On reveal, a spell with two placed cards of one type is incorrect: the caster "
        "discards one card at a time, of its choice, until the spell is correct; then the wild "
        "magic is replaced.",
    ),
    r(
        "sw.spell.trim",
        SPELL,
        "il doit en retirer des cartes jusqu'à ce que le sort devienne correct",
        "Only the placed cards of a type held twice (or three times) may be removed; a wild "
        "magic card has no type, stands for a missing one and never makes a spell incorrect; "
        "cards added during resolution and kept creatures are not part of the check.",
        source="ruling",
        readings=(
            Reading("Remove only cards of a repeated type.", "trim=repeated"),
            Reading("Remove any placed cards, one at a time, until correct.", "trim=any"),
        ),
        default="trim=repeated",
        why="Removing a card of another type brings the spell no closer to correct, and 'until "
        "it becomes correct' stops at the first correct spell; the wild magic section says the "
        "card has no type and finds 'le type de Composant qui vous manque'.",
    ),
    r(
        "sw.order.incorrect",
        ORDER,
        "Votre numéro d'initiative est indiqué dans le symbole enflammé au bout de la bannière rouge sur votre carte Destination.",
        "An incorrect spell holding several delivery cards counts the lowest of their "
        "initiatives in the turn order.",
        source="ruling",
        readings=(
            Reading(
                "The lowest initiative among the delivery cards.", "incorrect_initiative=lowest"
            ),
            Reading(
                "The highest initiative among the delivery cards.", "incorrect_initiative=highest"
            ),
            Reading(
                "The initiative of the delivery the caster will keep, declared in advance.",
                "incorrect_initiative=declared",
            ),
        ),
        default="incorrect_initiative=lowest",
        why="The rulebook speaks of one Destination card; with two, none is 'the' one. The "
        "lowest means an incorrect spell never goes earlier than the correct spell left after "
        "trimming could have gone, so misplacing gains nothing.",
    ),
    r(
        "sw.spell.size",
        ORDER,
        "chaque joueur doit indiquer le nombre de Composants de son sort : 1, 2 ou 3.",
        "Once every spell is placed, the sizes are announced.",
    ),
    r(
        "sw.order.size",
        ORDER,
        "Les joueurs qui ont joué 1 Composant de sort jouent avant ceux qui en ont joué 2 ou 3.",
        "Smaller spells resolve first.",
    ),
    r(
        "sw.order.initiative",
        ORDER,
        "Le joueur dont le numéro d'Initiative est le plus élevé joue en premier.",
        "Among equal sizes, the highest delivery initiative goes first; a spell without a "
        "delivery card (a wild magic standing for one included) counts 0.",
    ),
    r(
        "sw.order.tie",
        ORDER,
        "En cas d'égalité pour l'Initiative, les joueurs concernés lancent un dé et celui qui obtient le résultat le plus élevé joue avant le ou les autres. … En cas de nouvelle égalité, les sorciers concernés lancent le dé.",
        "Still tied: each tied wizard rolls a die, the highest goes next; tied highest roll again. "
        "The roll is made when the tied group is the next to cast (as in the example), and a "
        "group of three or more rolls again for each following place (ties=reroll).",
        source="ruling",
        readings=(
            Reading(
                "The highest roll goes next; the others roll again for the next place.",
                "ties=reroll",
            ),
            Reading(
                "One roll of the group ranks every tied wizard; equal dice roll again among "
                "themselves for their places.",
                "ties=rank",
            ),
        ),
        default="ties=reroll",
        why="The passage names one winner of the roll, who 'joue avant le ou les autres', and "
        "the others are then still tied ('nouvelle égalité'), so they roll again; the example "
        "rolls for the 14/14 tie only when that group is next. Rolling place by place also keeps "
        "the order right when a spell's size changes before its turn ('votre place dans l'ordre "
        "du tour change aussi'). A table that ranks a group of three with one roll sets "
        "ties=rank.",
    ),
    r(
        "sw.order.changes",
        ORDER,
        "Si le nombre de Composants de votre sort change avant votre tour … "
        "votre place dans l'ordre du tour changera.",
        "The next caster is recomputed from current sizes each time a spell finishes.",
    ),
    r(
        "sw.spell.reveal",
        RESOLVE,
        "Lorsque c'est à vous de jouer, révélez les Composants de votre sort.",
        "The caster's spell is revealed; kept creatures join it as unresolved deliveries.",
    ),
    r(
        "sw.resolve.order",
        RESOLVE,
        "Résolvez les effets des cartes de votre sort dans l'ordre de lecture : 1 Source 2 Qualité 3 Destination",
        "Components resolve source, then quality, then delivery.",
    ),
    r(
        "sw.resolve.added",
        RESOLVE,
        "résolvez d'abord complètement le Composant en cours avant de résoudre celui qui vient d'apparaître, même s'il est d'un type déjà résolu.",
        "A component added during resolution waits for the current one to finish, and is then "
        "resolved even if its type was already resolved (an added Source before the Destination).",
    ),
    r(
        "sw.resolve.same-type",
        RESOLVE,
        "Si vous avez plusieurs Composants non résolus du même type, vous les résolvez dans l'ordre de votre choix.",
        "The caster picks the order among unresolved components of one type.",
    ),
    r(
        "sw.resolve.added-order",
        RESOLVE,
        "Les cartes ajoutées doivent être placées à la verticale des Composants du même type. Si vous avez plusieurs Composants non résolus du même type, vous les résolvez dans l'ordre de votre choix.",
        "A card added to the spell (Shub-Niggurath's creature) joins the unresolved cards of its "
        "type: the reading order still holds, and among several unresolved cards of one type, "
        "the added one included (a kept creature, a second delivery), the caster picks the "
        "order (added_order=choice).",
        source="ruling",
        readings=(
            Reading(
                "The added card waits with the unresolved cards of its type; the caster orders "
                "them.",
                "added_order=choice",
            ),
            Reading(
                "The added card resolves next, before the other unresolved cards.",
                "added_order=next",
            ),
        ),
        default="added_order=choice",
        why="The section on added cards places them beside the components of their type and "
        "ends with 'dans l'ordre de votre choix' for several unresolved cards of one type; the "
        "example (an added Source before the Destination) follows the reading order either way. "
        "The other reading takes 'résolvez d'abord … avant de résoudre celui qui vient "
        "d'apparaître' to put the added card next.",
    ),
    r(
        "sw.resolve.discard",
        RESOLVE,
        "défaussez tous ses Composants (sauf les Créatures que vous « Gardez »).",
        "When the spell is fully resolved its cards are discarded, except creatures kept.",
    ),
    r(
        "sw.power.roll",
        POWER,
        "Lancez 1 dé pour chaque carte de votre sort qui présente le même Glyphe.",
        "A power roll rolls one die per card of the spell (kept creatures included) with the "
        "glyph of the card asking for it, plus dice added by effects; rows 1-4, 5-9, 10+.",
    ),
    r(
        "sw.target.neighbours",
        TARGETS,
        "votre adversaire de gauche, celui de droite (ou les deux à la fois)",
        "Left is the next living opponent clockwise (increasing seat), right the previous one.",
        source="ruling",
        readings=(
            Reading("The nearest living wizard on that side.", "neighbour=living"),
            Reading("The wizard seated there; nobody if dead.", "neighbour=seated"),
        ),
        default="neighbour=living",
        why="Dead wizards are not opponents in play; the physical neighbour may be dead.",
    ),
    r(
        "sw.target.strongest",
        TARGETS,
        "En cas d'égalité, vous pouvez choisir qui vous voulez considérer comme le plus fort/le plus faible.",
        "Strongest/weakest: most/least life among living opponents; the caster picks among ties; "
        "never yourself. The same pick rule applies to 'most treasures/creatures/blood'.",
    ),
    r(
        "sw.target.stronger",
        TARGETS,
        "Si un adversaire a autant de PV que vous, il n'est ni plus fort ni plus faible.",
        "Stronger/weaker opponents: strictly more/less life than the caster.",
    ),
    r(
        "sw.target.die",
        TARGETS,
        "attribuez les faces d'un dé aux cibles potentielles de l'effet correspondant.",
        "Candidates clockwise from the left share the faces of a d6 equally (6 // n faces each, "
        "from face 1); an unassigned face is rolled again; a single candidate needs no roll. "
        "The roll's purpose shows the assignment before the die is rolled (a table rolling its "
        "own die reads it there, or in the refusal asking for the value). With die_faces=caster "
        "the caster assigns the faces: it chooses the order of the candidates on the die.",
        source="ruling",
        readings=(
            Reading(
                "Equal shares clockwise from the left, as in the example.", "die_faces=clockwise"
            ),
            Reading(
                "The caster assigns the shares (orders the candidates) before the roll.",
                "die_faces=caster",
            ),
        ),
        default="die_faces=clockwise",
        why="The rulebook's example assigns 1-2, 3-4, 5-6 to three opponents clockwise; four or "
        "five candidates cannot share six faces equally, so spare faces are re-rolled. "
        "'Attribuez' leaves the assignment to the player; since equal shares give every "
        "candidate the same chance, only the faces' order is left to choose, which a table "
        "that assigns its own way selects with die_faces=caster.",
    ),
    r(
        "sw.target.before-dice",
        TARGETS,
        "La cible d'un Composant de sort doit être déterminée avant tout lancer de dés.",
        "Trankilus: the weakest opponent is its target, fixed before its die is rolled (a tie "
        "is settled by the caster before the roll), although the card names it after the roll.",
        source="ruling",
        readings=(
            Reading("The target is fixed before the die, by the general rule.", "trankilus=first"),
            Reading(
                "The target is named only after a roll of 4 or less, in the card's order.",
                "trankilus=after",
            ),
        ),
        default="trankilus=first",
        why="The targets section makes it a rule for every component, and Trankilus's "
        "'votre adversaire le plus faible' is its target; the card's sentence order is a "
        "description of the effect, not of the moment its target is chosen.",
    ),
    r(
        "sw.target.chosen",
        TARGETS,
        "La cible d'un Composant de sort doit être déterminée avant tout lancer de dés.",
        "Targets are fixed before any roll; when a card leaves the choice open, the caster picks "
        "among the candidates (one candidate is taken without asking).",
    ),
    r(
        "sw.target.none",
        TARGETS,
        "Si vous ne pouvez déterminer aucune cible pour une Créature, vous lancez quand même le dé",
        "An effect with no possible target does nothing to anyone; a creature still rolls its "
        "power roll (for KEEP and effects on the caster).",
    ),
    r(
        "sw.target.heal",
        TARGETS,
        "S'il s'agit d'un sort de guérison, vous serez forcément la cible.",
        "Healing heals the caster unless the card names who heals.",
    ),
    r(
        "sw.blood.kill",
        BLOOD,
        "Lorsque vous tuez un sorcier adverse, vous gagnez 3",
        "Killing an opponent gains 3 blood; killing yourself gains nothing.",
    ),
    r(
        "sw.blood.max",
        BLOOD,
        "Vous n'avez pas le droit d'avoir plus de 25",
        "Blood is capped at 25 (the excess is lost); blood persists across rounds and death.",
    ),
    r(
        "sw.blood.steal",
        BLOOD,
        "Vous n'avez pas le droit d'avoir plus de 25",
        "A thief with less room than the blood it steals: the victim loses the whole amount and "
        "the thief's surplus is lost (stolen_blood=lost).",
        source="ruling",
        readings=(
            Reading(
                "The victim loses it all; what the thief cannot hold is lost.", "stolen_blood=lost"
            ),
            Reading("The victim keeps what the thief cannot hold.", "stolen_blood=left"),
        ),
        default="stolen_blood=lost",
        why="'Volez' takes the blood from the victim, and the cap of 25 limits what the thief may "
        "have, as with any gain of blood over 25 (the excess is lost); the theft itself is not "
        "made smaller by the thief's own wealth.",
    ),
    r(
        "sw.blood.pay",
        BLOOD,
        "Vous devez choisir de le payer ou non avant d'infliger des dégâts, de lancer un dé, etc.",
        "A 'Payez n' is offered once per component as its first decision, before damage or dice, "
        "so blood won by the component can never pay for it; 'Payez X' any amount at once.",
    ),
    r(
        "sw.blood.treasure",
        BLOOD,
        "Le coût en Sang d'un Trésor ne peut être payé qu'une seule fois par tour lors de votre tour d'Initiative.",
        "Treasure effects with costs run once, at the start of their owner's spell resolution.",
    ),
    r(
        "sw.life.max",
        PREP,
        "Vos niveaux de PV et de Sang peuvent monter jusqu'à un maximum de 25.",
        "Healing never raises life above 25.",
    ),
    r(
        "sw.creature.keep",
        CREATURES,
        "Lorsque vous gardez une Créature, laissez-la face visible devant vous",
        "A creature with a KEEP result stays face up after the spell; the others are discarded.",
    ),
    r(
        "sw.creature.attack",
        CREATURES,
        "si vous parvenez à garder votre Créature pour le prochain tour, vous pourrez la faire réattaquer. Vous serez même obligé !",
        "Kept creatures join their owner's next spell as unresolved deliveries (not counted in "
        "its size), attack again with their own power roll, and are discarded without a new KEEP.",
        source="ruling",
        readings=(
            Reading(
                "With the owner's next spell, as unresolved deliveries in the caster's order.",
                "creature_attack=spell",
            ),
            Reading(
                "At the start of the next turn, before any spell is placed.",
                "creature_attack=turn_start",
            ),
        ),
        default="creature_attack=spell",
        why="The rulebook says a kept creature must attack again and counts its glyph 'as if it "
        "were part of your spell' but not when; resolving it with the spell's deliveries (the "
        "caster ordering them) keeps one resolution order for every card.",
    ),
    r(
        "sw.spell.empty",
        SPELL,
        "(silent: a living wizard with no card in hand)",
        "A wizard whose hand is empty (main deck and discard exhausted) places an empty spell.",
        source="assumption",
    ),
    r(
        "sw.creature.block",
        CREATURES,
        "vous pouvez choisir de défausser une Créature préalablement mise en jeu. La Créature subit les dégâts pour vous",
        "The target of one damage instance from an opponent may sacrifice a kept creature, after "
        "seeing the amount, to absorb it whole; not against that creature's own damage; "
        "0 damage asks nothing.",
    ),
    r(
        "sw.creature.kill",
        CREATURES,
        "Si un effet indique de tuer la Créature d'un adversaire, puis de lui infliger des dégâts, la Créature meurt avant d'avoir pu s'interposer.",
        "Killing a creature discards it; the caster picks which.",
    ),
    r(
        "sw.creature.death",
        CREATURES,
        "Si vous mourez, défaussez toutes vos Créatures.",
        "A dying wizard discards all creatures.",
    ),
    r(
        "sw.creature.glyphs",
        CREATURES,
        "Les Glyphes des Créatures que vous gardez sont considérés comme faisant partie de votre sort.",
        "Kept creatures count for glyphs in power rolls.",
    ),
    r(
        "sw.wild.replace",
        WILD,
        "révélez une à une des cartes de la pioche principale jusqu'à ce que vous trouviez le type de Composant qui vous manque.",
        "On reveal, cards are turned from the main deck until one of the replaced type appears; it "
        "joins the spell, the wild magic and the other turned cards are discarded.",
    ),
    r(
        "sw.wild.type",
        WILD,
        "elles peuvent remplacer n'importe quelle carte de votre sort",
        "On reveal, after trimming, each wild magic card stands for a type the placed cards do "
        "not hold; when more types are missing than there are wild cards, the caster picks "
        "which; the cards are then turned for each type in reading order (source, quality, "
        "delivery).",
        source="ruling",
        readings=(
            Reading("The type is fixed on reveal, among the missing types.", "wild_type=reveal"),
            Reading(
                "The type is fixed at placement by the card's place in the row.", "wild_type=row"
            ),
        ),
        default="wild_type=reveal",
        why="A wild magic card has no type and finds 'le type de Composant qui vous manque'; "
        "until the reveal nothing depends on it (a spell without a delivery card has initiative "
        "0 whether or not a wild magic stands for the delivery), so the placement stays a plain "
        "set of cards. The one difference from a physical row is that the caster commits to the "
        "type later; 'Lisez le nom de votre sort uniquement après avoir remplacé toutes vos "
        "cartes Magie féroce' gives the reading order.",
    ),
    r(
        "sw.wild.none",
        WILD,
        "(silent: the main deck and its discard hold no card of the type)",
        "If no card of the type can be found even after reshuffling, the wild magic is discarded "
        "and the slot stays empty.",
        source="assumption",
    ),
    r(
        "sw.treasure.gain",
        TREASURE,
        "Lorsque vous gagnez un Trésor, il est toujours placé face visible devant vous",
        "A gained treasure is drawn from the treasure deck, face up, never in hand.",
    ),
    r(
        "sw.treasure.steal",
        TREASURE,
        "Lorsque vous gagnez un Trésor, il est toujours placé face visible devant vous … Les autres sorciers pourraient vouloir vous voler vos découvertes !",
        "Stealing moves a treasure between wizards; the taker picks which (a discard is picked by "
        "its owner). A wizard who takes a treasure from another (stolen, or given by "
        "Roulepélax) gains it, so its 'when gained' effect runs for the taker: a stolen "
        "Chalisman takes the Dungeon for the thief.",
        source="ruling",
        readings=(
            Reading(
                "A stolen or given treasure is gained: its gain effect runs for the taker.",
                "stolen_gain=run",
            ),
            Reading(
                "Only a treasure drawn from the treasure deck has its gain effect.",
                "stolen_gain=skip",
            ),
        ),
        default="stolen_gain=run",
        why="The rulebook has one word for getting a treasure, 'gagnez', and says what happens "
        "'Lorsque vous gagnez un Trésor' without telling drawn treasures from stolen ones; the "
        "printed Chalisman's 'Prenez le Donjon' is an order to whoever has it in front of them. "
        "No printed card says a stolen treasure loses it.",
    ),
    r(
        "sw.dead.draw",
        DEAD,
        "il défausse toutes les cartes de sa main, tous ses Trésors et pioche immédiatement une carte Sorcier crevé.",
        "A dying wizard discards hand, treasures and creatures and draws a dead-wizard card.",
    ),
    r(
        "sw.dead.immediate",
        DEAD,
        "Une telle carte est résolue dès que vous la piochez. Les autres s'appliquent au début de la manche suivante.",
        "'Immédiat' cards act when drawn; the others at the start of the next round; all stay "
        "face up until then and are then discarded.",
    ),
    r(
        "sw.dead.round-start",
        DEAD,
        "Une fois que tous les joueurs se sont débarrassés de leurs cartes, ceux qui possèdent des cartes Sorcier crevé récupèrent les bonus associés (PV supplémentaires, Trésor, etc.), puis défaussent ces cartes.",
        "At the start of a round each wizard's dead-wizard bonuses run (seat by seat), and then "
        "that wizard's dead-wizard cards are discarded.",
        source="ruling",
        readings=(
            Reading(
                "The bonuses, then the discard, as written (default).", "dead_bonus=before_discard"
            ),
            Reading(
                "The discard, then the bonuses (this engine before the audit).",
                "dead_bonus=after_discard",
            ),
        ),
        default="dead_bonus=before_discard",
        why="The sentence gives the order. The other reading was engine 0.1.0's: while a bonus "
        "runs, no card of the box reads the dead-wizard cards in front of a wizard or the "
        "dead-wizard discard, so the readings differ only in the order of the events.",
    ),
    r(
        "sw.dungeon.start",
        DUNGEON,
        "Au début de chaque manche, personne ne contrôle le Donjon.",
        "The Dungeon goes back to the middle at each round start.",
    ),
    r(
        "sw.dungeon.take",
        DUNGEON,
        "Pour prendre le contrôle du Donjon, vous devez jouer une carte présentant un effet « prenez le Donjon ».",
        "'Prenez le Donjon' effects take it.",
    ),
    r(
        "sw.dungeon.kill",
        DUNGEON,
        "Si vous tuez le sorcier adverse qui contrôle le Donjon, vous en prenez le contrôle.",
        "Killing the holder takes the Dungeon (a suicide leaves it with the dead holder).",
    ),
    r(
        "sw.dungeon.blood",
        DUNGEON,
        "À la fin de chaque tour, le sorcier qui contrôle le Donjon le conserve et gagne 1",
        "At each turn end the holder (living or dead) gains 1 blood, plus treasure bonuses.",
    ),
    r(
        "sw.dungeon.last",
        DUNGEON,
        "Si vous êtes le dernier survivant, mettez fin au tour et gagnez 1",
        "When one wizard is left the turn ends at once; the Dungeon's end-of-turn blood is paid as usual (to its holder).",
        source="ruling",
        readings=(
            Reading(
                "The sentence restates the holder's blood for a last survivor holding the Dungeon.",
                "survivor_blood=holder",
            ),
            Reading("The last survivor always gains 1 blood.", "survivor_blood=always"),
        ),
        default="survivor_blood=holder",
        why="The sentence sits in the Dungeon list, between the holder's blood and the holder's capture; 'Fin du tour' gives blood only to the holder.",
    ),
    r(
        "sw.dungeon.bonus",
        DUNGEON,
        "Si vous ne contrôlez pas le Donjon, personne ne bénéficie de l'effet Donjon de votre carte.",
        "'Donjon :' lines apply only while the caster holds the Dungeon.",
    ),
    r(
        "sw.reaction",
        REACTION,
        "Si un gougnafier vient à vous tuer alors qu'une telle carte non résolue est présente dans votre sort, vous bénéficiez de l'effet Réaction. … Vous pouvez déclencher une Réaction même si vous vous suicidez, tant que le Composant Réaction n'a pas été résolu. … Si votre Destination vous tue, une Réaction présente sur cette Destination et sur toute Source ou Qualité déjà résolue ne s'applique pas.",
        "A reaction applies when its wizard dies while its component is unresolved (face down, "
        "or revealed and waiting its turn); the component being resolved and those already "
        "resolved do not react. So a delivery that kills its own caster triggers nothing, and a "
        "source that does lets the reactions of the unresolved quality and delivery apply. "
        "Reactions run when the deaths are checked, that is once the line that dealt the "
        "damage has hit all its targets (sw.death.stops): every dead wizard's reactions, in the "
        "order the line hit them, each wizard's reactions before its 'Immédiat' dead-wizard "
        "card, and all of them before the rest of the spell.",
        source="ruling",
        readings=(
            Reading(
                "The component being resolved counts as resolved: it does not react.",
                "resolving_reacts=false",
            ),
            Reading("The component being resolved still reacts.", "resolving_reacts=true"),
        ),
        default="resolving_reacts=false",
        why="The rulebook's own example says that a Destination killing its caster does not "
        "react, although it is being resolved at that moment; reactions are 'une petite "
        "surprise' left behind by a death, so they come after the blow that caused it, which "
        "is the whole line (sw.death.stops).",
    ),
    r(
        "sw.death",
        END,
        "Lorsque le sorcier d'un joueur est tué",
        "A wizard at 0 life or less dies; their unresolved components stop and are discarded.",
    ),
    r(
        "sw.death.stops",
        END,
        "Dans le cas improbable où un sorcier se suicide en tuant son dernier adversaire, ne laissant aucun survivant, il gagne quand même le jeton. … (Foulremix) Chaque sorcier doit passer toutes les cartes de ce type qu'il a en main à son voisin de gauche, puis subit autant de dégâts que le nombre de cartes qu'il reçoit.",
        "Deaths are checked after each line of a card, not after each target: a line that hits "
        "several wizards ('à chaque adversaire', Foulremix's 'Chaque sorcier … subit', "
        "Chancedecocus's Dungeon line, Flaminus paid) deals every target its damage, then "
        "every wizard at 0 life or less dies, in the order the line hit them, then the "
        "reactions run (sw.reaction). A caster who dies that way (by its own line, or by a "
        "victim's reaction) does not stop the line; the rest of its component and spell are "
        "then lost (discarded after the reactions).",
        source="ruling",
        readings=(
            Reading(
                "The line finishes every target, then deaths are checked.", "deaths_checked=line"
            ),
            Reading(
                "A death is checked after each target; the caster's death stops the line.",
                "deaths_checked=target",
            ),
        ),
        default="deaths_checked=line",
        why="The rulebook foresees a wizard who 'se suicide en tuant son dernier adversaire': "
        "with Foulremix, which hurts the caster first, that is possible only if the line goes "
        "on after the caster's death. A line is one effect dealt to several wizards at once, "
        "as a table deals it; a dead wizard casts nothing further, so what remains of its "
        "spell is lost.",
    ),
    r(
        "sw.turn.end",
        END,
        "Lorsque tous les sorciers ont résolu leur sort (ou sont morts), le tour prend fin.",
        "When every living wizard has cast, the turn ends.",
    ),
    r(
        "sw.round.dust",
        END,
        "Lorsque la poussière retombe et qu'il n'y a plus qu'un seul sorcier vivant, la manche prend fin",
        "The round ends when at most one wizard is alive once the current component (and the "
        "reactions it caused) has finished; the turn ends first (Dungeon blood).",
        source="ruling",
        readings=(
            Reading(
                "The component under way and the reactions it caused finish first.",
                "round_end=dust",
            ),
            Reading("The round ends at once: the rest of the spell is lost.", "round_end=at_once"),
        ),
        default="round_end=dust",
        why="'When the dust settles': the effect under way completes, nothing further starts.",
    ),
    r(
        "sw.round.token",
        END,
        "ce sorcier gagne un jeton Dernier Survivant",
        "The last wizard standing wins a token.",
    ),
    r(
        "sw.round.suicide",
        END,
        "Dans le cas improbable où un sorcier se suicide en tuant son dernier adversaire, ne laissant aucun survivant, il gagne quand même le jeton.",
        "With nobody left alive, the caster wins the token only if its own spell killed it (it "
        "is its own killer) and it killed the last of the other wizards to die. A caster killed "
        "by someone else (a victim's reaction, say), or no caster at all, gives the token to "
        "nobody.",
        source="ruling",
        readings=(
            Reading(
                "Only a caster who killed itself and its last opponent wins the token.",
                "suicide_token=own_kill",
            ),
            Reading(
                "The caster wins the token whenever nobody survives its spell.", "suicide_token=any"
            ),
        ),
        default="suicide_token=own_kill",
        why="The rulebook rewards one case, 'se suicide en tuant son dernier adversaire'; a "
        "caster killed by a dying opponent's reaction did not kill itself, and the token is "
        "otherwise kept for a survivor.",
    ),
    r(
        "sw.round.clear",
        END,
        "Chaque sorcier défausse toutes les cartes de sa main, ses Trésors et ses Créatures (mais pas ses cartes Sorcier crevé)",
        "At round end hands, treasures and creatures are discarded; dead-wizard cards then apply.",
    ),
    r(
        "sw.match.win",
        END,
        "Gagnez-en 2 pour remporter la partie !",
        "The first wizard with 2 last-standing tokens wins the match (tokens_to_win).",
    ),
    r(
        "sw.fast.kill",
        FAST,
        "Pour chaque sorcier adverse tué, marquez 1 point",
        "Fast combat: 1 point per opponent killed (none for yourself).",
    ),
    r(
        "sw.fast.survivor",
        FAST,
        "Si vous êtes le Dernier Survivant lors d'une manche, marquez 1 point.",
        "Fast combat: 1 point for the last wizard standing.",
    ),
    r(
        "sw.fast.suicide",
        FAST,
        "marquez des points pour chaque sorcier adverse que vous tuez et si vous restez en vie. … Vous ne marquez rien (et ne gagnez pas de ♥) si vous vous tuez vous-même.",
        "Fast combat: when nobody is left alive, nobody scores the survivor point, not even a "
        "caster who killed itself along with its last opponent (its kills still score).",
        source="ruling",
        readings=(
            Reading("Nobody scores the survivor point.", "fast_suicide=nothing"),
            Reading(
                "The caster scores it as the token rule gives the token (sw.round.suicide).",
                "fast_suicide=point",
            ),
        ),
        default="fast_suicide=nothing",
        why="The variant's point is for staying alive ('si vous restez en vie'), and it says "
        "'Vous ne marquez rien … si vous vous tuez vous-même'; the token rule's exception is "
        "written for the token, which this variant no longer collects.",
    ),
    r(
        "sw.fast.end",
        FAST,
        "À la fin des 3 manches, consultez les scores.",
        "Fast combat: after 3 rounds the most points wins; ties go to the most recent last "
        "wizard standing among them; still tied, all tied share the win.",
        source="ruling",
        readings=(
            Reading(
                "The most recent last wizard standing among the tied wins.",
                "fast_ties=last_standing",
            ),
            Reading("All tied share the win.", "fast_ties=share"),
        ),
        default="fast_ties=last_standing",
        why="The variant counts a last-standing point among the scores; the most recent one "
        "breaks a tie, and the rulebook gives no other tie-break.",
    ),
    r(
        "sw.contest.ties",
        card_section("chancedecocus"),
        "Celui qui obtient le plus grand résultat gagne 1",
        "Chancedecocus: when several opponents tie for the highest die, all of them count as the "
        "highest.",
        source="ruling",
        readings=(
            Reading("All tied highest are 'celui'.", "contest_ties=all"),
            Reading("Nobody is the highest on a tie.", "contest_ties=none"),
        ),
        default="contest_ties=all",
        why="The card speaks of one winner without saying what a tie does; sharing the "
        "result keeps every tied die meaningful, as a table would most likely rule.",
    ),
    r(
        "sw.split",
        card_section("gaztoxicus"),
        "Payez 2 : Vous pouvez résoudre chaque dé de ce Jet individuellement contre des adversaires différents.",
        "Gaztoxicus paid: once the dice are rolled, the caster chooses to resolve the roll "
        "whole against the card's target, or to split it. Splitting, the caster takes the "
        "dice one at a time (any die left, against any living opponent that has already "
        "played and is not yet hit by this roll, the card's target among them), and each die "
        "is resolved alone on the card's rows. When no such opponent is left, the dice left "
        "are not resolved; an event names them, and the choice said beforehand how many "
        "opponents were eligible. With one die, or fewer than two eligible opponents, there is "
        "nothing to split and the roll resolves whole.",
        source="ruling",
        readings=(
            Reading(
                "Splitting is the caster's choice after paying, made on seeing the dice.",
                "split_paid=choice",
            ),
            Reading(
                "Paying splits the roll: the first die on the target, the others elsewhere.",
                "split_paid=forced",
            ),
        ),
        default="split_paid=choice",
        why="'Vous pouvez' makes the split optional, so paying must never make the roll worse; "
        "'chaque dé … contre des adversaires différents' gives each die its own opponent, so "
        "two dice cannot go to one opponent, and the dice that find no opponent are lost in "
        "the open rather than silently.",
    ),
    r(
        "sw.assume.data-bounds",
        ENGINE,
        "(no rulebook text: the numbers a table's own cards may hold)",
        "A table's data file gives every number within what the rules can use, or is "
        "refused naming the card and the field: "
        + bounds_summary(DATA_BOUNDS)
        + f"; every number of an effect line 0–{MAX_LINE_NUMBER}. A card's copies are "
        "the box's, its initiative is printed on the Destination cards (1 to 13).",
        source="assumption",
        why="A number far beyond any printed card's (7 at most in an effect line) deals more "
        "damage than any wizard has life, or rolls more dice than a table holds.",
    ),
    r(
        "sw.flow",
        ENGINE,
        "(engine bookkeeping)",
        "Records where the turn structure stands and which seats must decide.",
        source="assumption",
    ),
    r(
        "sw.choice",
        ENGINE,
        "(engine bookkeeping)",
        "A choice offered by a card is answered only with one of the offered values.",
        source="assumption",
    ),
]


def _card_rules() -> list[Rule]:
    out = []
    for c in all_cards().values():
        if c.printed:
            out.append(
                Rule(
                    id=f"sw.card.{c.slug}",
                    section=card_section(c.slug),
                    passage=c.text,
                    summary=f"{c.kind} card as printed",
                )
            )
        else:
            out.append(
                Rule(
                    id=f"sw.card.{c.slug}",
                    section=card_section(c.slug),
                    passage=c.ours,
                    source="assumption",
                    summary=f"text: ours — {c.kind} card of our design (printed text not available)",
                )
            )
    return out


# Entries the seeded bot games of ``wizards rules spellwars --coverage`` do not cite
# (a setup file, a table's data, a rare roll), each with the test that reaches it; and
# those no seeded game meets or no event cites, with why.
_T = "tests/domain/spellwars/"
REACHED_BY = {
    "sw.setup.position": _T
    + "test_dispute.py::test_the_disputed_position_plays_on_under_the_default_reading",
    "sw.setup.left-out": _T
    + "test_positions.py::test_cards_a_file_leaves_out_are_shuffled_with_the_games_chance",
    "sw.spell.trim": _T
    + "test_placement.py::test_trimming_goes_on_until_the_spell_is_correct_and_the_any_reading",
    "sw.resolve.added-order": _T
    + "test_rulings.py::test_with_added_order_next_the_added_creature_resolves_first",
    "sw.reaction": _T
    + "test_deaths.py::test_an_unresolved_reaction_applies_when_an_opponent_kills_you",
    "sw.fast.suicide": _T
    + "test_deaths.py::test_fast_combat_gives_no_survivor_point_when_nobody_survives",
    "sw.contest.ties": _T
    + "test_qualities.py::test_chancedecocus_tied_highest_rolls_all_count_or_none_does",
    "sw.assume.data-bounds": "tests/domain/test_data_file_bounds.py::"
    "test_every_number_of_a_spell_wars_effect_line_is_bounded",
    "sw.choice": _T
    + "test_choice_in_view.py::test_a_target_choice_lists_its_seats_under_the_key_the_docs_name",
}
NOT_CITED = {
    "sw.wild.none": "Met only when the main deck and its discard hold no card of the type a "
    "wild magic stands for: the built-in deck has 40 of each, so only a table's own data of "
    "a few cards can reach it.",
    "sw.spell.empty": "Met only when a living wizard's hand, the main deck and its discard "
    "are all empty: 128 cards among 2–6 hands of 8 never run out in a seeded game.",
    "sw.dungeon.bonus": "A « Donjon : » line runs or is skipped inside its card's program; "
    "the events it gives cite the card, whose text holds the condition.",
}

CATALOGUE = Catalogue(
    "spellwars",
    with_coverage([*RULES, *_card_rules()], reached_by=REACHED_BY, not_cited=NOT_CITED),
    CHANGELOG,
)


def card_rule(instance: str) -> str:
    return f"sw.card.{instance.split('#', 1)[0]}"
