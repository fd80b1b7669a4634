"""Live fan-out of appended events: in-process wake-ups, Redis pub/sub, polling.

A stream never receives events from here, only a wake-up saying "game G has
new positions"; it then reads the entries from the store and redacts them for
its seat. So Redis carries no hidden data (positions and event type names,
which every log reader already sees) and is never the source of truth.

Three paths wake a stream, from fastest to most robust:

- ``LocalHub``: appends made by this process (a ledger listener) wake its
  streams at once, with or without Redis.
- ``RedisPublisher`` + ``RedisRelay``: each process publishes its appends on
  ``wizards:game:<id>`` and relays every publication to its own hub, so a
  stream served by one API process sees appends made by another.
- polling: every stream also re-reads the store on a timer, fast when the
  relay is not connected (Redis off or down), slow otherwise (a safety net for
  writers that do not publish, such as the CLI, and for lost publications:
  Redis pub/sub is fire-and-forget).
"""

from __future__ import annotations

import asyncio
import atexit
import contextlib
import json
import logging
import threading
import time
from collections import deque
from collections.abc import Iterator, Sequence
from typing import Literal
from uuid import UUID

import redis
import redis.asyncio as aioredis

from services.ledger import WizardLedger
from services.store.values import Entry

log = logging.getLogger("wizards.live")

CHANNEL_PREFIX = "wizards:game:"
RelayState = Literal["off", "connecting", "up", "down"]


def channel(game_id: UUID | str) -> str:
    return f"{CHANNEL_PREFIX}{game_id}"


def payload(entries: Sequence[Entry]) -> str:
    """What Redis carries for one appended batch: positions and type names only."""
    return json.dumps([{"position": e.position, "type": type(e.event).__name__} for e in entries])


def game_of_channel(name: str | bytes) -> UUID | None:
    text = name.decode() if isinstance(name, bytes) else name
    if not text.startswith(CHANNEL_PREFIX):
        return None
    try:
        return UUID(text[len(CHANNEL_PREFIX) :])
    except ValueError:
        return None


class RedisPublisher:
    """A ledger listener that publishes each appended batch to Redis, off the act's path.

    The listener only puts the batch on a queue and returns: an act never waits
    for Redis, even a frozen one. One background thread publishes, with short
    socket timeouts; after a failure it tries the next batch at once (a batch
    that failed is dropped: pub/sub is fire-and-forget, and streams poll fast
    while the relay is down). A full queue drops its oldest batch, so a Redis
    that is gone costs bounded memory. ``state`` is "up" or "down" after the
    last attempt ("connecting" before the first).
    """

    def __init__(
        self,
        url: str,
        *,
        timeout: float = 0.25,
        queue_size: int = 10_000,
        recheck_after: float = 0.5,
    ) -> None:
        self.url = url
        self.recheck_after = recheck_after
        self.client = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout
        )
        self.state: RelayState = "connecting"
        self.published = 0
        self.failures = 0
        self.dropped = 0
        self._queue: deque[tuple[UUID, str] | None] = deque()
        self._queue_size = queue_size
        self._ready = threading.Condition()
        self._thread: threading.Thread | None = None
        self._closed = False
        self._in_flight = 0

    def __call__(self, game_id: UUID, entries: list[Entry]) -> None:
        # No entries: a command held for seats' draws, or an entry for it
        # (services.seats.desk): other processes' streams are woken all the same.
        if self._closed:
            return
        with self._ready:
            if len(self._queue) >= self._queue_size:
                self._queue.popleft()
                self.dropped += 1
            self._queue.append((game_id, payload(entries)))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="wizards-redis-publisher", daemon=True
                )
                self._thread.start()
            self._ready.notify()

    @property
    def pending(self) -> int:
        """Batches queued or being published."""
        with self._ready:
            return len(self._queue) + self._in_flight

    def flush(self, timeout: float) -> bool:
        """Wait up to ``timeout`` seconds for the queue to empty (a CLI about to
        exit); True when everything queued was attempted."""
        deadline = time.monotonic() + timeout
        with self._ready:
            while self._queue or self._in_flight:
                left = deadline - time.monotonic()
                if left <= 0:
                    return False
                self._ready.wait(min(left, 0.05))
        return True

    def _next(self) -> tuple[UUID, str] | bool | None:
        """The next batch; None to stop; False when idle after a failure for
        ``recheck_after`` seconds (time to look for Redis again)."""
        with self._ready:
            while not self._queue:
                if self.state != "down":
                    self._ready.wait()
                elif not self._ready.wait(self.recheck_after) and not self._queue:
                    return False
            item = self._queue.popleft()
            if item is not None:
                self._in_flight = 1
            return item

    def _run(self) -> None:
        while True:
            item = self._next()
            if item is None:
                return
            if item is False:
                # So that "down" ends when Redis is back, not at the next act.
                self._recheck()
                continue
            assert isinstance(item, tuple)
            game_id, message = item
            try:
                self.client.publish(channel(game_id), message)
                self.published += 1
                if self.state != "up":
                    log.info("redis publishing resumed")
                self.state = "up"
            except (redis.RedisError, OSError) as e:
                self.failures += 1
                if self.state != "down":
                    log.warning("redis publish failed (%s); streams fall back to polling", e)
                self.state = "down"
            finally:
                with self._ready:
                    self._in_flight = 0
                    self._ready.notify_all()

    def _recheck(self) -> None:
        try:
            self.client.ping()
        except (redis.RedisError, OSError):
            return
        log.info("redis reachable again for publishing")
        self.state = "up"

    def close(self) -> None:
        self._closed = True
        with self._ready:
            self._queue.append(None)
            self._ready.notify()
        with contextlib.suppress(redis.RedisError, OSError):
            self.client.close()


class Waiter:
    """One stream's wake-up flag, owned by the event loop the stream runs on."""

    def __init__(self, loop: asyncio.AbstractEventLoop) -> None:
        self.loop = loop
        self.event = asyncio.Event()

    def clear(self) -> None:
        self.event.clear()

    async def wait(self, timeout: float) -> bool:
        """True when woken, False when ``timeout`` passed first."""
        # asyncio.timeout, not wait_for: no task made and cancelled per wait
        # (a process with a thousand streams waits a thousand times per event).
        try:
            async with asyncio.timeout(timeout):
                await self.event.wait()
        except TimeoutError:
            return False
        return True

    def wake(self) -> None:
        # Called from any thread: the ledger listener runs in a worker thread.
        with contextlib.suppress(RuntimeError):  # the loop has closed
            self.loop.call_soon_threadsafe(self.event.set)


class LocalHub:
    """The streams of this process, per game; wakes them from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._waiters: dict[UUID, set[Waiter]] = {}
        # Notifications so far, per watched game: a store read begun at
        # generation g has seen every append notified up to g (see services.live.stream).
        self._generations: dict[UUID, int] = {}

    @contextlib.contextmanager
    def subscribe(self, game_id: UUID) -> Iterator[Waiter]:
        waiter = Waiter(asyncio.get_running_loop())
        with self._lock:
            self._waiters.setdefault(game_id, set()).add(waiter)
        try:
            yield waiter
        finally:
            with self._lock:
                waiters = self._waiters.get(game_id)
                if waiters is not None:
                    waiters.discard(waiter)
                    if not waiters:
                        del self._waiters[game_id]
                        self._generations.pop(game_id, None)

    def generation(self, game_id: UUID) -> int:
        with self._lock:
            return self._generations.get(game_id, 0)

    def notify(self, game_id: UUID) -> int:
        with self._lock:
            waiters = list(self._waiters.get(game_id, ()))
            if waiters:
                self._generations[game_id] = self._generations.get(game_id, 0) + 1
        for waiter in waiters:
            waiter.wake()
        return len(waiters)

    def notify_all(self) -> None:
        """Wake every stream, e.g. so that they notice the relay went down and poll faster."""
        with self._lock:
            waiters = [w for ws in self._waiters.values() for w in ws]
        for waiter in waiters:
            waiter.wake()

    def watching(self, game_id: UUID) -> int:
        with self._lock:
            return len(self._waiters.get(game_id, ()))

    def listener(self, game_id: UUID, entries: list[Entry]) -> None:
        """A ``WizardLedger`` listener: appends made in this process."""
        self.notify(game_id)


class RedisRelay:
    """One pattern subscription per process, relaying every game's publications to the hub.

    The connection is watched, not trusted: a PING goes out every
    ``ping_every`` seconds, and a connection that has answered nothing for
    ``dead_after`` seconds (a frozen or vanished Redis, a dropped socket) is
    closed and the relay says "down" at once. It reconnects every
    ``retry_after`` seconds, so Redis coming back is used again within about a
    second; ``state`` tells streams whether to rely on it or to poll fast.
    """

    def __init__(
        self,
        url: str | None,
        hub: LocalHub,
        *,
        timeout: float = 0.5,
        retry_after: float = 0.5,
        ping_every: float = 0.25,
        dead_after: float = 0.75,
    ) -> None:
        self.url = url
        self.hub = hub
        self.timeout = timeout
        self.retry_after = retry_after
        self.ping_every = ping_every
        self.dead_after = dead_after
        self.state: RelayState = "off" if url is None else "connecting"
        self.relayed = 0
        self._task: asyncio.Task[None] | None = None

    @property
    def up(self) -> bool:
        return self.state == "up"

    def start(self) -> None:
        if self.url is not None and self._task is None:
            self._task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        task, self._task = self._task, None
        if task is not None:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task
        if self.url is not None:
            self.state = "connecting"

    async def _run(self) -> None:
        assert self.url is not None
        while True:
            try:
                await self._session(self.url)
            except (aioredis.RedisError, OSError, TimeoutError) as e:
                if self.state != "down":
                    log.warning("redis relay down (%s); streams poll the store", e)
                self.state = "down"
            await asyncio.sleep(self.retry_after)

    async def _session(self, url: str) -> None:
        client = aioredis.Redis.from_url(
            url, socket_connect_timeout=self.timeout, socket_timeout=self.timeout
        )
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        loop = asyncio.get_running_loop()
        try:
            await asyncio.wait_for(pubsub.psubscribe(f"{CHANNEL_PREFIX}*"), self.timeout)
            self.state = "up"
            log.info("redis relay subscribed to %s*", CHANNEL_PREFIX)
            # Publications made while the relay was down are lost (pub/sub keeps
            # nothing): every stream re-reads the store once now.
            self.hub.notify_all()
            heard = next_ping = loop.time()
            while True:
                message = await pubsub.get_message(timeout=self.ping_every / 2)
                now = loop.time()
                if message is not None:
                    heard = now
                    if message.get("type") == "pmessage":
                        game_id = game_of_channel(message["channel"])
                        if game_id is not None:
                            self.relayed += 1
                            self.hub.notify(game_id)
                if now - heard > self.dead_after:
                    raise TimeoutError(f"no answer from redis for {now - heard:.2f} s")
                if now >= next_ping:
                    await asyncio.wait_for(pubsub.ping(), self.timeout)
                    next_ping = now + self.ping_every
        finally:
            was_up, self.state = self.up, "down"
            if was_up:
                self.hub.notify_all()  # streams sleeping on the slow timer re-read now
            with contextlib.suppress(Exception):
                await asyncio.wait_for(pubsub.aclose(), self.timeout)
            with contextlib.suppress(Exception):
                await asyncio.wait_for(client.aclose(), self.timeout)


class Live:
    """The live machinery of one API process: hub, publisher, relay and poll timing."""

    def __init__(
        self,
        redis_url: str | None,
        *,
        poll_interval: float = 0.5,
        safety_interval: float = 5.0,
    ) -> None:
        self.redis_url = redis_url
        self.hub = LocalHub()
        self.publisher = RedisPublisher(redis_url) if redis_url else None
        self.relay = RedisRelay(redis_url, self.hub)
        self.poll_interval = poll_interval
        self.safety_interval = safety_interval

    def redis_state(self) -> RelayState:
        """ "up" only while both directions work: the relay hears Redis, and this
        process's last publication went through. Otherwise streams poll fast."""
        if self.publisher is not None and self.publisher.state == "down":
            return "down"
        return self.relay.state

    def interval(self) -> float:
        """How long a stream may sleep before re-reading the store on its own."""
        return self.safety_interval if self.redis_state() == "up" else self.poll_interval

    def attach(self, ledger: WizardLedger) -> None:
        """Wake local streams on every append, and publish it when Redis is configured."""
        for listener in (self.hub.listener, self.publisher):
            if listener is not None and listener not in ledger.listeners:
                ledger.listeners.append(listener)

    def detach(self, ledger: WizardLedger) -> None:
        for listener in (self.hub.listener, self.publisher):
            if listener is not None and listener in ledger.listeners:
                ledger.listeners.remove(listener)

    async def start(self) -> None:
        self.relay.start()

    async def stop(self) -> None:
        await self.relay.stop()
        if self.publisher is not None:
            self.publisher.close()

    def status(self) -> dict[str, object]:
        publisher = self.publisher
        return {
            "redis": self.redis_state(),
            "relay": self.relay.state,
            "publisher": "off" if publisher is None else publisher.state,
            "poll_seconds": self.interval(),
            "published": 0 if publisher is None else publisher.published,
            "publish_failures": 0 if publisher is None else publisher.failures,
            "relayed": self.relay.relayed,
        }


def publish_appends(ledger: WizardLedger, url: str | None = None) -> RedisPublisher | None:
    """Make a non-API process (the CLI, a worker) publish its appends, if Redis is configured.

    ``url`` defaults to ``WIZARDS_REDIS``. Returns the publisher, or None when
    Redis is off; streams of API processes then see those appends by polling.
    """
    from services.config import redis_url

    resolved = redis_url(url)
    if resolved is None:
        return None
    for listener in ledger.listeners:
        if isinstance(listener, RedisPublisher) and listener.url == resolved:
            return listener
    publisher = RedisPublisher(resolved)
    ledger.listeners.append(publisher)
    # Publishing happens off the caller's thread: give a short-lived process
    # (one CLI command) a moment to send what it appended before it exits.
    atexit.register(publisher.flush, 1.0)
    return publisher
