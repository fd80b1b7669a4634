"""Deaths in the middle of a line, the reactions they set off, and who earns a round that
nobody survives: rulings sw.death.stops, sw.reaction, sw.round.suicide, sw.fast.suicide."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from domain.kernel import Event
from domain.spellwars import events as ev
from domain.spellwars.catalogue import CATALOGUE
from tests.domain.spellwars.scenario import cast, of

# seat 1's spell in these tests: Fukushimax's reaction hits its killer for 1 die
FUKUSHIMAX = {"source": "fukushimax#1", "quality": "spiralex#1", "delivery": "tropintimus#1"}


def _hits(events: Sequence[Event], card: str) -> list[tuple[int, int]]:
    return [(e.target, e.amount) for e in of(events, ev.DamageDealt) if e.card == card]


def _after_all_damage(events: Sequence[Event], card: str, dead: int) -> bool:
    """Every damage of ``card`` comes before the death of ``dead``."""
    last_hit = max(
        i for i, e in enumerate(events) if isinstance(e, ev.DamageDealt) and e.card == card
    )
    death = next(i for i, e in enumerate(events) if isinstance(e, ev.WizardDied) and e.seat == dead)
    return last_hit < death


def test_the_rulings_are_catalogued() -> None:
    for rule in ("sw.death.stops", "sw.reaction", "sw.round.suicide", "sw.fast.suicide"):
        assert CATALOGUE[rule].source == "ruling" and CATALOGUE[rule].readings


def test_foulremix_damages_every_wizard_although_the_caster_is_hit_first_and_dies() -> None:
    # sw.death.stops: "Chaque sorcier ... puis subit autant de dégâts que le nombre de cartes
    # qu'il reçoit" is one line; the caster (life 2) takes 5 first, seats 1 and 2 still take theirs
    g, _ = cast({"source": "foulremix#1"}, setup={"life": [2, 20, 20]})
    events = g.send(0, {"type": "Choose", "choice": "source"})
    assert of(events, ev.PassCounted)[0].received == (5, 7, 5)
    assert _hits(events, "foulremix#1") == [(0, 5), (1, 7), (2, 5)]
    died = of(events, ev.WizardDied)[0]
    assert (died.seat, died.killer, died.rule) == (0, 0, "sw.death")
    assert _after_all_damage(events, "foulremix#1", 0)
    assert "sw.death.stops" in died.also
    # The other reading (option deaths_checked=target): the caster dies on its own
    # blow, and its line stops there.
    g, _ = cast(
        {"source": "foulremix#1"},
        setup={"life": [2, 20, 20]},
        options={"deaths_checked": "target"},
    )
    events = g.send(0, {"type": "Choose", "choice": "source"})
    assert _hits(events, "foulremix#1") == [(0, 5)]
    assert of(events, ev.WizardDied)[0].seat == 0


def test_flaminus_paid_hits_every_opponent_before_a_victims_reaction_kills_the_caster() -> None:
    # seat 1 dies to the 5 damage; its unresolved Fukushimax reacts (sw.reaction) and kills
    # the caster, but only after seat 2 has taken its 5 too (sw.death.stops)
    g, _ = cast(
        {"source": "flaminus#1"},
        setup={"life": [1, 5, 20], "blood": [5, 0, 0]},
        spells={1: FUKUSHIMAX},
        values=[6],
    )
    events = g.send(0, {"type": "Pay", "amount": 5})
    assert _hits(events, "flaminus#1") == [(1, 5), (2, 5)]
    deaths = [(d.seat, d.killer) for d in of(events, ev.WizardDied)]
    assert deaths == [(1, 0), (0, 1)]
    assert _hits(events, "fukushimax#1") == [(0, 6)]
    assert of(events, ev.DamageDealt)[2].rule == "sw.card.fukushimax"
    assert _after_all_damage(events, "flaminus#1", 1)


def test_chancedecocus_dungeon_damage_reaches_every_opponent_before_the_deaths() -> None:
    # seats 1 and 2 roll 6 and 3: seat 1 is the highest, the Dungeon hits seat 2 as well;
    # seat 1 dies and its Fukushimax (die 4) kills the caster, after seat 2's 3 damage
    _, events = cast(
        {"quality": "chancedecocus#1"},
        setup={"life": [1, 5, 20], "dungeon": 0},
        spells={1: FUKUSHIMAX},
        values=[6, 3, 4],
    )
    assert _hits(events, "chancedecocus#1")[:2] == [(1, 6), (2, 3)]
    assert [(d.seat, d.killer) for d in of(events, ev.WizardDied)][:2] == [(1, 0), (0, 1)]


def test_a_delivery_that_kills_its_caster_sets_off_no_reaction_of_a_resolved_source() -> None:
    # sw.reaction: "Si votre Destination vous tue, une Réaction présente ... sur toute Source
    # ou Qualité déjà résolue ne s'applique pas": Momidisis (resolved) would draw 2 more
    # dead-wizard cards; Mecha-Satana's 5-9 row (2 damage, 1 to yourself) kills the caster.
    _, events = cast(
        {"source": "momidisis#1", "delivery": "mecha-satana#1"},
        setup={"life": [1, 12, 15]},
        values=[5],
    )
    died = next(d for d in of(events, ev.WizardDied) if d.seat == 0)
    assert (died.killer, died.rule) == (0, "sw.death")
    drawn = [(d.rule, d.seat) for d in of(events, ev.DeadCardDrawn) if d.seat == 0]
    assert drawn[:1] == [("sw.dead.draw", 0)]
    assert not [d for d in of(events, ev.DeadCardDrawn) if d.rule == "sw.card.momidisis"]


def test_an_unresolved_reaction_applies_when_an_opponent_kills_you() -> None:
    # seat 1 plays first (one card): Fukushimax's 2 damage kills seat 0, whose face-down
    # Momidisis reacts: 2 more dead-wizard cards besides the one every death draws
    spell = {"source": "momidisis#1", "quality": "oulacecho#1", "delivery": "cubengelus#1"}
    _, events = cast(spell, setup={"life": [2, 20, 20]}, spells={1: {"source": "fukushimax#1"}})
    died = of(events, ev.WizardDied)[0]
    assert (died.seat, died.killer) == (0, 1)
    drawn = [d.rule for d in of(events, ev.DeadCardDrawn) if d.seat == 0]
    assert drawn[:3] == ["sw.dead.draw", "sw.card.momidisis", "sw.card.momidisis"]


def _foulremix_suicide(options: dict[str, Any] | None = None) -> list[Event]:
    """Two players at 1 life: Foulremix passes 5 and 7 sources; both die by the caster's hand."""
    g, _ = cast({"source": "foulremix#1"}, players=2, setup={"life": [1, 1]}, options=options)
    return g.send(0, {"type": "Choose", "choice": "source"})


def test_a_suicide_through_foulremix_that_kills_the_last_opponent_wins_the_token() -> None:
    events = _foulremix_suicide()
    assert [(d.seat, d.killer) for d in of(events, ev.WizardDied)] == [(0, 0), (1, 0)]
    ended = of(events, ev.RoundEnded)[0]
    assert (ended.survivor, ended.rule) == (0, "sw.round.suicide")
    assert [(t.seat, t.rule) for t in of(events, ev.TokenAwarded)] == [(0, "sw.round.suicide")]


def test_a_caster_killed_by_its_last_victims_reaction_wins_nothing() -> None:
    # Taléboulas kills seat 1 (3 damage); seat 1's Fukushimax kills the caster: not a suicide
    _, events = cast(
        {"source": "taleboulas#1"},
        players=2,
        setup={"life": [3, 3]},
        spells={1: FUKUSHIMAX},
        values=[6],
    )
    assert [(d.seat, d.killer) for d in of(events, ev.WizardDied)][:2] == [(1, 0), (0, 1)]
    ended = of(events, ev.RoundEnded)[0]
    assert (ended.survivor, ended.rule) == (-1, "sw.round.suicide")
    assert not of(events, ev.TokenAwarded)


def test_fast_combat_gives_no_survivor_point_when_nobody_survives() -> None:
    # sw.fast.suicide: "Vous ne marquez rien ... si vous vous tuez vous-même"; the kill scores
    events = _foulremix_suicide({"variant": "fast"})
    points = [(p.seat, p.rule) for p in of(events, ev.PointScored)]
    assert points == [(0, "sw.fast.kill")]
    ended = of(events, ev.RoundEnded)[0]
    assert (ended.survivor, ended.rule) == (-1, "sw.fast.suicide")
    # the other reading, as an option: the point goes as the token would
    events = _foulremix_suicide({"variant": "fast", "fast_suicide": "point"})
    points = [(p.seat, p.rule) for p in of(events, ev.PointScored)]
    assert points == [(0, "sw.fast.kill"), (0, "sw.fast.survivor")]


def test_fast_combat_a_caster_killed_by_a_reaction_scores_only_its_kill() -> None:
    _, events = cast(
        {"source": "taleboulas#1"},
        players=2,
        setup={"life": [3, 3]},
        spells={1: FUKUSHIMAX},
        values=[6],
        options={"variant": "fast", "fast_suicide": "point"},
    )
    points = [(p.seat, p.rule) for p in of(events, ev.PointScored)]
    assert points[:2] == [(0, "sw.fast.kill"), (1, "sw.fast.kill")]
    assert not [p for p in of(events, ev.PointScored) if p.rule == "sw.fast.survivor"]
