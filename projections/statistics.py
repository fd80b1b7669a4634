"""Statistics: win rates per seat (by game and player count) and per card played.

A card "used" by a seat is any card named in that seat's commands (the
``card`` or ``cards`` field: played, placed, defended with, discarded or
chosen; copies such as ``multitax#2`` counted under their name). Plays are
gathered while a game runs and folded into the rates only when it ends, so
nothing here says what a running game's seats hold.
"""

from __future__ import annotations

from typing import Any

from domain.kernel import ActionTaken, GameForked
from domain.kernel.chance_needs import card_kind
from projections.base import Projection
from projections.feed import Folds, Item
from projections.store import ProjectionStore, Tx


def cards_named(command: dict[str, Any]) -> set[str]:
    names: list[str] = []
    card = command.get("card")
    if isinstance(card, str):
        names.append(card)
    cards = command.get("cards")
    if isinstance(cards, list | tuple):
        names += [c for c in cards if isinstance(c, str)]
    # A copy counts as its card: "asphixis#2" and the orc tower's "cold_snap.01".
    return {card_kind(n) for n in names}


class Statistics(Projection):
    name = "statistics"
    # 2: a card's copies count as that card (the orc tower's "cold_snap.01" was a
    # card of its own); projected anew from zero into tables of its own.
    schema = 2

    def __init__(self, store: ProjectionStore, folds: Folds | None) -> None:
        super().__init__(store)
        # Its own folds: the scoreboard's cache moves on with each event it applies.
        self.folds = folds
        self.seats = store.table("stats_v2_seats")
        self.cards = store.table("stats_v2_cards")
        self.plays = store.table("stats_v2_plays")
        self.branches = store.table("stats_branches")

    def create_statements(self) -> list[str]:
        return [
            f"CREATE TABLE IF NOT EXISTS {self.seats} ("
            "game TEXT NOT NULL, players BIGINT NOT NULL, seat BIGINT NOT NULL, "
            "games BIGINT NOT NULL, wins BIGINT NOT NULL, PRIMARY KEY (game, players, seat))",
            f"CREATE TABLE IF NOT EXISTS {self.cards} ("
            "game TEXT NOT NULL, card TEXT NOT NULL, games BIGINT NOT NULL, "
            "wins BIGINT NOT NULL, PRIMARY KEY (game, card))",
            f"CREATE TABLE IF NOT EXISTS {self.plays} ("
            "game_id TEXT NOT NULL, seat BIGINT NOT NULL, card TEXT NOT NULL, "
            "PRIMARY KEY (game_id, seat, card))",
            f"CREATE TABLE IF NOT EXISTS {self.branches} (game_id TEXT PRIMARY KEY)",
        ]

    def tables(self) -> list[str]:
        return [self.seats, self.cards, self.plays, self.branches]

    def apply(self, tx: Tx, item: Item) -> None:
        assert self.folds is not None, "a reader-only statistics projection cannot apply events"
        step = self.folds.advance(item)
        if step is None:
            return
        event = item.event
        gid = str(item.game_id)
        if isinstance(event, GameForked):
            # A what-if branch is no real game: its plays and result never count.
            tx.execute(f"DELETE FROM {self.plays} WHERE game_id = :gid", {"gid": gid})
            tx.execute(
                f"INSERT INTO {self.branches} (game_id) VALUES (:gid) ON CONFLICT DO NOTHING",
                {"gid": gid},
            )
            return
        if tx.one(f"SELECT game_id FROM {self.branches} WHERE game_id = :gid", {"gid": gid}):
            return
        if isinstance(event, ActionTaken):
            for card in cards_named(event.command):
                tx.execute(
                    f"INSERT INTO {self.plays} (game_id, seat, card) VALUES (:gid, :seat, :card) "
                    "ON CONFLICT DO NOTHING",
                    {"gid": str(item.game_id), "seat": event.seat, "card": card},
                )
        if not step.finished_now:
            return
        game = step.progress.game
        outcome = game.outcome(step.progress.fold.state)
        assert outcome is not None
        winners = set(outcome.winners)
        players = len(step.started.players)
        for seat in range(players):
            tx.execute(
                f"INSERT INTO {self.seats} (game, players, seat, games, wins) "
                "VALUES (:game, :players, :seat, 1, :win) ON CONFLICT (game, players, seat) "
                f"DO UPDATE SET games = {self.seats}.games + 1, wins = {self.seats}.wins + :win",
                {
                    "game": game.spec.id,
                    "players": players,
                    "seat": seat,
                    "win": int(seat in winners),
                },
            )
        plays = tx.all(
            f"SELECT seat, card FROM {self.plays} WHERE game_id = :gid", {"gid": str(item.game_id)}
        )
        for row in plays:
            tx.execute(
                f"INSERT INTO {self.cards} (game, card, games, wins) "
                "VALUES (:game, :card, 1, :win) ON CONFLICT (game, card) "
                f"DO UPDATE SET games = {self.cards}.games + 1, wins = {self.cards}.wins + :win",
                {"game": game.spec.id, "card": row["card"], "win": int(row["seat"] in winners)},
            )
        tx.execute(f"DELETE FROM {self.plays} WHERE game_id = :gid", {"gid": str(item.game_id)})

    # ----------------------------------------------------------- readers

    def read(self, tx: Tx, *, game: str | None = None) -> dict[str, Any]:
        where = "WHERE game = :game" if game else ""
        params = {"game": game} if game else {}
        seats = tx.all(
            f"SELECT game, players, seat, games, wins FROM {self.seats} {where} "
            "ORDER BY game, players, seat",
            params,
        )
        cards = tx.all(
            f"SELECT game, card, games, wins FROM {self.cards} {where} "
            "ORDER BY game, CAST(wins AS REAL) / games DESC, card",
            params,
        )

        def rate(r: dict[str, Any]) -> float:
            return round(int(r["wins"]) / int(r["games"]), 3) if r["games"] else 0.0

        return {
            "seats": [{**r, "win_rate": rate(r)} for r in seats],
            "cards": [{**r, "win_rate": rate(r)} for r in cards],
        }
