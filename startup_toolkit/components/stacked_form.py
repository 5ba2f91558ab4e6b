"""A form laid out as one full-width column that keeps what was typed when the server says
no (the profile's forms, the contact form)."""

from __future__ import annotations

from typing import Any

import reflex as rx


def stacked_form(
    aria_label: Any, *children: rx.Component, on_submit: Any, spacing: str = "4", **props: Any
) -> rx.Component:
    """The form `aria_label`: `children` in a full-width column; the browser does not clear
    the fields on submit."""
    return rx.form(
        rx.vstack(*children, spacing=spacing, width="100%"),
        on_submit=on_submit,
        reset_on_submit=False,
        aria_label=aria_label,
        **props,
    )
