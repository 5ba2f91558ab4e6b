"""The Scanner's allowance line follows each scan (issue 28, item 3): the run ends through the
shared `finish_run`, so the page's `ToolPageState.allowance` shows what every scan spent,
without a reload, while the busy flag still clears 500 ms later (T-SCAN-2)."""

from __future__ import annotations

import asyncio
from typing import Any

from reflex.event import Event
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State

from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.state.tools import ToolPageState
from tests.pages.scanner.test_state import IDEA, REPLY, ROUTE, fast, scan  # noqa: F401
from tests.support.ai_server import FakeAiServer
from tests.support.tool_states import Recorder, Tab, in_processor


async def load_allowance(tab: Tab) -> None:
    """The allowance bar mounts: it reads today's figures."""
    event = Event(name=f"{ToolPageState.get_full_name()}.load_allowance", payload={})
    await asyncio.wait_for(await tab.processor.enqueue(tab.token, event), timeout=10)


async def allowance_shown(tab: Tab) -> Any:
    """The allowance line's figures in the tab (ToolPageState.allowance)."""
    root = await tab.manager.get_state(BaseStateToken(ident=tab.token, cls=State))
    return (await root.get_state(ToolPageState)).allowance


def test_issue_28_item_3_the_allowance_line_shows_what_each_scan_spent(
    founder: tuple[str, str],
    fake_ai: FakeAiServer,
    fast: None,  # noqa: F811
) -> None:
    _, cookie = founder
    fake_ai.reply_json(REPLY, usage=(1000, 500)).reply_json(REPLY, usage=(2000, 1000))

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        await load_allowance(tab)
        assert (await allowance_shown(tab)).used == 0
        await scan(tab)
        shown = await allowance_shown(tab)
        assert shown.used == 1500 and "1,500 of 200,000 tokens used" in shown.usage_text
        await scan(tab)
        assert (await allowance_shown(tab)).used == 4500  # no reload in between

    in_processor(ScannerState, ROUTE, run)
