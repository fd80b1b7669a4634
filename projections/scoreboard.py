"""Scoreboard: every game's result, and each player name's games, wins and rating.

A game is listed from its ``GameStarted``; it is scored by the event after
which the rules give it an outcome (the fold tells, see ``projections.feed``),
exactly once. Ratings follow ``projections.ratings`` (openskill's Plackett–Luce).

The tables carry a schema version in their names (``scoreboard_v2_*``, since
the ratings moved from Elo to openskill): a store projected by an older
version gets new tables, filled from zero by the next catch-up, because the
tracking position is versioned with them (``Projection.schema``).

Ratings depend on the order games finished in. A sharded store has one log
per shard and no order between them, so the order is the games' own: by
finishing time, then game id. A finish that arrives after a later one was
rated (another shard's log was read first, or a writer's clock ran behind)
marks the ratings stale (in the batch's transaction); once the logs are
read, every player is re-rated from the finished games in that order
(``settle``), so a catch-up in any order and a rebuild from zero give the
same ratings to the last bit, and a rebuild re-rates once, not per batch.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from domain.games import get_game
from domain.kernel import GameForked, GameStarted, Outcome
from projections import ratings
from projections.base import Projection
from projections.feed import Folds, Item, Step
from projections.store import ProjectionStore, Tx
from services.words.sentences import Words


class Scoreboard(Projection):
    name = "scoreboard"
    schema = 2

    def __init__(self, store: ProjectionStore, folds: Folds | None) -> None:
        super().__init__(store)
        self.folds = folds  # None: a reader only
        self.games = store.table("scoreboard_v2_games")
        self.players = store.table("scoreboard_v2_players")
        self.stale = store.table("scoreboard_v2_stale")  # a row: ratings wait for settle
        self._rerate = False  # this batch rated a finish out of order

    def create_statements(self) -> list[str]:
        return [
            f"CREATE TABLE IF NOT EXISTS {self.games} ("
            "game_id TEXT PRIMARY KEY, game TEXT NOT NULL, players TEXT NOT NULL, "
            "mode TEXT NOT NULL, status TEXT NOT NULL, started_at TEXT, finished_at TEXT, "
            "winners TEXT, winner_names TEXT, scores TEXT, ranking TEXT, reason TEXT, "
            "started_id BIGINT, finished_id BIGINT)",
            f"CREATE TABLE IF NOT EXISTS {self.players} ("
            "name TEXT PRIMARY KEY, games BIGINT NOT NULL, wins BIGINT NOT NULL, "
            f"rating {self.store.float_type} NOT NULL, mu {self.store.float_type} NOT NULL, "
            f"sigma {self.store.float_type} NOT NULL, last_game TEXT, updated_at TEXT)",
            f"CREATE TABLE IF NOT EXISTS {self.stale} (id BIGINT PRIMARY KEY)",
        ]

    def tables(self) -> list[str]:
        return [self.games, self.players, self.stale]

    def apply(self, tx: Tx, item: Item) -> None:
        assert self.folds is not None, "a reader-only scoreboard cannot apply events"
        step = self.folds.advance(item)
        if step is None:
            return
        if isinstance(item.event, GameStarted):
            self._started(tx, item, item.event)
        if isinstance(item.event, GameForked):
            # A what-if branch is no real game: anyone may play one out, so it
            # must not move anybody's record or rating.
            tx.execute(
                f"UPDATE {self.games} SET status = 'branch' WHERE game_id = :gid",
                {"gid": str(item.game_id)},
            )
        if step.finished_now:
            self._finished(tx, item, step)

    def _started(self, tx: Tx, item: Item, started: GameStarted) -> None:
        tx.execute(
            f"INSERT INTO {self.games} (game_id, game, players, mode, status, started_at, "
            "started_id) VALUES (:gid, :game, :players, :mode, 'running', :at, :nid)",
            {
                "gid": str(item.game_id),
                "game": started.game,
                "players": json.dumps(list(started.players), ensure_ascii=False),
                "mode": started.mode,
                "at": item.at,
                "nid": item.notification_id,
            },
        )

    def _finished(self, tx: Tx, item: Item, step: Step) -> None:
        game, table = step.progress.game, step.progress.fold
        outcome = game.outcome(table.state)
        assert outcome is not None
        players = list(step.started.players)
        winners = sorted(set(outcome.winners))
        row = tx.one(
            f"SELECT status FROM {self.games} WHERE game_id = :gid", {"gid": str(item.game_id)}
        )
        branch = row is not None and row["status"] in ("branch", "branch finished")
        tx.execute(
            f"UPDATE {self.games} SET status = :status, finished_at = :at, "
            "winners = :winners, winner_names = :names, scores = :scores, ranking = :ranking, "
            "reason = :reason, finished_id = :nid WHERE game_id = :gid",
            {
                "gid": str(item.game_id),
                "at": item.at,
                "winners": json.dumps(winners),
                "names": json.dumps([players[s] for s in winners], ensure_ascii=False),
                "scores": json.dumps(list(outcome.scores)),
                "ranking": json.dumps(msgspec.to_builtins(outcome.ranking)),
                # The reason in words, with the players' names (English: the
                # scoreboard's language).
                "reason": Words.table(get_game(step.started.game), step.started).say(
                    outcome.reason
                ),
                "nid": item.notification_id,
                "status": "branch finished" if branch else "finished",
            },
        )
        if branch or self._rerate or tx.one(f"SELECT id FROM {self.stale}") is not None:
            return
        # Compared byte by byte, as Python sorts them when re-rating.
        c = ' COLLATE "C"' if self.store.postgres else ""
        later = tx.one(
            f"SELECT game_id FROM {self.games} WHERE status = 'finished' AND game_id <> :gid "
            f"AND (finished_at{c} > :at OR (finished_at = :at AND game_id{c} > :gid)) LIMIT 1",
            {"gid": str(item.game_id), "at": item.at},
        )
        if later is not None:
            self._rerate = True  # rated again, in order, when the batch is done
            return
        self._rate(tx, str(item.game_id), item.at, players, winners, outcome)

    def _rate(
        self,
        tx: Tx,
        gid: str,
        at: str,
        players: list[str],
        winners: list[int],
        outcome: Outcome,
        skills: dict[str, ratings.Skill] | None = None,
    ) -> None:
        """One finished game moves its players' records and ratings (``skills``: the
        ratings so far when re-rating, else read from the table)."""
        places = ratings.name_places(players, ratings.seat_places(outcome, len(players)))
        winner_names = {players[s] for s in winners}
        before = {
            name: skills.get(name, ratings.START) if skills is not None else self._skill(tx, name)
            for name in places
        }
        after = ratings.update(before, places)
        if skills is not None:
            skills.update(after)
        for name, (mu, sigma) in after.items():
            tx.execute(
                f"INSERT INTO {self.players} "
                "(name, games, wins, rating, mu, sigma, last_game, updated_at) "
                "VALUES (:name, 1, :win, :rating, :mu, :sigma, :gid, :at) "
                "ON CONFLICT (name) DO UPDATE SET games = "
                f"{self.players}.games + 1, wins = {self.players}.wins + :win, "
                "rating = :rating, mu = :mu, sigma = :sigma, last_game = :gid, updated_at = :at",
                {
                    "name": name,
                    "win": int(name in winner_names),
                    "rating": ratings.ordinal((mu, sigma)),
                    "mu": mu,
                    "sigma": sigma,
                    "gid": gid,
                    "at": at,
                },
            )

    def batch_done(self, tx: Tx) -> None:
        """A batch that met a finish out of order leaves the ratings stale until ``settle``."""
        if self._rerate:
            self._rerate = False
            tx.execute(f"INSERT INTO {self.stale} (id) VALUES (1) ON CONFLICT (id) DO NOTHING")

    def settle(self, tx: Tx) -> None:
        """Re-rate every player, in finishing order, if the ratings are stale."""
        if tx.one(f"SELECT id FROM {self.stale}") is None:
            return
        rows = tx.all(
            f"SELECT game_id, players, winners, ranking, finished_at FROM {self.games} "
            "WHERE status = 'finished'"
        )
        rows.sort(key=lambda r: (r["finished_at"], r["game_id"]))
        tx.execute(f"DELETE FROM {self.players}")
        skills: dict[str, ratings.Skill] = {}
        for r in rows:
            winners = json.loads(r["winners"])
            ranking = tuple(tuple(group) for group in json.loads(r["ranking"] or "[]"))
            outcome = Outcome(winners=tuple(winners), ranking=ranking)
            players = json.loads(r["players"])
            self._rate(tx, r["game_id"], r["finished_at"], players, winners, outcome, skills)
        tx.execute(f"DELETE FROM {self.stale}")

    def _skill(self, tx: Tx, name: str) -> ratings.Skill:
        row = tx.one(f"SELECT mu, sigma FROM {self.players} WHERE name = :name", {"name": name})
        return ratings.START if row is None else (float(row["mu"]), float(row["sigma"]))

    # ----------------------------------------------------------- readers

    def read_players(self, tx: Tx, limit: int = 100) -> list[dict[str, Any]]:
        rows = tx.all(
            f"SELECT name, games, wins, rating, mu, sigma, last_game FROM {self.players} "
            "ORDER BY rating DESC, wins DESC, name LIMIT :limit",
            {"limit": limit},
        )
        return [
            {
                "rank": i + 1,
                "name": r["name"],
                "games": int(r["games"]),
                "wins": int(r["wins"]),
                "win_rate": round(int(r["wins"]) / int(r["games"]), 3) if r["games"] else 0.0,
                "rating": round(float(r["rating"]), 2),
                "mu": round(float(r["mu"]), 3),
                "sigma": round(float(r["sigma"]), 3),
                "last_game": r["last_game"],
            }
            for i, r in enumerate(rows)
        ]

    def read_games(
        self,
        tx: Tx,
        *,
        game: str | None = None,
        status: str | None = "finished",
        limit: int = 100,
    ) -> list[dict[str, Any]]:
        where: list[str] = []
        params: dict[str, Any] = {"limit": limit}
        if game is not None:
            where.append("game = :game")
            params["game"] = game
        if status is not None:
            where.append("status = :status")
            params["status"] = status
        clause = f"WHERE {' AND '.join(where)} " if where else ""
        rows = tx.all(
            f"SELECT * FROM {self.games} {clause}"
            "ORDER BY COALESCE(finished_at, started_at) DESC, game_id DESC LIMIT :limit",
            params,
        )
        return [_game_row(r) for r in rows]


def _game_row(r: dict[str, Any]) -> dict[str, Any]:
    def load(text: str | None) -> Any:
        return None if text is None else json.loads(text)

    return {
        "game_id": r["game_id"],
        "game": r["game"],
        "players": load(r["players"]),
        "mode": r["mode"],
        "status": r["status"],
        "started_at": r["started_at"],
        "finished_at": r["finished_at"],
        "winners": load(r["winners"]),
        "winner_names": load(r["winner_names"]),
        "scores": load(r["scores"]),
        "ranking": load(r["ranking"]),
        "reason": r["reason"],
    }
