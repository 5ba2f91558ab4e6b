"""The centred status layout of the 404 page and the subscribe outcome pages."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.props import FLEX_ROW_CENTRED
from startup_toolkit.components.theme import content_column, heading_style


def status_shell(*children: rx.Component, max_width: str = "52rem") -> rx.Component:
    """A centred, full-height column with the public hero backdrop."""
    return rx.el.section(
        rx.vstack(
            *children,
            spacing="5",
            align="center",
            text_align="center",
            **content_column(max_width),
            padding_y=["3.5rem", "5rem", "6rem"],
        ),
        class_name="public-hero",
        min_height="70vh",
        **FLEX_ROW_CENTRED,
    )


def status_heading(
    title: str,
    text: str,
    *,
    text_width: str,
    title_size: Any = None,
    text_size: Any = None,
) -> rx.Component:
    """The page's h1 and the grey line under it (by default 8/9 and 3/4, larger from `sm`)."""
    return rx.fragment(
        rx.heading(
            title,
            as_="h1",
            size=title_size or rx.breakpoints(initial="8", sm="9"),
            style=heading_style,
        ),
        rx.text(
            text,
            size=text_size or rx.breakpoints(initial="3", sm="4"),
            color_scheme="gray",
            max_width=text_width,
        ),
    )


def status_link(icon: str, label: str, href: str, **props: Any) -> rx.Component:
    """A size-3 link button: `icon`, then `label`."""
    return link_button(rx.fragment(rx.icon(icon, size=18), label), href, size="3", **props)


def status_badge(icon: str, tone: str) -> rx.Component:
    """The round badge over a status page's title (`tone`: success or neutral)."""
    return rx.el.span(rx.icon(icon, size=34), class_name=f"status-badge {tone}")


def button_row(*buttons: rx.Component) -> rx.Component:
    """Buttons side by side, stacked on a phone."""
    return rx.box(*buttons, class_name="button-row stack-mobile")
