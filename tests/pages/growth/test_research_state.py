"""Issue 15 on the Growth Engine's state, through Reflex's event processor and the fake AI
server: a strategy researches first (market trends, channel benchmarks), then shows each
trend's, channel benchmark's and growth estimate's checked citation (a verified page with its
link, an invented number or URL as unverified, none) and the pages read; without research it
says so; the sample claims no sources; the download and the saved HTML carry them."""

from __future__ import annotations

import copy
import json
from datetime import UTC, datetime
from typing import Any

import pytest
from sqlmodel import Session

from startup_toolkit.domain import growth as rules
from startup_toolkit.domain import growth_export as export
from startup_toolkit.domain import research
from startup_toolkit.pages.growth import state as page
from startup_toolkit.pages.growth.state import GrowthState
from startup_toolkit.services import workspace
from startup_toolkit.settings import get_settings
from tests.pages.growth.test_state import AUDIENCE, PRODUCT, REPLY, ROUTE, generate, substate
from tests.support.ai_server import FakeAiServer, WebPage
from tests.support.tool_states import Recorder, Tab, in_processor

PAGES = [
    WebPage("Online booking trends 2025", "https://www.health.example/booking", "74% book online"),
    WebPage("Clinic marketing benchmarks", "https://bench.example/clinics/", "CAC $120"),
]
CITED: dict[str, Any] = copy.deepcopy(REPLY)
CITED["marketTrends"][0]["sources"] = [1]
CITED["marketTrends"][1]["source"] = "https://invented.example/deposits"
CITED["marketTrends"][2]["sources"] = [6]
CITED["growthSteps"][1]["sources"] = [2]
CITED["benchmarks"] = [
    {
        "text": "Clinic software CAC on paid search: about $120",
        "source": "http://bench.example/clinics",
    },
    "Referral programmes convert 3-5x better",
]


@pytest.fixture
def researching(
    fake_ai: FakeAiServer, settings_env: pytest.MonkeyPatch, monkeypatch: pytest.MonkeyPatch
) -> FakeAiServer:
    monkeypatch.setattr(page, "TICK_SECONDS", 0.02)
    settings_env.setenv("AI_WEB_RESEARCH", "on")
    settings_env.setenv("AI_RESEARCH_SECONDS", "2")
    get_settings.cache_clear()
    return fake_ai


def fill(tab: Tab, cookie: str) -> Any:
    return tab.prepare(cookie, product=PRODUCT, audience=AUDIENCE, budget="500")


def test_a_strategy_with_research_shows_checked_citations_and_the_pages_read(
    founder: tuple[str, str], researching: FakeAiServer, session: Session
) -> None:
    user_id, cookie = founder
    researching.research(PAGES, shape="browser")
    researching.slow(0.4, text=json.dumps(CITED))

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await fill(tab, cookie)
        s = await generate(tab)
        assert "Searching the web ... 2 sources read" in recorder.values("research_progress")
        return s

    s = in_processor(GrowthState, ROUTE, run)
    result = s.result
    assert result is not None and not result.sample and result.research == "done"
    assert s.research_progress == ""
    assert [(r.number, r.title, r.site) for r in result.sources] == [
        (1, "Online booking trends 2025", "health.example"),
        (2, "Clinic marketing benchmarks", "bench.example"),
    ]
    assert [(t.trend, t.cite.state, t.cite.label, t.cite.url) for t in result.trends] == [
        (
            "Online booking",
            "verified",
            "Online booking trends 2025",
            "https://www.health.example/booking",
        ),
        ("Deposits", "unverified", research.UNVERIFIED, ""),  # a URL nobody read
        ("AI receptionists", "unverified", research.UNVERIFIED, ""),  # number 6: no such page
    ]
    calculator = next(r for r in result.steps if r.estimatedGrowth)
    assert (calculator.estimatedGrowth, calculator.cite.state, calculator.cite.url) == (
        "+15% signups",
        "verified",
        "https://bench.example/clinics/",
    )
    # a URL among the pages read, written another way (http, no slash): verified
    assert [(b.state, b.label) for b in result.benchmarks] == [
        ("verified", "Clinic marketing benchmarks"),
        ("none", research.NO_SOURCE),
    ]

    first, second = researching.requests
    assert first["tools"] == [{"type": "browser_search"}]
    asked = first["messages"][-1]["content"]
    assert PRODUCT in asked and "channel benchmarks" in asked
    prompt = second["messages"][-1]["content"]
    assert "<evidence>" in prompt and "[2] Clinic marketing benchmarks" in prompt

    (kept,) = workspace.runs_of_tool(session, user_id, "growth")
    assert kept.result["evidence"]["research"] == "done"
    reopened = substate()
    assert reopened._reopen("growth", kept.input, kept.result, False, kept.created_at)
    assert reopened.result.research == "done"
    assert reopened.result.trends[0].cite.state == "verified"
    reopened.new_strategy()
    cleared = reopened.result
    assert cleared is None


@pytest.mark.parametrize("failure", ["error", "none", "slow"])
def test_without_research_the_strategy_still_ends_and_says_so(
    founder: tuple[str, str], researching: FakeAiServer, failure: str
) -> None:
    _, cookie = founder
    if failure == "error":
        researching.research_error(400)
    elif failure == "none":
        researching.research_none()
    else:
        researching.research_slow(4, PAGES)
    # The reply takes a moment, as a real one does: the page's ticks show the fallback line
    # before it ends (an instant reply could end the run between two ticks).
    researching.slow(0.5, text=json.dumps(CITED))

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await fill(tab, cookie)
        s = await generate(tab)
        assert research.WRITING_WITHOUT in recorder.values("research_progress")
        return s

    s = in_processor(GrowthState, ROUTE, run)
    r = s.result
    assert r is not None and not r.sample and r.summary == REPLY["summary"]
    assert r.research in ("unavailable", "failed") and r.sources == []
    assert all(t.cite.url == "" for t in r.trends) and r.trends[0].cite.state == "unverified"
    assert research.NO_EVIDENCE in researching.requests[-1]["messages"][-1]["content"]


def test_the_download_and_saved_html_carry_the_citations_and_the_sample_none() -> None:
    evidence = {
        "research": "done",
        "sources": [
            {
                "number": 1,
                "title": "Online booking trends 2025",
                "url": "https://www.health.example/booking",
                "site": "health.example",
                "read_at": "2025-03-01T10:00:00+00:00",
            }
        ],
    }
    strategy = rules.GrowthStrategy.model_validate({**CITED, "evidence": evidence})
    at = datetime(2025, 3, 2, tzinfo=UTC)
    text = export.blueprint_markdown(strategy, PRODUCT, AUDIENCE, 500, at)
    assert (
        "Patients expect it (source: Online booking trends 2025 "
        "<https://www.health.example/booking>)" in text
    )
    assert "Cuts no-shows (Unverified source)" in text and "invented.example" not in text
    assert "## Channel benchmarks" in text and "## Sources" in text
    assert "1. Online booking trends 2025 <https://www.health.example/booking>" in text
    page_html = export.to_html(strategy, PRODUCT, 500)
    assert 'href="https://www.health.example/booking" rel="noopener noreferrer"' in page_html
    assert "<h3>Sources</h3>" in page_html
    sample = rules.sample_strategy(500)
    assert "Live research" not in export.blueprint_markdown(
        sample, PRODUCT, AUDIENCE, 500, at, sample=True
    )
    assert "Live research" in export.blueprint_markdown(sample, PRODUCT, AUDIENCE, 500, at)
