"""The panel a tool shows when its AI run did not finish: what went wrong, Retry (the same
run, on what the founder entered, which is kept) and a way back to edit it."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.button_rows import run_row
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_forms import icon_button
from startup_toolkit.components.tool_layout import TOOL_CARD_STYLE, tool_card

ERROR_CARD = {"border": "1px solid var(--red-a6)", "background": "var(--red-a2)"}


def run_error_panel(
    heading: str,
    text: Any,
    retry: tuple[str, Any],
    edit: tuple[str, str, Any],
    running: rx.Var[bool],
    class_name: str,
) -> rx.Component:
    """`retry`: (label, handler); `edit`: (icon, label, handler) of the secondary action."""
    label, on_retry = retry
    return tool_card(
        icon_row(
            rx.icon("triangle-alert", size=22, color="var(--red-11)", aria_hidden="true"),
            rx.heading(heading, as_="h2", size="5", style=heading_style),
            spacing="3",
        ),
        rx.text(text, size="3", color="var(--gray-12)", class_name=f"{class_name}-text"),
        run_row(
            icon_button("refresh-cw", label, on_retry, disabled=running, size="3"),
            edit,
            running,
        ),
        spacing="4",
        role="alert",
        class_name=class_name,
        style={
            **TOOL_CARD_STYLE,
            "border": "1px solid var(--red-a6)",
            "background": "var(--red-a2)",
        },
    )
