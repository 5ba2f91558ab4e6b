"""The Startup Oracle's AI Generate panel and the dialog with what it generated (T-ORA-4):
ready-to-use material for the founder's details, one generation at a time through `run_tool`
in a background task; any failure says so in a toast and opens nothing."""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import oracle as rules
from startup_toolkit.domain import oracle_content as content_rules
from startup_toolkit.domain.tools.oracle import ContentForm, content_run
from startup_toolkit.pages.oracle.state import OracleState
from startup_toolkit.services.tool_runs import run_tool
from startup_toolkit.state import toasts
from startup_toolkit.state.tool_outcome import finish_run, notice_toast, signed_out_toast
from startup_toolkit.state.tool_run import ToolRunMixin

CONTENT_TOAST_ID = "oracle-content"


@dataclasses.dataclass
class GeneratedView:
    """What was generated, shown in its dialog (open while there is one)."""

    kind: str = ""
    title: str = ""
    text: str = ""


class OracleContentState(ToolRunMixin, rx.State):
    """The AI Generate buttons (`running` while one generates) and the dialog showing what
    was generated (T-ORA-4)."""

    content: GeneratedView | None = None  # None: the dialog is closed
    _asked: str = ""  # the kind being generated: its button shows a spinner

    @rx.var
    def generating(self) -> str:
        """The kind whose button shows a spinner; '' when idle."""
        return self._asked if self.running else ""

    @rx.event
    async def generate_content(self, kind: str) -> EventSpec | None:
        """A content button. A sequential handler, so it reads every field typed before the
        click; the AI work runs in `run_content` on what it takes here."""
        content = content_rules.CONTENT_BY_KIND.get(kind) if isinstance(kind, str) else None
        if content is None or self.running:
            return None
        oracle = await self.get_state(OracleState)
        data, errors = rules.validate(oracle.form)
        if data is None:
            oracle.errors = errors
            return toasts.error(rules.input_problem(errors)[0], id=CONTENT_TOAST_ID)
        if (
            signed_out := await signed_out_toast(self, rules.SIGN_IN_DETAIL, CONTENT_TOAST_ID)
        ) is not None:
            return signed_out
        self._start_run(ContentForm(content, data))
        self._asked = kind
        return OracleContentState.run_content

    @rx.event(background=True)
    async def run_content(self) -> AsyncIterator[EventSpec]:
        """The generation itself; does nothing unless `generate_content` has just started one."""
        run = await self._claim_run()
        if run is None:
            return
        form: ContentForm = run.form
        outcome = await run_tool(run.user_id, content_run(form))
        text = outcome.result or ""
        if not await finish_run(self, run, lambda: self._open(form.content, text)):
            return
        if not text:
            notice = outcome.notice or content_rules.run_texts(form.content).failed
            yield notice_toast(notice, id=CONTENT_TOAST_ID)

    def _open(self, content: content_rules.ContentKind, text: str) -> None:
        """The dialog with the generated `text` (nothing for none)."""
        if text:
            self.content = GeneratedView(content.kind, content.title, text)

    @rx.event
    def set_dialog_open(self, value: bool) -> None:
        if not value:
            self.content = None

    @rx.event
    def close(self) -> None:
        self.content = None

    @rx.event
    def copy(self) -> list[EventSpec] | None:
        if self.content is None:
            return None
        return [
            rx.set_clipboard(self.content.text),
            toasts.success("Copied to clipboard", id=CONTENT_TOAST_ID),
        ]

    @rx.event
    def download(self) -> EventSpec:
        shown = self.content
        if shown is None or not shown.text:
            return toasts.error("No content available to download", id=CONTENT_TOAST_ID)
        return rx.download(
            data=shown.text,
            filename=content_rules.content_filename(shown.title, shown.kind),
            mime_type=content_rules.content_mime(shown.kind),
        )


async def reopen_content(oracle: OracleState, kind: Any, text: Any) -> bool:
    """A kept generation of `kind` shown again in the dialog (False: not one to show)."""
    content = content_rules.CONTENT_BY_KIND.get(kind) if isinstance(kind, str) else None
    if content is None or not isinstance(text, str) or not text.strip():
        return False
    state = await oracle.get_state(OracleContentState)
    state._drop_run()
    state._open(content, text)
    return True
