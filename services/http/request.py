"""What a request carries, read once by one parser whichever path serves it.

The play fast path (``services.http.fast``), the FastAPI routes and the rate
limiter all read a request here, so that they can never disagree about it:

- the headers the service reads (the seat's bearer token, ``Idempotency-Key``,
  ``Content-Type``, ``Last-Event-ID``): each may come once; a request carrying
  two is refused (400 ``duplicate_header``, naming it) rather than one of them
  chosen, since another reader might choose the other;
- the query of the requests of play (``seat``, ``at``, ``token``, ``after``),
  each at most once and within the bounds of ``services.limits``;
- an act's body: JSON (``Content-Type`` application/json or ``+json``), UTF-8,
  the fields of ``ActRequest`` with their bounds, a command nested at most
  ``MAX_DEPTH`` deep (its size is bounded before, by ``services.http.body_limit``).

What is read is kept in the ASGI scope, a refusal too: a request handed from
the fast path to its route is not read a second time, and the route answers
the same refusal. A refusal is an ``APIError``, answered as a problem.
"""

from __future__ import annotations

from collections.abc import Callable, MutableMapping
from dataclasses import dataclass
from typing import Any, TypeVar, cast
from urllib.parse import parse_qsl

import msgspec

from domain.kernel.phrases import Phrase, phrase
from services.http.errors import MALFORMED_RULE, APIError
from services.http.models import ActRequest, act_request_schema
from services.limits import MAX_DEPTH, MAX_KEY_LENGTH, MAX_POSITION, MAX_SEAT, nesting_depth

Scope = MutableMapping[str, Any]
T = TypeVar("T")

# The scope's keys for what was read (or the refusal of it).
_HEADERS = "wizards.headers"
_QUERY = "wizards.query"
_BODY = "wizards.body"

# The headers read, each of which a request may carry once; by its name on the wire.
_ONCE = {
    b"authorization": "Authorization",
    b"idempotency-key": "Idempotency-Key",
    b"content-type": "Content-Type",
    b"last-event-id": "Last-Event-ID",
}


@dataclass(frozen=True, slots=True)
class Headers:
    """The headers the service reads, as sent (the token: a Bearer's credentials)."""

    token: str | None = None
    key: str | None = None
    content_type: str | None = None
    last_event_id: str | None = None


def _bearer(value: str) -> str | None:
    """The credentials of ``Bearer <token>``; another scheme, or none, is no token."""
    scheme, _, credentials = value.strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    return credentials.strip() or None


def _read_headers(raw: Any) -> Headers:
    found: dict[bytes, str] = {}
    for name, value in raw:
        if name in _ONCE:
            if name in found:
                raise APIError(
                    400,
                    "duplicate_header",
                    phrase(
                        "the request carries {header} more than once: send it once",
                        header=_ONCE[name],
                    ),
                )
            found[name] = value.decode("latin-1")
    auth = found.get(b"authorization")
    return Headers(
        token=None if auth is None else _bearer(auth),
        key=found.get(b"idempotency-key"),
        content_type=found.get(b"content-type"),
        last_event_id=found.get(b"last-event-id"),
    )


def _kept(scope: Scope, key: str, read: Callable[[], T]) -> T:
    """What ``read()`` gives for this request, read on the first call only; a
    refusal is kept as well and raised again."""
    kept = scope.get(key)
    if kept is None:
        try:
            kept = read()
        except APIError as e:
            kept = e
        scope[key] = kept
    if isinstance(kept, APIError):
        raise kept
    return cast(T, kept)


def headers(scope: Scope) -> Headers:
    """The request's headers that the service reads (400 if one comes twice)."""
    return _kept(scope, _HEADERS, lambda: _read_headers(scope["headers"]))


def check_key(key: str | None) -> None:
    """An idempotency key is 1 to ``MAX_KEY_LENGTH`` characters (422 otherwise).

    Checked once the seat is known (after its token), as the route always did."""
    if key is not None and not 0 < len(key) <= MAX_KEY_LENGTH:
        raise APIError(
            422,
            "bad_idempotency_key",
            phrase("keys are 1–{most} characters", most=MAX_KEY_LENGTH),
        )


# ------------------------------------------------------------------ query


@dataclass(frozen=True)
class Param:
    """A query parameter of a request of play: a whole number from ``low`` to ``high``,
    or (``low`` None) a string."""

    name: str
    description: str
    low: int | None = None
    high: int = 0

    def read(self, raw: str) -> int | str:
        if self.low is None:
            return raw
        # isascii: str.isdigit also accepts digits such as "²" that int() refuses;
        # the length first, so that no number of thousands of digits is converted.
        if raw.isascii() and raw.isdigit() and len(raw) <= len(str(self.high)):
            value = int(raw)
            if self.low <= value <= self.high:
                return value
        raise APIError(
            422,
            "malformed_request",
            phrase(
                "query.{name}: a whole number from {low} to {high}, not {raw}",
                name=self.name,
                low=self.low,
                high=self.high,
                raw=f"{raw[:20]!r}{'…' if len(raw) > 20 else ''}",
            ),
            rule=MALFORMED_RULE,
        )

    def openapi(self) -> dict[str, Any]:
        """The parameter as the OpenAPI describes it."""
        schema: dict[str, Any] = (
            {"type": "string"}
            if self.low is None
            else {"type": "integer", "minimum": self.low, "maximum": self.high}
        )
        return {
            "name": self.name,
            "in": "query",
            "required": False,
            "description": self.description,
            "schema": schema,
        }


SEAT = Param(
    "seat", "view as this seat: needs that seat's bearer token (else spectator view)", 0, MAX_SEAT
)
AT = Param("at", "position (1 = GameStarted)", 1, MAX_POSITION)
TOKEN = Param("token", "for browsers only: a seat's token (else use Authorization: Bearer)")
AFTER = Param(
    "after", "resume after this position (default: now); Last-Event-ID wins", 0, MAX_POSITION
)
# The query parameters of each request of play.
PLAY_QUERIES: dict[str, tuple[Param, ...]] = {
    "act": (),
    "legal": (SEAT,),
    "state": (SEAT, AT),
    "events": (TOKEN, AFTER),
}


@dataclass(frozen=True, slots=True)
class Query:
    """The query of a request of play; ``other``: it carries a parameter that
    request does not read (ignored by the route; the fast path leaves such a
    request to it)."""

    seat: int | None = None
    at: int | None = None
    token: str | None = None
    after: int | None = None
    other: bool = False


def _read_query(raw: bytes, params: tuple[Param, ...]) -> Query:
    if not raw:
        return _NONE
    known = {p.name: p for p in params}
    values: dict[str, Any] = {}
    other = False
    for name, value in parse_qsl(raw.decode("latin-1"), keep_blank_values=True):
        param = known.get(name)
        if param is None:
            other = True
        elif name in values:
            raise APIError(
                400,
                "duplicate_parameter",
                phrase("the query carries {name} more than once: send it once", name=name),
            )
        else:
            values[name] = param.read(value)
    return Query(**values, other=other)


_NONE = Query()


def query(scope: Scope, op: str) -> Query:
    """The query of the request of play ``op`` (a key of ``PLAY_QUERIES``)."""
    return _kept(scope, _QUERY, lambda: _read_known_query(scope["query_string"], op))


def _read_known_query(raw: bytes, op: str) -> Query:
    """``_read_query``, each query read once: players send the same few over and
    over (``seat=0``), and parsing one took longer than the rest of reading the request."""
    read = _queries_read.get((op, raw))
    if read is None:
        read = _read_query(raw, PLAY_QUERIES[op])  # a refusal is raised, not kept
        if len(_queries_read) >= _QUERIES_KEPT:
            _queries_read.clear()
        _queries_read[(op, raw)] = read
    return read


_QUERIES_KEPT = 1024
_queries_read: dict[tuple[str, bytes], Query] = {}


def documented_query(op: str) -> dict[str, Any]:
    """The route's ``openapi_extra``: the query parameters read here, documented."""
    return {"parameters": [p.openapi() for p in PLAY_QUERIES[op]]}


# ------------------------------------------------------------------- body


def documented_act() -> dict[str, Any]:
    """The act route's ``openapi_extra``: its body and its ``Idempotency-Key``, documented
    as FastAPI would document them had it read them."""
    key = {
        "name": "idempotency-key",
        "in": "header",
        "required": False,
        "description": "a retry with the same key returns the first result, appends nothing",
        "schema": {"type": "string", "minLength": 1, "maxLength": MAX_KEY_LENGTH},
    }
    return {"requestBody": act_request_schema(), "parameters": [key]}


_act_request = msgspec.json.Decoder(ActRequest, strict=False)


def _json_content(content_type: str | None) -> bool:
    """application/json or application/...+json, whatever its parameters."""
    if content_type is None:
        return False
    kind = content_type.partition(";")[0].strip().lower()
    main, _, sub = kind.partition("/")
    return main == "application" and (sub == "json" or sub.endswith("+json"))


def _malformed(detail: str | Phrase) -> APIError:
    return APIError(422, "malformed_request", detail, rule=MALFORMED_RULE)


def _read_act(content_type: str | None, body: bytes) -> ActRequest:
    if not body:
        raise _malformed(phrase("the body is missing: an act is a JSON object"))
    if not _json_content(content_type):
        raise _malformed(phrase("an act is JSON: send it with Content-Type: application/json"))
    try:
        request = _act_request.decode(body)
    except msgspec.ValidationError as e:  # JSON, but not an act
        raise _malformed(str(e)) from None
    except (msgspec.DecodeError, UnicodeDecodeError) as e:  # not JSON, or not UTF-8
        raise APIError(
            400, "unparseable_body", phrase("the body is not JSON: {why}", why=str(e))
        ) from None
    except RecursionError:
        raise _malformed(
            phrase("the body is nested more than {most} levels deep", most=MAX_DEPTH)
        ) from None
    # A command nests no deeper than the body has brackets (beside the body's own):
    # most acts have a handful, and are not walked.
    bracketed = body.count(b"{") + body.count(b"[") > MAX_DEPTH + 1
    if bracketed and request.command is not None and nesting_depth(request.command) > MAX_DEPTH:
        raise _malformed(phrase("command: nested more than {most} levels deep", most=MAX_DEPTH))
    return request


def act_request(scope: Scope, body: bytes) -> ActRequest:
    """The act ``body`` carries (read once per request: a second call gives the first
    reading, whatever ``body``)."""
    return _kept(scope, _BODY, lambda: _read_act(headers(scope).content_type, body))


def act_read(scope: Scope) -> ActRequest | None:
    """The act already read from this request's body (its refusal raised), if it was."""
    kept = scope.get(_BODY)
    if isinstance(kept, APIError):
        raise kept
    return cast(ActRequest | None, kept)
