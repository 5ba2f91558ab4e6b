"""Issue 15 on the tools that research before they answer (the Viability Scanner, the Funding
Predictor, the Growth Engine, the Idea Incubator), each page's State through Reflex's event
processor and the fake AI server, over the tool registry: a run with live research shows the
research progress, each figure's checked citation (a verified page with its link, an invented
number or URL as unverified, none) and the pages read; without research (an error, no search,
too slow) the run still ends and says so, and nothing is a link; a kept run keeps its
evidence, reopened it comes back, and a new run forgets it. Then what only one tool has: the
Scanner's New Scan, the Incubator's market figures and sample, Funding's saved HTML and the
Growth Engine's download."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import pytest
import reflex as rx
from sqlmodel import Session

from startup_toolkit.domain import funding, growth, incubator, research, scanner, tools
from startup_toolkit.domain import growth_export as export
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS
from startup_toolkit.domain.research import Evidence, Source, with_evidence
from startup_toolkit.pages.funding import state as funding_page
from startup_toolkit.pages.funding.state import FundingState
from startup_toolkit.pages.growth import state as growth_page
from startup_toolkit.pages.growth.state import GrowthState
from startup_toolkit.pages.incubator.state import IncubatorState
from startup_toolkit.pages.scanner.state import Scan, ScannerState
from startup_toolkit.services import workspace
from startup_toolkit.settings import get_settings
from startup_toolkit.state.evidence import CitedRow
from tests.domain.test_incubator import ANALYSIS_REPLY
from tests.pages.funding.test_state import REPLY as FUNDING_REPLY
from tests.pages.funding.test_state import form
from tests.pages.growth.test_state import AUDIENCE, PRODUCT
from tests.pages.growth.test_state import REPLY as GROWTH_REPLY
from tests.pages.scanner.test_state import IDEA as SCAN_IDEA
from tests.pages.scanner.test_state import REPLY as SCAN_REPLY
from tests.support.ai_server import FakeAiServer, WebPage
from tests.support.tool_states import Recorder, Tab, in_processor, substate

IDEA = "A subscription box of grooming products for senior dogs, tailored by a vet."
READ = "Searching the web ... 2 sources read"

# --- What each tool is asked and answers ------------------------------------------------------

SCAN_PAGES = [
    WebPage("Physio software market 2024", "https://www.marketdata.example/physio", "$1.2B"),
    WebPage("Clinic no-shows cost", "https://clinics.example/no-shows?utm_source=feed", "9%"),
]
SCAN_CITED: dict[str, Any] = copy.deepcopy(SCAN_REPLY)
SCAN_CITED["competitors"][0]["sources"] = [1]
SCAN_CITED["marketInsights"] = {
    "size": {"value": "$1.2B", "sources": [1]},
    "growthRate": {"value": "9% CAGR", "source": "https://clinics.example/no-shows/"},
    "keyTrends": [
        {"text": "Telehealth", "sources": [7]},
        {"text": "Deposits", "source": "https://www.invented.example/report"},
    ],
    "challenges": [{"text": "Reimbursement rules", "source": "No recent data/source available"}],
}

FUNDING_PAGES = [
    WebPage("Seed rounds in 2024", "https://www.vcdata.example/seed-2024", "Median seed $3.1M"),
    WebPage("Example Seed Fund portfolio", "https://seed.example.com/?utm_source=x", "Leads"),
]
FUNDING_CITED: dict[str, Any] = copy.deepcopy(FUNDING_REPLY)
FUNDING_CITED["amountSources"] = [1]
FUNDING_CITED["benchmarks"] = [
    {"text": "Median seed round in health SaaS: $3.1M (2024)", "sources": [1]},
    {"text": "Seed valuations rose 12% in 2024", "source": "https://invented.example/vc"},
    {"text": "Investors expect $1M ARR at Series A", "sources": [8]},
    {"text": "Seed funds want 15% MoM growth", "source": research.NO_SOURCE},
]
FUNDING_CITED["investors"][0]["sources"] = ["2"]

GROWTH_PAGES = [
    WebPage("Online booking trends 2025", "https://www.health.example/booking", "74% book online"),
    WebPage("Clinic marketing benchmarks", "https://bench.example/clinics/", "CAC $120"),
]
GROWTH_CITED: dict[str, Any] = copy.deepcopy(GROWTH_REPLY)
GROWTH_CITED["marketTrends"][0]["sources"] = [1]
GROWTH_CITED["marketTrends"][1]["source"] = "https://invented.example/deposits"
GROWTH_CITED["marketTrends"][2]["sources"] = [6]
GROWTH_CITED["growthSteps"][1]["sources"] = [2]
GROWTH_CITED["benchmarks"] = [
    {
        "text": "Clinic software CAC on paid search: about $120",
        "source": "http://bench.example/clinics",
    },
    "Referral programmes convert 3-5x better",
]

INCUBATOR_PAGES = [
    WebPage("Pet care trends 2025", "https://www.pets.example/trends", "Senior dogs: +8%"),
    WebPage("Vet clinic survey", "https://vets.example/survey/", "Owners distrust boxes"),
]
INCUBATOR_CITED: dict[str, Any] = copy.deepcopy(ANALYSIS_REPLY)
INCUBATOR_CITED["marketAnalysis"]["trends"] = [
    {"text": "Owners spend more on senior dogs", "sources": [1]},
    {"text": "Boxes replace pet-shop visits", "source": "https://invented.example/boxes"},
    {"text": "Vets sell online", "sources": [7]},  # no page 7
    "Subscriptions fatigue",  # the older shape: a plain string, citing nothing
]
INCUBATOR_CITED["marketAnalysis"]["challenges"] = [
    # a page read, written another way (http, no www., no slash): verified
    {"challenge": "Owners distrust generic boxes", "source": "http://vets.example/survey"},
    {"text": "Shipping costs rise", "sources": [], "source": research.NO_SOURCE},
]


def cites(rows: list[CitedRow]) -> list[tuple[str, str, str, str]]:
    return [(r.text, r.state, r.label, r.url) for r in rows]


# --- What each tool shows with research ---------------------------------------------------------


def scanner_cited(result: Any, requests: list[dict[str, Any]]) -> None:
    assert all(len(r.read_on) == 10 for r in result.sources)  # the date read
    size, growth_rate = result.market_size, result.growth_rate
    assert (size.state, size.label, size.url) == (
        "verified",
        "Physio software market 2024",
        "https://www.marketdata.example/physio",
    )
    # a URL among the pages read, written differently: verified
    assert (growth_rate.state, growth_rate.label) == ("verified", "Clinic no-shows cost")
    assert [(t.state, t.label, t.url) for t in result.trends] == [
        ("unverified", "Unverified source", ""),  # number 7: no such page
        ("unverified", "Unverified source", ""),  # a URL not among the pages read
    ]
    assert (result.challenges[0].state, result.challenges[0].label) == ("none", research.NO_SOURCE)
    assert result.competitors[0].cite.state == "verified"


def funding_cited(result: Any, requests: list[dict[str, Any]]) -> None:
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
    first, second = requests
    assert first["tools"] == [{"type": "browser_search"}]
    asked = first["messages"][-1]["content"]
    assert "Funding stage sought: Seed" in asked and "Booking software" in asked
    assert "funding benchmarks for this stage and industry" in asked
    prompt = second["messages"][-1]["content"]
    assert '"benchmarks"' in prompt and '"amountSources"' in prompt


def growth_cited(result: Any, requests: list[dict[str, Any]]) -> None:
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
    first, _ = requests
    assert first["tools"] == [{"type": "browser_search"}]
    asked = first["messages"][-1]["content"]
    assert PRODUCT in asked and "channel benchmarks" in asked


def incubator_cited(analysis: Any, requests: list[dict[str, Any]]) -> None:
    assert cites(analysis.trends) == [
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
    assert cites(analysis.market_challenges) == [
        (
            "Owners distrust generic boxes",
            "verified",
            "Vet clinic survey",
            "https://vets.example/survey/",
        ),
        ("Shipping costs rise", "none", research.NO_SOURCE, ""),
    ]


# --- The per-tool table -------------------------------------------------------------------------


@dataclass(frozen=True)
class Researcher:
    """One tool that researches: its spec in the registry, its page's State and how to drive
    it (the form's vars, the button's handler), the view its result shows in (None until there
    is one), what it is told and answers, what only it shows, and how a new run clears it."""

    spec: tools.ToolSpec[Any, Any]
    state: type[rx.State]
    form: dict[str, Any]  # the page's vars as the founder fills them
    handler: str  # the button's event handler
    view: str  # the state var of the result's view
    pages: list[WebPage]
    shape: str  # how the fake server reports the pages read
    cited: dict[str, Any]  # the reply citing them
    sites: list[str]  # how the Sources panel names the pages' sites
    check_cited: Callable[[Any, list[dict[str, Any]]], None]
    unsourced: Callable[[Any], list[Any]]  # its citations (the first one cites a page)
    clear: Callable[[Any], None]  # New Scan, New Strategy, the input tab: a new run
    reply: dict[str, Any] | None = None  # the reply without research (None: `cited`)
    quick: Callable[[pytest.MonkeyPatch], None] | None = None  # its ticks at 20 ms
    shows_progress: bool = True  # its 1 s ticks are too slow to see the words in a test
    real: str = "sample"  # the flag of a result the AI did not write
    answer: Callable[[Any], bool] = lambda r: True  # its reply, read without research

    def result(self, s: Any) -> Any:
        return getattr(s, self.view)


def scanner_ticks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scanner, "PROGRESS_TICK_SECONDS", 0.02)
    monkeypatch.setattr(scanner, "FINISH_DELAY_SECONDS", 0.05)


SCANNER = Researcher(
    spec=tools.SCANNER,
    state=ScannerState,
    form={"idea": SCAN_IDEA},
    handler="scan",
    view="result",
    pages=SCAN_PAGES,
    shape="both",
    cited=SCAN_CITED,
    sites=["marketdata.example", "clinics.example"],
    check_cited=scanner_cited,
    unsourced=lambda r: [r.market_size, r.growth_rate, *r.trends, *r.challenges],
    clear=lambda s: s.new_scan(),
    reply=SCAN_REPLY,
    quick=scanner_ticks,
    answer=lambda r: r.score == 59,  # the app's average of the categories
)
FUNDING = Researcher(
    spec=tools.FUNDING,
    state=FundingState,
    form={"form": form(pitch="Booking software for physio clinics.")},
    handler="predict",
    view="result",
    pages=FUNDING_PAGES,
    shape="both",
    cited=FUNDING_CITED,
    sites=["vcdata.example", "seed.example.com"],
    check_cited=funding_cited,
    unsourced=lambda r: [r.amount_cite, *r.benchmarks, r.investors[0].cite],
    clear=lambda s: s.set_tab("input"),
    quick=lambda mp: mp.setattr(funding_page, "TICK_SECONDS", 0.02),
    real="estimated",
    answer=lambda r: r.amount == "$2.5M",
)
GROWTH = Researcher(
    spec=tools.GROWTH,
    state=GrowthState,
    form={"product": PRODUCT, "audience": AUDIENCE, "budget": "500"},
    handler="generate",
    view="result",
    pages=GROWTH_PAGES,
    shape="browser",
    cited=GROWTH_CITED,
    sites=["health.example", "bench.example"],
    check_cited=growth_cited,
    unsourced=lambda r: [t.cite for t in r.trends],
    clear=lambda s: s.new_strategy(),
    quick=lambda mp: mp.setattr(growth_page, "TICK_SECONDS", 0.02),
    answer=lambda r: r.summary == GROWTH_REPLY["summary"],
)
INCUBATOR = Researcher(
    spec=tools.INCUBATOR,
    state=IncubatorState,
    form={"idea": IDEA},
    handler="analyse",
    view="analysis",
    pages=INCUBATOR_PAGES,
    shape="search",
    cited=INCUBATOR_CITED,
    sites=["pets.example", "vets.example"],
    check_cited=incubator_cited,
    unsourced=lambda r: [*r.trends, *r.market_challenges],
    clear=lambda s: s.set_tab("input"),
    shows_progress=False,
)
RESEARCHERS = [SCANNER, FUNDING, GROWTH, INCUBATOR]
by_tool = pytest.mark.parametrize("tool", RESEARCHERS, ids=[t.spec.key for t in RESEARCHERS])


def test_the_table_covers_the_registrys_research_tools() -> None:
    """Each row is the registry's tool on its own page."""
    for tool in RESEARCHERS:
        assert tool.spec in tools.TOOLS and tool.spec.route
        assert tool.spec.page is not None and tool.spec.route == tool.spec.page.path


@pytest.fixture
def researching(
    fake_ai: FakeAiServer, settings_env: pytest.MonkeyPatch, monkeypatch: pytest.MonkeyPatch
) -> FakeAiServer:
    """Live research on, at most 2 s of it."""
    settings_env.setenv("AI_WEB_RESEARCH", "on")
    settings_env.setenv("AI_RESEARCH_SECONDS", "2")
    get_settings.cache_clear()
    return fake_ai


def run_page(tool: Researcher, cookie: str, progress: str, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The page's state after the founder fills the form and clicks; the research words
    `progress` were shown while it ran (when the page's ticks are quick enough to see)."""
    if tool.quick is not None:
        tool.quick(monkeypatch)

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await tab.prepare(cookie, **tool.form)
        s = await tab.fire(tool.handler, "running")
        if tool.shows_progress:
            assert progress in recorder.values("research_progress")
        return s

    return in_processor(tool.state, tool.spec.route, run)


@by_tool
def test_a_run_with_research_shows_checked_citations_and_the_pages_read(
    tool: Researcher,
    founder: tuple[str, str],
    researching: FakeAiServer,
    session: Session,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    user_id, cookie = founder
    researching.research(tool.pages, shape=tool.shape)
    researching.slow(0.4, text=json.dumps(tool.cited))

    s = run_page(tool, cookie, READ, monkeypatch)
    result = tool.result(s)
    assert result is not None and not getattr(result, tool.real) and result.research == "done"
    assert s.research_progress == ""
    assert [(r.number, r.title, r.site) for r in result.sources] == [
        (i, page.title, site)
        for i, (page, site) in enumerate(zip(tool.pages, tool.sites, strict=True), 1)
    ]
    tool.check_cited(result, researching.requests)
    # the answer is written from the pages read
    prompt = researching.requests[-1]["messages"][-1]["content"]
    assert "<evidence>" in prompt
    assert all(f"[{i}] {page.title}" in prompt for i, page in enumerate(tool.pages, 1))

    # the kept run carries the evidence; reopened, the citations come back
    (kept,) = workspace.runs_of_tool(session, user_id, tool.spec.key)
    assert kept.result["evidence"]["research"] == "done"
    reopened = substate(tool.state, tool.spec.route)
    assert reopened._reopen(tool.spec.key, kept.input, kept.result, False, kept.created_at)
    again = tool.result(reopened)
    assert again.research == "done" and again.sources == result.sources
    assert [(c.state, c.url) for c in tool.unsourced(again)] == [
        (c.state, c.url) for c in tool.unsourced(result)
    ]
    # a new run forgets them
    tool.clear(reopened)
    assert tool.result(reopened) is None


@by_tool
@pytest.mark.parametrize("failure", ["error", "none", "slow"])
def test_without_research_the_run_still_ends_and_says_so(
    tool: Researcher,
    failure: str,
    founder: tuple[str, str],
    researching: FakeAiServer,
    settings_env: pytest.MonkeyPatch,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    _, cookie = founder
    if failure == "error":
        researching.research_error(400)
    elif failure == "none":
        researching.research_none()
    else:
        # research outlasts its budget: a short one here, so the run does not wait out 2 s
        settings_env.setenv("AI_RESEARCH_SECONDS", "0.3")
        get_settings.cache_clear()
        researching.research_slow(4, tool.pages)
    # The reply takes a moment, as a real one does: the page's ticks show the fallback line
    # before it ends (an instant reply could end the run between two ticks).
    researching.slow(0.5, text=json.dumps(tool.reply or tool.cited))

    r = tool.result(run_page(tool, cookie, research.WRITING_WITHOUT, monkeypatch))
    assert r is not None and not getattr(r, tool.real) and tool.answer(r)
    assert r.research in ("unavailable", "failed") and r.sources == []
    # no page was read: whatever the reply cites is not verified, and nothing is a link
    rows = tool.unsourced(r)
    assert rows and all(c.url == "" and c.state != "verified" for c in rows)
    assert (rows[0].state, rows[0].label) == ("unverified", research.UNVERIFIED)
    prompt = researching.requests[-1]["messages"][-1]["content"]
    assert research.NO_EVIDENCE in prompt and "<evidence>" not in prompt


# --- What only one tool has ---------------------------------------------------------------------


def test_new_scan_forgets_the_sources() -> None:
    s = substate(ScannerState, tools.SCANNER.route)
    scan_result = scanner.ScanResult.model_validate(
        {
            **SCAN_CITED,
            "evidence": {
                "research": "done",
                "sources": [{"number": 1, "title": "A page", "url": "https://a.example/x"}],
            },
        }
    )
    s._present(Scan(scan_result, SCAN_IDEA, utcnow(), False))
    assert s.result.research == "done" and s.result.sources[0].url == "https://a.example/x"
    assert s.result.market_size.state == "verified"
    s.new_scan()
    assert s.result is None


def test_an_analysis_with_research_shows_the_market_figures_checked_citations() -> None:
    data = SAMPLE_ANALYSIS.model_dump(mode="json")
    data["marketAnalysis"]["size"] = {"value": "$4.2B", "sources": [1]}
    data["marketAnalysis"]["growth"] = {"value": "11%", "sources": [4]}
    data["competitiveAnalysis"]["competitors"][0]["sources"] = [1]
    page = Source(
        number=1, title="Pet market 2024", url="https://pets.example/m", site="pets.example"
    )
    analysis = with_evidence(
        incubator.IdeaAnalysis.model_validate(data), Evidence(research="done", sources=[page])
    )
    s = substate(IncubatorState, tools.INCUBATOR.route)
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


def test_the_kept_analysis_keeps_each_trends_sources(
    founder: tuple[str, str], researching: FakeAiServer, session: Session
) -> None:
    user_id, cookie = founder
    researching.research(INCUBATOR_PAGES, shape="search").reply_json(INCUBATOR_CITED)

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await tab.prepare(cookie, idea=IDEA)
        return await tab.fire("analyse", "running")

    s = in_processor(IncubatorState, tools.INCUBATOR.route, run)
    (kept,) = workspace.runs_of_tool(session, user_id, tools.INCUBATOR.key)
    assert kept.result["marketAnalysis"]["trends"][0]["sources"] == [1]
    reopened = substate(IncubatorState, tools.INCUBATOR.route)
    assert reopened._reopen(tools.INCUBATOR.key, kept.input, kept.result, False, kept.created_at)
    assert cites(reopened.analysis.trends) == cites(s.analysis.trends)


def test_the_sample_trends_and_challenges_claim_no_source() -> None:
    s = substate(IncubatorState, tools.INCUBATOR.route)
    s._show_analysis(SAMPLE_ANALYSIS, IDEA, sample=True)
    rows = [*s.analysis.trends, *s.analysis.market_challenges]
    assert rows and {(r.state, r.label, r.url) for r in rows} == {("none", research.NO_SOURCE, "")}


def test_the_saved_prediction_html_carries_the_citations_and_the_estimate_none() -> None:
    data, _ = funding.parse_input(funding.default_form())
    assert data is not None
    evidence = {
        "research": "done",
        "sources": [
            {"number": 1, "title": "Seed rounds", "url": "https://vc.example/seed"},
        ],
    }
    prediction = funding.FundingPrediction.model_validate({**FUNDING_CITED, "evidence": evidence})
    page = funding.to_html(prediction, data)
    assert (
        '(range $1.5M - $3M (source: <a href="https://vc.example/seed" '
        'rel="noopener noreferrer">Seed rounds</a>))' in page
    )
    assert "Seed valuations rose 12% in 2024 (Unverified source)" in page
    assert "invented.example" not in page and "<h3>Sources</h3>" in page
    estimate = funding.to_html(prediction, data, estimated=True)
    assert "(range $1.5M - $3M)" in estimate and "<h3>Sources</h3>" not in estimate
    assert "Live research" not in estimate


def test_the_growth_download_and_saved_html_carry_the_citations_and_the_sample_none() -> None:
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
    strategy = growth.GrowthStrategy.model_validate({**GROWTH_CITED, "evidence": evidence})
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
    sample = growth.sample_strategy(500)
    assert "Live research" not in export.blueprint_markdown(
        sample, PRODUCT, AUDIENCE, 500, at, sample=True
    )
    assert "Live research" in export.blueprint_markdown(sample, PRODUCT, AUDIENCE, 500, at)
