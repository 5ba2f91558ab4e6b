"""A result's evidence in its `Report` and saved HTML (issue 15): each figure with its checked
citation ("source: <title>", "Unverified source" or "No recent data/source available"), the
links of verified citations only (a source the model named but nobody read is never a link),
and the Sources section listing every page read, or the note that live research was not
available. Pure: no I/O."""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from startup_toolkit.domain import research
from startup_toolkit.domain.report import Link, Section
from startup_toolkit.domain.report_text import line, link
from startup_toolkit.domain.research import Citation, CitedClaim, Evidence, Source


def citation_text(citation: Citation) -> str:
    """How a report writes a figure's citation."""
    if citation.state == research.VERIFIED:
        return f"source: {line(citation.title, 200)}"
    return citation.label


def cited(value: str, numbers: Sequence[int], source: str, read: Sequence[Source]) -> str:
    """'value (source: Title)', 'value (Unverified source)' or 'value (No recent ...)'."""
    citation = research.check_citation(numbers, source, read)
    return f"{line(value)} ({citation_text(citation)})"


def cited_lines(claims: Iterable[CitedClaim], read: Sequence[Source]) -> tuple[str, ...]:
    """Each claim's text with its checked citation (`cited`), a line a claim."""
    return tuple(cited(c.text, c.sources, c.source, read) for c in claims)


def verified_links(citations: Iterable[Citation]) -> tuple[Link, ...]:
    """The verified citations as links, each page once."""
    found: dict[str, Link] = {}
    for citation in citations:
        if citation.state == research.VERIFIED and citation.url:
            found.setdefault(citation.url, link(citation.title, citation.url))
    return tuple(found.values())


def benchmarks_section(
    title: str,
    benchmarks: Iterable[CitedClaim],
    read: Sequence[Source],
    citations: Iterable[Citation],
) -> Section:
    """A report's benchmarks, each with its citation, and the links of its verified ones."""
    return Section(title, bullets=cited_lines(benchmarks, read), sources=verified_links(citations))


def page_label(source: Source) -> str:
    """'[n] Title (site, read YYYY-MM-DD)'."""
    details = ", ".join(p for p in (source.site, f"read {source.read_at[:10]}") if p.strip())
    return f"[{source.number}] {line(source.title, 200)} ({details})"


def sources_section(evidence: Evidence) -> Section:
    """Every page read during the analysis, as links; or the note that there was no live
    research."""
    if not evidence.done or not evidence.sources:
        return Section("Sources", paragraphs=(research.FALLBACK_NOTE,))
    return Section(
        "Sources",
        paragraphs=(f"Pages read on the web during this analysis: {len(evidence.sources)}.",),
        sources=tuple(link(page_label(s), s.url) for s in evidence.sources),
    )


# --- The same in a saved result's HTML (every value escaped) ----------------------------------


def link_html(title: str, url: str) -> str:
    """A page read, as a link (http(s) only: a `Source` keeps no other)."""
    return (
        f'<a href="{html.escape(url, quote=True)}" rel="noopener noreferrer">'
        f"{html.escape(title)}</a>"
    )


def cite_html(numbers: Sequence[int], source: str, read: Sequence[Source]) -> str:
    """'(source: <a>Title</a>)' for a verified page, else '(Unverified source)' or
    '(No recent data/source available)'."""
    citation = research.check_citation(numbers, source, read)
    if citation.state == research.VERIFIED:
        return f"(source: {link_html(citation.title, citation.url)})"
    return f"({html.escape(citation_text(citation))})"


def sources_html(evidence: Evidence) -> list[str]:
    """The Sources list of a saved result, or the note that there was no live research."""
    if not evidence.done or not evidence.sources:
        return [f"<p>{html.escape(research.FALLBACK_NOTE)}</p>"]
    items = [f"<li>{link_html(page_label(s), s.url)}</li>" for s in evidence.sources if s.url]
    return ["<h3>Sources</h3><ol>", *items, "</ol>"]
