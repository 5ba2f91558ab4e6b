"""Issue 29: a founder whose AI run a stopped server interrupted is told so, once, when a
tool page's allowance bar mounts (`ToolPageState.load_allowance`): not charged, run it
again. Through Reflex's real event processor, on a real database."""

from __future__ import annotations

import asyncio

from reflex.event import Event
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.services import run_leases
from startup_toolkit.state.tools import ToolPageState
from tests.support.tool_states import Recorder, Tab, in_processor

ROUTE = "/startup-viability-scanner"


async def mount_allowance_bar(tab: Tab) -> None:
    event = Event(name=f"{ToolPageState.get_full_name()}.load_allowance", payload={})
    await asyncio.wait_for(await tab.processor.enqueue(tab.token, event), timeout=10)


def test_an_interrupted_run_is_told_once_with_retry(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    with Session(engine) as session:
        lease = run_leases.open_lease(session, user_id, "Viability Scanner", "gone:1:abc")
        run_leases.interrupt(session, [lease])
        session.commit()

    async def run(tab: Tab, recorder: Recorder) -> list[str]:
        await tab.prepare(cookie)
        await mount_allowance_bar(tab)
        first = recorder.toasts()
        await mount_allowance_bar(tab)
        assert recorder.toasts() == first  # told once
        return first

    (toast,) = in_processor(ScannerState, ROUTE, run)
    assert run_leases.INTERRUPTED_TITLE in toast
    assert "Your Viability Scanner run was interrupted" in toast
    assert "Nothing was charged" in toast and "Retry" in toast


def test_a_founder_without_interrupted_runs_is_told_nothing(
    engine: Engine, founder: tuple[str, str]
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> list[str]:
        await tab.prepare(cookie)
        await mount_allowance_bar(tab)
        return recorder.toasts()

    assert in_processor(ScannerState, ROUTE, run) == []
