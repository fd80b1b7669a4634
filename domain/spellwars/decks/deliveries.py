# ruff: noqa: E501  (card texts and effect lines are data, kept whole on one line)
"""The Delivery deck (manifest: 20 creatures, two copies each, with initiatives)."""

# Printed texts come from rules/spellwars-cards.txt; the rest are ours (text = "ours").
# Power rows: low = 1-4, mid = 5-9, high = 10+.
TOML = r"""
[[card]]
slug = "cubengelus"
name = "Cubengelus"
number = "EP2-082"
glyph = "arcane"
initiative = 12
copies = 2
text = "Cible : Adversaire de gauche. 1-4 : 2 dégâts. 5-9 : 3 dégâts. 10+ : 4 dégâts et gagnez 1 Trésor. GARDEZ."
effect = ["target left", "power", "low: damage 2", "mid: damage 3", "high: damage 4", "high: treasure 1", "high: keep"]

[[card]]
slug = "barbaryaga"
name = "Barbaryaga"
number = "EP2-084"
glyph = "arcane"
initiative = 14
copies = 2
text = "ours"
ours = "Cible : Adversaire le plus faible. 1-4 : 1 dégât. 5-9 : 3 dégâts. 10+ : 4 dégâts et gagnez 1 Trésor. GARDEZ."
effect = ["target weakest", "power", "low: damage 1", "mid: damage 3", "high: damage 4", "high: treasure 1", "high: keep"]

[[card]]
slug = "ecrabouillax"
name = "Écrabouillax"
number = "EP2-086"
glyph = "arcane"
initiative = 1
copies = 2
text = "Cible : Adversaire avec le plus de Trésors. 1-4 : 1 dégât. 5-9 : 3 dégâts et la cible doit défausser 1 de ses Trésors. 10+ : 7 dégâts."
effect = ["target most-treasures", "power", "low: damage 1", "mid: damage 3", "mid: discard-treasure", "high: damage 7"]

[[card]]
slug = "ouististyx"
name = "Ouististyx"
number = "EP2-087"
glyph = "arcane"
initiative = 17
copies = 2
text = "ours"
ours = "Cible : Adversaire de droite. 1-4 : 1 dégât. 5-9 : 2 dégâts. GARDEZ. 10+ : 4 dégâts et gagnez 1 Trésor."
effect = ["target right", "power", "low: damage 1", "mid: damage 2", "mid: keep", "high: damage 4", "high: treasure 1"]

[[card]]
slug = "gracula"
name = "Gracula"
number = "EP2-090"
glyph = "tenebres"
initiative = 13
copies = 2
text = "Cible : Adversaire le plus fort. Payez 1 : GARDEZ. 1-4 : 1 dégât. 5-9 : 2 dégâts. 10+ : 4 dégâts."
effect = ["pay 1", "target strongest", "power", "low: damage 1", "mid: damage 2", "high: damage 4", "paid: keep"]

[[card]]
slug = "canibalocircus"
name = "Canibalocircus"
number = "EP2-091"
glyph = "tenebres"
initiative = 16
copies = 2
text = "Cible : Adversaire avec le plus de Créatures en jeu. 1-4 : Vous subissez 1 dégât. 5-9 : Tuez une de ses Créatures puis infligez-lui 3 dégâts. 10+ : 4 dégâts. GARDEZ."
effect = ["target most-creatures", "power", "low: selfdamage 1", "mid: kill-creature", "mid: damage 3", "high: damage 4", "high: keep"]

[[card]]
slug = "shub-niggurath"
name = "Shub-Niggurath"
number = "EP2-093"
glyph = "tenebres"
initiative = 6
copies = 2
text = "Cible : Adversaire qui a déjà joué ce tour. Payez 1 : Ajoutez 1 dé à chacun de vos Jets de puissance pour une Créature ce tour. 1-4 : Aucun effet. 5-9 : 1 dégât. 10+ : 2 dégâts et jouez une autre Créature de votre main. GARDEZ."
effect = ["pay 1", "paid: creature-dice 1", "target played", "power", "mid: damage 1", "high: damage 2", "high: play-creature", "high: keep"]

[[card]]
slug = "mecha-satana"
name = "Mecha-Satana"
number = "EP2-096"
glyph = "tenebres"
initiative = 3
copies = 2
text = "Cible : Adversaire le plus faible. 1-4 : 1 dégât. 5-9 : 2 dégâts et subissez 1 dégât. 10+ : 4 dégâts puis 2 dégâts à votre adversaire le plus fort. GARDEZ."
effect = ["target weakest", "power", "low: damage 1", "mid: damage 2", "mid: selfdamage 1", "high: damage 4", "high: target strongest", "high: damage 2", "high: keep"]

[[card]]
slug = "bruleculus"
name = "Bruleculus"
number = "EP2-097"
glyph = "elementaire"
initiative = 9
copies = 2
text = "ours"
ours = "Cible : Adversaire désigné par le dé. 1-4 : 1 dégât. 5-9 : 3 dégâts. 10+ : 5 dégâts. GARDEZ."
effect = ["target die", "power", "low: damage 1", "mid: damage 3", "high: damage 5", "high: keep"]

[[card]]
slug = "beeeh-zerker"
name = "Beeeh-zerker!"
number = "EP2-099"
glyph = "elementaire"
initiative = 11
copies = 2
text = "Cible : Adversaire qui n'a pas le Donjon. 1-4 : 1 dégât. 5-9 : 2 dégâts. 10+ : 3 dégâts ou 6 si c'est votre dernier adversaire. GARDEZ."
effect = ["target not-holder", "power", "low: damage 1", "mid: damage 2", "high,!lastopp: damage 3", "high,lastopp: damage 6", "high: keep"]

[[card]]
slug = "tabapassif"
name = "Tabapassif"
number = "EP2-102"
glyph = "elementaire"
initiative = 2
copies = 2
text = "Cible : Adversaire qui a déjà joué ce tour. 1-4 : 1 dégât. 5-9 : 3 dégâts. 10+ : 3 dégâts et 3 dégâts à chaque adversaire qui a un jeton Dernier Survivant. GARDEZ."
effect = ["target played", "power", "low: damage 1", "mid: damage 3", "high: damage 3", "high: target token-all", "high: damage 3", "high: keep"]

[[card]]
slug = "golemacifas"
name = "Golemacifas"
number = "EP2-103"
glyph = "elementaire"
initiative = 7
copies = 2
text = "Cible : Adversaire le plus fort. 1-4 : 1 dégât. 5-9 : 2 dégâts. 10+ : 1 dé de dégâts. GARDEZ."
effect = ["target strongest", "power", "low: damage 1", "mid: damage 2", "high: roll 1", "high: damage r", "high: keep"]

[[card]]
slug = "gaztoxicus"
name = "Gaztoxicus"
number = "EP2-106"
glyph = "illusion"
initiative = 20
copies = 2
text = "Cible : Adversaire qui a déjà joué ce tour. Payez 2 : Vous pouvez résoudre chaque dé de ce Jet individuellement contre des adversaires différents. 1-4 : 1 dégât. GARDEZ. 5-9 : 2 dégâts. 10+ : 4 dégâts."
effect = ["pay 2", "target played", "!paid: power", "paid: power split", "low: damage 1", "low: keep", "mid: damage 2", "high: damage 4"]

[[card]]
slug = "tentaculax"
name = "Tentaculax"
number = "EP2-107"
glyph = "illusion"
initiative = 16
copies = 2
text = "Cible : Adversaire sans Créature en jeu. 1-4 : 1 dégât. 5-9 : 2 dégâts. GARDEZ. 10+ : 3 dégâts et volez 1 Trésor à la cible."
effect = ["target no-creature", "power", "low: damage 1", "mid: damage 2", "mid: keep", "high: damage 3", "high: steal-treasure"]

[[card]]
slug = "logocrypto"
name = "Logocrypto"
number = "EP2-110"
glyph = "illusion"
initiative = 5
copies = 2
text = "Cible : Adversaire avec le plus de sang. 1-4 : Volez 1 sang à la cible. 5-9 : 1 dégât et volez 1 sang à la cible. 10+ : 4 dégâts et volez 1 sang à la cible. GARDEZ."
effect = ["target most-blood", "power", "low: steal-blood 1", "mid: damage 1", "mid: steal-blood 1", "high: damage 4", "high: steal-blood 1", "high: keep"]

[[card]]
slug = "ignominus"
name = "Ignôminus"
number = "EP2-112"
glyph = "illusion"
initiative = 19
copies = 2
text = "Cible : Adversaire le plus faible. 1-4 : Chaque adversaire se soigne de 1 PV. 5-9 : 3 dégâts. GARDEZ. 10+ : 5 dégâts et chaque autre adversaire se soigne de 1 PV."
effect = ["target weakest", "power", "low: target each", "low: heal 1", "mid: damage 3", "mid: keep", "high: damage 5", "high: target others-all", "high: heal 1"]

[[card]]
slug = "coco-cocoricus"
name = "Coco-Cocoricus"
number = "EP2-113"
glyph = "primaire"
initiative = 10
copies = 2
text = "Cible : Adversaire le plus fort. 1-4 : GARDEZ. 5-9 : 2 dégâts. 10+ : 4 dégâts."
effect = ["target strongest", "power", "low: keep", "mid: damage 2", "high: damage 4"]

[[card]]
slug = "tropintimus"
name = "Tropintimus"
number = "EP2-116"
glyph = "primaire"
initiative = 8
copies = 2
text = "ours"
ours = "Cible : Adversaire de gauche. 1-4 : 1 dégât. GARDEZ. 5-9 : 2 dégâts. 10+ : 4 dégâts."
effect = ["target left", "power", "low: damage 1", "low: keep", "mid: damage 2", "high: damage 4"]

[[card]]
slug = "sauvewillix"
name = "Sauvéwillix"
number = "EP2-118"
glyph = "primaire"
initiative = 13
copies = 2
text = "ours"
ours = "Cible : Adversaire le plus faible. 1-4 : Soignez-vous de 2 PV. 5-9 : 2 dégâts et soignez-vous de 1 PV. 10+ : 4 dégâts et soignez-vous de 2 PV. GARDEZ."
effect = ["target weakest", "power", "low: healself 2", "mid: damage 2", "mid: healself 1", "high: damage 4", "high: healself 2", "high: keep"]

[[card]]
slug = "crassdepargnus"
name = "Crassdépargnus"
number = "EP2-119"
glyph = "primaire"
initiative = 18
copies = 2
text = "ours"
ours = "Cible : Adversaire avec le plus de sang. 1-4 : Gagnez 1 sang. 5-9 : 2 dégâts et gagnez 1 sang. 10+ : 3 dégâts et volez 2 sang à la cible. GARDEZ."
effect = ["target most-blood", "power", "low: gain 1", "mid: damage 2", "mid: gain 1", "high: damage 3", "high: steal-blood 2", "high: keep"]
"""
