"""The two-column frame of /login, /signup and the password reset pages: the form beside the
marketing panel; and the route of such a page for visitors who are not signed in."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

from startup_toolkit.components.layout import page_layout
from startup_toolkit.components.page_route import page_route
from startup_toolkit.components.props import ERROR_CALLOUT, FILL_COLUMN, SOFT_PILL, WIDE_CONTROL
from startup_toolkit.components.result_blocks import tile
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import (
    card_style,
    content_column,
    gradient_text,
    heading_style,
)
from startup_toolkit.domain.passwords import MAX_LENGTH, MIN_LENGTH
from startup_toolkit.state.auth import AuthState

TRUSTED_BY = "Trusted by 10,000+ entrepreneurs worldwide"
BADGES = ("AI-Powered", "Instant Access")


def _point(icon: str, text: str) -> rx.Component:
    violet_tile = tile(
        rx.icon(icon, size=16),
        "2rem",
        "var(--radius-3)",
        "var(--violet-a4)",
        color="var(--violet-11)",
    )
    return icon_row(violet_tile, rx.text(text, size="3"), spacing="3")


def marketing_panel(
    title: str, points: list[tuple[str, str]], badges: tuple[str, ...] = BADGES
) -> rx.Component:
    return rx.vstack(
        rx.hstack(
            *[rx.badge(b, **SOFT_PILL) for b in badges],
            spacing="2",
            wrap="wrap",
        ),
        rx.heading(title, size="7", style=heading_style),
        rx.vstack(*[_point(icon, text) for icon, text in points], spacing="3"),
        rx.separator(),
        icon_row(
            rx.icon("users", size=18, color="var(--violet-11)"),
            rx.text(TRUSTED_BY, size="2", weight="medium", style=gradient_text),
        ),
        spacing="5",
        style={
            **card_style,
            "background": "linear-gradient(160deg, var(--violet-a3), var(--gray-a2))",
        },
        padding="2rem",
        **FILL_COLUMN,
    )


def guest_route(
    route: str, name: str, description: str, load: Any
) -> Callable[[Callable[..., rx.Component]], Callable[..., rx.Component]]:
    """`page_route` of a page for visitors (sign in, sign up, forgot password): a signed-in
    user is sent on, then `load` runs."""
    return page_route(route, name, description, on_load=[AuthState.redirect_if_signed_in, load])


def auth_layout(
    heading: str,
    subheading: str,
    form: rx.Component,
    panel_title: str,
    points: list[tuple[str, str]],
) -> rx.Component:
    """The page: `heading`, `subheading` and the form card beside the marketing panel
    (`panel_title` over the (icon, text) `points`)."""
    panel = marketing_panel(panel_title, points)
    return page_layout(
        rx.box(
            rx.grid(
                rx.vstack(
                    rx.heading(heading, size="8", style=heading_style),
                    rx.text(subheading, color_scheme="gray", size="3"),
                    rx.box(form, width="100%", style=card_style, padding="1.75rem"),
                    spacing="4",
                    width="100%",
                    max_width="30rem",
                ),
                panel,
                columns=rx.breakpoints(initial="1", md="2"),
                spacing="8",
                align_items="center",
                width="100%",
            ),
            **content_column("1100px"),
            padding_y=["2.5rem", "3rem", "4.5rem"],
        )
    )


def field(
    label: str, name: str, *, type_: str = "text", error: rx.Var | str = "", **props: object
) -> rx.Component:
    """A labelled form input with its error message underneath."""
    input_id = f"field-{name}"
    return rx.vstack(
        rx.el.label(label, html_for=input_id, style={"font_weight": 500, "font_size": "0.9rem"}),
        rx.input(id=input_id, name=name, type=type_, **WIDE_CONTROL, **props),
        rx.cond(error != "", rx.text(error, color_scheme="red", size="2", role="alert")),
        spacing="1",
        **FILL_COLUMN,
    )


def password_field(
    label: str, name: str, auto_complete: str, error: rx.Var | str = "", **props: object
) -> rx.Component:
    """A required password input (`auto_complete`: current-password or new-password)."""
    return field(
        label,
        name,
        type_="password",
        error=error,
        auto_complete=auto_complete,
        required=True,
        **props,
    )


def new_password_fields(
    label: str, name: str, confirm_label: str, error: Callable[[str], rx.Var]
) -> tuple[rx.Component, ...]:
    """A new password (`name`), its confirmation ('confirm') and the length rule under them;
    `error(field)` is a field's message."""
    return (
        password_field(
            label,
            name,
            "new-password",
            error(name),
            min_length=MIN_LENGTH,
            max_length=MAX_LENGTH,
        ),
        password_field(
            confirm_label, "confirm", "new-password", error("confirm"), max_length=MAX_LENGTH
        ),
        rx.text(f"At least {MIN_LENGTH} characters.", size="1", color_scheme="gray"),
    )


def email_field(error: rx.Var | str = "") -> rx.Component:
    return field(
        "Email",
        "email",
        type_="email",
        error=error,
        auto_complete="email",
        required=True,
        max_length=320,
    )


def form_error(message: rx.Var[str]) -> rx.Component:
    """The form's own error (not a field's), announced when it appears."""
    return rx.cond(
        message != "",
        rx.callout(message, icon="circle-alert", **ERROR_CALLOUT),
    )


def submit_button(label: str, busy: rx.Var[bool]) -> rx.Component:
    return rx.button(label, type="submit", loading=busy, **WIDE_CONTROL)


def auth_form(error: rx.Var[str], *children: rx.Component, on_submit: Any) -> rx.Component:
    """A sign-in or sign-up form: its own `error` on top, then `children`."""
    return rx.form(
        full_width_stack(form_error(error), *children),
        on_submit=on_submit,
        width="100%",
    )


def form_footer(label: str, busy: rx.Var[bool], prompt: str, link: str, href: str) -> rx.Component:
    """The submit button (`label`), then the line with the other way in (`link` to `href`)."""
    return rx.fragment(submit_button(label, busy), other_way_in(prompt, link, href))


def other_way_in(prompt: str, label: str, href: str) -> rx.Component:
    """'New here? Create an account · See pricing' and the like, under the form."""
    return rx.text(
        prompt,
        rx.link(label, href=href),
        " · ",
        rx.link("See pricing", href="/pricing"),
        size="2",
        color_scheme="gray",
    )
