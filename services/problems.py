"""One error body for HTTP and the CLI: RFC 9457 problem details.

Every error is ``application/problem+json``::

    {"type": "tag:wizard-ledger,2026:problem:not_your_turn", "title": "Not your turn",
     "status": 409, "detail": "...", "code": "not_your_turn", "rule": "kernel.turn",
     "message": "..."}

``code`` (what went wrong, stable for programs) and ``rule`` (the rule citation
that refused a command, else empty) are extension members; ``message`` repeats
``detail`` for clients written before the problem format. The ``type`` is a
tag URI (RFC 4151), which RFC 9457 allows for types that are not meant to be
dereferenced. ``wizards ... --json`` prints the same body on stderr.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

import msgspec
from eventsourcing.persistence import PersistenceError

from domain.games import UnknownGame
from domain.kernel import DiceRequired, IllegalCommand, SetupError
from domain.kernel.phrases import Phrase, phrase
from services.store.host_binding import BindingError, WriteRefused
from services.store.pg_outcome import OutcomeUnknown
from services.store.read_only import ReadOnlyStore
from services.store.values import ActNotStored, GameNotFound, IdempotencyConflict, NotAuthorized
from services.words.telling import LANGUAGES, Teller

MEDIA_TYPE = "application/problem+json"
TYPE_PREFIX = "tag:wizard-ledger,2026:problem:"
MALFORMED_RULE = "kernel.malformed"


# The titles of the codes a person meets most, each the code said in words (its
# English is the code's, "not_your_turn" -> "Not your turn"), in the reader's language.
TITLES: dict[str, Phrase] = {
    "not_your_turn": phrase("Not your turn"),
    "game_over": phrase("Game over"),
    "not_in_hand": phrase("Not in hand"),
    "malformed_command": phrase("Malformed command"),
    "wrong_decision": phrase("Wrong decision"),
    "not_offered": phrase("Not offered"),
    "dice_required": phrase("Dice required"),
    "drawn_card_refused": phrase("Drawn card refused"),
    "game_not_found": phrase("Game not found"),
    "unknown_game": phrase("Unknown game"),
    "not_authorized": phrase("Not authorized"),
    "token_required": phrase("Token required"),
    "idempotency_conflict": phrase("Idempotency conflict"),
    "bad_setup": phrase("Bad setup"),
    "bad_input": phrase("Bad input"),
    "bad_toml": phrase("Bad toml"),
    "bad_position": phrase("Bad position"),
    "malformed_request": phrase("Malformed request"),
    "unparseable_body": phrase("Unparseable body"),
    "body_too_large": phrase("Body too large"),
    "rate_limited": phrase("Rate limited"),
    "read_only_store": phrase("Read only store"),
    "store_unavailable": phrase("Store unavailable"),
    "internal_error": phrase("Internal error"),
}
# Any other code, in a language other than English, is titled by its status.
STATUS_TITLES: dict[int, Phrase] = {
    400: phrase("Bad request"),
    403: phrase("Not allowed"),
    404: phrase("Not found"),
    409: phrase("Refused"),
    413: phrase("Too large"),
    422: phrase("Cannot be read"),
    429: phrase("Too many requests"),
    500: phrase("Internal error"),
    503: phrase("Unavailable"),
}


def title_of(code: str, status: int) -> str:
    """The problem's title for people, in the reader's language: the code in
    words (``not_your_turn`` -> ``Not your turn``, « Pas votre tour »)."""
    tell = Teller(str, str)
    if code in TITLES:
        return tell(TITLES[code])
    readable = code.replace("_", " ").capitalize()
    if tell.lang == LANGUAGES[0] or status not in STATUS_TITLES:
        return readable
    return tell(STATUS_TITLES[status])


def problem(
    status: int, code: str, detail: str, *, rule: str = "", instance: str | None = None
) -> dict[str, Any]:
    body: dict[str, Any] = {
        "type": TYPE_PREFIX + code,
        "title": title_of(code, status),
        "status": status,
        "detail": detail,
        "code": code,
        "rule": rule,
        "message": detail,
    }
    if instance is not None:
        body["instance"] = instance
    return body


def extensions(exc: BaseException) -> dict[str, Any]:
    """Members a problem adds for its kind: a table-mode refusal lists each value
    it needs as data (``needs``: kind, what, sides, size, cards, and ``said``: what
    it is for in words), for a client to ask the table for each instead of reading
    the sentence."""
    if isinstance(exc, DiceRequired) and exc.needs:
        needs: list[dict[str, Any]] = msgspec.to_builtins(exc.needs)
        # What each is for, where the refusal was worded for its table.
        for need, said in zip(needs, exc.needs_said, strict=False):
            need["said"] = said
        return {"needs": needs}
    if isinstance(exc, ReadOnlyStore):
        return {"hint": told(exc.hint)}
    return {}


def dumps(body: dict[str, Any]) -> str:
    """Readable JSON: ``2–4`` stays ``2–4``, not ``2\\u20134``."""
    return json.dumps(body, ensure_ascii=False)


# What the CLI refuses before any game is read: a seat the game does not have
# (its number is what --seat takes), a new game with no players.
NO_PLAYERS = phrase("say how many players (--players N) or name them (--names Ann,Bob)")


def no_such_seat(seat: int, players: Sequence[str]) -> SetupError:
    return SetupError(
        phrase(
            "this game has no seat {seat}: its seats are 0–{last} ({players})",
            seat=str(seat),
            last=str(len(players) - 1),
            players=", ".join(players),
        )
    )


def problem_lines(body: dict[str, Any]) -> list[str]:
    """A problem as a person reads it, in their language: what went wrong, the
    rule, what to do, the code (the CLI's errors at a terminal)."""
    say = Teller(str, str)
    lines = [str(body.get("detail") or body.get("title"))]
    if body.get("rule"):
        lines.append("  " + say(phrase("rule: {rule}", rule=body["rule"])))
    if body.get("hint"):
        lines.append("  " + say(phrase("hint: {hint}", hint=body["hint"])))
    lines.append("  " + say(phrase("code: {code}", code=str(body.get("code")))))
    return lines


# How a table gives on the command line what a table-mode refusal asks for:
# the flag that gives each kind of value a refusal may ask for.
_CHANCE_FLAGS = {
    "die": phrase("--dice 4,2 (die faces, in order)"),
    "card": phrase("--drew CARD,CARD (cards drawn: id, kind or printed name)"),
    "order": phrase("--order 2,0,1 (a shuffle, new top first)"),
}
CARD_HINT = phrase("name the card actually drawn with --drew (its printed name or its id)")


def chance_hint(needs: Any, *, face_down: bool = False) -> str:
    """Which flags give what a refusal asks for (only those), in the rules' order,
    in the reader's language; ``face_down``: an order may stand for the cards of a
    shuffled pile."""
    kinds = list(dict.fromkeys(getattr(n, "kind", "") for n in needs or ()))
    if face_down and "card" in kinds and "order" not in kinds:
        kinds.append("order")
    flags = [_CHANCE_FLAGS[k] for k in kinds if k in _CHANCE_FLAGS] or list(_CHANCE_FLAGS.values())
    said = Teller(str, str)
    return said(phrase("give them with the command: {flags}", flags=", ".join(map(said, flags))))


def told(exc: BaseException | Phrase | str) -> str:
    """What an error (or a phrase of ours about one) says, in the reader's language
    where it says it as a phrase (``said``: a ``SaidError``, a game not found),
    else as it put it (a text: as it is)."""
    said = exc if isinstance(exc, Phrase) else getattr(exc, "said", None)
    if not isinstance(said, Phrase):
        return str(exc)
    return Teller(_seat_named(getattr(exc, "players", ())), str)(said)


def _seat_named(players: Sequence[str]) -> Callable[[int], str]:
    """A seat by its player's name where the error knows the table's names, else
    as "seat 2" in the reader's language."""

    def seat(number: int) -> str:
        if 0 <= number < len(players):
            return players[number]
        return Teller(str, str)(phrase("seat {seat}", seat=str(number)))

    return seat


def classify(exc: BaseException) -> tuple[int, str, str, str] | None:
    """(status, code, rule, detail) of a service exception; None for anything else.

    A command that does not parse is malformed (422); one the rules refuse in
    this position conflicts with the game's state (409). A key reused with
    another payload is unprocessable (422), as in the IETF's Idempotency-Key draft.
    """
    if isinstance(exc, IllegalCommand):
        status = 422 if exc.rule == MALFORMED_RULE else 409
        return status, exc.code, exc.rule, exc.message
    if isinstance(exc, GameNotFound):
        return 404, "game_not_found", "", told(exc)
    if isinstance(exc, NotAuthorized):
        return 403, "not_authorized", "", told(exc)
    if isinstance(exc, IdempotencyConflict):
        return 422, "idempotency_conflict", "", told(exc)
    if isinstance(exc, UnknownGame):
        return 404, "unknown_game", "", told(exc)
    if isinstance(exc, SetupError):
        return 422, "bad_setup", "", told(exc)
    if isinstance(exc, WriteRefused | BindingError):
        # This process may not write the store: the store is bound to the
        # counters file of another host (or another file of this one).
        return 503, "store_bound_elsewhere", "", told(exc)
    if isinstance(exc, ReadOnlyStore):
        # The store is open read-only (asked for, or a file this process may not
        # write): the write conflicts with how it is open, whatever it asks.
        return 409, "read_only_store", "", told(exc)
    if isinstance(exc, OutcomeUnknown):
        return 503, "outcome_unknown", "", told(exc)
    if isinstance(exc, ActNotStored):
        return 503, "act_not_stored", "", told(exc)
    if isinstance(exc, PersistenceError):
        return 503, "store_unavailable", "", f"the store failed: {exc}"
    if isinstance(exc, RecursionError):
        return 422, "bad_setup", "", "the input is nested too deeply to read"
    if isinstance(exc, ValueError | OSError):
        return 422, "bad_input", "", told(exc)
    return None


async def send_problem(
    send: Callable[[dict[str, Any]], Awaitable[None]],
    body: dict[str, Any],
    headers: Sequence[tuple[bytes, bytes]] = (),
) -> None:
    """Answer a raw ASGI request with ``body`` (for middleware that refuses a
    request before the app sees it)."""
    raw = dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": body["status"],
            "headers": [
                (b"content-type", MEDIA_TYPE.encode()),
                (b"content-length", str(len(raw)).encode()),
                *headers,
            ],
        }
    )
    await send({"type": "http.response.body", "body": raw})
