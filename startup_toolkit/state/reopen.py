"""Reopening a kept run (`?run=ID`) or a saved result (`?result=ID`) in its tool page, as a
Reflex mixin.

The page lists `reopen` in its on_load (after the access guard) and implements the hook

    def _reopen(self, tool, inputs, result, sample, created_at) -> bool

which shows `result` as if just run, with `inputs` back in the form (False: this page cannot
show it; it may also be async). `sample` means not the AI's answer; a page whose tool has a
stand-in asks `_reopened_origin()` (`domain/run_origin.Origin`) to tell demo mode's sample
from the stand-in shown after the AI reply could not be used (issue 28). `_reopen_clear`
clears the page's result. The mixin reads the address, loads the founder's row in a worker
thread (scoped by the session's user), accepts only the page's own tools (`reopen_tools`),
and keeps the kept run's id (`_run_id`) so Save Results names the run it saves
(`_with_run_id`). Another founder's id, an unknown one, a bad
one or a run of another tool: the toast 'That result was not found' and the page's empty form.

Retry of a run a stopped server interrupted (`?retry=<lease id>`, issue 29): the page's hook

    def _restore_form(self, tool, inputs) -> bool

puts the run's `inputs` back in the empty form, ready to run again (False: it cannot read
them). The lease is taken once, the founder's own and of one of the page's tools; otherwise
the toast 'That interrupted run was not found' and the page's empty form.
"""

from __future__ import annotations

import dataclasses
import inspect
from datetime import datetime
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import reopen as rules
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.services import reopen as service
from startup_toolkit.services import run_leases
from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin
from startup_toolkit.state.tool_run import ToolRunMixin

REOPEN_TOAST_ID = "reopen-status"


def not_found_toast() -> EventSpec:
    return toasts.error(rules.NOT_FOUND, id=REOPEN_TOAST_ID)


def retry_not_found_toast() -> EventSpec:
    return toasts.error(
        rules.RETRY_NOT_FOUND, description=rules.RETRY_NOT_FOUND_DETAIL, id=REOPEN_TOAST_ID
    )


@dataclasses.dataclass(frozen=True)
class ReopenedNote:
    """What the note over a reopened result says: when it was made, and if it was not the
    AI's answer, what it is (`note`: demo mode's sample, or the tool's stand-in)."""

    at: str  # ISO time of the reopened run or result
    sample: bool = False
    note: str = ""  # after the date, e.g. " (a sample result, made in demo mode)"


class ReopenMixin(PrivateStateMixin, mixin=True):
    """`reopen` (on_load), `reopened` for the note, `_run_id`."""

    #: The kept runs' tool keys this page shows (`domain/workspace`).
    reopen_tools: ClassVar[frozenset[str]] = frozenset()

    reopened: ReopenedNote | None = None  # None: the result on screen was not reopened
    _run_id: int | None = None  # the kept run of the result on screen
    #: How the result being reopened was made (`Origin`), for the page's `_reopen` hook.
    _reopen_origin: str = Origin.AI.value

    @rx.event
    async def reopen(self) -> EventSpec | None:
        """on_load: the run or saved result named in the address, if any."""
        params = self.router.url.query_parameters
        if rules.RETRY_PARAM in params:
            return await self._retry(params.get(rules.RETRY_PARAM, ""))
        kind = next((k for k in (rules.RUN_PARAM, rules.RESULT_PARAM) if k in params), None)
        if kind is None:
            return None
        done = await for_user(
            self,
            service.reopen,
            kind,
            params.get(kind, ""),
            signed_out=None,  # the page's guard sends a visitor to sign in
            failed=not_found_toast(),
            what="Reopening a result",
        )
        if not done.ok:
            return done.toast
        found = done.value
        self._stop_run_under_way()
        if found is None or found.tool not in self.reopen_tools:
            return self._not_reopened()
        self._reopen_origin = found.origin.value
        try:
            shown = self._reopen(
                found.tool,
                dict(found.inputs),
                found.result,
                found.sample,
                found.created_at,
            )
            if inspect.isawaitable(shown):
                shown = await shown
        except (ValueError, TypeError, KeyError):  # a stored result the page cannot read
            shown = False
        if not shown:
            return self._not_reopened()
        self._run_id = found.run_id
        self.reopened = ReopenedNote(rules.iso_utc(found.created_at), found.sample, found.note)
        self._reopened_idea(found.idea_id, found.idea_title)
        return None

    async def _retry(self, lease_id: str) -> EventSpec | None:
        """The interrupted run `lease_id`'s inputs back in the empty form, once."""
        done = await for_user(
            self,
            run_leases.take_retry,
            lease_id,
            self.reopen_tools,
            signed_out=None,  # the page's guard sends a visitor to sign in
            failed=retry_not_found_toast(),
            what="Restoring an interrupted run",
        )
        self._stop_run_under_way()
        self._reopen_clear()
        self._forget_reopened()
        if not done.ok:
            return done.toast  # signed out: none (the guard), else 'not found'
        found = done.value
        if found is None:
            return retry_not_found_toast()
        try:
            shown = self._restore_form(found.tool, dict(found.inputs))
        except (ValueError, TypeError, KeyError):  # stored inputs the page cannot read
            shown = False
        if not shown:
            self._reopen_clear()
            return retry_not_found_toast()
        detail = rules.RETRY_READY_DETAIL.format(tool=found.name or "AI")
        return toasts.success(rules.RETRY_READY, description=detail, id=REOPEN_TOAST_ID)

    def _stop_run_under_way(self) -> None:
        """A run under way would overwrite what is reopened or restored: it is dropped."""
        if isinstance(self, ToolRunMixin):
            self._drop_run()

    def _not_reopened(self) -> EventSpec:
        self._reopen_clear()
        self._forget_reopened()
        return not_found_toast()

    def _forget_reopened(self) -> None:
        """No reopened result on screen any more (a new run, a cleared page)."""
        self.reopened = None
        self._run_id = None

    def _reopened_origin(self) -> Origin:
        """In the `_reopen` hook: how the result being reopened was made."""
        return Origin(self._reopen_origin)

    def _with_run_id(self, metadata: dict[str, Any]) -> dict[str, Any]:
        """A save's metadata naming the kept run of the result on screen."""
        return rules.with_run_id(metadata, self._run_id)

    # -- the page's hooks --------------------------------------------------------------------

    def _reopen(
        self, tool: str, inputs: dict[str, Any], result: Any, sample: bool, created_at: datetime
    ) -> Any:
        """Show `result` with `inputs` in the form; False when this page cannot show it."""
        raise NotImplementedError

    def _reopen_clear(self) -> None:
        """The page's empty form: no result on screen."""
        raise NotImplementedError

    def _restore_form(self, tool: str, inputs: dict[str, Any]) -> bool:
        """Put an interrupted run's `inputs` back in the empty form, ready to run again;
        False when this page cannot read them."""
        return False

    def _reopened_idea(self, idea_id: int | None, title: str) -> None:
        """The reopened run's idea: the idea picker (`IdeaChoiceMixin`) selects it, the
        Co-Founder goes on with it (`IdeaContextMixin`)."""
        select = getattr(self, "_select_idea", None)
        if select is not None:
            select(idea_id, title)
