# ruff: noqa: E501  (card texts and effect lines are data, kept whole on one line)
"""The dead-wizard deck (25 cards, 8 names).

``immediate = true`` cards run ``effect`` when drawn; the others run it at the
start of the next round. ``passive`` lines hold while the card lies in front
of its owner (until the end of the round).
"""

# Sorcier sous Terre is printed in rules/spellwars-cards.txt; the others are ours.
TOML = r"""
[[card]]
slug = "petit-ange-parti-trop-tot"
name = "Petit Ange Parti Trop Tôt"
number = "EP2-130"
copies = 3
text = "ours"
ours = "Au début de la prochaine manche, soignez-vous de 2 PV (jusqu'à 25)."
effect = ["healself 2"]

[[card]]
slug = "tournee-d-adieu"
name = "Tournée d'Adieu"
number = "EP2-134"
copies = 3
immediate = true
text = "ours"
ours = "Immédiat : Gagnez 2 sang."
effect = ["gain 2"]

[[card]]
slug = "bilan-sanguin"
name = "Bilan Sanguin"
number = "EP2-139"
copies = 3
text = "ours"
ours = "Au début de la prochaine manche, gagnez 3 sang."
effect = ["gain 3"]

[[card]]
slug = "sorcier-sous-terre"
name = "Sorcier sous Terre"
number = "EP2-140"
copies = 3
immediate = true
text = "Immédiat : Prenez le Donjon. Si vous contrôlez le Donjon alors que vous êtes mort à la fin d'un tour, gagnez 4 sang au lieu de 1."
effect = ["take-dungeon"]
passive = ["dead-dungeon-blood 4"]

[[card]]
slug = "repos-merite"
name = "Repos Mérité"
number = "EP2-144"
copies = 4
text = "ours"
ours = "Au début de la prochaine manche, soignez-vous de 3 PV (jusqu'à 25)."
effect = ["healself 3"]

[[card]]
slug = "doigt-magique"
name = "Doigt Magique"
number = "EP2-145"
copies = 4
text = "ours"
ours = "Au début de la prochaine manche, gagnez 1 Trésor."
effect = ["treasure 1"]

[[card]]
slug = "ronronne-en-paix"
name = "Ronronne en Paix"
number = "EP2-149"
copies = 3
text = "ours"
ours = "Au début de la prochaine manche, soignez-vous de 1 PV et gagnez 1 sang."
effect = ["healself 1", "gain 1"]

[[card]]
slug = "baisse-de-tension"
name = "Baisse de Tension"
number = "EP2-152"
copies = 2
immediate = true
text = "ours"
ours = "Immédiat : Infligez 2 dégâts au sorcier vivant qui contrôle le Donjon."
effect = ["target holder", "damage 2"]
"""
