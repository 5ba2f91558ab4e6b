"""What the brief page shows, as typed views (issue 30): each part's progress (`PartRow`), what a
brief may cost (`BudgetView`) and the brief itself (`BriefView`), each built in one place from
the domain's `Brief`, `PartLine` and `BudgetNote` (its categories, channels and assumptions are
the domain's rows as they are). Model output and web pages are text here: links are only the
http(s) pages the parts read."""

from __future__ import annotations

import dataclasses

from startup_toolkit.domain import research
from startup_toolkit.domain.brief import Brief, Category, Channel, Cite, PartLine
from startup_toolkit.domain.brief_budget import BudgetNote
from startup_toolkit.domain.brief_input import Assumption
from startup_toolkit.services.share_links import BRIEF
from startup_toolkit.state import evidence
from startup_toolkit.state.exports import MARKDOWN, PDF, ExportLinks, export_path

#: A part's status on the page.
RUNNING, DONE, FAILED, MISSING = "running", "done", "failed", "missing"
NOT_RUN = "Not run yet for this idea."


@dataclasses.dataclass
class PartRow:
    """One part as the progress list shows it."""

    key: str = ""
    label: str = ""
    status: str = MISSING
    note: str = ""  # what it is doing, why it failed, or what a sample rests on
    href: str = ""  # its kept run on its tool's page ('' for none)


@dataclasses.dataclass
class Figure:
    """A labelled figure with its citation (`state` '' for a figure that cites nothing)."""

    label: str = ""
    text: str = ""
    state: str = ""
    number: int = 0
    source: str = ""  # the page's title (verified) or what the citation is
    url: str = ""


@dataclasses.dataclass
class CompetitorRow:
    name: str = ""
    detail: str = ""
    cite: Figure = dataclasses.field(default_factory=Figure)


@dataclasses.dataclass
class SourceRow(evidence.SourceRow):
    """A page read, as the brief's one Sources list shows it: with the parts that read it."""

    parts: str = ""


@dataclasses.dataclass
class BriefView(ExportLinks):
    """The brief as the page shows it."""

    idea_id: str = ""
    title: str = ""
    summary: list[str] = dataclasses.field(default_factory=list)
    score: str = ""  # '' without a Scanner part
    verdict: str = ""
    verdict_color: str = "gray"
    categories: list[Category] = dataclasses.field(default_factory=list)
    market: list[Figure] = dataclasses.field(default_factory=list)
    competitors: list[CompetitorRow] = dataclasses.field(default_factory=list)
    funding: list[Figure] = dataclasses.field(default_factory=list)
    growth_summary: str = ""
    budget: str = ""
    plan: list[str] = dataclasses.field(default_factory=list)
    channels: list[Channel] = dataclasses.field(default_factory=list)
    risks: list[str] = dataclasses.field(default_factory=list)
    actions: list[str] = dataclasses.field(default_factory=list)
    sources: list[SourceRow] = dataclasses.field(default_factory=list)
    assumptions: list[Assumption] = dataclasses.field(default_factory=list)
    unresearched: str = ""  # the parts whose figures are unverified ('' for none)


@dataclasses.dataclass
class BudgetView:
    """What a brief may cost, said before it starts, and the refusal when it does not fit."""

    text: str = ""
    refusal: str = ""


def figure(label: str, cite: Cite | None, plain: bool = False) -> Figure:
    """A figure with its citation (`plain`: shown without one)."""
    if cite is None:
        return Figure(label)
    if plain:
        return Figure(label, cite.text)
    return Figure(label, cite.text, cite.state, cite.number, cite.label, cite.url)


def _plain(label: str, text: str) -> Figure:
    return Figure(label, text)


def brief_view(brief: Brief, idea_id: int) -> BriefView:
    """The page's view of the brief of the idea `idea_id`."""
    market = [
        figure(label, c)
        for label, c in (("Market size", brief.market_size), ("Market growth", brief.market_growth))
        if c is not None
    ]
    funding: list[Figure] = []
    if brief.funding is not None:
        f = brief.funding
        funding = [
            _plain("Odds", f"{f.headline} (market potential {f.potential}/100)"),
            _plain("Amount", f.amount),
            *([figure("Range", f.range)] if f.range.text else []),
            *([_plain("Stage", f.stage)] if f.stage else []),
        ]
    g = brief.growth
    return BriefView(
        idea_id=str(idea_id),
        title=brief.title,
        summary=list(brief.summary),
        score=str(brief.score) if brief.score is not None else "",
        verdict=brief.verdict,
        verdict_color=brief.verdict_color,
        categories=list(brief.categories),
        market=market,
        competitors=[
            CompetitorRow(c.name, c.detail, figure("", c.cite, c.cite.state == research.NONE))
            for c in brief.competitors
        ],
        funding=funding,
        growth_summary=g.summary if g else "",
        budget=g.budget if g else "",
        plan=list(g.steps) if g else [],
        channels=list(g.channels) if g else [],
        risks=list(brief.risks),
        actions=list(brief.actions),
        sources=[
            SourceRow(s.number, s.title, s.url, s.site, s.read_on, ", ".join(s.parts))
            for s in brief.sources
        ],
        assumptions=list(brief.assumptions),
        unresearched=", ".join(brief.unresearched),
        export_md=export_path(BRIEF, idea_id, MARKDOWN),
        export_pdf=export_path(BRIEF, idea_id, PDF),
    )


def part_row(line: PartLine) -> PartRow:
    """A part of a brief read back: done (with what a sample rests on) or not run yet."""
    if not line.present:
        return PartRow(line.key, line.label, MISSING, NOT_RUN)
    return PartRow(line.key, line.label, DONE, line.basis, line.reopen)


def budget_view(note: BudgetNote) -> BudgetView:
    return BudgetView(note.text, note.refusal)
