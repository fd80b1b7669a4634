"""A state read says a view's prompts only in the parts its game declares to hold
them (``GameWords.prompts_in``): every prompt a view of a bot game holds is in one
of them, so none is left in the engine's English."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from domain.games import all_games
from domain.kernel import Game
from services.reads.views import named_prompts
from services.words.sentences import Words
from tools.simulation import Step, steps


def _prompt_paths(value: Any, path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    if isinstance(value, dict):
        for k, v in value.items():
            # A sentence, or a phrase as data (its tagged fields: Spell Wars').
            if k == "prompt" and isinstance(v, str | dict):
                yield path
            else:
                yield from _prompt_paths(v, (*path, str(k)))
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _prompt_paths(v, path)


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_every_prompt_of_a_view_is_in_a_declared_part(game: Game[Any]) -> None:
    declared = game.words.prompts_in
    seen: set[str] = set()
    for seed in ("prompts-1", "prompts-2"):
        for step in steps(game, game.spec.min_players, seed):
            if not isinstance(step, Step):
                break
            words = Words(game, ("Ann", "Bob", "Cy", "Dee")[: game.spec.max_players])
            for seat in (None, *range(len(step.fold.started.players))):
                view = game.view(step.fold.state, seat)
                for path in _prompt_paths(view):
                    assert path and path[0] in declared, (game.spec.id, path, declared)
                    seen.add(path[0])
                said = named_prompts(view, words)
                assert not [p for p in _prompt_paths(said) if p and p[0] not in declared]
                choice = said.get("choice")
                if isinstance(choice, dict):  # told: a sentence in the reader's words
                    assert isinstance(choice["prompt"], str), choice
    # The declaration names parts that do hold prompts (it is not a guess).
    assert seen, f"{game.spec.id}: no view held a prompt in two bot games"
    assert seen <= declared


def test_a_prompt_in_a_declared_part_is_said_in_the_readers_words() -> None:
    game = next(g for g in all_games() if g.spec.id == "ultimate")
    view = {
        "pending": [{"seat": 1, "prompt": "discard a card of your choice (demanded by seat 0)"}]
    }
    said = named_prompts(view, Words(game, ("Ann", "Bob"), lang="fr"))
    assert view["pending"][0]["prompt"].endswith("seat 0)")  # the view itself untouched
    assert said["pending"][0]["prompt"] == "défaussez une carte de votre choix (demandé par Ann)"
