"""CofounderState (T-CHAT-1..3, T-AI-5): tabs and examples, Clear Chat, the empty-message
toast, voice input results, saving the conversation, and the streamed reply run through
Reflex's real event processor against the FakeAiServer (T-AI-2 failures end in 'Failed to
get response' with the partial reply marked as interrupted)."""

from __future__ import annotations

import asyncio
import base64
import itertools
import re
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import Any

import pytest
from reflex.event import Event
from reflex.istate.data import RouterData
from reflex.istate.manager.memory import StateManagerMemory
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State, StateUpdate
from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import cofounder as chat
from startup_toolkit.models.ai import AiUsage
from startup_toolkit.models.results import SavedResult
from startup_toolkit.pages.cofounder import state as page
from startup_toolkit.pages.cofounder.state import CofounderState
from startup_toolkit.services import ai as ai_service
from startup_toolkit.settings import get_settings
from tests.support import tool_states
from tests.support.ai_provider import quick_provider
from tests.support.ai_server import FakeAiServer
from tests.support.events import js
from tests.support.tool_states import Recorder

ROUTE = "/ai-cofounder"

pytestmark = pytest.mark.usefixtures("cheap_hashing")


def substate(cookie: str = "") -> CofounderState:
    return tool_states.substate(CofounderState, ROUTE, cookie)


# --- T-CHAT-1: tabs and example prompts -------------------------------------------------------


def streamed(s: CofounderState) -> str:
    """The streaming reply as the page shows it ('' when none streams)."""
    return s.stream.text if s.stream is not None else ""


def test_t_chat_1_example_fills_the_input_and_returns_to_chat() -> None:
    s = substate()
    s.show_examples()
    assert s.tab == page.EXAMPLES_TAB
    spec = s.use_example(3)
    assert s.draft == chat.EXAMPLES[3].prompt
    assert "Pricing" in chat.EXAMPLES[3].title
    assert s.tab == page.CHAT_TAB
    assert page.INPUT_ID in js(spec)  # the input gets the focus


@pytest.mark.parametrize("index", [-1, 5, 99, "1", None, True, 1.0])
def test_t_chat_1_unknown_example_changes_nothing(index: Any) -> None:
    s = substate()
    s.show_examples()
    assert s.use_example(index) is None
    assert (s.draft, s.tab) == ("", page.EXAMPLES_TAB)


def test_t_chat_1_tabs_and_return_to_chat() -> None:
    s = substate()
    s.set_tab("examples")
    assert s.tab == "examples"
    s.set_tab("admin")
    assert s.tab == "examples"
    s.return_to_chat()
    assert s.tab == "chat"


def test_draft_is_bounded() -> None:
    s = substate()
    s.set_draft("x" * 50_000)
    assert len(s.draft) == chat.MAX_MESSAGE_CHARS + 1000
    s.set_draft(None)  # type: ignore[arg-type]
    assert s.draft == ""


# --- T-CHAT-2: Clear Chat ------------------------------------------------------------------------


def test_t_chat_2_clear_chat_empties_and_says_chat_cleared() -> None:
    s = substate()
    s._messages = [chat.message("user", "Hi"), chat.message("assistant", "Hello")]
    s.stream, s._stream_text = page.Stream("partial"), "partial"
    seq = s._stream_seq
    code = js(s.clear_chat())
    assert '"Chat cleared"' in code and '"success"' in code
    assert s._messages == [] and s.stream is None and s._stream_text == ""
    assert s._stream_seq == seq + 1  # a running stream can no longer write


def test_recover_closes_a_reply_whose_task_is_gone() -> None:
    s = substate()
    s._messages = [chat.message("user", "Hi")]
    s.stream, s._stream_text = page.Stream("Half a"), "Half a"
    s.recover()
    assert s.stream is None
    assert s._messages[-1] == chat.message("assistant", "Half a", chat.INTERRUPTED)


# --- T-CHAT-3: voice input -----------------------------------------------------------------------


def test_t_chat_3_unsupported_browser_toast() -> None:
    s = substate()
    script = js(s.toggle_speech())
    assert s.listening
    assert "unstuckSpeech.listen()" in script and "speech_result" in script  # assets/js/speech.js
    code = js(s.speech_result({"status": "unsupported"}))
    assert not s.listening
    assert "Speech recognition is not supported in your browser" in code
    assert '"error"' in code


def test_t_chat_3_heard_text_is_added_to_the_input() -> None:
    s = substate()
    s.draft = "How do I"
    s.tab = page.EXAMPLES_TAB
    s.toggle_speech()
    assert s.speech_result({"status": "ok", "text": " find   customers "}) is None
    assert s.draft == "How do I find customers"
    assert s.tab == page.CHAT_TAB and not s.listening


def test_t_chat_3_errors_and_stop() -> None:
    s = substate()
    s.toggle_speech()
    assert "stop()" in js(s.toggle_speech())  # a second click stops listening
    assert not s.listening
    code = js(s.speech_result({"status": "error", "error": "not-allowed"}))
    assert "Voice input error" in code and "Microphone access was blocked" in code
    assert s.speech_result({"status": "error", "error": "aborted"}) is None
    for junk in (None, "text", 3, ["x"], {"status": "ok", "text": 5}):
        assert s.speech_result(junk) is None
    assert s.draft == ""


@pytest.mark.parametrize(
    ("result", "toast", "draft", "tab"),
    [
        ({"status": "ok", "text": " grow  faster "}, None, "Help me grow faster", "chat"),
        ({"status": "ok", "text": ""}, None, "Help me", "chat"),
        (
            {"status": "error", "error": "no-speech"},
            ("Voice input error", "No speech was detected. Please try again."),
            "Help me",
            "examples",
        ),
        (
            {"status": "unsupported"},
            (
                "Speech recognition is not supported in your browser",
                "Type your question instead.",
            ),
            "Help me",
            "examples",
        ),
        ({"status": "error", "error": "aborted"}, None, "Help me", "examples"),
    ],
)
def test_t_chat_3_speech_input_mixin_on_the_chat(
    result: dict[str, str], toast: tuple[str, str] | None, draft: str, tab: str
) -> None:
    """SpeechInputMixin through the page: what was heard joins the input and shows the chat
    tab; a problem is an error toast with the chat's own hint; an aborted one says nothing."""
    s = substate()
    s.draft, s.tab = "Help me", page.EXAMPLES_TAB
    s.toggle_speech()
    spec = s.speech_result(result)
    assert not s.listening
    assert (s.draft, s.tab) == (draft, tab)
    if toast is None:
        assert spec is None
    else:
        code = js(spec)
        assert '"error"' in code and all(text in code for text in toast)


# --- T-AI-5: saving ------------------------------------------------------------------------------


async def test_t_ai_5_save_the_conversation(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    s = substate(cookie)
    s._messages = [
        chat.message("user", "How should I price?"),
        chat.message("assistant", "Start with **value**.", chat.INTERRUPTED),
        chat.message("user", "And then?"),
        chat.message("assistant", "Test tiers."),
    ]
    code = js(await s.save())
    assert "Results saved to your dashboard!" in code
    with Session(engine) as db:
        (row,) = db.exec(select(SavedResult)).all()
    assert (row.user_id, row.tool_name, row.content_type) == (user_id, "AI Co-Founder", "chat")
    assert row.title == "AI Co-Founder chat - 4 messages"
    assert row.content["messageCount"] == 4
    assert row.content["messages"][1] == {"role": "assistant", "content": "Start with **value**."}
    assert row.result_metadata["summary"] == "How should I price?"


async def test_t_ai_5_nothing_to_save_and_not_while_streaming(
    engine: Engine, founder: tuple[str, str]
) -> None:
    _, cookie = founder
    s = substate(cookie)
    assert "Nothing to save yet" in js(await s.save())
    s._messages = [chat.message("user", "Hi")]
    s.stream = page.Stream()
    assert "Still replying" in js(await s.save())
    with Session(engine) as db:
        assert db.exec(select(SavedResult)).all() == []


def test_download_chat_is_a_markdown_file_of_the_conversation() -> None:
    s = substate()
    assert "Nothing to download yet" in js(s.download())
    s._messages = [chat.message("user", "How do I price?"), chat.message("assistant", "By value")]
    s.stream = page.Stream()
    assert "Still replying" in js(s.download())
    s.stream = None
    code = js(s.download())
    assert re.search(r'filename:"cofounder-chat-\d+\.md"', code)
    encoded = re.search(r"data:text/markdown;base64,([A-Za-z0-9+/=]+)", code)
    assert encoded is not None
    text = base64.b64decode(encoded.group(1)).decode()
    assert "## You\n\nHow do I price?" in text and "## AI Co-Founder\n\nBy value" in text


async def test_t_ai_5_save_needs_sign_in(engine: Engine) -> None:
    s = substate()
    s._messages = [chat.message("user", "Hi")]
    code = js(await s.save())
    assert "Authentication required" in code and "Please log in to save results" in code


# --- Streaming through Reflex's event processor ----------------------------------------------


def _text_of(stream: Any) -> str:
    """The text of a `stream` value in an update (the dataclass, or as serialised)."""
    return stream.get("text", "") if isinstance(stream, dict) else getattr(stream, "text", "")


@dataclass
class Browser(Recorder):
    """The websocket's stand-in, noting when each update went out."""

    times: list[float] = field(default_factory=list)

    async def emit_update(self, update: StateUpdate, token: str) -> None:
        self.times.append(time.monotonic())
        await super().emit_update(update, token)

    def stream_pushes(self) -> list[float]:
        """When partial text was pushed (one entry per update carrying it)."""
        name = CofounderState.get_full_name()
        return [
            at
            for at, u in zip(self.times, self.updates, strict=True)
            if any(
                key.startswith("stream_rx_state_") and _text_of(value)
                for key, value in (u.delta or {}).get(name, {}).items()
            )
        ]


@dataclass
class ChatTab:
    """One tab in the event processor, with its client token (Stop and Clear find the
    reading task by it) and events that carry a payload."""

    manager: StateManagerMemory
    processor: BaseStateEventProcessor
    browser: Browser
    token: str
    router_data: dict[str, Any]

    async def state(self) -> CofounderState:
        root = await self.manager.get_state(BaseStateToken(ident=self.token, cls=State))
        return await root.get_state(CofounderState)  # type: ignore[return-value]

    def event(self, handler: str, **payload: Any) -> Event:
        return Event(
            name=f"{CofounderState.get_full_name()}.{handler}",
            payload=payload,
            router_data=self.router_data,
        )

    async def run(self, handler: str, timeout: float = 15, **payload: Any) -> None:
        future = await self.processor.enqueue(self.token, self.event(handler, **payload))
        await asyncio.wait_for(future, timeout=timeout)

    async def start(self, handler: str, **payload: Any) -> Any:
        return await self.processor.enqueue(self.token, self.event(handler, **payload))

    async def wait_for(self, check: Any, timeout: float = 10) -> CofounderState:
        deadline = time.monotonic() + timeout
        while True:
            s = await self.state()
            if check(s):
                return s
            if time.monotonic() > deadline:
                raise AssertionError("condition not reached")
            await asyncio.sleep(0.02)


async def open_tab(cookie: str, token: str = "tab-1") -> AsyncIterator[ChatTab]:
    manager = StateManagerMemory()
    browser = Browser(CofounderState)
    processor = BaseStateEventProcessor().configure(
        state_manager=manager,
        event_namespace=browser,  # type: ignore[arg-type]
    )
    router_data = {
        "pathname": ROUTE,
        "asPath": ROUTE,
        "token": token,
        "headers": {"cookie": cookie, "host": "localhost:3000"},
    }
    async with manager.modify_state(BaseStateToken(ident=token, cls=State)) as root:
        root.router = RouterData.from_router_data(router_data)
        root.router_data = dict(router_data)
    async with processor:
        yield ChatTab(manager, processor, browser, token, router_data)


@pytest.fixture
async def ai_env(
    fake_ai: FakeAiServer, engine: Engine, settings_env: pytest.MonkeyPatch
) -> AsyncIterator[FakeAiServer]:
    """AI configured against the fake server (no retry waits)."""
    settings_env.setenv("AI_MODEL", "test-model")
    get_settings.cache_clear()
    settings_env.setattr(ai_service, "make_provider", quick_provider(5.0))
    yield fake_ai
    await ai_service.close_providers()


@pytest.fixture
async def tab(founder: tuple[str, str]) -> AsyncIterator[ChatTab]:
    _, cookie = founder
    async for t in open_tab(cookie):
        yield t


async def test_t_chat_2_empty_message_toast_and_nothing_sent(
    ai_env: FakeAiServer, tab: ChatTab
) -> None:
    for blank in ("", "   \n  "):
        await tab.run("send", form_data={"message": blank})
    s = await tab.state()
    assert s._messages == [] and s.stream is None
    toasts = tab.browser.toasts()
    assert len(toasts) == 2
    assert all("Empty message" in t and "Please enter a question or prompt" in t for t in toasts)
    assert ai_env.requests == []


async def test_t_chat_1_streamed_reply_with_batched_updates(
    ai_env: FakeAiServer, tab: ChatTab, engine: Engine
) -> None:
    chunks = [f"word{i} " for i in range(300)]
    ai_env.stream(chunks)
    await tab.run("set_draft", value="How do I price?")
    await tab.run("send", form_data={"message": "  How do I price?  "})
    s = await tab.state()
    assert [(m["role"], m["status"]) for m in s._messages] == [("user", ""), ("assistant", "")]
    assert s._messages[0]["content"] == "How do I price?"
    assert s._messages[1]["content"] == "".join(chunks)
    assert s.stream is None and s.draft == ""
    # The model got the system prompt and the question.
    (request,) = ai_env.requests
    assert request["stream"] is True
    assert "co-founder" in request["messages"][0]["content"]
    assert request["messages"][-1] == {"role": "user", "content": "How do I price?"}
    # 300 deltas arrived at once: far fewer pushes, never more than 20 a second.
    pushes = tab.browser.stream_pushes()
    assert len(pushes) <= 10
    assert all(b - a >= chat.FLUSH_SECONDS * 0.8 for a, b in itertools.pairwise(pushes))
    assert tab.browser.toasts() == []
    with Session(engine) as db:  # tokens were metered
        assert [r.tool_name for r in db.exec(select(AiUsage)).all()] == ["AI Co-Founder"]


async def test_t_chat_1_partial_reply_is_visible_while_streaming_and_a_second_send_waits(
    ai_env: FakeAiServer, tab: ChatTab
) -> None:
    ai_env.stream(["Start ", "with ", "customers. ", "Then ", "pricing."], hold_after=3)
    future = await tab.start("send", form_data={"message": "Where do I start?"})
    assert await asyncio.to_thread(ai_env.wait_held, 5)
    s = await tab.wait_for(lambda s: streamed(s) == "Start with customers. ")
    assert s.stream is not None and len(s._messages) == 1
    # A second send while streaming starts nothing.
    await tab.run("send", form_data={"message": "Another question"})
    assert len((await tab.state())._messages) == 1
    ai_env.release()
    await asyncio.wait_for(future, timeout=10)
    s = await tab.state()
    assert s._messages[-1]["content"] == "Start with customers. Then pricing."
    assert len(ai_env.requests) == 1


async def test_stop_closes_the_stream_and_keeps_the_partial_reply(
    ai_env: FakeAiServer, tab: ChatTab
) -> None:
    ai_env.stream(["Half ", "an ", "answer", " never sent"], hold_after=3)
    future = await tab.start("send", form_data={"message": "Tell me"})
    assert await asyncio.to_thread(ai_env.wait_held, 5)
    await tab.wait_for(lambda s: streamed(s) == "Half an answer")
    await tab.run("stop")
    await asyncio.wait_for(future, timeout=5)
    s = await tab.state()
    assert s.stream is None
    assert s._messages[-1] == chat.message("assistant", "Half an answer", chat.STOPPED)
    assert await asyncio.to_thread(ai_env.wait_disconnect, 1, 5)  # the HTTP stream was closed
    assert tab.browser.toasts() == []


async def test_clear_while_streaming_drops_the_reply(ai_env: FakeAiServer, tab: ChatTab) -> None:
    ai_env.stream(["One ", "two"], hold_after=1)
    future = await tab.start("send", form_data={"message": "Count"})
    assert await asyncio.to_thread(ai_env.wait_held, 5)
    await tab.wait_for(lambda s: streamed(s) == "One ")
    await tab.run("clear_chat")
    await asyncio.wait_for(future, timeout=5)
    s = await tab.state()
    assert s._messages == [] and s.stream is None


async def test_t_chat_2_failure_toast_after_retries(ai_env: FakeAiServer, tab: ChatTab) -> None:
    for _ in range(3):
        ai_env.status(500)
    await tab.run("send", form_data={"message": "Will this work?"})
    s = await tab.state()
    assert [m["role"] for m in s._messages] == ["user"]  # nothing came: no assistant message
    assert s.stream is None
    (toast,) = tab.browser.toasts()
    assert "Failed to get response" in toast
    assert "There was an error processing your request. Please try again." in toast
    assert len(ai_env.requests) == 3


async def test_budget_spent_shows_its_own_message(
    ai_env: FakeAiServer, tab: ChatTab, settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("AI_DAILY_TOKENS", "1")
    get_settings.cache_clear()
    ai_env.reply("First answer", usage=(10, 10))
    await tab.run("send", form_data={"message": "First"})
    await tab.run("send", form_data={"message": "Second"})
    (toast,) = tab.browser.toasts()
    assert "used today's AI allowance" in toast
    assert len(ai_env.requests) == 1


async def test_demo_mode_streams_the_labelled_sample(
    founder: tuple[str, str], settings_env: pytest.MonkeyPatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings_env.delenv("AI_API_KEY", raising=False)
    get_settings.cache_clear()
    monkeypatch.setattr(chat, "SAMPLE_WORD_SECONDS", 0.001)
    _, cookie = founder
    async for tab in open_tab(cookie, "demo-tab"):
        await tab.run("send", form_data={"message": "Anything"})
        s = await tab.state()
        assert s._messages[-1] == chat.message("assistant", chat.SAMPLE_REPLY, chat.SAMPLE)
        assert len(tab.browser.stream_pushes()) >= 2  # it streamed, in batches


async def test_sending_needs_sign_in(ai_env: FakeAiServer, engine: Engine) -> None:
    async for tab in open_tab("", "anon-tab"):
        await tab.run("send", form_data={"message": "Hello"})
        s = await tab.state()
        assert s._messages == []
        (toast,) = tab.browser.toasts()
        assert "Authentication required" in toast
    assert ai_env.requests == []


async def test_no_access_says_so_before_anything_joins_the_chat(
    ai_env: FakeAiServer, tab: ChatTab, settings_env: pytest.MonkeyPatch
) -> None:
    """Without a plan (subscription mode, none bought) the message stays in the input."""
    settings_env.setenv("ACCESS_MODE", "subscription")
    get_settings.cache_clear()
    await tab.run("set_draft", value="Hello")
    await tab.run("send", form_data={"message": "Hello"})
    s = await tab.state()
    assert (s._messages, s.draft, s.stream) == ([], "Hello", None)
    (toast,) = tab.browser.toasts()
    assert chat.NO_ACCESS in toast and chat.NO_ACCESS_DETAIL in toast
    assert ai_env.requests == []
    assert page._STREAMS == {}  # the run is over and out of the registry


async def test_too_long_message_is_refused(ai_env: FakeAiServer, tab: ChatTab) -> None:
    await tab.run("send", form_data={"message": "x" * (chat.MAX_MESSAGE_CHARS + 1)})
    assert (await tab.state())._messages == []
    (toast,) = tab.browser.toasts()
    assert "Message too long" in toast


async def test_conversation_history_goes_to_the_model(ai_env: FakeAiServer, tab: ChatTab) -> None:
    ai_env.reply("Answer one")
    ai_env.reply("Answer two")
    await tab.run("send", form_data={"message": "Question one"})
    await tab.run("send", form_data={"message": "Question two"})
    second = ai_env.requests[1]["messages"]
    assert [(m["role"], m["content"]) for m in second[1:]] == [
        ("user", "Question one"),
        ("assistant", "Answer one"),
        ("user", "Question two"),
    ]
    assert len((await tab.state())._messages) == 4


async def test_an_overlong_reply_is_cut_and_marked_interrupted(
    ai_env: FakeAiServer, tab: ChatTab, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(chat, "MAX_REPLY_CHARS", 12)
    ai_env.stream(["0123456789", "abcdef", "never"])
    await tab.run("send", form_data={"message": "Talk a lot"})
    s = await tab.state()
    assert s._messages[-1] == chat.message("assistant", "0123456789ab", chat.INTERRUPTED)
    assert tab.browser.toasts() == []


async def test_a_reply_shows_its_links_as_text_and_site(ai_env: FakeAiServer, tab: ChatTab) -> None:
    """Issue 27, item 8: while it streams and once it is in the chat, a reply's link is shown
    as its text and its site (the Co-Founder reads no pages); the chat keeps, saves and
    downloads what the model wrote."""
    ai_env.stream(["Read [the guide](https://example.com/pricing). ", "Then ", "go."], hold_after=1)
    future = await tab.start("send", form_data={"message": "Where do I read up?"})
    assert await asyncio.to_thread(ai_env.wait_held, 5)
    s = await tab.wait_for(lambda s: streamed(s) != "")
    assert s.stream.text == "Read the guide (example.com). "  # what the page shows
    assert s._stream_text == "Read [the guide](https://example.com/pricing). "
    name = CofounderState.get_full_name()
    pushed = [u.delta.get(name, {}) for u in tab.browser.updates if u.delta]
    sent = [d["stream_rx_state_"] for d in pushed if d.get("stream_rx_state_")]
    assert sent and all("https://" not in str(shown) for shown in sent)
    ai_env.release()
    await asyncio.wait_for(future, timeout=10)
    s = await tab.state()
    assert s._messages[-1]["content"] == "Read [the guide](https://example.com/pricing). Then go."
    assert s.shown_messages[-1]["content"] == "Read the guide (example.com). Then go."
    assert [m["role"] for m in s.shown_messages] == ["user", "assistant"]
