"""How much of a game's rule catalogue its events cite (``wizards rules GAME --coverage``).

A seeded corpus of random-bot games, the same on every run: the fewest and the
most players, each under the defaults, under every other value of every option
one at a time, and under every on/off option switched together (the orc tower's
modules all in play). Each catalogue entry is counted by how many events of the
corpus cite it (``Consequence.citations()``: the rule applied and the rulings
and assumptions it relied on). An entry no event cites names, in the catalogue,
the test that reaches it from a setup file or a table's data (``reached_by``),
or why no event cites it (``not_cited``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from typing import Any

from domain.kernel import Consequence, Game
from tools.simulation import play


def option_sets(game: Game[Any]) -> Iterator[dict[str, Any]]:
    """The defaults, each other value of each option alone, every switch flipped."""
    yield {}
    for spec in game.spec.options:
        if isinstance(spec.default, bool):
            yield {spec.name: not spec.default}
        else:
            yield from ({spec.name: v} for v in spec.allowed if v != spec.default)
    switches = {o.name: not o.default for o in game.spec.options if isinstance(o.default, bool)}
    if len(switches) > 1:
        yield switches


def corpus(game: Game[Any]) -> Iterator[tuple[int, str, dict[str, Any]]]:
    """(players, seed, options) of every game of the corpus."""
    counts = sorted({game.spec.min_players, game.spec.max_players})
    for k, options in enumerate(option_sets(game)):
        for players in counts:
            yield players, f"coverage:{game.spec.id}:{k}:{players}", options


def citations(game: Game[Any]) -> Counter[str]:
    """How many events of the corpus cite each rule id."""
    cited: Counter[str] = Counter()
    for players, seed, options in corpus(game):
        for event in play(game, players, seed, options=options).events:
            if isinstance(event, Consequence):
                cited.update(event.citations())
    return cited


def coverage(game: Game[Any]) -> list[dict[str, Any]]:
    """One entry a catalogue rule: ``id``, ``source``, ``cited`` (a count) and, for
    an entry never cited, ``reached_by`` or ``why`` as the catalogue declares."""
    cited = citations(game)
    out: list[dict[str, Any]] = []
    for rule in game.catalogue:
        entry: dict[str, Any] = {"id": rule.id, "source": rule.source, "cited": cited[rule.id]}
        if not entry["cited"]:
            if rule.reached_by:
                entry["reached_by"] = rule.reached_by
            if rule.not_cited or not rule.reached_by:
                entry["why"] = rule.not_cited
        out.append(entry)
    return out
