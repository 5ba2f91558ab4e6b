"""One citation label everywhere (issue 28, item 8): a source a reply names only by text
("Gartner, 2025"), with live research whose pages do not include it, reads "Unverified source"
on the Scanner, the Incubator, Growth and Funding's investors alike (each page's view, its
report and its saved HTML), whether the reply wrote it as a `source` or in its `sources`
list; the words for none still read "No recent data/source available"."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest

from startup_toolkit.domain import funding, growth, incubator, research, scanner, tools
from startup_toolkit.domain import scanner_export as scan_export
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS
from startup_toolkit.domain.report_tools_base import ToolDoc
from startup_toolkit.domain.research import NO_SOURCE, UNVERIFIED, Evidence, Source
from startup_toolkit.domain.tools.growth import GrowthForm
from startup_toolkit.domain.workspace import as_json
from startup_toolkit.pages.funding.state import investor_rows
from startup_toolkit.pages.growth.state import ShownStrategy, growth_view
from startup_toolkit.pages.incubator.state import Analysed, analysis_view
from startup_toolkit.pages.scanner.state import Scan, scan_view

AT = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
IDEA = "A scheduling app for physiotherapists that cuts no-shows with deposits."
EVIDENCE = Evidence(
    research="done",
    sources=[Source(number=1, title="Clinic software 2025", url="https://example.com/a")],
)
#: The ways a reply names a source only by text: as its `source`, or in its `sources` list.
NAMED = [{"source": "Gartner, 2025"}, {"sources": ["Gartner"]}]


def doc_text(doc: ToolDoc) -> str:
    """Every text of a report's sections."""
    parts: list[str] = []
    for s in doc.sections:
        parts += [*s.paragraphs, *s.bullets]
    return "\n".join(parts)


def label_in(text: str, thing: str) -> str:
    """The label `text` gives `thing`: "Unverified source" when it says "thing (Unverified
    source)", else the whole text (for the failure's message)."""
    return UNVERIFIED if f"{thing} ({UNVERIFIED})" in text else text


def labels_everywhere(cite: dict[str, Any]) -> dict[str, str]:
    """The label each tool shows for a figure, competitor or investor cited as `cite`."""
    shown: dict[str, str] = {}

    scan = scanner.ScanResult.model_validate(
        {
            "categories": [{"category": "Problem Validation", "score": 70}],
            "actionSteps": ["Interview users"],
            "competitors": [{"name": "Acme", **cite}],
            "marketInsights": {"size": {"value": "$1.2B", **cite}},
        }
    ).model_copy(update={"evidence": EVIDENCE})
    view = scan_view(Scan(scan, IDEA, AT, sample=False))
    assert view is not None
    shown["scanner figure"] = view.market_size.label
    shown["scanner competitor"] = view.competitors[0].cite.label
    report = doc_text(tools.SCANNER.report({"idea": IDEA}, as_json(scan)))  # type: ignore[misc]
    shown["scanner report"] = label_in(report, "Acme")
    shown["scanner html"] = label_in(scan_export.to_html(scan, IDEA), "Differentiator: ")

    rival = incubator.Competitor.model_validate({"name": "Acme", **cite})
    analysis = SAMPLE_ANALYSIS.model_copy(
        update={
            "competitiveAnalysis": SAMPLE_ANALYSIS.competitiveAnalysis.model_copy(
                update={"competitors": [rival]}
            ),
            "evidence": EVIDENCE,
        }
    )
    analysed = analysis_view(Analysed(analysis, IDEA, AT, sample=False))
    assert analysed is not None
    shown["incubator competitor"] = analysed.competitors[0].cite.label

    strategy = growth.GrowthStrategy.model_validate(
        {
            "summary": "Grow through clinics.",
            "growthSteps": [{"step": "Partner", "action": "Call clinics"}],
            "benchmarks": [{"text": "Clinic CAC is about $300", **cite}],
        }
    ).model_copy(update={"evidence": EVIDENCE})
    grown = growth_view(ShownStrategy(strategy, GrowthForm("Clinic app", "Clinics", 900), AT))
    assert grown is not None
    shown["growth benchmark"] = grown.benchmarks[0].label

    prediction = funding.FundingPrediction.model_validate(
        {
            "success": True,
            "analysis": "Strong growth for the stage.",
            "investors": [{"name": "Seed Fund", **cite}],
        }
    ).model_copy(update={"evidence": EVIDENCE})
    shown["funding investor"] = investor_rows(prediction)[0].cite.label
    report = doc_text(tools.FUNDING.report({}, as_json(prediction)))  # type: ignore[misc]
    shown["funding report"] = label_in(report, "Seed Fund")
    return shown


@pytest.mark.parametrize("cite", NAMED, ids=["source", "sources"])
def test_issue_28_item_8_a_source_named_only_by_text_reads_unverified_everywhere(
    cite: dict[str, Any],
) -> None:
    shown = labels_everywhere(cite)
    assert shown == dict.fromkeys(shown, UNVERIFIED)


@pytest.mark.parametrize("words", [NO_SOURCE, "none", "n/a", "", "[]", " - "])
def test_the_words_for_none_are_still_no_source(words: str) -> None:
    investor = funding.Investor.model_validate({"name": "Seed Fund", "source": words})
    figure = scanner.MarketFigure.model_validate({"value": "$1B", "source": words})
    for numbers, text in ((investor.sources, ""), (figure.sources, figure.source)):
        assert research.check_citation(numbers, text, EVIDENCE.sources).label == NO_SOURCE
    assert research.source_numbers([words]) == []


def test_a_number_still_decides_and_a_read_url_is_still_verified() -> None:
    read = EVIDENCE.sources
    cited = funding.Investor.model_validate({"name": "X", "sources": [1], "source": "Gartner"})
    assert research.check_citation(cited.sources, "", read).state == research.VERIFIED
    by_url = research.check_citation([research.NAMED_ONLY], "See https://www.example.com/a/", read)
    assert by_url.state == research.VERIFIED
    assert research.check_citation([7], "", read).label == UNVERIFIED
