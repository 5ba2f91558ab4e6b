"""The report of 2 to 4 ideas compared (issue 14, items 4 and 6): the scores side by side as a
table and a grouped bar chart, then each idea's verdict, market figures with their sources,
top risks and its funding and growth headlines. Pure: no I/O."""

from __future__ import annotations

from datetime import datetime

from startup_toolkit.domain.idea_history import ComparedIdea, Comparison, Figure
from startup_toolkit.domain.report import Link, Report, Section, Table
from startup_toolkit.domain.report_builders import file_stem
from startup_toolkit.domain.report_text import date_text, line
from startup_toolkit.domain.research import VERIFIED

NO_SCAN_NOTE = "No scan yet: run the Viability Scanner on this idea to compare its scores."


def _score_table(comparison: Comparison) -> Table:
    ideas = comparison.ideas
    names = [c.name for c in next((i.categories for i in ideas if i.scanned), ())]
    rows: list[tuple[str, ...]] = [
        ("Overall", *(f"{i.overall}/100" if i.scanned else "No scan yet" for i in ideas)),
        ("Verdict", *(i.verdict for i in ideas)),
    ]
    for name in names:
        cells = []
        for idea in ideas:
            cell = next((c for c in idea.categories if c.name == name), None)
            cells.append(f"{cell.score}/100" if cell else "-")
        rows.append((name, *cells))
    return Table(("", *(line(i.title, 60) for i in ideas)), tuple(rows))


def _figure(label: str, figure: Figure | None) -> str:
    if figure is None or not figure.value:
        return f"{label}: no figure"
    cited = figure.citation
    source = f" (source: {cited.title})" if cited.state == VERIFIED else f" ({cited.label})"
    return f"{label}: {figure.value}{source}"


def _idea_section(idea: ComparedIdea) -> Section:
    if not idea.scanned:
        return Section(line(idea.title, 120), paragraphs=(NO_SCAN_NOTE,))
    facts = [
        _figure("Market size", idea.market_size),
        _figure("Market growth", idea.market_growth),
    ]
    if idea.funding:
        facts.append(f"Funding: {idea.funding}")
    if idea.growth:
        facts.append(f"Growth: {idea.growth}")
    facts.extend(f"Risk: {risk}" for risk in idea.risks)
    scanned = f", scanned {date_text(idea.scanned_at)}" if idea.scanned_at else ""
    verified = [
        f.citation
        for f in (idea.market_size, idea.market_growth)
        if f is not None and f.citation.state == VERIFIED
    ]
    return Section(
        line(idea.title, 120),
        paragraphs=(f"{idea.verdict}: {idea.overall}/100{scanned}",),
        bullets=tuple(facts),
        sources=tuple(Link(c.title, c.url) for c in verified),
    )


def comparison_report(comparison: Comparison, at: datetime) -> Report:
    titles = [line(i.title, 60) for i in comparison.ideas]
    sections = [Section("Scores side by side", table=_score_table(comparison))]
    if comparison.chart.series:
        sections.append(Section("Scores by category", chart=comparison.chart))
    sections.extend(_idea_section(i) for i in comparison.ideas)
    return Report(
        title="Idea comparison",
        file_stem=file_stem("idea-comparison", at),
        subtitle=" vs ".join(titles),
        facts=(("Ideas", str(len(titles))), ("Exported", date_text(at))),
        sections=tuple(sections),
    )
