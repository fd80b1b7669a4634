"""Rules profiles: each engine version's readings, aliases and unrecorded fields,
from every game's changelog."""

from __future__ import annotations

import pytest

from domain.games import all_games, get_game
from domain.kernel import ENGINE_VERSION
from domain.kernel.profiles import Change, check_changelog, profile_at, version_key


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_every_changelog_entry_names_a_rule_an_option_and_why(game: object) -> None:
    options = {o.name: o.allowed for o in game.spec.options}  # type: ignore[attr-defined]
    rules = [r.id for r in game.catalogue]  # type: ignore[attr-defined]
    assert check_changelog(game.catalogue.changelog, rules, options) == []  # type: ignore[attr-defined]
    for c in game.catalogue.changelog:  # type: ignore[attr-defined]
        assert version_key(c.version) <= version_key(ENGINE_VERSION), c.name


@pytest.mark.parametrize("game", all_games(), ids=lambda g: g.spec.id)
def test_todays_profile_changes_nothing(game: object) -> None:
    today = game.catalogue.profile(ENGINE_VERSION)  # type: ignore[attr-defined]
    assert (dict(today.options), dict(today.aliases), today.unrecorded) == ({}, {}, frozenset())


def test_an_old_profile_pins_the_old_readings_and_aliases() -> None:
    old = get_game("spellwars").catalogue.profile("0.1.0")
    assert old.options["added_order"] == "next"
    assert old.options["dead_bonus"] == "after_discard"
    assert old.aliases["sw.target.strongest"] == "sw.target.before-dice"
    assert "also" in old.unrecorded
    assert "added_order" not in get_game("spellwars").catalogue.profile("0.2.0").options
    assert get_game("orctower").catalogue.profile("0.3.0").options["numbers"] == "first"


def test_an_alias_of_an_alias_reads_as_todays_rule() -> None:
    changes = [
        Change(version="0.2.0", rule="b", renamed_from="a", why="."),
        Change(version="0.5.0", rule="c", renamed_from="b", why="."),
        Change(version="0.3.0", rule="r", option="o", old=1, new=2, why="."),
        Change(version="0.5.0", rule="r", option="o", old=2, new=3, why="."),
    ]
    assert profile_at(changes, "0.1.0").aliases == {"a": "c", "b": "c"}
    assert profile_at(changes, "0.1.0").options == {"o": 1}
    assert profile_at(changes, "0.4.0").options == {"o": 2}
    assert profile_at(changes, "0.5.0").options == {}
