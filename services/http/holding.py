"""Refusals that say "retry later" (429 ``rate_limited``, 503 ``reads_busy``) are
answered late: held up to the time the client is told to wait, at most ``HOLD``.

A client that loops on a limit, sending its next request as soon as it has an
answer (the attack filed against the costly reads), would otherwise get a cheap
refusal at once, many times a second, and those refusals together slow play as
much as the reads did. Held, each of its connections makes at most one request
a ``HOLD``, at no cost beyond the open socket: the wait is a timer on the event
loop. At most ``AT_ONCE`` refusals are held together (a flood of connections
then gets its refusals at once, as before), and a held refusal says how much of
the wait is left in ``Retry-After`` (0: retry now).
"""

from __future__ import annotations

import asyncio

HOLD = 1.0  # seconds, at most, that one refusal is held
AT_ONCE = 256  # refusals held together, at most, in one process


class Holding:
    """The refusals held in one process (one event loop)."""

    def __init__(self, longest: float = HOLD, at_once: int = AT_ONCE) -> None:
        self.longest, self.at_once = longest, at_once
        self.held = 0  # refusals held now

    async def hold(self, wait: float) -> None:
        """Hold a refusal whose client should wait ``wait`` seconds, up to ``longest``
        (not at all where ``at_once`` are already held); the caller then tells
        what is left of the wait."""
        if self.held >= self.at_once or self.longest <= 0 or wait <= 0:
            return
        self.held += 1
        try:
            await asyncio.sleep(min(wait, self.longest))
        finally:
            self.held -= 1


HOLDING = Holding()
