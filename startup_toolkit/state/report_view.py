"""A `Report` (domain/report.py) as state vars a page renders (`components/report_view.py`):
plain dataclasses of text and lists, the score chart as recharts rows (`s0`.. one key per
series), and a source's link kept only when it is http(s)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from startup_toolkit.domain.report import Report, ScoreChart, Section
from startup_toolkit.domain.urls import is_http_url

#: The most series a chart shows (a comparison of at most 4 ideas).
MAX_SERIES = 4


@dataclass
class SourceView:
    title: str = ""
    url: str = ""  # '' unless http(s): then the title is plain text


@dataclass
class SectionView:
    heading: str = ""
    paragraphs: list[str] = field(default_factory=list)
    bullets: list[str] = field(default_factory=list)
    headers: list[str] = field(default_factory=list)
    rows: list[list[str]] = field(default_factory=list)
    series: list[str] = field(default_factory=list)  # the chart's series ([]: no chart)
    chart: list[dict[str, Any]] = field(default_factory=list)  # {"label", "s0", "s1", ...}
    chart_label: str = ""  # the chart's text alternative
    chart_height: int = 0  # px: a row per group, a bar per series in it
    sources: list[SourceView] = field(default_factory=list)


@dataclass
class ReportView:
    title: str = ""
    subtitle: str = ""
    facts: list[list[str]] = field(default_factory=list)  # [label, value]
    sections: list[SectionView] = field(default_factory=list)


def _chart_rows(chart: ScoreChart) -> list[dict[str, Any]]:
    shown = len(chart.series[:MAX_SERIES])
    return [
        {"label": label, **{f"s{i}": int(score) for i, score in enumerate(scores[:shown])}}
        for label, scores in chart.groups
    ]


def _chart_height(chart: ScoreChart) -> int:
    bars = len(chart.series[:MAX_SERIES])
    return 70 + len(chart.groups) * (14 + 20 * bars)


def _chart_label(chart: ScoreChart) -> str:
    """The chart read aloud: each group's scores by series."""
    parts = []
    for label, scores in chart.groups:
        named = ", ".join(f"{s} {v}" for s, v in zip(chart.series, scores, strict=False))
        parts.append(f"{label}: {named}")
    return "Scores out of 100. " + "; ".join(parts)


def _section(section: Section) -> SectionView:
    table = section.table
    chart = section.chart
    return SectionView(
        heading=section.heading,
        paragraphs=list(section.paragraphs),
        bullets=list(section.bullets),
        headers=list(table.headers) if table else [],
        rows=[list(r) for r in table.rows] if table else [],
        series=list(chart.series[:MAX_SERIES]) if chart else [],
        chart=_chart_rows(chart) if chart else [],
        chart_label=_chart_label(chart) if chart else "",
        chart_height=_chart_height(chart) if chart else 0,
        sources=[
            SourceView(link.title or link.url, link.url if is_http_url(link.url) else "")
            for link in section.sources
        ],
    )


def report_view(report: Report) -> ReportView:
    return ReportView(
        title=report.title,
        subtitle=report.subtitle,
        facts=[[label, value] for label, value in report.facts],
        sections=[_section(s) for s in report.sections],
    )
