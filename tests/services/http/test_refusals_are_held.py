"""A refusal that says "retry later" is held up to the wait it tells (issue 23
item 1: a client looping on 429s slowed play as much as the reads did)."""

from __future__ import annotations

import asyncio

from services.http.holding import Holding


def test_a_refusal_is_held_while_its_wait_runs() -> None:
    async def scenario() -> tuple[int, int]:
        holding = Holding(longest=0.05)
        held = asyncio.ensure_future(holding.hold(2.5))
        await asyncio.sleep(0)  # the refusal is now waiting on its timer
        meanwhile = holding.held
        await held
        return meanwhile, holding.held

    assert asyncio.run(scenario()) == (1, 0)


def test_nothing_is_held_for_a_wait_already_over() -> None:
    async def scenario() -> int:
        holding = Holding(longest=10.0)
        held = asyncio.ensure_future(holding.hold(0))
        await asyncio.sleep(0)
        meanwhile = holding.held
        await held
        return meanwhile

    assert asyncio.run(scenario()) == 0


def test_beyond_the_refusals_held_at_once_a_refusal_is_answered_at_once() -> None:
    async def scenario() -> tuple[int, bool]:
        holding = Holding(longest=10.0, at_once=1)
        first = asyncio.ensure_future(holding.hold(10))
        await asyncio.sleep(0)
        second = asyncio.ensure_future(holding.hold(10))
        await asyncio.sleep(0)
        held, answered_at_once = holding.held, second.done()  # the one place is taken
        first.cancel()
        return held, answered_at_once

    assert asyncio.run(scenario()) == (1, True)
