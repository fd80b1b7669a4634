"""Schemas of the read responses (state, log, summary, scoreboard, statistics, card faces).

They document the answers in the OpenAPI (``/docs``) so that clients get a
schema rather than ``dict[str, Any]``. The routes keep returning plain
mappings and declare these through ``documented(...)``: FastAPI then neither
validates nor re-encodes the answers (the HTTP path stays as cheap as it is),
and ``tests/services/http/test_api_schemas.py`` checks real answers against them.

Each model allows extra keys: a game's ``view`` is its own, and fields may be
added later without breaking a client.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field


class _Open(BaseModel):
    model_config = ConfigDict(extra="allow")


def documented(model: type[BaseModel] | Any, description: str) -> dict[int | str, dict[str, Any]]:
    """``responses=`` entry naming the 200 answer's schema without validating it."""
    return {200: {"model": model, "description": description}}


class PendingDecision(_Open):
    seat: int = Field(description="the seat that must decide")
    accepts: list[str] = Field(description="command types it may send")
    prompt: str = Field("", description="what is asked, in words")


class OutcomeOut(_Open):
    winners: list[int] = Field(description="winning seats")
    scores: list[int] = Field(default_factory=list, description="final score per seat")
    ranking: list[list[int]] = Field(default_factory=list, description="seats, best first")
    reason: str = ""


class StateOut(_Open):
    game_id: str
    game: str = Field(description="game id, see GET /games")
    position: int = Field(description="position of the last event folded (1 = GameStarted)")
    status: str = Field(
        description="running, finished, or dealing (an opening that waits for seats' cards)"
    )
    seat: int | None = Field(description="the seat this view is for; null: a spectator")
    players: list[str] = Field(description="the players' names, in seat order")
    pending: list[PendingDecision] = Field(description="who must decide now")
    view: dict[str, Any] = Field(
        description="the game's own picture of the table, as this seat may see it "
        "(each game documents its keys in docs/<game>.md)"
    )
    outcome: OutcomeOut | None = Field(description="winners and scores once the game is over")


class LogEntryOut(_Open):
    position: int
    type: str = Field(description="the event type, e.g. DamageDealt")
    at: str = Field(description="when it was stored (UTC, ISO 8601)")
    hash: str = Field(description="this entry's link in the hash chain")
    rule: str | None = Field(None, description="the rule catalogue id it applies")
    text: str = Field(description="the event in words")
    event: dict[str, Any] | None = Field(None, description="the event's fields, when visible")
    redacted: str | None = Field(
        None, description="the visibility that hides this event from the caller"
    )


class ForkOrigin(_Open):
    game_id: str = Field(description="the game this branch was copied from")
    at: int = Field(description="the position it was copied up to")


class TableSummaryOut(_Open):
    game_id: str
    game: str
    players: int = Field(description="number of seats")
    status: str = Field(
        description="running, finished, or dealing: its opening waits for seats' cards "
        "(nothing stored yet)"
    )
    events: int = Field(description="events stored")
    names: list[str] = Field(default_factory=list, description="the players, in seat order")
    mode: str = Field("seeded", description="seeded, or table (dice from outside)")
    started_at: str | None = Field(None, description="when the game was created (UTC)")
    waiting_names: list[str] = Field(
        default_factory=list, description="dealing: the players whose cards it waits for"
    )
    status_text: str = Field(
        "", description="the status in words, e.g. dealing — waiting for Bob's and Cy's cards"
    )
    winners: list[int] = Field(default_factory=list, description="winning seats, once over")
    winner_names: list[str] = Field(default_factory=list)
    forked_from: ForkOrigin | None = Field(None, description="set for a what-if branch")


class HoldCounts(_Open):
    dice: int = Field(description="dice values this entry named")
    orders: int = Field(description="deck orders this entry named")
    drew: int = Field(description="cards this entry named")


class HoldNamed(_Open):
    dice: list[int | None] = Field(default_factory=list)
    orders: list[list[int] | None] = Field(default_factory=list)
    drew: list[str | None] = Field(
        default_factory=list,
        description="the cards by their printed names (a refused entry's: as they were typed)",
    )


class HoldRowOut(_Open):
    row: int | None = Field(description="the row of the hold record; null: a refused entry")
    after_row: int | None = Field(None, description="a refused entry: the row it was sent at")
    refused: bool = Field(description="the entry was refused: it changed nothing")
    at: int = Field(description="the game's position the command was held at (0: the opening)")
    held_seat: int | None = Field(
        None, description="the seat whose command is held; null: the opening"
    )
    held: str | None = Field(None, description="that seat's player, or 'the opening'")
    command: dict[str, Any] | None = Field(
        None, description="the command held (or sent), unless secret to the caller"
    )
    seat: int | None = Field(description="the seat that entered; null: whoever opened the table")
    entered_by: str
    when: str = Field(description="when it was entered (UTC, ISO 8601)")
    counts: HoldCounts
    named: HoldNamed | None = Field(
        None,
        description="what it named: the caller's own entries, everyone's once the game is over",
    )
    waiting: list[int] | None = Field(None, description="the seats it still waited for")
    done: bool | None = Field(None, description="this entry completed the command")
    code: str | None = Field(None, description="a refused entry: the refusal's code (as `named`)")
    message: str | None = Field(None, description="a refused entry: what its seat was told")


class HoldsOut(_Open):
    game_id: str
    seat: int | None = Field(description="the seat this view is for; null: a spectator")
    status: str = Field(description="running or finished")
    whole: bool = Field(description="every entry's values shown (the game is over)")
    refused: list[int] = Field(description="entries refused, per seat")
    rows: list[HoldRowOut] = Field(description="oldest first; empty where seats enter no draws")


class RatingStart(_Open):
    mu: float = Field(description="a new player's estimated skill")
    sigma: float = Field(description="its uncertainty")


class RatingSystem(_Open):
    system: str = Field(description="how ratings are computed, e.g. openskill Plackett-Luce")
    start: RatingStart
    shown: str = Field("", description="the rating shown, from mu and sigma")


class PlayerRow(_Open):
    rank: int
    name: str
    games: int
    wins: int
    win_rate: float
    rating: float = Field(description="the rating shown (see rating.shown)")
    mu: float | None = None
    sigma: float | None = None
    last_game: str | None = None


class FinishedGameRow(_Open):
    game_id: str
    game: str
    players: list[str] | None = None
    mode: str | None = None
    status: str
    started_at: str | None = None
    finished_at: str | None = None
    winners: list[int] | None = None
    winner_names: list[str] | None = None
    scores: list[int] | None = None
    ranking: list[list[int]] | None = None
    reason: str | None = None


class ScoreboardOut(_Open):
    rating: RatingSystem
    players: list[PlayerRow]
    games: list[FinishedGameRow]


class SeatRateRow(_Open):
    game: str
    players: int = Field(description="player count of the games counted")
    seat: int
    games: int
    wins: int
    win_rate: float


class CardRateRow(_Open):
    game: str
    card: str
    games: int
    wins: int
    win_rate: float


class StatisticsOut(_Open):
    seats: list[SeatRateRow]
    cards: list[CardRateRow]


class CardFace(_Open):
    id: str = Field(description="the id commands and views use (Spell Wars: before the '#')")
    name: str = Field(description="the printed name")
    kind: str = Field("", description="the card's family: attack, source, treasure, combo...")
    text: str = Field("", description="the printed text (or ours, marked as such)")
    gloss: str = Field("", description="what the engine does with it, in the reader's language")
    rule: str = Field("", description="the rule catalogue id of the card")
    extra: dict[str, Any] = Field(default_factory=dict, description="game-specific facts")


class TableFace(_Open):
    """What a game declares for the web table; a game without one is drawn generically."""

    game: str
    cards: list[CardFace] = Field(default_factory=list)
    labels: dict[str, str] = Field(
        default_factory=dict, description="command types and view keys in words"
    )
    names: dict[str, str] = Field(
        default_factory=dict,
        description="every named entry of the game's data (a title, a card) by id, as this"
        " table calls it",
    )
