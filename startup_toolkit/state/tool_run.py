"""The mechanics of a tool page's AI run, as a Reflex mixin: the busy flag, the form the click
left for the background task, claiming it, and progress ticks while the AI works.

An AI button runs in two steps. Its sequential handler validates the form and calls
`self._start_run(ScanForm(idea=...))` (a frozen dataclass of the page: what the run works on),
then returns the background handler. That one starts with `run = await self._claim_run()`,
reads `run.form`, awaits `run_tool(run.user_id, ...)` (through `self._tick_while(run, ...)`
when the page shows progress) and writes the outcome only while `self._is_current(run)`.
(Reflex starts background events ahead of queued sequential ones, so a background handler
reading the form itself could miss the last keystrokes.) `_drop_run` (New Scan, Clear) makes
a running task's result stale: it writes nothing.
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

import reflex as rx

from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private_state import PrivateStateMixin

T = TypeVar("T")


@dataclass(frozen=True)
class ClaimedRun:
    """What a background run works on: its number, the form the click left, and the user."""

    number: int
    form: Any
    user_id: str


class ToolRunMixin(PrivateStateMixin, mixin=True):
    """One background AI run at a time for a tool page's State (what a tool produced is the
    user's: private state)."""

    private_run_counters: ClassVar[tuple[str, ...]] = ("_run",)

    running: bool = False  # an AI run is under way (the button shows it, a second click waits)
    _run: int = 0  # bumped by each start and each drop: a task with an older number is stale
    _pending: Any = None  # the form `_start_run` left for the background task

    def _start_run(self, form: Any) -> None:
        """From the sequential handler: a new run on `form`; the background task claims it."""
        self._run += 1
        self.running = True
        self._pending = form

    def _drop_run(self) -> None:
        """Forget the run under way: its task writes nothing when it ends."""
        self._run += 1
        self._pending = None
        self.running = False

    async def _claim_run(self) -> ClaimedRun | None:
        """Take the form `_start_run` left (once). None when there is nothing to run, or when
        nobody is signed in any more (then the run ends here)."""
        async with self:
            form = self._pending
            if not self.running or form is None:
                return None
            number = self._run
            self._pending = None
            user_id = await signed_in_user_id(self)
            if user_id is None:
                if self._run == number:
                    self.running = False
                return None
        return ClaimedRun(number, form, user_id)

    def _is_current(self, run: ClaimedRun) -> bool:
        """Under the lock: no newer run and no drop since `run` started."""
        return self._run == run.number

    async def _tick_while(
        self,
        run: ClaimedRun,
        work: Awaitable[T],
        advance: Callable[[float], None],
        every: float,
    ) -> T:
        """Await `work`; every `every` seconds meanwhile, call `advance(seconds elapsed)` under
        the state's lock while `run` is still current and running."""

        def tick(elapsed: float) -> bool:
            if self._run != run.number or not self.running:
                return False
            advance(elapsed)
            return True

        return await while_ticking(self, work, tick, every)


async def while_ticking(
    state: rx.State, work: Awaitable[T], advance: Callable[[float], bool], every: float
) -> T:
    """Await `work`; meanwhile call `advance(seconds elapsed)` under the state's lock every
    `every` seconds (longer when many runs tick at once: `tick_interval`), until it returns
    False (the run was replaced) or the work ends."""
    stop = asyncio.Event()

    async def tick() -> None:
        started = time.monotonic()
        while not stop.is_set():
            try:
                await asyncio.wait_for(stop.wait(), tick_interval(every))
            except TimeoutError:
                async with state:
                    if not advance(time.monotonic() - started):
                        return

    loop = asyncio.get_running_loop()
    _ticking[loop] = _ticking.get(loop, 0) + 1
    ticker = asyncio.create_task(tick())
    try:
        return await work
    finally:
        _ticking[loop] -= 1
        stop.set()
        await ticker


#: Runs ticking now on each event loop (a worker's one loop; each run writes its tab's state
#: at every tick). Per loop: a loop a test abandoned with runs in it counts for no other.
_ticking: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, int] = weakref.WeakKeyDictionary()


def tick_interval(every: float) -> float:
    """A run's tick interval: its page's `every`, stretched so that all the runs this process
    has ticking write at most `RUN_TICKS_PER_SECOND` states a second together (each write
    takes the tab's lock and, on Redis, a round trip: a wave of runs must not spend the
    worker on progress)."""
    ticking = _ticking.get(asyncio.get_running_loop(), 0)
    return max(every, ticking / get_settings().run_ticks_per_second)
