"""Rules profiles: each engine version's readings, aliases and unrecorded fields,
from every game's changelog."""

from __future__ import annotations

import pytest

from domain.games import all_games, get_game
from domain.kernel import ENGINE_VERSION
from domain.kernel.profiles import (
    Change,
    check_changelog,
    profile_at,
    profile_named,
    profiles_of,
    version_key,
)


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


def test_a_version_that_shipped_two_behaviours_has_a_profile_for_each() -> None:
    """0.1.0 of Spell Wars: its main profile, then each revision variant in changelog
    order, each the main one with its own entries' readings; a variant parts no
    versions, so no other version's profile moves."""
    catalogue = get_game("spellwars").catalogue
    main, before, since = catalogue.profiles("0.1.0")
    assert [p.name for p in (main, before, since)] == [
        "0.1.0",
        "0.1.0 before 5227ba3",
        "0.1.0 as of 09066c5",
    ]
    assert main == catalogue.profile("0.1.0") and "chance_script" not in main.options
    assert (before.options["chance_script"], before.options["dead_bonus"]) == (
        "position",
        "after_discard",
    )
    assert since.options["dead_bonus"] == "before_discard" and "chance_script" not in since.options
    assert [p.spelling for p in (main, before, since)] == [
        "0.1.0",
        "0.1.0@5227ba3",
        "0.1.0@09066c5",
    ]
    assert profile_named(catalogue.changelog, "0.1.0@09066c5") == since
    assert profile_named(catalogue.changelog, "0.1.0@1bdd525") is None
    assert [p.name for p in catalogue.profiles("0.2.0")] == ["0.2.0", "0.2.0 as of c08a9c1"]
    assert catalogue.profiles("0.2.0")[1].options["table_picks"] == "name"
    assert catalogue.profile("0.2.0").options["table_picks"] == "die"
    assert len(catalogue.profiles("0.3.0")) == 1


def test_a_variants_entry_starts_from_its_versions_main_reading() -> None:
    """A variant's ``old`` is what its version's main profile applies, else the
    changelog says so."""
    changes = [
        Change(version="0.2.0", rule="r", option="o", old="a", new="b", why="."),
        Change(
            version="0.1.0", revision="abc1234", rule="r", option="o", old="a", new="c", why="."
        ),
        Change(
            version="0.1.0", revision="def5678", rule="r", option="o", old="b", new="c", why="."
        ),
    ]
    wrong = check_changelog(changes, ["r"], {"o": ("a", "b", "c")})
    assert wrong == ["0.1.0 as of def5678 r (o: b → c): the main profile of 0.1.0 reads a"]
    assert [p.options["o"] for p in profiles_of(changes, "0.1.0")] == ["a", "c", "c"]
    assert profile_at(changes, "0.1.0").options == {"o": "a"}
