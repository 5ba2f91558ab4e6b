"""The small note over a reopened result (a State mixing in `ReopenMixin`): "Reopened from
<date>", the date in the browser's locale, and when it was not the AI's answer, what it is:
demo mode's sample, or the tool's stand-in because the AI reply could not be used."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.props import FILL_ROW, KEEP_SIZE
from startup_toolkit.state.reopen import ReopenMixin


def reopened_note(state: type[ReopenMixin]) -> rx.Component:
    """Shown while the result on screen is a reopened one."""
    return rx.cond(
        state.reopened.is_not_none(),
        rx.hstack(
            rx.icon("history", size=14, color="var(--gray-10)", aria_hidden="true", **KEEP_SIZE),
            rx.text(
                "Reopened from ",
                rx.moment(state.reopened.at, format="lll"),
                state.reopened.note,
                size="2",
                color="var(--gray-11)",
            ),
            spacing="2",
            role="note",
            class_name="reopened-note",
            margin_bottom="1rem",
            **FILL_ROW,
        ),
    )
