"""The home page's tool recommender (T-REC-1, T-REC-2) through Reflex's event processor: its
run goes through `services.tool_runs.run_tool` (open to visitors, within their per-address
limit) and keeps the spec's texts and stand-in picks for each way a run can end."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from reflex.event import Event

from startup_toolkit.domain import recommender as rules
from startup_toolkit.domain.catalog import FUNDING_PREDICTOR, GROWTH_ENGINE, STARTUP_ORACLE
from startup_toolkit.services import visitor_limits
from startup_toolkit.settings import get_settings
from startup_toolkit.state.recommender import RecommenderState, StageAnswer
from tests.support.ai_server import FakeAiServer
from tests.support.tool_states import Recorder, Tab, in_processor

IDEA = "A booking app that helps independent yoga teachers fill last-minute classes"
GROWTH_TOOLS = [GROWTH_ENGINE.name, STARTUP_ORACLE.name, FUNDING_PREDICTOR.name]


async def recommend(tab: Tab, stage: str, cookie: str = "") -> Any:
    """Type the idea into `stage`'s form, ask, and wait until the analysis is over."""
    await tab.prepare(cookie, ideas={"early": IDEA, "growth": IDEA})
    event = Event(name=f"{RecommenderState.get_full_name()}.recommend", payload={"stage": stage})
    await asyncio.wait_for(await tab.processor.enqueue(tab.token, event), timeout=20)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        state = await tab.state()
        if not state.loading:
            return state
        await asyncio.sleep(0.02)
    raise AssertionError("the analysis did not finish")


def run(stage: str, cookie: str = "") -> Any:
    async def go(tab: Tab, _: Recorder) -> Any:
        return await recommend(tab, stage, cookie)

    return in_processor(RecommenderState, "/", go)


def answer(state: Any, stage: str) -> StageAnswer:
    """What the stage shows (an empty answer before any)."""
    return state.answers.get(stage) or StageAnswer()


def names(state: Any, stage: str) -> list[str]:
    return [row["name"] for row in answer(state, stage).rows]


@pytest.fixture(autouse=True)
def _fresh_visitor_limits() -> None:
    visitor_limits.reset()


def test_t_rec_1_demo_mode_shows_the_stage_tools_as_samples(settings_env: Any) -> None:
    state = run("growth")
    assert names(state, "growth") == GROWTH_TOOLS
    assert answer(state, "growth").sample is True and answer(state, "growth").error == ""
    assert answer(state, "early").rows == []


def test_t_rec_2_the_ai_ranking_is_shown_best_first(fake_ai: FakeAiServer) -> None:
    fake_ai.reply_json(
        {
            "tools": [
                {"id": STARTUP_ORACLE.slug, "score": 64, "matchReason": "Forecasts"},
                {"id": GROWTH_ENGINE.slug, "score": 91, "matchReason": "Channels"},
                {"id": "not-a-tool", "score": 99, "matchReason": "?"},
                {"id": FUNDING_PREDICTOR.slug, "score": 12, "matchReason": "Too weak"},
            ]
        }
    )
    state = run("growth")
    assert names(state, "growth") == [GROWTH_ENGINE.name, STARTUP_ORACLE.name]
    assert [row["reason"] for row in answer(state, "growth").rows] == ["Channels", "Forecasts"]
    assert answer(state, "growth").sample is False and answer(state, "growth").error == ""
    assert fake_ai.requests[0]["temperature"] == 0.2


def test_t_rec_2_an_empty_analysis_says_so(fake_ai: FakeAiServer) -> None:
    fake_ai.reply_json({"tools": []})
    state = run("early")
    assert (
        answer(state, "early").rows == [] and answer(state, "early").error == rules.EMPTY_ANALYSIS
    )


def test_t_rec_2_an_unreadable_reply_gives_the_first_three_tools(fake_ai: FakeAiServer) -> None:
    fake_ai.broken_json().broken_json()
    state = run("early")
    assert answer(state, "early").error == rules.PARSE_FAILED
    assert sorted(names(state, "early")) == sorted(t.name for t in rules.CANDIDATES[:3])
    assert all(row["reason"] == rules.BEST_PRACTICES_REASON for row in answer(state, "early").rows)


def test_t_rec_2_a_failed_request_gives_the_stage_tools(fake_ai: FakeAiServer) -> None:
    fake_ai.status(500).status(500).status(500)
    state = run("growth")
    assert answer(state, "growth").error == rules.REQUEST_FAILED
    assert names(state, "growth") == GROWTH_TOOLS
    assert answer(state, "growth").sample is False


def test_too_many_visitor_calls_ask_to_sign_in(
    fake_ai: FakeAiServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(visitor_limits, "allow_visitor_ai_call", lambda *_: False)
    state = run("early")
    assert answer(state, "early").rows == [] and answer(state, "early").error == rules.TOO_MANY
    assert fake_ai.requests == []


def test_a_founder_without_a_plan_may_ask_too(
    fake_ai: FakeAiServer, founder: tuple[str, str], settings_env: pytest.MonkeyPatch
) -> None:
    """The recommender is open to everyone: subscription mode does not gate it."""
    settings_env.setenv("ACCESS_MODE", "subscription")
    get_settings.cache_clear()
    fake_ai.reply_json({"tools": [{"id": GROWTH_ENGINE.slug, "score": 80}]})
    _, cookie = founder
    state = run("growth", cookie)
    assert names(state, "growth") == [GROWTH_ENGINE.name]
    assert answer(state, "growth").error == ""
