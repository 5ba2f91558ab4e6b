"""What every tool's report builder shares: `ToolDoc`, and small helpers that turn values into
sections. Pure: no I/O."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain.report import Section
from startup_toolkit.domain.report_text import text

HEADLINE_MAX = 160


@dataclass(frozen=True)
class ToolDoc:
    """A tool's result as the parts of a report. An empty `stem`: the tool's own
    (`ToolSpec.stem`)."""

    title: str
    sections: tuple[Section, ...]
    stem: str
    headline: str


def short(value: str, limit: int = HEADLINE_MAX) -> str:
    return value if len(value) <= limit else value[: limit - 1].rstrip() + "…"


def idea_section(value: Any, heading: str = "Idea") -> tuple[Section, ...]:
    idea = text(value, 5000)
    return (Section(heading, paragraphs=(idea,)),) if idea else ()


def filled(*items: Section | None) -> tuple[Section, ...]:
    """The sections that hold something."""
    return tuple(
        s
        for s in items
        if s is not None and (s.paragraphs or s.bullets or s.table or s.chart or s.sources)
    )


def paragraphs(*pairs: tuple[str, Any]) -> tuple[str, ...]:
    """'Label: value' for each pair with a value; a pair with an empty label is the value."""
    out = []
    for label, value in pairs:
        plain = text(value)
        if plain:
            out.append(f"{label}: {plain}" if label else plain)
    return tuple(out)
