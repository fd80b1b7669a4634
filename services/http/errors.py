"""Every HTTP error is an RFC 9457 problem (``services.problems``), like the CLI's.

A refused command keeps its rule citation in ``rule``, so a client can show
which rule said no; other errors have an empty ``rule``.
"""

from __future__ import annotations

from typing import Any

from eventsourcing.persistence import PersistenceError
from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException as StarletteHTTPException

from domain.kernel import IllegalCommand, SetupError
from domain.kernel.phrases import Phrase, phrase, plain
from services.http.logs import request_id
from services.problems import MALFORMED_RULE, MEDIA_TYPE, classify, extensions, problem, told
from services.store.host_binding import WriteRefused
from services.store.read_only import ReadOnlyStore
from services.store.values import GameNotFound, IdempotencyConflict, NotAuthorized
from services.words.telling import Teller

__all__ = [
    "COSTLY_RESPONSES",
    "MALFORMED_RULE",
    "REFUSED",
    "RESPONSES",
    "APIError",
    "ErrorBody",
    "error",
    "install",
]


class ErrorBody(BaseModel):
    """The body of every error response (RFC 9457 problem details)."""

    type: str = Field(description="tag:wizard-ledger,2026:problem:<code>")
    title: str
    status: int
    detail: str
    code: str = Field(description="what went wrong, stable for programs")
    rule: str = Field("", description="the rule citation that refused a command, else empty")
    message: str = Field(description="the same as detail")
    instance: str | None = Field(None, description="the request's path")


class APIError(Exception):
    """An error with its status, raised by the routes themselves. Its ``message``
    is a phrase, told in the request's language when it is answered (``detail``),
    or a text said as it is (another service's words, already told)."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str | Phrase,
        *,
        rule: str = "",
        headers: dict[str, str] | None = None,
        extra: dict[str, Any] | None = None,
    ) -> None:
        super().__init__(plain(message))
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.headers = headers
        self.extra = extra or {}  # the problem's own members (a refusal's ``needs``)

    @property
    def detail(self) -> str:
        """The message in the reader's language."""
        return told(self.message)


# The scope key carrying the ledger's refusal of an act from the fast path
# (services.http.fast) to the route, which answers it without acting again.
REFUSED = "wizards.refused"


def error(
    status: int,
    code: str,
    message: str,
    *,
    rule: str = "",
    headers: dict[str, str] | None = None,
    instance: str | None = None,
    extra: dict[str, Any] | None = None,
) -> JSONResponse:
    """The problem answer; ``extra``: members of its own (a refusal's ``needs``)."""
    body = problem(status, code, message, rule=rule, instance=instance)
    body.update(extra or {})
    return JSONResponse(body, status_code=status, headers=headers, media_type=MEDIA_TYPE)


def failed(instance: str | None) -> dict[str, Any]:
    """The problem of a request the service failed on (a fault of ours, not the
    request's): 500 ``internal_error``, naming the request id its log line carries
    and nothing of the error itself."""
    rid = request_id.get()
    said = (
        phrase("the service failed on this request; its log tells why (request id {id})", id=rid)
        if rid
        else phrase("the service failed on this request; its log tells why")
    )
    return problem(500, "internal_error", Teller(str, str)(said), instance=instance)


def token_required(message: Phrase) -> APIError:
    return APIError(401, "token_required", message, headers={"WWW-Authenticate": "Bearer"})


def _problem_response(description: str) -> dict[str, Any]:
    return {"model": ErrorBody, "description": description, "content": {MEDIA_TYPE: {}}}


# Which status each error documents in OpenAPI.
RESPONSES: dict[int | str, dict[str, Any]] = {
    400: _problem_response(
        "the body is not JSON (or not UTF-8), or a header or parameter that must come "
        "once comes twice"
    ),
    401: _problem_response("no seat token (Authorization: Bearer)"),
    403: _problem_response("wrong token for this seat"),
    404: _problem_response("no such game or table"),
    409: _problem_response("the rules refuse the command; nothing appended"),
    413: _problem_response("the body is larger than the service accepts"),
    422: _problem_response("malformed request or command"),
    429: _problem_response("too many requests from this client or token; see Retry-After"),
}


# The costly reads (services.http.costly_reads) may also be refused for a while.
COSTLY_RESPONSES: dict[int | str, dict[str, Any]] = {
    **RESPONSES,
    503: _problem_response(
        "too many costly reads under way (reads_busy), or the store is unavailable; see Retry-After"
    ),
}


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        msg = str(err.get("msg", "invalid"))
        parts.append(f"{where}: {msg}" if where else msg)
    return "; ".join(parts) or "malformed request"


def install(app: FastAPI) -> None:
    """Map the service's exceptions to status codes and the one problem shape."""

    def path(request: Request) -> str:
        return request.url.path  # never the query: a browser's stream carries ?token=

    @app.exception_handler(APIError)
    async def _api(request: Request, exc: APIError) -> JSONResponse:
        return error(
            exc.status,
            exc.code,
            exc.detail,
            rule=exc.rule,
            headers=exc.headers,
            instance=path(request),
            extra=exc.extra,
        )

    async def _service(request: Request, exc: Exception) -> JSONResponse:
        status, code, rule, detail = classify(exc) or (500, "internal_error", "", str(exc))
        return error(status, code, detail, rule=rule, instance=path(request), extra=extensions(exc))

    for kind in (
        IllegalCommand,
        GameNotFound,
        NotAuthorized,
        IdempotencyConflict,
        SetupError,
        WriteRefused,
        ReadOnlyStore,
        PersistenceError,
    ):
        app.add_exception_handler(kind, _service)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, exc: Exception) -> JSONResponse:
        # Starlette raises the error again once this is sent: the outermost
        # middleware (services.http.observe) logs it, bounded.
        return JSONResponse(failed(path(request)), status_code=500, media_type=MEDIA_TYPE)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        if any(err.get("type") == "json_invalid" for err in exc.errors()):
            return error(400, "unparseable_body", _validation_message(exc), instance=path(request))
        return error(
            422,
            "malformed_request",
            _validation_message(exc),
            rule=MALFORMED_RULE,
            instance=path(request),
        )

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {
            400: "unparseable_body",
            404: "not_found",
            405: "method_not_allowed",
        }.get(exc.status_code, "http_error")
        return error(
            exc.status_code,
            code,
            str(exc.detail),
            headers=dict(exc.headers or {}),
            instance=path(request),
        )
