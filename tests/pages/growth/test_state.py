"""GrowthState without a browser (T-GROW-1, T-AI-5).

The ordinary handlers directly (fields, tabs, New Strategy, save, Download Blueprint), and the
background generation through Reflex's real event processor against the fake OpenAI-compatible
server over HTTP: the AI's strategy with the budget worked out from the founder's figure, the
spec's failure toast with the sample strategy, demo mode, missing information, signed out."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import pytest
from reflex.event import Event
from reflex_base.utils import format
from sqlalchemy.engine import Engine

from startup_toolkit.domain import growth as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.tools import growth as growth_tool
from startup_toolkit.pages.growth import state as page
from startup_toolkit.pages.growth.state import GrowthState
from startup_toolkit.services.tool_runs import RunStatus, ToolOutcome
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer
from tests.support.tool_pages import saved_row
from tests.support.tool_states import Recorder, Tab, in_processor
from tests.support.tool_states import substate as tool_substate

ROUTE = "/growth-engine"
PRODUCT = "A booking app that cuts no-shows for physiotherapy clinics."
AUDIENCE = "Owners of independent clinics with 2-10 staff."
REPLY: dict[str, Any] = {
    "summary": "Win clinics through local communities and referrals.",
    "growthSteps": [
        {"step": 3, "action": "Join two clinic owner groups", "kpi": "Demos booked"},
        {
            "step": 1,
            "action": "Publish a no-show cost calculator",
            "expectedImpact": "Inbound leads",
            "kpi": "Calculator uses",
            "estimatedGrowth": "+15% signups",
        },
    ],
    "marketTrends": [
        {"trend": "Online booking", "momentum": "High", "relevance": "Patients expect it"},
        {"trend": "Deposits", "momentum": 55, "relevance": "Cuts no-shows"},
        {"trend": "AI receptionists", "momentum": "emerging", "relevance": "New competitors"},
    ],
    "timeline": {
        "Week 1": "Groups",
        "week2": "Calculator",
        "week_3": "Referrals",
        "week4": "Review",
    },
    # The model's amounts are ignored: ours come from the founder's budget.
    "budgetAllocation": [
        {"channel": "Community", "percentage": 60, "amount": 99999},
        {"channel": "Content", "percentage": "40%", "amount": 1},
    ],
}


def substate(cookie: str = "") -> GrowthState:
    return tool_substate(GrowthState, ROUTE, cookie)


def with_result(s: GrowthState, budget: float = 500) -> GrowthState:
    strategy = rules.with_budget(rules.GrowthStrategy.model_validate(REPLY), budget)
    s._present(page.ShownStrategy(strategy, page.GrowthForm(PRODUCT, AUDIENCE, budget), utcnow()))
    return s


def generate(tab: Tab) -> Any:
    return tab.fire("generate", busy="running")


def filled(**values: str) -> dict[str, str]:
    return {"product": PRODUCT, "audience": AUDIENCE, "budget": "500", **values}


# --- Fields, tabs, New Strategy ---------------------------------------------------------------


def test_t_grow_1_the_form_starts_empty_with_a_budget_of_200() -> None:
    s = substate()
    assert (s.product, s.audience, s.budget) == ("", "", "200")
    assert s.result is None


def test_setters_cap_the_text_ignore_non_text_and_clear_their_error() -> None:
    s = substate()
    s.errors = {"product": "Describe your product.", "budget": rules.BUDGET_INVALID}
    s.set_product("p" * 10_000)
    assert len(s.product) == rules.TEXT_INPUT_CAP and "product" not in s.errors
    s.set_budget(["1"])  # type: ignore[arg-type]
    assert s.budget == "200" and "budget" in s.errors
    s.set_budget("1500")
    assert s.budget == "1500" and s.errors == {}


def test_t_grow_1_the_result_and_new_strategy_back_to_the_form() -> None:
    """The result's tabs switch in the browser; the state holds what each one shows."""
    s = with_result(substate())
    s.product, s.audience = PRODUCT, AUDIENCE
    r = s.result
    assert r is not None and not r.sample and r.key
    assert [(x.step, x.action) for x in r.steps] == [
        (1, "Join two clinic owner groups"),
        (2, "Publish a no-show cost calculator"),
    ]
    assert [w.week for w in r.weeks] == ["Week 1", "Week 2", "Week 3", "Week 4"]
    assert r.weeks[0].focus == "Groups"
    assert [(t.trend, t.momentum, t.label) for t in r.trends] == [
        ("Online booking", 80, "High"),
        ("Deposits", 55, "Medium"),
        ("AI receptionists", 40, "Medium"),
    ]
    assert r.radar_label == (
        "Trend momentum out of 100: Online booking 80, Deposits 55, AI receptionists 40"
    )
    assert [(b.channel, b.share, b.amount) for b in r.budget_lines] == [
        ("Community", "60%", "$300"),
        ("Content", "40%", "$200"),
    ]
    assert [(b.percentage, b.fill) for b in r.budget_lines] == [
        (60, "var(--violet-9)"),
        (40, "var(--cyan-9)"),
    ]
    assert r.budget_label == "$500"
    s.new_strategy()
    assert s.result is None and s._shown is None
    assert (s.product, s.audience) == (PRODUCT, AUDIENCE)  # kept for the next run


def test_t_grow_1_download_blueprint_is_a_markdown_file() -> None:
    s = substate()
    (event,) = Event.from_event_type(s.download())
    assert "No strategy available to download" in str(event.payload)
    with_result(s)
    download, note = Event.from_event_type(s.download())
    assert re.fullmatch(r"growth-blueprint-\d{13}\.md", download.payload["filename"])
    head, _, data = download.payload["url"].partition(",")
    assert head == "data:text/markdown;base64"
    text = base64.b64decode(data).decode()
    assert text.startswith("# Growth Blueprint - $500/month")
    assert "| Community | 60% | $300 |" in text and "1. Join two clinic owner groups" in text
    assert "Blueprint downloaded" in str(note.payload)


def test_t_ai_5_save_stores_the_blueprint(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    row = saved_row(engine, with_result(substate(cookie)))
    assert (row.user_id, row.tool_name) == (user_id, "Growth Engine")
    assert row.title == "Growth Blueprint - $500/month"
    assert row.content["data"]["input"]["budget"] == 500  # type: ignore[index]


# --- The background generation through Reflex's event processor -------------------------------


@pytest.fixture
def quick_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(growth_tool, "DEMO_SECONDS", 0.1)


def test_t_grow_1_the_ai_strategy_shows_with_the_budget_from_the_founders_figure(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.reply_json(REPLY, fenced=True)

    async def run(tab: Tab, recorder: Recorder) -> GrowthState:
        await tab.prepare(cookie, **filled(budget="$1,000"))
        s = await generate(tab)
        (toast,) = recorder.toasts()
        assert "Growth strategy generated!" in toast
        assert "2 steps and a budget split for $1,000 a month." in toast
        assert True in recorder.values("running")
        return s

    s = in_processor(GrowthState, ROUTE, run)
    assert s.result is not None and not s.result.sample and s.result.summary == REPLY["summary"]
    assert [(b.channel, b.amount) for b in s.result.budget_lines] == [
        ("Community", "$600"),
        ("Content", "$400"),
    ]
    (request,) = fake_ai.requests
    user = request["messages"][-1]["content"]
    assert f"<product>\n{PRODUCT}\n</product>" in user and "Monthly budget: $1,000" in user


def test_the_seconds_worked_show_while_the_ai_is_slow(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    """Honest progress: whole seconds since the start, then back to the result."""
    _, cookie = founder
    fake_ai.slow(2.0, json.dumps(REPLY))

    async def run(tab: Tab, recorder: Recorder) -> GrowthState:
        await tab.prepare(cookie, **filled())
        s = await generate(tab)
        seconds = recorder.values("elapsed")
        assert seconds[:2] == [0, 1] and seconds == sorted(seconds)
        return s

    s = in_processor(GrowthState, ROUTE, run)
    assert s.result is not None and not s.running


def test_t_grow_1_when_the_ai_fails_the_spec_toast_and_the_sample_strategy_show(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    fake_ai.status(503).status(503).status(503)

    async def run(tab: Tab, recorder: Recorder) -> GrowthState:
        await tab.prepare(cookie, **filled(budget="200"))
        s = await generate(tab)
        (toast,) = recorder.toasts()
        assert "Strategy generation failed" in toast
        assert "We couldn't complete your growth strategy. Please try again." in toast
        return s

    s = in_processor(GrowthState, ROUTE, run)
    assert s.result is not None and s.result.sample
    assert [(b.share, b.amount) for b in s.result.budget_lines] == [
        ("40%", "$80"),
        ("25%", "$50"),
        ("15%", "$30"),
        ("10%", "$20"),
        ("10%", "$20"),
    ]


def test_demo_mode_shows_the_sample_without_calling_any_ai(
    founder: tuple[str, str], settings_env: pytest.MonkeyPatch, quick_demo: None
) -> None:
    settings_env.delenv("AI_API_KEY", raising=False)
    get_settings.cache_clear()
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> GrowthState:
        await tab.prepare(cookie, **filled())
        s = await generate(tab)
        assert "demo mode" in recorder.toasts()[0]
        return s

    s = in_processor(GrowthState, ROUTE, run)
    assert s.result is not None and s.result.sample and len(s.result.budget_lines) == 5


def test_t_grow_1_missing_information_keeps_the_input_and_calls_nothing(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> GrowthState:
        await tab.prepare(cookie, **filled(audience="   ", budget="lots"))
        s = await generate(tab)
        (toast,) = recorder.toasts()
        assert "Missing information" in toast
        assert "Please fill in all fields to generate your growth strategy" in toast
        return s

    s = in_processor(GrowthState, ROUTE, run)
    assert set(s.errors) == {"audience", "budget"}
    assert s.product == PRODUCT and s.budget == "lots"
    assert s.result is None and fake_ai.requests == []


def test_signed_out_asks_to_log_in_and_calls_nothing(engine: Engine, fake_ai: FakeAiServer) -> None:
    async def run(tab: Tab, recorder: Recorder) -> GrowthState:
        await tab.prepare("", **filled())
        s = await generate(tab)
        assert "Authentication required" in recorder.toasts()[0]
        return s

    s = in_processor(GrowthState, ROUTE, run)
    assert s.result is None and fake_ai.requests == []


# --- What each way a run ends shows -------------------------------------------------------------


def toast_text(outcome: ToolOutcome[rules.GrowthStrategy], budget: float = 500) -> str:
    return str(format.format_queue_events(page.outcome_toast(outcome, budget)))


def test_no_access_shows_no_result_and_the_subscription_toast() -> None:
    run = page.strategy_run(page.GrowthForm(PRODUCT, AUDIENCE, 500))
    assert run.fallback is not None and run.fallback(RunStatus.NO_ACCESS) is None
    notice = rules.RUN_TEXTS.notice(RunStatus.NO_ACCESS)
    text = toast_text(ToolOutcome(RunStatus.NO_ACCESS, None, notice))
    assert '["error"]' in text
    assert "A subscription is needed to generate a growth strategy" in text
    assert "See the pricing page for plans." in text


def test_t_grow_1_the_daily_limit_shows_the_sample_with_the_failure_toast() -> None:
    run = page.strategy_run(page.GrowthForm(PRODUCT, AUDIENCE, 500))
    assert run.fallback is not None
    assert run.fallback(RunStatus.BUDGET) == rules.sample_strategy(500)
    notice = rules.RUN_TEXTS.notice(RunStatus.BUDGET, "You have used today's AI allowance.")
    text = toast_text(ToolOutcome(RunStatus.BUDGET, rules.sample_strategy(500), notice))
    assert '["error"]' in text and rules.FAILED_TOAST in text and rules.FAILED_DETAIL in text
