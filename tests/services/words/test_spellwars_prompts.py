"""Spell Wars asks its questions in phrases (``Pending.prompt``, ``Choice.prompt``):
each is told in the reader's language with the players' names and the table's
card names, from its values, none read back from an English sentence. Every
question seeded bot games ask reads in French as French, with no seat by
number; the same question in English names the same players."""

from __future__ import annotations

import re

from domain.kernel.phrases import Card, Phrase, Seat
from domain.spellwars import GAME
from services.words.sentences import Words
from tools.simulation import Step, steps

NAMES = ("Ann", "Bob", "Cid", "Dee", "Eve", "Flo")


def asked(seeds: tuple[str, ...], players: int) -> list[Phrase]:
    """Every question the games ask, once each."""
    out: dict[Phrase, None] = {}
    for seed in seeds:
        for step in steps(GAME, players, seed):
            if not isinstance(step, Step):
                break
            for p in step.fold.state.pending:
                assert isinstance(p.prompt, Phrase), p.prompt
                out[p.prompt] = None
    return list(out)


def test_every_question_is_a_phrase_told_in_french_by_name() -> None:
    questions = asked(("asks-1", "asks-2", "asks-3"), 4)
    card_questions = [q for q in questions if q.msgid == "{card}: {question}"]
    assert len(card_questions) >= 5, questions  # the cards' own questions, not only placing
    french, english = Words(GAME, NAMES[:4], lang="fr"), Words(GAME, NAMES[:4], lang="en")
    for q in questions:
        fr, en = french.prompt(q), english.prompt(q)
        assert fr != en, f"not said in French: {en!r}"
        assert not re.search(r"\b(?:seat|siège) \d", fr + en), (fr, en)
    for q in card_questions:
        card = dict(q.args)["card"]
        assert isinstance(card, Card)
        # The card by the table's name for it, not its id.
        assert french.card(card.card) in french.prompt(q) and card.card not in french.prompt(q)


def test_a_question_names_the_player_it_is_about() -> None:
    sacrifice = Phrase(
        "{card}: {question}",
        (
            ("card", Card("taleboulas#1")),
            (
                "question",
                Phrase(
                    "{amount} damage to {seat}: sacrifice a creature?",
                    (("amount", 3), ("seat", Seat(1))),
                ),
            ),
        ),
    )
    assert Words(GAME, NAMES[:3], lang="en").prompt(sacrifice) == (
        "Taléboulas: 3 damage to Bob: sacrifice a creature?"
    )
    assert Words(GAME, NAMES[:3], lang="fr").prompt(sacrifice) == (
        "Taléboulas : 3 dégâts à Bob : sacrifier une créature ?"
    )
