"""A result, an idea's timeline or a comparison as one plain document (`Report`): what the
Markdown and PDF exports write and what a read-only share page shows (issue 14). Builders
turn a tool's result or an idea's runs into a `Report`; renderers know nothing of tools.
Pure: no I/O."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Link:
    """A cited source: shown as a link only when `url` is http(s)."""

    title: str
    url: str = ""


@dataclass(frozen=True)
class Table:
    headers: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


@dataclass(frozen=True)
class ScoreChart:
    """Scores out of 100 as grouped bars: one group per label (a category), one bar per
    series (an idea, a run) in each group."""

    series: tuple[str, ...]
    groups: tuple[tuple[str, tuple[int, ...]], ...]  # (label, one score per series)


@dataclass(frozen=True)
class Section:
    heading: str
    paragraphs: tuple[str, ...] = ()
    bullets: tuple[str, ...] = ()
    table: Table | None = None
    chart: ScoreChart | None = None
    sources: tuple[Link, ...] = ()


@dataclass(frozen=True)
class Report:
    """`title` and `subtitle` head the document; `facts` are short "Label: value" lines under
    them (tool, date, sample or AI); `file_stem` names the download (`{tool}-{timestamp}`)."""

    title: str
    file_stem: str
    subtitle: str = ""
    facts: tuple[tuple[str, str], ...] = ()
    sections: tuple[Section, ...] = field(default_factory=tuple)
