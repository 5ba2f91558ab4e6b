"""An idea's history without I/O (issue 14, items 3 and 4): what changed between two scanner
runs (`scan_diff`), the trend of its scores (`trend`), a one-line headline of any tool's run
(`headline`), and 2-4 ideas side by side (`compare`).

Kept runs hold each tool's result as JSON; a result that no longer validates (an older shape,
a damaged row) is read as "no result", never as an error."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any, Literal

from startup_toolkit.domain import research, tools
from startup_toolkit.domain import scanner as scan_rules
from startup_toolkit.domain.report import ScoreChart
from startup_toolkit.domain.run_gist import gist
from startup_toolkit.domain.scanner import UNREADABLE_SCAN, ScanResult, read_scan

Direction = Literal["up", "down", "same"]

MIN_COMPARED = 2
MAX_COMPARED = 4
TOP_RISKS = 3
NO_SCAN = "No scan yet"


def direction(change: int) -> Direction:
    return "up" if change > 0 else "down" if change < 0 else "same"


def signed(change: int) -> str:
    """'+5', '-3', '0'."""
    return f"+{change}" if change > 0 else str(change)


# --- Two scans -----------------------------------------------------------------------------------


@dataclass(frozen=True)
class ScoreChange:
    old: int
    new: int

    @property
    def change(self) -> int:
        return self.new - self.old

    @property
    def direction(self) -> Direction:
        return direction(self.change)


@dataclass(frozen=True)
class CategoryChange:
    """One category in both scans (a category only one scan has counts from the default 65
    the scanner gives a missing one)."""

    name: str
    score: ScoreChange
    old_reasoning: str
    new_reasoning: str

    @property
    def reasoning_changed(self) -> bool:
        return _words(self.old_reasoning) != _words(self.new_reasoning)


@dataclass(frozen=True)
class ScanDiff:
    """What changed from the older scan to the newer one. `problem` says why there is no
    diff (a result that cannot be read); then everything else is empty."""

    overall: ScoreChange | None = None
    old_verdict: str = ""
    new_verdict: str = ""
    categories: tuple[CategoryChange, ...] = ()
    competitors_added: tuple[str, ...] = ()
    competitors_removed: tuple[str, ...] = ()
    steps_added: tuple[str, ...] = ()
    steps_removed: tuple[str, ...] = ()
    problem: str = ""

    @property
    def verdict_changed(self) -> bool:
        return self.old_verdict != self.new_verdict


def _words(text: str) -> str:
    """Text as compared: case and spacing do not count as a change."""
    return re.sub(r"\s+", " ", text).strip().lower()


def _name_key(name: str) -> str:
    """A competitor's name as compared: case, spacing and punctuation do not count."""
    return re.sub(r"[^a-z0-9]+", " ", name.lower()).strip()


def _added_removed(
    old: Iterable[str], new: Iterable[str], key: Any
) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """(in `new` but not `old`, in `old` but not `new`), compared by `key`, in their order."""
    old_list, new_list = [o for o in old if key(o)], [n for n in new if key(n)]
    old_keys, new_keys = {key(o) for o in old_list}, {key(n) for n in new_list}
    added = tuple(dict.fromkeys(n for n in new_list if key(n) not in old_keys))
    removed = tuple(dict.fromkeys(o for o in old_list if key(o) not in new_keys))
    return added, removed


def scan_diff(older: Any, newer: Any) -> ScanDiff:
    """What changed between two scanner results (JSON or `ScanResult`), older first."""
    old, new = read_scan(older), read_scan(newer)
    if old is None or new is None:
        return ScanDiff(problem=UNREADABLE_SCAN)
    old_cats = {c.category: c for c in old.categories}
    categories = []
    for cat in new.categories:
        before = old_cats.get(cat.category)
        if before is None:
            continue
        categories.append(
            CategoryChange(
                name=cat.category,
                score=ScoreChange(before.score, cat.score),
                old_reasoning=before.reasoning,
                new_reasoning=cat.reasoning,
            )
        )
    comp_added, comp_removed = _added_removed(
        (c.name for c in old.competitors), (c.name for c in new.competitors), _name_key
    )
    steps_added, steps_removed = _added_removed(old.actionSteps, new.actionSteps, _words)
    return ScanDiff(
        overall=ScoreChange(old.overallScore, new.overallScore),
        old_verdict=scan_rules.verdict(old.overallScore).label,
        new_verdict=scan_rules.verdict(new.overallScore).label,
        categories=tuple(categories),
        competitors_added=comp_added,
        competitors_removed=comp_removed,
        steps_added=steps_added,
        steps_removed=steps_removed,
    )


# --- Trend ---------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Trend:
    """An idea's scan scores oldest to newest, its latest score (None: no readable scan) and
    when anything last happened on it."""

    scores: tuple[int, ...]
    latest: int | None
    last_activity: datetime | None


def trend(scans: Iterable[tuple[datetime, Any]], activity: Iterable[datetime] = ()) -> Trend:
    """The trend of an idea's scanner runs ((when, result) in any order; unreadable ones are
    left out); `activity`: the times of its other runs and changes, for the last activity."""
    ordered = sorted(scans, key=lambda s: s[0])
    read = (read_scan(result) for _, result in ordered)
    scores = tuple(scan.overallScore for scan in read if scan is not None)
    times = [at for at, _ in ordered] + list(activity)
    return Trend(scores, scores[-1] if scores else None, max(times) if times else None)


# --- Headlines -----------------------------------------------------------------------------------


def tool_label(tool: str) -> str:
    """What the timeline calls `tool`'s runs."""
    spec = tools.spec(tool)
    return spec.timeline_label if spec else tool.replace("-", " ").title() or "Tool"


def headline(tool: str, result: Any) -> str:
    """One line about a run's result for the timeline: the tool's own, else its gist."""
    spec = tools.spec(tool)
    own = spec.headline(result) if spec is not None and spec.headline is not None else ""
    return own or gist(result) or f"{tool_label(tool)} result"


# --- Compare -------------------------------------------------------------------------------------


@dataclass(frozen=True)
class IdeaRuns:
    """What `compare` needs of one idea: its latest scanner, funding and growth results, and
    for the funding and growth ones how they were made when not by the AI (their label)."""

    idea_id: int
    title: str
    scan: Any = None
    scanned_at: datetime | None = None
    funding: Any = None
    growth: Any = None
    funding_basis: str = ""
    growth_basis: str = ""


@dataclass(frozen=True)
class CategoryScoreCell:
    name: str
    score: int
    color: str


@dataclass(frozen=True)
class Figure:
    """A market figure and its citation checked against the pages its scan read (issue 15):
    a verified page, "Unverified source" or none."""

    value: str
    citation: research.Citation = field(default_factory=lambda: research.Citation(research.NONE))

    @property
    def source(self) -> str:
        """What the page says of its source: the page's title, or why there is none."""
        return self.citation.label


@dataclass(frozen=True)
class ComparedIdea:
    idea_id: int
    title: str
    scanned: bool
    overall: int | None = None
    verdict: str = NO_SCAN
    verdict_color: str = "gray"
    categories: tuple[CategoryScoreCell, ...] = ()
    market_size: Figure | None = None
    market_growth: Figure | None = None
    risks: tuple[str, ...] = ()
    funding: str = ""
    growth: str = ""
    scanned_at: datetime | None = None


@dataclass(frozen=True)
class Comparison:
    ideas: tuple[ComparedIdea, ...]
    chart: ScoreChart  # one group per category, one bar per scanned idea


def top_risks(scan: ScanResult, count: int = TOP_RISKS) -> tuple[str, ...]:
    """The scan's market challenges first, then the weakest categories' assessments."""
    risks = [c.text for c in scan.marketInsights.challenges if c.text]
    weakest = sorted(scan.categories, key=lambda c: c.score)
    risks += [f"{c.category} ({c.score}): {c.assessment}" for c in weakest]
    return tuple(dict.fromkeys(risks))[:count]


def _growth_line(result: Any) -> str:
    if isinstance(result, Mapping):
        return gist(result.get("summary"))
    return ""


def _figure(figure: scan_rules.MarketFigure, scan: ScanResult) -> Figure:
    cited = research.check_citation(figure.sources, figure.source, scan.evidence.sources)
    return Figure(figure.value, cited)


def _labelled(text: str, basis: str) -> str:
    """A compared line with what it rests on when that is not the AI (issue 28)."""
    return f"{text} · {basis}" if text and basis else text


def _compared(idea: IdeaRuns) -> ComparedIdea:
    scan = read_scan(idea.scan)
    funding = headline(tools.FUNDING.key, idea.funding) if idea.funding is not None else ""
    funding = _labelled(funding, idea.funding_basis)
    growth = _labelled(_growth_line(idea.growth), idea.growth_basis)
    if scan is None:
        return ComparedIdea(idea.idea_id, idea.title, scanned=False, funding=funding, growth=growth)
    band = scan_rules.verdict(scan.overallScore)
    market = scan.marketInsights
    return ComparedIdea(
        idea_id=idea.idea_id,
        title=idea.title,
        scanned=True,
        overall=scan.overallScore,
        verdict=band.label,
        verdict_color=band.color,
        categories=tuple(
            CategoryScoreCell(c.category, c.score, scan_rules.score_color(c.score))
            for c in scan.categories
        ),
        market_size=_figure(market.size, scan),
        market_growth=_figure(market.growthRate, scan),
        risks=top_risks(scan),
        funding=funding,
        growth=growth,
        scanned_at=idea.scanned_at,
    )


def compare(ideas: Sequence[IdeaRuns]) -> Comparison:
    """2-4 ideas side by side, in the order given; an idea without a readable scan stays in
    as "No scan yet" (and has no bars in the chart)."""
    compared = tuple(_compared(i) for i in ideas)
    scanned = [c for c in compared if c.scanned]
    groups = tuple(
        (
            scan_rules.CATEGORY_SHORT_NAMES.get(name, name),
            tuple(next(x.score for x in c.categories if x.name == name) for c in scanned),
        )
        for name in scan_rules.CATEGORY_NAMES
    )
    chart = ScoreChart(series=tuple(c.title for c in scanned), groups=groups if scanned else ())
    return Comparison(compared, chart)


def parse_ids(value: Any) -> tuple[int, ...] | None:
    """The ideas of '3,7' (or '3-7', or a list): 2-4 distinct positive ids in that order;
    None for anything else."""
    if isinstance(value, str):
        parts = [p for p in re.split(r"[,\-\s]+", value.strip()) if p]
    elif isinstance(value, list | tuple):
        parts = [str(p) for p in value]
    else:
        return None
    if not all(p.isdigit() and len(p) <= 12 for p in parts):
        return None
    ids = tuple(dict.fromkeys(int(p) for p in parts))
    if not MIN_COMPARED <= len(ids) <= MAX_COMPARED or len(ids) != len(parts) or 0 in ids:
        return None
    return ids
