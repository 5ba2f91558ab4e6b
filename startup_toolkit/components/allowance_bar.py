"""Today's AI allowance (issue 14, item 9): tokens used and left, a bar that turns amber from
80 % and red when spent, the warning or the spent message, and when it resets; without a
daily limit (or in demo mode) what applies instead. Nothing for visitors.

    allowance_bar()   # loads itself on mount; send ToolPageState.refresh_allowance after an AI run
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.props import LIVE_STATUS, SPREAD_ROW
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.domain import allowance as rules
from startup_toolkit.state.tools import ToolPageState

BAR_ID = "ai-allowance"
LABEL_ID = "ai-allowance-title"
VIEW = ToolPageState.allowance


def _bar() -> rx.Component:
    return rx.progress(
        value=VIEW.percent,
        max=100,
        color_scheme=VIEW.bar_color,  # type: ignore[arg-type]
        size="2",
        aria_labelledby=LABEL_ID,
        aria_valuetext=VIEW.usage_text,
        width="100%",
    )


def _message() -> rx.Component:
    color = rx.match(
        VIEW.level,
        (rules.WARNING, "var(--amber-11)"),
        (rules.SPENT, "var(--red-11)"),
        "var(--gray-11)",
    )
    return rx.cond(
        VIEW.message != "",
        rx.text(
            VIEW.message,
            size="2",
            weight=rx.cond(VIEW.has_bar, "medium", "regular"),
            color=color,
            class_name="allowance-message",
        ),
    )


def _panel() -> rx.Component:
    return rx.vstack(
        rx.flex(
            icon_row(
                rx.icon("gauge", size=16, color="var(--accent-11)", aria_hidden="true"),
                rx.text(rules.TITLE, size="2", weight="medium", id=LABEL_ID),
            ),
            rx.cond(
                VIEW.resets != "",
                rx.text(VIEW.resets, size="1", color="var(--gray-11)"),
            ),
            wrap="wrap",
            gap="0.25rem 1rem",
            **SPREAD_ROW,
        ),
        rx.cond(
            VIEW.has_bar,
            rx.fragment(
                _bar(),
                rx.text(VIEW.usage_text, size="1", color="var(--gray-11)"),
            ),
        ),
        _message(),
        spacing="2",
        width="100%",
        padding="0.75rem 1rem",
        border_radius="var(--radius-4)",
        border=rx.match(
            VIEW.level,
            (rules.WARNING, "1px solid var(--amber-a6)"),
            (rules.SPENT, "1px solid var(--red-a6)"),
            "1px solid var(--gray-a4)",
        ),
        background=rx.match(
            VIEW.level,
            (rules.WARNING, "var(--amber-a2)"),
            (rules.SPENT, "var(--red-a2)"),
            "var(--gray-a2)",
        ),
        id=BAR_ID,
        class_name=f"allowance-bar allowance-{VIEW.level}",
        **LIVE_STATUS,
    )


def allowance_bar() -> rx.Component:
    """The allowance panel of the signed-in founder (loads on mount). The wrapper takes no box
    of its own (`display: contents`), so an empty one adds no gap to its stack."""
    return rx.el.div(
        rx.cond(VIEW.is_not_none(), _panel()),
        on_mount=ToolPageState.load_allowance,
        style={"display": "contents"},
    )
