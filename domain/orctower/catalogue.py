"""The rule catalogue of the orc tower: every event and refusal cites one entry.

Passages quote the French rulebook (rules/orctower.txt: base game, supplement,
modules). ``assumption`` entries fill what the text does not print (most numbers
are on cards and boards we cannot see; the values live in ``data.py``), and
``ruling`` entries choose among readings (an option selects the other where we
offer one).
"""

from __future__ import annotations

from collections.abc import Callable

from domain.kernel import Catalogue, Reading, Rule
from domain.kernel.data_bounds import bounds_summary
from domain.kernel.rules import Source, with_coverage
from domain.orctower.changelog import CHANGELOG
from domain.orctower.data_bounds import BOUNDS as DATA_BOUNDS

P = "orctower."
SETUP = "Mise en place - jeu de base"
ROUND = "Détail d'un round de jeu"
TURN = "Tour d'un joueur"
SPELLS = "Les sorts en détail"
UPGRADES = "Effets des améliorations"
END = "Fin du jeu et score"
CHANGES = "Supplément: règles spéciales des cartes Destin"
POWERS = "Supplément: pouvoirs bonus"
MISSIONS = "Module: missions secrètes"
BONUS = "Module: actions bonus"
NEWDESTINY = "Module: nouvelles cartes destin"
TERRAIN = "Module: terrain"
REINFORCE = "Module: renforts"
DATA = "Données (non imprimées)"


def _r(rid: str, section: str, passage: str, summary: str, source: Source = "rulebook") -> Rule:
    return Rule(id=P + rid, section=section, passage=passage, summary=summary, source=source)


def _a(rid: str, section: str, summary: str) -> Rule:
    return _r(rid, section, "(no rulebook text: " + summary + ")", summary, "assumption")


_SETUP = [
    _r(
        "setup.board",
        SETUP,
        "Il est composé de 6 quartiers comprenant 3 sections et une case tour.",
        "Quarters 1–6, each with an outer, a middle and an inner section; tower space q faces "
        "quarter q.",
    ),
    _r(
        "setup.destiny",
        SETUP,
        "mélangez les 15 cartes Destin et placez le paquet face cachée",
        "The destiny deck is shuffled.",
    ),
    _r(
        "setup.palette",
        SETUP,
        "Révélez les 3 premières cartes de chacune de ces pioches, qui forment la palette "
        "de sorts.",
        "Both spell piles are shuffled; the top 3 of each form the palette.",
    ),
    _r(
        "setup.poison",
        SETUP,
        "placez les cartes Poison en tas, face visible",
        "The poison cards form a face-up supply.",
    ),
    _r(
        "setup.counters",
        SETUP,
        "posez un cube blanc sur la première case sous chaque image de créature.",
        "Every creature counter starts on the first space of its track.",
    ),
    _r(
        "setup.markers",
        SETUP,
        "Mélangez ensuite les marqueurs Créature face cachée et placez-les au bout de chaque "
        "quartier du cercle, en deux tas de hauteur équivalente",
        "The markers are shuffled and dealt face down, 8/10/12 per quarter (2/3/4 players); "
        "the two piles of a quarter are one stack here, since nobody can tell them apart.",
    ),
    _r(
        "setup.marker-numbers",
        SETUP,
        "Marqueurs Créature numérotés 3 & 4 4 aucun",
        "At 2 players the markers numbered 3 and 4 are removed, at 3 players those numbered 4.",
    ),
    _r(
        "setup.first-creatures",
        SETUP,
        "placez les pions Créature correspondants sur la section extérieure du quartier en "
        "question.",
        "Two markers per quarter are revealed at setup onto the outer section.",
    ),
    _r(
        "setup.deck",
        SETUP,
        "Chaque joueur mélange ses cartes Sort de départ et place le paquet face cachée près de "
        "son tableau de chasse. Il y pioche 4 cartes pour constituer sa main de départ.",
        "Each seat shuffles its 8 starting spells and draws 4.",
    ),
    _r(
        "setup.mages",
        SETUP,
        "placez les pions Mage sur la tour comme suit",
        "Blue on tower space 1, green 2, red 3, yellow 5.",
    ),
    _r(
        "setup.gauges",
        SETUP,
        "posez un cube en bois en bas de chaque jauge de crânes.",
        "Every skull gauge starts at 0.",
    ),
    Rule(
        id=P + "setup.first-player",
        section=SETUP,
        passage="C’est le plus jeune joueur qui commence.",
        source="ruling",
        summary="Players are listed youngest first: the first listed starts every round "
        "(setup key `first` names another player).",
        readings=(
            Reading("The first player listed is the youngest and starts."),
            Reading(
                "The setup file names the first seat (key first).",
                not_option="A setup file's key first names the seat; an option could not, since "
                "the engine cannot know the players' ages.",
            ),
        ),
        default="The first player listed is the youngest and starts.",
        why="The engine cannot know ages; the seat list is the table's order.",
    ),
    _a(
        "setup.position",
        SETUP,
        "a setup file gives any part of the position (board, counters, hands, decks, discards, "
        "palette, piles, destiny deck, gauges, powers, missions, stage); what it leaves out is "
        "shuffled and dealt as usual",
    ),
    _a(
        "assume.marker-deal",
        SETUP,
        "a setup file that gives no marker stacks: the markers of creatures on the board, "
        "defeated (seats' defeated) or arrived (counters) are out; each quarter's stack holds "
        "the markers per quarter less the creatures on that quarter, a shortfall coming off "
        "the fullest stacks (quarter 1 first), and a surplus stays out of the game",
    ),
    _a(
        "assume.colours",
        DATA,
        "the first player listed plays blue, the second green, the third red, the fourth yellow",
    ),
    _a(
        "assume.open-discard",
        TURN,
        "the personal discard piles lie face up: everyone sees them, decks and hands stay hidden",
    ),
]

_DATA = [
    _a(
        "assume.creatures",
        DATA,
        "hit points: Gobelin 2, Cavalier orque 3 and Golem de lave 4 come from the examples; "
        "Orque 2 (a Séisme's 2 damage defeats an Orque in an example), Shaman gobelin 3 and "
        "Chef 5 are ours; pawns 16/16/12/12/8/8 as in the material list",
    ),
    _a(
        "assume.tracks",
        DATA,
        "counter tracks: weak 3-2-1, strong 5-4-3-2-1, mighty 7-6-5-4-3-2-1 (first space "
        "first); they agree with the scoring example's multipliers 1, 2, 4, 5, 5, 7",
    ),
    _a("assume.gauges", DATA, "skull gauges: 4 skulls for weak types, 3 for strong, 2 for mighty"),
    _a(
        "assume.powers",
        DATA,
        "bonus powers by hunting-board slot: Gobelin draw 5, Orque 3 actions, Shaman gobelin "
        "poison, Cavalier orque hand change, Golem de lave immutable rules, Chef no creature loss",
    ),
    _a(
        "assume.markers",
        DATA,
        "markers: 48 unnumbered, 12 numbered 3 and 12 numbered 4, shared among the types "
        "as in data.py",
    ),
    _a(
        "assume.spells",
        DATA,
        "starting deck per seat: Smash, Zap, Cold Snap, Fire Spark, Grimoire Terre/Foudre "
        "×2, Grimoire Eau/Feu ×2; palette piles: attack (Boule de feu, Blizzard, "
        "Éclair, Séisme, 5 each) and knowledge (Sagesse, Réapprovisionnement, Interversion, Liens "
        "magiques, Vaudou, 4 each); an effect of level k needs the energies in data.py of the "
        "spell's own type. From the example of Réapprovisionnement played as the upgrade of "
        "an Éclair, whose mage teleports and « inflige ensuite 2 dégâts au gobelin »: "
        "Réapprovisionnement is a lightning card, and Éclair's first effect needs 2 lightning "
        "energy for 2 damage (its second, 3 for the printed « jusqu'à 4 »)",
    ),
    _a(
        "assume.upgrade-effects",
        DATA,
        "upgrade effects: Réapprovisionnement and Liens magiques teleport, Interversion and "
        "Vaudou draw a card, Sagesse both",
    ),
    _a("assume.destiny", DATA, "the 15 destiny cards listed in data.py"),
    _a(
        "assume.destiny-reshuffle",
        ROUND,
        "when the destiny deck is empty, its discard is shuffled into a new deck",
    ),
    _a(
        "assume.data-bounds",
        DATA,
        "a table's data file gives every number within what the rules can use, or is "
        "refused naming the field: "
        + bounds_summary(DATA_BOUNDS)
        + ". The box's counts are its material list's (72 creature pawns, 72 markers, "
        "14 poison cards); the rest are ours: hit points no turn's spells could reach, or a "
        "track longer than a game, would never be played",
    ),
]

_ROUND = [
    _r(
        "round.destiny",
        ROUND,
        "Au début de chaque round, on révèle une carte Destin.",
        "A round starts by revealing the top destiny card.",
    ),
    _r(
        "round.move",
        ROUND,
        "Toutes les créatures de la catégorie indiquée se déplacent d‘une section en direction "
        "de la tour.",
        "Every creature of a category on the card moves one section toward the tower.",
    ),
    _r(
        "round.arrival",
        ROUND,
        "Toute créature qui atteint la tour est retirée du plateau et on ajuste le compteur "
        "correspondant en conséquence",
        "It leaves the board and its counter moves back one space, never past the last.",
    ),
    _r(
        "round.loss",
        ROUND,
        "il perd une des créatures de cette catégorie qu’il avait déjà vaincue",
        "The mage facing that quarter loses one defeated creature of that type.",
    ),
    _r(
        "round.order",
        ROUND,
        "Ensuite, le joueur de départ joue son tour, suivi des autres joueurs dans le sens des "
        "aiguilles d’une montre.",
        "Turns go by increasing seat number from the first seat.",
    ),
    _r(
        "round.special",
        ROUND,
        "Cette règle spéciale s’applique à tous les joueurs pendant ce round.",
        "The card's bottom rule change holds for the whole round.",
    ),
    Rule(
        id=P + "ruling.loss-type",
        section=ROUND,
        passage="il perd une des créatures de cette catégorie qu’il avait déjà vaincue",
        source="ruling",
        summary="The lost creature is of the arriving creature's type.",
        readings=(
            Reading("Of the same type, as the example (« un des gobelins »).", "loss_by=type"),
            Reading("Of the same category (weak, strong, mighty).", "loss_by=category"),
        ),
        default="Of the same type, as the example (« un des gobelins »).",
        why="The same sentence goes on « aucune créature de ce type » and the example loses "
        "a Gobelin for a Gobelin.",
    ),
    Rule(
        id=P + "ruling.loss-gauge",
        section=ROUND,
        passage="il perd une des créatures de cette catégorie qu’il avait déjà vaincue : "
        "celle-ci retourne dans la boîte.",
        source="ruling",
        summary="A defeated creature lost at the tower leaves the skull gauge where it is.",
        readings=(
            Reading(
                "The gauge stays: it counts creatures defeated, and the lost one was.",
                "loss_gauge=stays",
            ),
            Reading(
                "The gauge's cube goes down one space with it (a power already gained is kept).",
                "loss_gauge=lowered",
            ),
        ),
        default="The gauge stays: it counts creatures defeated, and the lost one was.",
        why="« Le compteur monte d‘une case pour chaque créature de ce type vaincue »: the "
        "rule of the loss sends a pawn back to the box and says nothing of the cube.",
    ),
]

_TURN = [
    _r(
        "turn.reveal-empty",
        TURN,
        "Le joueur révèle un marqueur Créature sur chaque quartier ne comportant aucune créature "
        "(à condition qu’il y reste des marqueurs).",
        "Phase 1, step 1: one marker on every quarter without a creature.",
    ),
    _r(
        "turn.reveal-choice",
        TURN,
        "Ensuite, le joueur révèle un marqueur Créature sur un quartier de son choix, qui ne "
        "peut pas être celui qu’occupe actuellement son mage.",
        "Phase 1, step 2: one marker on a quarter of the player's choice with markers left, "
        "other than the mage's; skipped when there is none.",
    ),
    _r(
        "turn.actions",
        TURN,
        "Pendant son tour, le joueur actif peut effectuer 2 actions.",
        "Two actions: teleport, cast a spell or pass.",
    ),
    _r(
        "turn.teleport",
        TURN,
        "Le joueur place son mage sur n’importe quelle case vide de la tour.",
        "Teleport: to any empty tower space.",
    ),
    _r(
        "turn.pass",
        TURN,
        "Quand il choisit de passer, le joueur n’effectue plus d’autres actions pendant ce round",
        "Passing ends the actions.",
    ),
    _r(
        "turn.draw",
        TURN,
        "Pour terminer son tour, le joueur pioche alors 4 nouvelles cartes Sort.",
        "After the actions: the hand goes to the discard and 4 cards are drawn.",
    ),
    _r(
        "turn.reshuffle",
        TURN,
        "on mélange la défausse pour créer une nouvelle pioche",
        "An empty deck is refilled by shuffling the discard.",
    ),
    Rule(
        id=P + "ruling.midturn-reshuffle",
        section=TURN,
        passage="Si la pioche est épuisée au moment où un joueur pioche ses sorts, on mélange "
        "la défausse pour créer une nouvelle pioche",
        source="ruling",
        summary="A draw during the turn (Réapprovisionnement's first effect, a bonus action, a "
        "baby toad) that meets an empty deck refills it from the discard, as the end-of-turn "
        "draw does (a spell learned this turn staying in the discard).",
        readings=(
            Reading(
                "The discard is shuffled into a new deck, as in phase 3.",
                "midturn_draw=reshuffle",
            ),
            Reading("The draw stops: only phase 3 refills the deck.", "midturn_draw=deck_only"),
        ),
        default="The discard is shuffled into a new deck, as in phase 3.",
        why="The passage names the draw that ends the turn, the only one the base game has; a "
        "card drawn « dans sa pioche personnelle » is drawn the same way whenever it is, and "
        "the effects say how many cards, not fewer when the deck is short.",
    ),
    _r(
        "turn.heal",
        SPELLS,
        "une créature qui n’est pas vaincue à la fin du tour d’un joueur récupère et regagne "
        "la totalité de ses points de vie.",
        "Damage stays until the end of the turn, then undefeated creatures heal.",
    ),
]

_SPELLS = [
    _r(
        "spell.cast",
        TURN,
        "Il reçoit 1 point d’énergie du type indiqué par le symbole au sommet de la carte.",
        "Casting a card gives 1 energy of its type.",
    ),
    _r(
        "spell.upgrade",
        TURN,
        "Chaque carte ainsi jouée augmente l’énergie du sort.",
        "Each upgrade adds 1 energy of its type; its own effect is ignored.",
    ),
    _r(
        "spell.one-effect",
        TURN,
        "on ne peut appliquer qu’un effet d’un sort à la fois",
        "One effect of the spell is applied, among those its energy reaches.",
    ),
    _r(
        "spell.discard",
        TURN,
        "le joueur remet sa carte Sort et les éventuelles cartes d’amélioration qu’il a jouées "
        "dans la défausse.",
        "The spell and its upgrades go to the discard.",
    ),
    _r(
        "spell.upgrade-effects",
        UPGRADES,
        "les effets d’amélioration doivent toujours être utilisés avant de lancer le sort.",
        "Teleport and draw upgrade effects are used (or not) before the spell's effect.",
    ),
    _r(
        "spell.teleport-effect",
        UPGRADES,
        "Le joueur déplace son mage sur n’importe quelle case vide de la tour.",
        "Upgrade teleport: to an empty tower space, no action spent.",
    ),
    Rule(
        id=P + "spell.draw-effect",
        section=UPGRADES,
        passage="Le joueur pioche une carte de sa défausse personnage",
        source="ruling",
        summary="Upgrade draw: the top card of the personal discard (the last one put there).",
        readings=(
            Reading("The top card of the discard pile.", "draw_from=top"),
            Reading("Any card of the discard, chosen by the player.", "draw_from=any"),
        ),
        default="The top card of the discard pile.",
        why="« piocher » from a pile takes its top card everywhere else in the rules.",
    ),
    Rule(
        id=P + "ruling.upgrade-timing",
        section=UPGRADES,
        passage="il peut utiliser ce dernier immédiatement (ou renoncer à l’utiliser)",
        source="ruling",
        summary="An upgrade's teleport or draw may be used at any moment before the spell's "
        "effect, also after further upgrades; unused, it is lost when the effect is applied.",
        readings=(
            Reading("Any moment before the spell's effect.", "upgrade_timing=any"),
            Reading(
                "Only right after its card is played, before the next upgrade.",
                "upgrade_timing=immediate",
            ),
        ),
        default="Any moment before the spell's effect.",
        why="The note « doivent toujours être utilisés avant de lancer le sort » sets the only "
        "deadline; the example draws a card and then plays it as an upgrade.",
    ),
    Rule(
        id=P + "ruling.victim-chooses",
        section=SPELLS,
        passage="le joueur force un de ses adversaires à renvoyer une des cartes de sa main",
        source="ruling",
        summary="A Vaudou or common-discard victim chooses the card it discards.",
        readings=(
            Reading("The victim chooses.", "discard_pick=victim"),
            Reading("The card is drawn at random from the victim's hand.", "discard_pick=random"),
            Reading(
                "The caster chooses.",
                not_option="The caster would see the victim's hidden hand, which no view shows "
                "another seat while the game runs.",
            ),
        ),
        default="The victim chooses.",
        why="The victim « renvoie une des cartes de sa main »: the hand is hidden from the "
        "caster, and the text names no chance.",
    ),
    Rule(
        id=P + "ruling.fizzle",
        section=TURN,
        passage="il applique les effets de son sort en fonction de l’énergie dont il dispose",
        source="ruling",
        summary="A spell may be resolved with no effect (no target, or cast only for an "
        "upgrade's effect); its cards still go to the discard and the action is spent.",
        readings=(
            Reading("Allowed, the action is spent.", "fizzle=allowed"),
            Reading(
                "A spell must have an effect; none only when none can apply.",
                "fizzle=needs_effect",
            ),
        ),
        default="Allowed, the action is spent.",
        why="The « Astuce » plays a card only for its upgrade effect.",
    ),
    _r(
        "attack.quarter",
        SPELLS,
        "Un joueur ne peut lancer des sorts d‘Attaque que contre les créatures situées dans le "
        "même quartier que son mage.",
        "Attack spells hit creatures of the mage's quarter, any section.",
    ),
    _r(
        "attack.basic",
        SPELLS,
        "Ces sorts infligent jusqu’à 3 points de dégâts à une créature située sur le même "
        "quartier que le mage qui les lance.",
        "Smash, Zap, Cold Snap, Fire Spark: 1, 2 or 3 damage.",
    ),
    _r(
        "attack.fireball",
        SPELLS,
        "La Boule de feu inflige jusqu’à 5 points de dégâts",
        "Boule de feu: 3 or 5 damage, only with upgrades.",
    ),
    _r(
        "attack.ice-storm",
        SPELLS,
        "le joueur inflige en plus 2 points de dégâts à chaque créature de la section située "
        "derrière la première section affectée.",
        "Blizzard: 2 damage to every creature of a section of the mage's quarter; the second "
        "effect also hits the section « derrière » it, as a ruling reads that word.",
    ),
    Rule(
        id=P + "ruling.ice-storm-behind",
        section=SPELLS,
        passage="la section située derrière la première section affectée",
        source="ruling",
        summary="The section behind the first one an upgraded Blizzard hits is the next one "
        "out, away from the tower; behind the outer section there is none.",
        readings=(
            Reading(
                "The next section away from the tower, as the mage sees it from the tower.",
                "ice_storm_behind=outward",
            ),
            Reading(
                "The next section toward the tower, behind the creatures as they face it.",
                "ice_storm_behind=inward",
            ),
        ),
        default="The next section away from the tower, as the mage sees it from the tower.",
        why="The spell is cast from the tower: the first section affected stands before the "
        "mage, and what lies behind it is farther out. The example (« sections intérieure "
        "et médiane ») fits both readings.",
    ),
    _r(
        "attack.bolt",
        SPELLS,
        "Le joueur peut cependant attaquer n’importe quelle créature du plateau, quel que soit "
        "le quartier où elle se trouve.",
        "Éclair: up to 4 damage to any creature of the board (each effect's energy and "
        "damage: assume.spells).",
    ),
    _r(
        "attack.earthquake",
        SPELLS,
        "2 points de dégâts à chaque créature située sur une section voisine (à droite ou à "
        "gauche : c’est au joueur de choisir)",
        "Séisme: 2 damage to every creature of a section of the mage's quarter; the second "
        "effect also hits a section « voisine », on the side the player chooses, as a ruling "
        "reads that word.",
    ),
    Rule(
        id=P + "ruling.earthquake-beside",
        section=SPELLS,
        passage="une section voisine (à droite ou à gauche : c’est au joueur de choisir) de la "
        "ou des premières créatures touchées",
        source="ruling",
        summary="The « section voisine » of an upgraded Séisme is the same section of the "
        "quarter on either side (Blast side −1: the quarter before, +1: the one after; 6 and 1 "
        "are neighbours).",
        readings=(
            Reading(
                "The same section of a neighbouring quarter, on the side the player chooses.",
                "earthquake_beside=quarter",
            ),
            Reading(
                "A section next to the first in the same quarter (side −1: the one farther out, "
                "+1: the one nearer the tower).",
                "earthquake_beside=section",
            ),
        ),
        default="The same section of a neighbouring quarter, on the side the player chooses.",
        why="« à droite ou à gauche »: seen from the tower, the sections of one quarter lie "
        "before and behind each other, and only the quarters lie to the right and left; the "
        "example defeats creatures of two quarters' middle sections in one action.",
    ),
    _r(
        "attack.defeat",
        SPELLS,
        "Si le nombre de points de dégâts infligés à une créature est supérieur ou égal à ses "
        "points de vie",
        "A creature whose damage reaches its hit points is defeated and kept by the player.",
    ),
    _r(
        "attack.gauge",
        SPELLS,
        "Quand le cube atteint la case du haut, le joueur gagne le pouvoir bonus correspondant",
        "Each defeat climbs the type's skull gauge; the top grants its bonus power.",
    ),
    _r(
        "knowledge.learn",
        SPELLS,
        "le joueur ne joue que cette carte et peut prendre une des cartes Sort de la palette. "
        "Il la met alors dans sa défausse personnelle.",
        "A knowledge spell takes a palette card into the discard; the slot is refilled.",
    ),
    _r(
        "knowledge.refill",
        SPELLS,
        "On pioche une carte du paquet approprié (s’il n’est pas épuisé) pour remplir "
        "l’emplacement vide de la palette.",
        "The empty palette slot is refilled from its pile.",
    ),
    _r(
        "knowledge.upgrade-energy",
        SPELLS,
        "Si un Grimoire (Spell book) est joué en tant qu’amélioration, le joueur doit choisir "
        "entre deux types de magie pour accroître son énergie.",
        "Grimoire Terre/Foudre or Grimoire Eau/Feu as an upgrade: one of its two "
        "types; Sagesse: any type.",
    ),
    _r(
        "support.replenish",
        SPELLS,
        "Quand il applique le premier effet, le joueur peut piocher 2 cartes de sa pioche pour "
        "les ajouter à sa main.",
        "Réapprovisionnement: draw 2 from the deck; upgraded, 2 from the discard and one more "
        "action.",
    ),
    _r(
        "support.switch",
        SPELLS,
        "le joueur peut intervertir deux créatures de son choix, où qu’elles se trouvent sur "
        "le plateau.",
        "Interversion: swap two creatures; upgraded, move one onto a section of the mage's "
        "quarter.",
    ),
    _r(
        "support.bonds",
        SPELLS,
        "le joueur peut faire avancer n’importe quelle créature du plateau d’une section en "
        "direction de la tour.",
        "Liens magiques: one creature advances 1 section (upgraded: 2).",
    ),
    _r(
        "support.voodoo",
        SPELLS,
        "le joueur force un de ses adversaires à renvoyer une des cartes de sa main dans la "
        "défausse.",
        "Vaudou: an opponent with more than 3 cards discards a card of its choice; upgraded, "
        "one more action and every such opponent discards.",
    ),
    _r(
        "support.voodoo-limit",
        SPELLS,
        "l‘effet de ce sort ne s‘applique qu‘aux joueurs qui ont plus de 3 cartes en main.",
        "Only opponents holding more than 3 cards are affected.",
    ),
]

_END = [
    _r(
        "end.trigger",
        END,
        "Dès qu’au moins 4 quartiers sont complètement vides de pions Créature, la partie "
        "s’achève.",
        "Once 4 quarters are empty of creatures, the current round is the last.",
    ),
    Rule(
        id=P + "ruling.end-check",
        section=END,
        passage="On termine cependant le round de jeu en cours.",
        source="ruling",
        summary="The end is announced as soon as 4 quarters are empty, even if later reveals "
        "refill some; the round is then finished.",
        readings=(
            Reading("Announced once, at the first moment.", "end_check=sticky"),
            Reading("Checked again when the round ends.", "end_check=round_end"),
        ),
        default="Announced once, at the first moment.",
        why="« Dès que » names the moment the game ends; the rest of the round is a grace.",
    ),
    _r(
        "end.creatures",
        END,
        "Le nombre de créatures vaincues de chaque type est multiplié par la valeur "
        "correspondante du compteur de créatures.",
        "Defeated creatures × their counter's value.",
    ),
    _r(
        "end.support",
        END,
        "Chaque carte Sort de Soutien rapporte 2 points à son propriétaire.",
        "+2 per support spell card owned (hand, deck, discard).",
    ),
    _r(
        "end.poison",
        END,
        "Chaque carte Poison réduit de 2 points le total de points de son propriétaire.",
        "−2 per poison card owned.",
    ),
    _r(
        "end.ties",
        END,
        "En cas d’égalité, les joueurs ex aequo se partagent la victoire.",
        "All seats with the best score win.",
    ),
]

_CHANGES = [
    _r(
        "change.plus-one",
        CHANGES,
        "Chaque créature dispose de 1 point de vie supplémentaire.",
        "+1 hit point to every creature.",
    ),
    _r(
        "change.no-study",
        CHANGES,
        "Aucun nouveau sort ne peut être obtenu",
        "No palette card may be taken.",
    ),
    _r(
        "change.no-teleport",
        CHANGES,
        "Les mages ne peuvent pas changer de position dans la tour.",
        "No teleport (action or upgrade effect).",
    ),
    _r(
        "change.no-powers",
        CHANGES,
        "Les pouvoirs bonus sont ignorés.",
        "Bonus powers do nothing this round.",
    ),
    _r(
        "change.three-spells",
        CHANGES,
        "chaque joueur ne peut en prendre que 3.",
        "Draw 3 at the end of the turn (4 with the draw-5 power).",
    ),
    _r(
        "change.exchange",
        CHANGES,
        "Toutes les cartes Sort de la palette sont mélangées à leur pioche et on forme une "
        "nouvelle palette.",
        "At the card's reveal the palette is shuffled into its piles and refilled.",
    ),
    Rule(
        id=P + "ruling.immutable",
        section=POWERS,
        passage="Le joueur ignore les changements de règles imposés par les cartes Destin.",
        source="ruling",
        summary="A seat with « Règles immuables » ignores every rule change, « Pas de pouvoirs "
        "bonus » included, and hits creatures without the +1 hit point.",
        readings=(
            Reading("It ignores all rule changes, including no-powers.", "immutable=ignores_all"),
            Reading("No-powers switches it off too.", "immutable=powers_off"),
        ),
        default="It ignores all rule changes, including no-powers.",
        why="The power speaks of every change a destiny card imposes, without exception.",
    ),
]

_POWERS = [
    _r("power.draw5", POWERS, "5 cartes pour remplir sa main au lieu de 4.", "Draw 5, not 4."),
    _r(
        "power.actions",
        POWERS,
        "Désormais, le joueur dispose de 3 actions pendant son tour au lieu de 2.",
        "3 actions.",
    ),
    _r(
        "power.poison",
        POWERS,
        "le joueur peut prendre une carte Poison du paquet placé sur le plateau et la mettre "
        "dans la défausse d‘un de ses adversaires.",
        "As an action, once a turn, while the supply lasts.",
    ),
    _r(
        "power.poison-card",
        POWERS,
        "Les cartes Poison n'ont aucun effet et ne peuvent pas être jouées en tant "
        "qu'améliorations.",
        "Poison cards can be neither cast nor added as upgrades.",
    ),
    _r(
        "power.hand-change",
        POWERS,
        "Au prix d’une action, le joueur peut retirer une des cartes de sa main du jeu, une "
        "fois, pendant son tour.",
        "As an action, once a turn, a hand card leaves the game.",
    ),
    _r(
        "power.immutable",
        POWERS,
        "Le joueur ignore les changements de règles imposés par les cartes Destin.",
        "The destiny card's rule change does not apply to this seat.",
    ),
    _r(
        "power.no-loss",
        POWERS,
        "Le joueur ne perd pas un de ses créatures vaincus si un créature arrive à la tour par "
        "le quartier qu’occupe son mage.",
        "No loss when a creature reaches the tower through the mage's quarter.",
    ),
]

_MISSIONS = [
    _r(
        "mission.setup",
        MISSIONS,
        "Mélangez les 8 cartes Mission secrète et distribuez-en 2 à chaque joueur.",
        "Each seat is dealt 2 missions and keeps one, face down.",
    ),
    _r(
        "mission.score",
        MISSIONS,
        "La réussite des Missions secrètes rapporte des points supplémentaires aux joueurs en "
        "fin de partie.",
        "The kept mission scores at the end.",
    ),
    _r(
        "mission.weak",
        MISSIONS,
        "2 points pour chaque paire de créatures faibles vaincues.",
        "2 per pair of weak creatures.",
    ),
    _r(
        "mission.strong",
        MISSIONS,
        "3 points pour chaque paire de créatures fortes vaincues.",
        "3 per pair of strong creatures.",
    ),
    _r(
        "mission.mighty",
        MISSIONS,
        "2 points pour chaque créature puissante vaincue.",
        "2 per mighty creature.",
    ),
    _r(
        "mission.sets",
        MISSIONS,
        "3 points pour chaque ensemble composé d‘une créature faible, d‘une forte et d‘une "
        "puissante.",
        "3 per set of a weak, a strong and a mighty creature.",
    ),
    _r(
        "mission.groups",
        MISSIONS,
        "3 points pour chaque groupe de 4 créatures, quelle que soit leur taille.",
        "3 per group of 4 creatures.",
    ),
    _r(
        "mission.maximum",
        MISSIONS,
        "le joueur remporte 3 points chaque fois qu’il a vaincu plus de créatures d’un type que "
        "tous les autres joueurs. En cas d’égalité, les joueurs ex aequo marquent chacun 3 "
        "points.",
        "3 per type where the seat has the most (ties score too; 0 defeated scores nothing).",
    ),
    _r(
        "mission.powers",
        MISSIONS,
        "2 points pour chaque pouvoir bonus que le joueur a obtenu.",
        "2 per bonus power.",
    ),
    _r(
        "mission.spells",
        MISSIONS,
        "3 points pour chaque paire de cartes Sort nouvelles apprises.",
        "3 per pair of palette spells learned.",
    ),
]

_BONUS = [
    _r(
        "bonus.take",
        BONUS,
        "Chaque fois qu’un joueur a vaincu un créature, il peut effectuer immédiatement … (mais "
        "il peut également y renoncer)",
        "After a defeat, its type's bonus action may be taken or renounced.",
    ),
    _r(
        "bonus.order",
        BONUS,
        "il peut effectuer les actions bonus correspondantes dans l’ordre de son choix.",
        "Several defeats at once: any order.",
    ),
    _r(
        "bonus.draw",
        BONUS,
        "Le joueur pioche une carte dans sa pioche personnelle.",
        "Draw one card from the deck.",
    ),
    _r(
        "bonus.action",
        BONUS,
        "Le joueur peut effectuer une action supplémentaire pendant son tour.",
        "One more action.",
    ),
    _r(
        "bonus.discard",
        BONUS,
        "Tous les autres joueurs doivent prendre une carte de leur main et la mettre dans leur "
        "défausse personnelle.",
        "Every other seat with more than 3 cards discards one of its choice.",
    ),
    _r(
        "bonus.energy",
        BONUS,
        "Le joueur gagne 1 point d’énergie magique de son choix pour sa prochaine action du tour.",
        "1 energy of any type for the next action, lost if unused.",
    ),
    _a(
        "assume.bonus-map",
        BONUS,
        "bonus actions by type: Gobelin draw, Orque energy, Shaman gobelin common discard, "
        "Cavalier orque one action, Golem de lave one action, Chef draw; Crocovolant one "
        "action, Crapaud Couveur draw, Bombardier common discard (« leurs actions bonus "
        "diffèrent »: none has the bonus action of a type it may replace)",
    ),
]

_NEWDESTINY = [
    _r(
        "newdestiny.deck",
        NEWDESTINY,
        "Mélangez les 19 nouvelles cartes Destin",
        "The 19 new destiny cards replace the 15.",
    ),
    _r(
        "newdestiny.move",
        NEWDESTINY,
        "Les créatures des sections indiquées en rouge sur les quartiers spécifiés se déplacent "
        "d’un cran en direction de la tour.",
        "Creatures of the named sections of the named quarters move, inner sections first.",
    ),
    _r(
        "newdestiny.counter",
        NEWDESTINY,
        "Un compteur ne peut plus reculer s’il a déjà atteint la case 1.",
        "A counter stops on its last space.",
    ),
    _r(
        "newdestiny.front",
        NEWDESTINY,
        "Le front d’un quartier est la première section contenant au moins une créature, en "
        "partant de la tour.",
        "Attack spells only hit the front of the mage's quarter.",
    ),
    _r(
        "newdestiny.bolt",
        NEWDESTINY,
        "vous pouvez lancer « Lightning Bolt (Éclair) » sur n’importe quel quartier, mais "
        "seules les créatures du front seront affectées.",
        "Éclair: any quarter's front; Blizzard and Séisme: the front only.",
    ),
    Rule(
        id=P + "ruling.quake-front",
        section=NEWDESTINY,
        passage="« Ice Storm (Blizzard) » et « Earthquake (Séisme) » ne peuvent viser que le "
        "front.",
        source="ruling",
        summary="With the front rule an upgraded Séisme aims at the front of the mage's "
        "quarter; its second section, beside it, is hit whether or not it is the front there.",
        readings=(
            Reading(
                "The second section is hit, front or not (only the aim must be the front).",
                "quake_front=any_section",
            ),
            Reading(
                "The second section is hit only where it is a front; elsewhere that part of the "
                "spell hits nothing.",
                "quake_front=front_only",
            ),
            Reading(
                "The second effect hits the neighbouring quarter's front, whatever its section.",
                "quake_front=neighbour_front",
            ),
        ),
        default="The second section is hit, front or not (only the aim must be the front).",
        why="« viser » is what the player aims at, the first section; the second effect "
        "follows from it as printed (« une section voisine … de la ou des premières créatures "
        "touchées »), as Blizzard's second section lies behind the front by its own text.",
    ),
    _a("assume.new-destiny", NEWDESTINY, "the 19 new destiny cards listed in data.py"),
]

_TERRAIN = [
    _r(
        "terrain.setup",
        TERRAIN,
        "Mélangez les 9 tuiles de terrain face cachée et placez-en une au hasard sur chaque "
        "quartier, sur la section de votre choix",
        "One random tile per quarter, on a chosen section (setup key terrain_sections).",
    ),
    _r(
        "terrain.agree",
        TERRAIN,
        "les joueurs peuvent se mettre d’accord et placer moins de tuiles, ou les placer toutes",
        "A setup file may place any tiles it likes (key terrain).",
    ),
    _r(
        "terrain.road",
        TERRAIN,
        "Les créatures ne s’arrêtent pas sur ce terrain. Si elles arrivent dessus, elles se "
        "déplacent d’un cran supplémentaire en direction de la tour.",
        "A creature moving onto a road moves on one more section.",
    ),
    _r(
        "terrain.vegetation",
        TERRAIN,
        "Toute créature placée sur de la végétation perd automatiquement un point de vie",
        "−1 hit point on vegetation.",
    ),
    _r(
        "terrain.stones",
        TERRAIN,
        "Toute créature placée sur des pierres gagne automatiquement un point de vie",
        "+1 hit point on stones.",
    ),
    Rule(
        id=P + "ruling.road-placed",
        section=TERRAIN,
        passage="Les créatures ne s’arrêtent pas sur ce terrain. Si elles arrivent dessus, "
        "elles se déplacent d’un cran supplémentaire en direction de la tour.",
        source="ruling",
        summary="A road acts on creatures that move (a destiny card, Liens magiques); a creature "
        "revealed onto a road, or put there by Interversion, stays on it.",
        readings=(
            Reading("Only movement toward the tower is carried on.", "road_placed=stays"),
            Reading(
                "A creature Interversion puts onto a road moves on as well (a revealed one stays: "
                "it is placed « sur la section extérieure »).",
                "road_placed=moves_on",
            ),
        ),
        default="Only movement toward the tower is carried on.",
        why="« se déplacent d’un cran supplémentaire » continues a move toward the tower; "
        "Interversion places a creature where the player chooses.",
    ),
    _a(
        "assume.min-hp",
        TERRAIN,
        "a creature keeps at least 1 hit point whatever lowers it (vegetation, a baby toad's "
        "−1): it must still be hit to be defeated",
    ),
    _a(
        "assume.terrain-sections",
        TERRAIN,
        "without a setup choice each quarter's tile lies on its middle section (data key "
        "terrain_sections)",
    ),
]

_REINFORCE = [
    _r(
        "reinforce.replace",
        REINFORCE,
        "Les joueurs doivent retirer un type de créature du jeu de base pour le remplacer par "
        "le nouveau.",
        "Each new type replaces a base type of its category (one option per new type).",
    ),
    _r(
        "reinforce.powers",
        REINFORCE,
        "Toutes les nouvelles créatures confèrent les mêmes pouvoirs bonus que celles qu’elles "
        "remplacent",
        "Same bonus power, gauge and counter track as the replaced type.",
    ),
    _r(
        "reinforce.croc",
        REINFORCE,
        "Ses 3 points de vie le rendent bien plus robuste que ses congénères ordinaires.",
        "Crocovolant: 3 hit points.",
    ),
    _r(
        "reinforce.bombardier",
        REINFORCE,
        "Quand un bombardier est vaincu, toutes les créatures situées sur la même case "
        "subissent 1 point de dégâts.",
        "A defeated Bombardier deals 1 damage to every creature of its section.",
    ),
    _r(
        "reinforce.toad",
        REINFORCE,
        "Quand cette créature est vaincue, le joueur prend une tuile Bébé Crapaud et la pose "
        "sur la case où elle se trouvait.",
        "A defeated Crapaud Couveur leaves a baby toad tile; 1 damage to the tile takes it.",
    ),
    _r(
        "reinforce.toad-use",
        REINFORCE,
        "Chaque bébé crapaud confère une capacité spéciale au joueur, qui pourra l’utiliser "
        "durant son tour, mais une seule fois",
        "A baby toad: draw 1, one action, one energy or −1 hit point to a creature, once.",
    ),
    Rule(
        id=P + "ruling.toad-once",
        section=REINFORCE,
        passage="qui pourra l’utiliser durant son tour, mais une seule fois",
        source="ruling",
        summary="A baby toad tile is used once in the game, then put aside.",
        readings=(
            Reading("Once in the game.", "toad_use=once"),
            Reading("Once in each of its owner's turns.", "toad_use=each_turn"),
        ),
        default="Once in the game.",
        why="« une seule fois » with no « par tour », where the powers say « une fois par "
        "tour »; a tile is a one-time trophy.",
    ),
    Rule(
        id=P + "ruling.toad-area",
        section=REINFORCE,
        passage="Si un joueur inflige 1 point de dégâts à cette tuile, il la prend",
        source="ruling",
        summary="A baby toad tile is taken by a single-target attack naming it; Blizzard "
        "and Séisme hit creatures and leave the tiles.",
        readings=(
            Reading("Single-target attacks only.", "area_toads=no"),
            Reading("Area spells also take the tiles of the sections they hit.", "area_toads=yes"),
        ),
        default="Single-target attacks only.",
        why="Area spells deal damage « à chaque créature » of a section, and a tile is no "
        "creature; a single attack can aim at the tile.",
    ),
    Rule(
        id=P + "ruling.toad-bolt",
        section=REINFORCE,
        passage="Si un joueur inflige 1 point de dégâts à cette tuile, il la prend",
        source="ruling",
        summary="A single-target spell of the mage's quarter (Smash, Zap, Cold Snap, Fire "
        "Spark, Boule de feu) takes a baby toad tile lying there; Éclair takes none.",
        readings=(
            Reading("Éclair takes no tile.", "bolt_toads=no"),
            Reading("Éclair takes a tile too, on any quarter.", "bolt_toads=yes"),
        ),
        default="Éclair takes no tile.",
        why="Éclair's reach is granted for creatures (« attaquer n’importe quelle créature du "
        "plateau »), and a tile is no creature; the others hit what lies before the mage.",
    ),
    Rule(
        id=P + "ruling.bombardier-kills",
        section=REINFORCE,
        passage="Quand un bombardier est vaincu, toutes les créatures situées sur la même case "
        "subissent 1 point de dégâts.",
        source="ruling",
        summary="A creature the Bombardier's blast defeats counts for the player who defeated "
        "the Bombardier: kept, its skull gauge climbs, and its bonus action opens.",
        readings=(
            Reading("They count for that player, bonus actions included.", "blast_kills=caster"),
            Reading(
                "They count for that player (kept, gauge), but open no bonus action.",
                "blast_kills=no_bonus",
            ),
            Reading("Nobody defeats them: they go back to the box.", "blast_kills=box"),
        ),
        default="They count for that player, bonus actions included.",
        why="The damage comes of that player's defeating the Bombardier, and « la créature en "
        "question est vaincue et le joueur conserve son pion » names no other player; the "
        "module grants a bonus action « Chaque fois qu’un joueur a vaincu un créature ».",
    ),
    _a(
        "assume.reinforcements",
        REINFORCE,
        "hit points: Crocovolant 3 (printed), Crapaud Couveur 4, Bombardier 6 (« leurs points "
        "de vie … diffèrent »: each has one more than the most of the types it may replace, "
        "as the printed Crocovolant has over the Gobelin and the Orque); 12 baby toads, 3 of "
        "each ability",
    ),
]

# Entries the seeded bot games of ``wizards rules orctower --coverage`` do not cite (a
# setup file, a table's data, a full skull gauge, a module's rare case), each with the
# test that reaches it; and those no event cites, with why.
_X = "tests/domain/orctower/test_examples.py::"
_M = "tests/domain/orctower/test_modules.py::"
_R = "tests/domain/orctower/test_rulings.py::"
_S = "tests/domain/orctower/test_positions.py::"
REACHED_BY = {
    "setup.position": _S + "test_position_round_trip_continues_identically",
    "assume.marker-deal": _S
    + "test_a_setup_giving_creatures_but_no_markers_deals_each_quarter_what_it_has_left",
    "assume.gauges": _X + "test_gauge_top_gives_draw_five",
    "assume.powers": _X + "test_gauge_top_gives_draw_five",
    "assume.spells": _X + "test_red_teleports_with_replenish_then_defeats_the_goblin",
    "assume.upgrade-effects": _X
    + "test_replenish_cast_has_no_upgrade_effect_but_as_upgrade_teleports",
    "assume.data-bounds": "tests/domain/test_data_file_bounds.py::"
    "test_every_number_of_a_data_file_is_bounded_and_named",
    "round.special": _S + "test_three_spells_round_draws_three",
    "spell.one-effect": _X + "test_cold_snap_gives_one_water_energy_and_its_first_effect",
    "spell.upgrade-effects": _X
    + "test_replenish_cast_has_no_upgrade_effect_but_as_upgrade_teleports",
    "ruling.fizzle": _R + "test_fizzle_needs_effect_refuses_a_spell_cast_for_nothing",
    "attack.quarter": _X + "test_smash_cannot_reach_another_quarter",
    "ruling.ice-storm-behind": "tests/domain/orctower/test_area_spell_rulings.py::"
    "test_an_upgraded_blizzard_strikes_the_section_behind_as_read",
    "attack.gauge": _X + "test_gauge_top_gives_draw_five",
    "change.no-study": _S + "test_refusals_name_the_rule",
    "change.no-teleport": _S + "test_refusals_name_the_rule",
    "change.no-powers": _S + "test_no_powers_round_and_immutable_rules",
    "ruling.immutable": _S + "test_no_powers_round_and_immutable_rules",
    "power.immutable": _S + "test_no_powers_round_and_immutable_rules",
    "power.draw5": _X + "test_gauge_top_gives_draw_five",
    "power.poison": _S + "test_poison_and_hand_change_powers",
    "power.poison-card": _S + "test_poison_and_hand_change_powers",
    "power.hand-change": _S + "test_poison_and_hand_change_powers",
    "power.no-loss": _S + "test_no_loss_power_keeps_the_creature",
    "mission.strong": _M + "test_mission_scores",
    "bonus.order": _M + "test_bonus_actions_in_any_order_or_renounced",
    "bonus.draw": _M + "test_bonus_actions_in_any_order_or_renounced",
    "bonus.discard": _M + "test_common_discard_and_one_action_bonuses",
    "assume.bonus-map": "tests/domain/orctower/test_reinforcements_differ.py::"
    "test_the_reinforcements_numbers_are_the_catalogues_assumptions",
    "newdestiny.front": _M + "test_front_lightning_bolt_on_quarter_five_hits_only_the_orc",
    "newdestiny.bolt": _M + "test_front_lightning_bolt_on_quarter_five_hits_only_the_orc",
    "ruling.quake-front": _M + "test_front_earthquake_defeats_three_goblins_and_an_orc",
    "terrain.agree": _R + "test_the_default_terrain_sections_are_data_a_table_may_replace",
    "terrain.road": _M + "test_golem_does_not_stop_on_the_road",
    "ruling.road-placed": _R
    + "test_road_placed_moves_on_carries_a_switched_creature_toward_the_tower",
    "assume.min-hp": _R + "test_hit_points_never_fall_below_one_as_a_catalogued_assumption",
    "reinforce.replace": _M + "test_crocodile_replaces_a_weak_type_with_three_hit_points",
    "reinforce.powers": _M + "test_crocodile_replaces_a_weak_type_with_three_hit_points",
    "reinforce.bombardier": _M + "test_bombardier_explodes_on_its_section",
    "reinforce.toad-use": _R + "test_toad_use_each_turn_keeps_the_tile_for_a_later_turn",
    "ruling.toad-once": _R + "test_toad_use_each_turn_keeps_the_tile_for_a_later_turn",
    "ruling.toad-area": _R + "test_area_toads_yes_lets_an_ice_storm_take_the_baby_toad",
    "ruling.toad-bolt": "tests/domain/orctower/test_baby_toad_tiles.py::"
    "test_eclair_takes_no_tile_and_the_refusal_cites_the_ruling",
    "ruling.bombardier-kills": "tests/domain/orctower/test_bombardier_blast.py::"
    "test_the_blasts_victims_as_read",
}
NOT_CITED = {
    "assume.open-discard": "What the views show (every seat sees every discard pile); no "
    "event rests on it.",
    "power.actions": "Met only when the skull gauge of the type whose power it is fills, which "
    "no seeded bot game reaches; such a turn then begins citing it.",
    "newdestiny.counter": "A counter at its last space has nowhere further to go: the "
    "creature's arrival is what its events tell; no event moves a counter past it.",
}

CATALOGUE = Catalogue(
    "orctower",
    with_coverage(
        [
            *_SETUP,
            *_DATA,
            *_ROUND,
            *_TURN,
            *_SPELLS,
            *_END,
            *_CHANGES,
            *_POWERS,
            *_MISSIONS,
            *_BONUS,
            *_NEWDESTINY,
            *_TERRAIN,
            *_REINFORCE,
        ],
        reached_by={P + k: v for k, v in REACHED_BY.items()},
        not_cited={P + k: v for k, v in NOT_CITED.items()},
    ),
    CHANGELOG,
)


class _Cited(dict[str, str]):
    """Each short form's id once checked: the flow cites at every event it emits,
    and a check and a join each time were some 2 % of a bot game."""

    def __missing__(self, rule_id: str) -> str:
        cited = self[rule_id] = CATALOGUE.cite(P + rule_id)
        return cited


_CITED = _Cited()

# A catalogue id from its short form (``round.move``); a typo fails at once. The
# table's own lookup, without a function calling it: the flow cites at every event.
cite: Callable[[str], str] = _CITED.__getitem__
