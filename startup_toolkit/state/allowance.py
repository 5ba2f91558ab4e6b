"""The daily AI allowance shown on the profile and every AI tool page (issue 14, item 9).

The bar loads itself when it mounts (`load`), for the signed-in founder only (a visitor sees
nothing), and any page may send `AllowanceState.refresh` after an AI run to bring it up to
date. The figures are the founder's own: private state."""

from __future__ import annotations

import logging

import reflex as rx

from startup_toolkit.domain import allowance as rules
from startup_toolkit.services import ai_usage
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin

log = logging.getLogger(__name__)


class AllowanceState(PrivateStateMixin, rx.State):
    """Today's used and remaining tokens of the signed-in founder."""

    shown: bool = False  # False for visitors, and until the figures came
    level: str = ""
    used: int = 0
    limit: int = 0
    remaining: int = 0
    percent: int = 0
    usage_text: str = ""
    message: str = ""
    resets: str = ""  # "Resets at 00:00 UTC, in 5 h"

    @rx.var
    def has_bar(self) -> bool:
        return self.level in (rules.OK, rules.WARNING, rules.SPENT)

    @rx.var
    def bar_color(self) -> str:
        """The Radix colour of the bar: green, amber from 80 %, red when spent."""
        return {rules.WARNING: "amber", rules.SPENT: "red"}.get(self.level, "green")

    @rx.event
    async def load(self) -> None:
        """Read today's figures (on mount)."""
        await self._load()

    @rx.event
    async def refresh(self) -> None:
        """Bring the figures up to date (after an AI run)."""
        await self._load()

    async def _load(self) -> None:
        """A visitor, or a database that fails, shows none."""
        now = await todays_allowance(self)
        if now is None:
            self._hide()
            return
        self._show(now)

    def _hide(self) -> None:
        self.shown = False
        self.level = self.usage_text = self.message = self.resets = ""
        self.used = self.limit = self.remaining = self.percent = 0

    def _show(self, now: rules.Allowance) -> None:
        self.level = now.level
        self.used, self.limit = now.used, now.limit
        self.remaining, self.percent = now.remaining, now.percent
        self.usage_text, self.message, self.resets = now.usage_text, now.message, now.reset
        self.shown = True


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
