"""Structured logs: one JSON object per line, each carrying the request id.

The request id lives in a context variable set by the HTTP middleware
(``services.http.observe``); FastAPI copies the context into the thread pool,
so lines written by the ledger while serving a request carry its id too.
Lines written outside any request carry ``"request_id": null``.

Nothing here ever logs a token: the access line holds the path without its
query string (a browser's stream sends ``?token=``), and headers are not logged.
"""

from __future__ import annotations

import json
import logging
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

request_id: ContextVar[str | None] = ContextVar("wizards_request_id", default=None)

# Attributes every LogRecord has; anything else was passed with extra= and is kept.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "request_id"}


class RequestIdFilter(logging.Filter):
    """Stamps every record with the current request id (on handlers, so that
    records from every logger get it, uvicorn's and the libraries' included)."""

    def filter(self, record: logging.LogRecord) -> bool:
        record.request_id = request_id.get()
        return True


class JsonFormatter(logging.Formatter):
    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, Any] = {
            "ts": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "request_id": getattr(record, "request_id", request_id.get()),
            "message": record.getMessage(),
        }
        for key, value in vars(record).items():
            if key not in _STANDARD and not key.startswith("_"):
                line[key] = value
        if record.exc_info:
            line["exc"] = self.formatException(record.exc_info)
        return json.dumps(line, ensure_ascii=False, default=str)


def log_config(level: str = "info") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for ``wizards serve`` (uvicorn's ``log_config``):
    every logger, uvicorn's included, writes JSON lines with the request id to stderr."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": RequestIdFilter}},
        "formatters": {"json": {"()": JsonFormatter}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": "json",
                "filters": ["request_id"],
                "stream": "ext://sys.stderr",
            }
        },
        "root": {"handlers": ["stderr"], "level": level.upper()},
        "loggers": {
            "uvicorn": {"handlers": [], "propagate": True},
            "uvicorn.error": {"handlers": [], "propagate": True},
            "uvicorn.access": {"handlers": [], "propagate": True},
        },
    }
