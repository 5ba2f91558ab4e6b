"""Form pieces shared by the three settings tabs."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.theme import card_style, heading_style


def field_label(text: str, html_for: str, **props: Any) -> rx.Component:
    return rx.el.label(
        text,
        html_for=html_for,
        style={"font_weight": "500", "font_size": "var(--font-size-2)", "color": "var(--gray-12)"},
        **props,
    )


def field_hint(text: Any, element_id: str = "") -> rx.Component:
    props: dict[str, Any] = {"id": element_id} if element_id else {}
    return rx.text(text, size="1", color="var(--gray-11)", **props)


def field_error(message: rx.Var, element_id: str) -> rx.Component:
    return rx.cond(
        message != "",
        rx.text(
            rx.icon("circle-alert", size=14, flex_shrink="0", margin_top="2px"),
            rx.el.span(message),
            id=element_id,
            size="2",
            color="var(--red-11)",
            display="flex",
            gap="0.35rem",
            role="alert",
        ),
    )


def error_for(errors: rx.Var, key: str) -> rx.Var:
    return rx.cond(errors.contains(key), errors[key].to(str), "")


def settings_card(
    *children: rx.Component, extra_style: dict[str, Any] | None = None, **props: Any
) -> rx.Component:
    return rx.box(
        *children,
        style={**card_style, "padding": "clamp(1.1rem, 4vw, 1.75rem)", **(extra_style or {})},
        width="100%",
        min_width="0",
        **props,
    )


def settings_card_header(icon: str, title: str, text: str, color: str = "accent") -> rx.Component:
    return rx.hstack(
        rx.center(
            rx.icon(icon, size=18, color=f"var(--{color}-11)"),
            width="2.25rem",
            height="2.25rem",
            border_radius="var(--radius-3)",
            background=f"var(--{color}-a3)",
            flex_shrink="0",
        ),
        rx.vstack(
            rx.heading(title, as_="h2", size="4", style=heading_style),
            rx.text(text, size="2", color="var(--gray-11)"),
            spacing="1",
            min_width="0",
        ),
        spacing="3",
        align="start",
        width="100%",
    )


def busy_button(label: str, busy_label: str, busy: rx.Var, icon: str, **props: Any) -> rx.Component:
    return rx.button(
        rx.cond(
            busy,
            rx.hstack(rx.spinner(size="2"), rx.text(busy_label), spacing="2", align="center"),
            rx.hstack(rx.icon(icon, size=16), rx.text(label), spacing="2", align="center"),
        ),
        disabled=busy,
        aria_busy=rx.cond(busy, "true", "false"),
        **props,
    )


def form_dialog(
    title: str,
    description: str,
    *fields: rx.Component,
    confirm: rx.Component,
    on_submit: Any,
    aria_label: str,
    open: rx.Var,
    on_open_change: Any,
    max_width: str = "30rem",
) -> rx.Component:
    """A dialog holding one form: title, description, its fields, then Cancel and `confirm`
    (side by side, or stacked with `confirm` on top on a phone). The form keeps what was
    typed when the server says no."""
    return rx.dialog.root(
        rx.dialog.content(
            rx.form(
                rx.vstack(
                    rx.dialog.title(title, style=heading_style, margin="0"),
                    rx.dialog.description(description, size="2", color="var(--gray-11)"),
                    *fields,
                    rx.flex(
                        rx.dialog.close(
                            rx.button(
                                "Cancel",
                                type="button",
                                variant="soft",
                                color_scheme="gray",
                                size="3",
                            )
                        ),
                        confirm,
                        gap="0.75rem",
                        justify="end",
                        direction=rx.breakpoints(initial="column-reverse", sm="row"),
                        width="100%",
                    ),
                    spacing="4",
                    width="100%",
                ),
                on_submit=on_submit,
                reset_on_submit=False,
                aria_label=aria_label,
            ),
            max_width=max_width,
        ),
        open=open,
        on_open_change=on_open_change,
    )
