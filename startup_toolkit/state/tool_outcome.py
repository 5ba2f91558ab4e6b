"""What the AI tool pages do around a run's outcome: the rule for a stand-in result, the toast
of a run's notice, the sign-in check before a run, ending a background run, and the toasts and
download of Save and Download.

    outcome = await run_tool(run.user_id, my_run(run.form))
    if not await finish_run(self, run, lambda: self._show(outcome)):
        return  # a newer run or a drop came since: this one wrote nothing
    yield my_outcome_toast(outcome)
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import TypeVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain.saved_results import (
    AUTH_REQUIRED,
    NOTHING_TO_SAVE,
    NOTHING_TO_SAVE_DETAIL,
)
from startup_toolkit.domain.tool_run import REFUSED as REFUSED
from startup_toolkit.domain.tool_run import Notice
from startup_toolkit.domain.tool_run import stand_in as stand_in
from startup_toolkit.state import toasts
from startup_toolkit.state.allowance import todays_allowance
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.tool_run import ClaimedRun, ToolRunMixin
from startup_toolkit.state.tools import ToolPageState

R = TypeVar("R")


def notice_toast(notice: Notice, **props: str) -> EventSpec:
    """The error toast of a run's notice (its title and detail)."""
    return toasts.error(notice.title, description=notice.detail, **props)


async def signed_out_toast(state: rx.State, detail: str, toast_id: str) -> EventSpec | None:
    """Before a run: the sign-in toast when nobody is signed in, else None."""
    if await signed_in_user_id(state) is None:
        return toasts.error(AUTH_REQUIRED, description=detail, id=toast_id)
    return None


async def finish_run(
    state: ToolRunMixin, run: ClaimedRun, show: Callable[[], None], *, still_busy: bool = False
) -> bool:
    """At the end of a background run, under the state's lock: the page is no longer busy,
    `show` writes the outcome and the page's AI allowance bar shows what the run spent. False
    (nothing written) when a newer run or a drop came since. `still_busy`: the page clears its
    busy flag itself a moment later (the Scanner, T-SCAN-2); every run's ending comes here, so
    no page's allowance bar goes stale (issue 28, item 3)."""
    spent = await todays_allowance(state)  # read before the lock: a database round trip
    async with state:
        if not state._is_current(run):
            return False
        if not still_busy:
            state.running = False
        show()
        if spent is not None:
            (await state.get_state(ToolPageState))._show_allowance(spent)
    return True


async def tick_elapsed(state: ToolRunMixin, run: ClaimedRun, work: Awaitable[R]) -> R:
    """Await `work` while the state's `elapsed` var counts the whole seconds it has taken."""

    def advance(seconds: float) -> None:
        state.elapsed = int(seconds)  # type: ignore[attr-defined]

    return await state._tick_while(run, work, advance, 1.0)


def nothing_to_save() -> EventSpec:
    """Save Results without a result on screen."""
    return toasts.error(NOTHING_TO_SAVE, description=NOTHING_TO_SAVE_DETAIL)


def json_download(data: str, filename: str) -> EventSpec:
    """A JSON file built in the browser."""
    return rx.download(data=data, filename=filename, mime_type="application/json")
