"""The keys of views the games share, as a fact's label reads them.

A view (``Game.view``) is told as labelled facts (``services.words.views``),
each label made of the keys that lead to it ("Ann — life", "pending — prompt").
A key is a machine's name; its label is a phrase, told in the reader's language.
The keys one game alone holds are labelled in its words (``GameWords.fact_labels``),
which take precedence over these; a key labelled nowhere is said spaced
(``to_act``: "to act")."""

from __future__ import annotations

from collections.abc import Mapping

from domain.kernel.phrases import Phrase, phrase

FACT_LABELS: Mapping[str, Phrase] = {
    "round": phrase("round"),
    "turn": phrase("turn"),
    "phase": phrase("phase"),
    "stage": phrase("stage"),
    "hand": phrase("hand"),
    "discard": phrase("discard"),
    "deck": phrase("deck"),
    "cards": phrase("cards"),
    "card": phrase("card"),
    "life": phrase("life"),
    "active": phrase("active"),
    "winner": phrase("winner"),
    "winners": phrase("winners"),
    "demands": phrase("demands"),
    "by": phrase("by"),
    "target": phrase("target"),
    "damage": phrase("damage"),
    "poison": phrase("poison"),
    "colour": phrase("colour"),
    "score": phrase("score"),
    "scores": phrase("scores"),
    "creatures": phrase("creatures"),
    "kind": phrase("kind"),
    "seat": phrase("seat"),
    "space": phrase("space"),
    "id": phrase("id"),
    "pending": phrase("pending"),
    "prompt": phrase("prompt"),
    "options": phrase("options"),
    "players": phrase("players"),
}
