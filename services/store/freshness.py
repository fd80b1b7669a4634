"""Whether a process's cached fold of a game is still current, told without the store.

Each game has a commit counter (a slot shared by many games, chosen by its id).
Every writer raises the game's counter after its commit is durable and before
its act returns, and a reader notes the counter *before* it reads the store.
So a fold read (or written) while the counter stood at ``c`` is current as long
as the counter still shows ``c``: any act acknowledged since then raised it
first. Games sharing a slot only cost each other a needless catch-up read.

Where the counters live decides who is covered:

- a SQLite file: in a small file beside it (``<db>.changes``), mapped into the
  memory of every ledger on that file, in any process of the host; raised under
  an exclusive ``flock`` so that two writers never lose an increment;
- SQLite in memory: in this process (only it can open that database);
- the in-memory store (``memory://``): a ledger's store is its own, so its cache
  is always current;
- PostgreSQL: nowhere, by default. Writers may be on other hosts, and a
  notification (LISTEN/NOTIFY) arrives after the write was acknowledged, so it
  cannot prove that nothing was acknowledged meanwhile: every read asks the
  store. A store bound to one host's counters file (``services.store.host_binding``)
  refuses every writer not bound to that file, so there the file's counters
  cover every writer, as a SQLite file's do.

Only ledgers of this code raise the counters: a process that writes the SQLite
file otherwise (an older release, the sqlite3 shell) is not seen by reads served
from memory.
"""

from __future__ import annotations

import contextlib
import logging
import mmap
import os
import threading
from collections.abc import Iterator
from typing import Protocol
from uuid import UUID

from services.config import eventsourcing_env

try:
    import fcntl
except ImportError:  # no flock (Windows): every read asks the store
    fcntl = None  # type: ignore[assignment]  # no fcntl on this platform: locks are then the process's own

log = logging.getLogger("wizards.freshness")

SLOTS = 1 << 14
_WIDTH = 8
_SIZE = SLOTS * _WIDTH


class Freshness(Protocol):
    def stamp(self, gid: UUID) -> int | None:
        """The game's counter now; None: unknown (read the store)."""
        ...

    def bump(self, gid: UUID) -> tuple[int, int] | None:
        """Raise the game's counter after a durable commit: (before, after)."""
        ...

    def close(self) -> None: ...


class Unknown:
    """No counters this process can see: every read of the current position asks the store."""

    def stamp(self, gid: UUID) -> int | None:
        return None

    def bump(self, gid: UUID) -> tuple[int, int] | None:
        return None

    def close(self) -> None:
        pass


class Private:
    """A store no one else writes: what this ledger wrote is all there is."""

    def stamp(self, gid: UUID) -> int | None:
        return 0

    def bump(self, gid: UUID) -> tuple[int, int] | None:
        return (0, 0)

    def close(self) -> None:
        pass


class _Slots:
    """Counters in a buffer of ``SLOTS`` unsigned 64-bit integers."""

    def __init__(self, buffer: memoryview) -> None:
        self._buffer = buffer
        self._counts = buffer.cast("Q")
        self._threads = threading.Lock()

    def stamp(self, gid: UUID) -> int | None:
        return int(self._counts[gid.int & (SLOTS - 1)])

    def bump(self, gid: UUID) -> tuple[int, int] | None:
        slot = gid.int & (SLOTS - 1)
        with self._threads, self._exclusive():
            before = int(self._counts[slot])
            after = (before + 1) & 0xFFFF_FFFF_FFFF_FFFF
            self._counts[slot] = after
        return before, after

    @contextlib.contextmanager
    def _exclusive(self) -> Iterator[None]:
        yield

    def close(self) -> None:
        self._counts.release()
        self._buffer.release()


class _ProcessSlots(_Slots):
    """Counters of a SQLite database in memory, shared by this process's ledgers on it."""

    @classmethod
    def named(cls, name: str) -> _ProcessSlots:
        with _in_memory_lock:
            found = _in_memory.get(name)
            if found is None:
                found = _in_memory[name] = cls(memoryview(bytearray(_SIZE)))
            return found

    def close(self) -> None:
        pass  # shared with the other ledgers on this database


_in_memory: dict[str, _ProcessSlots] = {}
_in_memory_lock = threading.Lock()


class _FileSlots(_Slots):
    """Counters in a file beside a SQLite database, mapped by every ledger on it.

    ``header``: bytes before the slots, for a subclass's own (``services.store.host_counters``);
    ``create``: False opens only a file that exists."""

    def __init__(self, path: str, *, header: int = 0, create: bool = True) -> None:
        assert fcntl is not None
        flags = os.O_RDWR | (os.O_CREAT if create else 0)
        # A file object, so that a ledger dropped without close() releases it.
        self._file = os.fdopen(os.open(path, flags, 0o644), "r+b", buffering=0)
        self._fd = self._file.fileno()
        try:
            with self._exclusive():
                self._prepare(header + _SIZE)
            self._map = mmap.mmap(self._fd, header + _SIZE)
        except BaseException:
            self._file.close()
            raise
        super().__init__(memoryview(self._map)[header:])

    def _prepare(self, size: int) -> None:
        """Make the file ``size`` bytes long (called under the file's lock)."""
        if os.fstat(self._fd).st_size < size:
            os.ftruncate(self._fd, size)

    @contextlib.contextmanager
    def _exclusive(self) -> Iterator[None]:
        # flock excludes other open files of the path (other ledgers, other
        # processes); the thread lock in ``bump`` excludes this one's threads.
        assert fcntl is not None
        fcntl.flock(self._fd, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(self._fd, fcntl.LOCK_UN)

    def close(self) -> None:
        if self._map.closed:
            return
        super().close()
        self._map.close()
        self._file.close()


def changes_path(database: str) -> str:
    """The counters' file of a SQLite database file."""
    return f"{database}.changes"


def freshness_for(url: str, bound: Freshness | None = None) -> Freshness:
    """The commit counters a ledger on the store at ``url`` can see. ``bound``:
    the counters file a PostgreSQL store is bound to, once the ledger checked
    the binding (``services.store.host_binding.attach``)."""
    env = eventsourcing_env(url)
    module = env["PERSISTENCE_MODULE"]
    if module == "eventsourcing.popo":
        return Private()
    if module != "eventsourcing.sqlite":
        return bound if bound is not None else Unknown()
    name = env["SQLITE_DBNAME"]
    if "mode=memory" in name or name == ":memory:":
        return _ProcessSlots.named(name)
    if fcntl is None:
        return Unknown()
    try:
        return _FileSlots(changes_path(name))
    except OSError as e:  # a read-only directory, say: correct, only slower
        log.warning("no commit counters beside %s (%s): every read asks the store", name, e)
        return Unknown()
