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

An AI button runs in two steps. A sequential handler checks the form, bumps `_run`, sets the
busy flag, leaves what it took in `_pending_json` and returns the background handler, which
starts with `claim_run` and awaits the AI inside `while_ticking` when the page shows
progress. (Reflex starts background events ahead of queued sequential ones, so a background
handler reading the form itself could miss the last keystrokes.) A later `_run` means the
founder moved on: a finishing task that sees it writes nothing.
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any, TypeVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.db import in_worker
from startup_toolkit.domain import saved_results as payloads
from startup_toolkit.services import access, saved_results
from startup_toolkit.services.saved_results import SaveOutcome
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private import for_user
from startup_toolkit.state.tool_run import while_ticking  # noqa: F401  (until every page uses ToolRunMixin)

log = logging.getLogger(__name__)

T = TypeVar("T")

SAVE_TOAST_ID = "tool-save-result"
SIGNED_OUT = SaveOutcome(False, payloads.AUTH_REQUIRED, payloads.AUTH_REQUIRED_DETAIL)
SAVE_FAILED = SaveOutcome(False, saved_results.SAVE_FAILED, saved_results.SAVE_FAILED_DETAIL)


class ToolPageState(rx.State):
    """Read by the shared tool layout."""

    @rx.var
    def demo_mode(self) -> bool:
        """True without an AI key: tools show their built-in sample results (read at run
        time on the server, so the built frontend follows the running configuration)."""
        return not get_settings().ai_enabled


async def may_use_tools(user_id: str, *, deny_on_error: bool = True) -> bool:
    """Whether the user may use the AI tools (subscription or open access), checked in a
    worker thread. A database error is logged and counts as 'no'; with
    `deny_on_error=False` it is raised instead, for a caller that reports it as a failure."""
    if not deny_on_error:
        return await in_worker(access.may_use_tools, user_id)
    try:
        return await in_worker(access.may_use_tools, user_id)
    except Exception:  # the database may be unreachable: deny, keep the page
        log.exception("Could not check access to the tools")
        return False


def save_toast(outcome: SaveOutcome) -> EventSpec:
    """'Results saved to your dashboard!' or the reason the save did not happen."""
    if outcome.ok:
        return rx.toast.success(outcome.message, id=SAVE_TOAST_ID)
    if outcome.description:
        return rx.toast.error(outcome.message, description=outcome.description, id=SAVE_TOAST_ID)
    return rx.toast.error(outcome.message, id=SAVE_TOAST_ID)


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
        tool_name,
        title,
        content,
        content_type,
        formatted_content,
        metadata,
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


@dataclass(frozen=True)
class ClaimedRun:
    """What a background run works on: its number, the starter's snapshot and the user."""

    number: int
    snapshot: Any
    user_id: str


async def claim_run(
    state: rx.State,
    *,
    busy: str,
    idle: Any = False,
    pending: str = "_pending_json",
    counter: str = "_run",
) -> ClaimedRun | None:
    """Take the snapshot the sequential starter left in `pending` (once). None when there is
    nothing to run, or when nobody is signed in any more (then the `busy` flag goes back to
    `idle`)."""
    async with state:
        if not getattr(state, busy) or not getattr(state, pending):
            return None
        number: int = getattr(state, counter)
        snapshot = json.loads(getattr(state, pending))
        setattr(state, pending, "")
        user_id = await signed_in_user_id(state)
        if user_id is None:
            if getattr(state, counter) == number:
                setattr(state, busy, idle)
            return None
    return ClaimedRun(number, snapshot, user_id)
