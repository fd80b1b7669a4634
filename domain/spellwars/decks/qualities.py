# ruff: noqa: E501  (card texts and effect lines are data, kept whole on one line)
"""The Quality deck (manifest: 20 names, two copies each)."""

# Printed texts come from rules/spellwars-cards.txt; the rest are ours (text = "ours").
TOML = r"""
[[card]]
slug = "tresormodix"
name = "Trésormodix"
number = "EP2-042"
glyph = "arcane"
copies = 2
text = "ours"
ours = "Gagnez 1 Trésor. Donjon : Gagnez 1 Trésor supplémentaire."
effect = ["treasure 1", "dungeon: treasure 1"]

[[card]]
slug = "gromago"
name = "Gromago"
number = "EP2-044"
glyph = "arcane"
copies = 2
text = "Gagnez 2 Trésors. Chaque adversaire qui n'a pas encore joué ce tour gagne 1 Trésor. Payez 2 : Chaque adversaire qui a déjà joué ce tour doit défausser 1 de ses Trésors."
effect = ["pay 2", "treasure 2", "target unplayed-all", "give-treasure 1", "paid: target played-all", "paid: discard-treasure"]

[[card]]
slug = "roulepelax"
name = "Roulepélax"
number = "EP2-045"
glyph = "arcane"
copies = 2
text = "Votre adversaire de gauche doit vous donner 1 carte Arcane de sa main, sinon il vous donne 1 de ses Trésors. Donjon : Appliquez le même effet à votre voisin de droite."
effect = ["target left", "extort arcane", "dungeon: target right", "dungeon: extort arcane"]

[[card]]
slug = "trankilus"
name = "Trankilus"
number = "EP2-048"
glyph = "arcane"
copies = 2
text = "Lancez 1 dé et gagnez autant de sang que son résultat. Si vous obtenez 4 ou moins, votre adversaire le plus faible se soigne d'autant de PV que son résultat."
# The target is fixed before the die (ruling sw.target.before-dice; option trankilus=after
# runs the sentences in their printed order instead).
effect = ["target weakest", "roll 1", "gain r", "r<=4: heal r"]

[[card]]
slug = "asphixis"
name = "Asphixis"
number = "EP2-050"
glyph = "tenebres"
copies = 2
text = "ours"
ours = "Infligez 3 dégâts à votre adversaire le plus faible. Payez 2 : Infligez-lui 5 dégâts à la place."
effect = ["pay 2", "target weakest", "!paid: damage 3", "paid: damage 5"]

[[card]]
slug = "oeilcrevax"
name = "Oeilcrevax"
number = "EP2-051"
glyph = "tenebres"
copies = 2
text = "ours"
ours = "Infligez 1 dé de dégâts à un adversaire de votre choix, puis subissez 1 dégât."
effect = ["target choose", "roll 1", "damage r", "selfdamage 1"]

[[card]]
slug = "chancedecocus"
name = "Chancedecocus"
number = "EP2-053"
glyph = "tenebres"
copies = 2
text = "Chaque adversaire lance 1 dé. Celui qui obtient le plus grand résultat gagne 1 sang et subit autant de dégâts que son résultat. Donjon : Chaque autre adversaire subit également autant de dégâts que son résultat."
effect = ["contest", "damage given"]

[[card]]
slug = "mortalriktus"
name = "Mortalriktus"
number = "EP2-056"
glyph = "tenebres"
copies = 2
text = "Choisissez un adversaire et défaussez des cartes du même type (Source/Qualité/Destination) de votre main. Il subit autant de dégâts que le nombre de cartes défaussées. Payez 4 : Doublez les dégâts infligés."
effect = ["pay 4", "target choose", "discard-type", "!paid: damage n", "paid: damage 2*n"]

[[card]]
slug = "sabruledepartoux"
name = "Sabruledepartoux"
number = "EP2-057"
glyph = "elementaire"
copies = 2
text = "ours"
ours = "Infligez 2 dégâts à chaque adversaire qui a déjà joué ce tour et 1 dégât à chaque adversaire qui n'a pas encore joué."
effect = ["target played-all", "damage 2", "target unplayed-all", "damage 1"]

[[card]]
slug = "poilcramus"
name = "Poilcramus"
number = "EP2-059"
glyph = "elementaire"
copies = 2
text = "Choisissez un adversaire qui doit révéler sa main. Il subit autant de dégâts que le double du nombre de Créatures dans sa main. Payez 3 : L'effet s'applique à chaque adversaire au lieu d'un."
effect = ["pay 3", "!paid: target choose", "paid: target each", "reveal-hand", "damage 2*hand-creatures"]

[[card]]
slug = "oulacecho"
name = "Oulacécho"
number = "EP2-061"
glyph = "elementaire"
copies = 2
text = "Infligez 1 dé de dégâts à un adversaire désigné par le dé. Donjon : Infligez ensuite 2 dégâts à un autre adversaire."
effect = ["target die", "roll 1", "damage r", "dungeon: target other", "dungeon: damage 2"]

[[card]]
slug = "fourchetix"
name = "Fourchétix"
number = "EP2-064"
glyph = "elementaire"
copies = 2
text = "Prenez le Donjon et donnez-le à un adversaire qui ne l'avait pas. Puis infligez 3 dégâts à cet adversaire. Payez 3 : Tuez d'abord toutes ses Créatures."
effect = ["pay 3", "target not-holder", "take-dungeon", "give-dungeon", "paid: kill-creatures", "damage 3"]

[[card]]
slug = "groclonar"
name = "Groclonar"
number = "EP2-065"
glyph = "illusion"
copies = 2
text = "Choisissez une option : infligez 2 dégâts à chaque adversaire avec un nombre pair de PV ou infligez 3 dégâts à chaque adversaire avec un nombre impair de PV. Donjon : Faites les deux (pair puis impair)."
effect = ["!dungeon: option 2", "dungeon|opt=1: target even-all", "dungeon|opt=1: damage 2", "dungeon|opt=2: target odd-all", "dungeon|opt=2: damage 3"]

[[card]]
slug = "cadopourrix"
name = "Cadopourrix"
number = "EP2-068"
glyph = "illusion"
copies = 2
text = "ours"
ours = "Votre adversaire le plus fort gagne 1 Trésor, puis subit 4 dégâts."
effect = ["target strongest", "give-treasure 1", "damage 4"]

[[card]]
slug = "boulcheloux"
name = "Boulcheloux"
number = "EP2-070"
glyph = "illusion"
copies = 2
text = "Choisissez un adversaire qui n'a pas de Trésor. Il en gagne 1. Puis infligez 2 dégâts à chaque adversaire qui a un Trésor."
effect = ["target no-treasure", "give-treasure 1", "target has-treasure-all", "damage 2"]

[[card]]
slug = "coupehendus"
name = "Coupéhendus"
number = "EP2-071"
glyph = "illusion"
copies = 2
text = "ours"
ours = "Tuez une Créature d'un adversaire de votre choix, puis infligez-lui 2 dégâts."
effect = ["target choose", "kill-creature", "damage 2"]

[[card]]
slug = "peutidardus"
name = "Peutidardus"
number = "EP2-073"
glyph = "primaire"
copies = 2
text = "ours"
ours = "Lancez 1 dé et soignez-vous d'autant de PV que son résultat. Donjon : Gagnez 2 sang."
effect = ["roll 1", "healself r", "dungeon: gain 2"]

[[card]]
slug = "begoniax"
name = "Bégoniax"
number = "EP2-075"
glyph = "primaire"
copies = 2
text = "Prenez le Donjon et infligez 1 dégât par sorcier mort à chaque adversaire. Si aucun sorcier n'a été tué, gagnez 2 sang."
effect = ["take-dungeon", "target each", "damage dead", "nodead: gain 2"]

[[card]]
slug = "spiralex"
name = "Spiralex"
number = "EP2-076"
glyph = "primaire"
copies = 2
text = "ours"
ours = "Infligez 1 dégât à chaque adversaire, puis soignez-vous de 2 PV."
effect = ["target each", "damage 1", "healself 2"]

[[card]]
slug = "sarabandus"
name = "Sarabandus"
number = "EP2-079"
glyph = "primaire"
copies = 2
text = "ours"
ours = "Prenez le Donjon. Soignez-vous de 2 PV."
effect = ["take-dungeon", "healself 2"]
"""
