"""Form and run pieces the AI tool pages share: labelled fields with their inline errors, the
run button, the soft buttons beside a result, the busy heading while the AI works, and the
note over a result that is not the AI's (a sample, an estimate).

    fields = FormFields(GrowthState.errors, "growth")
    fields.field("budget", "Monthly budget (USD)", rx.input(id=fields.id("budget"), ...,
                 aria_invalid=fields.invalid("budget")))

renders the label (for `growth-budget`), the control and, while the state's `errors` dict var
holds a message for "budget", that message as `#growth-budget-error`.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import reflex as rx

from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.panels import icon_text_button
from startup_toolkit.components.result_blocks import amber_note
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import aria_invalid, field_error, field_label


def labelled_field(
    label: str, field_id: str, control: rx.Component, *below: rx.Component
) -> rx.Component:
    """A form field: its label, the control, then `below` (e.g. its inline error)."""
    return full_width_stack(field_label(label, field_id), control, *below, spacing="1")


@dataclass(frozen=True)
class FormFields:
    """A tool form's fields: control ids `<prefix>-<name>`, inline errors
    `<prefix>-<name>-error` from the state's `errors` dict var (field name -> message)."""

    errors: Any
    prefix: str
    error_color: str = "var(--red-11)"

    def id(self, name: str) -> str:
        return f"{self.prefix}-{name}"

    def error_id(self, name: str) -> str:
        return f"{self.prefix}-{name}-error"

    def error(self, name: str, **props: Any) -> rx.Component:
        """The field's inline message, shown while there is one."""
        return field_error(
            self.errors, name, self.error_id(name), **{"color": self.error_color, **props}
        )

    def invalid(self, name: str) -> rx.Var:
        """The control's aria-invalid: 'true' while the field has a message."""
        return aria_invalid(self.errors, name)

    def field(
        self, name: str, label: str, control: rx.Component, *below: rx.Component
    ) -> rx.Component:
        """Label, control, then `below` (by default the field's inline error)."""
        return labelled_field(label, self.id(name), control, *(below or (self.error(name),)))


def icon_button(
    icon: str, label: Any, on_click: Any, *, icon_size: int = 16, **props: Any
) -> rx.Component:
    """`panels.icon_text_button` (an icon before the label, not a submit) with its click."""
    return icon_text_button(icon, label, icon_size=icon_size, on_click=on_click, **props)


def run_button(
    icon: str, label: str, on_click: Any, running: rx.Var[bool], element_id: str
) -> rx.Component:
    """The button that starts the tool's AI run; disabled while one runs."""
    return icon_button(
        icon, label, on_click, icon_size=18, disabled=running, size="3", id=element_id
    )


def soft_button(icon: str, label: str, on_click: Any, **props: Any) -> rx.Component:
    """A secondary action (Download, New ..., Reset): a soft button with an icon."""
    return icon_button(icon, label, on_click, **{"variant": "soft", **props})


def typed_or_default(form: rx.Var, name: str, default: str) -> rx.Var[str]:
    """The value a form field shows: what was typed into `form[name]` (an empty text too),
    else `default` (a form kept as the founder's changes only: nothing to send before)."""
    return rx.Var(
        _js_expr=f"({form}?.[{json.dumps(name)}] ?? {json.dumps(default)})",
        _var_type=str,
        _var_data=form._get_all_var_data(),
    ).to(str)


def option_select(
    field_id: str, options: tuple[tuple[str, str], ...], value: Any, on_change: Any
) -> rx.Component:
    """A select of (value, label) `options`, its trigger `field_id` (for the field's label)."""
    return rx.select.root(
        rx.select.trigger(id=field_id, width="100%"),
        rx.select.content(
            *[rx.select.item(label, value=option) for option, label in options],
            position="popper",
        ),
        value=value,
        on_change=on_change,
        size="3",
    )


def progress_bar(value: rx.Var[int], label: str) -> rx.Component:
    """The run's progress out of 100 (`label` names it for screen readers)."""
    return rx.progress(value=value, max=100, size="3", width="100%", aria_label=label)


def busy_heading(title: str, *lines: rx.Component, **props: Any) -> rx.Component:
    """A spinner beside the h2 `title` and `lines` under it, while the AI works."""
    return rx.hstack(
        rx.spinner(size="3"),
        line_stack(rx.heading(title, as_="h2", size="5", style=heading_style), *lines),
        spacing="4",
        align="center",
        **props,
    )


def result_note(text: Any, icon: str, element_id: str) -> rx.Component:
    """The amber note over a result that is not the AI's answer (a sample, an estimate)."""
    return amber_note(text, icon, width="100%", id=element_id)
