"""The cards and combos of Sorcier ultime as a page draws them (``GAME.card_faces``):
the printed text of each (the rulebook's list, without the name it starts with),
the catalogue's gloss, and what the page shows besides (its English title, whom it
targets, a combo's cards)."""

from __future__ import annotations

from domain.kernel import CardFace
from domain.ultimate.cards import CARDS, COMBOS
from domain.ultimate.catalogue import CATALOGUE


def _rule_texts(rule_id: str) -> tuple[str, str]:
    """(passage, gloss) of a rule of the catalogue; empty for none."""
    if rule_id and rule_id in CATALOGUE:
        rule = CATALOGUE[rule_id]
        return rule.passage, rule.summary
    return "", ""


def _printed(name: str, passage: str) -> str:
    """The card's text without the "Name - " the rulebook's list starts it with."""
    for sep in (" - ", " : ", " – "):
        if passage.startswith(name + sep):
            return passage[len(name) + len(sep) :]
    return passage


def card_faces() -> tuple[CardFace, ...]:
    faces = []
    for c in CARDS.values():
        passage, gloss = _rule_texts(c.rule)
        faces.append(
            CardFace(
                id=c.id,
                name=c.name,
                kind=c.category,
                text=_printed(c.name, passage),
                gloss=gloss,
                rule=c.rule,
                extra={"title": c.title, "targeting": c.targeting},
            )
        )
    for k in COMBOS.values():
        passage, gloss = _rule_texts(k.rule)
        faces.append(
            CardFace(
                id=k.id,
                name=k.name,
                kind="combo",
                text=passage,
                gloss=gloss,
                rule=k.rule,
                extra={"title": k.title, "targeting": k.targeting, "cards": list(k.cards)},
            )
        )
    return tuple(faces)
