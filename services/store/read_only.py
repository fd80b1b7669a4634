"""A store opened read-only: whether a ledger opens its store so, and its refusal of a write.

A referee examines a store without changing it: ``verify``, ``state``, ``log``,
``export``, ``dispute``, ``diff`` and ``readjudicate`` of a read-only ledger write
nothing — no table, no index, no row, no file beside a SQLite file (its counters
file is not made: every read asks the store). A ledger opens its store read-only
when asked (``--read-only``, ``WIZARDS_READ_ONLY=1``), and on its own where this
process may not write a SQLite file or its directory (a chmod 444 copy, a
read-only mount). Its acts, new games, branches and notes are refused.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from domain.kernel.phrases import Phrase, phrase, plain
from services.config import read_only_env, sqlite_file

ASKED = phrase("it was opened read-only (--read-only or WIZARDS_READ_ONLY=1)")
WRITABLE_HINT = phrase(
    "open it writable: leave out --read-only and unset WIZARDS_READ_ONLY "
    "(or set it to 0), on a store this process may write"
)

# What the projections write (``projections.runner``, whose words are extracted here).
READ_MODELS = phrase("the read models (projections, kept in their own store)")


class ReadOnlyStore(RuntimeError):
    """A write asked of a ledger whose store is open read-only: nothing was written.
    ``said`` and ``hint``: phrases, told in the reader's language at the edge."""

    def __init__(self, what: Phrase, why: Phrase) -> None:
        self.said = phrase(
            "{what} writes to the store, which is read-only: {why}; nothing was written",
            what=what,
            why=why,
        )
        super().__init__(plain(self.said))
        self.hint = WRITABLE_HINT


@dataclass(frozen=True)
class Access:
    """How a ledger opened its store. ``why``: why it is read-only (None: it is not);
    ``noticed``: read-only on its own, because this process may not write the file
    (a caller says so: nobody asked for it)."""

    read_only: bool
    why: Phrase | None = None
    noticed: bool = False

    def check_writable(self, what: Phrase) -> None:
        """Raise ``ReadOnlyStore`` (before anything is decided or written) if read-only."""
        if self.read_only:
            raise ReadOnlyStore(what, self.why or ASKED)


def access_of(url: str, asked: bool | None) -> Access:
    """How to open the store at ``url``: read-only if ``asked`` (None: as
    ``WIZARDS_READ_ONLY`` says), or if this process may not write its SQLite file
    or the file's directory (where SQLite keeps its journal). ``os.access`` is the
    judge, so a process running as root, which any file mode lets write, is
    read-only only where asked or on a read-only file system."""
    if read_only_env() if asked is None else asked:
        return Access(True, ASKED)
    path = sqlite_file(url)
    if path is None or not os.path.exists(path):
        return Access(False)
    if not os.access(path, os.W_OK):
        return Access(
            True, phrase("this process may not write the file {path}", path=path), noticed=True
        )
    directory = os.path.dirname(os.path.abspath(path))
    if not os.access(directory, os.W_OK | os.X_OK):
        return Access(
            True,
            phrase(
                "this process may not write the directory of {path} (SQLite writes "
                "its journal beside the file)",
                path=path,
            ),
            noticed=True,
        )
    return Access(False)


def read_only_connections(factory: Any) -> None:
    """Every connection the factory's pool makes from now on reads only: on
    PostgreSQL each transaction is read-only (the server refuses any write); on
    SQLite the pool does not turn the file to WAL mode, a write of its own (the
    file itself is opened ``mode=ro``: ``services.config``)."""
    pool = getattr(getattr(factory, "datastore", None), "pool", None)
    if pool is None:  # the in-memory store: nothing outlives the process
        return
    if hasattr(pool, "is_journal_mode_wal"):
        pool.is_journal_mode_wal = True
        return
    kwargs = pool.kwargs
    kwargs["options"] = f"{kwargs.get('options', '')} -c default_transaction_read_only=on".strip()
