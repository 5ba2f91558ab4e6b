"""FundingState without a browser (T-FUND-1, T-FUND-2, T-AI-5).

The ordinary handlers directly (fields, tabs, save, download), and the background prediction
through Reflex's real event processor with an in-memory state manager, talking to the fake
OpenAI-compatible server over HTTP: phases, the AI's prediction, the estimated analysis when
the AI fails or in demo mode, invalid input and a signed-out tab."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from reflex.event import Event
from reflex_base.utils import format
from sqlalchemy.engine import Engine

from startup_toolkit.domain import funding as rules
from startup_toolkit.domain import funding_estimate as estimates
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.tools import funding as funding_tool
from startup_toolkit.pages.funding import state as page
from startup_toolkit.pages.funding.state import FundingState
from startup_toolkit.services.tool_runs import RunStatus, ToolOutcome
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer
from tests.support.tool_pages import SPEC_DEFAULT_FORM, saved_row
from tests.support.tool_states import Recorder, Tab, in_processor
from tests.support.tool_states import substate as tool_substate

ROUTE = "/funding-predictor"
REPLY: dict[str, Any] = {
    "success": True,
    "amount": "$2.5M",
    "amountRange": "$1.5M - $3M",
    "investors": [
        {
            "name": "Example Seed Fund",
            "focus": "B2B SaaS seed rounds",
            "reason": "Leads seed rounds in vertical SaaS",
            "contactInfo": "https://seed.example.com",
        },
        {"name": "", "focus": "nameless, dropped"},
    ],
    "analysis": "Strong growth and revenue ahead of the seed benchmark.",
    "keyMetrics": {"revenue": "$600K ARR", "growthRate": "15% MoM", "marketPotential": "72%"},
    "rewrittenPitch": "We help clinics cut no-shows.",
    "recommendations": ["Build a data room", {"action": "Get warm intros"}],
}


def substate(cookie: str = "") -> FundingState:
    return tool_substate(FundingState, ROUTE, cookie)


def form(**values: str) -> dict[str, str]:
    """The form with the spec's defaults and these changes."""
    return {**rules.default_form(), **values}


def with_result(s: FundingState, changes: dict[str, Any] | None = None) -> FundingState:
    data, _ = rules.parse_input(rules.default_form())
    assert data is not None
    prediction = rules.FundingPrediction.model_validate({**REPLY, **(changes or {})})
    s._present(page.ShownPrediction(prediction, data, utcnow()))
    return s


# --- Fields and tabs (T-FUND-1) ------------------------------------------------------------------


def test_t_fund_1_the_form_starts_with_the_spec_defaults() -> None:
    s = substate()
    assert s.form == {}  # nothing changed: the page shows the defaults (none sent)
    assert s._values() == SPEC_DEFAULT_FORM
    assert s.result is None


def test_set_field_keeps_known_fields_only_and_clears_their_error() -> None:
    s = substate()
    s.errors = {"revenue": "Monthly revenue (USD) must be a number.", "team_size": "x"}
    s.set_field("revenue", "$75k")
    assert s.form["revenue"] == "$75k" and "revenue" not in s.errors and "team_size" in s.errors
    s.set_field("is_admin", "yes")
    s.set_field("pitch", ["not", "text"])  # type: ignore[arg-type]
    assert "is_admin" not in s.form and s._values()["pitch"] == ""
    s.set_field("pitch", "p" * 10_000)
    assert len(s.form["pitch"]) == rules.PITCH_INPUT_CAP


def test_t_fund_1_results_tab_needs_a_result_and_input_metrics_clears_it() -> None:
    """The open tab follows the result (Prediction Results while there is one)."""
    s = substate()
    s.set_tab("results")
    assert s.result is None
    with_result(s)
    assert s.result is not None
    s.set_tab("results")
    assert s.result is not None
    s.set_tab("input")
    assert s._shown is None


def test_t_fund_2_result_values() -> None:
    s = with_result(substate())
    r = s.result
    assert (r.headline, r.amount, r.amount_range) == ("Funding Likely", "$2.5M", "$1.5M - $3M")
    assert [(i.name, i.contactInfo) for i in r.investors] == [
        ("Example Seed Fund", "https://seed.example.com")
    ]
    assert (r.revenue, r.growth_rate, r.market_potential) == ("$600K ARR", "15% MoM", 72)
    assert r.recommendations == ["Build a data room", "Get warm intros"]
    assert not r.estimated and r.estimate_reason == ""
    # Issue 17, item 5: the gauge's data and what the result rests on.
    assert [d.value for d in r.gauge] == [72, 28]
    assert len(r.factors) == 6 and r.drivers_summary.startswith("Strongest: ")
    assert r.drivers_caution == ""  # Funding Likely with a 72/100 market: nothing odd


def test_funding_likely_with_no_market_potential_says_what_carries_it() -> None:
    """Issue 17, item 5: 'Funding Likely' next to 'Market potential 0/100' is explained."""
    r = with_result(substate(), {"keyMetrics": {"marketPotential": 0}}).result
    assert r.headline == "Funding Likely" and r.market_potential == 0
    assert "although market potential is only 0/100: it rests on" in r.drivers_caution


def test_issue_28_the_ais_reading_and_the_inputs_are_labelled_and_a_wide_gap_is_said() -> None:
    """Issue 28, item 4: the default $1M market scores 0/20 from the inputs while the AI
    reads a market potential of 78/100 and calls funding likely: the page says whose each
    number is, gives the app's own reading beside the AI's, and says in one line that and
    why they differ."""
    r = with_result(substate(), {"keyMetrics": {"marketPotential": 78}}).result
    assert r is not None and not r.estimated
    assert r.source == "The AI's reading" and r.market_potential == 78
    assert r.drivers_title == "From your inputs: the app's own score"
    assert r.inputs_line.startswith("Scored by the app's rules, not the AI: readiness 72/100")
    assert "market potential 0/100" in r.inputs_line
    assert r.gap_note.startswith("The AI's reading and your inputs disagree:")
    assert "the AI rates market potential 78/100, your market size of $1M gives 0/100" in (
        r.gap_note
    )
    assert "the AI calls funding likely, the score from your inputs does not" in r.gap_note
    assert r.gap_note.count("\n") == 0
    market = next(f for f in r.factors if f.name == "Market size")
    assert (market.points, market.most) == (0, 20)


def test_issue_28_no_gap_line_when_the_ai_and_the_inputs_agree() -> None:
    s = substate()
    data, _ = rules.parse_input(form(market_size="1B"))
    assert data is not None
    reply = {**REPLY, "keyMetrics": {**REPLY["keyMetrics"], "marketPotential": 90}}
    prediction = rules.FundingPrediction.model_validate(reply)
    s._present(page.ShownPrediction(prediction, data, utcnow()))
    assert s.result is not None and s.result.gap_note == ""
    estimate = estimates.estimate(data)
    s._present(page.ShownPrediction(estimate, data, utcnow(), Origin.FALLBACK))
    r = s.result
    assert r is not None and r.estimated and r.source == "From your inputs"
    assert (r.gap_note, r.inputs_line, r.drivers_title) == ("", "", "What drove this estimate")


def test_t_fund_2_download_report_is_a_json_file_named_by_timestamp() -> None:
    s = substate()
    assert "No prediction available to download" in str(format.format_queue_events(s.download()))
    with_result(s)
    (event,) = Event.from_event_type(s.download())
    assert re.fullmatch(r"funding-prediction-\d{13}\.json", event.payload["filename"])
    head, _, data = event.payload["url"].partition(",")
    assert head == "data:application/json;base64"
    report = json.loads(base64.b64decode(data))
    assert report["headline"] == "Funding Likely" and report["basis"] == "ai"
    assert report["prediction"]["investors"][0]["name"] == "Example Seed Fund"


def test_t_ai_5_save_stores_the_prediction_for_the_signed_in_user(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    row = saved_row(engine, with_result(substate(cookie)))
    assert row.user_id == user_id and row.tool_name == "Funding Predictor"
    assert row.title == "Funding Prediction - Funding Likely ($2.5M)"
    assert "Example Seed Fund" in json.dumps(row.content)


# --- The background prediction through Reflex's event processor --------------------------------


def predict(tab: Tab) -> Any:
    return tab.fire("predict", busy="running")


@pytest.fixture
def quick_phases(monkeypatch: pytest.MonkeyPatch) -> None:
    """The four phases 0.15 s apart, ticks every 20 ms, a short demo."""
    monkeypatch.setattr(
        rules, "PHASES", tuple((i * 0.15, label) for i, (_, label) in enumerate(rules.PHASES))
    )
    monkeypatch.setattr(page, "TICK_SECONDS", 0.02)
    monkeypatch.setattr(funding_tool, "DEMO_SECONDS", 0.2)


def test_t_fund_1_t_fund_2_phases_advance_then_the_ai_prediction_shows(
    founder: tuple[str, str], fake_ai: FakeAiServer, quick_phases: None
) -> None:
    _, cookie = founder
    fake_ai.slow(0.8, text=json.dumps(REPLY))

    async def run(tab: Tab, recorder: Recorder) -> FundingState:
        await tab.prepare(cookie, form=form(revenue="$80k", pitch="We cut clinic no-shows."))
        s = await predict(tab)
        phases = [p for p in recorder.values("phase") if p]
        shown = [p for i, p in enumerate(phases) if i == 0 or p != phases[i - 1]]
        # Forwards only, from the first phase to the last. A busy machine may skip a middle
        # one: the label follows the time elapsed, not a count of ticks.
        order = [label for _, label in rules.PHASES]
        assert shown[0] == "Collecting Data" and shown[-1] == "Generating Prediction"
        assert shown == sorted(set(shown), key=order.index)
        progress = recorder.values("progress")
        assert progress[-1] == 100 and max(progress[:-1]) <= 95
        (toast,) = recorder.toasts()
        assert "Funding prediction complete!" in toast and "Funding Likely" in toast
        return s

    s = in_processor(FundingState, ROUTE, run)
    assert s.result is not None and not s.result.estimated
    assert (s.result.amount, s.result.investors[0].name) == ("$2.5M", "Example Seed Fund")
    (request,) = fake_ai.requests
    assert request["response_format"] == {"type": "json_object"}
    user = request["messages"][-1]["content"]
    assert "Monthly revenue: $80K" in user and "Funding stage sought: Seed" in user
    assert "<pitch>\nWe cut clinic no-shows.\n</pitch>" in user


def test_t_fund_2_when_the_ai_fails_the_estimate_shows_with_the_spec_toast(
    founder: tuple[str, str], fake_ai: FakeAiServer, quick_phases: None
) -> None:
    _, cookie = founder
    fake_ai.status(500).status(500).status(500)

    async def run(tab: Tab, recorder: Recorder) -> FundingState:
        await tab.prepare(cookie, form=form())
        s = await predict(tab)
        (toast,) = recorder.toasts()
        assert "Funding prediction complete with estimated analysis!" in toast
        return s

    s = in_processor(FundingState, ROUTE, run)
    data, _ = rules.parse_input(rules.default_form())
    assert data is not None
    expected = estimates.estimate(data)
    r = s.result
    assert r is not None and r.estimated and "could not complete" in r.estimate_reason
    assert (r.amount, r.analysis) == (expected.amount, expected.analysis)
    # Issue 28, item 4: the default $1M market caps the estimate (market potential 0/100).
    assert r.headline == "Needs Improvement" and r.market_potential == 0
    # Issue 28, item 5: the estimate shown is kept as a run, for the idea's timeline.
    assert s._run_id is not None


def test_t_fund_2_a_reply_without_analysis_twice_falls_back_to_the_estimate(
    founder: tuple[str, str], fake_ai: FakeAiServer, quick_phases: None
) -> None:
    _, cookie = founder
    broken = {k: v for k, v in REPLY.items() if k != "analysis"}
    fake_ai.reply_json(broken).reply_json(broken)

    async def run(tab: Tab, recorder: Recorder) -> FundingState:
        await tab.prepare(cookie, form=form())
        return await predict(tab)

    s = in_processor(FundingState, ROUTE, run)
    assert s.result.estimated and s.result.analysis.startswith("Estimated readiness score")
    assert len(fake_ai.requests) == 2  # the reply, then one repair request


def test_demo_mode_shows_the_labelled_estimate_without_calling_any_ai(
    founder: tuple[str, str], settings_env: pytest.MonkeyPatch, quick_phases: None
) -> None:
    settings_env.delenv("AI_API_KEY", raising=False)
    get_settings.cache_clear()
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> FundingState:
        await tab.prepare(cookie, form=form(growth_rate="0", market_size="5M", revenue="0"))
        s = await predict(tab)
        assert "estimated analysis" in recorder.toasts()[0]
        return s

    s = in_processor(FundingState, ROUTE, run)
    assert s.result.estimated and s.result.estimate_reason.startswith("Demo mode")
    assert s.result.headline == "Needs Improvement"


def test_invalid_metrics_are_shown_per_field_and_nothing_runs(
    founder: tuple[str, str], fake_ai: FakeAiServer, quick_phases: None
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> FundingState:
        await tab.prepare(cookie, form=form(revenue="lots", growth_rate="5000", team_size=""))
        s = await predict(tab)
        assert "Please check your metrics" in recorder.toasts()[0]
        return s

    s = in_processor(FundingState, ROUTE, run)
    assert set(s.errors) == {"revenue", "growth_rate", "team_size"}
    assert s.errors["growth_rate"] == ("Monthly growth rate (%) must be between -100% and 1,000%.")
    assert s.form["revenue"] == "lots"  # the founder's input is kept
    assert s.result is None and fake_ai.requests == []


def test_signed_out_asks_to_log_in_and_calls_nothing(
    engine: Engine, fake_ai: FakeAiServer, quick_phases: None
) -> None:
    async def run(tab: Tab, recorder: Recorder) -> FundingState:
        await tab.prepare("", form=form())
        s = await predict(tab)
        assert "Authentication required" in recorder.toasts()[0]
        return s

    s = in_processor(FundingState, ROUTE, run)
    assert s.result is None and not s.running and fake_ai.requests == []


def test_t_fund_2_an_unreadable_reply_toast_gives_the_ai_services_reason(
    founder: tuple[str, str], fake_ai: FakeAiServer, quick_phases: None
) -> None:
    _, cookie = founder
    broken = {k: v for k, v in REPLY.items() if k != "success"}
    fake_ai.reply_json(broken).reply_json(broken)

    async def run(tab: Tab, recorder: Recorder) -> FundingState:
        await tab.prepare(cookie, form=form())
        s = await predict(tab)
        (toast,) = recorder.toasts()
        assert "Funding prediction complete with estimated analysis!" in toast
        assert "Had trouble understanding the AI response" in toast
        return s

    s = in_processor(FundingState, ROUTE, run)
    assert s.result.estimated and not s.running


# --- What each way a run ends shows -------------------------------------------------------------


def toast_text(outcome: ToolOutcome[rules.FundingPrediction]) -> str:
    return str(format.format_queue_events(page.outcome_toast(outcome)))


def default_data() -> rules.FundingInput:
    data, _ = rules.parse_input(rules.default_form())
    assert data is not None
    return data


def estimate() -> rules.FundingPrediction:
    return estimates.estimate(default_data())


def test_no_access_shows_no_result_and_the_subscription_toast() -> None:
    run = page.prediction_run(default_data())
    assert run.fallback is not None and run.fallback(RunStatus.NO_ACCESS) is None
    notice = rules.RUN_TEXTS.notice(RunStatus.NO_ACCESS)
    text = toast_text(ToolOutcome(RunStatus.NO_ACCESS, None, notice))
    assert '["error"]' in text
    assert "A subscription is needed to run a funding prediction" in text
    assert "See the pricing page for plans." in text


@pytest.mark.parametrize(
    ("status", "reason", "detail"),
    [
        (RunStatus.FAILED, "The AI provider is down.", "The AI provider is down."),
        (RunStatus.FAILED, "", "Estimated from your numbers."),
        (RunStatus.BUDGET, "You have used today's AI allowance.", "today's AI allowance"),
    ],
)
def test_t_fund_2_any_ai_failure_shows_the_estimate_with_the_reason(
    status: RunStatus, reason: str, detail: str
) -> None:
    run = page.prediction_run(default_data())
    assert run.fallback is not None and run.fallback(status) == estimate()
    outcome = ToolOutcome(status, estimate(), rules.RUN_TEXTS.notice(status, reason))
    text = toast_text(outcome)
    assert '["success"]' in text and rules.ESTIMATE_TOAST in text and detail in text
    assert page.estimate_reason(status) == rules.FAILED_REASON


def test_demo_mode_toast_and_reason() -> None:
    text = toast_text(ToolOutcome(RunStatus.SAMPLE, estimate()))
    assert rules.ESTIMATE_TOAST in text and "Demo mode: estimated from your numbers." in text
    assert page.estimate_reason(RunStatus.SAMPLE).startswith("Demo mode")
    assert page.estimate_reason(RunStatus.AI) == ""
