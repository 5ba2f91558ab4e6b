"""The daily AI allowance shown on the profile and every AI tool page (issue 14, item 9).

The bar loads itself when it mounts (`load`), for the signed-in founder only (a visitor sees
nothing), and tells them of a run of theirs that a stopped server interrupted (issue 29);
any page may send `ToolPageState.refresh_allowance` after an AI run to bring it up to date.
The figures are the founder's own: private state. A mixin of `ToolPageState`
(state/tools.py), the state every tool page shares."""

from __future__ import annotations

import dataclasses
import logging

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import allowance as rules
from startup_toolkit.services import ai_usage, run_leases
from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin

log = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class AllowanceView:
    """Today's figures as the bar shows them."""

    level: str = ""
    used: int = 0
    limit: int = 0
    remaining: int = 0
    percent: int = 0
    usage_text: str = ""
    message: str = ""
    resets: str = ""  # "Resets at 00:00 UTC, in 5 h"
    has_bar: bool = False
    bar_color: str = "green"  # the Radix colour of the bar: amber from 80 %, red when spent


def allowance_view(now: rules.Allowance) -> AllowanceView:
    """The view of today's allowance `now`."""
    return AllowanceView(
        level=now.level,
        used=now.used,
        limit=now.limit,
        remaining=now.remaining,
        percent=now.percent,
        usage_text=now.usage_text,
        message=now.message,
        resets=now.reset,
        has_bar=now.has_bar,
        bar_color={rules.WARNING: "amber", rules.SPENT: "red"}.get(now.level, "green"),
    )


class AllowanceMixin(PrivateStateMixin, mixin=True):
    """Today's used and remaining tokens of the signed-in founder."""

    allowance: AllowanceView | None = None  # None for visitors, and until the figures came

    @rx.event
    async def load_allowance(self) -> list[EventSpec]:
        """Read today's figures (on mount), and tell the founder once of each run of theirs
        a stopped server interrupted (issue 29): not charged, to be run again."""
        await self._load_allowance()
        done = await for_user(
            self,
            run_leases.take_interrupted,
            signed_out=None,
            failed=None,
            what="Reading interrupted AI runs",
        )
        return [interrupted_toast(run) for run in (done.value or [])[:3]]

    @rx.event
    async def refresh_allowance(self) -> None:
        """Bring the figures up to date (after an AI run)."""
        await self._load_allowance()

    async def _load_allowance(self) -> None:
        """A visitor, or a database that fails, shows none."""
        now = await todays_allowance(self)
        self.allowance = None if now is None else allowance_view(now)

    def _show_allowance(self, now: rules.Allowance) -> None:
        self.allowance = allowance_view(now)


#: How long the notice of an interrupted run stays (its Retry button with it).
INTERRUPTED_TOAST_MS = 60_000


def interrupted_toast(run: run_leases.InterruptedRun) -> EventSpec:
    """The notice of an interrupted run: with a Retry button opening the tool with the
    founder's inputs back in the form when the run can be run again."""
    if not run.retry_path:
        return toasts.error(run_leases.INTERRUPTED_TITLE, description=run.message)
    return toasts.with_action(
        "error",
        run_leases.INTERRUPTED_TITLE,
        run_leases.RETRY_LABEL,
        rx.redirect(run.retry_path),
        description=run.message,
        duration=INTERRUPTED_TOAST_MS,
    )


async def todays_allowance(state: rx.State) -> rules.Allowance | None:
    """The signed-in founder's figures for today (None: a visitor, or the database failed)."""
    done = await for_user(
        state,
        ai_usage.todays_allowance,
        signed_out=None,
        failed=None,
        what="Reading the AI allowance",
    )
    return done.value if done.ok else None
