"""A form laid out as one full-width column that keeps what was typed when the server says
no (the profile form and the profile's dialogs; the contact form has the same shape)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.stacks import full_width_stack


def stacked_form(
    aria_label: Any, *children: rx.Component, on_submit: Any, spacing: str = "4", **props: Any
) -> rx.Component:
    """The form `aria_label`: `children` in a full-width column; the browser does not clear
    the fields on submit."""
    return rx.form(
        full_width_stack(*children, spacing=spacing),
        on_submit=on_submit,
        reset_on_submit=False,
        aria_label=aria_label,
        **props,
    )
