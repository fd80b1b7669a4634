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
import os
import secrets
import sys
import threading
from collections.abc import Iterator, Sequence
from typing import Any, Protocol
from uuid import UUID

from services.config import eventsourcing_env

try:
    import fcntl
except ImportError:  # no flock (Windows): every read asks the store
    fcntl = None  # type: ignore[assignment]  # no fcntl on this platform: locks are then the process's own

log = logging.getLogger("wizards.freshness")

SLOTS = 1 << 14
_MASK = SLOTS - 1
_WIDTH = 8
_ORDER = sys.byteorder
_SIZE = SLOTS * _WIDTH


class Freshness(Protocol):
    def stamp(self, gid: UUID) -> int | None:
        """The game's counter now; None: unknown (read the store)."""
        ...

    def bump(self, gid: UUID) -> tuple[int, int] | None:
        """Raise the game's counter after a durable commit: (before, after)."""
        ...

    def bump_all(self, gids: Sequence[UUID]) -> list[tuple[int, int] | None]:
        """``bump`` of each game, in order (distinct games: the acts of one commit)."""
        ...

    def close(self) -> None: ...


class Unknown:
    """No counters this process can see: every read of the current position asks the store."""

    def stamp(self, gid: UUID) -> int | None:
        return None

    def bump(self, gid: UUID) -> tuple[int, int] | None:
        return None

    def bump_all(self, gids: Sequence[UUID]) -> list[tuple[int, int] | None]:
        return [None] * len(gids)

    def close(self) -> None:
        pass


class Private:
    """A store no one else writes: what this ledger wrote is all there is."""

    def stamp(self, gid: UUID) -> int | None:
        return 0

    def bump(self, gid: UUID) -> tuple[int, int] | None:
        return (0, 0)

    def bump_all(self, gids: Sequence[UUID]) -> list[tuple[int, int] | None]:
        return [(0, 0)] * len(gids)

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
        return self.bump_all((gid,))[0]

    def bump_all(self, gids: Sequence[UUID]) -> list[tuple[int, int] | None]:
        counted: list[tuple[int, int] | None] = []
        with self._threads, self._exclusive():
            for gid in gids:
                slot = gid.int & (SLOTS - 1)
                before = int(self._counts[slot])
                after = (before + 1) & 0xFFFF_FFFF_FFFF_FFFF
                self._counts[slot] = after
                counted.append((before, after))
        return counted

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


class _FileSlots:
    """Counters in a file beside a SQLite database, shared by every ledger on it.

    ``header``: bytes before the slots, for a subclass's own (``services.store.host_counters``);
    ``create``: False opens only a sound file that exists (nothing is made).

    The file is read and written with ``pread``/``pwrite``, never mapped: a mapped
    file cut short (``truncate -s 0``) kills the process with SIGBUS at its next
    read. Before each read and after each raise, the path is checked to still
    name this file at its full size: a file removed, replaced or cut short is
    made again (by a rename, never in place, so that every process holding the
    old one sees that it changed) and followed. Each file a ledger follows starts
    a new generation of its counters (a stamp carries it), so that no fold noted
    under the earlier file is ever taken for current: the next read asks the store.
    """

    def __init__(self, path: str, *, header: int = 0, create: bool = True) -> None:
        assert fcntl is not None
        self.path = path
        self._header = header
        self._size = header + _SIZE
        # Re-entrant: a subclass's ``held`` raises a counter under it.
        self._threads = threading.RLock()
        self._generation = 0
        self._file = self._opened(create)
        self._fd = self._file.fileno()
        self._id = _identity(os.fstat(self._fd))

    # ------------------------------------------------------------ the file

    def _opened(self, create: bool) -> Any:
        """The file at the path, sound: made where missing and made again where
        damaged (``create``), else refused (``CountersLost``)."""
        for _ in range(_REOPENS):
            try:
                # A file object, so that a ledger dropped without close() releases it.
                file = os.fdopen(os.open(self.path, os.O_RDWR), "r+b", buffering=0)
            except FileNotFoundError:
                if not create:
                    raise
                self._make(replace=False)
                continue
            try:
                fd = file.fileno()
                if self._sound(fd):
                    return file
                if not create:
                    raise CountersLost(f"the counters file {self.path} is damaged")
                with _locked(fd):
                    # Another process may have made it again meanwhile: only the
                    # file still at the path, still damaged, is replaced.
                    if _identity(os.fstat(fd)) == _named(self.path) and not self._sound(fd):
                        self._check_ours(fd)
                        log.warning("the counters file %s was damaged: made again", self.path)
                        self._make(replace=True)
            except BaseException:
                file.close()
                raise
            file.close()
        raise CountersLost(f"the counters file {self.path} keeps changing under this process")

    def _sound(self, fd: int) -> bool:
        """Whether the open file has the size (and the header) of a counters file."""
        return os.fstat(fd).st_size == self._size

    def _check_ours(self, fd: int) -> None:
        """Raise if a damaged file is not one of ours (a subclass's header says)."""

    def _fresh(self) -> bytes:
        """The header of a file made now."""
        return b""

    def _make(self, *, replace: bool) -> None:
        """Make the file whole beside the path, then put it there at once: by a
        rename over a damaged one (``replace``), else by a link, which leaves a
        file another process made meanwhile in place."""
        directory, name = os.path.split(self.path)
        made = os.path.join(directory, f".{name}.{secrets.token_hex(6)}.new")
        head = self._fresh()
        fd = os.open(made, os.O_RDWR | os.O_CREAT | os.O_EXCL, 0o644)
        try:
            os.ftruncate(fd, self._size)
            if head:
                os.pwrite(fd, head, 0)
            os.fsync(fd)
            if replace:
                os.replace(made, self.path)
            else:
                with contextlib.suppress(FileExistsError):
                    os.link(made, self.path)
        finally:
            os.close(fd)
            with contextlib.suppress(FileNotFoundError):
                os.unlink(made)

    def _at_path(self) -> tuple[int, int] | None:
        """The identity of the file the path names now, at its full size (None: none)."""
        try:
            st = os.stat(self.path)
        except OSError:
            return None
        return _identity(st) if st.st_size == self._size else None

    def _here(self) -> bool:
        """Whether the path still names this ledger's file, whole."""
        return self._at_path() == self._id

    def _follow(self) -> bool:
        """Take the file at the path (made again if need be) as this ledger's, in
        a new generation; False where none can be had (the store is asked)."""
        try:
            file = self._opened(create=True)
        except (OSError, CountersLost) as e:
            log.warning("no counters file at %s (%s): reads ask the store", self.path, e)
            return False
        self._adopt(file)
        return True

    def _adopt(self, file: Any) -> None:
        self._file.close()
        self._file, self._fd = file, file.fileno()
        self._id = _identity(os.fstat(self._fd))
        self._generation += 1

    def _current(self) -> bool:
        """Whether this ledger's file is the one at the path (following it if not)."""
        return self._here() or self._follow()

    # ------------------------------------------------------------ the counters

    def _offset(self, gid: UUID) -> int:
        return self._header + (gid.int & (SLOTS - 1)) * _WIDTH

    def _read(self, offset: int) -> int | None:
        raw = os.pread(self._fd, _WIDTH, offset)
        # Cut short since the check: nothing to read there (the store is asked).
        return int.from_bytes(raw, sys.byteorder) if len(raw) == _WIDTH else None

    def _stamped(self, count: int) -> int:
        return (self._generation << 64) | count

    def stamp(self, gid: UUID) -> int | None:
        # Every read of the current position passes here: the check of the path
        # and the read of the slot are written out in one function, since each
        # call of a helper cost more than the syscalls themselves.
        with self._threads:
            try:
                st = os.stat(self.path)
            except OSError:
                st = None
            if (
                st is None
                or st.st_size != self._size
                or st.st_ino != self._id[1]
                or st.st_dev != self._id[0]
            ) and not self._follow():
                return None
            raw = os.pread(self._fd, _WIDTH, self._header + (gid.int & _MASK) * _WIDTH)
            if len(raw) != _WIDTH:  # cut short since the check: the store is asked
                return None
            return (self._generation << 64) | int.from_bytes(raw, _ORDER)

    def bump(self, gid: UUID) -> tuple[int, int] | None:
        return self.bump_all((gid,))[0]

    def bump_all(self, gids: Sequence[UUID]) -> list[tuple[int, int] | None]:
        # Every act passes here, on the event loop, with the other acts of its
        # commit: their counters are raised under one lock of the file, and the
        # path checked once, after the raise. Written out in one function (as
        # ``stamp``): each call of a helper, and each system call (a turn at the
        # interpreter lock for the committing thread), cost more than the work.
        # A raise in a file the path no longer names costs its readers only a
        # needless catch-up; the counters are then raised in the file it names.
        offsets = [self._header + (gid.int & _MASK) * _WIDTH for gid in gids]
        with self._threads:
            for _ in range(_REOPENS):
                fd = self._fd
                counted: list[tuple[int, int]] = []
                whole = True  # else cut short: made again, then counted there
                fcntl.flock(fd, fcntl.LOCK_EX)
                try:
                    for offset in offsets:
                        raw = os.pread(fd, _WIDTH, offset)
                        whole = len(raw) == _WIDTH
                        if not whole:
                            break
                        before = int.from_bytes(raw, _ORDER)
                        after = (before + 1) & 0xFFFF_FFFF_FFFF_FFFF
                        os.pwrite(fd, after.to_bytes(_WIDTH, _ORDER), offset)
                        counted.append((before, after))
                finally:
                    fcntl.flock(fd, fcntl.LOCK_UN)
                if whole and self._here():
                    generation = self._generation << 64
                    return [(generation | b, generation | a) for b, a in counted]
                if not self._current():
                    break
            return [None] * len(gids)

    @contextlib.contextmanager
    def _exclusive(self) -> Iterator[None]:
        # flock excludes other open files of the path (other ledgers, other
        # processes); the thread lock in ``bump`` excludes this one's threads.
        with _locked(self._fd):
            yield

    def close(self) -> None:
        self._file.close()


class CountersLost(OSError):
    """No sound counters file could be opened at the path."""


# How many times a file is opened again while others replace it, before giving up.
_REOPENS = 8


def _identity(st: os.stat_result) -> tuple[int, int]:
    return st.st_dev, st.st_ino


def _named(path: str) -> tuple[int, int] | None:
    """The identity of the file ``path`` names now, whatever its size (None: none)."""
    try:
        return _identity(os.stat(path))
    except OSError:
        return None


@contextlib.contextmanager
def _locked(fd: int) -> Iterator[None]:
    assert fcntl is not None
    fcntl.flock(fd, fcntl.LOCK_EX)
    try:
        yield
    finally:
        fcntl.flock(fd, fcntl.LOCK_UN)


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
