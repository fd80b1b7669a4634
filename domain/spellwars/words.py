"""Spell Wars in words: card instance ids (``roulepelax#1``) by their printed names."""

from __future__ import annotations

from domain.spellwars.cards import card


def card_name(card_id: str) -> str | None:
    try:
        return card(card_id).name
    except KeyError:
        return None
