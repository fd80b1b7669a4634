"""The card decks of Spell Wars as data: one module per deck, each a TOML text.

A table owning the box can replace an ``ours`` card's ``effect`` lines with the
printed text written in the effect language (see docs/spellwars.md).
"""
