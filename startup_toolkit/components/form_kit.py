"""Form pieces of the account pages (profile, contact): a field's label, hint and inline
error, the look of a native select, the props that tie a control to its error, a button that
shows a spinner while busy, the icon on a tinted tile that opens a card's header or an info
row, and the icon on a round tinted disc over a panel's heading.

    checked_field("Email", "delete-email", rx.input(id="delete-email",
                  **invalid_props(State.error, "delete-email")), State.error)

renders the label, the control (aria-invalid and red while `State.error` is not empty,
described by `#delete-email-error`) and, while there is one, the message as that element.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.props import FILL_COLUMN
from startup_toolkit.components.text_rows import icon_row

#: A native select (`rx.el.select`) that looks like the theme's text fields.
NATIVE_SELECT_STYLE: dict[str, Any] = {
    "width": "100%",
    "padding": "0.5rem 0.6rem",
    "border_radius": "var(--radius-3)",
    "border": "1px solid var(--gray-a7)",
    "background": "var(--color-surface)",
    "color": "var(--gray-12)",
    "font_size": "var(--font-size-2)",
}


def field_label(text: str, html_for: str, *children: rx.Component, **props: Any) -> rx.Component:
    """A field's label; `children` follow the text (e.g. a required marker)."""
    return rx.el.label(
        text,
        *children,
        html_for=html_for,
        style={"font_weight": "500", "font_size": "var(--font-size-2)", "color": "var(--gray-12)"},
        **props,
    )


def field_hint(text: Any, element_id: str = "") -> rx.Component:
    """The grey line under a field (with an id when a control is described by it)."""
    props: dict[str, Any] = {"id": element_id} if element_id else {}
    return rx.text(text, size="1", color="var(--gray-11)", **props)


def field_error(message: rx.Var, element_id: str, icon_offset: str = "2px") -> rx.Component:
    """The field's message with an alert icon (`icon_offset` from the top), announced, while
    `message` is not empty."""
    return rx.cond(
        message != "",
        rx.text(
            rx.icon("circle-alert", size=14, flex_shrink="0", margin_top=icon_offset),
            rx.el.span(message),
            id=element_id,
            size="2",
            color="var(--red-11)",
            display="flex",
            gap="0.35rem",
            role="alert",
        ),
    )


def invalid_props(error: rx.Var, element_id: str, color: str | None = "violet") -> dict[str, Any]:
    """A control's aria-invalid and aria-describedby (`<element_id>-error`) for `error`, and
    its colour: red while there is an error, else `color` (None: leave the colour alone)."""
    props: dict[str, Any] = {
        "aria_invalid": rx.cond(error != "", "true", "false"),
        "aria_describedby": f"{element_id}-error",
    }
    if color is not None:
        props["color_scheme"] = rx.cond(error != "", "red", color)
    return props


def checked_field(
    label: rx.Component | str,
    element_id: str,
    control: rx.Component,
    error: rx.Var,
    error_id: str = "",
    **props: Any,
) -> rx.Component:
    """A label (or a label component), the control and its inline error (`error_id`, by
    default `<element_id>-error`), in a column."""
    return rx.vstack(
        field_label(label, element_id) if isinstance(label, str) else label,
        control,
        field_error(error, error_id or f"{element_id}-error"),
        spacing="2",
        width="100%",
        **props,
    )


def busy_button(label: str, busy_label: str, busy: rx.Var, icon: str, **props: Any) -> rx.Component:
    """A button with `icon` and `label`, or a spinner and `busy_label` (disabled) while busy."""
    return rx.button(
        rx.cond(
            busy,
            icon_row(rx.spinner(size="2"), rx.text(busy_label)),
            icon_row(rx.icon(icon, size=16), rx.text(label)),
        ),
        disabled=busy,
        aria_busy=rx.cond(busy, "true", "false"),
        **props,
    )


def icon_tile(
    icon: str, color: str = "accent", size: str = "2.25rem", icon_size: int = 18, **props: Any
) -> rx.Component:
    """`icon` in the Radix colour `color` on a square tile of its faint shade."""
    return rx.center(
        rx.icon(icon, size=icon_size, color=f"var(--{color}-11)"),
        width=size,
        height=size,
        border_radius="var(--radius-3)",
        background=f"var(--{color}-a3)",
        flex_shrink="0",
        **props,
    )


def icon_disc(
    icon: rx.Component, shade: str, size: str, ring: str = "a5", **props: Any
) -> rx.Component:
    """`icon` on a round badge of the faint `shade`, `size` across, with a thin ring of its
    `ring` step (the Co-Founder's avatars and empty chat, the contact form's 'sent')."""
    return rx.center(
        icon,
        width=size,
        height=size,
        background=f"var(--{shade}-a3)",
        border=f"1px solid var(--{shade}-{ring})",
        border_radius="9999px",
        **props,
    )


def tile_row(tile: rx.Component, *lines: rx.Component, **props: Any) -> rx.Component:
    """A tile beside a column of `lines` (a title and what follows it)."""
    return rx.hstack(
        tile,
        rx.vstack(*lines, spacing="1", min_width="0"),
        spacing="3",
        **props,
        **FILL_COLUMN,
    )
