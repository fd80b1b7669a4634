"""``wizards rules GAME --coverage``: each catalogue entry with how often a seeded corpus
of bot games cites it, and for one never cited, the test that reaches it or why."""

from __future__ import annotations

from domain.games import get_game
from tests.tools.wizards_cli import Wizards
from tools.coverage import corpus


def test_coverage_counts_each_entry_and_names_what_reaches_the_others(wizards: Wizards) -> None:
    entries = wizards.json("rules", "elfenwizards", "--coverage", "--json")
    game = get_game("elfenwizards")
    assert [e["id"] for e in entries] == [r.id for r in game.catalogue]
    by_id = {e["id"]: e for e in entries}
    # Every game of the corpus opens with its guilds' colours.
    games = sum(1 for _ in corpus(game))
    assert by_id["elfenwizards.setup.colours"]["cited"] == games
    never = [e for e in entries if not e["cited"]]
    assert never and all(e.get("reached_by") or e.get("why") for e in never)
    timers = by_id["elfenwizards.negotiation.timers"]
    assert timers["cited"] == 0 and "never enforced" in timers["why"]
    assert all(set(e) <= {"id", "source", "cited", "reached_by", "why"} for e in entries)
    # The same corpus every time: the counts do not move between runs.
    assert wizards.json("rules", "elfenwizards", "--coverage", "--json") == entries


def test_coverage_as_text_ends_with_the_total(wizards: Wizards) -> None:
    # Elfenwizards: its corpus is the quickest to play (ultimate's, 34 sets of options,
    # is played by tests/test_catalogues.py).
    text = wizards("rules", "elfenwizards", "--coverage").stdout.splitlines()
    game = get_game("elfenwizards")
    assert len(text) == len(game.catalogue) + 1
    assert "(reached by tests/domain/elfenwizards/" in "\n".join(text)
    assert text[-1].endswith(f"entries cited by {sum(1 for _ in corpus(game))} seeded bot games")
