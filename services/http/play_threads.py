"""Threads that run the play fast path's blocking calls (an act waits for its
commit's sync) on behalf of the event loop.

Lighter than ``loop.run_in_executor``: a job is one tuple on a queue and its
answer one callback on the loop, where the executor adds a concurrent future
(a condition and a lock each), its chaining to an asyncio future and a lock
per submission. Threads start as jobs need them, up to ``count``: many, so that
many acts can wait for, and share, one group commit. The caller's context
variables (the request id of the log lines) go with each job.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import queue
import threading
from collections.abc import Callable
from typing import Any

_STOP = None


def _settle(future: asyncio.Future[Any], result: Any, error: BaseException | None) -> None:
    if future.cancelled():
        return
    if error is not None:
        future.set_exception(error)
    else:
        future.set_result(result)


class PlayThreads:
    def __init__(self, count: int, name: str = "play") -> None:
        self.count = count
        self.name = name
        self._jobs: queue.SimpleQueue[Any] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._threads: list[threading.Thread] = []
        self._busy = 0  # jobs queued or running

    async def run(self, fn: Callable[..., Any], *args: Any) -> Any:
        """``fn(*args)`` on one of the threads; its result, or its exception."""
        loop = asyncio.get_running_loop()
        future = loop.create_future()
        with self._lock:
            self._busy += 1
            start = self._busy > len(self._threads) and len(self._threads) < self.count
            if start:
                name = f"{self.name}-{len(self._threads)}"
                thread = threading.Thread(target=self._work, name=name, daemon=True)
                self._threads.append(thread)
        if start:
            thread.start()
        self._jobs.put((loop, future, contextvars.copy_context(), fn, args))
        return await future

    def _work(self) -> None:
        while True:
            job = self._jobs.get()
            if job is _STOP:
                return
            loop, future, context, fn, args = job
            result, error = None, None
            try:
                result = context.run(fn, *args)
            except BaseException as e:
                error = e
            with self._lock:
                self._busy -= 1
            # A closed loop raises RuntimeError: nobody waits for the answer then.
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(_settle, future, result, error)

    def close(self) -> None:
        """Let the threads end once the jobs queued before are done."""
        with self._lock:
            threads = list(self._threads)
        for _ in threads:
            self._jobs.put(_STOP)
