"""French that does not depend on a name's gender or a noun's: a player's name
takes no adjective (« Ann est éliminé » would be wrong for Ann), an empty list
says « néant » where the noun is not known (« aucune » was said of dice), and a
list of dice that holds none says « aucun dé »."""

from __future__ import annotations

import re

import pytest
from babel.messages.pofile import read_po

from domain.games import get_game
from domain.spellwars import events as sw
from domain.ultimate import events as ult
from services.words.sentences import Words
from services.words.telling import LOCALE_DIR

# Placeholders that hold a player: a past participle or an adjective after one
# agrees with the player's gender, which the table never says.
_PLAYER = r"\{(?:seat|who|player|winner|victim|target|owner|caster|killer|holder|attacker)\}"
# The player as the subject: first in the message or in a clause of it.
_AGREEING = re.compile(
    r"(?:^|[;:] )" + _PLAYER + r",? (?:est|était|reste|devient|meurt) (?:\w+ )?(?:\w+é|\w+ée?s?)\b"
)
_BY_A_PLAYER = re.compile(r"\b(?:tué|tuée|éliminé|éliminée) par " + _PLAYER)


def _french_messages() -> list[str]:
    with (LOCALE_DIR / "fr" / "LC_MESSAGES" / "wizards.po").open("rb") as f:
        catalogue = read_po(f, locale="fr")
    said: list[str] = []
    for message in catalogue:
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        said.extend(s for s in strings if s)
    return said


def test_no_french_message_makes_a_word_agree_with_a_players_name() -> None:
    agreeing = [s for s in _french_messages() if _AGREEING.search(s) or _BY_A_PLAYER.search(s)]
    assert agreeing == []


@pytest.mark.parametrize(
    ("game", "event", "french"),
    [
        (
            "ultimate",
            ult.WizardEliminated(rule="ultimate.turn.elimination", seat=0, cards=("fireball",)),
            "élimination d'Ann ; sa main (Boule de feu) est défaussée",
        ),
        (
            "spellwars",
            sw.WizardDied(rule="spellwars.death", seat=1, killer=0, lost=()),
            "Bob meurt de la main d'Ann",
        ),
    ],
)
def test_a_fall_is_said_without_an_agreement(game: str, event: object, french: str) -> None:
    assert Words(get_game(game), ("Ann", "Bob"), lang="fr").event(event) == french  # type: ignore[arg-type]


@pytest.mark.parametrize(("lang", "said"), [("fr", "néant"), ("en", "none")])
def test_an_empty_list_is_said_whatever_it_lists(lang: str, said: str) -> None:
    words = Words(get_game("elfenwizards"), ("Ann", "Bob", "Cy"), lang=lang)
    assert words.value("rolled", []) == said
