"""A founder's brief (`domain/brief.Brief`) as a `Report`: what its Markdown and PDF exports
write and its share page shows. A cited figure carries its source's number in the brief
("[2]"), each section lists its verified pages as links, and one Sources section numbers
every page read. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime

from startup_toolkit.domain import research
from startup_toolkit.domain.brief import Brief, BriefSource, Cite
from startup_toolkit.domain.report import Link, Report, Section
from startup_toolkit.domain.report_builders import file_stem
from startup_toolkit.domain.report_text import date_text, line, link, table, text
from startup_toolkit.domain.report_tools_base import filled
from startup_toolkit.domain.saved_results import slugify

STEM = "brief"
NO_PARTS = "No part of this brief has been run yet."


def cited_text(item: Cite) -> str:
    """'$4.2B [2]' for a verified page, else the figure with 'Unverified source' or 'No
    recent data/source available'."""
    value = line(item.text)
    if item.state == research.VERIFIED and item.number:
        return f"{value} [{item.number}]"
    return f"{value} ({item.label})"


def source_label(source: BriefSource) -> str:
    """'[n] Title (site, read YYYY-MM-DD)'."""
    details = ", ".join(p for p in (source.site, f"read {source.read_on}") if p.strip())
    return f"[{source.number}] {line(source.title, 200)} ({details})"


def _links(cites: Iterable[Cite | None], sources: tuple[BriefSource, ...]) -> tuple[Link, ...]:
    """The verified pages these figures cite, as links (each once, in the brief's order)."""
    numbers = sorted({c.number for c in cites if c is not None and c.number})
    by_number = {s.number: s for s in sources}
    return tuple(
        link(source_label(by_number[n]), by_number[n].url) for n in numbers if n in by_number
    )


def _verdict(brief: Brief) -> Section | None:
    if brief.score is None:
        return None
    return Section(
        "Verdict and score",
        paragraphs=(f"{brief.score}/100: {brief.verdict}",),
        table=table(
            ("Category", "Score", "Assessment"),
            ((c.name, f"{c.score}/100", c.assessment) for c in brief.categories),
        ),
    )


def _market(brief: Brief) -> Section:
    rows = (("Market size", brief.market_size), ("Market growth", brief.market_growth))
    return Section(
        "Market",
        bullets=tuple(f"{label}: {cited_text(c)}" for label, c in rows if c is not None),
        sources=_links((c for _, c in rows), brief.sources),
    )


def _competitors(brief: Brief) -> Section:
    shown = [
        (
            cited_text(c.cite) if c.cite.state != research.NONE else line(c.name, 120),
            line(c.detail),
        )
        for c in brief.competitors
    ]
    return Section(
        "Competitors",
        table=table(("Competitor", "Notes"), shown) if shown else None,
        sources=_links((c.cite for c in brief.competitors), brief.sources),
    )


def _funding(brief: Brief) -> Section | None:
    f = brief.funding
    if f is None:
        return None
    said = [f"Odds: {f.headline} (market potential {f.potential}/100)", f"Amount: {f.amount}"]
    if f.range.text:
        said.append(f"Range: {cited_text(f.range)}")
    if f.stage:
        said.append(f"Stage: {f.stage}")
    return Section("Funding", bullets=tuple(said), sources=_links((f.range,), brief.sources))


def _growth(brief: Brief) -> tuple[Section, ...]:
    g = brief.growth
    if g is None:
        return ()
    plan = Section("Growth plan", paragraphs=(text(g.summary),), bullets=g.steps)
    budget = Section(
        f"Channel budget ({g.budget} a month)",
        table=table(
            ("Channel", "Share", "Amount"),
            ((c.name, f"{c.percent}%", c.amount) for c in g.channels),
        ),
    )
    return (plan, budget)


def _sources(brief: Brief) -> Section:
    if not brief.sources:
        return Section("Sources", paragraphs=(research.FALLBACK_NOTE,))
    notes = [f"Pages read on the web for this brief: {len(brief.sources)}."]
    if brief.unresearched:
        notes.append(f"Not researched, figures unverified: {', '.join(brief.unresearched)}.")
    return Section(
        "Sources",
        paragraphs=tuple(notes),
        sources=tuple(link(source_label(s), s.url) for s in brief.sources),
    )


def _parts(brief: Brief) -> Section:
    rows = (
        (
            p.label,
            date_text(p.at) if p.present and p.at else "",
            (p.basis or "AI") if p.present else "Not run yet",
        )
        for p in brief.parts
    )
    return Section("Parts of this brief", table=table(("Part", "Date", "Basis"), rows))


def brief_report(brief: Brief, at: datetime) -> Report:
    """The brief as one document: the executive summary first, then each part's findings,
    the assumptions, one Sources list, and where each part came from."""
    name = line(brief.title, 120) or "Untitled idea"
    assumed = tuple(
        f"{a.label}: {line(a.value, 200)}{' (assumed default)' if a.assumed else ''}"
        for a in brief.assumptions
    )
    sections = filled(
        Section("Executive summary", paragraphs=brief.summary or (NO_PARTS,)),
        _verdict(brief),
        _market(brief),
        _competitors(brief),
        _funding(brief),
        *_growth(brief),
        Section("Top risks", bullets=brief.risks),
        Section("Next three actions", bullets=brief.actions),
        Section("Numbers the brief ran on", bullets=assumed),
        _sources(brief),
        _parts(brief),
    )
    return Report(
        title=f"Brief: {name}",
        file_stem=file_stem(f"{STEM}-{slugify(name, 'idea')}", at),
        subtitle=f"{brief.score}/100: {brief.verdict}" if brief.score is not None else "",
        facts=(("Exported", date_text(at)),),
        sections=sections,
    )
