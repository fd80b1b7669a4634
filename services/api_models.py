"""Request and response bodies of the HTTP API (they document themselves at /docs)."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, Field


class CreateTable(BaseModel):
    game: str = Field(description="game id, see GET /games", examples=["ultimate"])
    players: int | list[str] = Field(
        description="number of seats, or the players' names in seat order", examples=[2]
    )
    seed: str | None = Field(None, description="seed of the dice (default: random, kept secret)")
    table: bool = Field(False, description="table mode: dice and deck orders come from outside")
    setup: dict[str, Any] | None = Field(None, description="a setup position (as a setup file)")
    options: dict[str, Any] | None = Field(None, description="game options, NAME: VALUE")
    dice: list[int] = Field(default_factory=list, description="table mode: scripted dice values")


class SeatToken(BaseModel):
    seat: int
    token: str = Field(description="the seat's secret: send it as Authorization: Bearer <token>")


class CreatedTable(BaseModel):
    game_id: str
    seats: list[SeatToken]


class ActRequest(BaseModel):
    seat: int = Field(description="the acting seat; the bearer token must be this seat's")
    command: dict[str, Any] = Field(
        description="the command, tagged by type; see /legal", examples=[{"type": "Draw"}]
    )
    orders: list[list[int]] = Field(
        default_factory=list,
        description="table mode: deck orders for the shuffles it causes (0-based permutations, "
        "new top first: [2, 0, 1] puts the old third card on top)",
    )
    dice: list[int] = Field(
        default_factory=list, description="table mode: the dice the table rolled for it"
    )


class ActResult(BaseModel):
    game_id: str
    seat: int
    position: int = Field(description="position of the last appended event")
    status: str = Field(description="running or finished, right after this action")
    entries: list[dict[str, Any]] = Field(
        description="the appended events, as this seat may see them"
    )
    pending: list[dict[str, Any]] = Field(
        description="the decisions the game waits for after this action: which seats, what for"
    )
    legal: list[dict[str, Any]] = Field(
        description="every command this seat may send after this action (as GET /legal), "
        "so that no other request is needed to play on"
    )
