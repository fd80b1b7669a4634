"""The rule catalogue of Elfenwizards: every event and every refusal cites one entry.

Passages quote the French rulebook (rules/elfenwizards.txt) briefly.
``assumption`` entries fill what the rulebook leaves out (the board and the
placement table printed on its back); ``ruling`` entries choose one reading of
an ambiguous passage, list the others, and name the option selecting them.
"""

from __future__ import annotations

from domain.elfenwizards.changelog import CHANGELOG
from domain.elfenwizards.data_bounds import BOUNDS as DATA_BOUNDS
from domain.kernel import Catalogue, Reading, Rule
from domain.kernel.data_bounds import bounds_summary
from domain.kernel.rules import with_coverage

P = "elfenwizards."
SETUP = "Mise en place"
ROUND = "Le tour de jeu"
RETIRE = "1- Retraite du Grand Druide"
ROLL = "2- Lancer et allocation des sorts majeurs"
REROLL = "3- Lancer et allocation des sorts majeurs restants"
RECOVER = "4- Récupération des sorts mineurs"
RECOVER2 = "6- Récupération des sorts mineurs"
ALLOC = "Allocation des sorts majeurs"
COMPETE = "Compétition pour les titres"
AWARD = "Attribution des titres"
DEFEATED = "Magiciens déconfits"
DEMOTE = "8- Rétrogradation des magiciens restants"
GREY = "9- Retrait des jetons de magie grise"
SCORE = "Calcul des points"
END = "Fin du jeu"
DEALS = "Accords et négociations"

_SETUP = [
    Rule(
        id=P + "setup.colours",
        section=SETUP,
        passage="A trois joueurs, utiliser les pions rouges, verts et bleus. À quatre joueurs, "
        "utiliser également les jaunes. À cinq joueurs, utiliser les noirs.",
        summary="3 players: red, green, blue; yellow is added at 4 and black at 5.",
    ),
    Rule(
        id=P + "setup.spells",
        section=SETUP,
        passage="Chaque joueur prend un lot de 7 sorts majeurs (dés), 7 sorts mineurs",
        summary="Every player starts with 7 major spells (dice) and 7 minor spells in front.",
    ),
    Rule(
        id=P + "setup.grey",
        section=SETUP,
        passage="Placer les jetons de magie gris dans la case magie grise.",
        summary="The 12 grey magic tokens start in the grey-magic supply.",
    ),
    Rule(
        id=P + "setup.placement",
        section=SETUP,
        passage="Chaque joueur place ses magiciens dans les cases conformément à la table de "
        "placement (au dos des règles).",
        summary="Wizards start on the spaces the placement table gives for the player count.",
    ),
    Rule(
        id=P + "setup.dragon",
        section=SETUP,
        passage="Au premier tour de jeu, le premier joueur est déterminé aléatoirement. "
        "Il reçoit le Dragon.",
        summary="A uniform draw among the seats gives the dragon (first player) for round 1.",
    ),
    Rule(
        id=P + "setup.position",
        section=SETUP,
        passage="(no rulebook text: a recorded table position replaces the placement table)",
        source="assumption",
        summary="A setup file may give a whole position (wizards by id, grey tokens, dice on "
        "every space, spells cast, the round counter, scores and titles, the phase and who is "
        "still to act); what it gives replaces the placement table and the random draw, and "
        "PlayResumed marks a game opened in the middle of a round. What it leaves out is the "
        "opening's (no deck: nothing to shuffle).",
    ),
    Rule(
        id=P + "assume.layout",
        section=SETUP,
        passage="Placer le plateau de jeu au centre de la table.",
        source="assumption",
        summary="The board (not described by the rulebook) is a pyramid: Grand Druide GD; "
        "Druide spaces D1–D2 contest GD; Sorcier spaces S1–S4 contest D1 (S1, S2) and D2 (S3, "
        "S4); Nécromancien spaces N1–N8 contest the Sorcier above them in pairs; four shared "
        "Magicien spaces M1–M4 each contest two Nécromancien titles (M1: N1–N2, … M4: N7–N8). "
        "Major-spell spaces exist for the four competing levels (Druide, Sorcier, Nécromancien, "
        "Magicien), plus the minor-spell and grey-magic spaces and one defeat space per "
        "Druide, Sorcier and Nécromancien level.",
        why="The one public description of the board is a pyramid tree; only the Magicien "
        "level may hold more than two candidates, and its two best take Nécromancien titles. "
        "A setup file may give another layout (rule setup.layout).",
    ),
    Rule(
        id=P + "setup.layout",
        section=SETUP,
        passage="Placer le plateau de jeu au centre de la table.",
        source="assumption",
        summary="A table's data file, or a setup file, may give the board's layout (key layout: "
        "TOML text or a table of levels and spaces), e.g. the real board of a table that owns "
        "it; a setup's layout wins over the data's. It is checked "
        "against what the rulebook says of the board: one Grand Druide title on top, contested "
        "by two Druide spaces; every title below it contested by spaces one level down, at "
        "most two per title except at the bottom (shared Magicien) level, whose spaces each "
        "contest two titles; every level but the top has a major-spell space. BoardLaidOut "
        "records the levels, spaces and contests played on.",
        why="The rulebook's board is printed, not described; a table with the real board must "
        "be able to enter it without changing the rules.",
    ),
    Rule(
        id=P + "assume.pawns",
        section=SETUP,
        passage="39 pions magiciens",
        source="assumption",
        summary="The box holds 8 pawns of red, green, blue and yellow and 7 black (39); at 3 "
        "and 4 players each guild places 8 wizards, at 5 players 7.",
        why="39 = 4 × 8 + 7 is the only split giving every colour used at 5 players the same "
        "count while the first four colours are equal.",
    ),
    Rule(
        id=P + "assume.data-bounds",
        section=SETUP,
        passage="(no rulebook text: the board, its points and the box's pawns per colour "
        "are not printed)",
        source="assumption",
        summary="A table's data file gives every number within what the rules can use, or is "
        "refused naming the field: " + bounds_summary(DATA_BOUNDS) + ".",
        why="A board of more levels or spaces than a table holds, or a level worth negative "
        "or absurd points, plays no game the rulebook describes.",
    ),
    Rule(
        id=P + "assume.placement",
        section=SETUP,
        passage="conformément à la table de placement (au dos des règles)",
        source="assumption",
        summary="Our placement table (domain/elfenwizards/placement.py): nobody starts as "
        "Grand Druide; the Druide, Sorcier and Nécromancien spaces are shared so that every "
        "starting contest opposes two guilds; the rest stand on the Magicien spaces.",
        why="The printed table is not available; phase 1 is skipped in round 1, so the Grand "
        "Druide space starts empty.",
    ),
    Rule(
        id=P + "assume.seat-colours",
        section=SETUP,
        passage="A trois joueurs, utiliser les pions rouges, verts et bleus.",
        source="assumption",
        summary="Seat i plays the i-th colour of red, green, blue, yellow, black; clockwise "
        "is increasing seat number.",
    ),
]

_ROUND = [
    Rule(
        id=P + "round.phases",
        section=ROUND,
        passage="La partie se joue au maximum en quatre tours. Chaque tour se compose de dix "
        "phases, jouées dans l'ordre",
        summary="Each round runs the ten phases in order.",
    ),
    Rule(
        id=P + "round.order",
        section=ROLL,
        passage="En commençant par le joueur au dragon, et en poursuivant dans le sens horaire",
        summary="Within a phase players act from the dragon holder clockwise; players with "
        "nothing to do in a phase are skipped. Written for phases 2, 3 and 5.",
    ),
    Rule(
        id=P + "assume.phase-order",
        section=ROUND,
        passage="En commençant par le joueur au dragon, et en poursuivant dans le sens horaire",
        source="assumption",
        summary="Phases 4, 6 and 9 (recovering minor spells, removing grey magic) give no order; "
        "players act in them from the dragon holder clockwise too, skipping those with no die "
        "on the space.",
        why="The rulebook states the dragon-first order for phases 2, 3 and 5 only; nothing in "
        "phases 4, 6 and 9 depends on another player's choice, so any order gives the same "
        "result, and one order keeps the log readable.",
    ),
    Rule(
        id=P + "retire.counter",
        section=RETIRE,
        passage="son propriétaire place l'un de ses sorts mineurs sur le compteur de tours, sur "
        "le numéro du tour qui vient de se terminer. Il peut prendre ce sort dans sa réserve ou "
        "dans la case sorts mineurs",
        summary="The Grand Druide's owner puts one minor spell, from the reserve or the "
        "minor-spell space, on the round counter for good.",
    ),
    Rule(
        id=P + "retire.dragon",
        section=RETIRE,
        passage="Ce joueur reçoit également le dragon.",
        summary="The retiring Grand Druide's owner takes the dragon.",
    ),
    Rule(
        id=P + "retire.move",
        section=RETIRE,
        passage="le place sur une des cases Magiciens de son choix.",
        summary="The retired Grand Druide goes to a Magicien space of its owner's choice.",
    ),
    Rule(
        id=P + "ruling.retire-no-minor",
        section=RETIRE,
        passage="Il peut prendre ce sort dans sa réserve ou dans la case sorts mineurs",
        source="assumption",
        summary="An owner with no minor spell in the reserve nor in the minor-spell space puts "
        "none on the counter; the retirement happens anyway.",
    ),
    Rule(
        id=P + "ruling.dragon-stays",
        section=RETIRE,
        passage="S'il y a un magicien dans la case Grand Druide ... Ce joueur reçoit également "
        "le dragon.",
        source="assumption",
        summary="With nobody on the Grand Druide space the dragon stays where it is.",
    ),
]

_ROLL = [
    Rule(
        id=P + "roll.major",
        section=ROLL,
        passage="chaque joueur à son tour lance tous ses sorts majeurs et place tout ou partie "
        "d'entre eux sur les différentes cases du plateau de jeu.",
        summary="In phase 2 each player rolls every major spell in front of them, then places "
        "all or part of them; the dice not placed wait for phase 3.",
    ),
    Rule(
        id=P + "ruling.place-none",
        section=ROLL,
        passage="place tout ou partie d'entre eux sur les différentes cases du plateau de jeu",
        source="ruling",
        summary="A player may end phase 2 without placing any die (« partie » may be none); "
        "the ending is cited by this ruling when nothing was placed (option "
        "phase2_placement=at_least_one refuses it).",
        readings=(
            Reading(
                "Any number of the rolled dice, none included: all may wait for phase 3.",
                option="phase2_placement=any",
            ),
            Reading(
                "At least one die: « partie » is a part, not nothing.",
                option="phase2_placement=at_least_one",
            ),
        ),
        default="phase2_placement=any",
        why="The allocation passage adds 'Un joueur peut placer autant de sorts majeurs qu'il "
        "le souhaite', and nothing is lost by waiting: the dice kept are rolled again in phase "
        "3, where all must be placed. The text never says a player must place one.",
    ),
    Rule(
        id=P + "alloc.spaces",
        section=ALLOC,
        passage="Les sorts majeurs peuvent être placés dans les quatre cases Sorts majeurs, dans "
        "la case Sorts mineurs ou dans la case Magie grise.",
        summary="A rolled die goes to one of the four major-spell spaces, the minor-spell space "
        "or the grey-magic space, any number per space; once placed it never moves.",
    ),
    Rule(
        id=P + "roll.remaining",
        section=REROLL,
        passage="chaque joueur à son tour lance tous ses sorts majeurs restants",
        summary="In phase 3 each player rolls the dice not placed in phase 2.",
    ),
    Rule(
        id=P + "roll.reroll",
        section=REROLL,
        passage="payer un sort mineur (placé dans la case Sorts mineurs du plateau de jeu) pour "
        "relancer une dernière fois tous les sorts majeurs restants",
        summary="Before placing any, the player may pay one minor spell from the reserve (to "
        "the minor-spell space) to reroll all of those dice once.",
    ),
    Rule(
        id=P + "roll.place-all",
        section=REROLL,
        passage="accepter ce lancer et placer tous ces sorts sur les différentes cases",
        summary="Every die rolled in phase 3 must be placed on the board.",
    ),
    Rule(
        id=P + "recover.minor",
        section=RECOVER,
        passage="peuvent récupérer un sort mineur pour deux points de dés. Par exemple, un 4 "
        "permet de récupérer deux dés, deux 1 permettent d'en récupérer un",
        summary="Dice on the minor-spell space are spent one at a time; every two pips spent "
        "bring one minor spell back from the minor-spell space to the reserve. Spent dice "
        "return to the reserve.",
    ),
    Rule(
        id=P + "recover.leftover",
        section=RECOVER,
        passage="Tout point restant est perdu.",
        summary="A pip left over when a player stops spending is lost.",
    ),
    Rule(
        id=P + "recover.unused-stay",
        section=RECOVER,
        passage="Si un joueur a encore des sorts majeurs inutilisés dans la case sorts mineurs, "
        "ils y restent pour l'instant.",
        summary="Dice not spent in phase 4 stay on the minor-spell space.",
    ),
    Rule(
        id=P + "ruling.recover-own",
        section=RECOVER,
        passage="récupérer un sort mineur pour deux points de dés",
        source="ruling",
        summary="A player recovers only minor spells of their own colour lying on the "
        "minor-spell space, and may spend a die only while one of them is there.",
        readings=(
            Reading("Only one's own minor spells on the minor-spell space can be recovered."),
            Reading(
                "Minor spells come back from the box without limit.",
                not_option="A guild has seven minor spells (« 7 sorts mineurs ») and the box "
                "holds no others: a recovery without limit would give a guild spells the "
                "game does not have.",
            ),
        ),
        default="Only one's own minor spells on the minor-spell space can be recovered.",
        why="Each guild owns 7 minor spells of its colour; the 'unused dice' that stay on the "
        "space only make sense if recovery is limited by what lies there.",
    ),
    Rule(
        id=P + "recover.again",
        section=RECOVER2,
        passage="peuvent récupérer des sorts mineurs de la même manière qu'à la phase 4.",
        summary="Phase 6 recovers minor spells exactly like phase 4.",
    ),
    Rule(
        id=P + "recover.keep",
        section=RECOVER2,
        passage="il peut soit laisser ces sorts majeurs dans la case pour le prochain tour, soit "
        "les reprendre devant lui, sans qu'ils aient été utilisés.",
        summary="Dice still on the space after recovering are left there for the next round "
        "(keeping their faces) or taken back unused.",
    ),
]

_COMPETE = [
    Rule(
        id=P + "compete.turn",
        section=COMPETE,
        passage="chaque joueur à son tour doit placer deux sorts majeurs, deux sorts mineurs ou "
        "un sort majeur et un sort mineur.",
        summary="A competition turn places two spells, beside one or two wizards, one after "
        "the other; once the first is placed the second must follow.",
    ),
    Rule(
        id=P + "compete.last-spell",
        section=COMPETE,
        passage="Si un joueur n'a plus qu'un seul sort, majeur ou mineur, il peut ne placer que "
        "celui-ci.",
        summary="A player with a single placeable spell places just that one.",
    ),
    Rule(
        id=P + "compete.pass",
        section=COMPETE,
        passage="un joueur qui a passé ne peut plus placer de sorts pendant ce tour. Les joueurs "
        "continuent à placer des sorts jusqu'à ce que tous aient passé.",
        summary="Passing is final for the round's competition, which ends when all have passed.",
    ),
    Rule(
        id=P + "ruling.auto-pass",
        section=COMPETE,
        passage="Les joueurs continuent à placer des sorts jusqu'à ce que tous aient passé.",
        source="assumption",
        summary="A player with no spell that may legally be placed passes automatically.",
    ),
    Rule(
        id=P + "compete.beside",
        section=COMPETE,
        passage="Un joueur peut placer des sorts en faveur de ses propres magiciens ou de ceux "
        "de ses adversaires.",
        summary="Spells go beside any wizard standing on a Druide, Sorcier, Nécromancien or "
        "Magicien space, own or opponent's, without limit.",
    ),
    Rule(
        id=P + "compete.major-level",
        section=COMPETE,
        passage="les sorts majeurs, qui doivent être placés au niveau de la case Sorts majeurs "
        "dans laquelle ils sont pris.",
        summary="A major spell taken from a level's major-spell space goes beside a wizard of "
        "that level only.",
    ),
    Rule(
        id=P + "compete.uncontested",
        section=AWARD,
        passage="le joueur n'a qu'à mettre un ou plusieurs points en faveur de son magicien pour "
        "que le titre lui sot attribué. Les adversaires ne peuvent pas placer de points pour s'y "
        "opposer.",
        source="ruling",
        summary="When every candidate of a contest belongs to one player, opponents may not "
        "oppose them: only the owner places spells beside two (or more) candidates of theirs. "
        "Beside a lone candidate opponents place none (owner_only) or may help it (anyone).",
        readings=(
            Reading(
                "Only the owner may place spells beside a single-owner contest's candidates.",
                option="uncontested_support=owner_only",
            ),
            Reading(
                "Opponents may also place spells beside a lone candidate, which can only help "
                "it; beside two candidates of one owner they still may not, since a spell for "
                "one opposes the other (they could tie them and leave the title vacant).",
                option="uncontested_support=anyone",
            ),
        ),
        default="uncontested_support=owner_only",
        why="Between two candidates of one owner an opponent's spell would oppose one of them, "
        "which the passage forbids in every reading; for a lone candidate the passage only "
        "forbids opposing, so helping is the one thing left open, and forbidding it too is the "
        "simple reading.",
    ),
    Rule(
        id=P + "compete.wasted",
        section=COMPETE,
        passage="les sorts qui n'ont pas été placés n'ont aucun effet et auront donc été "
        "gaspillés.",
        source="ruling",
        summary="Major spells left on the major-spell spaces are wasted and return to their "
        "owners after the awarding; unplaced minor spells simply stay in the reserve.",
        readings=(
            Reading(
                "Unplaced majors return to their owners with the used ones.",
                "unplaced_majors=return",
            ),
            Reading(
                "Unplaced majors stay on the board into the next round.", "unplaced_majors=stay"
            ),
        ),
        default="unplaced_majors=return",
        why="Only the minor-spell and grey-magic spaces let dice stay for the next round.",
    ),
]

_AWARD = [
    Rule(
        id=P + "award.order",
        section=AWARD,
        passage="les titres sont attribués, de haut en bas et de gauche à droite.",
        summary="Titles are awarded top-down and left to right: GD, D1, D2, S1…S4, N1…N8.",
    ),
    Rule(
        id=P + "award.points",
        section=AWARD,
        passage="Chaque sort majeur vaut un nombre de points égal à la face indiquée par le dé. "
        "Chaque sort mineur vaut 1 point.",
        summary="A wizard's points: the faces of the major spells beside it plus 1 per minor.",
    ),
    Rule(
        id=P + "award.duel",
        section=AWARD,
        passage="le candidat qui a le plus de points en sa faveur se voit alors attribuer le "
        "titre, l'autre allant dans la case Déconfiture de son niveau.",
        summary="Of two candidates the one with more points takes the title.",
    ),
    Rule(
        id=P + "award.tie",
        section=AWARD,
        passage="Si aucun candidat n'a de point en sa faveur, ou s'ils sont tous deux le même "
        "nombre de points, aucun d'entre eux ne se voit attribuer le titre, qui reste vacant.",
        summary="No points, or equal points: the title stays vacant.",
    ),
    Rule(
        id=P + "award.single",
        section=AWARD,
        passage="S'il n'y a qu'un seul candidat pour un titre, ou si un même joueur contrôle les "
        "deux candidats, le joueur n'a qu'à mettre un ou plusieurs points",
        summary="A lone candidate (or the better of one owner's two) takes the title with at "
        "least one point.",
    ),
    Rule(
        id=P + "ruling.same-owner-tie",
        section=AWARD,
        passage="si un même joueur contrôle les deux candidats, le joueur n'a qu'à mettre un ou "
        "plusieurs points en faveur de son magicien",
        source="ruling",
        summary="When one player's two candidates for a title end with equal points (at least "
        "one each), the title stays vacant and both go to the defeat space, as in any tie "
        "(same_owner_tie=vacant); with same_owner_tie=owner_designates, once everyone has "
        "passed the owner designates the winner (DesignateWinner), the other is defeated.",
        readings=(
            Reading(
                "Equal points leave the title vacant, as between two players.",
                option="same_owner_tie=vacant",
            ),
            Reading(
                "The owner designates which of the two takes the title: « le joueur n'a qu'à "
                "mettre un ou plusieurs points en faveur de son magicien ».",
                option="same_owner_tie=owner_designates",
            ),
        ),
        default="same_owner_tie=vacant",
        why="The tie rule ('s'ils sont tous deux le même nombre de points, aucun ... ne se voit "
        "attribuer le titre') names no exception for one owner, and only the owner may place "
        "spells there, so the owner can always break the tie with one more point. The other "
        "reading treats one owner's two candidates as one choice of that owner.",
    ),
    Rule(
        id=P + "award.min-point",
        section=AWARD,
        passage="Un magicien doit toujours avoir au moins un point en sa faveur pour se voir "
        "attribuer un titre.",
        summary="A candidate with no point never receives a title.",
    ),
    Rule(
        id=P + "award.magicians",
        section=AWARD,
        passage="le titre de nécromancien est attribué aux deux candidats qui ont le plus de "
        "points en leur faveur. Si plus deux magiciens sont ex-aequo pour la première place, "
        "aucun titre n'est attribué.",
        summary="On a Magicien space the two best (with a point or more) take the Nécromancien "
        "titles it contests; "
        "three or more tied first: nobody; a tie for second: only the first.",
    ),
    Rule(
        id=P + "assume.necro-order",
        section=AWARD,
        passage="de haut en bas et de gauche à droite",
        source="assumption",
        summary="Of a Magicien space's two winners, the better takes the left Nécromancien "
        "space; two tied first take them in pawn-id order.",
    ),
    Rule(
        id=P + "award.no-candidate",
        section=AWARD,
        passage="S'il n'y a pas de candidats pour un titre, celui-ci n'est pas attribué.",
        summary="A title with no candidate stays vacant.",
    ),
    Rule(
        id=P + "award.defeat",
        section=AWARD,
        passage="Tous les magiciens se trouvant sur les cases Druide, Sorcier et Nécromancien et "
        "qui ne se voient pas attribués de titres plus élevés sont placés sur la case "
        "Déconfiture de ce niveau.",
        summary="A Druide, Sorcier or Nécromancien not promoted goes to its level's defeat "
        "space; a wizard on a Magicien space not promoted stays where it is.",
    ),
    Rule(
        id=P + "award.return",
        section=AWARD,
        passage="les joueurs reprennent et placent devant eux tous les sorts majeurs qu'ils ont "
        "utilisés durant la compétition. Les sorts mineurs sont placés dans la case Sorts "
        "mineurs.",
        summary="After the awarding, major spells go back to their owners and minor spells "
        "cast go to the minor-spell space.",
    ),
]

_AFTER = [
    Rule(
        id=P + "vacant.order",
        section=DEFEATED,
        passage="Les magiciens se trouvant dans la case Déconfiture du niveau Druide se voient "
        "attribués les titres vacants en premier.",
        summary="The wizards defeated at the Druide level fill vacancies first, then those "
        "defeated at the Sorcier level, then those at the Nécromancien level.",
    ),
    Rule(
        id=P + "vacant.highest",
        section=DEFEATED,
        passage="il se voit attribuer le plus haut titre vacant, sauf bien sûr celui de Grand "
        "Druide.",
        summary="Each defeated wizard takes a title of the highest level with a vacancy, never "
        "the Grand Druide; this may be below or above the level it was defeated at.",
    ),
    Rule(
        id=P + "vacant.choice",
        section=DEFEATED,
        passage="S'il y a plusieurs titres vacants au même niveau, le joueur choisit où il place "
        "son magicien.",
        summary="Among several vacancies of that level the owner chooses.",
    ),
    Rule(
        id=P + "vacant.turn",
        section=DEFEATED,
        passage="ils sont placés dans l'ordre du tour (en commençant par le joueur au dragon",
        source="ruling",
        summary="Defeated wizards of one level are placed in turn order from the dragon; a "
        "player with several places them all before the next player.",
        readings=(
            Reading(
                "Each player places all their defeated wizards of the level in turn.",
                "vacancy_turn=all",
            ),
            Reading("Players alternate one wizard at a time.", "vacancy_turn=alternate"),
        ),
        default="vacancy_turn=all",
        why="Phase 8 uses the same order explicitly ('place d'abord tous ses magiciens').",
    ),
    Rule(
        id=P + "demote.move",
        section=DEMOTE,
        passage="sont replacés par leurs joueurs respectifs dans les cases Magiciens en bas du "
        "plateau de jeu.",
        summary="Defeated wizards left without a title go to Magicien spaces of their owner's "
        "choice.",
    ),
    Rule(
        id=P + "demote.order",
        section=DEFEATED,
        passage="le joueur au dragon place d'abord tous es magiciens, puis le suivant",
        summary="The dragon holder places all of their demoted wizards first, then the next "
        "player clockwise.",
    ),
    Rule(
        id=P + "demote.grey",
        section=DEMOTE,
        passage="Les magiciens qui étaient auparavant Druide ou Sorcier reçoivent un jeton de "
        "magie grise",
        summary="A wizard demoted from the Druide or Sorcier defeat space receives a grey magic "
        "token, kept under the pawn.",
    ),
    Rule(
        id=P + "ruling.grey-supply",
        section=DEMOTE,
        passage="12 jetons de magie grise",
        source="ruling",
        summary="Grey tokens come from the supply of 12; when it is empty a demoted wizard "
        "receives none (option grey_supply=12; 0 means unlimited).",
        readings=(
            Reading("The 12 tokens of the box are a hard limit.", option="grey_supply=12"),
            Reading("Tokens are unlimited.", option="grey_supply=0"),
        ),
        default="grey_supply=12",
        why="The rulebook limits tokens under one wizard ('pas de limite … sous un magicien') "
        "but not the supply; components are a limit unless a rule says otherwise.",
    ),
    Rule(
        id=P + "grey.remove",
        section=GREY,
        passage="peuvent retirer un jeton de magie grise de l'un quelconque de leurs magiciens "
        "pour quatre points de dé (sur un ou plusieurs dés). Par exemple, un 5, un 2 et un 1 "
        "permettent de retirer deux jetons.",
        source="ruling",
        summary="Dice on the grey-magic space are spent one at a time into a pool; each 4 pips "
        "(3 with grey_cost=3) remove one token from any of the player's wizards, back to the "
        "supply.",
        readings=(
            Reading("Four pips per token, as printed.", option="grey_cost=4"),
            Reading("Three pips per token, as the translator suggests.", option="grey_cost=3"),
        ),
        default="grey_cost=4",
        why="The translator's note proposes 3 from experience; the rule text says 4.",
    ),
    Rule(
        id=P + "ruling.grey-leftover",
        section=GREY,
        passage="pour quatre points de dé (sur un ou plusieurs dés)",
        source="assumption",
        summary="Pips spent on grey magic and not used by a removal are lost, as in phase 4; "
        "a die may be spent only while one of the player's wizards bears a token, and as soon "
        "as the pool covers a token one is removed (the owner picks the wizard).",
    ),
    Rule(
        id=P + "grey.keep",
        section=GREY,
        passage="il peut soit laisser ces sorts majeurs dans la case pour le prochain tour, soit "
        "les reprendre devant lui",
        summary="Unspent dice on the grey-magic space stay for the next round or are taken back.",
    ),
]

_SCORE = [
    Rule(
        id=P + "score.round",
        section=SCORE,
        passage="Grand Druide : 10 points. Chaque Druide : 7 points. Chaque Sorcier : 5 points "
        "Chaque Nécromancien : 3 points Chaque simple Magicien : 2 points Chaque jeton de magie "
        "grise : – 1 point",
        summary="At the end of every round each guild scores its wizards by level, minus one "
        "per grey token.",
    ),
    Rule(
        id=P + "end.rounds",
        section=END,
        passage="C'est la fin du quatrième tour.",
        summary="The game ends after round 4.",
    ),
    Rule(
        id=P + "end.second-gd",
        section=END,
        passage="C'est la fin d'un tour durant lequel un joueur s'est vu attribuer pour la "
        "deuxième fois le titre de Grand Druide.",
        summary="The game ends after a round in which one player won the Grand Druide title for "
        "the second time.",
    ),
    Rule(
        id=P + "end.no-gd",
        section=END,
        passage="C'est la fin d'un tour durant lequel, pour la deuxième fois, aucun joueur ne "
        "s'est vu attribuer le titre de Grand Druide.",
        summary="The game ends after the second round in which nobody won the Grand Druide.",
    ),
    Rule(
        id=P + "end.bonus",
        section=END,
        passage="les joueurs reçoivent 1 point supplémentaire pour chaque sort mineur qu'ils "
        "sont encore devant eux.",
        summary="At the end, +1 per minor spell in the player's reserve (not on the board).",
    ),
    Rule(
        id=P + "end.winner",
        section=END,
        passage="Le vainqueur est celui dont le score total est le plus élevé.",
        source="ruling",
        summary="Highest total wins; the rulebook has no tie-break, so tied players share the win.",
        readings=(
            Reading("Tied players share the victory.", "winner_ties=share"),
            Reading(
                "A tie-break (most Grand Druide titles, then fewest grey tokens).",
                "winner_ties=titles",
            ),
        ),
        default="winner_ties=share",
        why="The rulebook names no tie-break; inventing one would change who wins.",
    ),
    Rule(
        id=P + "negotiation.timers",
        section=DEALS,
        passage="Les joueurs qui le souhaitent peuvent limiter la durée des négociations",
        source="ruling",
        summary="Negotiation is outside the engine: promises are never binding and trading is "
        "forbidden, so there is nothing to enforce. With option negotiation_timers the view "
        "shows the suggested limit (1 minute before each roll in phases 2–3, 5 minutes before "
        "the competition); it is not enforced.",
        readings=(
            Reading("No time limit is shown.", "negotiation_timers=false"),
            Reading("The suggested limits are shown, never enforced.", "negotiation_timers=true"),
        ),
        default="negotiation_timers=false",
        why="« Les joueurs qui le souhaitent » makes the limits a table's choice; the engine "
        "cannot stop people talking, so it only shows them.",
    ),
]

# Entries the seeded bot games of ``wizards rules elfenwizards --coverage`` do not cite
# (a setup file, a table's data, a refusal, a rare tie), each with the test that reaches
# it; and the one no event cites, with why.
_T = "tests/domain/elfenwizards/"
REACHED_BY = {
    P + "setup.position": _T + "test_dispute.py::test_the_position_opens_where_the_table_stopped",
    P + "setup.layout": _T
    + "test_layouts.py::test_a_custom_layout_is_taken_as_text_or_table_and_recorded",
    P + "assume.data-bounds": "tests/domain/test_data_file_bounds.py::"
    "test_every_number_of_a_data_file_is_bounded_and_named",
    P + "ruling.retire-no-minor": _T + "test_refusals.py::test_grey_token_removal_and_retirement",
    P + "roll.reroll": _T
    + "test_phases.py::test_phase_three_rolls_the_rest_and_one_reroll_costs_a_minor_spell",
    P + "compete.uncontested": _T
    + "test_awarding.py::test_opponents_never_oppose_one_owners_two_candidates",
    P + "ruling.same-owner-tie": _T
    + "test_awarding.py::test_one_owners_two_candidates_tied_leave_the_title_vacant_by_ruling",
    P + "vacant.order": _T + "test_refusals.py::test_vacancies_and_demotion",
    P + "demote.order": _T + "test_refusals.py::test_vacancies_and_demotion",
    P + "ruling.grey-supply": _T
    + "test_phases.py::test_an_empty_grey_supply_gives_no_token_unless_unlimited",
}
NOT_CITED = {
    P + "negotiation.timers": "The limits are shown in the view (negotiation_limit_seconds) and "
    "never enforced: no event rests on them.",
}

CATALOGUE = Catalogue(
    "elfenwizards",
    with_coverage(
        [*_SETUP, *_ROUND, *_ROLL, *_COMPETE, *_AWARD, *_AFTER, *_SCORE],
        reached_by=REACHED_BY,
        not_cited=NOT_CITED,
    ),
    CHANGELOG,
)


def cite(rule_id: str) -> str:
    """A catalogue id from its short form (``award.tie``); a typo fails at once."""
    return CATALOGUE.cite(P + rule_id)
