"""Every HTTP error has one shape, ``{"code", "rule", "message"}``, like the CLI's.

A refused command keeps its rule citation, so a client can show which rule
said no; other errors have an empty ``rule``.
"""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel
from starlette.exceptions import HTTPException as StarletteHTTPException

from domain.kernel import IllegalCommand, SetupError
from services.ledger import GameNotFound, IdempotencyConflict, NotAuthorized

MALFORMED_RULE = "kernel.malformed"


class ErrorBody(BaseModel):
    """The body of every error response."""

    code: str
    rule: str = ""
    message: str


class APIError(Exception):
    """An error with its status, raised by the routes themselves."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        *,
        rule: str = "",
        headers: dict[str, str] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.rule = rule
        self.headers = headers


def error(
    status: int, code: str, message: str, *, rule: str = "", headers: dict[str, str] | None = None
) -> JSONResponse:
    return JSONResponse(
        {"code": code, "rule": rule, "message": message}, status_code=status, headers=headers
    )


def token_required(message: str) -> APIError:
    return APIError(401, "token_required", message, headers={"WWW-Authenticate": "Bearer"})


# Which status each error documents in OpenAPI.
RESPONSES: dict[int | str, dict[str, Any]] = {
    401: {"model": ErrorBody, "description": "no seat token (Authorization: Bearer)"},
    403: {"model": ErrorBody, "description": "wrong token for this seat"},
    404: {"model": ErrorBody, "description": "no such game or table"},
    409: {"model": ErrorBody, "description": "the rules refuse the command; nothing appended"},
    422: {"model": ErrorBody, "description": "malformed request or command"},
}


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for err in exc.errors()[:5]:
        where = ".".join(str(x) for x in err.get("loc", ()) if x != "body")
        parts.append(f"{where}: {err.get('msg', 'invalid')}" if where else err.get("msg", ""))
    return "; ".join(parts) or "malformed request"


def install(app: FastAPI) -> None:
    """Map the service's exceptions to status codes and the one error shape."""

    @app.exception_handler(APIError)
    async def _api(request: Request, exc: APIError) -> JSONResponse:
        return error(exc.status, exc.code, exc.message, rule=exc.rule, headers=exc.headers)

    @app.exception_handler(IllegalCommand)
    async def _illegal(request: Request, exc: IllegalCommand) -> JSONResponse:
        # A command that does not even parse is malformed (422); one the rules
        # refuse in this position is a conflict with the game's state (409).
        status = 422 if exc.rule == MALFORMED_RULE else 409
        return error(status, exc.code, exc.message, rule=exc.rule)

    @app.exception_handler(GameNotFound)
    async def _not_found(request: Request, exc: GameNotFound) -> JSONResponse:
        return error(404, "game_not_found", str(exc))

    @app.exception_handler(NotAuthorized)
    async def _forbidden(request: Request, exc: NotAuthorized) -> JSONResponse:
        return error(403, "not_authorized", str(exc))

    @app.exception_handler(IdempotencyConflict)
    async def _idem(request: Request, exc: IdempotencyConflict) -> JSONResponse:
        # As draft-ietf-httpapi-idempotency-key-header: a key reused with
        # another payload is unprocessable.
        return error(422, "idempotency_conflict", str(exc))

    @app.exception_handler(SetupError)
    async def _setup(request: Request, exc: SetupError) -> JSONResponse:
        return error(422, "bad_setup", str(exc))

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return error(422, "malformed_request", _validation_message(exc), rule=MALFORMED_RULE)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code, "http_error")
        return error(exc.status_code, code, str(exc.detail), headers=exc.headers)
