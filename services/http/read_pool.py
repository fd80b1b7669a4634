"""The costly reads' own workers: off the serving process, bounded, cached.

An export, a replay, a log, a dispute, a diff or a verification reads a whole
game, and may cost seconds of CPU: the JSON export of a 1,200-event game views
every position for every seat (2–5 s). Run in the server's own threads, such a
read held the interpreter lock and the acts of every game waited behind it:
four anonymous clients looping on one export took a player's act p99 from 10 ms
to 776 ms. (A profile of the server under that load, py-spy ``--gil``: 95 % of
the samples holding the lock were the export's frames, in four of FastAPI's
threads; 5 % the event loop.) Threads alone cannot help: a thread computing an
export holds the same lock. So a costly read here:

- runs in a worker process (``WIZARDS_READ_WORKERS``, default 1), each with its
  own ledger on the same store, at a lower CPU priority than the server
  (``WIZARDS_READ_NICE``, default nice 19, the lowest: where the cores are
  short, a read gets about a seventieth of what play does): it never holds the
  serving process's interpreter, and play comes first. The workers are
  spawned, not forked (the server has threads), when the app starts
  (``warm``); a script that builds the app must guard its main module, as
  ``multiprocessing`` asks. A store no other process
  can open (the in-memory ones), or ``WIZARDS_READ_WORKERS=0``, has its reads
  made by one thread of this process instead, bounded and cached the same way,
  but sharing the interpreter with play;
- waits in a bounded queue: beyond the reads running, ``QUEUED_PER_WORKER`` per
  worker may wait; one more is refused at once (503 ``reads_busy`` with
  ``Retry-After``) rather than queued for ever. A caller waits ``WAIT`` seconds
  at most, then is answered 503 too: the read goes on, and its answer is kept
  for the retry;
- is answered from a cache when the same read was made at the same point of
  the game: the caller keys it by the read, its parameters, its viewer and the
  game's head and notes (``services.http.costly_reads``), so a loop of one read
  costs one computation per act; the same read asked while it is being computed
  waits for that computation rather than starting another.

A worker's answer comes back as bytes, or as the problem the read raised (its
status, code and words), which the caller raises again as an ``APIError``, or
as the traceback of a failure (``ReadFailed``: 500 ``internal_error``).

A read whose answer is long (an export) may be **streamed** (``stream``): its job
gives its bytes in chunks, which the worker passes through a channel of
``AHEAD`` chunks (a queue of a manager process, or of this process for the
thread) as they are made, so the caller's first byte leaves before the last is
made, and the worker waits for the caller rather than holding the whole answer.
A problem raised before the first chunk is answered as any read's; the whole,
once made, is kept like any answer, also when its caller went away or stopped
waiting: the rest is then read off by a thread of the pool's, so the worker is
never left waiting.
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import multiprocessing
import os
import queue
import threading
import time
import traceback
from collections import OrderedDict
from collections.abc import AsyncIterator, Callable, Hashable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from functools import partial
from multiprocessing.managers import SyncManager
from typing import Any, Protocol

from domain.kernel import SaidError
from domain.kernel.phrases import Phrase, phrase, plural
from services.http.errors import APIError
from services.http.holding import HOLDING
from services.ledger import WizardLedger
from services.problems import classify, extensions

WORKERS_ENV = "WIZARDS_READ_WORKERS"
DEFAULT_WORKERS = 1
MAX_WORKERS = 64
QUEUED_PER_WORKER = 4
CACHE_BYTES = 64 * 2**20  # answers kept per server process; the least recently used go first
NICE_ENV = "WIZARDS_READ_NICE"
DEFAULT_NICE = 19  # a worker's priority below the server's: the lowest (0: the same)
WAIT = 30.0  # seconds a caller waits for its read; then 503, and the read goes on
LEDGERS_KEPT = 1  # stores a worker keeps open: its server's (tests share a worker)
RETRY_AFTER_MAX = 60

# A job: ``job(ledger, *args) -> bytes``, a module-level function (a worker
# process imports it by name); a streamed job gives its bytes in chunks.
Job = Callable[..., bytes]
StreamedJob = Callable[..., Iterator[bytes]]
AHEAD = 2  # chunks a streamed read makes ahead of its caller
POLL = 0.5  # seconds between looks at a streamed read's worker, while no chunk comes


@dataclass(frozen=True)
class Done:
    body: bytes


@dataclass(frozen=True)
class Refused:
    """The problem a read raised, in a form that crosses a process boundary; its
    message a phrase where the read said one, told in the caller's request's
    language (the worker's stops with the read)."""

    status: int
    code: str
    message: str | Phrase
    rule: str = ""
    extra: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Failed:
    trace: str


Outcome = Done | Refused | Failed


def workers_configured(given: int | None = None) -> int:
    """``given``, else ``WIZARDS_READ_WORKERS``, else 1; 0 is one thread of this process."""
    text = str(given) if given is not None else os.environ.get(WORKERS_ENV, "").strip()
    if not text:
        return DEFAULT_WORKERS
    if not text.isdigit() or int(text) > MAX_WORKERS:
        raise SaidError(
            phrase(
                "{setting}={given}: write a number of processes, 0-{most} (0: a thread of the "
                "server)",
                setting=WORKERS_ENV,
                given=repr(text),
                most=MAX_WORKERS,
            )
        )
    return int(text)


IDLE = "idle"


def nice_configured() -> int | str:
    """``WIZARDS_READ_NICE``, else 19: how much lower a worker's CPU priority is;
    ``idle``: Linux's idle class (``SCHED_IDLE``), the CPU play leaves and no more."""
    text = os.environ.get(NICE_ENV, "").strip()
    if not text:
        return DEFAULT_NICE
    if text == IDLE:
        return IDLE
    if not text.isdigit() or int(text) > 19:
        raise SaidError(
            phrase(
                "{setting}={given}: write how much lower a read worker's priority is, 0-19, "
                "or {idle}",
                setting=NICE_ENV,
                given=repr(text),
                idle=IDLE,
            )
        )
    return int(text)


def shareable(url: str) -> bool:
    """Whether another process can open this store (a file, a server), not one in memory."""
    scheme = url.split(":", 1)[0].split("+")[0]
    return scheme in ("postgresql", "postgres") or (scheme == "sqlite" and ":memory:" not in url)


# ----------------------------------------------------------- in the worker

_ledgers: OrderedDict[tuple[str, bool, bool], WizardLedger] = OrderedDict()


def _start_worker(parent: int, nice: int | str) -> None:
    with contextlib.suppress(OSError):  # a platform without nice: the same priority
        os.nice(19 if nice == IDLE else int(nice))
    if nice == IDLE and hasattr(os, "SCHED_IDLE"):
        # A task of the idle class is preempted as soon as any other wakes: an
        # act waits for no slice of a read's time, where nice 19 still gets some.
        with contextlib.suppress(OSError):
            os.sched_setscheduler(0, os.SCHED_IDLE, os.sched_param(0))
    # A worker makes one read at a time: on PostgreSQL, one connection (and two
    # more at need), not eventsourcing's five of a pool per ledger.
    os.environ["POSTGRES_POOL_SIZE"] = "1"
    os.environ["POSTGRES_MAX_OVERFLOW"] = "2"
    # A server killed with SIGKILL cannot stop its workers: each leaves when its
    # parent is gone (the pool's queue would otherwise keep it waiting for ever).
    _watch(parent)


def _watch(parent: int) -> None:
    """This process leaves when ``parent`` is gone (a worker, the streams' manager)."""
    threading.Thread(target=_follow, args=(parent,), name="parent", daemon=True).start()


def _follow(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(1.0)
    os._exit(0)


def _in_worker(
    url: str, use_snapshots: bool, read_only: bool, job: Job, args: tuple[Any, ...]
) -> Outcome:
    """A job in a worker process, on that process's ledger of the store (opened
    read-only where the serving process's is: a worker writes nothing either)."""
    key = (url, use_snapshots, read_only)
    ledger = _ledgers.pop(key, None)
    if ledger is None:
        ledger = WizardLedger(url, use_snapshots=use_snapshots, read_only=read_only)
    _ledgers[key] = ledger
    while len(_ledgers) > LEDGERS_KEPT:
        _ledgers.popitem(last=False)[1].close()
    return outcome(job, ledger, args)


def outcome(job: Job, ledger: WizardLedger, args: tuple[Any, ...]) -> Outcome:
    """What ``job(ledger, *args)`` gave: its bytes, or the problem it raised (the
    same status and code as the app's handlers give the exception)."""
    try:
        return Done(job(ledger, *args))
    except APIError as e:
        return Refused(e.status, e.code, e.message, e.rule, e.extra)
    except Exception as e:
        known = classify(e)
        if known is None:
            return Failed("".join(traceback.format_exception(e)))
        status, code, rule, detail = known
        said = e.said if isinstance(e, SaidError) and e.said is not None else detail
        return Refused(status, code, said, rule, extensions(e))


def _nothing(ledger: WizardLedger) -> bytes:
    return b""


class _Channel(Protocol):
    """The end of a streamed read's channel, as its worker sees it (a queue)."""

    def put(self, item: bytes | None, block: bool = ..., timeout: float | None = ...) -> None: ...


def streamed(channel: _Channel, job: StreamedJob, ledger: WizardLedger, *args: Any) -> bytes:
    """``job``'s chunks put into ``channel`` as they are made, then ``None`` (also
    after a failure: the caller stops reading there, and learns why from the
    outcome). A put waits for the caller to read (``AHEAD``), ``WAIT`` at most."""
    try:
        for chunk in job(ledger, *args):
            channel.put(chunk, True, WAIT)
    finally:
        channel.put(None, True, WAIT)
    return b""


# ------------------------------------------------------- in the server

# The process's executors, shared by every app it serves (one, but for tests,
# which make many): by number of worker processes, 0 for the one thread. A
# worker opens each store it is given once, and keeps it (``LEDGERS_KEPT``).
_executors: dict[int, Executor] = {}
_executors_lock = threading.Lock()


def _executor(workers: int) -> Executor:
    with _executors_lock:
        executor = _executors.get(workers)
        if executor is None:
            if workers == 0:
                executor = ThreadPoolExecutor(1, thread_name_prefix="reads")
            else:
                executor = ProcessPoolExecutor(
                    workers,
                    # Not fork: the server has threads (the group commit's, the play
                    # threads), whose locks a forked child would inherit held.
                    mp_context=multiprocessing.get_context("spawn"),
                    initializer=_start_worker,
                    initargs=(os.getpid(), nice_configured()),
                )
            _executors[workers] = executor
        return executor


_manager: Any = None  # the manager process whose queues carry streamed reads


def _channel(in_processes: bool) -> Any:
    """A queue of ``AHEAD`` chunks that a worker can put into: one of a manager
    process (started with the pool, ``warm``) for worker processes."""
    if not in_processes:
        return queue.Queue(AHEAD)
    return _stream_manager().Queue(AHEAD)


def _stream_manager() -> Any:
    """The manager process of streamed reads' channels, started once."""
    global _manager
    with _executors_lock:
        if _manager is None:
            manager = SyncManager(ctx=multiprocessing.get_context("spawn"))
            manager.start(_watch, (os.getpid(),))  # gone with the server, as a worker is
            _manager = manager
        return _manager


def _replace(broken: Executor) -> None:
    """Drop a broken pool of workers (once): the next read starts a new one."""
    with _executors_lock:
        for workers, executor in list(_executors.items()):
            if executor is broken:
                del _executors[workers]
    broken.shutdown(wait=False, cancel_futures=True)


class Answers:
    """Answers by key, up to ``capacity`` bytes in all; the least recently used go first."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self._kept: OrderedDict[Hashable, bytes] = OrderedDict()
        self._size = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> bytes | None:
        with self._lock:
            body = self._kept.get(key)
            if body is not None:
                self._kept.move_to_end(key)
            return body

    def put(self, key: Hashable, body: bytes) -> None:
        if len(body) > self.capacity // 4:
            return  # one answer may not push out all the others
        with self._lock:
            old = self._kept.pop(key, None)
            self._size += len(body) - (0 if old is None else len(old))
            self._kept[key] = body
            while self._size > self.capacity:
                _, dropped = self._kept.popitem(last=False)
                self._size -= len(dropped)


class ReadPool:
    """The costly reads of one server process (see the module's docstring)."""

    def __init__(
        self,
        ledger: WizardLedger,
        workers: int,
        *,
        cache_bytes: int = CACHE_BYTES,
        wait: float = WAIT,
    ) -> None:
        self.ledger = ledger
        self.wait = wait
        self.in_processes = workers > 0 and shareable(ledger.url)
        self.workers = workers if self.in_processes else 1
        self.limit = self.workers * (1 + QUEUED_PER_WORKER)  # running and waiting
        self.answers = Answers(cache_bytes)
        self._lock = threading.Lock()
        self._pending = 0
        self._computing: dict[Hashable, Future[Outcome]] = {}
        self._seconds = 1.0  # a read's time, averaged, for Retry-After
        self._warming: list[Future[Outcome]] = []
        self.computed = 0  # reads computed (not answered from the cache), for tests and metrics

    def warm(self, ready: Job = _nothing) -> None:
        """Start the worker processes now, each opening the store and made ready by
        ``ready`` (the reads' modules and the games imported), rather than at the
        first costly read (a served app's start-up; a test's, once per process); and
        the manager of streamed reads. A fresh server's first replay page waited
        1.4 s for its first part, made in 0.2 s: the rest was these."""
        if self.in_processes:
            executor = _executor(self.workers)
            self._warming = [
                executor.submit(_in_worker, *self._store(), ready, ()) for _ in range(self.workers)
            ]
            threading.Thread(target=_stream_manager, name="streams", daemon=True).start()

    def status(self) -> dict[str, Any]:
        """What ``/readyz`` shows of the pool: its workers and how many have started
        (``warm``'s first read done). Play does not wait for them, so neither does
        readiness; a benchmark does, so that their start is not counted as serving."""
        if not self.in_processes:
            return {"workers": 0, "started": 0}
        started = sum(1 for f in self._warming if f.done() and f.exception() is None)
        return {"workers": self.workers, "started": started}

    @property
    def pending(self) -> int:
        """Reads running or waiting for a worker."""
        return self._pending

    async def read(self, key: Hashable | None, job: Job, *args: Any) -> bytes:
        """``job(ledger, *args)``, computed off the serving process, or the answer
        kept under ``key`` (None: never kept, always computed)."""
        if key is not None:
            body = self.answers.get(key)
            if body is not None:
                return body
        future = self._submit(key, job, args)
        if future is None:  # none queued: refused, the refusal held (services.http.holding)
            await HOLDING.hold(self._wait())
            raise self._busy(self._retry_after())
        try:
            # Shielded: a caller that goes away, or stops waiting, does not cancel
            # the read that others may wait for (and whose answer is kept for the
            # next one: a caller told to come back finds it made).
            done = await asyncio.wait_for(asyncio.shield(asyncio.wrap_future(future)), self.wait)
        except TimeoutError:
            raise self._busy(self._retry_after(), making=True) from None
        except BrokenProcessPool:
            raise self._busy(
                self._retry_after()
            ) from None  # its worker died; new ones start with the next read
        return _opened(done)

    async def stream(
        self, key: Hashable | None, job: StreamedJob, *args: Any
    ) -> AsyncIterator[bytes]:
        """``job(ledger, *args)``'s chunks as the worker makes them (or the answer
        kept under ``key``, whole). The read's problem, raised before its first
        chunk, is raised at the first; the whole, once read, is kept."""
        if key is not None:
            body = self.answers.get(key)
            if body is not None:
                yield body
                return
        channel = _channel(self.in_processes)
        with self._lock:
            begun = self._begin(partial(streamed, channel, job), args)
        if begun is None:
            await HOLDING.hold(self._wait())
            raise self._busy(self._retry_after())
        future, started, executor = begun

        def finish(body: bytes | None) -> None:
            # A streamed read is under way until its chunks are all read off: its
            # whole is kept before it counts as done.
            if key is not None and body is not None:
                self.answers.put(key, body)
            future.add_done_callback(lambda f: self._done(None, f, started, executor))

        got: list[bytes] = []
        ended = False
        try:
            while True:
                chunk = await self._next(channel, future, waited_for=not got)
                if chunk is None:
                    break
                got.append(chunk)
                yield chunk
            ended = True
        finally:
            if not ended:
                # The caller stopped (went away, or waited too long for the first
                # chunk): the rest is read off, so the worker goes on, and the
                # whole is kept for the next caller (a retry is answered with it).
                threading.Thread(
                    target=_drain, args=(channel, future, got, finish), daemon=True
                ).start()
        try:
            done = await asyncio.wrap_future(future)
        except BrokenProcessPool:
            finish(None)
            raise self._busy(self._retry_after()) from None  # its worker died
        except BaseException:
            finish(None)
            raise
        finish(b"".join(got) if isinstance(done, Done) else None)
        _opened(done)

    async def _next(
        self, channel: Any, future: Future[Outcome], *, waited_for: bool
    ) -> bytes | None:
        """The next chunk (None: no more). Before the first, the caller waits
        ``wait`` at most (503, as for any read); then a chunk is awaited while the
        worker lives."""
        started = time.monotonic()
        while True:
            try:
                item: bytes | None = await asyncio.to_thread(channel.get, True, POLL)
                return item
            except queue.Empty:
                if future.done():
                    return None  # it ended without its last word (a worker that died)
                if waited_for and time.monotonic() - started > self.wait:
                    raise self._busy(self._retry_after(), making=True) from None

    def _submit(
        self, key: Hashable | None, job: Job, args: tuple[Any, ...]
    ) -> Future[Outcome] | None:
        """The read's future (a read of the same key already under way: its own);
        None where no more may wait."""
        with self._lock:
            if key is not None:
                computing = self._computing.get(key)
                if computing is not None:
                    return computing
            begun = self._begin(job, args)
            if begun is None:
                return None
            future, started, executor = begun
            if key is not None:
                self._computing[key] = future
        # Added once registered: a read already over runs its callback here, at once.
        future.add_done_callback(lambda f: self._done(key, f, started, executor))
        return future

    def _begin(
        self, job: Job, args: tuple[Any, ...]
    ) -> tuple[Future[Outcome], float, Executor] | None:
        """The read started and counted as pending (under the lock); None where no
        more may wait."""
        if self._pending >= self.limit:
            return None
        self._pending += 1
        started = time.monotonic()
        try:
            future, executor = self._start(job, args)
        except BaseException:
            self._pending -= 1
            raise
        return future, started, executor

    def _start(self, job: Job, args: tuple[Any, ...]) -> tuple[Future[Outcome], Executor]:
        executor = _executor(self.workers if self.in_processes else 0)
        if self.in_processes:
            return executor.submit(_in_worker, *self._store(), job, args), executor
        return executor.submit(outcome, job, self.ledger, args), executor

    def _store(self) -> tuple[str, bool, bool]:
        """How a worker opens the store: as this process's ledger did."""
        return self.ledger.url, self.ledger.use_snapshots, self.ledger.read_only

    def _done(
        self, key: Hashable | None, future: Future[Outcome], started: float, executor: Executor
    ) -> None:
        """On the thread that completed the read (the pool's)."""
        with self._lock:
            self._pending -= 1
            if key is not None and self._computing.get(key) is future:
                del self._computing[key]
            self._seconds = 0.8 * self._seconds + 0.2 * (time.monotonic() - started)
            self.computed += 1
        broken = None if future.cancelled() else future.exception()
        if isinstance(broken, BrokenProcessPool):
            _replace(executor)  # a worker died (killed, out of memory): start new ones
        if key is not None and not future.cancelled() and future.exception() is None:
            done = future.result()
            if isinstance(done, Done):
                self.answers.put(key, done.body)

    def _wait(self) -> float:
        """Seconds until a worker is likely free for one more read."""
        return min(RETRY_AFTER_MAX, self._seconds * (self._pending + 1) / self.workers)

    def _retry_after(self) -> int:
        return max(1, math.ceil(self._wait()))

    def _busy(self, after: int, *, making: bool = False) -> APIError:
        if making:
            said = phrase("this read is still being made ({n} under way)", n=self._pending)
        else:
            said = plural(
                "{n} costly read is under way and no more are queued",
                "{n} costly reads are under way and no more are queued",
                self._pending,
            )
        return APIError(
            503,
            "reads_busy",
            phrase(
                "{said} (exports, replays, logs, disputes, diffs, verifications; play comes "
                "first); retry in {after} s",
                said=said,
                after=after,
            ),
            headers={"Retry-After": str(after)},
        )


class ReadFailed(RuntimeError):
    """A read failed in its worker (a fault of ours): answered 500 ``internal_error``
    like any other, and logged with the worker's traceback (``services.http.observe``)."""


def _opened(done: Outcome) -> bytes:
    if isinstance(done, Done):
        return done.body
    if isinstance(done, Refused):
        raise APIError(done.status, done.code, done.message, rule=done.rule, extra=done.extra)
    raise ReadFailed(f"a costly read failed in its worker:\n{done.trace}")


def _drain(
    channel: Any,
    future: Future[Outcome],
    got: list[bytes],
    finish: Callable[[bytes | None], None],
) -> None:
    """A streamed read's chunks read off after ``got``, until its end or its
    worker's; then ``finish`` given the whole if the read was made."""
    body: bytes | None = None
    try:
        while True:
            try:
                chunk = channel.get(True, POLL)
            except queue.Empty:
                if future.done():
                    return  # the worker ended without its last word
                continue
            if chunk is None:
                break
            got.append(chunk)
        with contextlib.suppress(Exception):  # a read that failed is not kept
            if isinstance(future.result(), Done):
                body = b"".join(got)
    finally:
        finish(body)
