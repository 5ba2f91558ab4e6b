"""The run mechanics every AI tool page shares (state/tool_run.py): progress ticks while the AI
works, and ToolRunMixin's start / claim / drop of a background run."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass
from typing import Any

import pytest
import reflex as rx
from sqlalchemy.engine import Engine

from startup_toolkit.state.tool_run import ToolRunMixin, while_ticking
from tests.support.tool_states import Recorder, Tab, in_processor


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

    async def run() -> Any:
        ticked_thrice = asyncio.Event()

        def advance(elapsed: float) -> bool:
            assert state.lock.locked()
            seen.append(elapsed)
            state.progress += 10
            if len(seen) == 3:
                ticked_thrice.set()
            return True

        async def work() -> str:
            # Ends once ticked three times (not after a fixed time: a loaded machine ticks late).
            await asyncio.wait_for(ticked_thrice.wait(), 10)
            return "done"

        return await while_ticking(state, work(), advance, 0.03)  # type: ignore[arg-type]

    assert asyncio.run(run()) == "done"
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


# --- ToolRunMixin: a page's run, claimed once by its background task ----------------------------


@dataclass(frozen=True)
class _Form:
    idea: str


class _RunProbe(ToolRunMixin, rx.State):
    """A tool page reduced to its run: `go` starts it, `work` claims it and says what it got."""

    idea: str = ""
    got: str = ""
    got_user: str = ""
    claims: int = 0

    @rx.event
    def go(self) -> Any:
        self._start_run(_Form(self.idea))
        return _RunProbe.work

    @rx.event
    def drop(self) -> None:
        self._drop_run()

    @rx.event(background=True)
    async def work(self) -> None:
        run = await self._claim_run()
        async with self:
            self.claims += 1
        if run is None:
            return
        await asyncio.sleep(0.05)
        async with self:
            if self._is_current(run):
                self.got, self.got_user = run.form.idea, run.user_id
                self.running = False


def test_the_background_task_gets_the_form_the_click_left_and_the_user(
    founder: tuple[str, str],
) -> None:
    user_id, cookie = founder

    async def scenario(tab: Tab, _recorder: Recorder) -> Any:
        await tab.prepare(cookie, idea="Farm-to-table delivery")
        s = await tab.fire("go", busy="running")
        assert (s.got, s.got_user, s._pending) == ("Farm-to-table delivery", user_id, None)
        await tab.fire("work", busy="running")  # nothing left to claim: a second task idles
        return await tab.state()

    s = in_processor(_RunProbe, "/probe", scenario)
    assert s.claims == 2 and s.got == "Farm-to-table delivery"


def test_a_signed_out_tab_claims_nothing_and_the_run_ends(engine: Engine) -> None:
    async def scenario(tab: Tab, _recorder: Recorder) -> Any:
        await tab.prepare("", idea="An idea")
        return await tab.fire("go", busy="running")

    s = in_processor(_RunProbe, "/probe", scenario)
    assert (s.running, s.got, s.claims) == (False, "", 1)


def test_a_dropped_run_writes_nothing(founder: tuple[str, str]) -> None:
    _user_id, cookie = founder

    async def scenario(tab: Tab, _recorder: Recorder) -> Any:
        await tab.prepare(cookie, idea="First idea")
        done = await tab.start("go")
        await asyncio.sleep(0.01)
        await asyncio.wait_for(await tab.start("drop"), timeout=10)
        await asyncio.wait_for(done, timeout=10)
        await asyncio.sleep(0.2)  # the task has finished by now
        return await tab.state()

    s = in_processor(_RunProbe, "/probe", scenario)
    assert (s.running, s.got) == (False, "")


def test_ticks_stretch_when_many_runs_tick_at_once(
    settings_env: pytest.MonkeyPatch,
) -> None:
    """Issue 29, item 2: all runs of a worker write at most RUN_TICKS_PER_SECOND states a
    second together; a lone run ticks at its page's own pace."""
    from startup_toolkit.settings import get_settings
    from startup_toolkit.state import tool_run

    settings_env.setenv("RUN_TICKS_PER_SECOND", "100")
    get_settings.cache_clear()

    async def interval(ticking: int | None) -> float:
        if ticking is not None:
            tool_run._ticking[asyncio.get_running_loop()] = ticking
        return tool_run.tick_interval(0.3)

    assert asyncio.run(interval(1)) == 0.3
    assert asyncio.run(interval(500)) == 5.0
    assert asyncio.run(interval(None)) == 0.3  # another loop's runs count for none here
