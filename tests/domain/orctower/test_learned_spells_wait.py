"""« Note : les nouveaux sorts ne peuvent être utilisés qu'aux tours ultérieurs »:
a spell learned this turn comes into its player's hand by no way before the
turn is over, and is there to draw for the turns after."""

from __future__ import annotations

import pytest

from domain.orctower import GAME
from domain.orctower import commands as c
from domain.orctower.events import CardsDrawn, SpellLearned
from domain.orctower.state import card_spell
from tests.domain.orctower.scenario import Scenario, base, of

HAND = ["spell_book_wf.11", "replenish.11", "zap.11", "smash.11"]


def _learn_fireball_then_replenish(actions: int = 2) -> tuple[Scenario, str, list[object]]:
    """Seat 0 learns Boule de feu (palette slot 0) into an otherwise empty discard,
    then casts Réapprovisionnement for its first effect, 2 cards from an empty deck."""
    setup = base(2, actions=actions, seats=[{"hand": HAND, "deck": [], "discard": []}, {}])
    s = Scenario(2, setup, seed="learned")
    out = s.play({"type": "Cast", "card": "spell_book_wf.11"}, {"type": "Learn", "slot": 0})
    learned = of(out, SpellLearned)[0].card
    assert card_spell(learned) == "fireball"
    out = s.play({"type": "Cast", "card": "replenish.11"}, {"type": "Replenish", "level": 1})
    return s, learned, out


def test_a_draw_that_reshuffles_the_discard_leaves_the_learned_spell_there() -> None:
    s, learned, out = _learn_fireball_then_replenish(actions=3)
    drawn = [card for e in of(out, CardsDrawn) for card in e.cards]
    assert drawn == ["spell_book_wf.11"]  # the only other card of the discard
    assert learned not in s.state.seats[0].hand
    assert learned in s.state.seats[0].discard
    casts = [x.card for x in GAME.legal_commands(s.state, 0) if isinstance(x, c.Cast)]
    assert learned not in casts


def test_the_learned_spell_is_shuffled_in_for_the_turns_after() -> None:
    s, learned, _ = _learn_fireball_then_replenish(actions=2)
    assert s.state.active == 1  # the turn is over: its draw reshuffled the whole discard
    seat = s.state.seats[0]
    assert learned in seat.deck + seat.hand and learned not in seat.discard


# The other draws of a turn from the deck: a bonus action's, a baby toad's.
OTHER_DRAWS = {
    "bonus action": (
        {"bonus_actions": True},
        {"creatures": [{"id": "goblin-20", "quarter": 1, "section": 0, "damage": 1}]},
        [
            {"type": "Cast", "card": "zap.11"},
            {"type": "Attack", "level": 1, "creature": "goblin-20"},
            {"type": "TakeBonus", "creature": "goblin-20"},
        ],
    ),
    "baby toad": (
        {"toad": "shaman"},
        {},
        [{"type": "UseToad", "tile": "toad_draw.01"}],
    ),
}


@pytest.mark.parametrize("way", sorted(OTHER_DRAWS))
def test_no_draw_of_the_turn_brings_the_learned_spell(way: str) -> None:
    options, more, commands = OTHER_DRAWS[way]
    seat = {"hand": HAND, "deck": [], "discard": [], "toads": ["toad_draw.01"]}
    s = Scenario(2, base(2, actions=3, seats=[seat, {}], **more), options, seed="learned")
    out = s.play({"type": "Cast", "card": "spell_book_wf.11"}, {"type": "Learn", "slot": 0})
    learned = of(out, SpellLearned)[0].card
    out = s.play(*commands)
    assert [len(e.cards) for e in of(out, CardsDrawn)] == [1]
    assert learned not in s.state.seats[0].hand
    assert learned in s.state.seats[0].discard
