"""A round is said by each rulebook's own word: « manche » in Sorcier ultime and
Spell Wars, « round » in the orc tower, « tour » (of 4) in Elfenwizards; a turn
is a « tour ». The story's headings and the events that open a round agree."""

from __future__ import annotations

import pytest

from domain.elfenwizards import events as elfen
from domain.games import get_game
from domain.kernel import Event
from domain.orctower import events as orc
from domain.spellwars import events as spell
from domain.ultimate import events as ultimate
from services.words.sentences import Words
from services.words.telling import speaking

ROUNDS: dict[str, tuple[Event, str, str, str, str]] = {
    # game: (the event opening round 2, its heading and line in French, then in English)
    "ultimate": (
        ultimate.RoundStarted(rule="ultimate.round.new", round=2, health=9),
        "Manche 2",
        "la manche 2 commence ; chaque sorcier à 9 points de vie",
        "Round 2",
        "round 2 begins; every wizard at 9 life",
    ),
    "spellwars": (
        spell.RoundStarted(rule="sw.setup.deal", round=2),
        "Manche 2",
        "la manche 2 commence : chaque sorcier à 20 points de vie, le Donjon au milieu",
        "Round 2",
        "round 2 begins: every wizard at 20 life, the Dungeon in the middle",
    ),
    "orctower": (
        orc.RoundStarted(rule="orctower.round.destiny", round=2),
        "Round 2",
        "le round 2 commence",
        "Round 2",
        "round 2 begins",
    ),
    "elfenwizards": (
        elfen.RoundBegan(rule="elfenwizards.round.phases", round=2),
        "Tour 2 sur 4",
        "le tour 2 sur 4 commence",
        "Round 2 of 4",
        "round 2 of 4 begins",
    ),
}


@pytest.mark.parametrize("game", list(ROUNDS))
def test_a_round_is_said_by_the_rulebooks_word(game: str) -> None:
    event, heading_fr, line_fr, heading_en, line_en = ROUNDS[game]
    with speaking("fr"):
        words = Words(get_game(game), ("Ann", "Bob", "Cy"))
        assert words.heading(event) == (1, heading_fr)
        assert words.event(event) == line_fr
    with speaking("en"):
        words = Words(get_game(game), ("Ann", "Bob", "Cy"))
        assert words.heading(event) == (1, heading_en)
        assert words.event(event) == line_en


def test_a_turn_is_a_tour_in_french() -> None:
    event = spell.TurnStarted(rule="sw.turn.draw", turn=3)
    with speaking("fr"):
        assert Words(get_game("spellwars"), ("Ann", "Bob")).heading(event) == (2, "Tour 3")


def test_spell_wars_ends_a_manche_in_french() -> None:
    # Spell Wars' rulebook plays « manches » of « tours de jeu »: the end of one
    # and the game's result say so too, never « round ».
    with speaking("fr"):
        words = Words(get_game("spellwars"), ("Ann", "Bob"))
        ended = spell.RoundEnded(rule="sw.round.end", round=2, survivor=1)
        assert words.event(ended) == "la manche 2 se termine ; dernier survivant : Bob"
        nobody = spell.RoundEnded(rule="sw.round.end", round=3, survivor=-1)
        assert words.event(nobody) == "la manche 3 se termine ; dernier survivant : personne"
