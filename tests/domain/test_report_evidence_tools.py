"""Issue 15 in the exports of the Idea Incubator, the Funding Predictor and the Growth Engine:
a report (Markdown, PDF, share page) and a saved result's HTML show each figure with its
checked citation, link only pages read during the analysis, and list those pages, or say that
live research was not available."""

from __future__ import annotations

import html
from datetime import UTC, datetime
from typing import Any

from startup_toolkit.domain import growth, incubator, tools
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS, SAMPLE_STRESS_TEST
from startup_toolkit.domain.report_builders import report_from_run, report_from_saved
from startup_toolkit.domain.research import FALLBACK_NOTE
from startup_toolkit.domain.workspace import as_json
from tests.domain.test_report_builders import FUNDING_INPUT, IDEA, PREDICTION, Run

AT = datetime(2025, 3, 2, 9, 0, tzinfo=UTC)
READ = "2025-03-01T10:00:00+00:00"
EVIDENCE: dict[str, Any] = {
    "research": "done",
    "sources": [
        {
            "number": 1,
            "title": "Market 2024",
            "url": "https://www.m.example/r",
            "site": "m.example",
            "read_at": READ,
        },
        {
            "number": 2,
            "title": "Suite raises",
            "url": "https://news.example/suite",
            "site": "news.example",
            "read_at": READ,
        },
    ],
}
PAGES = [
    ("[1] Market 2024 (m.example, read 2025-03-01)", "https://www.m.example/r"),
    ("[2] Suite raises (news.example, read 2025-03-01)", "https://news.example/suite"),
]


def by_heading(report: Any) -> dict[str, Any]:
    return {s.heading: s for s in report.sections}


def cited_analysis() -> dict[str, Any]:
    data = as_json(SAMPLE_ANALYSIS)
    data["marketAnalysis"]["size"] = {"value": "$4.2B", "sources": [1]}
    data["marketAnalysis"]["growth"] = {
        "value": "11%",
        "source": "https://invented.example/report",
    }
    data["competitiveAnalysis"]["competitors"][0]["sources"] = [2]
    data["competitiveAnalysis"]["competitors"][1]["sources"] = [9]
    data["marketAnalysis"]["trends"] = [
        {"text": "Suites add deposits", "sources": [2]},
        {"text": "Clinics go online", "source": "https://invented.example/clinics"},
        "Plain trend",  # the older shape
    ]
    data["marketAnalysis"]["challenges"] = [
        {"text": "Buyers are fragmented", "source": "http://m.example/r/"},
        {"text": "Margins shrink", "sources": [5]},
    ]
    data["evidence"] = EVIDENCE
    return data


def test_the_incubator_report_cites_each_trend_and_challenge() -> None:
    sections = by_heading(
        report_from_run(Run(tools.INCUBATOR.key, {"idea": IDEA}, cited_analysis()))
    )
    assert sections["Market trends"].bullets == (
        "Suites add deposits (source: Suite raises)",
        "Clinics go online (Unverified source)",
        "Plain trend (No recent data/source available)",
    )
    assert sections["Market challenges"].bullets == (
        "Buyers are fragmented (source: Market 2024)",  # the same page, written another way
        "Margins shrink (Unverified source)",  # number 5: no such page
    )
    page = incubator.to_html(incubator.IdeaAnalysis.model_validate(cited_analysis()), IDEA)
    assert (
        '<li>Suites add deposits (source: <a href="https://news.example/suite" '
        'rel="noopener noreferrer">Suite raises</a>)</li>' in page
    )
    assert "<li>Clinics go online (Unverified source)</li>" in page
    assert "<li>Plain trend (No recent data/source available)</li>" in page
    assert "invented.example" not in page
    sample = by_heading(
        report_from_run(Run(tools.INCUBATOR.key, {"idea": IDEA}, as_json(SAMPLE_ANALYSIS)))
    )
    trends = sample["Market trends"].bullets + sample["Market challenges"].bullets
    assert trends and all(t.endswith("(No recent data/source available)") for t in trends)


# --- Idea Incubator ---------------------------------------------------------------------------


def test_the_incubator_report_links_only_verified_citations_and_lists_the_pages_read() -> None:
    report = report_from_run(Run(tools.INCUBATOR.key, {"idea": IDEA}, cited_analysis()))
    sections = by_heading(report)
    market = sections["Market analysis"]
    assert "Size: $4.2B (source: Market 2024)" in market.paragraphs
    assert "Growth: 11% (Unverified source)" in market.paragraphs
    assert [(s.title, s.url) for s in market.sources] == [
        ("Market 2024", "https://www.m.example/r"),
        ("Suite raises", "https://news.example/suite"),
    ]
    names = [c.name for c in SAMPLE_ANALYSIS.competitiveAnalysis.competitors]
    assert sections["Competitive analysis"].bullets[:2] == (
        f"{names[0]} (source: Suite raises)",
        f"{names[1]} (Unverified source)",  # number 9: no such page
    )
    assert [(s.title, s.url) for s in sections["Sources"].sources] == PAGES
    assert report.sections[-1].heading == "Sources"


def test_an_incubator_report_without_research_says_so_and_links_nothing() -> None:
    data = as_json(SAMPLE_ANALYSIS)
    data["marketAnalysis"]["size"]["source"] = "Statista 2024 https://example.com/market"
    report = report_from_run(Run(tools.INCUBATOR.key, {"idea": IDEA}, data))
    sections = by_heading(report)
    assert sections["Market analysis"].sources == ()
    size = next(p for p in sections["Market analysis"].paragraphs if p.startswith("Size"))
    assert size.endswith("(Unverified source)")
    assert sections["Sources"].paragraphs == (FALLBACK_NOTE,)


def test_a_saved_analysis_with_its_stress_test_puts_the_pages_read_last() -> None:
    analysis = incubator.IdeaAnalysis.model_validate(cited_analysis())
    content = incubator.save_content(analysis, IDEA, SAMPLE_STRESS_TEST)
    report = report_from_saved("Idea Incubator", "My analysis", {"data": content}, {}, AT)
    headings = [s.heading for s in report.sections]
    assert headings[-1] == "Sources" and headings.count("Sources") == 1
    assert any(h.startswith("Stress scenario") for h in headings)
    assert [(s.title, s.url) for s in report.sections[-1].sources] == PAGES


def test_the_saved_analysis_html_links_verified_pages_only() -> None:
    analysis = incubator.IdeaAnalysis.model_validate(cited_analysis())
    page = incubator.to_html(analysis, IDEA)
    assert (
        '$4.2B (source: <a href="https://www.m.example/r" rel="noopener noreferrer">'
        "Market 2024</a>)" in page
    )
    assert "11% (Unverified source)" in page and "invented.example" not in page
    assert "<h3>Sources</h3><ol>" in page
    assert "[2] Suite raises (news.example, read 2025-03-01)</a>" in page
    plain = incubator.to_html(SAMPLE_ANALYSIS, IDEA)
    assert html.escape(FALLBACK_NOTE) in plain and "<a " not in plain


# --- Funding Predictor ------------------------------------------------------------------------


def test_the_funding_report_cites_the_range_benchmarks_and_investors() -> None:
    prediction = as_json(PREDICTION)
    prediction.update(
        amountRange="$1.5M - $3M",
        amountSources=[1],
        benchmarks=[
            {"text": "Median seed round: $3.1M (2024)", "sources": [1]},
            {"text": "Seed valuations rose 12%", "source": "https://invented.example/vc"},
            "Funds expect 15% MoM growth",
        ],
        investors=[{"name": "Seed Fund", "sources": [2]}, {"name": "Other Fund"}],
        evidence=EVIDENCE,
    )
    report = report_from_run(Run(tools.FUNDING.key, as_json(FUNDING_INPUT), prediction))
    sections = by_heading(report)
    assert "Typical range: $1.5M - $3M (source: Market 2024)" in sections["Prediction"].paragraphs
    benchmarks = sections["Funding benchmarks"]
    assert benchmarks.bullets == (
        "Median seed round: $3.1M (2024) (source: Market 2024)",
        "Seed valuations rose 12% (Unverified source)",
        "Funds expect 15% MoM growth (No recent data/source available)",
    )
    assert [(s.title, s.url) for s in benchmarks.sources] == [
        ("Market 2024", "https://www.m.example/r"),
        ("Suite raises", "https://news.example/suite"),
    ]
    assert sections["Investors"].bullets == (
        "Seed Fund (source: Suite raises)",
        "Other Fund (No recent data/source available)",
    )
    assert [(s.title, s.url) for s in sections["Sources"].sources] == PAGES


def test_a_funding_report_without_research_says_so() -> None:
    report = report_from_run(Run(tools.FUNDING.key, as_json(FUNDING_INPUT), as_json(PREDICTION)))
    sections = by_heading(report)
    assert "Funding benchmarks" not in sections
    assert sections["Sources"].paragraphs == (FALLBACK_NOTE,)
    assert not any(s.sources for s in report.sections)


# --- Growth Engine ----------------------------------------------------------------------------


def test_the_growth_report_cites_trends_benchmarks_and_estimates() -> None:
    strategy = as_json(growth.sample_strategy(200))
    strategy["marketTrends"][0]["sources"] = [1]
    strategy["marketTrends"][1]["source"] = "https://invented.example/community"
    strategy["growthSteps"][1]["sources"] = [2]
    strategy["benchmarks"] = [{"text": "Paid social CAC: $45 (2024)", "sources": [1]}]
    strategy["evidence"] = EVIDENCE
    inputs = {"product": "Sock box", "audience": "Parents", "budget": 200.0}
    report = report_from_run(Run(tools.GROWTH.key, inputs, strategy))
    sections = by_heading(report)
    trends = sections["Trend radar"].table
    assert trends is not None and trends.headers[-1] == "Source"
    assert [row[-1] for row in trends.rows[:3]] == [
        "source: Market 2024",
        "Unverified source",
        "No recent data/source available",
    ]
    steps = sections["Growth steps"].table
    assert steps is not None
    assert steps.rows[1][-1] == "+10-20% traffic a month (source: Suite raises)"
    benchmarks = sections["Channel benchmarks"]
    assert benchmarks.bullets == ("Paid social CAC: $45 (2024) (source: Market 2024)",)
    assert [(s.title, s.url) for s in benchmarks.sources] == [
        ("Suite raises", "https://news.example/suite"),
        ("Market 2024", "https://www.m.example/r"),
    ]
    assert [(s.title, s.url) for s in sections["Sources"].sources] == PAGES
