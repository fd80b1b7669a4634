"""Scoreboard: every game's result, and each player name's games, wins and Elo rating.

A game is listed from its ``GameStarted``; it is scored by the event after
which the rules give it an outcome (the fold tells, see ``projections.feed``),
exactly once. Ratings follow ``projections.elo``.
"""

from __future__ import annotations

import json
from typing import Any

import msgspec

from domain.kernel import GameForked, GameStarted
from projections import elo
from projections.base import Projection
from projections.feed import Folds, Item, Step
from projections.store import ProjectionStore, Tx


class Scoreboard(Projection):
    name = "scoreboard"

    def __init__(self, store: ProjectionStore, folds: Folds | None) -> None:
        super().__init__(store)
        self.folds = folds  # None: a reader only
        self.games = store.table("scoreboard_games")
        self.players = store.table("scoreboard_players")

    def create_statements(self) -> list[str]:
        return [
            f"CREATE TABLE IF NOT EXISTS {self.games} ("
            "game_id TEXT PRIMARY KEY, game TEXT NOT NULL, players TEXT NOT NULL, "
            "mode TEXT NOT NULL, status TEXT NOT NULL, started_at TEXT, finished_at TEXT, "
            "winners TEXT, winner_names TEXT, scores TEXT, ranking TEXT, reason TEXT, "
            "started_id BIGINT, finished_id BIGINT)",
            f"CREATE TABLE IF NOT EXISTS {self.players} ("
            "name TEXT PRIMARY KEY, games BIGINT NOT NULL, wins BIGINT NOT NULL, "
            f"rating {self.store.float_type} NOT NULL, last_game TEXT, updated_at TEXT)",
        ]

    def tables(self) -> list[str]:
        return [self.games, self.players]

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
        game, table = step.fold.game, step.fold.table
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
                "reason": outcome.reason,
                "nid": item.notification_id,
                "status": "branch finished" if branch else "finished",
            },
        )
        if branch:
            return
        places = elo.name_places(players, elo.seat_places(outcome, len(players)))
        winner_names = {players[s] for s in winners}
        before = {name: self._rating(tx, name) for name in places}
        after = elo.update(before, places)
        for name, rating in after.items():
            tx.execute(
                f"INSERT INTO {self.players} (name, games, wins, rating, last_game, updated_at) "
                "VALUES (:name, 1, :win, :rating, :gid, :at) "
                "ON CONFLICT (name) DO UPDATE SET games = "
                f"{self.players}.games + 1, wins = {self.players}.wins + :win, "
                "rating = :rating, last_game = :gid, updated_at = :at",
                {
                    "name": name,
                    "win": int(name in winner_names),
                    "rating": rating,
                    "gid": str(item.game_id),
                    "at": item.at,
                },
            )

    def _rating(self, tx: Tx, name: str) -> float:
        row = tx.one(f"SELECT rating FROM {self.players} WHERE name = :name", {"name": name})
        return elo.START if row is None else float(row["rating"])

    # ----------------------------------------------------------- readers

    def read_players(self, tx: Tx, limit: int = 100) -> list[dict[str, Any]]:
        rows = tx.all(
            f"SELECT name, games, wins, rating, last_game FROM {self.players} "
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
                "rating": round(float(r["rating"]), 1),
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
            "ORDER BY COALESCE(finished_id, started_id) DESC LIMIT :limit",
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
