"""Store and Redis URLs, turned into eventsourcing environments; the proxies the server trusts."""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Sequence
from pathlib import Path
from urllib.parse import parse_qs, parse_qsl, quote, unquote, urlparse

from domain.kernel.errors import SaidError
from domain.kernel.phrases import phrase

DEFAULT_STORE = "sqlite:///wizards.db"

# The settings each kind of store URL takes after "?". A SQLite URL takes none:
# before this check a "?shards=8" there became part of the file's name.
POSTGRES_SETTINGS = ("schema", "shards", "counters")


class StoreURLError(SaidError):
    """A store URL (or a store setting of the environment) that names no store this
    service can open, said as a phrase."""


def store_url(explicit: str | None = None) -> str:
    return explicit or os.environ.get("WIZARDS_STORE") or DEFAULT_STORE


_TRUE = ("1", "true", "yes", "on")
_FALSE = ("", "0", "false", "no", "off")


def read_only_env() -> bool:
    """``WIZARDS_READ_ONLY``: open every store read-only (1, true, yes, on)."""
    raw = os.environ.get("WIZARDS_READ_ONLY", "").strip().lower()
    if raw in _TRUE:
        return True
    if raw in _FALSE:
        return False
    raise StoreURLError(
        phrase(
            "WIZARDS_READ_ONLY={value}: give 1 (open the store read-only) or 0 (writable)",
            value=repr(raw),
        )
    )


def sqlite_file(url: str) -> str | None:
    """The database file of a SQLite store URL; None for any other store, and for
    a SQLite database in memory."""
    env = eventsourcing_env(url)
    if env["PERSISTENCE_MODULE"] != "eventsourcing.sqlite":
        return None
    name = env["SQLITE_DBNAME"]
    return None if "mode=memory" in name or ":memory:" in name else name


def redis_url(explicit: str | None = None) -> str | None:
    """``WIZARDS_REDIS``; empty or ``none`` turns live fan-out through Redis off."""
    url = explicit if explicit is not None else os.environ.get("WIZARDS_REDIS", "")
    return None if url.strip().lower() in ("", "none", "off") else url


class ProxyError(SaidError):
    """A trusted proxy that is no IP address or network, said as a phrase."""


def trusted_proxies(given: Sequence[str] | None = None) -> tuple[str, ...]:
    """The proxies whose ``X-Forwarded-For`` and ``X-Forwarded-Proto`` the server
    believes: ``given`` (``wizards serve --trusted-proxy``), else
    ``WIZARDS_TRUSTED_PROXIES`` (separated by commas or spaces); none by default.

    Each is an IP address or a network (``10.0.0.0/8``), named by the operator:
    a request from anywhere else is the client it comes from, whatever its
    headers say (uvicorn alone trusts 127.0.0.1, so that anyone on this host
    could pose as any client, and spread its requests over the rate limits of
    as many addresses). No wildcard: a proxy is trusted by name."""
    if given:
        raw = list(given)
    else:
        raw = os.environ.get("WIZARDS_TRUSTED_PROXIES", "").replace(",", " ").split()
    out: list[str] = []
    for entry in raw:
        text = entry.strip()
        try:
            net = ipaddress.ip_network(text, strict=False) if "/" in text else None
            out.append(str(net) if net is not None else str(ipaddress.ip_address(text)))
        except ValueError:
            raise ProxyError(
                phrase(
                    "trusted proxy {proxy}: give each proxy's IP address (127.0.0.1, ::1) "
                    "or network (10.0.0.0/8); no host names and no wildcard",
                    proxy=repr(text),
                )
            ) from None
    return tuple(dict.fromkeys(out))


def eventsourcing_env(
    url: str, *, purpose: str = "events", read_only: bool = False
) -> dict[str, str]:
    """The eventsourcing environment for a store URL.

    PostgreSQL URLs may name a schema: ``postgresql://u@h/db?schema=wizards``.

    ``purpose`` other than ``events`` gives a sibling store (projections):
    on SQLite its own file, because two applications on one SQLite file would
    share one events table; on PostgreSQL its own schema-free table prefix via
    the application name.

    ``read_only``: no table is made, and a SQLite file is opened so that nothing
    can write it (``_sqlite_reader``).
    """
    parsed = urlparse(url)
    scheme = parsed.scheme.split("+")[0]
    _check_settings(url, scheme, parsed.query)
    if scheme == "sqlite":
        # sqlite:///relative.db, sqlite:////abs/path.db, sqlite:///:memory:
        # (a file name with "?" in it is written %3F)
        raw = unquote(url.split("://", 1)[1])
        path = raw[1:] if raw.startswith("/") else raw
        if not path:
            raise StoreURLError(phrase("no database file in store URL {url}", url=repr(url)))
        if ":memory:" in path:
            name = f"file:wizards-{purpose}-{id(url)}?mode=memory&cache=shared"
        else:
            if purpose != "events":
                p = Path(path)
                path = str(p.with_name(f"{p.stem}.{purpose}{p.suffix or '.db'}"))
            name = _sqlite_reader(path) if read_only else path
        return {
            "PERSISTENCE_MODULE": "eventsourcing.sqlite",
            "SQLITE_DBNAME": name,
            "SQLITE_LOCK_TIMEOUT": os.environ.get("WIZARDS_SQLITE_LOCK_TIMEOUT", "30"),
            **_no_tables_made(read_only),
        }
    if scheme in ("postgresql", "postgres"):
        env = {
            "PERSISTENCE_MODULE": "eventsourcing.postgres",
            "POSTGRES_DBNAME": (parsed.path or "/").lstrip("/") or "postgres",
            "POSTGRES_HOST": parsed.hostname or "127.0.0.1",
            "POSTGRES_PORT": str(parsed.port or 5432),
            "POSTGRES_USER": unquote(parsed.username or "postgres"),
            "POSTGRES_PASSWORD": unquote(parsed.password or ""),
            "POSTGRES_LOCK_TIMEOUT": "30",
        }
        schema = parse_qs(parsed.query).get("schema", [""])[0]
        if schema:
            # The schema must exist: eventsourcing creates tables, not schemas.
            env["POSTGRES_SCHEMA"] = schema
        return {**env, **_no_tables_made(read_only)}
    if scheme in ("memory", "popo"):
        return {"PERSISTENCE_MODULE": "eventsourcing.popo"}
    raise StoreURLError(
        phrase(
            "unsupported store URL {url}: use sqlite:///FILE, postgresql://USER@HOST/DB or "
            "memory://",
            url=repr(url),
        )
    )


def _no_tables_made(read_only: bool) -> dict[str, str]:
    """eventsourcing makes its tables where they are missing unless told not to."""
    return {"CREATE_TABLE": "no"} if read_only else {}


def _sqlite_reader(path: str) -> str:
    """The URI that opens a SQLite file read-only, writing nothing, not even beside it.

    ``mode=ro`` alone is not enough for a file in WAL mode (every file this project
    makes): its reader makes the ``-wal`` and ``-shm`` files where they are missing,
    and writes its marks into the ``-shm`` file (SQLite's shared index of the WAL).
    So where the ``-wal`` file exists (a writer may be at work, or one left it),
    the ``-shm`` file is opened read-only too (``readonly_shm=1``): the reader sees
    every commit, and writes nothing. Where it is missing, no connection has the
    file open: ``immutable=1`` reads the file as it stands, with no lock and no file
    beside it (a writer that opens the file during the read is not seen). A file
    in rollback-journal mode is read with locks alone."""
    absolute = os.path.abspath(path)
    if not os.path.isfile(absolute):
        raise StoreURLError(
            phrase(
                "no store at {path}: a store opened read-only must exist (it is never made)",
                path=absolute,
            )
        )
    uri = f"file:{quote(absolute)}?mode=ro"
    with open(absolute, "rb") as f:
        header = f.read(20)
    if len(header) < 20 or header[18] != 2:  # the format's write version: 2 is WAL
        return uri
    if not os.path.exists(f"{absolute}-wal"):
        return f"{uri}&immutable=1"
    if os.path.exists(f"{absolute}-shm"):
        return f"{uri}&readonly_shm=1"
    return uri  # a WAL left without its index (a crash): SQLite rebuilds the index


def _check_settings(url: str, scheme: str, query: str) -> None:
    """Refuse a setting the store would ignore, naming it and the ones it takes."""
    if not query:
        return
    names = [name for name, _ in parse_qsl(query, keep_blank_values=True)] or [query]
    if scheme == "sqlite":
        where = ", ".join(repr(n) for n in names)
        raise StoreURLError(
            phrase(
                "store URL {url}: a SQLite store takes no settings after '?' (found {where}); "
                "shards, schema and counters are PostgreSQL settings (one SQLite file has one "
                "writer at a time), and a '?' in a file name is written %3F",
                url=repr(url),
                where=where,
            )
        )
    if scheme in ("postgresql", "postgres"):
        unknown = [n for n in names if n not in POSTGRES_SETTINGS]
        if unknown:
            raise StoreURLError(
                phrase(
                    "store URL {url}: unknown setting {setting}; a PostgreSQL store URL "
                    "takes {settings}",
                    url=repr(url),
                    setting=repr(unknown[0]),
                    settings=", ".join(POSTGRES_SETTINGS),
                )
            )
    elif scheme in ("memory", "popo"):
        raise StoreURLError(
            phrase("store URL {url}: the in-memory store takes no settings", url=repr(url))
        )
