"""Report builders (issue 14, exports): a kept run of every tool, with each tool's own sample
result, becomes a report with the tool's title, headline, file name and contents; a stored
result that no longer fits its model gives a generic report instead of an error; saved
results and an idea's timeline."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from startup_toolkit.domain import funding, growth, oracle, tools
from startup_toolkit.domain.cofounder import SAMPLE_REPLY
from startup_toolkit.domain.funding_estimate import estimate
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS, SAMPLE_STRESS_TEST
from startup_toolkit.domain.oracle_content import CONTENT_BY_KIND, sample_content
from startup_toolkit.domain.report import Report
from startup_toolkit.domain.report_builders import (
    GENERIC_NOTE,
    idea_report,
    report_from_run,
    report_from_saved,
    report_from_saved_run,
)
from startup_toolkit.domain.research import FALLBACK_NOTE
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.saved_results import SaveRequest, build_payload
from startup_toolkit.domain.scanner_export import save_content as scan_content
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.domain.workspace import as_json

AT = datetime(2024, 11, 25, 1, 0, tzinfo=UTC)
MS = 1732496400000
IDEA = "Socks by subscription for busy parents."
FUNDING_INPUT = funding.FundingInput(
    revenue=20_000,
    expenses=15_000,
    growth_rate=12.0,
    customers=150,
    team_size=4,
    market_size=2_000_000_000,
    stage="seed",
    pitch="Socks delivered monthly.",
)
PREDICTION = estimate(FUNDING_INPUT)
HUB_TEXT = (
    "# Go-to-market\nStart with **one** channel. See [the guide](https://example.com/gtm) and "
    "[this](javascript:alert(1)).\n\n- Pick a niche\n- Talk to 10 buyers\n\nThen measure."
)


@dataclass
class Run:
    tool: str
    input: Any
    result: Any
    created_at: datetime = AT
    sample: bool = False
    model: str = "test-model"
    origin: str = ""  # '' : a row from before issue 28 (read from `sample`)


def everything(report: Report) -> str:
    """Every text a report holds, for 'the founder sees X' checks."""
    parts = [report.title, report.subtitle, *(f"{k}: {v}" for k, v in report.facts)]
    for s in report.sections:
        parts += [s.heading, *s.paragraphs, *s.bullets, *(link.title for link in s.sources)]
        if s.table:
            parts += [*s.table.headers, *(cell for row in s.table.rows for cell in row)]
        if s.chart:
            parts += [label for label, _ in s.chart.groups]
    return "\n".join(parts)


# (tool, input, result, title, headline, file stem, a text the report shows)
CASES = [
    (
        tools.SCANNER.key,
        {"idea": IDEA},
        as_json(SAMPLE_SCAN),
        "Viability Analysis - Score: 72/100",
        "Viability 72/100 (Potentially Viable)",
        "viability-analysis",
        "Incumbent Suite (sample)",
    ),
    (
        tools.INCUBATOR.key,
        {"idea": IDEA},
        as_json(SAMPLE_ANALYSIS),
        "Idea Analysis - Socks by subscription for busy parents.",
        "Idea analysis: " + SAMPLE_ANALYSIS.marketAnalysis.overview[:40],
        "startup-analysis",
        SAMPLE_ANALYSIS.viabilityAssessment.risks[0],
    ),
    (
        tools.STRESS_TEST.key,
        {"idea": IDEA, "analysis": as_json(SAMPLE_ANALYSIS)},
        as_json(SAMPLE_STRESS_TEST),
        f"Stress Test - {SAMPLE_STRESS_TEST.stressScenario.title}",
        f"Stress test: {SAMPLE_STRESS_TEST.stressScenario.title}",
        "stress-test",
        SAMPLE_STRESS_TEST.strategicResponse.immediateActions[0],
    ),
    (
        tools.FUNDING.key,
        as_json(FUNDING_INPUT),
        as_json(PREDICTION),
        funding.result_title(PREDICTION),
        f"{funding.headline(PREDICTION.success)}, {PREDICTION.amount}",
        "funding-prediction",
        "Monthly revenue",
    ),
    (
        tools.GROWTH.key,
        {"product": "Sock box", "audience": "Parents", "budget": 200.0},
        as_json(growth.sample_strategy(200)),
        "Growth Blueprint - $200/month",
        "Growth blueprint: ",
        "growth-blueprint",
        "Content and SEO",
    ),
    (
        tools.ORACLE.key,
        {"businessIdea": IDEA, "stage": "mvp", "biggestChallenge": "Churn"},
        as_json(oracle.sample_result()),
        "Startup Oracle Prediction - 72% (High Success Potential)",
        "Success probability 72% (High Success Potential)",
        "oracle-prediction",
        "Stage: MVP",
    ),
    (
        tools.ORACLE_CONTENT.key,
        {"content": "tasks", "data": {"businessIdea": IDEA}},
        sample_content(CONTENT_BY_KIND["tasks"], IDEA),
        "Next 30 Days Task List",
        "Next 30 Days Task List: ",
        "next-30-days-task-list",
        "Interview 10 target customers - Deadline: Day 7",
    ),
    (
        tools.HUB_DOCUMENT.key,
        {"title": "Go-To-Market Plan", "kind": "guide"},
        HUB_TEXT,
        "Go-To-Market Plan",
        "Document: Go-To-Market Plan",
        "go-to-market-plan",
        "Talk to 10 buyers",
    ),
    (
        tools.COFOUNDER.key,
        {},
        [
            {"role": "user", "content": "How should I price my sock box?"},
            {"role": "assistant", "content": SAMPLE_REPLY},
        ],
        "AI Co-Founder chat - 2 messages",
        "Conversation, 2 messages: How should I price my sock box?",
        "cofounder-chat",
        "How should I price my sock box?",
    ),
]


def test_the_cases_cover_every_tool() -> None:
    assert {case[0] for case in CASES} == set(tools.KEPT_KEYS)


@pytest.mark.parametrize(("tool", "inputs", "result", "title", "headline", "stem", "shows"), CASES)
def test_a_kept_run_of_each_tool_reads_as_its_tool_report(
    tool: str, inputs: Any, result: Any, title: str, headline: str, stem: str, shows: str
) -> None:
    report = report_from_run(Run(tool, inputs, result))
    assert report.title == title
    assert report.subtitle.startswith(headline)
    assert report.file_stem == f"{stem}-{MS}"
    assert report.facts[:2] == (
        ("Tool", tools.BY_KEY[tool].label),
        ("Date", "2024-11-25 01:00 UTC"),
    )
    assert ("Basis", "AI") in report.facts and ("Model", "test-model") in report.facts
    assert shows in everything(report)
    assert GENERIC_NOTE not in everything(report)


def test_the_scan_report_holds_its_chart_verdict_competitors_steps_and_sources() -> None:
    scan = as_json(SAMPLE_SCAN)
    scan["marketInsights"]["size"]["source"] = "Statista 2024 https://example.com/market"
    scan["marketInsights"]["growthRate"]["source"] = "javascript:alert(1)"
    report = report_from_run(Run(tools.SCANNER.key, {"idea": IDEA}, scan, sample=True))
    by_heading = {s.heading: s for s in report.sections}
    chart = by_heading["Scores"].chart
    assert chart is not None and chart.series == ("Score",)
    assert chart.groups[:2] == (("Overall", (72,)), ("Problem Validation", (81,)))
    assert by_heading["Verdict"].paragraphs[0] == "Potentially Viable: 72/100"
    competitors = by_heading["Competitors"].table
    assert competitors is not None and competitors.rows[0][:2] == (
        "Incumbent Suite (sample)",
        "82/100",
    )
    assert by_heading["Action steps"].bullets[0].startswith("Interview 15 target customers")
    # issue 15: a source the model named but no research read is never a link
    assert by_heading["Market"].sources == ()
    size, growth = by_heading["Market"].paragraphs
    assert size == "Size: Sample figure: about $4.2B (Unverified source)"
    assert growth == "Growth rate: Sample figure: about 11% a year (Unverified source)"
    assert by_heading["Sources"].paragraphs == (FALLBACK_NOTE,)
    assert ("Basis", "Sample result (demo mode)") in report.facts
    assert not any(k == "Model" for k, _ in report.facts)


def test_the_scan_report_links_only_verified_citations_and_lists_the_pages_read() -> None:
    scan = as_json(SAMPLE_SCAN)
    market = scan["marketInsights"]
    market["size"] = {"value": "$4.2B", "sources": [1]}
    market["growthRate"] = {"value": "11%", "source": "https://invented.example/report"}
    market["keyTrends"] = [{"text": "Consolidation", "sources": [5]}]
    scan["competitors"][0]["sources"] = [2]
    scan["evidence"] = {
        "research": "done",
        "sources": [
            {
                "number": 1,
                "title": "Market 2024",
                "url": "https://www.m.example/r",
                "site": "m.example",
                "read_at": "2025-03-01T10:00:00+00:00",
            },
            {
                "number": 2,
                "title": "Suite raises",
                "url": "https://news.example/suite",
                "site": "news.example",
                "read_at": "2025-03-01T10:00:00+00:00",
            },
        ],
    }
    report = report_from_run(Run(tools.SCANNER.key, {"idea": IDEA}, scan))
    by_heading = {s.heading: s for s in report.sections}
    market_section = by_heading["Market"]
    assert market_section.paragraphs == (
        "Size: $4.2B (source: Market 2024)",
        "Growth rate: 11% (Unverified source)",
    )
    assert "Trend: Consolidation (Unverified source)" in market_section.bullets
    assert [(s.title, s.url) for s in market_section.sources] == [
        ("Market 2024", "https://www.m.example/r"),
        ("Suite raises", "https://news.example/suite"),
    ]
    assert by_heading["Competitors"].bullets[:2] == (
        "Incumbent Suite (sample) (source: Suite raises)",
        "Budget Tool (sample) (No recent data/source available)",
    )
    pages = by_heading["Sources"].sources
    assert [(s.title, s.url) for s in pages] == [
        ("[1] Market 2024 (m.example, read 2025-03-01)", "https://www.m.example/r"),
        ("[2] Suite raises (news.example, read 2025-03-01)", "https://news.example/suite"),
    ]


def test_model_markdown_becomes_plain_text_with_only_http_links_spelled_out() -> None:
    report = report_from_run(Run(tools.HUB_DOCUMENT.key, {"title": "GTM"}, HUB_TEXT))
    first = report.sections[0]
    assert first.heading == "Go-to-market"
    assert first.paragraphs == (
        "Start with one channel. See the guide (https://example.com/gtm) and this.",
    )
    assert first.bullets == ("Pick a niche", "Talk to 10 buyers")
    # The paragraph after the list stays after it.
    assert report.sections[1].paragraphs == ("Then measure.",)


@pytest.mark.parametrize("tool", tools.KEPT_KEYS)
@pytest.mark.parametrize(
    "stored",
    [
        {"verdict": "old shape", "details": {"score": 40, "notes": ["first", "second"]}},
        None,
        12,
        ["loose", {"item": "entry"}],
    ],
)
def test_a_stored_result_that_no_longer_validates_gives_a_generic_report(
    tool: str, stored: Any
) -> None:
    report = report_from_run(Run(tool, {"idea": IDEA}, stored))
    assert report.title == f"{tools.BY_KEY[tool].label} result"
    assert report.sections[0].paragraphs == (GENERIC_NOTE,)
    assert report.file_stem.endswith(f"-{MS}")
    if isinstance(stored, dict):
        assert "Verdict: old shape" in everything(report)
        assert "Score: 40" in everything(report) and "Notes: second" in everything(report)


def test_an_unknown_tool_and_a_bad_input_do_not_raise() -> None:
    report = report_from_run(Run("retired-tool", "not a mapping", {"a": "b"}))
    assert report.title == "retired-tool result"
    assert "A: b" in everything(report)


# --- Saved results ----------------------------------------------------------------------------


def _saved(tool_name: str, title: str, content: Any, metadata: Any = None) -> Report:
    payload = build_payload(SaveRequest(tool_name, title, content, metadata=metadata), now=AT)
    return report_from_saved(
        payload.tool_name, payload.title, payload.content, payload.metadata, AT
    )


def test_a_saved_scan_reads_as_the_scan_report_under_its_saved_title() -> None:
    report = _saved(
        "Startup Viability Scanner",
        "Viability Analysis - Score: 72/100",
        scan_content(SAMPLE_SCAN, IDEA, sample=True),
    )
    assert report.title == "Viability Analysis - Score: 72/100"
    assert report.subtitle == "Viability 72/100 (Potentially Viable)"
    assert report.file_stem == f"viability-analysis-{MS}"
    assert ("Basis", "Sample result (demo mode)") in report.facts
    assert any(s.chart is not None for s in report.sections)
    assert "Incumbent Suite (sample)" in everything(report)


def test_a_saved_chat_text_and_unknown_object_each_read_plainly() -> None:
    chat = _saved(
        "AI Co-Founder",
        "AI Co-Founder chat - 2 messages",
        {"messages": [{"role": "user", "content": "Hi"}, {"role": "assistant", "content": "Yo"}]},
    )
    assert [(s.heading, s.paragraphs) for s in chat.sections] == [
        ("You", ("Hi",)),
        ("AI Co-Founder", ("Yo",)),
    ]
    assert chat.file_stem == f"cofounder-chat-{MS}"
    text = _saved("Solutions Hub", "Go-To-Market Plan", HUB_TEXT)
    assert text.file_stem == f"go-to-market-plan-{MS}"
    assert "Talk to 10 buyers" in everything(text)
    unknown = _saved("Tool Recommender", "My picks", {"picks": ["Oracle", "Scanner"]})
    assert [(s.heading, s.bullets) for s in unknown.sections] == [("Picks", ("Oracle", "Scanner"))]
    assert unknown.file_stem == f"my-picks-{MS}"


def test_a_saved_result_with_its_run_uses_the_run_under_the_saved_title() -> None:
    run = Run(tools.ORACLE.key, {"businessIdea": IDEA}, as_json(oracle.sample_result()))
    report = report_from_saved_run("My oracle", run, AT + timedelta(hours=1))
    assert report.title == "My oracle"
    assert report.subtitle == "Success probability 72% (High Success Potential)"
    assert ("Saved", "2024-11-25 02:00 UTC") in report.facts


# --- An idea's timeline -----------------------------------------------------------------------


def test_an_idea_timeline_lists_runs_newest_first_with_headlines_and_a_scan_chart() -> None:
    older_scan = as_json(SAMPLE_SCAN.model_copy(update={"overallScore": 55}))
    runs = [
        Run(tools.FUNDING.key, as_json(FUNDING_INPUT), as_json(PREDICTION), AT + timedelta(days=2)),
        Run(tools.SCANNER.key, {"idea": IDEA}, as_json(SAMPLE_SCAN), AT + timedelta(days=1)),
        Run(tools.SCANNER.key, {"idea": IDEA}, older_scan, AT),
        Run(tools.GROWTH.key, {}, {"broken": True}, AT - timedelta(days=1)),
    ]
    report = idea_report("Socks by subscription", IDEA, runs, AT + timedelta(days=3))
    assert report.title == "Socks by subscription"
    assert report.file_stem == f"idea-socks-by-subscription-{MS + 3 * 86_400_000}"
    assert report.subtitle == "Idea timeline: 4 runs"
    timeline = next(s for s in report.sections if s.heading == "Timeline").table
    assert timeline is not None
    assert [row[1:] for row in timeline.rows] == [
        ("Funding Predictor", f"{funding.headline(PREDICTION.success)}, {PREDICTION.amount}"),
        ("Startup Viability Scanner", "Viability 72/100 (Potentially Viable)"),
        ("Startup Viability Scanner", "Viability 55/100 (Needs Rethinking)"),
        ("Growth Engine", "Growth Engine result"),
    ]
    chart = next(s.chart for s in report.sections if s.chart is not None)
    assert chart.series == ("Nov 25, 01:00", "Nov 26, 01:00")  # oldest scan first
    assert chart.groups[0] == ("Overall", (55, 72))


def test_an_idea_without_runs_says_so() -> None:
    report = idea_report("Empty", "", [], AT)
    assert [s.heading for s in report.sections] == ["Timeline"]
    assert report.sections[0].paragraphs == ("No runs yet.",)


# --- issue 28: a stand-in says what it rests on, everywhere ------------------------------------


def test_issue_28_a_kept_fallback_rests_on_the_stand_in_not_the_ai_nor_demo_mode() -> None:
    data = funding.parse_input(funding.default_form())[0]
    assert data is not None
    run = Run(
        tools.FUNDING.key, as_json(data), as_json(estimate(data)), sample=True, origin="fallback"
    )
    report = report_from_run(run)
    assert ("Basis", "Estimate (AI reply unusable)") in report.facts
    assert not any(k == "Model" for k, _ in report.facts)
    oracle_run = Run(
        tools.ORACLE.key,
        {"businessIdea": IDEA},
        as_json(oracle.general_result()),
        sample=True,
        origin="fallback",
    )
    assert ("Basis", "General predictions (AI reply unusable)") in report_from_run(oracle_run).facts
    timeline = idea_report("Socks", IDEA, [run, oracle_run], AT)
    table = next(s.table for s in timeline.sections if s.heading == "Timeline")
    assert table is not None
    assert [row[2].split(" · ")[-1] for row in table.rows] == [
        "Estimate (AI reply unusable)",
        "General predictions (AI reply unusable)",
    ]


def test_issue_28_a_saved_oracle_general_prediction_is_not_called_a_demo_sample() -> None:
    data = oracle.StartupData(businessIdea=IDEA)
    general = oracle.general_result()
    for content in (
        oracle.save_content(general, data, origin=Origin.FALLBACK),
        {**oracle.save_content(general, data, origin=Origin.FALLBACK), "origin": None},
    ):
        report = _saved("Startup Oracle", "Oracle", content)
        assert ("Basis", "General predictions (AI reply unusable)") in report.facts
    demo = _saved(
        "Startup Oracle", "Oracle", oracle.save_content(general, data, origin=Origin.SAMPLE)
    )
    assert ("Basis", "Sample result (demo mode)") in demo.facts
    ai = _saved("Startup Oracle", "Oracle", oracle.save_content(general, data, origin=Origin.AI))
    assert not any(k == "Basis" for k, _ in ai.facts)


def test_issue_28_an_oracle_report_names_what_the_ais_reply_left_out() -> None:
    result = {"probability": 58, "risks": ["Churn"], "moves": ["Pilot"], "missing": ["funding"]}
    report = report_from_run(Run(tools.ORACLE.key, {"businessIdea": IDEA}, result))
    by_heading = {s.heading: s for s in report.sections}
    assert (
        by_heading["Left out of the AI's reply"]
        .paragraphs[0]
        .startswith("The AI's reply left out funding steps")
    )
    full = report_from_run(Run(tools.ORACLE.key, {}, as_json(oracle.sample_result())))
    assert "Left out of the AI's reply" not in {s.heading for s in full.sections}
