# ruff: noqa: E501  (card texts and effect lines are data, kept whole on one line)
"""The Source deck (manifest: 20 names, two copies each)."""

# Printed texts come from rules/spellwars-cards.txt; the rest are ours (text = "ours").
TOML = r"""
[[card]]
slug = "foulremix"
name = "Foulremix"
number = "EP2-002"
glyph = "arcane"
copies = 2
text = "Choisissez un type de cartes (Source/Qualité/Destination). Chaque sorcier doit passer toutes les cartes de ce type qu'il a en main à son voisin de gauche, puis subit autant de dégâts que le nombre de cartes qu'il reçoit. Payez 4 : Doublez les dégâts infligés."
effect = ["pay 4", "pass-left", "!paid: damage given", "paid: damage 2*given"]

[[card]]
slug = "taleboulas"
name = "Taléboulas"
number = "EP2-003"
glyph = "arcane"
copies = 2
text = "Infligez 3 dégâts à votre adversaire de gauche. Payez 2 : Infligez 3 dégâts à chaque adversaire à la place."
effect = ["pay 2", "!paid: target left", "paid: target each", "damage 3"]

[[card]]
slug = "tikerestox"
name = "Tikérestox"
number = "EP2-006"
glyph = "arcane"
copies = 2
text = "ours"
ours = "Gagnez 1 Trésor. Payez 3 : Gagnez 1 Trésor supplémentaire."
effect = ["pay 3", "treasure 1", "paid: treasure 1"]

[[card]]
slug = "depipax"
name = "Dépipax"
number = "EP2-008"
glyph = "arcane"
copies = 2
text = "Lancez 1 dé : 1-2 Prenez le Donjon ; 3-4 Gagnez 1 Trésor ; 5+ Faites les deux. Réaction : Si vous mourez avant que cette carte ne soit résolue, gagnez 1 Trésor et jouez-le au début de la prochaine manche."
effect = ["roll 1", "r<=2: take-dungeon", "r=3-4: treasure 1", "r>=5: take-dungeon", "r>=5: treasure 1"]
reaction = ["treasure-next-round 1"]

[[card]]
slug = "castoramax"
name = "Castoramax"
number = "EP2-010"
glyph = "tenebres"
copies = 2
text = "Lancez 2 dés. Utilisez-en un pour infliger autant de dégâts que son résultat à votre adversaire de gauche. Subissez autant de dégâts que le résultat de l'autre dé, sauf si vous contrôlez le Donjon ou si vous payez 1 sang."
effect = ["!dungeon: pay 1", "target left", "roll 2", "pick-die", "damage a", "!dungeon,!paid: selfdamage b"]

[[card]]
slug = "necrophilus"
name = "Necrophilus"
number = "EP2-011"
glyph = "tenebres"
copies = 2
text = "Prenez le Donjon. Payez 1 : Infligez 2 dégâts par jeton Dernier Survivant en jeu à chaque adversaire."
effect = ["pay 1", "take-dungeon", "paid: target each", "paid: damage 2*tokens"]

[[card]]
slug = "momidisis"
name = "Momidisis"
number = "EP2-014"
glyph = "tenebres"
copies = 2
text = "Infligez 2 dégâts à chaque adversaire qui a déjà joué ce tour. Réaction : Si vous mourez avant que cette carte ne soit résolue, piochez 2 cartes Sorcier crevé supplémentaires."
effect = ["target played-all", "damage 2"]
reaction = ["dead-card 2"]

[[card]]
slug = "nyarlaprizdetep"
name = "Nyarlaprizdetep"
number = "EP2-015"
glyph = "tenebres"
copies = 2
text = "ours"
ours = "Infligez 4 dégâts à votre adversaire le plus fort et subissez 2 dégâts. Donjon : vous ne subissez pas ces dégâts."
effect = ["target strongest", "damage 4", "!dungeon: selfdamage 2"]

[[card]]
slug = "flaminus"
name = "Flaminus"
number = "EP2-017"
glyph = "elementaire"
copies = 2
text = "Infligez 1 dégât à chaque adversaire. Payez 5 : Infligez 5 dégâts au lieu de 1."
effect = ["pay 5", "target each", "!paid: damage 1", "paid: damage 5"]

[[card]]
slug = "fukushimax"
name = "Fukushimax"
number = "EP2-019"
glyph = "elementaire"
copies = 2
text = "Infligez 2 dégâts à votre adversaire de droite. Réaction : Si vous mourez avant que cette carte ne soit résolue, infligez 1 dé de dégâts au sorcier qui vous a tué."
effect = ["target right", "damage 2"]
reaction = ["target killer", "roll 1", "damage r"]

[[card]]
slug = "volcanino"
name = "Volcanino"
number = "EP2-021"
glyph = "elementaire"
copies = 2
text = "Donnez 1 sang à votre adversaire le plus fort (si vous en avez), puis infligez-lui 1 dé de dégâts. Donjon : Infligez ensuite 1 dé de dégâts à un autre adversaire."
effect = ["target strongest", "give-blood 1", "roll 1", "damage r", "dungeon: target other", "dungeon: roll 1", "dungeon: damage r"]

[[card]]
slug = "brikebix"
name = "Brikébix"
number = "EP2-024"
glyph = "elementaire"
copies = 2
text = "Choisissez une option : prenez le Donjon et infligez 1 dégât à chaque adversaire ou infligez 3 dégâts à un adversaire qui ne contrôle pas le Donjon. Payez 3 : Faites les deux."
effect = ["pay 3", "!paid: option 2", "paid|opt=1: take-dungeon", "paid|opt=1: target each", "paid|opt=1: damage 1", "paid|opt=2: target not-holder", "paid|opt=2: damage 3"]

[[card]]
slug = "bebefedex"
name = "Bébéfédex"
number = "EP2-026"
glyph = "illusion"
copies = 2
text = "ours"
ours = "Infligez 2 dégâts à un adversaire de votre choix. Payez 2 : Infligez-lui 4 dégâts à la place."
effect = ["pay 2", "target choose", "!paid: damage 2", "paid: damage 4"]

[[card]]
slug = "vishnakrax"
name = "Vishnakrax"
number = "EP2-028"
glyph = "illusion"
copies = 2
text = "ours"
ours = "Infligez 1 dé de dégâts à votre adversaire de droite. Réaction : Si vous mourez avant que cette carte ne soit résolue, infligez 3 dégâts au sorcier qui vous a tué."
effect = ["target right", "roll 1", "damage r"]
reaction = ["target killer", "damage 3"]

[[card]]
slug = "brademinus"
name = "Brademinus"
number = "EP2-030"
glyph = "illusion"
copies = 2
text = "ours"
ours = "Prenez le Donjon. Infligez 2 dégâts à chaque adversaire plus fort que vous."
effect = ["take-dungeon", "target stronger-all", "damage 2"]

[[card]]
slug = "multitax"
name = "Multitax"
number = "EP2-031"
glyph = "illusion"
copies = 2
text = "Prenez le Donjon. Si vous le prenez à un adversaire vivant, infligez 3 dégâts à un autre adversaire."
effect = ["take-dungeon", "took-living: target took-from", "took-living: target other", "took-living: damage 3"]

[[card]]
slug = "peredodux"
name = "Pèredodux"
number = "EP2-033"
glyph = "primaire"
copies = 2
text = "Soignez-vous de 1 PV par Créature en jeu. Payez X : Soignez-vous de X PV supplémentaires."
effect = ["pay X", "healself creatures+x"]

[[card]]
slug = "gonzofungus"
name = "Gonzofungus"
number = "EP2-035"
glyph = "primaire"
copies = 2
text = "Lancez 1 dé et soignez-vous d'autant de PV que son résultat. Réaction : Si vous mourez avant que cette carte ne soit résolue, défaussez-la et placez votre jeton PV sur 1 (vous ne mourez pas)."
effect = ["roll 1", "healself r"]
reaction = ["prevent-death"]

[[card]]
slug = "hydraponix"
name = "Hydraponix"
number = "EP2-037"
glyph = "primaire"
copies = 2
text = "ours"
ours = "Soignez-vous de 3 PV. Payez X : Soignez-vous de X PV supplémentaires."
effect = ["pay X", "healself 3+x"]

[[card]]
slug = "boucledorus"
name = "Boucledorus"
number = "EP2-039"
glyph = "primaire"
copies = 2
text = "ours"
ours = "Infligez 2 dégâts à vos deux voisins. Donjon : Soignez-vous de 2 PV."
effect = ["target neighbours", "damage 2", "dungeon: healself 2"]
"""
