"""The idea field of a tool's form (a State mixing in `IdeaInputMixin`): its label, the line
under it, the text area and, under that, a note beside the character counter; and the label
style it shares with the idea picker."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.panels import text_box
from startup_toolkit.components.tool_layout import spread_row
from startup_toolkit.state.idea_input import IdeaInputMixin

IDEA_LABEL = "Describe your startup idea"


def idea_form_label(text: str, field_id: str) -> rx.Component:
    """A label of the idea form's controls (the idea, the idea picker), larger and bolder than
    a tool form field's."""
    return rx.el.label(
        text,
        html_for=field_id,
        font_weight="600",
        font_size="var(--font-size-3)",
        color="var(--gray-12)",
    )


def idea_field(
    state: type[IdeaInputMixin],
    *,
    field_id: str,
    intro: str,
    placeholder: str,
    rows: str,
    described_by: str,
    note: rx.Component,
    counter_class: str,
) -> tuple[rx.Component, ...]:
    """The field's parts, to stand in the form's stack: `note` (the element `described_by`
    names, e.g. a hint or the validation message) on the left under the text area, the counter
    (class `counter_class`, red when too long) on the right."""
    return (
        idea_form_label(IDEA_LABEL, field_id),
        rx.text(intro, size="2", color="var(--gray-11)"),
        text_box(
            field_id,
            placeholder,
            rows,
            value=state.idea,
            on_change=state.set_idea,
            aria_describedby=described_by,
            aria_invalid=rx.cond(state.validation != "", "true", "false"),
        ),
        spread_row(
            note,
            rx.text(
                state.counter,
                size="1",
                color=rx.cond(state.too_long, "var(--red-11)", "var(--gray-10)"),
                class_name=counter_class,
            ),
            spacing="2",
        ),
    )
