# ruff: noqa: E501  (card texts and effect lines are data, kept whole on one line)
"""The wild magic cards (8 copies)."""

TOML = r"""
[[card]]
slug = "magie-feroce"
name = "Magie Féroce"
number = "EP2-123"
copies = 8
text = "Remplace n'importe quelle carte dans un sort. Avant de résoudre votre sort, révélez des cartes de la pioche principale jusqu'à ce que vous trouviez une carte du type remplacé par cette carte Magie féroce. La carte piochée fait désormais partie de votre sort. Défaussez cette carte Magie féroce et les autres cartes révélées."
"""
