"""Gaztoxicus paid (ruling sw.split): the caster's answers are said as the table
says them — the roll resolved together or split, each die by its value against
an opponent by name — in the story, in the list of legal choices and in a
refusal, in French and English; never as the answer's raw value ("6>2")."""

from __future__ import annotations

import re

from domain.games import get_game
from domain.kernel import IllegalCommand, stored_command
from domain.spellwars import events as ev
from domain.spellwars.commands import Choose
from services.words.sentences import Words
from tests.domain.spellwars.scenario import cast, of

GAME = get_game("spellwars")
PLAYERS = ("Ann", "Bob", "Cid", "Dee")
SPELL = {"source": "multitax#1", "quality": "peutidardus#1", "delivery": "gaztoxicus#1"}
# An answer as recorded: a die against a seat ("6>2"), a die by the engine's note
# ("split die 6"), the whole-or-split choice by its label.
RAW = re.compile(r"\d>\d|\bsplit die \d|\b(chooses|choisit) (whole|split)\b")


def _split_game(*answers: dict[str, object]):  # type: ignore[no-untyped-def]
    """Seats 2 and 1 play first; Ann (seat 0) pays 2 and targets Bob, then rolls 1 and 6
    (as tests/domain/spellwars/test_deliveries.py's Gaztoxicus)."""
    return cast(
        SPELL,
        players=4,
        spells={1: {"source": "hydraponix#1"}, 2: {"quality": "tresormodix#1"}},
        setup={"blood": [2, 0, 0, 0]},
        values=[5, 5, 1, 3, 2, 1, 6, 3],
        answers=[{"type": "Pay", "amount": 2}, {"type": "PickTarget", "seat": 1}, *answers],
    )


def test_the_split_is_told_in_the_story_in_both_languages() -> None:
    _, events = _split_game(
        {"type": "Choose", "choice": "split"}, {"type": "Choose", "choice": "6>2"}
    )
    chosen = of(events, ev.OptionChosen)
    targeted = [t for t in of(events, ev.TargetChosen) if t.rule == "sw.split"]
    english = Words(GAME, PLAYERS, lang="en")
    french = Words(GAME, PLAYERS, lang="fr")
    assert english.event(chosen[0]) == (
        "Ann chooses to split the dice, one per opponent for Gaztoxicus"
    )
    assert french.event(chosen[0]) == (
        "Ann choisit de répartir les dés, un par adversaire pour Gaztoxicus"
    )
    assert english.event(targeted[0]) == "Gaztoxicus targets Cid — the 6 of the split dice"
    assert french.event(targeted[0]) == "Gaztoxicus cible Cid — le 6 des dés répartis"
    for said in (english, french):
        for line in map(said.event, events):
            assert not RAW.search(line), line


def test_the_legal_choices_and_a_refusal_name_each_die_and_opponent() -> None:
    g, _ = _split_game({"type": "Choose", "choice": "split"})
    legal = GAME.legal_commands(g.state, 0)
    english = Words(GAME, PLAYERS, lang="en")
    french = Words(GAME, PLAYERS, lang="fr")
    said_en = [english.command(0, stored_command(c)) for c in legal]
    said_fr = [french.command(0, stored_command(c)) for c in legal]
    assert "Ann chooses the 6 against Cid" in said_en, said_en
    assert "Ann choisit le 1 contre Bob" in said_fr, said_fr
    # the choice's own question, which the page shows above its buttons
    assert english.prompt(g.state.flow.choice.prompt).startswith("Gaztoxicus: split dice 1, 6")  # type: ignore[union-attr]
    assert french.prompt(g.state.flow.choice.prompt).startswith("Gaztoxicus : dés répartis 1, 6")  # type: ignore[union-attr]
    try:
        GAME.decide(g.state, 0, Choose(choice="6>3"), None)  # type: ignore[arg-type]
    except IllegalCommand as refused:
        assert refused.said is not None
        assert french.say(refused.said).startswith("Ann choisit le 6 contre Dee : ")
        assert english.say(refused.said).startswith("Ann chooses the 6 against Dee: ")
    else:
        raise AssertionError("a die against an opponent not offered is refused")


def test_the_whole_roll_is_said_as_such() -> None:
    g, _ = _split_game()
    legal = [stored_command(c) for c in GAME.legal_commands(g.state, 0)]
    french = Words(GAME, PLAYERS, lang="fr")
    english = Words(GAME, PLAYERS, lang="en")
    assert [english.command(0, c) for c in legal] == [
        "Ann chooses to resolve the dice together",
        "Ann chooses to split the dice, one per opponent",
    ]
    assert [french.command(0, c) for c in legal] == [
        "Ann choisit de résoudre les dés ensemble",
        "Ann choisit de répartir les dés, un par adversaire",
    ]
