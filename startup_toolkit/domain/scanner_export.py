"""What a saved or exported Viability Scanner result looks like (T-SCAN-5, T-AI-5): its
title, the spec's metadata, the content, the JSON download and the HTML for the dashboard.
Pure: no I/O."""

from __future__ import annotations

import html
from datetime import datetime
from typing import Any

from startup_toolkit.domain import tool_export
from startup_toolkit.domain.evidence_confidence import result_confidence
from startup_toolkit.domain.report_evidence import cite_html, sources_html
from startup_toolkit.domain.saved_results import html_list, iso_timestamp
from startup_toolkit.domain.scanner import ScanResult, verdict


def result_title(score: int) -> str:
    return f"Viability Analysis - Score: {score}/100"


def save_metadata(result: ScanResult, idea: str, scanned_at: datetime) -> dict[str, Any]:
    """The spec's metadata: scan date, idea length, category count."""
    return {
        "scanDate": iso_timestamp(scanned_at),
        "ideaLength": len(idea),
        "categoryCount": len(result.categories),
    }


def save_content(result: ScanResult, idea: str, *, sample: bool = False) -> dict[str, Any]:
    """What is saved and exported: the idea, the scores and the whole result."""
    return {
        "idea": idea,
        "overallScore": result.overallScore,
        "verdict": verdict(result.overallScore).label,
        "summary": result.overallAssessment,
        "scores": {c.category: c.score for c in result.categories},
        "result": result.model_dump(mode="json"),
        "sample": sample,
    }


def export_json(
    result: ScanResult, idea: str, scanned_at: datetime, *, sample: bool = False
) -> str:
    """The JSON download (pretty-printed)."""
    return tool_export.export_json(
        result_title(result.overallScore),
        save_metadata(result, idea, scanned_at),
        save_content(result, idea, sample=sample),
    )


def export_filename(scanned_at: datetime) -> str:
    """'viability-analysis-{timestamp}.json' (milliseconds, like the spec's other downloads)."""
    return tool_export.export_filename("viability-analysis", scanned_at)


def to_html(result: ScanResult, idea: str) -> str:
    """A readable HTML version for the dashboard (every value escaped), with the confidence
    the Scanner page shows (the app's, from the evidence: issue 28, item 7)."""
    e = html.escape
    v = verdict(result.overallScore)
    confidence = result_confidence(result)
    parts = [
        f"<h2>{e(result_title(result.overallScore))}</h2>",
        f"<p><strong>{e(v.label)}</strong>. {e(result.overallAssessment)}</p>",
        f"<p>Overall confidence: {e(confidence.overall.note)}</p>",
        f"<h3>Idea</h3><p>{e(idea)}</p>",
    ]
    m = result.marketInsights
    parts += html_list(
        "Categories",
        (
            f"<strong>{e(c.category)}: {c.score}/100</strong> "
            f"({e(confidence.categories[c.category].level)} confidence). "
            f"{e(c.assessment)} {e(c.reasoning)}"
            for c in result.categories
        ),
    )
    parts += html_list("Action steps", (e(s) for s in result.actionSteps), "ol")
    read = result.evidence.sources
    parts += html_list(
        "Competitors",
        (
            f"<strong>{e(c.name)}</strong> (strength {c.strengthScore}/100). "
            f"Weakness: {e(c.weakness)} Differentiator: {e(c.differentiator)} "
            f"{cite_html(c.sources, '', read)}"
            for c in result.competitors
        ),
    )
    parts += html_list(
        "Market",
        [
            f"Size: {e(m.size.value)} {cite_html(m.size.sources, m.size.source, read)}",
            f"Growth rate: {e(m.growthRate.value)} "
            f"{cite_html(m.growthRate.sources, m.growthRate.source, read)}",
            *(f"Trend: {e(t.text)} {cite_html(t.sources, t.source, read)}" for t in m.keyTrends),
            *(
                f"Challenge: {e(c.text)} {cite_html(c.sources, c.source, read)}"
                for c in m.challenges
            ),
        ],
    )
    parts += sources_html(result.evidence)
    return "".join(parts)
