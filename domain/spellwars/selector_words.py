"""Target selectors in words: what a card's ``target`` line means to a player.

The effect language names selectors by short ids (``played-all``, ``most-blood``);
the story and the choices say what they mean instead (see docs/spellwars.md,
"Selectors", for what each one picks)."""

from __future__ import annotations

import re

SELECTOR_WORDS: dict[str, str] = {
    "left": "the wizard on the left",
    "right": "the wizard on the right",
    "neighbours": "both neighbours",
    "self": "the caster",
    "killer": "the caster's killer",
    "took-from": "the wizard it took from",
    "holder": "the Dungeon's holder",
    "each": "every opponent",
    "played-all": "every opponent who has cast",
    "unplayed-all": "every opponent who has not cast yet",
    "has-treasure-all": "every opponent with a treasure",
    "token-all": "every opponent with a token",
    "even-all": "every opponent on even life",
    "odd-all": "every opponent on odd life",
    "others-all": "every opponent not yet targeted",
    "stronger-all": "every opponent with more life",
    "weaker-all": "every opponent with less life",
    "strongest": "the strongest opponent (most life)",
    "weakest": "the weakest opponent (least life)",
    "most-treasures": "the opponent with the most treasures",
    "most-creatures": "the opponent with the most creatures",
    "most-blood": "the opponent with the most blood",
    "stronger": "an opponent with more life",
    "weaker": "an opponent with less life",
    "choose": "an opponent of the caster's choice",
    "other": "an opponent not yet targeted",
    "played": "an opponent who has cast",
    "not-holder": "an opponent without the Dungeon",
    "no-creature": "an opponent without a creature",
    "no-treasure": "an opponent without a treasure",
    "die": "an opponent the die designates",
}


def selector_words(selector: str) -> str:
    """A selector in words; anything else (a split die's "split die 4") as it is."""
    return SELECTOR_WORDS.get(selector, selector)


# A target choice's prompt as the engine records it: "pick a target (most-blood)".
# The record keeps the id (the same commands decide the same events); what a
# player reads is said here.
_PICK = re.compile(r"pick a target \(([a-z-]+)\)")


def said_prompt(prompt: str) -> str:
    """A recorded prompt in words: "pick a target: the opponent with the most blood"."""
    return _PICK.sub(lambda m: f"pick a target: {selector_words(m.group(1))}", prompt)
