"""The idea field of a tool's form (a State mixing in `IdeaInputMixin`): its label, the line
under it, the text area and, under that, a note beside the character counter; and the label
style it shares with the idea picker.

The counter and the too-long colour are worked out in the browser from the typed idea, as
`domain.idea_text` counts it (trimmed, in characters: Reflex's `pyStrip`/`pyStrLength`), so a
keystroke sends no derived values back."""

from __future__ import annotations

import reflex as rx
from reflex.vars.base import Var
from reflex.vars.number import NumberVar

from startup_toolkit.components.panels import text_box
from startup_toolkit.components.tool_layout import spread_row
from startup_toolkit.domain.idea_text import MAX_IDEA_LENGTH
from startup_toolkit.state.idea_input import IdeaInputMixin

IDEA_LABEL = "Describe your startup idea"


def typed_length(state: type[IdeaInputMixin]) -> NumberVar:
    """The idea's length as `idea_text.idea_length` counts it, in the browser."""
    return state.idea.strip().length()


def grouped(number: NumberVar) -> Var[str]:
    """`number` with thousands separators ('5,001'), in the browser."""
    return Var(
        _js_expr=f"({number}).toLocaleString('en-US')",
        _var_type=str,
        _var_data=number._get_all_var_data(),
    )


def too_long(state: type[IdeaInputMixin]) -> Var[bool]:
    return typed_length(state) > MAX_IDEA_LENGTH


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
                grouped(typed_length(state)),
                f" / {MAX_IDEA_LENGTH:,}",
                size="1",
                color=rx.cond(too_long(state), "var(--red-11)", "var(--gray-10)"),
                class_name=counter_class,
            ),
            spacing="2",
        ),
    )
