"""The keys of views the games share, as a fact's label reads them.

A view (``Game.view``) is told as labelled facts (``services.words.views``),
each label made of the keys that lead to it ("Ann — life", "pending — prompt").
A key is a machine's name; its label is a phrase, told in the reader's language.
The keys one game alone holds are labelled in its words (``GameWords.fact_labels``),
which take precedence over these; a key labelled nowhere is said spaced
(``to_act``: "to act").

The fields of events are labelled by the same words where a difference between
two decisions names the field that differs (``services.words.differences``):
the kernel's events' fields and those several games' events share are here,
a game's own with its view's keys."""

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
    # The fields of the kernel's events and of several games' events.
    "also": phrase("also"),
    "amount": phrase("amount"),
    "at": phrase("at"),
    "command": phrase("command"),
    "count": phrase("count"),
    "counter": phrase("counter"),
    "creature": phrase("creature"),
    "data": phrase("data"),
    "data_hash": phrase("data hash"),
    "dice": phrase("dice"),
    "drew": phrase("drew"),
    "engine_version": phrase("engine version"),
    "from_game": phrase("from game"),
    "first": phrase("plays first"),
    "game": phrase("game"),
    "hands": phrase("hands"),
    "key": phrase("key"),
    "kept": phrase("kept"),
    "lost": phrase("lost"),
    "mode": phrase("mode"),
    "order": phrase("order"),
    "orders": phrase("orders"),
    "permutation": phrase("permutation"),
    "pile": phrase("pile"),
    "private_to": phrase("private to"),
    "purpose": phrase("purpose"),
    "reason": phrase("reason"),
    "rule": phrase("rule"),
    "secret": phrase("secret"),
    "seed": phrase("seed"),
    "seed_commitment": phrase("seed commitment"),
    "setup": phrase("setup"),
    "sides": phrase("sides"),
    "slot": phrase("slot"),
    "source": phrase("source"),
    "unknown": phrase("unknown"),
    "values": phrase("values"),
    "wizards": phrase("wizards"),
}
