"""/ai-cofounder: the AI Co-Founder chat (T-CHAT-1..3, T-AI-5).

Tabs 'Chat Interface' and 'Example Prompts'; a 400 px chat window that follows the newest
message; Enter sends and Shift+Enter adds a line (client side, `enter_key_submit`); replies
stream token by token from the AI service in a background task that pushes the text at most
every 50 ms; Stop closes the stream. Voice input uses the browser's Web Speech API through
`rx.call_script` with a callback. Without an AI key the built-in sample reply streams instead,
labelled 'Sample reply (demo mode)'.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.markdown import safe_markdown
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import tool_page
from startup_toolkit.db import run_in_session
from startup_toolkit.domain import cofounder as chat
from startup_toolkit.domain.catalog import AI_COFOUNDER
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.prompts import cofounder as prompt
from startup_toolkit.services import access, ai
from startup_toolkit.state.auth import AuthState, signed_in_user_id
from startup_toolkit.state.tools import save_tool_result

log = logging.getLogger(__name__)

TOOL_NAME = AI_COFOUNDER.name
TOAST_ID = "cofounder"
INPUT_ID = "cofounder-message"
LOG_ID = "cofounder-chat-log"
CHAT_TAB = "chat"
EXAMPLES_TAB = "examples"
TABS = (CHAT_TAB, EXAMPLES_TAB)

#: Streams running in this process, by tab token: (stream number, the task reading it).
#: A tab's events (and its background tasks) stay on the worker its websocket is on.
_STREAMS: dict[str, tuple[int, asyncio.Task[None]]] = {}


def _toast_error(title: str, description: str) -> EventSpec:
    return rx.toast.error(title, description=description, id=TOAST_ID)


async def _sample_stream() -> AsyncIterator[str]:
    """Demo mode: the sample reply, word by word."""
    for piece in chat.sample_chunks():
        await asyncio.sleep(chat.SAMPLE_WORD_SECONDS)
        yield piece


async def _read(source: AsyncIterator[str], parts: list[str]) -> None:
    """Collect the stream's deltas in `parts` (one task owns the stream from start to end,
    so cancelling it closes the HTTP stream)."""
    try:
        async for delta in source:
            if isinstance(delta, str) and delta:
                parts.append(delta)
                if sum(map(len, parts)) >= chat.MAX_REPLY_CHARS:
                    raise _ReplyTooLong
    finally:
        aclose = getattr(source, "aclose", None)
        if aclose is not None:
            await aclose()


class _ReplyTooLong(Exception):
    """The reply reached `MAX_REPLY_CHARS`: keep what came, mark it interrupted."""


class CofounderState(rx.State):
    """One tab's conversation; it lasts while the page is open."""

    messages: list[dict[str, str]] = []
    draft: str = ""
    tab: str = CHAT_TAB
    streaming: bool = False
    stream_text: str = ""
    stream_sample: bool = False
    listening: bool = False
    _stream_seq: int = 0
    _stop_requested: bool = False

    @rx.var
    def has_messages(self) -> bool:
        return any(m.get("content", "").strip() for m in self.messages)

    @rx.var
    def message_count(self) -> int:
        return len(self.messages)

    @rx.var
    def draft_length(self) -> int:
        return len(self.draft)

    # --- input, tabs, examples -----------------------------------------------------------

    @rx.event
    def set_draft(self, value: str) -> None:
        self.draft = chat.clip_draft(value)

    @rx.event
    def set_tab(self, value: str) -> None:
        if value in TABS:
            self.tab = value

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
            if self.streaming:
                return
            text, problem = chat.validate_message(typed if typed is not None else self.draft)
            if problem is None:
                user_id = await signed_in_user_id(self)
                token = self.router.session.client_token
        if problem is not None:
            yield _toast_error(*problem)
            return
        denied = await _denied(user_id)
        if denied is not None:
            yield _toast_error(*denied)
            return
        demo = not ai.ai_available()
        async with self:
            if self.streaming:
                return
            self.messages = chat.cap_messages([*self.messages, chat.message("user", text)])
            self.draft = ""
            self.streaming = True
            self.stream_text = ""
            self.stream_sample = demo
            self._stop_requested = False
            self._stream_seq += 1
            seq = self._stream_seq
            history = chat.history(self.messages)
        yield rx.call_script(_scroll_log_js())

        source = (
            _sample_stream() if demo else ai.stream_chat(user_id, TOOL_NAME, prompt.SYSTEM, history)
        )
        parts: list[str] = []
        reader = asyncio.create_task(_read(source, parts))
        if token:
            _STREAMS[token] = (seq, reader)
        sent = 0
        try:
            while True:
                await asyncio.wait({reader}, timeout=chat.FLUSH_SECONDS)
                if reader.done():
                    break  # the last text goes out with the finished message
                if len(parts) == sent:
                    continue
                chunk = "".join(parts[sent:])
                sent = len(parts)
                async with self:
                    halt = self._stream_seq != seq or self._stop_requested
                    if not halt:
                        self.stream_text += chunk
                if halt:  # cleared, stopped, or superseded meanwhile
                    reader.cancel()
                    break
        finally:
            if not reader.done():
                reader.cancel()
            with contextlib.suppress(BaseException):
                await reader
            if token and _STREAMS.get(token, (None,))[0] == seq:
                del _STREAMS[token]

        outcome, notice = _outcome(reader)
        async with self:
            if self._stream_seq != seq:
                return  # the chat was cleared: nothing to add
            reply = (self.stream_text + "".join(parts[sent:]))[: chat.MAX_REPLY_CHARS]
            if self._stop_requested:
                outcome, notice = chat.STOPPED, None
            elif demo and outcome == chat.COMPLETE:
                outcome = chat.SAMPLE
            if reply.strip():
                self.messages = chat.cap_messages(
                    [*self.messages, chat.message("assistant", reply, outcome)]
                )
            self.streaming = False
            self.stream_text = ""
            self.stream_sample = False
            self._stop_requested = False
        if notice is not None:
            yield notice

    @rx.event
    def stop(self) -> None:
        """Stop the reply that is streaming (closes the AI stream)."""
        if not self.streaming:
            return
        self._stop_requested = True
        running = _STREAMS.get(self.router.session.client_token)
        if running is not None and running[0] == self._stream_seq:
            running[1].cancel()

    @rx.event
    def clear_chat(self) -> EventSpec:
        """Empty the conversation (and stop a streaming reply): toast 'Chat cleared'."""
        running = _STREAMS.get(self.router.session.client_token)
        if running is not None and running[0] == self._stream_seq:
            running[1].cancel()
        self._stream_seq += 1
        self._stop_requested = False
        self.messages = []
        self.streaming = False
        self.stream_text = ""
        self.stream_sample = False
        return rx.toast.success(chat.CHAT_CLEARED, id=TOAST_ID)

    @rx.event
    def recover(self) -> None:
        """on_load: a reply whose task no longer runs (server restart) is closed as
        interrupted, so the chat does not stay stuck in 'replying'."""
        if not self.streaming:
            return
        running = _STREAMS.get(self.router.session.client_token)
        if running is not None and running[0] == self._stream_seq:
            return
        self._stream_seq += 1
        if self.stream_text.strip():
            self.messages = chat.cap_messages(
                [*self.messages, chat.message("assistant", self.stream_text, chat.INTERRUPTED)]
            )
        self.streaming = False
        self.stream_text = ""
        self.stream_sample = False
        self._stop_requested = False

    # --- saving (T-AI-5) ---------------------------------------------------------------------

    @rx.event
    async def save(self) -> EventSpec:
        """Save the conversation (messages + messageCount) to the user's dashboard."""
        if self.streaming:
            return rx.toast.info(
                chat.WAIT_FOR_REPLY, description=chat.WAIT_FOR_REPLY_DETAIL, id=TOAST_ID
            )
        messages = chat.saved_messages(self.messages)
        if not messages:
            return rx.toast.info(
                chat.NOTHING_TO_SAVE, description=chat.NOTHING_TO_SAVE_DETAIL, id=TOAST_ID
            )
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
        if self.streaming:
            return rx.toast.info(
                chat.WAIT_FOR_REPLY, description=chat.WAIT_FOR_DOWNLOAD_DETAIL, id=TOAST_ID
            )
        if not chat.saved_messages(self.messages):
            return rx.toast.info(
                chat.NOTHING_TO_DOWNLOAD, description=chat.NOTHING_TO_SAVE_DETAIL, id=TOAST_ID
            )
        now = utcnow()
        return rx.download(
            data=chat.chat_markdown(self.messages, now),
            filename=chat.chat_filename(now),
            mime_type="text/markdown",
        )

    # --- voice input (T-CHAT-3) --------------------------------------------------------------

    @rx.event
    def toggle_speech(self) -> EventSpec:
        """Start listening (the browser's Web Speech API), or stop when already listening."""
        if self.listening:
            self.listening = False
            return rx.call_script(SPEECH_STOP_JS)
        self.listening = True
        return rx.call_script(SPEECH_JS, callback=CofounderState.speech_result)

    @rx.event
    def speech_result(self, result: Any) -> EventSpec | None:
        """What the browser heard (or why it could not listen)."""
        self.listening = False
        if not isinstance(result, dict):
            return None
        status = result.get("status")
        if status == "unsupported":
            return _toast_error(chat.SPEECH_UNSUPPORTED, "Type your question instead.")
        if status == "error":
            if result.get("error") == "aborted":
                return None
            return _toast_error(chat.VOICE_ERROR, chat.speech_problem(result.get("error")))
        if status == "ok":
            self.draft = chat.join_transcript(self.draft, result.get("text"))
            if self.tab != CHAT_TAB:
                self.tab = CHAT_TAB
        return None


async def _denied(user_id: str | None) -> tuple[str, str] | None:
    """Why this user may not chat (sign-in, then subscription), or None."""
    if user_id is None:
        return chat.SIGN_IN_REQUIRED, chat.SIGN_IN_REQUIRED_DETAIL
    try:
        allowed = await asyncio.to_thread(run_in_session, access.may_use_tools, user_id)
    except Exception:
        log.exception("Could not check tool access")
        return chat.FAILED, chat.FAILED_DETAIL
    return None if allowed else (chat.NO_ACCESS, chat.NO_ACCESS_DETAIL)


def _outcome(reader: asyncio.Task[None]) -> tuple[str, EventSpec | None]:
    """How the stream ended: (message status, toast to show or None)."""
    if reader.cancelled():
        return chat.STOPPED, None
    exc = reader.exception()
    if exc is None:
        return chat.COMPLETE, None
    if isinstance(exc, _ReplyTooLong):
        return chat.INTERRUPTED, None
    if isinstance(exc, ai.AiBudgetExceeded):
        return chat.INTERRUPTED, _toast_error(chat.BUDGET_TITLE, exc.message)
    if isinstance(exc, ai.AiError):
        log.warning("AI Co-Founder reply failed: %s", exc.message)
    else:
        log.error("AI Co-Founder reply failed", exc_info=exc)
    return chat.INTERRUPTED, _toast_error(chat.FAILED, chat.FAILED_DETAIL)


# --- Browser scripts -----------------------------------------------------------------------

#: Resolves with {status: 'ok', text} | {status: 'error', error} | {status: 'unsupported'}.
SPEECH_JS = """(() => {
  const Recognition = window.SpeechRecognition || window.webkitSpeechRecognition;
  if (!Recognition) return {status: 'unsupported'};
  return new Promise((resolve) => {
    let done = false;
    let heard = '';
    const finish = (result) => {
      if (done) return;
      done = true;
      if (window.__unstuckSpeech === rec) window.__unstuckSpeech = null;
      resolve(result);
    };
    let rec;
    try {
      rec = new Recognition();
    } catch (err) {
      finish({status: 'unsupported'});
      return;
    }
    rec.lang = document.documentElement.lang || navigator.language || 'en-US';
    rec.interimResults = false;
    rec.continuous = false;
    rec.maxAlternatives = 1;
    rec.onresult = (event) => {
      heard = Array.from(event.results).map((r) => r[0].transcript).join(' ');
    };
    rec.onerror = (event) => finish({status: 'error', error: String(event.error || 'unknown')});
    rec.onend = () => finish({status: 'ok', text: heard});
    if (window.__unstuckSpeech) {
      try { window.__unstuckSpeech.abort(); } catch (err) {}
    }
    window.__unstuckSpeech = rec;
    try {
      rec.start();
    } catch (err) {
      finish({status: 'error', error: String((err && err.name) || 'unknown')});
    }
  });
})()"""

SPEECH_STOP_JS = "window.__unstuckSpeech && window.__unstuckSpeech.stop()"


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


# --- Components ----------------------------------------------------------------------------

_panel_style: dict[str, Any] = {
    "background": "var(--gray-a2)",
    "border": "1px solid var(--gray-a4)",
    "border_radius": "var(--radius-5)",
    "padding": "1.25rem",
    "width": "100%",
}

_markdown_style: dict[str, Any] = {
    "font_size": "var(--font-size-2)",
    "line_height": "1.6",
    "color": "var(--gray-12)",
    "overflow_wrap": "anywhere",
    "min_width": "0",
    "& > :first-child": {"margin_top": "0"},
    "& > :last-child": {"margin_bottom": "0"},
    "& p, & ul, & ol": {"margin_top": "0.5em", "margin_bottom": "0.5em"},
    "& h1, & h2, & h3, & h4": {
        "font_size": "var(--font-size-3)",
        "margin_top": "0.9em",
        "margin_bottom": "0.35em",
        "font_family": heading_style["font_family"],
    },
    "& ul, & ol": {"padding_left": "1.25em"},
    "& table": {
        "border_collapse": "collapse",
        "display": "block",
        "overflow_x": "auto",
        "max_width": "100%",
        "margin": "0.5em 0",
    },
    "& th, & td": {
        "border": "1px solid var(--gray-a5)",
        "padding": "0.3em 0.6em",
        "text_align": "left",
    },
    "& pre": {"max_width": "100%", "overflow_x": "auto"},
    # A link the model gave with a scheme other than http(s) lost its href: plain text.
    "& a:not([href])": {"color": "inherit", "text_decoration": "none", "cursor": "text"},
}


def _avatar(icon: str, color: str) -> rx.Component:
    return rx.center(
        rx.icon(icon, size=16, aria_hidden="true"),
        width="2rem",
        height="2rem",
        flex_shrink="0",
        border_radius="9999px",
        color=f"var(--{color}-11)",
        background=f"var(--{color}-a3)",
        border=f"1px solid var(--{color}-a5)",
    )


def _status_badge(status: Any) -> rx.Component:
    return rx.match(
        status,
        (
            chat.SAMPLE,
            rx.badge(chat.SAMPLE_LABEL, color_scheme="amber", variant="soft", radius="full"),
        ),
        (
            chat.INTERRUPTED,
            rx.badge(
                rx.icon("triangle-alert", size=12, aria_hidden="true"),
                chat.INTERRUPTED_LABEL,
                color_scheme="red",
                variant="soft",
                radius="full",
            ),
        ),
        (
            chat.STOPPED,
            rx.badge(chat.STOPPED_LABEL, color_scheme="gray", variant="soft", radius="full"),
        ),
        rx.fragment(),
    )


def _assistant_bubble(body: rx.Component, footer: rx.Component, **props: Any) -> rx.Component:
    return rx.hstack(
        _avatar("bot", "violet"),
        rx.vstack(
            rx.box(body, style=_markdown_style, width="100%"),
            footer,
            spacing="2",
            align="start",
            padding="0.75rem 1rem",
            border_radius="4px var(--radius-4) var(--radius-4) var(--radius-4)",
            background="var(--gray-a3)",
            border="1px solid var(--gray-a4)",
            max_width="min(100%, 46rem)",
            min_width="0",
        ),
        spacing="2",
        align="start",
        width="100%",
        class_name="chat-message chat-message-assistant",
        **props,
    )


def _user_bubble(content: Any) -> rx.Component:
    return rx.hstack(
        rx.box(
            rx.text(
                content,
                size="2",
                white_space="pre-wrap",
                overflow_wrap="anywhere",
                color="var(--gray-12)",
            ),
            padding="0.65rem 1rem",
            border_radius="var(--radius-4) 4px var(--radius-4) var(--radius-4)",
            background="var(--violet-a4)",
            border="1px solid var(--violet-a5)",
            max_width="min(85%, 40rem)",
            min_width="0",
        ),
        _avatar("user", "gray"),
        spacing="2",
        align="start",
        justify="end",
        width="100%",
        class_name="chat-message chat-message-user",
    )


def _message(m: rx.Var[dict[str, str]]) -> rx.Component:
    return rx.cond(
        m["role"] == "user",
        _user_bubble(m["content"]),
        _assistant_bubble(
            safe_markdown(m["content"]),
            _status_badge(m["status"]),
            data_status=m["status"],
        ),
    )


def _streaming_bubble() -> rx.Component:
    thinking = rx.hstack(
        rx.spinner(size="1"),
        rx.text("Thinking…", size="2", color="var(--gray-11)"),
        spacing="2",
        align="center",
    )
    footer = rx.hstack(
        rx.cond(
            CofounderState.stream_sample,
            rx.badge(chat.SAMPLE_LABEL, color_scheme="amber", variant="soft", radius="full"),
        ),
        rx.cond(
            CofounderState.stream_text != "",
            rx.hstack(
                rx.spinner(size="1"),
                rx.text("Replying…", size="1", color="var(--gray-11)"),
                spacing="1",
                align="center",
            ),
        ),
        spacing="2",
        align="center",
        wrap="wrap",
    )
    return _assistant_bubble(
        rx.cond(
            CofounderState.stream_text == "",
            thinking,
            safe_markdown(CofounderState.stream_text),
        ),
        footer,
        data_status="streaming",
        id="cofounder-streaming",
    )


def _empty_chat() -> rx.Component:
    return rx.vstack(
        rx.center(
            rx.icon("bot", size=28, color="var(--violet-11)", aria_hidden="true"),
            width="3.5rem",
            height="3.5rem",
            border_radius="9999px",
            background="var(--violet-a3)",
            border="1px solid var(--violet-a5)",
        ),
        rx.heading("What are we working on today?", as_="h2", size="4", style=heading_style),
        rx.text(
            "Ask about your business model, market, pricing or growth. "
            "Not sure where to start? Try an example prompt.",
            size="2",
            color="var(--gray-11)",
            text_align="center",
            max_width="28rem",
        ),
        rx.button(
            rx.icon("lightbulb", size=16, aria_hidden="true"),
            "Browse example prompts",
            on_click=CofounderState.show_examples,
            variant="soft",
            size="2",
            type="button",
        ),
        spacing="3",
        align="center",
        justify="center",
        height="100%",
        padding="1.5rem 1rem",
        class_name="chat-empty",
    )


def _chat_window() -> rx.Component:
    return rx.auto_scroll(
        rx.cond(
            CofounderState.has_messages | CofounderState.streaming,
            rx.vstack(
                rx.foreach(CofounderState.messages, _message),
                rx.cond(CofounderState.streaming, _streaming_bubble()),
                spacing="4",
                width="100%",
                padding="1rem",
            ),
            _empty_chat(),
        ),
        id=LOG_ID,
        role="log",
        aria_label="Conversation",
        aria_live="polite",
        aria_busy=rx.cond(CofounderState.streaming, "true", "false"),
        tab_index=0,
        height="400px",
        width="100%",
        background="var(--color-panel-translucent)",
        border="1px solid var(--gray-a5)",
        border_radius="var(--radius-4)",
        class_name="chat-window",
        style={"overscroll_behavior": "contain", "scroll_behavior": "auto"},
    )


def _mic_button() -> rx.Component:
    return rx.tooltip(
        rx.icon_button(
            rx.cond(
                CofounderState.listening,
                rx.icon("mic-off", size=18, aria_hidden="true"),
                rx.icon("mic", size=18, aria_hidden="true"),
            ),
            on_click=CofounderState.toggle_speech,
            type="button",
            size="3",
            variant=rx.cond(CofounderState.listening, "solid", "soft"),
            color_scheme=rx.cond(CofounderState.listening, "red", "gray"),
            aria_label=rx.cond(CofounderState.listening, "Stop voice input", "Voice input"),
            aria_pressed=rx.cond(CofounderState.listening, "true", "false"),
            class_name="chat-mic",
        ),
        content=rx.cond(CofounderState.listening, "Listening… click to stop", "Voice input"),
    )


def _send_button() -> rx.Component:
    return rx.cond(
        CofounderState.streaming,
        rx.button(
            rx.icon("square", size=14, aria_hidden="true"),
            "Stop",
            on_click=CofounderState.stop,
            type="button",
            size="3",
            color_scheme="red",
            variant="soft",
            class_name="chat-stop",
        ),
        rx.button(
            rx.icon("send-horizontal", size=16, aria_hidden="true"),
            "Send",
            type="submit",
            size="3",
            class_name="chat-send",
        ),
    )


def _composer() -> rx.Component:
    return rx.form(
        rx.vstack(
            rx.el.label(
                "Ask your AI Co-Founder",
                html_for=INPUT_ID,
                font_weight="500",
                font_size="var(--font-size-2)",
                color="var(--gray-12)",
            ),
            rx.text_area(
                id=INPUT_ID,
                name="message",
                value=CofounderState.draft,
                on_change=CofounderState.set_draft,
                enter_key_submit=True,
                placeholder="e.g. How should I price my B2B SaaS for small agencies?",
                max_length=chat.MAX_MESSAGE_CHARS,
                rows="3",
                size="3",
                resize="vertical",
                width="100%",
                auto_complete=False,
                aria_describedby="cofounder-input-hint",
            ),
            rx.flex(
                rx.text(
                    rx.el.kbd("Enter"),
                    " to send · ",
                    rx.el.kbd("Shift"),
                    " + ",
                    rx.el.kbd("Enter"),
                    " for a new line · ",
                    CofounderState.draft_length,
                    f" / {chat.MAX_MESSAGE_CHARS:,}",
                    id="cofounder-input-hint",
                    size="1",
                    color="var(--gray-11)",
                    class_name="chat-hint",
                    style={
                        "& kbd": {
                            "font_family": "inherit",
                            "font_size": "0.95em",
                            "padding": "0 0.35em",
                            "border": "1px solid var(--gray-a6)",
                            "border_radius": "var(--radius-1)",
                            "background": "var(--gray-a3)",
                            "color": "var(--gray-12)",
                        }
                    },
                ),
                rx.hstack(_mic_button(), _send_button(), spacing="2", align="center"),
                direction="row",
                wrap="wrap",
                justify="between",
                align="center",
                gap="0.75rem",
                width="100%",
            ),
            spacing="2",
            width="100%",
        ),
        on_submit=CofounderState.send,
        width="100%",
        class_name="chat-composer",
    )


def _chat_panel() -> rx.Component:
    return rx.vstack(_chat_window(), _composer(), spacing="4", width="100%")


def _example_card(index: int, example: chat.ExamplePrompt) -> rx.Component:
    return rx.el.article(
        rx.hstack(
            rx.center(
                rx.icon(example.icon, size=18, aria_hidden="true"),
                width="2.25rem",
                height="2.25rem",
                flex_shrink="0",
                border_radius="var(--radius-3)",
                color="var(--violet-11)",
                background="var(--violet-a3)",
            ),
            rx.vstack(
                rx.heading(example.title, as_="h3", size="3", style=heading_style),
                rx.text(example.description, size="2", color="var(--gray-11)"),
                spacing="1",
                align="start",
            ),
            spacing="3",
            align="start",
        ),
        rx.text(
            example.prompt,
            size="2",
            color="var(--gray-12)",
            padding="0.75rem",
            border_radius="var(--radius-3)",
            background="var(--gray-a3)",
            flex_grow="1",
        ),
        rx.button(
            "Use this prompt",
            rx.icon("arrow-right", size=16, aria_hidden="true"),
            on_click=CofounderState.use_example(index),
            variant="soft",
            size="2",
            type="button",
            width="100%",
            aria_label=f"Use prompt: {example.title}",
        ),
        class_name="example-prompt",
        data_example=str(index),
        style={
            **_panel_style,
            "display": "flex",
            "flex_direction": "column",
            "gap": "0.9rem",
            "transition": "border-color 200ms ease",
            "_hover": {"border_color": "var(--violet-a7)"},
        },
    )


def _examples_panel() -> rx.Component:
    return rx.vstack(
        rx.flex(
            rx.vstack(
                rx.heading("Example prompts", as_="h2", size="5", style=heading_style),
                rx.text(
                    "Pick one to fill the input, then replace the [brackets] with your details.",
                    size="2",
                    color="var(--gray-11)",
                ),
                spacing="1",
                align="start",
            ),
            rx.button(
                rx.icon("arrow-left", size=16, aria_hidden="true"),
                "Return to Chat",
                on_click=CofounderState.return_to_chat,
                variant="surface",
                size="2",
                type="button",
            ),
            direction=rx.breakpoints(initial="column", sm="row"),
            justify="between",
            align=rx.breakpoints(initial="start", sm="center"),
            gap="0.75rem",
            width="100%",
        ),
        rx.grid(
            *[_example_card(i, e) for i, e in enumerate(chat.EXAMPLES)],
            columns=rx.breakpoints(initial="1", md="2"),
            spacing="4",
            width="100%",
        ),
        spacing="4",
        width="100%",
    )


def _side_heading(icon: str, text: str) -> rx.Component:
    return rx.hstack(
        rx.icon(icon, size=18, color="var(--violet-11)", aria_hidden="true"),
        rx.heading(text, as_="h2", size="3", style=heading_style),
        spacing="2",
        align="center",
    )


def _quick_actions() -> rx.Component:
    def action(icon: str, label: str, on_click: Any, **props: Any) -> rx.Component:
        return rx.button(
            rx.icon(icon, size=16, aria_hidden="true"),
            label,
            on_click=on_click,
            variant="soft",
            color_scheme=props.pop("color_scheme", "gray"),
            size="2",
            type="button",
            width="100%",
            justify="start",
            **props,
        )

    return rx.vstack(
        _side_heading("zap", "Quick actions"),
        action(
            "save",
            "Save Conversation",
            CofounderState.save,
            color_scheme="violet",
            class_name="quick-save",
        ),
        action(
            "download",
            "Download Chat",
            CofounderState.download,
            class_name="quick-download",
        ),
        action("trash-2", "Clear Chat", CofounderState.clear_chat, class_name="quick-clear"),
        action("lightbulb", "Examples", CofounderState.show_examples, class_name="quick-examples"),
        spacing="2",
        width="100%",
        style=_panel_style,
        class_name="cofounder-quick-actions",
    )


def _features() -> rx.Component:
    return rx.vstack(
        _side_heading("sparkles", "What I can help with"),
        rx.el.ul(
            *[
                rx.el.li(
                    rx.hstack(
                        rx.icon(f.icon, size=16, color="var(--violet-11)", aria_hidden="true"),
                        rx.vstack(
                            rx.text(f.title, size="2", weight="medium"),
                            rx.text(f.description, size="1", color="var(--gray-11)"),
                            spacing="0",
                            align="start",
                        ),
                        spacing="2",
                        align="start",
                    ),
                )
                for f in chat.FEATURES
            ],
            style={
                "list_style": "none",
                "padding": "0",
                "margin": "0",
                "display": "grid",
                "gap": "0.75rem",
            },
        ),
        spacing="3",
        width="100%",
        style=_panel_style,
        class_name="cofounder-features",
    )


def _pro_tips() -> rx.Component:
    return rx.vstack(
        _side_heading("lightbulb", "Pro tips"),
        rx.el.ul(
            *[rx.el.li(rx.text(tip, size="2", color="var(--gray-11)")) for tip in chat.PRO_TIPS],
            style={
                "padding_left": "1.1rem",
                "margin": "0",
                "display": "grid",
                "gap": "0.5rem",
                "& li::marker": {"color": "var(--violet-9)"},
            },
        ),
        spacing="3",
        width="100%",
        style=_panel_style,
        class_name="cofounder-tips",
    )


def _tabs() -> rx.Component:
    return rx.tabs.root(
        rx.tabs.list(
            rx.tabs.trigger(
                rx.hstack(
                    rx.icon("message-square", size=16, aria_hidden="true"),
                    "Chat Interface",
                    spacing="2",
                    align="center",
                ),
                value=CHAT_TAB,
            ),
            rx.tabs.trigger(
                rx.hstack(
                    rx.icon("lightbulb", size=16, aria_hidden="true"),
                    "Example Prompts",
                    spacing="2",
                    align="center",
                ),
                value=EXAMPLES_TAB,
            ),
            size="2",
        ),
        rx.tabs.content(_chat_panel(), value=CHAT_TAB, padding_top="1rem"),
        rx.tabs.content(_examples_panel(), value=EXAMPLES_TAB, padding_top="1rem"),
        value=CofounderState.tab,
        on_change=CofounderState.set_tab,
        width="100%",
        class_name="cofounder-tabs",
    )


@rx.page(
    route=AI_COFOUNDER.path,
    title="AI Co-Founder | Unstuck",
    description="Chat with an AI co-founder about business models, competitors, market size, "
    "pricing and growth experiments.",
    on_load=[AuthState.require_access, CofounderState.recover],
)
def ai_cofounder() -> rx.Component:
    return tool_page(
        AI_COFOUNDER,
        rx.grid(
            rx.box(_tabs(), min_width="0"),
            rx.vstack(_quick_actions(), _features(), _pro_tips(), spacing="4", width="100%"),
            columns=rx.breakpoints(initial="1", lg="minmax(0, 1fr) 20rem"),
            spacing="5",
            width="100%",
            align="start",
        ),
        save_handler=CofounderState.save,
        can_save=CofounderState.has_messages,
    )
