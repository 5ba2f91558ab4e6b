"""What a saved or downloaded Growth Engine strategy looks like (T-GROW-1, T-AI-5): the saved
content and metadata, the Download Blueprint Markdown file and the HTML for the dashboard;
the AI's strategy with each trend's, benchmark's and estimate's checked citation and the pages
read, or the note that there was no live research (issue 15). Pure: no I/O."""

from __future__ import annotations

import html
from datetime import datetime
from typing import Any

from startup_toolkit.domain import tool_export
from startup_toolkit.domain.growth import (
    WEEKS,
    GrowthStrategy,
    dollars,
    momentum_label,
    result_title,
)
from startup_toolkit.domain.report_evidence import cite_html, sources_html
from startup_toolkit.domain.research import (
    FALLBACK_NOTE,
    VERIFIED,
    Evidence,
    Source,
    check_citation,
)
from startup_toolkit.domain.run_origin import ORIGIN_KEY, Origin
from startup_toolkit.domain.saved_results import html_list, iso_timestamp


def save_content(
    strategy: GrowthStrategy, product: str, audience: str, budget: float, *, origin: Origin
) -> dict[str, Any]:
    """The saved strategy with its inputs; `sample` (not the AI's) and, since issue 28, how
    it was made (`origin`: the AI, demo mode or the sample after an unusable reply)."""
    return {
        "input": {"product": product, "audience": audience, "budget": budget},
        "summary": strategy.summary,
        "strategy": strategy.model_dump(mode="json"),
        "sample": origin is not Origin.AI,
        ORIGIN_KEY: origin.value,
    }


def save_metadata(budget: float, created_at: datetime, *, origin: Origin) -> dict[str, Any]:
    return {
        "generatedAt": iso_timestamp(created_at),
        "budget": budget,
        "sample": origin is not Origin.AI,
        ORIGIN_KEY: origin.value,
    }


def _cited_md(numbers: list[int], source: str, read: list[Source]) -> str:
    """A citation in the Markdown file: the verified page's title and address, or the words
    for an unverified or missing source (an unverified address is never written)."""
    citation = check_citation(numbers, source, read)
    if citation.state == VERIFIED:
        return f"(source: {citation.title} <{citation.url}>)"
    return f"({citation.label})"


def _sources_md(evidence: Evidence) -> list[str]:
    if not evidence.done or not evidence.sources:
        return ["", FALLBACK_NOTE]
    return ["", "## Sources", ""] + [
        f"{s.number}. {s.title} <{s.url}> ({s.site}, read {s.read_at[:10]})"
        for s in evidence.sources
        if s.url
    ]


def blueprint_markdown(
    strategy: GrowthStrategy,
    product: str,
    audience: str,
    budget: float,
    created_at: datetime,
    *,
    sample: bool = False,
) -> str:
    """The Download Blueprint file: a plain Markdown document; the AI's strategy with each
    trend's, benchmark's and estimate's citation and the pages read (issue 15)."""
    read = strategy.evidence.sources

    def cite(numbers: list[int], source: str) -> str:
        return "" if sample else " " + _cited_md(numbers, source, read)

    lines = [
        f"# {result_title(budget)}",
        "",
        f"Generated {created_at.strftime('%Y-%m-%d %H:%M UTC')}",
        "",
        f"**Product:** {product}",
        "",
        f"**Audience:** {audience}",
        "",
        "## Summary",
        "",
        strategy.summary,
        "",
        "## Growth steps",
        "",
    ]
    for s in strategy.growthSteps:
        lines.append(f"{s.step}. {s.action}")
        details = [
            f"impact: {s.expectedImpact}" if s.expectedImpact else "",
            f"KPI: {s.kpi}" if s.kpi else "",
            f"growth: {s.estimatedGrowth}{cite(s.sources, s.source)}" if s.estimatedGrowth else "",
        ]
        if any(details):
            lines.append("   - " + "; ".join(d for d in details if d))
    if strategy.timeline:
        lines += ["", "## Four-week timeline", ""]
        lines += [
            f"- Week {week[-1]}: {strategy.timeline[week]}"
            for week in WEEKS
            if week in strategy.timeline
        ]
    if strategy.marketTrends:
        lines += ["", "## Trend radar", ""]
        lines += [
            f"- {t.trend} (momentum {t.momentum}/100, {momentum_label(t.momentum)}): "
            f"{t.relevance}{cite(t.sources, t.source)}"
            for t in strategy.marketTrends
        ]
    if strategy.benchmarks:
        lines += ["", "## Channel benchmarks", ""]
        lines += [f"- {b.text}{cite(b.sources, b.source)}" for b in strategy.benchmarks]
    if strategy.budgetAllocation:
        lines += [
            "",
            "## Budget allocation",
            "",
            "| Channel | Share | Amount |",
            "| --- | --- | --- |",
        ]
        lines += [
            f"| {b.channel} | {b.percentage:g}% | {dollars(b.amount)} |"
            for b in strategy.budgetAllocation
        ]
    if not sample:
        lines += _sources_md(strategy.evidence)
    return "\n".join(lines) + "\n"


def blueprint_filename(created_at: datetime) -> str:
    return tool_export.export_filename("growth-blueprint", created_at, "md")


def to_html(strategy: GrowthStrategy, product: str, budget: float, *, sample: bool = False) -> str:
    """A readable HTML version for the dashboard (every value escaped); the AI's strategy
    with its citations and the pages read (issue 15)."""
    e = html.escape
    read = strategy.evidence.sources

    def cite(numbers: list[int], source: str) -> str:
        return "" if sample else " " + cite_html(numbers, source, read)

    parts = [
        f"<h2>{e(result_title(budget))}</h2>",
        f"<p><strong>Product:</strong> {e(product)}</p>",
        f"<p>{e(strategy.summary)}</p>",
        *html_list(
            "Growth steps",
            (
                f"{e(s.action)} (KPI: {e(s.kpi)}; {e(s.estimatedGrowth)})"
                + (cite(s.sources, s.source) if s.estimatedGrowth else "")
                for s in strategy.growthSteps
            ),
            "ol",
        ),
        *html_list(
            "Market trends",
            (
                f"<strong>{e(t.trend)}</strong> (momentum {t.momentum}/100). {e(t.relevance)}"
                + cite(t.sources, t.source)
                for t in strategy.marketTrends
            ),
        ),
        *html_list(
            "Channel benchmarks",
            (e(b.text) + cite(b.sources, b.source) for b in strategy.benchmarks),
        ),
        *html_list(
            "Budget",
            (
                f"{e(b.channel)}: {b.percentage:g}% ({e(dollars(b.amount))})"
                for b in strategy.budgetAllocation
            ),
        ),
    ]
    if not sample:
        parts += sources_html(strategy.evidence)
    return "".join(parts)
