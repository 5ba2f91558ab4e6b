"""Issue 15 on the Idea Incubator's state: an analysis with live research shows the market
figures', trends', challenges' and competitors' checked citations and the pages read (the
trends and challenges also through Reflex's event processor and the fake AI server: a
verified page, an invented URL or number, none); without research nothing is a link; the
sample claims no sources."""

from __future__ import annotations

import copy
from typing import Any

import pytest
from sqlmodel import Session

from startup_toolkit.domain import incubator as rules
from startup_toolkit.domain import research
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS
from startup_toolkit.domain.research import Evidence, Source, with_evidence
from startup_toolkit.pages.incubator.state import IncubatorState
from startup_toolkit.services import workspace
from startup_toolkit.settings import get_settings
from startup_toolkit.state.evidence import CitedRow
from tests.domain.test_incubator import ANALYSIS_REPLY
from tests.pages.incubator.test_state import ROUTE, substate
from tests.support.ai_server import FakeAiServer, WebPage
from tests.support.tool_states import Recorder, Tab, in_processor

IDEA = "A subscription box of grooming products for senior dogs, tailored by a vet."


def test_an_analysis_with_research_shows_checked_citations_and_the_pages_read() -> None:
    data = SAMPLE_ANALYSIS.model_dump(mode="json")
    data["marketAnalysis"]["size"] = {"value": "$4.2B", "sources": [1]}
    data["marketAnalysis"]["growth"] = {"value": "11%", "sources": [4]}
    data["competitiveAnalysis"]["competitors"][0]["sources"] = [1]
    page = Source(
        number=1, title="Pet market 2024", url="https://pets.example/m", site="pets.example"
    )
    analysis = with_evidence(
        rules.IdeaAnalysis.model_validate(data), Evidence(research="done", sources=[page])
    )
    s = substate()
    s._show_analysis(analysis, IDEA, sample=False)
    assert (s.analysis.size.state, s.analysis.size.label, s.analysis.size.url) == (
        "verified",
        "Pet market 2024",
        "https://pets.example/m",
    )
    assert (s.analysis.growth.state, s.analysis.growth.url) == ("unverified", "")
    assert s.analysis.competitors[0].cite.state == "verified"
    assert s.analysis.research == "done" and [r.title for r in s.analysis.sources] == [
        "Pet market 2024"
    ]
    s._clear_results()
    assert s.analysis is None


# --- Trends and challenges, through the event processor and the fake AI server ----------------

PAGES = [
    WebPage("Pet care trends 2025", "https://www.pets.example/trends", "Senior dogs: +8%"),
    WebPage("Vet clinic survey", "https://vets.example/survey/", "Owners distrust boxes"),
]
CITED: dict[str, Any] = copy.deepcopy(ANALYSIS_REPLY)
CITED["marketAnalysis"]["trends"] = [
    {"text": "Owners spend more on senior dogs", "sources": [1]},
    {"text": "Boxes replace pet-shop visits", "source": "https://invented.example/boxes"},
    {"text": "Vets sell online", "sources": [7]},  # no page 7
    "Subscriptions fatigue",  # the older shape: a plain string, citing nothing
]
CITED["marketAnalysis"]["challenges"] = [
    # a page read, written another way (http, no www., no slash): verified
    {"challenge": "Owners distrust generic boxes", "source": "http://vets.example/survey"},
    {"text": "Shipping costs rise", "sources": [], "source": research.NO_SOURCE},
]


@pytest.fixture
def researching(fake_ai: FakeAiServer, settings_env: pytest.MonkeyPatch) -> FakeAiServer:
    settings_env.setenv("AI_WEB_RESEARCH", "on")
    settings_env.setenv("AI_RESEARCH_SECONDS", "2")
    get_settings.cache_clear()
    return fake_ai


def cites(rows: list[CitedRow]) -> list[tuple[str, str, str, str]]:
    return [(r.text, r.state, r.label, r.url) for r in rows]


def test_trends_and_challenges_show_their_checked_citations_after_research(
    founder: tuple[str, str], researching: FakeAiServer, session: Session
) -> None:
    user_id, cookie = founder
    researching.research(PAGES, shape="search").reply_json(CITED)

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await tab.prepare(cookie, idea=IDEA)
        return await tab.fire("analyse", "running")

    s = in_processor(IncubatorState, ROUTE, run)
    assert s.analysis is not None and not s.analysis.sample and s.analysis.research == "done"
    assert cites(s.analysis.trends) == [
        (
            "Owners spend more on senior dogs",
            "verified",
            "Pet care trends 2025",
            "https://www.pets.example/trends",
        ),
        ("Boxes replace pet-shop visits", "unverified", research.UNVERIFIED, ""),
        ("Vets sell online", "unverified", research.UNVERIFIED, ""),
        ("Subscriptions fatigue", "none", research.NO_SOURCE, ""),
    ]
    assert cites(s.analysis.market_challenges) == [
        (
            "Owners distrust generic boxes",
            "verified",
            "Vet clinic survey",
            "https://vets.example/survey/",
        ),
        ("Shipping costs rise", "none", research.NO_SOURCE, ""),
    ]
    json_call = researching.requests[-1]["messages"][-1]["content"]
    assert "[2] Vet clinic survey" in json_call

    (kept,) = workspace.runs_of_tool(session, user_id, "incubator")
    assert kept.result["marketAnalysis"]["trends"][0]["sources"] == [1]
    reopened = substate()
    assert reopened._reopen("incubator", kept.input, kept.result, False, kept.created_at)
    assert cites(reopened.analysis.trends) == cites(s.analysis.trends)


def test_without_research_trends_and_challenges_link_nothing(
    founder: tuple[str, str], researching: FakeAiServer
) -> None:
    _, cookie = founder
    researching.research_error(400).reply_json(CITED)

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await tab.prepare(cookie, idea=IDEA)
        return await tab.fire("analyse", "running")

    s = in_processor(IncubatorState, ROUTE, run)
    assert (
        s.analysis is not None
        and s.analysis.research in ("unavailable", "failed")
        and s.analysis.sources == []
    )
    rows = [*s.analysis.trends, *s.analysis.market_challenges]
    assert all(r.url == "" and r.state != "verified" for r in rows)
    assert s.analysis.trends[0].state == "unverified"  # a number, but no page was read


def test_the_sample_trends_and_challenges_claim_no_source() -> None:
    s = substate()
    s._show_analysis(SAMPLE_ANALYSIS, IDEA, sample=True)
    rows = [*s.analysis.trends, *s.analysis.market_challenges]
    assert rows and {(r.state, r.label, r.url) for r in rows} == {("none", research.NO_SOURCE, "")}
