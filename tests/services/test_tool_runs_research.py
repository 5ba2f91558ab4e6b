"""Issue 15: `run_tool`'s research step through the real groq SDK against the fake server on
127.0.0.1: research first (browser search, tool_choice required, no JSON mode), the pages read
reaching the JSON call as numbered, fenced evidence and the result's evidence, both shapes of
`executed_tools`, the fallback when research fails, reads nothing, is refused or is slow, the
tokens counted in the founder's budget, and the settings that turn it on or off."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
from sqlmodel import Session, select

from startup_toolkit.domain import research
from startup_toolkit.domain import scanner as scanner_rules
from startup_toolkit.domain.research import Evidence
from startup_toolkit.domain.scanner import CATEGORY_NAMES, ScanResult
from startup_toolkit.domain.tools.scanner import scan_run
from startup_toolkit.models.ai import AiUsage
from startup_toolkit.providers.ai import ChatProvider
from startup_toolkit.services import ai as ai_service
from startup_toolkit.services import workspace
from startup_toolkit.services.tool_runs import RunStatus, run_tool
from startup_toolkit.settings import Settings, get_settings
from tests.support.ai_helpers import spend_daily_budget
from tests.support.ai_server import FakeAiServer, WebPage

IDEA = "A subscription box of grooming products for senior dogs, tailored by a vet."
PAGES = [
    WebPage("Pet care market 2024", "https://www.petmarket.example/report", "Worth $4.2B in 2024."),
    WebPage("Grooming grows 11%", "https://groomnews.example/growth", "11% CAGR to 2030."),
    WebPage("BarkBox raises", "https://startups.example/barkbox", "Raised $60M."),
]
SCAN_REPLY: dict[str, Any] = {
    "overallScore": 70,
    "overallAssessment": "Promising niche with a real buyer.",
    # All five categories, averaging the overall: a sparse reply fails the quality gate.
    "categories": [
        {"category": name, "score": 70, "assessment": f"{name} looks solid."}
        for name in CATEGORY_NAMES
    ],
    "actionSteps": ["Interview 15 owners of senior dogs."],
    "competitors": [{"name": "BarkBox", "strengthScore": 80, "sources": [3]}],
    "marketInsights": {
        "size": {"value": "$4.2B (2024)", "sources": [1]},
        "growthRate": {"value": "11% CAGR", "source": "https://www.madeup.example/report"},
        "keyTrends": [{"text": "Premium pet care", "sources": [9]}],
        "challenges": [{"text": "High churn", "source": "No recent data/source available"}],
    },
}


@pytest.fixture
async def researching(
    fake_ai: FakeAiServer, engine: object, settings_env: pytest.MonkeyPatch
) -> AsyncIterator[FakeAiServer]:
    """The fake server as the provider, with research on and a 1 s research limit."""
    settings_env.setenv("AI_WEB_RESEARCH", "on")
    settings_env.setenv("AI_RESEARCH_SECONDS", "1")
    get_settings.cache_clear()

    def make(settings: Settings) -> ChatProvider:
        return ChatProvider(settings.ai_api_key, settings.ai_base_url, settings.ai_model, timeout=5)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ai_service, "make_provider", make)
        yield fake_ai
        await ai_service.close_providers()


async def test_research_comes_first_and_its_pages_are_the_evidence(
    researching: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    researching.research(PAGES, shape="search").reply_json(SCAN_REPLY)
    said: list[str] = []
    outcome = await run_tool(user_id, scan_run(IDEA), on_progress=said.append)

    assert outcome.status is RunStatus.AI and outcome.research == research.DONE
    assert [(s.number, s.title, s.site) for s in outcome.sources] == [
        (1, "Pet care market 2024", "petmarket.example"),
        (2, "Grooming grows 11%", "groomnews.example"),
        (3, "BarkBox raises", "startups.example"),
    ]
    assert said == ["Searching the web ...", "Searching the web ... 3 sources read"]
    first, second = researching.requests
    # the research call: browser search required, no JSON mode, the idea fenced as data
    assert first["tools"] == [{"type": "browser_search"}]
    assert first["tool_choice"] == "required" and "response_format" not in first
    asked = first["messages"][-1]["content"]
    assert "<subject>" in asked and IDEA in asked
    # the JSON call: no tools, and the pages read as numbered, fenced evidence
    assert "tools" not in second and second["response_format"] == {"type": "json_object"}
    prompt = second["messages"][-1]["content"]
    assert "<evidence>" in prompt and "[1] Pet care market 2024" in prompt
    assert "URL: https://groomnews.example/growth" in prompt and "Raised $60M." in prompt

    # the result carries the evidence; the kept run too
    result = outcome.result
    assert result is not None and result.evidence.research == research.DONE
    assert [s.url for s in result.evidence.sources] == [p.url for p in PAGES]
    kept = workspace.get_run(session, user_id, outcome.run_id or 0)
    assert kept is not None
    assert kept.result["evidence"]["sources"][0]["title"] == "Pet care market 2024"
    assert kept.tokens > 0


async def test_browser_results_are_sources_too(
    researching: FakeAiServer, founder: tuple[str, str]
) -> None:
    user_id, _ = founder
    researching.research(PAGES, shape="both").reply_json(SCAN_REPLY)
    outcome = await run_tool(user_id, scan_run(IDEA))
    assert [s.url for s in outcome.sources] == [p.url for p in PAGES]
    researching.research(PAGES[:2], shape="browser").reply_json(SCAN_REPLY)
    outcome = await run_tool(user_id, scan_run(IDEA))
    assert [s.title for s in outcome.sources] == ["Pet care market 2024", "Grooming grows 11%"]


@pytest.mark.parametrize(
    ("script", "status"),
    [
        ("error", research.UNAVAILABLE),  # 400: the model has no browser search
        ("none", research.UNAVAILABLE),  # answered without reading a page
        ("server_error", research.FAILED),
        ("slow", research.FAILED),  # past AI_RESEARCH_SECONDS
    ],
)
async def test_without_research_the_analysis_goes_on_and_says_so(
    researching: FakeAiServer,
    founder: tuple[str, str],
    script: str,
    status: str,
    settings_env: pytest.MonkeyPatch,
) -> None:
    user_id, _ = founder
    if script == "error":
        researching.research_error(400)
    elif script == "none":
        researching.research_none()
    elif script == "server_error":
        researching.research_error(503)
    else:
        # research outlasts its budget: a short one here, so the run does not wait out 1 s
        settings_env.setenv("AI_RESEARCH_SECONDS", "0.3")
        get_settings.cache_clear()
        researching.research_slow(3, PAGES)
    researching.reply_json(SCAN_REPLY)
    said: list[str] = []
    outcome = await run_tool(user_id, scan_run(IDEA), on_progress=said.append)
    assert outcome.status is RunStatus.AI and outcome.research == status
    assert outcome.sources == ()
    assert outcome.result is not None and outcome.result.evidence == Evidence(research=status)
    assert said[-1] == research.WRITING_WITHOUT
    json_call = researching.requests[-1]
    assert "<evidence>" not in json_call["messages"][-1]["content"]
    assert research.NO_EVIDENCE in json_call["messages"][-1]["content"]
    assert len(researching.research_requests) == 1  # never retried inside the time limit


async def test_research_tokens_count_in_the_founders_budget(
    researching: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    researching.research(PAGES, usage=(4000, 500)).reply_json(SCAN_REPLY, usage=(1000, 200))
    outcome = await run_tool(user_id, scan_run(IDEA))
    rows = session.exec(select(AiUsage).where(AiUsage.user_id == user_id)).all()
    assert sorted(r.total_tokens for r in rows) == [1200, 4500]
    kept = workspace.get_run(session, user_id, outcome.run_id or 0)
    assert kept is not None and kept.tokens == 5700


async def test_a_budget_spent_by_research_sends_nothing_more(
    researching: FakeAiServer,
    founder: tuple[str, str],
    session: Session,
    settings_env: pytest.MonkeyPatch,
) -> None:
    user_id = founder[0]
    spend_daily_budget(settings_env, session, user_id, "x")
    outcome = await run_tool(user_id, scan_run(IDEA))
    assert outcome.status is RunStatus.BUDGET and researching.requests == []


@pytest.mark.parametrize(
    ("setting", "model", "researched"),
    [
        ("auto", "openai/gpt-oss-120b", True),
        ("auto", "openai/gpt-oss-20b", True),
        ("auto", "llama-3.1-8b-instant", False),
        ("on", "llama-3.1-8b-instant", True),
        ("off", "openai/gpt-oss-120b", False),
    ],
)
async def test_the_setting_decides_whether_to_research(
    researching: FakeAiServer,
    founder: tuple[str, str],
    settings_env: pytest.MonkeyPatch,
    setting: str,
    model: str,
    researched: bool,
) -> None:
    settings_env.setenv("AI_WEB_RESEARCH", setting)
    settings_env.setenv("AI_MODEL", model)
    get_settings.cache_clear()
    user_id, _ = founder
    researching.research(PAGES).reply_json(SCAN_REPLY)
    outcome = await run_tool(user_id, scan_run(IDEA))
    assert (len(researching.research_requests) == 1) is researched
    assert outcome.research == (research.DONE if researched else research.OFF)


async def test_a_forged_evidence_in_the_reply_is_replaced(
    researching: FakeAiServer, founder: tuple[str, str], settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("AI_WEB_RESEARCH", "off")
    get_settings.cache_clear()
    user_id, _ = founder
    forged = {
        **SCAN_REPLY,
        "evidence": {"research": "done", "sources": [{"number": 1, "url": "https://x.example"}]},
    }
    researching.reply_json(forged)
    outcome = await run_tool(user_id, scan_run(IDEA))
    assert isinstance(outcome.result, ScanResult)
    assert outcome.result.evidence == Evidence() and outcome.research == research.OFF


async def test_demo_mode_does_not_research(
    founder: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(scanner_rules, "DEMO_SECONDS", 0.01)  # the sample's pause, not at issue
    user_id, _ = founder
    outcome = await run_tool(user_id, scan_run(IDEA))
    assert outcome.sample and outcome.research == research.OFF and outcome.sources == ()
