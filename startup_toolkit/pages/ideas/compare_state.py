"""CompareState: /ideas/compare?ids=3,7 (issue 14, item 4): 2-4 of the founder's ideas side
by side from each one's latest scan (and latest funding and growth runs), with a grouped bar
chart. Ids that are not 2-4 of the signed-in founder's ideas read as not found."""

from __future__ import annotations

import dataclasses
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import idea_history as history
from startup_toolkit.pages.ideas.page_load import PageLoadMixin
from startup_toolkit.services import ideas as service
from startup_toolkit.services.share_links import COMPARISON
from startup_toolkit.state.evidence import CitedRow
from startup_toolkit.state.exports import MARKDOWN, PDF, ExportLinks, export_path

LOAD_FAILED = "The comparison could not be loaded. Please reload the page."
NOT_FOUND = "Ideas not found"
NOT_FOUND_DETAIL = "This comparison needs 2 to 4 of your own ideas. Pick them on the My Ideas page."
#: One colour per compared idea, in order (the chart's bars and the columns' markers).
SERIES_COLORS = ("violet", "cyan", "amber", "pink")


@dataclasses.dataclass
class CompareColumn:
    id: str = ""
    title: str = ""
    href: str = ""
    marker: str = ""  # the idea's colour in the chart
    scanned: bool = False
    overall: int = 0
    verdict: str = ""
    verdict_color: str = "gray"
    categories: list[history.CategoryScoreCell] = dataclasses.field(default_factory=list)
    market_size: CitedRow = dataclasses.field(default_factory=CitedRow)
    market_growth: CitedRow = dataclasses.field(default_factory=CitedRow)
    risks: list[str] = dataclasses.field(default_factory=list)
    funding: str = ""
    growth: str = ""


def _cited(figure: history.Figure | None) -> CitedRow:
    """A market figure with its checked citation (issue 15)."""
    if figure is None:
        return CitedRow()
    cite = figure.citation
    return CitedRow(figure.value, cite.state, cite.label, cite.url)


def _column(idea: history.ComparedIdea, color: str) -> CompareColumn:
    size, growth = idea.market_size, idea.market_growth
    return CompareColumn(
        id=str(idea.idea_id),
        title=idea.title,
        href=f"/ideas/{idea.idea_id}",
        marker=f"var(--{color}-9)",
        scanned=idea.scanned,
        overall=idea.overall or 0,
        verdict=idea.verdict,
        verdict_color=idea.verdict_color,
        categories=list(idea.categories),
        market_size=_cited(size),
        market_growth=_cited(growth),
        risks=list(idea.risks),
        funding=idea.funding,
        growth=idea.growth,
    )


@dataclasses.dataclass
class ComparisonView(ExportLinks):
    """The compared ideas' columns and the grouped chart; `key` names the ideas ('3-7') in
    the share link and the exports."""

    key: str = ""
    columns: list[CompareColumn] = dataclasses.field(default_factory=list)
    chart_data: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    series: list[dict[str, str]] = dataclasses.field(default_factory=list)
    chart_label: str = ""


def comparison_view(result: history.Comparison) -> ComparisonView:
    colors = {
        idea.idea_id: SERIES_COLORS[n % len(SERIES_COLORS)] for n, idea in enumerate(result.ideas)
    }
    scanned = [i for i in result.ideas if i.scanned]
    key = "-".join(str(i.idea_id) for i in result.ideas)
    series = [
        {"key": f"s{n}", "name": i.title, "fill": f"var(--{colors[i.idea_id]}-9)"}
        for n, i in enumerate(scanned)
    ]
    chart_data = [
        {"name": label, **{f"s{n}": score for n, score in enumerate(scores)}}
        for label, scores in result.chart.groups
    ]
    parts = [
        f"{row['name']}: " + ", ".join(f"{s['name']} {row[s['key']]}" for s in series)
        for row in chart_data
    ]
    return ComparisonView(
        key=key,
        export_md=export_path(COMPARISON, key, MARKDOWN) if key else "",
        export_pdf=export_path(COMPARISON, key, PDF) if key else "",
        columns=[_column(i, colors[i.idea_id]) for i in result.ideas],
        chart_data=chart_data,
        series=series,
        chart_label="Category scores out of 100. " + "; ".join(parts),
    )


class CompareState(PageLoadMixin, rx.State):
    comparison: ComparisonView | None = None  # None until loaded

    @rx.event
    async def load(self) -> EventSpec | None:
        self._start_over()
        wanted = history.parse_ids(self.router.url.query_parameters.get("ids", ""))
        if wanted is None:
            self._nothing_here()
            return None
        found, toast = await self._read_mine(
            service.compare_ideas, list(wanted), failed=LOAD_FAILED, what="Comparing ideas"
        )
        if found is None:
            return toast
        self.comparison = comparison_view(found)
        return None
