"""The acts a group commit made durable together are finished on their loop
together (``services.http.fast.Durable``): the loop is woken once for all that
ended meanwhile, their games' counters are raised at once for those stored, and
each act is finished in the order its commit told it, whatever happens to another."""

from __future__ import annotations

import asyncio
import threading
from typing import Any

from services.http.fast import Durable


class _Ledger:
    """What ``Durable`` asks of the ledger, recorded."""

    def __init__(self) -> None:
        self.counted: list[list[Any]] = []
        self.finished: list[tuple[Any, BaseException | None]] = []

    def count_acts(self, durable: list[Any]) -> None:
        self.counted.append(list(durable))

    def finish_act(self, staged: Any, error: BaseException | None) -> None:
        self.finished.append((staged, error))


def test_acts_told_from_the_committing_thread_are_finished_on_the_loop_in_order() -> None:
    ledger = _Ledger()
    durable = Durable(ledger)  # type: ignore[arg-type]  # the two calls it makes
    failed = RuntimeError("lost its race")
    finished: list[tuple[str, BaseException | None, bool]] = []
    problems: list[dict[str, Any]] = []

    async def main() -> None:
        loop = asyncio.get_running_loop()
        loop.set_exception_handler(lambda _, context: problems.append(context))
        on_loop = threading.get_ident()

        def finish(name: str) -> Any:
            def done(error: BaseException | None) -> None:
                finished.append((name, error, threading.get_ident() == on_loop))
                if name == "b":
                    raise ValueError("b's answer failed")

            return done

        add: Any = durable.add  # the acts are named here, not staged
        told = threading.Event()

        def commit() -> None:  # as the group commit tells the acts of one transaction
            add(loop, "a", None, finish("a"))
            add(loop, "b", None, finish("b"))
            add(loop, "c", failed, finish("c"))
            add(loop, "d", None, finish("d"))
            told.set()

        threading.Thread(target=commit).start()
        assert told.wait(30)  # the loop held meanwhile: it wakes once for all four
        while len(finished) < 4:
            await asyncio.sleep(0.001)

    asyncio.run(main())
    assert finished == [
        ("a", None, True),
        ("b", None, True),
        ("c", failed, True),
        ("d", None, True),
    ]
    assert ledger.counted == [["a", "b", "d"]]  # once, for the stored ones only
    assert [str(p["exception"]) for p in problems] == ["b's answer failed"]


def test_acts_whose_loop_has_closed_are_finished_by_the_ledger_there() -> None:
    ledger = _Ledger()
    durable = Durable(ledger)  # type: ignore[arg-type]  # the two calls it makes
    loop = asyncio.new_event_loop()
    loop.close()
    never: list[BaseException | None] = []
    add: Any = durable.add  # the act is named here, not staged
    add(loop, "a", None, never.append)
    assert ledger.finished == [("a", None)]  # the game's turn comes back, its counter moves
    assert never == []  # nobody waits on a closed loop
