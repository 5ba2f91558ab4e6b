"""Issue 15 on the Funding Predictor's state, through Reflex's event processor and the fake AI
server: a prediction researches first (funding benchmarks for the stage and industry), then
shows the range's, the benchmarks' and the investors' checked citations (a verified page with
its link, an invented number or URL as unverified, none) and the pages read; without research
it says so; the estimate claims no sources; a kept run keeps its evidence."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from sqlmodel import Session

from startup_toolkit.domain import funding as rules
from startup_toolkit.domain import research
from startup_toolkit.pages.funding import state as page
from startup_toolkit.pages.funding.state import FundingState
from startup_toolkit.services import workspace
from startup_toolkit.settings import get_settings
from tests.pages.funding.test_state import REPLY, ROUTE, form, predict, substate
from tests.support.ai_server import FakeAiServer, WebPage
from tests.support.tool_states import Recorder, Tab, in_processor

PAGES = [
    WebPage("Seed rounds in 2024", "https://www.vcdata.example/seed-2024", "Median seed $3.1M"),
    WebPage("Example Seed Fund portfolio", "https://seed.example.com/?utm_source=x", "Leads"),
]
CITED: dict[str, Any] = copy.deepcopy(REPLY)
CITED["amountSources"] = [1]
CITED["benchmarks"] = [
    {"text": "Median seed round in health SaaS: $3.1M (2024)", "sources": [1]},
    {"text": "Seed valuations rose 12% in 2024", "source": "https://invented.example/vc"},
    {"text": "Investors expect $1M ARR at Series A", "sources": [8]},
    {"text": "Seed funds want 15% MoM growth", "source": research.NO_SOURCE},
]
CITED["investors"][0]["sources"] = ["2"]


@pytest.fixture
def researching(
    fake_ai: FakeAiServer, settings_env: pytest.MonkeyPatch, monkeypatch: pytest.MonkeyPatch
) -> FakeAiServer:
    monkeypatch.setattr(page, "TICK_SECONDS", 0.02)
    settings_env.setenv("AI_WEB_RESEARCH", "on")
    settings_env.setenv("AI_RESEARCH_SECONDS", "2")
    get_settings.cache_clear()
    return fake_ai


def test_a_prediction_with_research_shows_checked_citations_and_the_pages_read(
    founder: tuple[str, str], researching: FakeAiServer, session: Session
) -> None:
    user_id, cookie = founder
    researching.research(PAGES, shape="both")
    researching.slow(0.4, text=json.dumps(CITED))

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await tab.prepare(cookie, form=form(pitch="Booking software for physio clinics."))
        s = await predict(tab)
        assert "Searching the web ... 2 sources read" in recorder.values("research_progress")
        return s

    s = in_processor(FundingState, ROUTE, run)
    result = s.result
    assert result is not None and not result.estimated and result.research == "done"
    assert s.research_progress == ""
    assert [(r.number, r.title, r.site) for r in result.sources] == [
        (1, "Seed rounds in 2024", "vcdata.example"),
        (2, "Example Seed Fund portfolio", "seed.example.com"),
    ]
    cite = result.amount_cite
    assert (cite.text, cite.state, cite.url) == (
        "$1.5M - $3M",
        "verified",
        "https://www.vcdata.example/seed-2024",
    )
    assert [(b.state, b.label, b.url) for b in result.benchmarks] == [
        ("verified", "Seed rounds in 2024", "https://www.vcdata.example/seed-2024"),
        ("unverified", research.UNVERIFIED, ""),  # a URL nobody read
        ("unverified", research.UNVERIFIED, ""),  # number 8: no such page
        ("none", research.NO_SOURCE, ""),
    ]
    investor = result.investors[0]
    assert (investor.name, investor.cite.state, investor.cite.label) == (
        "Example Seed Fund",
        "verified",
        "Example Seed Fund portfolio",
    )

    # research first, with the stage and the pitch; then the JSON call with the evidence
    first, second = researching.requests
    assert first["tools"] == [{"type": "browser_search"}]
    asked = first["messages"][-1]["content"]
    assert "Funding stage sought: Seed" in asked and "Booking software" in asked
    assert "funding benchmarks for this stage and industry" in asked
    prompt = second["messages"][-1]["content"]
    assert "<evidence>" in prompt and "[1] Seed rounds in 2024" in prompt
    assert '"benchmarks"' in prompt and '"amountSources"' in prompt

    # the kept run carries the evidence; reopened, the citations come back
    (kept,) = workspace.runs_of_tool(session, user_id, "funding")
    assert kept.result["evidence"]["research"] == "done"
    reopened = substate()
    assert reopened._reopen("funding", kept.input, kept.result, False, kept.created_at)
    assert reopened.result.research == "done" and len(reopened.result.sources) == 2
    assert reopened.result.benchmarks[0].url == "https://www.vcdata.example/seed-2024"
    reopened.set_tab("input")
    cleared = reopened.result
    assert cleared is None


@pytest.mark.parametrize("failure", ["error", "none", "slow"])
def test_without_research_the_prediction_still_ends_and_says_so(
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
        await tab.prepare(cookie, form=form())
        s = await predict(tab)
        assert research.WRITING_WITHOUT in recorder.values("research_progress")
        return s

    s = in_processor(FundingState, ROUTE, run)
    r = s.result
    assert r is not None and not r.estimated and r.amount == "$2.5M"
    assert r.research in ("unavailable", "failed") and r.sources == []
    # no page was read: whatever the reply cites is not verified, and nothing is a link
    assert r.amount_cite.state == "unverified" and r.amount_cite.url == ""
    assert all(b.url == "" for b in r.benchmarks) and r.investors[0].cite.url == ""
    prompt = researching.requests[-1]["messages"][-1]["content"]
    assert research.NO_EVIDENCE in prompt and "<evidence>" not in prompt


def test_the_saved_prediction_html_carries_the_citations_and_the_estimate_none() -> None:
    data, _ = rules.parse_input(rules.default_form())
    assert data is not None
    evidence = {
        "research": "done",
        "sources": [
            {"number": 1, "title": "Seed rounds", "url": "https://vc.example/seed"},
        ],
    }
    prediction = rules.FundingPrediction.model_validate({**CITED, "evidence": evidence})
    page = rules.to_html(prediction, data)
    assert (
        '(range $1.5M - $3M (source: <a href="https://vc.example/seed" '
        'rel="noopener noreferrer">Seed rounds</a>))' in page
    )
    assert "Seed valuations rose 12% in 2024 (Unverified source)" in page
    assert "invented.example" not in page and "<h3>Sources</h3>" in page
    estimate = rules.to_html(prediction, data, estimated=True)
    assert "(range $1.5M - $3M)" in estimate and "<h3>Sources</h3>" not in estimate
    assert "Live research" not in estimate
