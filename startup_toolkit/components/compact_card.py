"""The small card of a tool's result lists and figures (an investor, a trend, a week, a
stat): the tool card with 1rem padding."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.tool_layout import COMPACT_TOOL_CARD_STYLE, tool_card


def compact_card(*children: rx.Component, spacing: str = "2", **props: Any) -> rx.Component:
    """`children` stacked on a compact tool card, 0.5rem apart unless `spacing`."""
    return tool_card(*children, spacing=spacing, style=COMPACT_TOOL_CARD_STYLE, **props)
