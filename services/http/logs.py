"""Structured logs: one JSON object per line, each carrying the request id.

The request id lives in a context variable set by the HTTP middleware
(``services.http.observe``); FastAPI copies the context into the thread pool,
so lines written by the ledger while serving a request carry its id too.
Lines written outside any request carry ``"request_id": null``.

Nothing here ever logs a token: the access line holds the path without its
query string (a browser's stream sends ``?token=``), and headers are not logged.

Every record is bounded, whatever it carries: a request that fails the same way
a thousand times writes a thousand short records, not a thousand tracebacks of
thousands of frames (a TOML file nested 3,000 deep once logged 200 KB each).
A traceback keeps its innermost ``MAX_FRAMES`` frames (where it failed) and at
most ``MAX_TRACEBACK`` characters; a message at most ``MAX_MESSAGE``; any other
value at most ``MAX_VALUE``.
"""

from __future__ import annotations

import json
import logging
import re
import traceback
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

request_id: ContextVar[str | None] = ContextVar("wizards_request_id", default=None)

# Attributes every LogRecord has; anything else was passed with extra= and is kept.
_STANDARD = set(vars(logging.makeLogRecord({}))) | {"message", "asctime", "request_id"}

MAX_FRAMES = 12
MAX_TRACEBACK = 8_000
MAX_MESSAGE = 10_000  # room for a bounded traceback written into the message
MAX_VALUE = 1_000

# Terminal colour codes, which uvicorn writes into its messages and into an extra
# ``color_message``: a log line read by a program or a person holds none of them.
_ESCAPES = re.compile(r"\x1b\[[0-9;]*[A-Za-z]")
_DROPPED = {"color_message"}


def plain(text: str) -> str:
    """``text`` without terminal escape codes."""
    return _ESCAPES.sub("", text)


def clip(text: str, limit: int) -> str:
    """``text``, its start kept, at most ``limit`` characters and a note of the rest."""
    if len(text) <= limit:
        return text
    return f"{text[:limit]}… [{len(text) - limit} more characters]"


def bounded_traceback(error: BaseException) -> str:
    """``error``'s traceback (and those it was raised from), each chain cut to its
    innermost ``MAX_FRAMES`` frames, at most ``MAX_TRACEBACK`` characters, the end
    (the error itself) kept."""
    frames, tb = 0, error.__traceback__
    while tb is not None:
        frames, tb = frames + 1, tb.tb_next
    text = "".join(traceback.format_exception(error, limit=-MAX_FRAMES))
    if frames > MAX_FRAMES:
        text = f"[{frames - MAX_FRAMES} outer frames left out]\n{text}"
    if len(text) > MAX_TRACEBACK:
        text = f"[{len(text) - MAX_TRACEBACK} characters left out]…{text[-MAX_TRACEBACK:]}"
    return text.rstrip("\n")


def _bounded(value: Any) -> Any:
    """An extra value as the line holds it: as it is while short, else its text, cut."""
    if isinstance(value, bool | int | float) or value is None:
        return value
    if isinstance(value, str):
        value = plain(value)
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False, default=str)
    if len(text) <= MAX_VALUE:
        return value
    return clip(text, MAX_VALUE)


def _extras(record: logging.LogRecord) -> dict[str, Any]:
    return {
        key: _bounded(value)
        for key, value in vars(record).items()
        if key not in _STANDARD and key not in _DROPPED and not key.startswith("_")
    }


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
            "message": clip(plain(record.getMessage()), MAX_MESSAGE),
        }
        line.update(_extras(record))
        if record.exc_info and record.exc_info[1] is not None:
            line["exc"] = bounded_traceback(record.exc_info[1])
        if record.stack_info:
            line["stack"] = clip(record.stack_info, MAX_TRACEBACK)
        return json.dumps(line, ensure_ascii=False, default=str)


class TextFormatter(logging.Formatter):
    """A line a person reads at a terminal: time, level, what happened, and the
    request's facts after it (``GET /tables 200 · 3.1 ms``), bounded as the JSON is."""

    def format(self, record: logging.LogRecord) -> str:
        when = datetime.fromtimestamp(record.created).strftime("%H:%M:%S")
        extras = _extras(record)
        message = clip(plain(record.getMessage()), MAX_MESSAGE)
        if record.name == "wizards.access":
            # The access line's message already says method, path and status.
            facts = [f"{extras['ms']} ms"] if "ms" in extras else []
        else:
            facts = [f"{k}={v}" for k, v in extras.items()]
        rid = getattr(record, "request_id", None)
        if rid:
            facts.append(f"request {rid}")
        line = f"{when} {record.levelname.lower():7} {message}"
        if facts:
            line += "  · " + " · ".join(str(f) for f in facts)
        if record.exc_info and record.exc_info[1] is not None:
            line += "\n" + bounded_traceback(record.exc_info[1])
        return line


def log_config(level: str = "info", fmt: str = "json") -> dict[str, Any]:
    """A ``logging.config.dictConfig`` for ``wizards serve`` (uvicorn's ``log_config``):
    every logger, uvicorn's included, writes to stderr with the request id, as JSON
    lines (``fmt="json"``) or as lines for a person (``"text"``)."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "filters": {"request_id": {"()": RequestIdFilter}},
        "formatters": {"json": {"()": JsonFormatter}, "text": {"()": TextFormatter}},
        "handlers": {
            "stderr": {
                "class": "logging.StreamHandler",
                "formatter": fmt,
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
