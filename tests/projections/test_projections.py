"""Projections from the log: exactly once, rebuildable, atomic (SQLite, PostgreSQL)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from uuid import UUID

import pytest

from domain.kernel import Consequence, DiceRolled
from projections import ratings
from projections.audit import Audit
from projections.runner import (
    Projector,
    audit_trail,
    rebuild_projections,
    run_projections,
    scoreboard,
)
from projections.store import PositionMoved, ProjectionStore, ProjectionStoreError
from services.ledger import WizardLedger
from services.words.sentences import Words, hidden_line
from tests.projections.projectors import run_together, snapshot
from tests.services.playing import QUICK, play

TABLES = [["Ann", "Bob"], ["Bob", "Cy", "Ann"], ["Cy", "Ann"]]


def history(ledger: WizardLedger) -> tuple[list[UUID], UUID]:
    """Three finished games among three names, and one still running."""
    finished = []
    for i, names in enumerate(TABLES):
        gid = ledger.create_game("ultimate", names, seed=f"h{i}", options=QUICK).game_id
        play(ledger, gid, seed=i)
        finished.append(gid)
    running = ledger.create_game("ultimate", ["Ann", "Dee"], seed="run", options=QUICK).game_id
    play(ledger, running, actions=3)
    return finished, running


def total(ledger: WizardLedger) -> int:
    return ledger.notifications()


def test_a_catch_up_applies_each_event_exactly_once(ledger: WizardLedger, sqlite_url: str) -> None:
    finished, running = history(ledger)
    n = total(ledger)
    assert run_projections(ledger) == n
    assert run_projections(ledger) == 0  # nothing new: nothing applied again
    assert Path(sqlite_url.removeprefix("sqlite:///")).with_name("wizards.projections.db").exists()
    with Projector(ledger) as projector:
        assert projector.positions() == {"scoreboard": n, "audit": n, "statistics": n}
        assert projector.run() == 0
        for gid in [*finished, running]:
            rows = projector.audit_json(gid)
            assert [r["position"] for r in rows] == list(range(1, ledger.load(gid).version + 1))
        board = projector.scoreboard_json()
    assert sorted(g["game_id"] for g in board["games"]) == sorted(str(g) for g in finished)
    players = {p["name"]: p for p in board["players"]}
    assert set(players) == {"Ann", "Bob", "Cy"}  # Dee has finished no game yet
    assert {name: p["games"] for name, p in players.items()} == {"Ann": 3, "Bob": 2, "Cy": 2}
    assert sum(p["wins"] for p in players.values()) == 3


def test_the_scoreboard_matches_the_games_and_the_rating_formula(ledger: WizardLedger) -> None:
    finished, _ = history(ledger)
    run_projections(ledger)
    board = scoreboard(ledger.url)
    games = {g["game_id"]: g for g in board["games"]}
    skills: dict[str, ratings.Skill] = {}
    for gid in finished:  # they finished in this order
        loaded = ledger.load(gid)
        outcome = loaded.game.outcome(loaded.fold.state)
        assert outcome is not None
        row = games[str(gid)]
        names = list(loaded.fold.started.players)
        assert row["winners"] == sorted(outcome.winners)
        assert row["winner_names"] == [names[s] for s in sorted(outcome.winners)]
        assert row["scores"] == list(outcome.scores)
        places = ratings.name_places(names, ratings.seat_places(outcome, len(names)))
        skills |= ratings.update({n: skills.get(n, ratings.START) for n in places}, places)
    assert {p["name"]: (p["rating"], p["mu"], p["sigma"]) for p in board["players"]} == {
        name: (round(ratings.ordinal(s), 2), round(s[0], 3), round(s[1], 3))
        for name, s in skills.items()
    }
    assert board["rating"]["system"] == "openskill Plackett-Luce"
    ranks = [p["rating"] for p in board["players"]]
    assert ranks == sorted(ranks, reverse=True)


def test_an_incremental_catch_up_equals_a_rebuild_from_zero(ledger: WizardLedger) -> None:
    finished, running = history(ledger)
    run_projections(ledger)
    before = total(ledger)
    play(ledger, running, seed=9)  # the running game ends
    extra = ledger.create_game("ultimate", ["Dee", "Bob"], seed="x", options=QUICK).game_id
    play(ledger, extra, seed=4)
    gids = [*finished, running, extra]
    with Projector(ledger) as projector:
        assert projector.run() == total(ledger) - before
        incremental = snapshot(projector, gids)
    assert len(incremental["scoreboard"]["games"]) == 5
    assert rebuild_projections(ledger) == total(ledger)
    with Projector(ledger) as projector:
        assert snapshot(projector, gids) == incremental
        # One projection alone can be rebuilt too.
        assert projector.rebuild(["audit"]) == total(ledger)
        assert snapshot(projector, gids) == incremental
        with pytest.raises(ValueError, match="unknown projection"):
            projector.rebuild(["nope"])


def test_the_audit_view_cites_rules_and_shows_dice(ledger: WizardLedger) -> None:
    finished, running = history(ledger)
    run_projections(ledger)
    for gid in [finished[0], running]:
        rows = audit_trail(ledger.url, gid)
        entries = ledger.entries(gid)
        assert len(rows) == len(entries)
        for row, entry in zip(rows, entries, strict=True):
            assert row["type"] == type(entry.event).__name__
            if isinstance(entry.event, Consequence):
                assert row["rule"] == entry.event.rule
            if isinstance(entry.event, DiceRolled):
                assert row["dice"]["values"] == list(entry.event.values)
        # Every line in words: a command as a sentence, not ``PlayCard(card='…')``,
        # and the opening without Python's dict and True.
        actions = [r["text"] for r in rows if r["type"] == "ActionTaken"]
        # Each said by its player's name, as the game says it.
        players = ledger.load(gid, 1).fold.started.players
        assert actions and all(t.startswith(players) for t in actions), actions[:3]
        assert not any("=" in t or "{" in t for t in actions), actions[:3]
        assert " engine " in rows[0]["text"] and not re.search(r"[{}]|True|False", rows[0]["text"])
        shuffles = [r for r in rows if r["type"] == "CardsShuffled"]
        assert shuffles and all(r["visibility"] == "hidden" for r in shuffles)
        assert all(r["dice"]["kind"] == "shuffle" and r["dice"]["permutation"] for r in shuffles)
    # Redacted for a spectator, the way the log is while the game runs.
    spectator = audit_trail(ledger.url, running, full=False)
    hidden = [r for r in spectator if r["visibility"] != "public"]
    # Said in words: what kind of thing happened, never the event's type name.
    loaded = ledger.load(running, 1)
    words = Words.table(loaded.game, loaded.fold.started)
    assert hidden and all(
        r["dice"] is None and r["text"] == hidden_line(r["type"], words) for r in hidden
    )
    assert any(r["text"] == "cards dealt — hidden from you" for r in hidden)


def test_a_failed_batch_leaves_neither_rows_nor_position(
    ledger: WizardLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    history(ledger)
    calls = {"n": 0}
    original = Audit.apply

    def failing(self: Audit, tx: Any, item: Any) -> None:
        calls["n"] += 1
        if calls["n"] == 40:
            raise RuntimeError("crash in the middle of a batch")
        original(self, tx, item)

    monkeypatch.setattr(Audit, "apply", failing)
    with Projector(ledger) as projector, pytest.raises(RuntimeError, match="crash"):
        projector.run()
    monkeypatch.setattr(Audit, "apply", original)
    with Projector(ledger) as projector:
        assert projector.positions()["audit"] == 0
        assert projector.audit.read is not None
        with projector.store.transaction(commit=False) as tx:
            assert tx.one(f"SELECT COUNT(*) AS n FROM {projector.audit.events}") == {"n": 0}
        assert projector.run() == total(ledger)


def test_a_runner_whose_position_moved_applies_nothing(ledger: WizardLedger) -> None:
    history(ledger)
    with Projector(ledger) as projector:
        projector.run()
        name = projector.tracking_name(projector.audit)
        with pytest.raises(PositionMoved), projector.store.advance(name, 0, 5) as tx:
            tx.execute("DELETE FROM " + projector.audit.events)  # never committed
        assert projector.positions()["audit"] == total(ledger)
        assert len(projector.audit_json(ledger.game_ids()[0])) > 0


def test_concurrent_runners_never_apply_an_event_twice(
    ledger: WizardLedger, monkeypatch: pytest.MonkeyPatch
) -> None:
    finished, running = history(ledger)
    monkeypatch.setattr("projections.runner.BATCH", 40)  # small batches: runners interleave
    runners = [Projector(WizardLedger(ledger.url)) for _ in range(3)]
    assert not run_together(runners)
    gids = [*finished, running]
    together = snapshot(runners[0], gids)
    for p in runners:
        p.close()
    assert rebuild_projections(ledger) == total(ledger)
    with Projector(ledger) as projector:
        assert snapshot(projector, gids) == together


def test_projections_need_a_sql_store() -> None:
    with pytest.raises(ProjectionStoreError):
        ProjectionStore("memory://")


@pytest.mark.postgres
def test_postgres_projections_catch_up_once_and_rebuild_the_same(postgres_url: str) -> None:
    ledger = WizardLedger(postgres_url)
    finished = []
    for i, names in enumerate(TABLES[:2]):
        gid = ledger.create_game("ultimate", names, seed=f"pg{i}", options=QUICK).game_id
        play(ledger, gid, seed=i)
        finished.append(gid)
    n = total(ledger)
    with Projector(ledger) as projector:
        assert projector.store.postgres
        assert projector.run() == n
        assert projector.run() == 0
        assert projector.positions() == {"scoreboard": n, "audit": n, "statistics": n}
        first = snapshot(projector, finished)
        assert len(first["scoreboard"]["games"]) == 2
        assert projector.rebuild() == n
        assert snapshot(projector, finished) == first
        # Its own tables, in the test's own schema.
        schema = postgres_url.rsplit("schema=", 1)[1]
        assert projector.scoreboard.games.startswith(f'"{schema}"."wizardprojections_')
    assert run_projections(ledger, postgres_url) == 0
    assert scoreboard(postgres_url) == first["scoreboard"]
    ledger.close()


def test_statistics_count_seats_and_cards_of_finished_games_only(ledger: WizardLedger) -> None:
    from collections import Counter

    from domain.kernel import ActionTaken
    from projections.statistics import cards_named

    finished, _running = history(ledger)  # the running game's plays must not count
    run_projections(ledger)
    with Projector(ledger) as projector:
        stats = projector.statistics_json(game="ultimate")
    seat_games: Counter[tuple[int, int]] = Counter()
    seat_wins: Counter[tuple[int, int]] = Counter()
    card_games: Counter[str] = Counter()
    card_wins: Counter[str] = Counter()
    for gid in finished:
        loaded = ledger.load(gid)
        outcome = loaded.game.outcome(loaded.fold.state)
        assert outcome is not None
        n = len(loaded.fold.started.players)
        for seat in range(n):
            seat_games[(n, seat)] += 1
            seat_wins[(n, seat)] += seat in outcome.winners
        used: set[tuple[int, str]] = set()
        for e in ledger.entries(gid):
            if isinstance(e.event, ActionTaken):
                used |= {(e.event.seat, c) for c in cards_named(e.event.command)}
        for seat, card in used:
            card_games[card] += 1
            card_wins[card] += seat in outcome.winners
    assert {(r["players"], r["seat"]): (r["games"], r["wins"]) for r in stats["seats"]} == {
        k: (seat_games[k], seat_wins[k]) for k in seat_games
    }
    assert {r["card"]: (r["games"], r["wins"]) for r in stats["cards"]} == {
        c: (card_games[c], card_wins[c]) for c in card_games
    }
    assert all(0 <= r["win_rate"] <= 1 for r in stats["cards"])


def test_a_what_if_branch_moves_no_rating_and_no_statistic(ledger: WizardLedger) -> None:
    finished, _running = history(ledger)
    run_projections(ledger)
    with Projector(ledger) as projector:
        before = projector.scoreboard_json()["players"], projector.statistics_json()
    from domain.kernel import ActionTaken

    actions = [e.position for e in ledger.entries(finished[0]) if isinstance(e.event, ActionTaken)]
    branch = ledger.fork(finished[0], actions[1] - 1).game_id
    play(ledger, branch, seed=7)
    assert ledger.load(branch).game.outcome(ledger.load(branch).fold.state) is not None
    run_projections(ledger)
    with Projector(ledger) as projector:
        after = projector.scoreboard_json()["players"], projector.statistics_json()
        games = projector.scoreboard_json()["games"]
    assert after == before
    assert str(branch) not in {g["game_id"] for g in games}


def test_a_cards_copies_count_as_that_card_in_the_statistics(ledger: WizardLedger) -> None:
    """The orc tower's spells are numbered copies ("cold_snap.01"): the win rates
    are per card, not one row per copy."""
    from domain.orctower import GAME as ORCTOWER

    gid = ledger.create_game("orctower", ["Ann", "Bob"], seed="stats-copies").game_id
    play(ledger, gid)
    assert ORCTOWER.outcome(ledger.load(gid).fold.state) is not None
    run_projections(ledger)
    with Projector(ledger) as projector:
        cards = [r["card"] for r in projector.statistics_json(game="orctower")["cards"]]
    assert cards and "cold_snap" in cards
    assert not any(re.search(r"[#.-]\d+$", c) for c in cards), cards
