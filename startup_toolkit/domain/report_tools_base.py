"""What every tool's report builder shares (`report_tools`): the tools' labels and file stems,
`ToolDoc`, and small helpers that turn values into sections. Pure: no I/O."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.catalog import (
    AI_COFOUNDER,
    FUNDING_PREDICTOR,
    GROWTH_ENGINE,
    IDEA_INCUBATOR,
    STARTUP_ORACLE,
    VIABILITY_SCANNER,
)
from startup_toolkit.domain.report import Section
from startup_toolkit.domain.report_text import text

HEADLINE_MAX = 160

#: How each tool is named in a report.
TOOL_LABELS: dict[str, str] = {
    keys.SCANNER: VIABILITY_SCANNER.name,
    keys.INCUBATOR: f"{IDEA_INCUBATOR.name}: idea analysis",
    keys.STRESS_TEST: f"{IDEA_INCUBATOR.name}: stress test",
    keys.FUNDING: FUNDING_PREDICTOR.name,
    keys.GROWTH: GROWTH_ENGINE.name,
    keys.ORACLE: f"{STARTUP_ORACLE.name}: prediction",
    keys.ORACLE_CONTENT: f"{STARTUP_ORACLE.name}: generated content",
    keys.HUB_DOCUMENT: "Solutions Hub document",
    keys.COFOUNDER: AI_COFOUNDER.name,
}
#: Each tool's download name before its timestamp (the tools' own JSON downloads use these).
TOOL_STEMS: dict[str, str] = {
    keys.SCANNER: "viability-analysis",
    keys.INCUBATOR: "startup-analysis",
    keys.STRESS_TEST: "stress-test",
    keys.FUNDING: "funding-prediction",
    keys.GROWTH: "growth-blueprint",
    keys.ORACLE: "oracle-prediction",
    keys.ORACLE_CONTENT: "oracle-content",
    keys.HUB_DOCUMENT: "solutions-document",
    keys.COFOUNDER: "cofounder-chat",
}


@dataclass(frozen=True)
class ToolDoc:
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
