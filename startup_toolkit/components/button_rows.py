"""Rows of buttons the tool pages repeat: buttons side by side that wrap on a narrow screen,
a dialog's buttons at its end, a form's run button beside its grey secondary action, the
grey 'start again' button and the buttons beside a result, and the large button that starts a
tool from its idea form.

    run_row(run_button(...), ("rotate-ccw", "Reset to defaults", State.reset_form), State.running)

renders the run button and a large soft grey 'Reset to defaults', disabled while it runs.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.tool_forms import icon_button, soft_button


def button_row(*buttons: rx.Component, spacing: str = "2", **props: Any) -> rx.Component:
    """`buttons` side by side, wrapping onto the next line when they do not fit."""
    return rx.flex(*buttons, spacing=spacing, wrap="wrap", **props)


def dialog_footer(*buttons: rx.Component, spacing: str = "2", **props: Any) -> rx.Component:
    """A dialog's buttons, at its end (wrapping on a phone)."""
    return button_row(*buttons, spacing=spacing, justify="end", **props)


def gray_button(icon: str, label: str, on_click: Any, **props: Any) -> rx.Component:
    """A soft grey secondary action with an icon (New ..., Edit idea, Reset)."""
    return soft_button(icon, label, on_click, color_scheme="gray", **props)


def run_row(
    run: rx.Component, secondary: tuple[str, str, Any], running: rx.Var[bool]
) -> rx.Component:
    """A form's `run` button and its large grey `secondary` action (icon, label, on_click),
    disabled while `running`."""
    return button_row(run, gray_button(*secondary, disabled=running, size="3"), spacing="3")


def launch_button(
    icon: str, label: str, on_click: Any, disabled: Any, **props: Any
) -> rx.Component:
    """The large button under an idea form that starts the tool, as wide as the form on a
    phone."""
    return icon_button(
        icon,
        label,
        on_click,
        icon_size=18,
        disabled=disabled,
        size="3",
        width=rx.breakpoints(initial="100%", sm="auto"),
        **props,
    )


def result_buttons(*buttons: rx.Component) -> rx.Component:
    """The buttons beside a result's title (Download, New ...), wrapping when narrow."""
    return rx.hstack(*buttons, spacing="2", wrap="wrap")
