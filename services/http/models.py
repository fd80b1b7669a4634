"""Request and response bodies of the HTTP API (they document themselves at /docs).

Every field is bounded (``services.limits``), so that no request can make the
service build something large: sizes are checked by validation, before the
ledger sees the request.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec
from pydantic import AfterValidator, BaseModel, ConfigDict, Field

from services.limits import (
    MAX_DEPTH,
    MAX_DICE,
    MAX_OPTIONS,
    MAX_ORDER_LENGTH,
    MAX_ORDERS,
    MAX_PLAYER_NAMES,
    MAX_SEAT,
    MAX_SEED,
    nesting_depth,
)


def _shallow(value: Any) -> Any:
    # A ValueError becomes a 422 naming the field; deeper values would cost
    # stack depth in every encoder and fold that handles them.
    if nesting_depth(value) > MAX_DEPTH:
        raise ValueError(f"nested more than {MAX_DEPTH} levels deep")
    return value


Mapping = Annotated[dict[str, Any], AfterValidator(_shallow)]
# Values are checked by the ledger (a bad die is the rules' business: 409 on act);
# only the sizes are bounded here.
Order = Annotated[list[int], Field(max_length=MAX_ORDER_LENGTH)]
# A card the table names as drawn: its id, kind or printed name.
MAX_CARD_NAME = 100
Card = Annotated[str, Field(max_length=MAX_CARD_NAME)]


class CreateTable(BaseModel):
    # A misspelt key ("tabel": true) would open another kind of game than meant.
    model_config = ConfigDict(extra="forbid")

    game: str = Field(description="game id, see GET /games", examples=["ultimate"], max_length=64)
    players: (
        Annotated[int, Field(ge=1, le=MAX_PLAYER_NAMES)]
        | Annotated[list[str], Field(max_length=MAX_PLAYER_NAMES)]
    ) = Field(description="number of seats, or the players' names in seat order", examples=[2])
    seed: str | None = Field(
        None,
        description="seed of the dice (default: random, kept secret)",
        max_length=MAX_SEED,
    )
    table: bool = Field(False, description="table mode: dice and deck orders come from outside")
    setup: Mapping | None = Field(None, description="a setup position (as a setup file)")
    options: Mapping | None = Field(
        None, description="game options, NAME: VALUE", max_length=MAX_OPTIONS
    )
    dice: list[int] = Field(
        default_factory=list,
        description="table mode: scripted dice values",
        max_length=MAX_DICE,
    )
    orders: list[Order] = Field(
        default_factory=list,
        description="table mode: deck orders for the opening's shuffles (0-based permutations)",
        max_length=MAX_ORDERS,
    )
    drew: list[Card] = Field(
        default_factory=list,
        description="table mode: the cards dealt at the opening from piles of unknown order",
        max_length=MAX_DICE,
    )
    data: Mapping | None = Field(
        None, description="the table's own data file (see GET /games/{game}/data)"
    )
    chance_by: Literal["table", "seats"] = Field(
        "table",
        description="table mode: who enters the table's chance: one person everything "
        "(`table`), or each seat the cards drawn into its hand (`seats`; a command "
        "whose draws go to other seats is then held until they have named them)",
    )


class SeatToken(BaseModel):
    seat: int
    token: str = Field(description="the seat's secret: send it as Authorization: Bearer <token>")


class CreatedTable(BaseModel):
    game_id: str
    seats: list[SeatToken]


# A msgspec struct, not a pydantic model: every act is read by it, on the fast path
# as by the route (services.http.request), and msgspec reads one in a tenth of the
# time. Read lax, as pydantic would ("seat": "1" is seat 1).
class ActRequest(msgspec.Struct, forbid_unknown_fields=True):
    """A seat's command, with what the table supplies for it in table mode."""

    seat: Annotated[
        int,
        msgspec.Meta(
            ge=0, le=MAX_SEAT, description="the acting seat; the bearer token must be this seat's"
        ),
    ]
    # A misspelt "drew" would be lost: unknown fields are refused (forbid_unknown_fields).
    command: Annotated[
        dict[str, Any] | None,
        msgspec.Meta(
            description="the command, tagged by type; see /legal. Left out (or null) only "
            "to enter the cards this seat drew for a command the game holds (a table whose "
            "seats enter their own draws: see `held` in the state)",
            examples=[{"type": "Draw"}],
        ),
    ] = None
    orders: Annotated[
        list[Annotated[list[int], msgspec.Meta(max_length=MAX_ORDER_LENGTH)]],
        msgspec.Meta(
            max_length=MAX_ORDERS,
            description="table mode: deck orders for the shuffles it causes (0-based "
            "permutations, new top first: [2, 0, 1] puts the old third card on top)",
        ),
    ] = []
    dice: Annotated[
        list[int],
        msgspec.Meta(
            max_length=MAX_DICE, description="table mode: the dice the table rolled for it"
        ),
    ] = []
    drew: Annotated[
        list[Annotated[str, msgspec.Meta(max_length=MAX_CARD_NAME)]],
        msgspec.Meta(
            max_length=MAX_DICE,
            description="table mode: the cards actually drawn from piles of unknown order, "
            "in order",
        ),
    ] = []


def act_request_schema() -> dict[str, Any]:
    """``ActRequest`` as the OpenAPI describes a request body."""
    _, components = msgspec.json.schema_components([ActRequest])
    return {"required": True, "content": {"application/json": {"schema": components["ActRequest"]}}}


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
