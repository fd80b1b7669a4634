"""What "sorcier ultime" says about itself in words (``GAME.words``): printed card
names, commands as sentences and the page's command labels."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from domain.kernel import GameWords, Naming
from domain.kernel.words import SEAT_KEYS
from domain.ultimate.cards import known_name


def card_name(card_id: str) -> str | None:
    """The French name printed on the card or in the combo list (an effect kind
    by its name): what the events' own lines say too (``cards.name_of``), so a
    command's line, its consequences' lines and a view's facts call a card alike."""
    return known_name(card_id)


def command_words(command: Mapping[str, Any], who: str, words: Naming) -> str | None:
    kind = command.get("type")
    card = command.get("card")
    target = command.get("target")
    on = f" on {words.seat(target)}" if isinstance(target, int) else ""
    paying = f", discarding {words.card(command['discard'])}" if command.get("discard") else ""
    if kind == "Draw":
        return f"{who} draws a card"
    if kind == "PlayCard" and isinstance(card, str):
        return f"{who} plays {words.card(card)}{on}{paying}"
    if kind == "PlayCombo":
        second = command.get("second_target")
        also = f" and {words.seat(second)}" if isinstance(second, int) else ""
        taking = f", taking {words.card(card)}" if isinstance(card, str) else ""
        return f"{who} plays the combo {words.card(command['combo'])}{on}{also}{taking}"
    if kind == "NoAction" and isinstance(card, str):
        return f"{who} takes no action and discards {words.card(card)}"
    if kind == "Pass":
        return f"{who} passes"
    if kind == "Discard" and isinstance(card, str):
        return f"{who} discards {words.card(card)}"
    if kind == "EndTurn":
        return f"{who} ends the turn"
    if kind == "Defend" and isinstance(card, str):
        towards = f", sending the attack to {words.seat(target)}" if on else ""
        return f"{who} defends with {words.card(card)}{towards}{paying}"
    if kind == "Decline":
        return f"{who} does not defend"
    return None


WORDS = GameWords(
    card_name=card_name,
    command_words=command_words,
    # Who attacks, whom a hit of the attack is aimed at, who demands a discard.
    seat_keys=SEAT_KEYS | {"attacker", "target", "by"},
    command_labels={
        "Draw": "Draw a card",
        "PlayCard": "Play a card",
        "PlayCombo": "Play a combo",
        "NoAction": "Discard instead (no action)",
        "Pass": "Pass",
        "Discard": "Discard a card",
        "EndTurn": "End the turn",
        "Defend": "Defend",
        "Decline": "Take it (no defence)",
    },
)
