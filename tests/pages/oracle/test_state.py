"""OracleState without a browser (T-ORA-1..5, T-AI-5).

The ordinary handlers directly (fields and browser storage, voice results, roadmap tabs, the
content modal's Download, save), and the background work through Reflex's real event
processor against the fake OpenAI-compatible server over HTTP: the prediction with its
progress gauge, the parse-failure defaults, the request failure with Try Again, generated
content and its failure, demo mode, the Live Pulse loop and the welcome toast."""

from __future__ import annotations

import asyncio
import base64
import json
import random
import time
from typing import Any

import pytest
from reflex.event import Event
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import oracle as rules
from startup_toolkit.domain import oracle_content
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.models.ai import AiUsage
from startup_toolkit.models.results import SavedResult
from startup_toolkit.pages.oracle import state as oracle_state
from startup_toolkit.pages.oracle.state import OracleState
from startup_toolkit.pages.oracle.state_content import GeneratedView, OracleContentState
from startup_toolkit.services.ai import BUDGET_EXCEEDED
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer
from tests.support.events import js
from tests.support.tool_states import Recorder, Tab, in_processor
from tests.support.tool_states import substate as tool_substate

Founder = tuple[str, str]

ROUTE = "/startup-oracle"
IDEA = "A marketplace that matches freelance bookkeepers with small restaurants."
REPLY: dict[str, Any] = {
    "probability": 35,
    "risks": ["Restaurants churn fast", "Bookkeepers are hard to vet"],
    "moves": ["Sign ten restaurants in one district"],
    "funding": ["Angel round"],
    "customers": ["Restaurant association"],
    "product": ["Weekly cash report"],
}


def substate(cookie: str = "") -> OracleState:
    return tool_substate(OracleState, ROUTE, cookie)


def content_tab(tab: Tab) -> Tab:
    """The same browser tab, for the AI Generate panel's state."""
    return Tab(OracleContentState, ROUTE, tab.manager, tab.processor, tab.token)


def form(**values: str) -> dict[str, str]:
    return {**{name: "" for name in rules.FIELDS}, "stage": "mvp", "businessIdea": IDEA, **values}


def with_result(s: OracleState) -> OracleState:
    s._show(
        rules.OracleResult.model_validate(REPLY), rules.StartupData(businessIdea=IDEA), Origin.AI
    )
    return s


async def fire(tab: Tab, handler: str, busy: str, **payload: Any) -> Any:
    """Like `Tab.fire`, with arguments."""
    event = Event(name=f"{tab.cls.get_full_name()}.{handler}", payload=payload)
    await asyncio.wait_for(await tab.processor.enqueue(tab.token, event), timeout=20)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        s = await tab.state()
        if not getattr(s, busy):
            return s
        await asyncio.sleep(0.02)
    raise AssertionError(f"{handler} did not finish")


# --- Fields, browser storage, voice, tabs ------------------------------------------------------


def test_t_ora_1_fields_are_kept_in_browser_storage_as_json() -> None:
    s = substate()
    s.errors = {"businessIdea": rules.IDEA_REQUIRED}
    s.set_field("businessIdea", IDEA)
    s.set_field("stage", "growth")
    s.set_field("isAdmin", "yes")
    s.set_field("revenue", ["1"])  # type: ignore[arg-type]
    assert s.errors == {} and "isAdmin" not in s.form
    assert json.loads(s.stored) == {
        "businessIdea": IDEA,
        "stage": "growth",
        "revenue": "",
        "users": "",
        "budget": "",
        "biggestChallenge": "",
    }
    assert s.form["businessIdea"].strip() and not s.running  # Solve Now is enabled
    s.set_field("businessIdea", "   ")
    assert not s.form["businessIdea"].strip()


def test_t_ora_1_restore_reads_browser_storage_as_untrusted_input() -> None:
    s = substate()
    s.stored = json.dumps({"businessIdea": IDEA, "stage": "nope", "users": 5, "x": "y"})
    spec = s.restore()
    assert s.form["businessIdea"] == IDEA and s.form["stage"] == "ideation"
    assert s.form["users"] == "" and "x" not in s.form
    assert "getTimezoneOffset" in js(spec)
    s.set_tz_offset("evil")
    assert s._tz_offset == 0
    s.set_tz_offset(-120)
    assert s._tz_offset == -120


def test_t_ora_5_voice_commands_show_a_notice_other_speech_becomes_the_idea() -> None:
    s = substate()
    s.listening = True
    notice = s.speech_result({"status": "ok", "text": "Oracle, find me customers"})
    assert "Oracle command: find me customers" in js(notice)
    assert s.form.get("businessIdea", "") == "" and not s.listening  # a command is no idea
    assert "Oracle command: funding" in js(
        s.speech_result({"status": "ok", "text": "oracle funding"})
    )
    assert s.speech_result({"status": "ok", "text": " A bakery app "}) is None
    assert s.form["businessIdea"] == "A bakery app" and "bakery" in s.stored
    unsupported = s.speech_result({"status": "unsupported"})
    assert "Speech recognition is not supported in your browser" in js(unsupported)
    error = s.speech_result({"status": "error", "error": "not-allowed"})
    assert "Voice input error" in js(error) and "Microphone" in js(error)
    assert s.speech_result({"status": "error", "error": "aborted"}) is None
    assert s.speech_result("junk") is None


def test_toggle_speech_starts_and_stops_listening() -> None:
    s = substate()
    assert "unstuckSpeech.listen()" in js(s.toggle_speech()) and s.listening
    assert "unstuckSpeech.stop()" in js(s.toggle_speech()) and not s.listening


def test_t_ora_2_band_and_globe() -> None:
    """The roadmap's tabs switch in the browser; the band and the globe come with the result."""
    s = with_result(substate())
    assert s.result.band_label == "Challenging Success Outlook" and s.result.band_color == "red"
    assert "126.0deg" in s.result.globe_ring


def test_t_ora_4_download_uses_the_slugged_title_and_the_kind_extension() -> None:
    s = tool_substate(OracleContentState, ROUTE)
    assert "No content available to download" in js(s.download())
    s.content = GeneratedView("article", "Founder Article", "# Hi")
    (event,) = Event.from_event_type(s.download())
    assert event.payload["filename"] == "founder-article.md"
    head, _, data = event.payload["url"].partition(",")
    assert head == "data:text/markdown;base64" and base64.b64decode(data).decode() == "# Hi"
    assert "Copied to clipboard" in js(s.copy())
    s.set_dialog_open(True)
    assert s.content is not None
    s.close()
    assert s.content is None  # the dialog is closed
    assert s.copy() is None and "No content available to download" in js(s.download())


def test_t_ai_5_save_stores_the_prediction(engine: Engine, founder: Founder) -> None:
    user_id, cookie = founder
    s = substate(cookie)
    assert "Nothing to save yet" in js(asyncio.run(s.save()))
    with_result(s)
    assert "Results saved to your dashboard!" in js(asyncio.run(s.save()))
    with Session(engine) as db:
        (row,) = db.exec(select(SavedResult)).all()
    assert (row.user_id, row.tool_name) == (user_id, "Startup Oracle")
    assert row.title == "Startup Oracle Prediction - 35% (Challenging Success Outlook)"
    assert row.content["data"]["prediction"]["risks"][0] == "Restaurants churn fast"  # type: ignore[index]


# --- The prediction through Reflex's event processor ---------------------------------------------


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "DEMO_SECONDS", 0.1)
    monkeypatch.setattr(rules, "PULSE_SECONDS", 0.05)
    monkeypatch.setattr(rules, "WELCOME_DELAY_SECONDS", 0.05)


def test_t_ora_1_2_the_prediction_with_the_progress_gauge(
    founder: Founder, fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.slow(1.0, text=json.dumps(REPLY))

    async def run(tab: Tab, recorder: Recorder) -> OracleState:
        await tab.prepare(cookie, form=form(revenue="$2,000"))
        s = await fire(tab, "solve", busy="running")
        assert "Predictions generated successfully" in recorder.toasts()[0]
        await asyncio.sleep(0.8)  # the gauge resets 500 ms after the end
        progress = recorder.values("progress")
        assert progress[:3] == [0, 10, 20] and progress[-2:] == [100, 0]
        assert max(progress[:-2]) <= 90
        return s

    s = in_processor(OracleState, ROUTE, run)
    assert s.result is not None and s.result.sample == "" and s.result.probability == 35
    assert s.result.risks == REPLY["risks"] and s.result.customers == ["Restaurant association"]
    user = fake_ai.requests[0]["messages"][-1]["content"]
    assert f"Business idea: {IDEA}" in user and "Stage: MVP" in user and "Revenue: $2,000" in user


def test_t_ora_2_an_unreadable_reply_gives_the_general_prediction_with_the_warning(
    founder: Founder, fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.broken_json().broken_json()

    async def run(tab: Tab, recorder: Recorder) -> OracleState:
        await tab.prepare(cookie, form=form())
        s = await fire(tab, "solve", busy="running")
        (toast,) = recorder.toasts()
        assert "Using general predictions due to processing error" in toast
        return s

    s = in_processor(OracleState, ROUTE, run)
    assert s.result is not None and s.result.sample == "general" and s.result.probability == 65
    assert s.result.band_label == "Moderate Success Potential"


def test_t_ora_2_a_failed_request_offers_try_again_and_shows_no_result(
    founder: Founder, fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.status(503).status(503).status(503)

    async def run(tab: Tab, recorder: Recorder) -> OracleState:
        await tab.prepare(cookie, form=form())
        s = await fire(tab, "solve", busy="running")
        (toast,) = recorder.toasts()
        assert "Failed to generate predictions" in toast
        assert "Please try or check your connection" in toast
        assert "Try Again" in toast and "solve" in toast
        return s

    s = in_processor(OracleState, ROUTE, run)
    assert s.result is None and s.progress == 0 and not s.running


def test_t_ora_1_no_idea_keeps_the_input_and_calls_nothing(
    founder: Founder, fake_ai: FakeAiServer
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> OracleState:
        await tab.prepare(cookie, form=form(businessIdea="  ", revenue="$9"))
        s = await fire(tab, "solve", busy="running")
        assert "Please enter your business idea first" in recorder.toasts()[0]
        return s

    s = in_processor(OracleState, ROUTE, run)
    assert s.errors == {"businessIdea": rules.IDEA_REQUIRED} and s.form["revenue"] == "$9"
    assert fake_ai.requests == []


def test_signed_out_asks_to_log_in_and_calls_nothing(engine: Engine, fake_ai: FakeAiServer) -> None:
    async def run(tab: Tab, recorder: Recorder) -> OracleState:
        await tab.prepare("", form=form())
        s = await fire(tab, "solve", busy="running")
        assert "Authentication required" in recorder.toasts()[0]
        await fire(content_tab(tab), "generate_content", busy="running", kind="email")
        assert "Authentication required" in recorder.toasts()[1]
        return s

    s = in_processor(OracleState, ROUTE, run)
    assert s.result is None and fake_ai.requests == []


def test_demo_mode_shows_the_labelled_sample_without_calling_any_ai(
    founder: Founder, settings_env: pytest.MonkeyPatch, quick: None
) -> None:
    settings_env.delenv("AI_API_KEY", raising=False)
    get_settings.cache_clear()
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> tuple[OracleState, OracleContentState]:
        await tab.prepare(cookie, form=form())
        s = await fire(tab, "solve", busy="running")
        assert "demo mode" in recorder.toasts()[0]
        return s, await fire(content_tab(tab), "generate_content", busy="running", kind="tasks")

    s, content = in_processor(OracleState, ROUTE, run)
    assert s.result is not None and s.result.sample == "demo" and s.result.probability == 72
    assert content.content is not None and content.content.title == "Next 30 Days Task List"
    assert content.content.text.count("Deadline:") == 5


# --- Generated content (T-ORA-4) ----------------------------------------------------------------


def test_t_ora_4_generated_code_opens_the_modal(founder: Founder, fake_ai: FakeAiServer) -> None:
    _, cookie = founder
    fake_ai.reply("```tsx\nexport default function Hero() {}\n```")

    async def run(tab: Tab, recorder: Recorder) -> OracleContentState:
        await tab.prepare(cookie, form=form())
        s = await fire(content_tab(tab), "generate_content", busy="running", kind="code")
        assert "code" in Recorder(OracleContentState, recorder.updates).values("generating")
        assert recorder.toasts() == []
        return s

    s = in_processor(OracleState, ROUTE, run)
    assert s.content is not None and s.content.kind == "code"
    assert s.content.text == "export default function Hero() {}"
    shown = s.content
    assert oracle_content.content_filename(shown.title, shown.kind) == "landing-page-component.tsx"
    assert IDEA in fake_ai.requests[0]["messages"][-1]["content"]


def test_t_ora_4_a_failure_shows_the_toast_and_no_modal(
    founder: Founder, fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.status(500).status(500).status(500)

    async def run(tab: Tab, recorder: Recorder) -> OracleContentState:
        await tab.prepare(cookie, form=form())
        s = await fire(content_tab(tab), "generate_content", busy="running", kind="video")
        (toast,) = recorder.toasts()
        assert "Failed to generate video script" in toast and "Please try again later" in toast
        await fire(content_tab(tab), "generate_content", busy="running", kind="root")
        return s

    s = in_processor(OracleState, ROUTE, run)
    assert s.content is None and s.generating == ""
    assert len(fake_ai.requests) == 3  # the unknown kind called nothing


# --- Live Pulse and the welcome toast (T-ORA-3, T-ORA-5) ---------------------------------------


class Always(random.Random):
    def random(self) -> float:
        return 0.0


def test_t_ora_3_the_pulse_loop_adds_items_keeps_five_and_stops_on_unmount(
    engine: Engine, monkeypatch: pytest.MonkeyPatch, quick: None
) -> None:
    monkeypatch.setattr(oracle_state, "_rng", Always(1))

    async def run(tab: Tab, recorder: Recorder) -> tuple[OracleState, int]:
        await tab.prepare("")
        async with tab.manager.modify_state(BaseStateToken(ident=tab.token, cls=State)) as root:
            with_result(await root.get_state(OracleState))
        event = Event(name=f"{OracleState.get_full_name()}.pulse_loop", payload={})
        await tab.processor.enqueue(tab.token, event)
        deadline = time.monotonic() + 10  # a loaded machine's moment for five pulses
        s = await tab.state()
        while len(s.pulse) < 5 and time.monotonic() < deadline:
            await asyncio.sleep(0.05)
            s = await tab.state()
        await asyncio.sleep(0.2)  # more pulses keep five
        s = await tab.state()
        assert len(s.pulse) == 5
        assert s.pulse[0].id > s.pulse[-1].id
        assert {p.type for p in s.pulse} <= set(rules.PULSE_TYPES)
        await fire(tab, "stop_pulse", busy="running")
        await asyncio.sleep(0.2)
        first = (await tab.state()).pulse[0].id
        await asyncio.sleep(0.3)
        return await tab.state(), first

    s, first = in_processor(OracleState, ROUTE, run)
    assert s.pulse[0].id == first  # nothing added after the feed unmounted


def test_t_ora_5_the_welcome_toast_lasts_5000_ms(quick: None) -> None:
    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare("")
        await fire(tab, "welcome", busy="running")
        deadline = time.monotonic() + 5
        while not recorder.toasts() and time.monotonic() < deadline:
            await asyncio.sleep(0.02)
        (toast,) = recorder.toasts()
        assert "Welcome to the Startup Oracle" in toast and "5000" in toast

    in_processor(OracleState, ROUTE, run)


def test_t_ora_1_4_the_chained_ai_handlers_on_their_own_do_nothing(
    founder: Founder, fake_ai: FakeAiServer
) -> None:
    """T-ORA-1, T-ORA-4: `run_prediction` / `run_content` work only on what `solve` /
    `generate_content` took; fired directly (no pending run, even while shown as running)
    they change nothing and call no AI."""
    _, cookie = founder
    fake_ai.reply_json(REPLY).reply("Some content")

    async def run(tab: Tab, recorder: Recorder) -> tuple[OracleState, OracleContentState]:
        content = content_tab(tab)
        runs = ((tab, "run_prediction"), (content, "run_content"))
        await tab.prepare(cookie, form=form())
        for on, handler in runs:
            await asyncio.wait_for(await on.start(handler), timeout=5)
        s, c = await tab.state(), await content.state()
        assert not s.running and not c.running and c.generating == "" and s.result is None
        await tab.prepare(cookie, running=True)  # busy, nothing pending
        await content.prepare(cookie, running=True, _asked="email")
        for on, handler in runs:
            await asyncio.wait_for(await on.start(handler), timeout=5)
        await asyncio.sleep(0.2)
        assert recorder.toasts() == []
        return await tab.state(), await content.state()

    s, c = in_processor(OracleState, ROUTE, run)
    assert s.running and c.running and c.generating == "email" and s.progress == 0
    assert s.result is None and c.content is None
    assert s._run == 0 and c._run == 0 and s.form == form()
    assert fake_ai.requests == []


# --- What a run without the model's answer says (run_tool's outcomes) ---------------------------


def test_t_ora_2_4_the_daily_limit_fails_with_its_message_and_calls_nothing(
    engine: Engine, founder: Founder, fake_ai: FakeAiServer, settings_env: pytest.MonkeyPatch
) -> None:
    """The prediction's failure toast shows the AI service's message (with Try Again); a
    content button says its own failure."""
    user_id, cookie = founder
    settings_env.setenv("AI_DAILY_TOKENS", "100")
    get_settings.cache_clear()
    with Session(engine) as db:
        db.add(AiUsage(user_id=user_id, tool_name="Startup Oracle", total_tokens=1000))
        db.commit()

    async def run(tab: Tab, recorder: Recorder) -> OracleState:
        await tab.prepare(cookie, form=form())
        s = await fire(tab, "solve", busy="running")
        await fire(content_tab(tab), "generate_content", busy="running", kind="email")
        prediction, content = recorder.toasts()
        assert "Failed to generate predictions" in prediction and BUDGET_EXCEEDED in prediction
        assert "Try Again" in prediction
        assert "Failed to generate email" in content and "Please try again later" in content
        return s

    s = in_processor(OracleState, ROUTE, run)
    assert s.result is None and s.progress == 0
    assert fake_ai.requests == []


def test_without_a_subscription_the_runs_say_so_and_call_nothing(
    founder: Founder, fake_ai: FakeAiServer, settings_env: pytest.MonkeyPatch
) -> None:
    _, cookie = founder
    settings_env.setenv("ACCESS_MODE", "subscription")
    get_settings.cache_clear()

    async def run(tab: Tab, recorder: Recorder) -> OracleContentState:
        await tab.prepare(cookie, form=form())
        await fire(tab, "solve", busy="running")
        s = await fire(content_tab(tab), "generate_content", busy="running", kind="tasks")
        prediction, content = recorder.toasts()
        assert "A subscription is needed to use the Startup Oracle" in prediction
        assert "See the pricing page for plans." in prediction and "Try Again" not in prediction
        assert "Failed to generate task list" in content
        return s

    s = in_processor(OracleState, ROUTE, run)
    assert s.content is None
    assert fake_ai.requests == []


def test_t_ora_4_a_content_button_without_an_idea_marks_the_idea_field(
    founder: Founder, fake_ai: FakeAiServer
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> OracleState:
        await tab.prepare(cookie, form=form(businessIdea=""))
        await fire(content_tab(tab), "generate_content", busy="running", kind="article")
        (toast,) = recorder.toasts()
        assert "Please enter your business idea first" in toast
        return await tab.state()

    s = in_processor(OracleState, ROUTE, run)
    assert s.errors == {"businessIdea": rules.IDEA_REQUIRED}
    assert fake_ai.requests == []
