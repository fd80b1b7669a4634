"""The defects of the players' words the issue listed, each read as a player
reads it: counts said as counts, phases in the sentence's language, a stage
by what is done in it, a first-player die with the player it picks, a button
by the rulebook's action."""

from __future__ import annotations

import pytest

from domain.elfenwizards.events import PhaseBegan
from domain.games import get_game
from domain.kernel import DiceRolled, GameStarted, IllegalCommand, Pending
from domain.kernel.pending import require_pending
from domain.orctower.events import StageChanged
from domain.spellwars.events import CasterChosen
from domain.ultimate.commands import Draw
from services.words.faces import table_face
from services.words.refusals import worded
from services.words.sentences import Words
from tests.told import told

NAMES = ("Ann", "Bob", "Cy")


def test_a_count_of_one_is_said_in_the_singular() -> None:
    one = CasterChosen(rule="sw.order", seat=0, size=1, initiative=0)
    assert told(get_game("spellwars"), one) == "Ann casts next (1 component, initiative 0)"
    two = CasterChosen(rule="sw.order", seat=1, size=2, initiative=5)
    assert told(get_game("spellwars"), two) == "Bob casts next (2 components, initiative 5)"


def test_an_english_sentence_names_the_phase_in_english() -> None:
    phase = PhaseBegan(rule="elfenwizards.round.order", phase="reroll", number=3, order=(0,))
    line = told(get_game("elfenwizards"), phase)
    assert line == "phase 3, Rolling and allocating the remaining major spells: to act in turn Ann"
    retire = PhaseBegan(rule="elfenwizards.round.order", phase="retire", number=1, order=(1,))
    assert told(get_game("elfenwizards"), retire).startswith(
        "phase 1, Retirement of the Grand Druide"
    )


def test_the_orc_towers_stage_is_what_is_done_in_it() -> None:
    stage = StageChanged(rule="orctower.turn.phases", stage="actions")
    assert told(get_game("orctower"), stage) == "now: taking actions"


def test_a_first_player_die_names_the_player_it_picks_on_every_surface() -> None:
    """The web story reads the log's lines: the pick is in the line itself."""
    roll = DiceRolled(
        rule="ultimate.setup.first-player", seat=None, purpose="first player", sides=3,
        values=(2,), counter=0,
    )  # fmt: skip
    said = Words(get_game("ultimate"), NAMES).event(roll)
    assert said == "rolled d3 for the first player: 2 → Bob"


def test_the_orc_towers_buttons_say_the_rulebooks_actions() -> None:
    labels = table_face("orctower")["labels"]
    assert labels["RevealMarker"] == "Reveal a creature marker"
    assert labels["Cast"] == "Cast a spell"


def test_a_refusal_out_of_turn_names_the_players() -> None:
    """The kernel's refusal is a phrase: plain on its own, told with the names."""
    waiting = (Pending(seat=1, accepts=("Draw",), prompt=""),)
    with pytest.raises(IllegalCommand) as refused:
        require_pending(waiting, 0, Draw())
    assert refused.value.message == "seat 0 has nothing to decide now (waiting for seat 1)"
    started = GameStarted(
        game="ultimate", options={}, players=("Ann", "Bob"), mode="seeded", seed_commitment="",
        engine_version="0",
    )  # fmt: skip
    said = worded(refused.value, started)
    assert said.message == "Ann has nothing to decide now (waiting for Bob)"
