"""The AI Co-Founder chat's State: one tab's conversation, its streamed reply, voice input,
saving and downloading (T-CHAT-1..3, T-AI-5).

A reply streams in a background task that runs the tool (`run_tool` with the chat's turns and
a callback collecting the deltas); the handler pushes what came at most every 50 ms. Stop and
Clear cancel that task through the per-process registry `_STREAMS`, which closes the AI stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import cofounder as chat
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.tools.cofounder import KEY, TOOL_NAME, ChatTurn, reply_run
from startup_toolkit.pages.cofounder.idea_state import IdeaContextMixin
from startup_toolkit.services.tool_runs import Notice, RunStatus, ToolOutcome, run_tool
from startup_toolkit.state import toasts
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private_state import PrivateStateMixin
from startup_toolkit.state.reopen import ReopenMixin
from startup_toolkit.state.speech import SpeechInputMixin
from startup_toolkit.state.tabs import TabsMixin
from startup_toolkit.state.tools import ToolPageState, save_tool_result

log = logging.getLogger(__name__)

TOAST_ID = "cofounder"
INPUT_ID = "cofounder-message"
LOG_ID = "cofounder-chat-log"
CHAT_TAB = "chat"
EXAMPLES_TAB = "examples"
TABS = (CHAT_TAB, EXAMPLES_TAB)

#: Replies being read in this process, by tab token: (stream number, the task reading it).
#: A tab's events (and its background tasks) stay on the worker its websocket is on.
_STREAMS: dict[str, tuple[int, asyncio.Task[ToolOutcome[str]]]] = {}


def _toast_error(title: str, description: str) -> EventSpec:
    return toasts.error(title, description=description, id=TOAST_ID)


@dataclass
class _Reply:
    """The reply as `run_tool` hands it over: whether the run went ahead (and with the sample),
    and the deltas, of which the handler pushes what it has not sent yet."""

    started: asyncio.Event = field(default_factory=asyncio.Event)
    sample: bool = False
    parts: list[str] = field(default_factory=list)
    size: int = 0
    sent: int = 0

    def start(self, status: RunStatus) -> None:
        self.sample = status is RunStatus.SAMPLE
        self.started.set()

    def add(self, delta: str) -> bool:
        """Keep `delta`; False (stop the stream) once the reply is as long as it may be."""
        if isinstance(delta, str) and delta:
            self.parts.append(delta)
            self.size += len(delta)
        return self.size < chat.MAX_REPLY_CHARS

    def unsent(self) -> str:
        """What came since the last call (and marks it as sent)."""
        chunk = "".join(self.parts[self.sent :])
        self.sent = len(self.parts)
        return chunk


@dataclass(frozen=True)
class Stream:
    """The reply streaming in: its text so far as shown (links as in `shown_messages`), and
    whether it is the sample."""

    text: str = ""
    sample: bool = False


@dataclass(frozen=True)
class _Ask:
    """A message on its way: the run reading the reply, its stream number and its tab."""

    text: str
    seq: int
    token: str
    reply: _Reply
    task: asyncio.Task[ToolOutcome[str]]


def _ending(task: asyncio.Task[ToolOutcome[str]]) -> tuple[str, Notice | None]:
    """How the run ended: (message status, what to tell or None)."""
    if task.cancelled():
        return chat.STOPPED, None
    exc = task.exception()
    if exc is not None:  # run_tool says why instead of raising: this is a bug, keep the page
        log.error("AI Co-Founder reply failed", exc_info=exc)
        return chat.INTERRUPTED, chat.RUN_TEXTS.failed
    outcome = task.result()
    if not outcome.ok:
        return chat.INTERRUPTED, outcome.notice
    if not outcome.complete:
        return chat.INTERRUPTED, None
    return (chat.SAMPLE if outcome.sample else chat.COMPLETE), None


async def _settle(ask: _Ask) -> None:
    """The run is over or abandoned: cancel it if need be (closing the AI stream), wait for
    it, and take it out of the registry."""
    if not ask.task.done():
        ask.task.cancel()
    with contextlib.suppress(BaseException):
        await ask.task
    if ask.token and _STREAMS.get(ask.token, (None,))[0] == ask.seq:
        del _STREAMS[ask.token]


class CofounderState(
    IdeaContextMixin, ReopenMixin, PrivateStateMixin, SpeechInputMixin, TabsMixin, rx.State
):
    """One tab's conversation; it lasts while the page is open, or reopens from a kept or
    saved one (`?run=ID`, `?result=ID`) to go on with."""

    reopen_tools: ClassVar[frozenset[str]] = frozenset({KEY})

    draft: str = ""
    tab_values: ClassVar[frozenset[str]] = frozenset(TABS)
    private_run_counters: ClassVar[tuple[str, ...]] = ("_stream_seq",)
    tab: str = CHAT_TAB
    stream: Stream | None = None  # None while no reply is streaming
    _stream_text: str = ""  # the streaming reply as it came (the page shows `stream.text`)
    _stream_seq: int = 0
    _stop_requested: bool = False

    @rx.var
    def shown_messages(self) -> list[dict[str, str]]:
        """The conversation as shown: a reply's links only to pages read (issue 27, item 8)."""
        return chat.shown_messages(self._messages)

    # --- input, tabs, examples -----------------------------------------------------------

    @rx.event
    def set_draft(self, value: str) -> None:
        self.draft = chat.clip_draft(value)

    @rx.event
    def show_examples(self) -> None:
        self.tab = EXAMPLES_TAB

    @rx.event
    def return_to_chat(self) -> None:
        self.tab = CHAT_TAB

    @rx.event
    def use_example(self, index: int) -> EventSpec | None:
        """Fill the input with example prompt `index` and go back to the chat (T-CHAT-1)."""
        if not isinstance(index, int) or isinstance(index, bool):
            return None
        if not 0 <= index < len(chat.EXAMPLES):
            return None
        self.draft = chat.EXAMPLES[index].prompt
        self.tab = CHAT_TAB
        return rx.call_script(_focus_input_js())

    # --- sending and streaming (T-CHAT-1, T-CHAT-2) ------------------------------------------

    @rx.event(background=True)
    async def send(self, form_data: dict[str, Any] | None = None) -> AsyncIterator[Any]:
        """Send the typed message and stream the reply; while a reply streams, a second send
        starts nothing."""
        typed = form_data.get("message") if isinstance(form_data, dict) else None
        async with self:
            ask = await self._ask(typed)
        if not isinstance(ask, _Ask):
            if ask is not None:
                yield ask
            return
        try:
            if await self._open(ask):
                yield rx.call_script(_scroll_log_js())
                await self._pump(ask)
        finally:
            await _settle(ask)
        notice = await self._close(ask)
        if notice is not None:
            yield _toast_error(notice.title, notice.detail)
        yield ToolPageState.refresh_allowance

    async def _ask(self, typed: Any) -> _Ask | EventSpec | None:
        """Under the lock: check the message and the sign-in, and start the run (it checks
        access first; the message joins the chat once the run goes ahead)."""
        if self.stream is not None or self._running() is not None:
            return None
        text, problem = chat.validate_message(typed if typed is not None else self.draft)
        if problem is not None:
            return _toast_error(*problem)
        user_id = await signed_in_user_id(self)
        if user_id is None:
            return _toast_error(chat.SIGN_IN_REQUIRED, chat.SIGN_IN_REQUIRED_DETAIL)
        self._stream_seq += 1
        history = chat.history([*self._messages, chat.message("user", text)])
        system = await self._system_prompt(user_id)
        reply = _Reply()
        run = run_tool(
            user_id, reply_run(ChatTurn(history, system)), on_text=reply.add, on_start=reply.start
        )
        token = self.router.session.client_token
        ask = _Ask(text, self._stream_seq, token, reply, asyncio.create_task(run))
        if ask.token:
            _STREAMS[ask.token] = (ask.seq, ask.task)
        return ask

    async def _open(self, ask: _Ask) -> bool:
        """Wait until the run goes ahead (or ends without going ahead: no access), then put
        the message in the chat and show the reply coming. False: nothing to stream."""
        waiter = asyncio.ensure_future(ask.reply.started.wait())
        try:
            await asyncio.wait({ask.task, waiter}, return_when=asyncio.FIRST_COMPLETED)
        finally:
            waiter.cancel()
        if not ask.reply.started.is_set():
            return False
        async with self:
            if self._stream_seq != ask.seq:
                return False  # cleared meanwhile
            self._messages = chat.cap_messages([*self._messages, chat.message("user", ask.text)])
            self.draft = ""
            self._stream_text = ""
            self.stream = Stream(sample=ask.reply.sample)
            self._stop_requested = False
        return True

    async def _pump(self, ask: _Ask) -> None:
        """Push the reply's new text at most every `FLUSH_SECONDS` until the run ends (the
        last text goes out with the finished message); cleared or stopped: cancel it."""
        while True:
            await asyncio.wait({ask.task}, timeout=chat.FLUSH_SECONDS)
            if ask.task.done():
                return
            chunk = ask.reply.unsent()
            if not chunk:
                continue
            async with self:
                halt = self._stream_seq != ask.seq or self._stop_requested
                if not halt and self.stream is not None:
                    self._stream_text += chunk
                    shown = chat.shown_reply(self._stream_text)
                    self.stream = Stream(shown, self.stream.sample)
            if halt:
                ask.task.cancel()
                return

    async def _close(self, ask: _Ask) -> Notice | None:
        """Add the reply as it ended (complete, sample, stopped or interrupted) and say why
        it has none when the run failed or never went ahead."""
        status, notice = _ending(ask.task)
        if not ask.reply.started.is_set():
            return notice
        async with self:
            if self._stream_seq != ask.seq:
                return None  # the chat was cleared: nothing to add
            reply = (self._stream_text + ask.reply.unsent())[: chat.MAX_REPLY_CHARS]
            if self._stop_requested:
                status, notice = chat.STOPPED, None
            if reply.strip():
                self._messages = chat.cap_messages(
                    [*self._messages, chat.message("assistant", reply, status)]
                )
            self._end_stream()
        return notice

    def _running(self) -> asyncio.Task[ToolOutcome[str]] | None:
        """This tab's current run in this process, while it is not over."""
        running = _STREAMS.get(self.router.session.client_token)
        if running is None or running[0] != self._stream_seq or running[1].done():
            return None
        return running[1]

    def _end_stream(self) -> None:
        self.stream = None
        self._stream_text = ""
        self._stop_requested = False

    @rx.event
    def stop(self) -> None:
        """Stop the reply that is streaming (closes the AI stream)."""
        if self.stream is None:
            return
        self._stop_requested = True
        running = self._running()
        if running is not None:
            running.cancel()

    @rx.event
    def clear_chat(self) -> EventSpec | list[EventSpec]:
        """Empty the conversation (and stop a streaming reply): toast 'Chat cleared'. A
        conversation with an exchange not kept yet is then kept as a run."""
        running = self._running()
        if running is not None:
            running.cancel()
        self._stream_seq += 1
        keep = self._stash_for_keeping()
        self._messages = []
        self._end_stream()
        self._forget_reopened()
        self._unpin_idea()
        cleared = toasts.success(chat.CHAT_CLEARED, id=TOAST_ID)
        return [cleared, CofounderState.keep_cleared] if keep else cleared

    def _reopen(
        self, tool: str, inputs: dict[str, Any], result: Any, sample: bool, created_at: datetime
    ) -> bool:
        """A kept or saved conversation back on screen, to go on with (it is kept already:
        only what follows is kept again)."""
        messages = chat.saved_messages(
            result.get("messages", []) if isinstance(result, dict) else []
        )
        if not messages:
            return False
        self._reopen_clear()
        self._messages = chat.cap_messages(
            [chat.message(m["role"], m["content"]) for m in messages]
        )
        self._kept_upto = len(self._messages)
        return True

    def _restore_form(self, tool: str, inputs: dict[str, Any]) -> bool:
        """An interrupted reply's message back in the input, to send again (issue 29)."""
        message = inputs.get("message")
        if not isinstance(message, str) or not message.strip():
            return False
        self.draft, self.tab = chat.clip_draft(message), CHAT_TAB
        return True

    def _reopen_clear(self) -> None:
        running = self._running()
        if running is not None:
            running.cancel()
        self._stream_seq += 1
        self._messages = []
        self._end_stream()
        self._unpin_idea()

    @rx.event
    def recover(self) -> None:
        """on_load: a reply whose task no longer runs (server restart) is closed as
        interrupted, so the chat does not stay stuck in 'replying'."""
        if self.stream is None or self._running() is not None:
            return
        self._stream_seq += 1
        if self._stream_text.strip():
            self._messages = chat.cap_messages(
                [*self._messages, chat.message("assistant", self._stream_text, chat.INTERRUPTED)]
            )
        self._end_stream()

    # --- saving (T-AI-5) ---------------------------------------------------------------------

    @rx.event
    async def save(self) -> EventSpec:
        """Save the conversation (messages + messageCount) to the user's dashboard."""
        if self.stream is not None:
            return toasts.info(
                chat.WAIT_FOR_REPLY, description=chat.WAIT_FOR_REPLY_DETAIL, id=TOAST_ID
            )
        messages = chat.saved_messages(self._messages)
        if not messages:
            return toasts.info(
                chat.NOTHING_TO_SAVE, description=chat.NOTHING_TO_SAVE_DETAIL, id=TOAST_ID
            )
        await self._keep_now()
        return await save_tool_result(
            self,
            tool_name=TOOL_NAME,
            title=chat.save_title(len(messages)),
            content={"messages": messages},
            content_type="chat",
        )

    @rx.event
    def download(self) -> EventSpec:
        """The conversation as a Markdown file, built in the browser."""
        if self.stream is not None:
            return toasts.info(
                chat.WAIT_FOR_REPLY, description=chat.WAIT_FOR_DOWNLOAD_DETAIL, id=TOAST_ID
            )
        if not chat.saved_messages(self._messages):
            return toasts.info(
                chat.NOTHING_TO_DOWNLOAD, description=chat.NOTHING_TO_SAVE_DETAIL, id=TOAST_ID
            )
        now = utcnow()
        return rx.download(
            data=chat.chat_markdown(self._messages, now),
            filename=chat.chat_filename(now),
            mime_type="text/markdown",
        )

    # --- voice input (T-CHAT-3) --------------------------------------------------------------

    def _heard(self, text: str) -> None:
        """What was heard joins the input, and the chat tab shows it."""
        self.draft = chat.join_transcript(self.draft, text)
        self.tab = CHAT_TAB

    def _type_instead(self) -> str:
        return chat.TYPE_INSTEAD


# --- Browser scripts -----------------------------------------------------------------------


def _scroll_log_js() -> str:
    """Show the newest message (sending always jumps to the bottom of the chat window)."""
    return (
        f"(() => {{ const log = document.getElementById({json.dumps(LOG_ID)});"
        " if (log) log.scrollTop = log.scrollHeight; })()"
    )


def _focus_input_js() -> str:
    """Focus the input once the chat tab is back, caret at the end."""
    return (
        "window.setTimeout(() => {"
        f" const el = document.getElementById({json.dumps(INPUT_ID)});"
        " if (el) { el.focus(); const n = el.value.length; el.setSelectionRange(n, n); }"
        " }, 60)"
    )
