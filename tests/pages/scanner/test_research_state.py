"""Issue 15 on the Viability Scanner's state, through Reflex's event processor and the fake
AI server: a scan with live research shows the research progress, each figure's checked
citation (a verified page with its link, an invented number or URL as unverified, none), the
pages read; without research the result says so; a reopened kept run keeps its sources."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from sqlmodel import Session

from startup_toolkit.domain import research
from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.pages.scanner.state import Scan, ScannerState
from startup_toolkit.services import workspace
from startup_toolkit.settings import get_settings
from tests.pages.scanner.test_state import IDEA, REPLY, ROUTE, scan, substate
from tests.support.ai_server import FakeAiServer, WebPage
from tests.support.tool_states import Recorder, Tab, in_processor

PAGES = [
    WebPage("Physio software market 2024", "https://www.marketdata.example/physio", "$1.2B"),
    WebPage("Clinic no-shows cost", "https://clinics.example/no-shows?utm_source=feed", "9%"),
]
CITED: dict[str, Any] = copy.deepcopy(REPLY)
CITED["competitors"][0]["sources"] = [1]
CITED["marketInsights"] = {
    "size": {"value": "$1.2B", "sources": [1]},
    "growthRate": {"value": "9% CAGR", "source": "https://clinics.example/no-shows/"},
    "keyTrends": [
        {"text": "Telehealth", "sources": [7]},
        {"text": "Deposits", "source": "https://www.invented.example/report"},
    ],
    "challenges": [{"text": "Reimbursement rules", "source": "No recent data/source available"}],
}


@pytest.fixture
def researching(
    fake_ai: FakeAiServer, settings_env: pytest.MonkeyPatch, monkeypatch: pytest.MonkeyPatch
) -> FakeAiServer:
    settings_env.setenv("AI_WEB_RESEARCH", "on")
    settings_env.setenv("AI_RESEARCH_SECONDS", "2")
    get_settings.cache_clear()
    monkeypatch.setattr(rules, "PROGRESS_TICK_SECONDS", 0.02)
    monkeypatch.setattr(rules, "FINISH_DELAY_SECONDS", 0.05)
    return fake_ai


def test_a_scan_with_research_shows_checked_citations_and_the_pages_read(
    founder: tuple[str, str], researching: FakeAiServer, session: Session
) -> None:
    user_id, cookie = founder
    researching.research(PAGES, shape="both")
    researching.slow(0.3, text=json.dumps(CITED))

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert "Searching the web ... 2 sources read" in recorder.values("research_progress")
        return s

    s = in_processor(ScannerState, ROUTE, run)
    assert s.result is not None and s.result.research == "done" and s.research_progress == ""
    assert [(r.number, r.title, r.site) for r in s.result.sources] == [
        (1, "Physio software market 2024", "marketdata.example"),
        (2, "Clinic no-shows cost", "clinics.example"),
    ]
    assert all(len(r.read_on) == 10 for r in s.result.sources)  # the date read
    size, growth = s.result.market_size, s.result.growth_rate
    assert (size.state, size.label, size.url) == (
        "verified",
        "Physio software market 2024",
        "https://www.marketdata.example/physio",
    )
    # a URL among the pages read, written differently: verified
    assert (growth.state, growth.label) == ("verified", "Clinic no-shows cost")
    assert [(t.state, t.label, t.url) for t in s.result.trends] == [
        ("unverified", "Unverified source", ""),  # number 7: no such page
        ("unverified", "Unverified source", ""),  # a URL not among the pages read
    ]
    assert (s.result.challenges[0].state, s.result.challenges[0].label) == (
        "none",
        research.NO_SOURCE,
    )
    assert s.result.competitors[0].cite.state == "verified"

    # the kept run carries the sources; reopened, they come back
    runs = workspace.runs_of_tool(session, user_id, "scanner")
    assert runs and runs[0].result["evidence"]["research"] == "done"
    reopened = substate()
    reopened._reopen("scanner", {"idea": IDEA}, runs[0].result, False, runs[0].created_at)
    assert reopened.result.research == "done" and len(reopened.result.sources) == 2
    assert reopened.result.market_size.url == "https://www.marketdata.example/physio"


@pytest.mark.parametrize("failure", ["error", "none", "slow"])
def test_without_research_the_scan_still_ends_and_says_so(
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
    researching.slow(0.5, text=json.dumps(REPLY))

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await tab.prepare(cookie, idea=IDEA)
        s = await scan(tab)
        assert research.WRITING_WITHOUT in recorder.values("research_progress")
        return s

    s = in_processor(ScannerState, ROUTE, run)
    assert (
        s.result is not None and s.result.score == 59 and not s.result.sample
    )  # the app's average of the categories
    assert s.result.research in ("unavailable", "failed") and s.result.sources == []
    assert s.result.market_size.label == "Unverified source"


def test_new_scan_forgets_the_sources() -> None:
    s = substate()
    scan_result = rules.ScanResult.model_validate(
        {
            **CITED,
            "evidence": {
                "research": "done",
                "sources": [{"number": 1, "title": "A page", "url": "https://a.example/x"}],
            },
        }
    )
    s._present(Scan(scan_result, IDEA, utcnow(), False))
    assert s.result.research == "done" and s.result.sources[0].url == "https://a.example/x"
    assert s.result.market_size.state == "verified"
    s.new_scan()
    assert s.result is None
