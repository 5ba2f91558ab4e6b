"""ScannerState without a browser.

The ordinary handlers directly (T-SCAN-1 input and hint, T-SCAN-3 New Scan, T-SCAN-5
save and export, T-AI-5 saving through the shared helper), and the background scan through
Reflex's real event processor with an in-memory state manager, talking to the fake
OpenAI-compatible server over HTTP (T-SCAN-2 progress and success toast, T-SCAN-4 parse and
system failures, one call per click, demo mode, budget)."""

from __future__ import annotations

import asyncio
import base64
import itertools
import json
import time
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.tools import scanner as scanner_run
from startup_toolkit.models.results import SavedResult
from startup_toolkit.pages.scanner import state as page
from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.services import access, ai
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer
from tests.support.events import js
from tests.support.tool_states import Recorder, Tab, in_processor
from tests.support.tool_states import substate as tool_substate

ROUTE = "/startup-viability-scanner"
IDEA = "A scheduling app for physiotherapists that cuts no-shows with deposits."
REPLY: dict[str, Any] = {
    "overallScore": 58,
    "overallAssessment": "Real pain, but a crowded market.",
    "categories": [
        {
            "category": name,
            "score": score,
            "assessment": f"{name} assessment.",
            "reasoning": f"{name} reasoning.",
            "confidence": conf,
        }
        for name, score, conf in zip(
            rules.CATEGORY_NAMES,
            (81, 45, 60, 79, 30),
            ("high", "medium", "low", "medium", "high"),
            strict=True,
        )
    ],
    "actionSteps": ["Interview users", "Narrow the niche", "Pre-sell", "Build MVP", "Measure"],
    "competitors": [
        {"name": "Acme", "strengthScore": 70, "weakness": "Slow", "differentiator": "Fast"}
    ],
    "marketInsights": {
        "size": {"value": "$1.2B", "source": "Statista, 2024"},
        "growthRate": {"value": "9% CAGR", "source": "No recent data/source available"},
        "keyTrends": [{"text": "Telehealth", "source": "McKinsey, 2024"}],
        "challenges": ["Reimbursement rules"],
    },
}


def substate(cookie: str = "") -> ScannerState:
    return tool_substate(ScannerState, ROUTE, cookie)


def saved_rows(engine: Engine) -> list[SavedResult]:
    with Session(engine) as db:
        return list(db.exec(select(SavedResult)).all())


# --- T-SCAN-1: input ---------------------------------------------------------------------------


def test_set_idea_caps_the_stored_text_and_ignores_non_text() -> None:
    s = substate()
    s.set_idea("y" * 50_000)
    assert len(s.idea) == rules.IDEA_INPUT_CAP
    s.set_idea(["not", "text"])  # type: ignore[arg-type]
    assert len(s.idea) == rules.IDEA_INPUT_CAP


def test_t_scan_2_progress_steps_are_capped_at_95() -> None:
    assert page.next_progress(0, 10) == 10
    assert page.next_progress(90, 10) == 95
    assert page.next_progress(95, 7) == 95
    assert page.next_progress(40, -3) == 40
    assert all(0 <= page.progress_step() <= 10 for _ in range(200))


# --- T-SCAN-3, T-SCAN-5 with a result in place -------------------------------------------------


def with_result(s: ScannerState) -> ScannerState:
    s.idea = IDEA
    s._present(page.Scan(rules.ScanResult.model_validate(REPLY), IDEA, utcnow(), False))
    return s


def test_t_scan_3_result_view_values() -> None:
    s = with_result(substate())
    assert s.result is not None and s.result.score == 58
    assert (s.result.verdict_label, s.result.verdict_color) == ("Needs Rethinking", "red")
    assert [c.score for c in s.result.categories] == [81, 45, 60, 79, 30]
    assert [c.color for c in s.result.categories] == ["green", "red", "amber", "amber", "red"]
    assert s.result.categories[0].reasoning == "Problem Validation reasoning."
    assert s.result.categories[2].confidence == "low"
    assert s.result.steps[0] == "Interview users"
    assert s.result.competitors[0].name == "Acme" and s.result.competitors[0].strengthScore == 70
    # Issue 15: without live research a publisher named from memory cannot be checked
    assert (s.result.market_size.text, s.result.market_size.label) == ("$1.2B", "Unverified source")
    assert s.result.market_size.state == "unverified" and s.result.market_size.url == ""
    assert s.result.growth_rate.label == "No recent data/source available"
    assert s.result.trends[0].label == "Unverified source"
    assert s.result.challenges[0].text == "Reimbursement rules"
    assert s.result.research == "off" and s.result.sources == []
    assert s.result.chart_data[0] == {
        "name": "Problem",
        "category": "Problem Validation",
        "score": 81,
        "fill": "var(--green-9)",
    }
    assert "Founder Fit 30" in s.result.chart_label


def test_issue_15_confidence_comes_from_evidence_and_says_why() -> None:
    """No research step has read pages: every confidence is low, and says so honestly, even
    where the model itself said high."""
    s = with_result(substate())
    assert [c.confidence for c in s.result.categories] == ["low"] * 5
    assert s.result.categories[0].confidence_note == (
        "Low: no live sources; the model's own confidence was high"
    )
    assert s.result.categories[1].confidence_note == (
        "Low: no live sources; the model's own confidence was medium"
    )
    assert s.result.confidence_note == "Low: no live sources; the model's own confidence was medium"
    s.new_scan()
    assert s.result is None


def test_t_scan_3_new_scan_resets_everything_including_the_result_and_idea() -> None:
    s = with_result(substate())
    s.progress, s.error = 100, "old"
    s.new_scan()
    assert (s.idea, s.progress, s.error, s.validation) == ("", 0, "", "")
    assert s.result is None and not s.running and s._shown is None


def test_t_scan_5_save_stores_title_metadata_and_content(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    s = with_result(substate(cookie))
    code = js(asyncio.run(s.save()))
    assert "Results saved to your dashboard!" in code
    (row,) = saved_rows(engine)
    assert row.user_id == user_id
    assert row.tool_name == "Startup Viability Scanner"
    assert row.title == "Viability Analysis - Score: 58/100"
    assert row.content_type == "analysis"
    data = row.content["data"]
    assert data["idea"] == IDEA and data["overallScore"] == 58
    assert data["scores"]["Founder Fit"] == 30
    meta = row.result_metadata
    assert meta["ideaLength"] == len(IDEA) and meta["categoryCount"] == 5
    assert meta["scanDate"].endswith("Z") and "savedAt" in meta
    assert "Viability Analysis - Score: 58/100" in row.formatted_content


def test_t_ai_5_save_without_sign_in_or_without_result(
    engine: Engine, founder: tuple[str, str]
) -> None:
    s = with_result(substate())
    code = js(asyncio.run(s.save()))
    assert "Authentication required" in code and "Please log in to save results" in code
    assert saved_rows(engine) == []
    _, cookie = founder
    code = js(asyncio.run(substate(cookie).save()))
    assert "Nothing to save yet" in code
    assert saved_rows(engine) == []


def test_t_scan_5_export_downloads_the_json() -> None:
    s = with_result(substate())
    code = js(s.export())
    assert "_download" in code and "viability-analysis-" in code and ".json" in code
    encoded = code.split("data:application/json;base64,", 1)[1].split('"', 1)[0]
    data = json.loads(base64.b64decode(encoded))
    assert data["title"] == "Viability Analysis - Score: 58/100"
    assert data["idea"] == IDEA and data["categoryCount"] == 5
    assert data["result"]["competitors"][0]["name"] == "Acme"
    assert "No analysis available to download" in js(substate().export())


# --- The background scan through Reflex's event processor ---------------------------------------


def scan(tab: Tab) -> Any:
    """Click Launch Genesis Scan and wait until the scan is over."""
    return tab.fire("scan", busy="running")


async def idle(tab: Tab, timeout: float = 15) -> Any:
    """The state once no scan runs any more."""
    deadline = time.monotonic() + timeout
    while (s := await tab.state()).running:
        assert time.monotonic() < deadline, "the scan did not finish"
        await asyncio.sleep(0.02)
    return s


def stamped(recorder: Recorder) -> list[float]:
    """When each of `recorder`'s updates arrived, in the order of `recorder.updates`."""
    times: list[float] = []
    emit = recorder.emit_update

    async def timed(update: Any, token: str) -> None:
        times.append(time.monotonic())
        await emit(update, token)

    recorder.emit_update = timed  # type: ignore[method-assign]
    return times


def first_at(recorder: Recorder, times: list[float], found: Any) -> float:
    """When the first update for which `found(update)` holds arrived."""
    return next(at for at, u in zip(times, recorder.updates, strict=True) if found(u))


@pytest.fixture
def fast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(rules, "PROGRESS_TICK_SECONDS", 0.02)
    monkeypatch.setattr(rules, "FINISH_DELAY_SECONDS", 0.05)
    monkeypatch.setattr(rules, "DEMO_SECONDS", 0.2)


def test_t_scan_2_progress_rises_then_100_and_the_toast_comes_500ms_later(
    founder: tuple[str, str], fake_ai: FakeAiServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, cookie = founder
    # ~66 ticks of 30 ms over a 2 s reply: room for a loaded machine's slower ticks.
    monkeypatch.setattr(rules, "PROGRESS_TICK_SECONDS", 0.03)
    fake_ai.slow(2.0, text=json.dumps(REPLY))

    async def run(tab: Tab, recorder: Recorder) -> None:
        times = stamped(recorder)
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        # The app's overall (the categories' average), not the model's 58 (issue 15, item 6).
        assert (
            s.result is not None
            and s.progress == 100
            and s.result.score == 59
            and not s.result.sample
        )
        assert [c.score for c in s.result.categories] == [81, 45, 60, 79, 30]
        progress = recorder.values("progress")
        assert progress[0] == 0 and progress[-1] == 100
        rising = progress[1:-1]
        assert rising and max(rising) <= 95
        assert rising == sorted(rising)  # never goes down while waiting
        assert max(rising) == 95  # ~66 ticks averaging 5 reach the cap
        steps = [b - a for a, b in itertools.pairwise(progress[:-1])]
        assert all(0 <= step <= 10 for step in steps)
        name = ScannerState.get_full_name()
        shown_at = first_at(
            recorder,
            times,
            lambda u: any(
                k.startswith("result_rx_state_") and v is not None
                for k, v in (u.delta or {}).get(name, {}).items()
            ),
        )
        toasts = recorder.toasts()
        assert len(toasts) == 1 and "Genesis Scan complete!" in toasts[0]
        assert "59/100" in toasts[0] and '"success"' in toasts[0]
        toast_at = first_at(
            recorder,
            times,
            lambda u: any("toast" in str(e.payload.get("function", "")) for e in u.events or []),
        )
        assert toast_at - shown_at >= 0.45

    in_processor(ScannerState, ROUTE, run)
    (request,) = fake_ai.requests
    assert request["temperature"] == pytest.approx(0.2)
    assert request["response_format"] == {"type": "json_object"}
    system, user = request["messages"][0]["content"], request["messages"][1]["content"]
    assert "Genesis Engine" in system
    assert f"<idea>\n{IDEA}\n</idea>" in user


def test_a_second_click_while_running_starts_no_second_call(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None
) -> None:
    _, cookie = founder
    fake_ai.slow(0.5, text=json.dumps(REPLY))

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        first = await tab.start("scan")
        await asyncio.sleep(0.1)
        second = await tab.start("scan")
        await asyncio.wait_for(asyncio.gather(first, second), timeout=15)
        s = await idle(tab)
        assert s.result is not None

    in_processor(ScannerState, ROUTE, run)
    assert len(fake_ai.requests) == 1


def test_t_scan_4_broken_json_twice_is_the_parse_failure_panel(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None
) -> None:
    _, cookie = founder
    fake_ai.broken_json().broken_json()

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert s.error == rules.PARSE_FAILED_PANEL
        assert s.progress == 0 and s.result is None
        (toast,) = recorder.toasts()
        assert "Analysis Error" in toast and "Couldn't process the analysis" in toast
        assert '"error"' in toast

    in_processor(ScannerState, ROUTE, run)
    assert len(fake_ai.requests) == 2  # the reply, then one repair request


def test_t_scan_4_missing_categories_is_a_parse_failure_too(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None
) -> None:
    _, cookie = founder
    no_categories = {k: v for k, v in REPLY.items() if k != "categories"}
    fake_ai.reply_json(no_categories).reply_json(no_categories, fenced=True)

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        assert (await scan(tab)).error == rules.PARSE_FAILED_PANEL

    in_processor(ScannerState, ROUTE, run)


#: What a small model replied (issue 15, item 7): the prompt's placeholder as the assessment,
#: an overall of 0 and three categories left at their defaults.
TEMPLATE_ECHO: dict[str, Any] = {
    **REPLY,
    "overallScore": 0,
    "overallAssessment": "<two or three sentences: the verdict and the main reason>",
    "categories": REPLY["categories"][:2],
}
#: Scores its own text contradicts: "very weak" on an 85.
CONTRADICTION: dict[str, Any] = {
    **REPLY,
    "categories": [
        {**REPLY["categories"][0], "score": 85, "assessment": "Very weak: nobody asked."},
        *REPLY["categories"][1:],
    ],
}


@pytest.mark.parametrize("bad", [TEMPLATE_ECHO, CONTRADICTION], ids=["echo", "contradiction"])
def test_issue_15_a_reply_that_is_no_result_twice_is_the_parse_failure_panel(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None, bad: dict[str, Any]
) -> None:
    _, cookie = founder
    fake_ai.reply_json(bad).reply_json(bad)

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert s.error == rules.PARSE_FAILED_PANEL and s.result is None
        (toast,) = recorder.toasts()
        assert "Analysis Error" in toast

    in_processor(ScannerState, ROUTE, run)
    assert len(fake_ai.requests) == 2


def test_issue_15_the_repair_names_the_problems_and_a_good_second_reply_is_shown(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None
) -> None:
    _, cookie = founder
    fake_ai.reply_json(TEMPLATE_ECHO).reply_json(REPLY)

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert s.error == "" and s.result is not None and s.result.score == 59
        assert s.result.assessment == "Real pain, but a crowded market."

    in_processor(ScannerState, ROUTE, run)
    repair = fake_ai.requests[1]["messages"][-1]["content"]
    assert '"<two or three sentences: the verdict and the main reason>"' in repair
    assert "categories: Failure Risk, categories: Monetization Potential" in repair
    assert "overallScore is 0 while the category scores average" in repair


def test_t_scan_4_server_errors_are_the_system_failure_panel_and_retry_works(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None
) -> None:
    _, cookie = founder
    fake_ai.status(500).status(500).status(500)  # every attempt fails
    fake_ai.reply_json(REPLY, fenced=True)  # the retry succeeds

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert s.error == rules.SYSTEM_FAILED_PANEL and s.progress == 0
        toasts = recorder.toasts()
        assert "Analysis Failed" in toasts[0]
        assert "System error occurred. Please try again." in toasts[0]
        # Retry Genesis Analysis: the error clears and the scan reruns.
        s = await scan(tab)
        assert s.error == "" and s.result is not None and s.result.score == 59

    in_processor(ScannerState, ROUTE, run)
    assert len(fake_ai.requests) == 4


def test_budget_exceeded_shows_its_own_message(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, cookie = founder

    async def spent(*args: Any, **kwargs: Any) -> Any:
        raise ai.AiBudgetExceeded()

    monkeypatch.setattr(ai, "generate_json", spent)

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert s.error == ai.BUDGET_EXCEEDED
        assert "Daily AI allowance used" in recorder.toasts()[0]

    in_processor(ScannerState, ROUTE, run)


def test_demo_mode_shows_the_sample_without_calling_the_ai(
    founder: tuple[str, str], settings_env: pytest.MonkeyPatch, fast: None
) -> None:
    settings_env.delenv("AI_API_KEY", raising=False)
    get_settings.cache_clear()
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert (
            s.result is not None
            and s.result.sample
            and s.result.score == scanner_run.SAMPLE_SCAN.overallScore
        )
        progress = recorder.values("progress")
        assert len(progress) > 3 and progress[-1] == 100  # the same animation ran

    in_processor(ScannerState, ROUTE, run)


def test_t_scan_1_short_idea_is_refused_with_the_specs_texts(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea="   too short idea   ")
        s = await scan(tab)
        assert s.validation == "Please provide more details about your startup idea"
        assert not s.running and s.progress == 0
        (toast,) = recorder.toasts()
        assert "We need at least 20 characters to perform a meaningful analysis." in toast

    in_processor(ScannerState, ROUTE, run)
    assert fake_ai.requests == []


def test_signed_out_scans_are_refused(engine: Engine, fake_ai: FakeAiServer, fast: None) -> None:
    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare("", idea=IDEA)
        s = await scan(tab)
        assert not s.running and s.result is None
        assert "Authentication required" in recorder.toasts()[0]

    in_processor(ScannerState, ROUTE, run)
    assert fake_ai.requests == []


def test_new_scan_while_running_drops_the_late_result(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None
) -> None:
    _, cookie = founder
    fake_ai.slow(0.4, text=json.dumps(REPLY))

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        future = await tab.start("scan")
        await asyncio.sleep(0.1)
        await asyncio.wait_for(await tab.start("new_scan"), timeout=5)
        await asyncio.wait_for(future, timeout=15)
        await asyncio.sleep(0.2)
        s = await tab.state()
        assert s.result is None and s.idea == "" and s.progress == 0 and not s.running
        assert recorder.toasts() == []

    in_processor(ScannerState, ROUTE, run)


def test_t_scan_2_run_scan_on_its_own_does_nothing(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None
) -> None:
    """T-SCAN-2: the chained `run_scan` works only on what `scan` took; fired directly (no
    pending scan, even while a scan is shown as running) it changes nothing and calls no AI."""
    _, cookie = founder
    fake_ai.reply_json(REPLY)

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        await asyncio.wait_for(await tab.start("run_scan"), timeout=5)
        s = await tab.state()
        assert not s.running and s.result is None and s.progress == 0
        assert s.idea == IDEA and s.error == "" and s.validation == "" and s._run == 0
        await tab.prepare(cookie, running=True)  # busy, nothing pending
        await asyncio.wait_for(await tab.start("run_scan"), timeout=5)
        await asyncio.sleep(0.2)
        s = await tab.state()
        assert s.running and s.result is None and s.progress == 0 and s._run == 0
        assert recorder.toasts() == []

    in_processor(ScannerState, ROUTE, run)
    assert fake_ai.requests == []


def test_p_auth_2_without_a_subscription_the_panel_says_so(
    founder: tuple[str, str],
    fake_ai: FakeAiServer,
    fast: None,
    settings_env: pytest.MonkeyPatch,
) -> None:
    """P-AUTH-2: subscription mode without a subscription: the no-access panel and toast,
    no AI call."""
    settings_env.setenv("ACCESS_MODE", "subscription")
    get_settings.cache_clear()
    fake_ai.reply_json(REPLY)
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert s.error == "A subscription is needed to run a Genesis Scan"
        assert s.progress == 0 and s.result is None
        (toast,) = recorder.toasts()
        assert "A subscription is needed to run a Genesis Scan" in toast
        assert "See the pricing page for plans." in toast

    in_processor(ScannerState, ROUTE, run)
    assert fake_ai.requests == []


def test_t_scan_4_a_database_error_in_the_access_check_is_the_system_failure(
    founder: tuple[str, str], fake_ai: FakeAiServer, fast: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    _, cookie = founder

    def broken(*args: object) -> bool:
        raise RuntimeError("database down")

    monkeypatch.setattr(access, "may_use_tools", broken)

    async def run(tab: Tab, recorder: Recorder) -> None:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert s.error == rules.SYSTEM_FAILED_PANEL and s.result is None
        assert "Analysis Failed" in recorder.toasts()[0]

    in_processor(ScannerState, ROUTE, run)
    assert fake_ai.requests == []
