"""IncubatorState without a browser (T-IDEA-1, T-AI-5).

The ordinary handlers directly (idea, tabs, save, download), and the background analysis and
stress test through Reflex's real event processor with an in-memory state manager, talking to
the fake OpenAI-compatible server over HTTP: the AI's results, the spec's error toasts, demo
mode, validation and a signed-out tab."""

from __future__ import annotations

import asyncio
import base64
import json
import re
from typing import Any

import pytest
from reflex.event import Event
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import incubator as rules
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS
from startup_toolkit.domain.tools import incubator as incubator_tool
from startup_toolkit.models.results import SavedResult
from startup_toolkit.pages.incubator import state as page
from startup_toolkit.pages.incubator.state import IncubatorState
from startup_toolkit.settings import get_settings
from tests.domain.test_incubator import ANALYSIS_REPLY, STRESS_REPLY
from tests.support.ai_server import FakeAiServer
from tests.support.events import js
from tests.support.tool_states import Recorder, Tab, in_processor
from tests.support.tool_states import substate as tool_substate

ROUTE = "/idea-incubator"
IDEA = "Reminders with deposits that cut no-shows for small physiotherapy clinics."


def substate(cookie: str = "") -> IncubatorState:
    return tool_substate(IncubatorState, ROUTE, cookie)


def with_results(s: IncubatorState, *, stress: bool = True) -> IncubatorState:
    s._show_analysis(rules.IdeaAnalysis.model_validate(ANALYSIS_REPLY), IDEA, False)
    if stress:
        s._show_stress(rules.StressTest.model_validate(STRESS_REPLY), False)
    return s


# --- Idea and tabs (T-IDEA-1) ------------------------------------------------------------------


def test_set_idea_caps_the_text_and_clears_a_fixed_message() -> None:
    s = substate()
    s.validation = rules.EMPTY_IDEA
    s.set_idea("x" * 10_000)
    assert len(s.idea) == rules.IDEA_INPUT_CAP
    assert s.validation == rules.EMPTY_IDEA  # still wrong: too long
    s.set_idea("A real idea")
    assert s.validation == ""
    s.set_idea(["not", "text"])  # type: ignore[arg-type]
    assert s.idea == "A real idea"


def test_t_idea_1_result_tabs_need_results_and_idea_input_resets_both() -> None:
    s = substate()
    s.set_tab("analysis")
    s.set_tab("stress")
    assert s.tab == "input"
    with_results(s, stress=False)
    assert s.tab == "analysis" and s.analysis is not None and s.stress is None
    s.set_tab("stress")
    assert s.tab == "analysis"
    with_results(s)
    assert s.tab == "stress" and s.stress is not None
    s.set_tab("analysis")
    assert s.tab == "analysis"
    s.set_tab("nonsense")
    assert s.tab == "analysis"
    s.set_tab("input")
    assert s.tab == "input" and s.analysis is None and s.stress is None
    assert s._analysed is None and s._stressed is None
    assert s.idea == ""  # unchanged: the idea was never typed here
    s.set_tab("analysis")
    assert s.tab == "input"


def test_t_idea_1_the_views_show_the_spec_top_counts() -> None:
    s = with_results(substate())
    assert [c.name for c in s.analysis.competitors] == ["Rival 1", "Rival 2", "Rival 3"]
    assert s.analysis.competitors[0].strengths == "Brand; Reach"
    assert s.analysis.features == ["Feature 1", "Feature 2", "Feature 3", "Feature 4"]
    assert s.analysis.strengths == ["S1", "S2", "S3"]
    assert s.analysis.risks == ["R1", "R2", "R3"]
    assert s.stress.actions == ["A1", "A2", "A3"]
    # issue 15: a publisher named without live research cannot be checked
    assert (s.analysis.size.text, s.analysis.size.label) == ("$4.2B (2024)", "Unverified source")
    assert s.analysis.size.url == "" and s.analysis.research == "off" and s.analysis.sources == []
    assert s.stress.title == "A suite copies deposits"


def test_t_idea_1_download_without_a_result_says_so() -> None:
    assert "No analysis available to download" in js(substate().download())


def test_t_idea_1_download_is_a_json_file_with_idea_analysis_and_stress_test() -> None:
    s = with_results(substate())
    (event,) = Event.from_event_type(s.download())
    assert re.fullmatch(r"startup-analysis-\d{13}\.json", event.payload["filename"])
    head, _, data = event.payload["url"].partition(",")
    assert head == "data:application/json;base64"
    report = json.loads(base64.b64decode(data))
    assert report["idea"] == IDEA
    assert len(report["analysis"]["competitiveAnalysis"]["competitors"]) == 5
    assert report["stressTest"]["stressScenario"]["title"] == "A suite copies deposits"


def test_t_ai_5_save_stores_the_analysis_for_the_signed_in_user(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    s = with_results(substate(cookie))
    assert "Results saved to your dashboard!" in js(asyncio.run(s.save()))
    with Session(engine) as db:
        (row,) = db.exec(select(SavedResult)).all()
    assert row.user_id == user_id and row.tool_name == "Idea Incubator"
    assert row.title.startswith("Idea Analysis + Stress Test - Reminders with deposits")
    assert "A suite copies deposits" in json.dumps(row.content)


def test_t_ai_5_save_needs_a_result_and_a_signed_in_user(engine: Engine) -> None:
    assert "Nothing to save yet" in js(asyncio.run(substate().save()))
    assert "Authentication required" in js(asyncio.run(with_results(substate()).save()))
    with Session(engine) as db:
        assert db.exec(select(SavedResult)).all() == []


# --- The background runs through Reflex's event processor --------------------------------------


def processed(run: Any) -> Any:
    return in_processor(IncubatorState, ROUTE, run)


def test_t_idea_1_analysis_then_stress_test_with_the_ai(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.reply_json(ANALYSIS_REPLY).reply_json(STRESS_REPLY)

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=f"  {IDEA} <idea>  ")
        s = await tab.fire("analyse", "running")
        assert s.analysis is not None and s.tab == "analysis" and not s.analysis.sample
        assert "Professional analysis complete!" in recorder.toasts()[-1]
        s = await tab.fire("stress_test", "running")
        assert "Stress test complete!" in recorder.toasts()[-1]
        return s

    s = processed(run)
    assert s.stress is not None and s.tab == "stress" and not s.stress.sample
    assert s.analysis.overview == "Clinics lose revenue to no-shows."
    assert s.stress.actions == ["A1", "A2", "A3"]
    first, second = fake_ai.requests
    assert first["response_format"] == {"type": "json_object"}
    assert f"<idea>\n{IDEA}\n</idea>" in first["messages"][-1]["content"]
    stress_prompt = second["messages"][-1]["content"]
    assert f"<idea>\n{IDEA}\n</idea>" in stress_prompt
    assert "Market: Clinics lose revenue to no-shows." in stress_prompt


def test_t_idea_1_an_ai_failure_shows_the_spec_toast_and_no_result(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.status(500).status(500).status(500)

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=IDEA)
        s = await tab.fire("analyse", "running")
        (toast,) = recorder.toasts()
        assert "Analysis generation failed. Please try again." in toast
        assert "more specific details" not in toast
        return s

    s = processed(run)
    assert s.analysis is None and s.tab == "input" and s.idea == IDEA


def test_t_idea_1_an_unusable_reply_twice_is_the_parse_failure_toast(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    broken = {k: v for k, v in ANALYSIS_REPLY.items() if k != "viabilityAssessment"}
    fake_ai.reply_json(broken).broken_json()

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=IDEA)
        s = await tab.fire("analyse", "running")
        (toast,) = recorder.toasts()
        assert rules.ANALYSIS_PARSE_FAILED in toast
        return s

    s = processed(run)
    assert s.analysis is None and len(fake_ai.requests) == 2  # the reply, then one repair


def test_t_idea_1_a_stress_test_failure_keeps_the_analysis(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.reply_json(ANALYSIS_REPLY).broken_json().broken_json()

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=IDEA)
        await tab.fire("analyse", "running")
        s = await tab.fire("stress_test", "running")
        assert "Stress test generation failed. Please try again." in recorder.toasts()[-1]
        return s

    s = processed(run)
    assert s.analysis is not None and s.stress is None and s.tab == "analysis"


def test_a_failed_analysis_leaves_the_error_panel_and_retry_runs_it_again(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    """Issue 17, item 3: like the Scanner, a failure leaves a panel with Retry; the idea is
    kept; Retry succeeds; Edit idea goes back to the form."""
    _, cookie = founder
    fake_ai.status(500).status(500).status(500).reply_json(ANALYSIS_REPLY)

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=IDEA)
        s = await tab.fire("analyse", "running")
        assert s.failure.kind == "analysis" and s.idea == IDEA
        assert s.failure.text.startswith("Analysis generation failed. Please try again.")
        s = await tab.fire("retry", "running")
        assert s.analysis is not None and s.failure is None
        return s

    s = processed(run)
    assert s.tab == "analysis" and len(fake_ai.requests) == 4


def test_a_failed_stress_test_leaves_its_panel_over_the_kept_analysis(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.reply_json(ANALYSIS_REPLY).broken_json().broken_json().reply_json(STRESS_REPLY)

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=IDEA)
        await tab.fire("analyse", "running")
        s = await tab.fire("stress_test", "running")
        assert s.failure.kind == "stress" and s.analysis is not None and s.tab == "analysis"
        assert "Stress test generation failed" in s.failure.text
        s = await tab.fire("retry", "running")
        assert s.stress is not None and s.failure is None
        return s

    processed(run)


def test_t_idea_1_a_stress_test_needs_an_analysis(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=IDEA)
        s = await tab.fire("stress_test", "running")
        assert "Please generate an idea analysis first" in recorder.toasts()[0]
        return s

    s = processed(run)
    assert s.stress is None and fake_ai.requests == []


@pytest.mark.parametrize(
    ("idea", "message"),
    [("   ", rules.EMPTY_IDEA), ("x" * 5001, "Your description is too long")],
)
def test_t_idea_1_bad_ideas_get_a_message_keep_the_text_and_call_nothing(
    founder: tuple[str, str], fake_ai: FakeAiServer, idea: str, message: str
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=idea)
        s = await tab.fire("analyse", "running")
        assert message in recorder.toasts()[0]
        return s

    s = processed(run)
    assert s.validation == message and s.idea == idea
    assert s.analysis is None and fake_ai.requests == []


def test_demo_mode_shows_the_labelled_samples_without_calling_any_ai(
    founder: tuple[str, str], settings_env: pytest.MonkeyPatch, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings_env.delenv("AI_API_KEY", raising=False)
    get_settings.cache_clear()
    monkeypatch.setattr(incubator_tool, "DEMO_SECONDS", 0.1)
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=IDEA)
        await tab.fire("analyse", "running")
        s = await tab.fire("stress_test", "running")
        toasts = recorder.toasts()
        assert "Professional analysis complete!" in toasts[0] and rules.SAMPLE_LABEL in toasts[0]
        assert "Stress test complete!" in toasts[1]
        return s

    s = processed(run)
    assert s.analysis.sample and s.stress.sample and s.stress is not None
    assert s.analysis.overview == SAMPLE_ANALYSIS.marketAnalysis.overview
    assert len(s.analysis.competitors) == 3 and len(s.analysis.features) == 4


def test_signed_out_asks_to_log_in_and_calls_nothing(engine: Engine, fake_ai: FakeAiServer) -> None:
    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare("", idea=IDEA)
        s = await tab.fire("analyse", "running")
        assert "Authentication required" in recorder.toasts()[0]
        return s

    s = processed(run)
    assert (
        s.analysis is None
        and not (s.running and s.run_kind == page.ANALYSIS)
        and fake_ai.requests == []
    )


@pytest.mark.parametrize(
    ("handler", "kind"),
    [("run_analysis", page.ANALYSIS), ("run_stress_test", page.STRESS)],
)
def test_t_idea_1_the_chained_ai_handlers_on_their_own_do_nothing(
    founder: tuple[str, str], fake_ai: FakeAiServer, handler: str, kind: str
) -> None:
    """T-IDEA-1: `run_analysis` / `run_stress_test` work only on what `analyse` /
    `stress_test` took; fired directly (no pending run, even while shown as running) they
    change nothing and call no AI."""
    _, cookie = founder
    fake_ai.reply_json(ANALYSIS_REPLY).reply_json(STRESS_REPLY)

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=IDEA)
        async with tab.manager.modify_state(BaseStateToken(ident=tab.token, cls=State)) as root:
            (await root.get_state(IncubatorState))._show_analysis(
                rules.IdeaAnalysis.model_validate(ANALYSIS_REPLY), IDEA, sample=False
            )
        await asyncio.wait_for(await tab.start(handler), timeout=5)
        s = await tab.state()
        assert not s.running and s.analysis is not None and s.stress is None and s._run == 0
        await tab.prepare(cookie, running=True, run_kind=kind)  # busy, nothing pending
        await asyncio.wait_for(await tab.start(handler), timeout=5)
        await asyncio.sleep(0.2)
        s = await tab.state()
        assert s.running and s.run_kind == kind and recorder.toasts() == []
        return s  # type: ignore[no-any-return]

    s = processed(run)
    assert s.analysis is not None and s.stress is None and s.tab == "analysis" and s._run == 0
    assert s.idea == IDEA and fake_ai.requests == []


def test_t_idea_1_the_other_kind_of_run_leaves_a_pending_one_alone(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    """T-IDEA-1: `run_stress_test` fired while an analysis waits for `run_analysis` neither
    takes nor runs it; `run_analysis` then does."""
    _, cookie = founder
    fake_ai.reply_json(ANALYSIS_REPLY)

    async def run(tab: Tab, recorder: Recorder) -> IncubatorState:
        await tab.prepare(cookie, idea=IDEA)
        async with tab.manager.modify_state(BaseStateToken(ident=tab.token, cls=State)) as root:
            s = await root.get_state(IncubatorState)
            s.run_kind = page.ANALYSIS
            s._start_run(page.AnalysisForm(IDEA))
        await asyncio.wait_for(await tab.start("run_stress_test"), timeout=5)
        s = await tab.state()
        assert (
            s.running
            and s.run_kind == page.ANALYSIS
            and s._pending == page.AnalysisForm(IDEA)
            and fake_ai.requests == []
        )
        return await tab.fire("run_analysis", "running")

    s = processed(run)
    assert s.analysis is not None and s.stress is None and len(fake_ai.requests) == 1
