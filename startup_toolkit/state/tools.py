"""What every tool page shares on the server: demo mode, and saving a result (T-AI-5).

A tool page's State keeps its result and has a save handler:

    @rx.event
    async def save(self) -> rx.event.EventSpec:
        return await save_tool_result(
            self, tool_name=STARTUP_ORACLE.name, title="Oracle prediction",
            content=self._result_dict(), content_type="analysis", metadata={"probability": 72},
        )

and passes it to `tool_page(..., save_handler=MyState.save, can_save=MyState.has_result)`.
The user id comes from the server-side session (never from the browser). Call it from an
ordinary handler, or inside `async with self:` in a background one.

The AI run itself is `services/tool_runs.run_tool`, driven by `state/tool_run.ToolRunMixin`.
"""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import saved_results as payloads
from startup_toolkit.services import billing, saved_results
from startup_toolkit.services.saved_results import SaveOutcome
from startup_toolkit.settings import get_settings
from startup_toolkit.state import toasts
from startup_toolkit.state.allowance import AllowanceMixin
from startup_toolkit.state.private import for_user

log = logging.getLogger(__name__)


SAVE_TOAST_ID = "tool-save-result"
SIGNED_OUT = SaveOutcome(False, payloads.AUTH_REQUIRED, payloads.AUTH_REQUIRED_DETAIL)
SAVE_FAILED = SaveOutcome(False, saved_results.SAVE_FAILED, saved_results.SAVE_FAILED_DETAIL)


class ToolPageState(AllowanceMixin, rx.State):
    """What the running configuration decides for the pages (read at run time on the server,
    so one built frontend serves any settings), and the founder's daily AI allowance.

    The built page holds each var's `initial_value`, the same whatever the settings: its first
    paint shows no guess of them (issue 28, item 6); the hydrate brings the server's values."""

    @rx.var(initial_value=False)
    def demo_mode(self) -> bool:
        """True without an AI key: tools show their built-in sample results."""
        return not get_settings().ai_enabled

    @rx.var(initial_value="")
    def offer(self) -> str:
        """What this server offers (`billing.offer`): 'open' (every tool open to signed-in
        founders, nothing sold), 'checkout' or 'soon'; '' until the server has said, while
        what depends on it is held back (components/held_back.py)."""
        return billing.offer()


def save_toast(outcome: SaveOutcome) -> EventSpec:
    """'Results saved to your dashboard!' or the reason the save did not happen."""
    if outcome.ok:
        return toasts.success(outcome.message, id=SAVE_TOAST_ID)
    if outcome.description:
        return toasts.error(outcome.message, description=outcome.description, id=SAVE_TOAST_ID)
    return toasts.error(outcome.message, id=SAVE_TOAST_ID)


async def save_tool_result(
    state: rx.State,
    *,
    tool_name: str,
    title: str,
    content: Any,
    content_type: str = "",
    formatted_content: str = "",
    metadata: dict[str, Any] | None = None,
) -> EventSpec:
    """Save the result for the signed-in user (database work in a worker thread) and
    return the toast to show."""
    done = await for_user(
        state,
        saved_results.save_result,
        payloads.SaveRequest(tool_name, title, content, content_type, formatted_content, metadata),
        signed_out=save_toast(SIGNED_OUT),
        failed=save_toast(SAVE_FAILED),
        what="Saving a result",
    )
    if not done.ok or done.value is None:
        log.info("Result not saved for %s", tool_name)
        return done.toast or save_toast(SAVE_FAILED)
    if not done.value.ok:
        log.info("Result not saved for %s: %s", tool_name, done.value.message)
    return save_toast(done.value)
