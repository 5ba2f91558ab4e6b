"""The shared run helpers of the AI tool pages: progress ticks while the AI works."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from startup_toolkit.state.tool_run import while_ticking


class Lockable:
    """Stands in for a background handler's state: `async with` takes its lock."""

    def __init__(self) -> None:
        self.lock = asyncio.Lock()
        self.progress = 0

    async def __aenter__(self) -> Lockable:
        await self.lock.acquire()
        return self

    async def __aexit__(self, *exc: object) -> None:
        self.lock.release()


async def _slow(value: Any, seconds: float) -> Any:
    await asyncio.sleep(seconds)
    return value


def test_progress_ticks_under_the_lock_while_the_work_runs() -> None:
    state = Lockable()
    seen: list[float] = []

    def advance(elapsed: float) -> bool:
        assert state.lock.locked()
        seen.append(elapsed)
        state.progress += 10
        return True

    result = asyncio.run(while_ticking(state, _slow("done", 0.2), advance, 0.03))  # type: ignore[arg-type]
    assert result == "done"
    assert len(seen) >= 3
    assert seen == sorted(seen)
    assert state.progress == 10 * len(seen)


def test_ticking_stops_when_the_run_is_replaced() -> None:
    state = Lockable()
    calls = 0

    def advance(_elapsed: float) -> bool:
        nonlocal calls
        calls += 1
        return calls < 2  # the second tick sees a newer run

    asyncio.run(while_ticking(state, _slow(None, 0.3), advance, 0.02))  # type: ignore[arg-type]
    assert calls == 2


def test_a_failing_work_stops_the_ticker_and_raises() -> None:
    state = Lockable()

    async def fail() -> None:
        await asyncio.sleep(0.05)
        raise RuntimeError("AI down")

    async def run() -> int:
        with pytest.raises(RuntimeError, match="AI down"):
            await while_ticking(state, fail(), lambda _e: True, 0.01)  # type: ignore[arg-type]
        return len(asyncio.all_tasks())

    assert asyncio.run(run()) == 1  # only the test's own task is left
