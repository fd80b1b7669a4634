# ruff: noqa: E501  (card texts and effect lines are data, kept whole on one line)
"""The Treasure deck (25 single cards).

Hooks: ``gain`` runs once when the treasure is gained; ``cast`` runs at the
start of each of its owner's spell resolutions (its initiative turn), so a
``pay`` there is offered once per turn; ``passive`` lines hold while it is owned.
"""

# Chalisman is printed in rules/spellwars-cards.txt; the others are ours.
TOML = r"""
[[card]]
slug = "braguette-de-cthulhu"
name = "Braguette de Cthulhu"
number = "EP2-166"
text = "ours"
ours = "À votre tour d'Initiative, Payez 2 : Infligez 1 dégât à chaque adversaire."
cast = ["pay 2", "paid: target each", "paid: damage 1"]

[[card]]
slug = "gang-du-gong"
name = "Gang du Gong"
number = "EP2-154"
text = "ours"
ours = "À votre tour d'Initiative, infligez 1 dégât à votre adversaire de gauche."
cast = ["target left", "damage 1"]

[[card]]
slug = "divan-le-terrible"
name = "Divan le Terrible"
number = "EP2-155"
text = "ours"
ours = "À votre tour d'Initiative, soignez-vous de 1 PV."
cast = ["healself 1"]

[[card]]
slug = "des-pipes"
name = "Dés Pipés"
number = "EP2-156"
text = "ours"
ours = "Ajoutez 1 dé à chacun de vos Jets de puissance."
passive = ["power-dice any 1"]

[[card]]
slug = "chalisman"
name = "Chalisman"
number = "EP2-157"
text = "Prenez le Donjon. Chaque fois que vous gagnez des sang parce que vous contrôlez le Donjon en fin de tour, gagnez 1 sang supplémentaire."
gain = ["take-dungeon"]
passive = ["dungeon-bonus 1"]

[[card]]
slug = "vers-pas-solitaires"
name = "Vers Pas Solitaires"
number = "EP2-158"
text = "ours"
ours = "À votre tour d'Initiative, infligez 1 dégât à votre adversaire de droite."
cast = ["target right", "damage 1"]

[[card]]
slug = "dissuasion-nucleaire"
name = "Dissuasion Nucléaire"
number = "EP2-159"
text = "ours"
ours = "À votre tour d'Initiative, Payez 4 : Infligez 2 dégâts à chaque adversaire."
cast = ["pay 4", "paid: target each", "paid: damage 2"]

[[card]]
slug = "baguette-bicephale"
name = "Baguette Bicéphale"
number = "EP2-160"
text = "ours"
ours = "Ajoutez 1 dé à vos Jets de puissance Arcane."
passive = ["power-dice arcane 1"]

[[card]]
slug = "manuel-de-cryptozoic"
name = "Manuel de Cryptozoic"
number = "EP2-161"
text = "ours"
ours = "Lorsque vous gagnez ce Trésor, gagnez 2 sang."
gain = ["gain 2"]

[[card]]
slug = "pieces-du-destin"
name = "Pièces du Destin"
number = "EP2-162"
text = "ours"
ours = "À votre tour d'Initiative, lancez 1 dé : sur 5 ou plus, gagnez 2 sang."
cast = ["roll 1", "r>=5: gain 2"]

[[card]]
slug = "buffet-a-volonte"
name = "Buffet à Volonté"
number = "EP2-163"
text = "ours"
ours = "À votre tour d'Initiative, soignez-vous de 1 PV. Donjon : Soignez-vous de 1 PV supplémentaire."
cast = ["healself 1", "dungeon: healself 1"]

[[card]]
slug = "nachos-de-la-rage"
name = "Nachos de la Rage"
number = "EP2-164"
text = "ours"
ours = "À votre tour d'Initiative, Payez 2 : Infligez 2 dégâts à un adversaire de votre choix."
cast = ["pay 2", "paid: target choose", "paid: damage 2"]

[[card]]
slug = "boeuf-aux-hormones"
name = "Bœuf aux Hormones"
number = "EP2-165"
text = "ours"
ours = "Lorsque vous gagnez ce Trésor, soignez-vous de 4 PV."
gain = ["healself 4"]

[[card]]
slug = "coupe-du-tocard"
name = "Coupe du Tocard"
number = "EP2-167"
text = "ours"
ours = "À votre tour d'Initiative, gagnez 1 sang."
cast = ["gain 1"]

[[card]]
slug = "bebe-monstre"
name = "Bébé Monstre"
number = "EP2-168"
text = "ours"
ours = "Ajoutez 1 dé à vos Jets de puissance Ténèbres."
passive = ["power-dice tenebres 1"]

[[card]]
slug = "menottes-d-avarice"
name = "Menottes d'Avarice"
number = "EP2-169"
text = "ours"
ours = "À votre tour d'Initiative, volez 1 sang à l'adversaire qui en a le plus."
cast = ["target most-blood", "steal-blood 1"]

[[card]]
slug = "fusil-a-triple-canon"
name = "Fusil à Triple Canon"
number = "EP2-171"
text = "ours"
ours = "À votre tour d'Initiative, Payez 3 : Infligez 1 dé de dégâts à un adversaire désigné par le dé."
cast = ["pay 3", "paid: target die", "paid: roll 1", "paid: damage r"]

[[card]]
slug = "avis-de-recherche"
name = "Avis de Recherche"
number = "EP2-172"
text = "ours"
ours = "À votre tour d'Initiative, infligez 1 dégât à votre adversaire le plus fort."
cast = ["target strongest", "damage 1"]

[[card]]
slug = "mains-poisseuses"
name = "Mains Poisseuses !"
number = "EP2-173"
text = "ours"
ours = "Lorsque vous gagnez ce Trésor, volez 1 Trésor à l'adversaire qui en a le plus."
gain = ["target most-treasures", "steal-treasure"]

[[card]]
slug = "liste-du-pere-fouettard"
name = "Liste du Père Fouettard"
number = "EP2-174"
text = "ours"
ours = "À votre tour d'Initiative, infligez 1 dégât à votre adversaire le plus faible."
cast = ["target weakest", "damage 1"]

[[card]]
slug = "chipodada"
name = "Chipodada"
number = "EP2-175"
text = "ours"
ours = "Lorsque vous gagnez ce Trésor, soignez-vous de 2 PV et gagnez 1 sang."
gain = ["healself 2", "gain 1"]

[[card]]
slug = "granoloup"
name = "Granoloup"
number = "EP2-176"
text = "ours"
ours = "Ajoutez 1 dé à vos Jets de puissance Élémentaire."
passive = ["power-dice elementaire 1"]

[[card]]
slug = "bouclier-anti-fiente"
name = "Bouclier Anti-Fiente"
number = "EP2-177"
text = "ours"
ours = "Chaque fois qu'un adversaire vous inflige des dégâts, vous en subissez 1 de moins."
passive = ["armor 1"]

[[card]]
slug = "globe-sacrificiel"
name = "Globe Sacrificiel"
number = "EP2-170"
text = "ours"
ours = "À votre tour d'Initiative, Payez 2 : Soignez-vous de 2 PV."
cast = ["pay 2", "paid: healself 2"]

[[card]]
slug = "smoking-de-location"
name = "Smoking de Location"
number = "EP2-178"
text = "ours"
ours = "Lorsque vous gagnez ce Trésor, prenez le Donjon."
gain = ["take-dungeon"]
"""
