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
import os
import secrets
from collections.abc import Iterator
from uuid import UUID

from services.store.freshness import SLOTS, _FileSlots

MAGIC = b"WZLEDGC1"
HEADER = 64  # bytes before the slots: magic, token, store id, flag, room to spare
_TOKEN = slice(8, 24)
_STORE = slice(24, 40)
_FLAG = 5  # the header's sixth 8-byte word
_NO_STORE = bytes(16)


class CountersFileError(ValueError):
    pass


class HostCounters(_FileSlots):
    """A counters file with its header, mapped into memory."""

    def __init__(self, path: str, *, create: bool = True) -> None:
        self.path = path
        try:
            super().__init__(path, header=HEADER, create=create)
        except CountersFileError:
            raise
        except OSError as e:
            raise CountersFileError(f"cannot open the counters file {path}: {e.strerror}") from e
        self._head = memoryview(self._map)[:HEADER]
        self._words = self._head.cast("Q")
        self.token = bytes(self._head[_TOKEN]).hex()

    def _prepare(self, size: int) -> None:
        have = os.fstat(self._fd).st_size
        magic = os.pread(self._fd, len(MAGIC), 0)
        # Made by us and cut short before its header was written: made anew.
        if have == 0 or (have == size and magic == bytes(len(MAGIC))):
            os.ftruncate(self._fd, size)
            os.pwrite(self._fd, MAGIC + secrets.token_bytes(16), 0)
            os.fsync(self._fd)
        elif have != size or magic != MAGIC:
            raise CountersFileError(
                f"{self.path} is not a counters file of Wizard Ledger: give ?counters= "
                f"(or WIZARDS_COUNTERS) a path of its own, where the file will be made"
            )

    @property
    def bound(self) -> bool:
        """Whether reads may trust the counters (the store is bound to this file)."""
        return bool(self._words[_FLAG])

    @property
    def store(self) -> UUID | None:
        """The store this file serves (None: not bound yet)."""
        raw = bytes(self._head[_STORE])
        return None if raw == _NO_STORE else UUID(bytes=raw)

    def stamp(self, gid: UUID) -> int | None:
        if not self._words[_FLAG]:
            return None
        return int(self._counts[gid.int & (SLOTS - 1)])

    def bump(self, gid: UUID) -> tuple[int, int] | None:
        counted = super().bump(gid)
        # Unbound, writers of other hosts raise nothing here: nothing is current.
        return counted if self._words[_FLAG] else None

    @contextlib.contextmanager
    def held(self) -> Iterator[None]:
        """The file's lock, which every ledger of the host raises a counter under:
        the flag changes under it, and the binding with it."""
        with self._threads, self._exclusive():
            yield

    def check(self, store: UUID) -> None:
        """Raise if the file serves another store than ``store``."""
        if self.store not in (None, store):
            raise CountersFileError(
                f"the counters file {self.path} serves another store (its id "
                f"{self.store}, this one's {store}): give each store a file of its own"
            )

    def claim(self, store: UUID) -> None:
        """Serve ``store`` for good (under ``held``); refused if the file serves another."""
        self.check(store)
        if self.store is None:
            self._head[_STORE] = store.bytes
            self._map.flush()

    def trust(self) -> None:
        """Set the flag (under ``held``), raising every counter first."""
        if self._words[_FLAG]:
            return
        counts = self._counts
        for slot in range(SLOTS):
            counts[slot] = (counts[slot] + 1) & 0xFFFF_FFFF_FFFF_FFFF
        self._words[_FLAG] = 1

    def distrust(self) -> None:
        """Clear the flag (under ``held``): every read of the host asks the store."""
        self._words[_FLAG] = 0

    def close(self) -> None:
        if not self._map.closed:
            self._words.release()
            self._head.release()
        super().close()
