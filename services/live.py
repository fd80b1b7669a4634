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
import contextlib
import json
import logging
import threading
import time
from collections.abc import Iterator, Sequence
from typing import Literal
from uuid import UUID

import redis
import redis.asyncio as aioredis

from services.ledger import Entry, WizardLedger

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
    """A ledger listener that publishes each appended batch to Redis.

    It never raises: listeners run after the append has committed, so a Redis
    failure must not turn a stored action into an error for the caller. After
    a failure it stays quiet for ``retry_after`` seconds rather than making
    every append wait for a connection timeout.
    """

    def __init__(self, url: str, *, timeout: float = 0.5, retry_after: float = 5.0) -> None:
        self.url = url
        self.retry_after = retry_after
        self.client = redis.Redis.from_url(
            url, socket_timeout=timeout, socket_connect_timeout=timeout
        )
        self._quiet_until = 0.0
        self.published = 0
        self.failures = 0

    def __call__(self, game_id: UUID, entries: list[Entry]) -> None:
        if not entries or time.monotonic() < self._quiet_until:
            return
        try:
            self.client.publish(channel(game_id), payload(entries))
            self.published += 1
        except (redis.RedisError, OSError) as e:
            self.failures += 1
            self._quiet_until = time.monotonic() + self.retry_after
            log.warning("redis publish failed (%s); streams fall back to polling", e)

    def close(self) -> None:
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
        # generation g has seen every append notified up to g (see services.stream).
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

    Reconnects after ``retry_after`` seconds while Redis is down; ``state`` tells
    streams whether to rely on it or to poll fast.
    """

    def __init__(
        self, url: str | None, hub: LocalHub, *, timeout: float = 1.0, retry_after: float = 2.0
    ) -> None:
        self.url = url
        self.hub = hub
        self.timeout = timeout
        self.retry_after = retry_after
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
            except (aioredis.RedisError, OSError) as e:
                if self.state != "down":
                    log.warning("redis relay down (%s); streams poll the store", e)
                self.state = "down"
            await asyncio.sleep(self.retry_after)

    async def _session(self, url: str) -> None:
        client = aioredis.Redis.from_url(
            url, socket_connect_timeout=self.timeout, health_check_interval=15
        )
        pubsub = client.pubsub(ignore_subscribe_messages=True)
        try:
            await pubsub.psubscribe(f"{CHANNEL_PREFIX}*")
            self.state = "up"
            log.info("redis relay subscribed to %s*", CHANNEL_PREFIX)
            async for message in pubsub.listen():
                if message.get("type") != "pmessage":
                    continue
                game_id = game_of_channel(message["channel"])
                if game_id is not None:
                    self.relayed += 1
                    self.hub.notify(game_id)
        finally:
            was_up, self.state = self.up, "down"
            if was_up:
                self.hub.notify_all()  # streams sleeping on the slow timer re-read now
            with contextlib.suppress(Exception):
                await pubsub.aclose()
            with contextlib.suppress(Exception):
                await client.aclose()


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

    def interval(self) -> float:
        """How long a stream may sleep before re-reading the store on its own."""
        return self.safety_interval if self.relay.up else self.poll_interval

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
        return {
            "redis": self.relay.state,
            "poll_seconds": self.interval(),
            "published": 0 if self.publisher is None else self.publisher.published,
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
    return publisher
