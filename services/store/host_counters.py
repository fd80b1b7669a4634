"""The counters file of one host's writers of a PostgreSQL store (``?counters=PATH``).

The same commit counters as a SQLite file's ``.changes`` (``services.store.freshness``),
after a header of their own:

- a magic string, so that no other file is taken for one (nor overwritten);
- a random token, drawn when the file is made. The store's binding names it
  (``services.store.host_binding``), and every connection of a ledger on this file
  carries it, so that the store can tell this host's writers from others;
- the id of the store the file serves, set by its first binding: a file serves
  one store for good (two stores sharing one flag could not be bound and
  unbound apart);
- a flag: whether the store is bound to this file now. Reads trust the counters
  only while it is set. ``wizards store unbind`` clears it before it lifts the
  binding, so every process of the host stops reading from memory before a
  writer of another host is let in.

Setting the flag raises every counter: a fold cached under an earlier binding,
and kept through an unbound spell in which writers of other hosts raised no
counter here, is then never taken for current.
"""

from __future__ import annotations

import contextlib
import logging
import os
import secrets
import sys
from collections.abc import Callable, Iterator, Sequence
from uuid import UUID

from domain.kernel.errors import SaidError
from domain.kernel.phrases import Phrase, phrase
from services.store.freshness import SLOTS, CountersLost, _FileSlots, _identity

log = logging.getLogger("wizards.freshness")

MAGIC = b"WZLEDGC1"
HEADER = 64  # bytes before the slots: magic, token, store id, flag, room to spare
_TOKEN = slice(8, 24)
_STORE = slice(24, 40)
_FLAG = slice(40, 48)  # the header's sixth 8-byte word
_NO_STORE = bytes(16)
_SET = (1).to_bytes(8, sys.byteorder)

# What a file made now is made with, where the store is bound to this host's
# file at this path: the binding's token and store id (None: a token of its own).
Bound = Callable[[], tuple[str, UUID] | None]


class CountersFileError(SaidError):
    """A counters file this process cannot use, said as a phrase."""


class HostCounters(_FileSlots):
    """A counters file with its header, read and written in place (never mapped).

    ``bound``: asked only when the file must be made (missing, or damaged): the
    token and store id of the binding, if the store is bound to this host's file
    at this path, so that a file lost is made again as the one bound (the
    restart of the host's processes is not refused, and those still running
    with that token follow it). A process whose file is replaced by one with
    another token stops trusting the counters (its reads ask the store)."""

    def __init__(self, path: str, *, create: bool = True, bound: Bound | None = None) -> None:
        self.path = path
        self._bound = bound
        self.made = False  # whether this process made the file
        self._made_as: tuple[str, UUID | None] | None = None
        self._foreign: tuple[int, int] | None = None
        try:
            super().__init__(path, header=HEADER, create=create)
        except CountersFileError:
            raise
        except CountersLost as e:
            raise CountersFileError(_unopened(path, str(e))) from e
        except OSError as e:  # missing, or refused: as the system says why
            raise CountersFileError(_unopened(path, e.strerror or str(e))) from e
        self.token = self._head()[_TOKEN].hex()

    # ------------------------------------------------------------ the file

    def _head(self, fd: int | None = None) -> bytes:
        return os.pread(self._fd if fd is None else fd, HEADER, 0)

    def _sound(self, fd: int) -> bool:
        return os.fstat(fd).st_size == self._size and self._head(fd)[: len(MAGIC)] == MAGIC

    def _check_ours(self, fd: int) -> None:
        # Cut short, or made by us and cut short before its header was written:
        # made anew. Anything else is another program's file: left untouched.
        magic = self._head(fd)[: len(MAGIC)]
        if magic and magic != MAGIC[: len(magic)] and magic != bytes(len(magic)):
            raise CountersFileError(
                phrase(
                    "{path} is not a counters file of Wizard Ledger: give ?counters= "
                    "(or WIZARDS_COUNTERS) a path of its own, where the file will be made",
                    path=str(self.path),
                )
            )

    def _fresh(self) -> bytes:
        if self._made_as is not None:  # a follower's: its own token and store
            token, store = self._made_as
        else:
            found = self._bound() if self._bound is not None else None
            token, store = found if found is not None else (secrets.token_hex(16), None)
        self.made = True
        return MAGIC + bytes.fromhex(token) + (store.bytes if store else _NO_STORE)

    def _follow(self) -> bool:
        """The file at the path, if it has this process's token (a host's file made
        again, by a restart or by a process that found it lost); else none: the
        counters are not trusted while the path names another file."""
        named = self._at_path()
        if named is not None and named == self._foreign:
            return False
        self._made_as = (self.token, self.store)
        try:
            file = self._opened(create=True)
        except (OSError, CountersLost, CountersFileError) as e:
            log.warning("the counters file %s is lost (%s): reads ask the store", self.path, e)
            return False
        if self._head(file.fileno())[_TOKEN].hex() != self.token:
            self._foreign = _identity(os.fstat(file.fileno()))
            file.close()
            log.warning("the counters file %s is another's now: reads ask the store", self.path)
            return False
        self._adopt(file)
        return True

    # ------------------------------------------------------------ the header

    @property
    def bound(self) -> bool:
        """Whether reads may trust the counters (the store is bound to this file)."""
        with self._threads:
            return self._current() and self._head()[_FLAG] == _SET

    @property
    def store(self) -> UUID | None:
        """The store this file serves (None: not bound yet)."""
        raw = self._head()[_STORE]
        return None if raw in (_NO_STORE, b"") else UUID(bytes=raw)

    def stamp(self, gid: UUID) -> int | None:
        with self._threads:
            if not self._current():
                return None
            head = self._head()
            if head[_TOKEN].hex() != self.token or head[_FLAG] != _SET:
                return None
            count = self._read(self._offset(gid))
            return None if count is None else self._stamped(count)

    def bump_all(self, gids: Sequence[UUID]) -> list[tuple[int, int] | None]:
        with self._threads:
            counted = super().bump_all(gids)
            # Unbound, writers of other hosts raise nothing here: nothing is current.
            return counted if self._head()[_FLAG] == _SET else [None] * len(gids)

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """The file's lock, which every ledger of the host raises a counter under:
        the flag changes under it, and the binding with it."""
        with self._threads:
            self._current()
            with self._exclusive():
                yield

    def check(self, store: UUID) -> None:
        """Raise if the file serves another store than ``store``."""
        if self.store not in (None, store):
            raise CountersFileError(
                phrase(
                    "the counters file {path} serves another store (its id {theirs}, this "
                    "one's {ours}): give each store a file of its own",
                    path=str(self.path),
                    theirs=str(self.store),
                    ours=str(store),
                )
            )

    def claim(self, store: UUID) -> None:
        """Serve ``store`` for good (under ``held``); refused if the file serves another."""
        self.check(store)
        if self.store is None:
            os.pwrite(self._fd, store.bytes, _STORE.start)
            os.fsync(self._fd)

    def trust(self) -> None:
        """Set the flag (under ``held``), raising every counter first."""
        if self._head()[_FLAG] == _SET:
            return
        counts = memoryview(bytearray(os.pread(self._fd, SLOTS * 8, HEADER))).cast("Q")
        for slot in range(SLOTS):
            counts[slot] = (counts[slot] + 1) & 0xFFFF_FFFF_FFFF_FFFF
        os.pwrite(self._fd, counts.tobytes(), HEADER)
        os.pwrite(self._fd, _SET, _FLAG.start)

    def distrust(self) -> None:
        """Clear the flag (under ``held``): every read of the host asks the store."""
        os.pwrite(self._fd, bytes(8), _FLAG.start)


def _unopened(path: object, why: str) -> Phrase:
    return phrase("cannot open the counters file {path}: {why}", path=str(path), why=why)
