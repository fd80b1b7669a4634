"""Audit view: every event of a game with its rule citation and its dice, by game.

This is a referee's view: it holds hidden events (deck orders, private
cards) in full, with their visibility, so it belongs to whoever runs the
store. ``trail(..., seat=...)`` redacts it like the game log would.
"""

from __future__ import annotations

import json
from typing import Any
from uuid import UUID

from domain.games import all_games, get_game
from domain.kernel import ActionTaken, CardsShuffled, Consequence, DiceRolled, Event, GameStarted
from projections.base import Projection
from projections.feed import Item
from projections.store import ProjectionStore, Tx
from services.words.sentences import Words, hidden_line


def dice_of(event: Event) -> dict[str, Any] | None:
    """The chance an event records: a roll, a shuffle, or dice a table supplied."""
    if isinstance(event, DiceRolled):
        return {
            "kind": "roll",
            "sides": event.sides,
            "values": list(event.values),
            "purpose": event.purpose,
            "counter": event.counter,
            "source": event.source,
        }
    if isinstance(event, CardsShuffled):
        return {
            "kind": "shuffle",
            "pile": event.pile,
            "permutation": list(event.permutation),
            "counter": event.counter,
            "source": event.source,
        }
    if isinstance(event, ActionTaken) and event.dice:
        return {"kind": "supplied", "values": list(event.dice)}
    return None


def visibility_text(event: Event) -> str:
    v = event.visibility()
    return f"seats:{','.join(map(str, v.seats))}" if v.kind == "seats" else v.kind


class Audit(Projection):
    name = "audit"

    def __init__(self, store: ProjectionStore) -> None:
        super().__init__(store)
        self.events = store.table("audit_events")
        # Each game's players, so that every line names them (a restarted runner
        # reads them back rather than from the game's first event, long applied).
        self.players = store.table("audit_players")

    def create_statements(self) -> list[str]:
        return [
            f"CREATE TABLE IF NOT EXISTS {self.events} ("
            "game_id TEXT NOT NULL, position BIGINT NOT NULL, notification_id BIGINT NOT NULL, "
            "type TEXT NOT NULL, seat BIGINT, rule TEXT, dice TEXT, visibility TEXT NOT NULL, "
            "text TEXT NOT NULL, at TEXT NOT NULL, PRIMARY KEY (game_id, position))",
            f"CREATE TABLE IF NOT EXISTS {self.players} ("
            "game_id TEXT NOT NULL PRIMARY KEY, game TEXT NOT NULL, players TEXT NOT NULL)",
        ]

    def tables(self) -> list[str]:
        return [self.events, self.players]

    def apply(self, tx: Tx, item: Item) -> None:
        event = item.event
        seat = getattr(event, "seat", None)
        dice = dice_of(event)
        # A plain INSERT: a second application of one event is a tracking bug,
        # and the primary key turns it into a rolled-back batch, not a duplicate.
        tx.execute(
            f"INSERT INTO {self.events} (game_id, position, notification_id, type, seat, rule, "
            "dice, visibility, text, at) VALUES (:gid, :pos, :nid, :type, :seat, :rule, :dice, "
            ":vis, :text, :at)",
            {
                "gid": str(item.game_id),
                "pos": item.position,
                "nid": item.notification_id,
                "type": type(event).__name__,
                "seat": seat if isinstance(seat, int) else None,
                "rule": event.rule if isinstance(event, Consequence) else None,
                "dice": None if dice is None else json.dumps(dice),
                "vis": visibility_text(event),
                "text": self._words(tx, item).event(event),
                "at": item.at,
            },
        )

    def _words(self, tx: Tx, item: Item) -> Words:
        """The words of the item's game: its players' names, its built-in cards'."""
        gid, event = str(item.game_id), item.event
        if isinstance(event, GameStarted):
            tx.execute(
                f"INSERT INTO {self.players} (game_id, game, players) VALUES (:gid, :game, :p)",
                {"gid": gid, "game": event.game, "p": json.dumps(list(event.players))},
            )
            return Words(get_game(event.game), event.players)
        kept = self._kept_words(tx, gid)
        if kept is not None:
            return kept
        # A game whose opening was applied before the players were kept: its game
        # is the one its events belong to, its players unknown here.
        game = next((g for g in all_games() if type(event) in g.event_types), all_games()[0])
        return Words(game, ())

    def read(
        self, tx: Tx, game_id: UUID | str, *, seat: int | None = None, full: bool = True
    ) -> list[dict[str, Any]]:
        """The game's events in order: everything (the referee's view), or with
        ``full=False`` redacted for ``seat`` (None: a spectator), as while the game runs."""
        rows = tx.all(
            f"SELECT * FROM {self.events} WHERE game_id = :gid ORDER BY position",
            {"gid": str(game_id)},
        )
        # A hidden event is said by its kind in its game's words ("cards dealt").
        words = None if full else self._kept_words(tx, str(game_id))
        return [_row(r, seat, full, words) for r in rows]

    def _kept_words(self, tx: Tx, gid: str) -> Words | None:
        """The words of a game whose opening this projection kept, else None."""
        row = tx.all(f"SELECT game, players FROM {self.players} WHERE game_id = :gid", {"gid": gid})
        if not row:
            return None
        return Words(get_game(row[0]["game"]), json.loads(row[0]["players"]))


def _visible(visibility: str, seat: int | None) -> bool:
    if visibility == "public":
        return True
    if visibility == "hidden" or seat is None:
        return False
    return str(seat) in visibility.removeprefix("seats:").split(",")


def _row(r: dict[str, Any], seat: int | None, full: bool, words: Words | None) -> dict[str, Any]:
    out: dict[str, Any] = {
        "position": int(r["position"]),
        "notification_id": int(r["notification_id"]),
        "type": r["type"],
        "seat": None if r["seat"] is None else int(r["seat"]),
        "rule": r["rule"],
        "visibility": r["visibility"],
        "at": r["at"],
    }
    if full or _visible(r["visibility"], seat):
        out["dice"] = None if r["dice"] is None else json.loads(r["dice"])
        out["text"] = r["text"]
    else:
        out["dice"] = None
        out["text"] = hidden_line(r["type"], words)
    return out
