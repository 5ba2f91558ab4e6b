"""Each tool's result as the parts of a `Report` (`ToolDoc`): its title, sections, file stem
and a one-line headline, read through the tool's own result model and labels. A builder
raises (pydantic's ValidationError, ValueError, TypeError) when the stored JSON no longer
fits the model; `report_builders` then falls back to a generic report. Pure: no I/O.

The builders live by tool: `report_tools_ideas` (Scanner, Incubator), `report_tools_money`
(Funding, Growth) and `report_tools_other` (Oracle, Solutions Hub, Co-Founder); the labels,
stems and shared helpers in `report_tools_base`."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.report_tools_base import HEADLINE_MAX, TOOL_LABELS, TOOL_STEMS, ToolDoc
from startup_toolkit.domain.report_tools_ideas import (
    incubator_doc,
    incubator_sections,
    scanner_doc,
    stress_doc,
    stress_sections,
)
from startup_toolkit.domain.report_tools_money import funding_doc, growth_doc
from startup_toolkit.domain.report_tools_other import (
    chat_messages,
    cofounder_doc,
    hub_document_doc,
    oracle_content_doc,
    oracle_doc,
)

__all__ = [
    "BUILDERS",
    "HEADLINE_MAX",
    "TOOL_LABELS",
    "TOOL_STEMS",
    "ToolDoc",
    "chat_messages",
    "cofounder_doc",
    "funding_doc",
    "growth_doc",
    "hub_document_doc",
    "incubator_doc",
    "incubator_sections",
    "oracle_content_doc",
    "oracle_doc",
    "scanner_doc",
    "stress_doc",
    "stress_sections",
]

BUILDERS: dict[str, Callable[[Mapping[str, Any], Any], ToolDoc]] = {
    keys.SCANNER: scanner_doc,
    keys.INCUBATOR: incubator_doc,
    keys.STRESS_TEST: stress_doc,
    keys.FUNDING: funding_doc,
    keys.GROWTH: growth_doc,
    keys.ORACLE: oracle_doc,
    keys.ORACLE_CONTENT: oracle_content_doc,
    keys.HUB_DOCUMENT: hub_document_doc,
    keys.COFOUNDER: cofounder_doc,
}
