"""The frame every page sits in: header, main content and footer."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.footer import site_footer
from startup_toolkit.components.header import site_header
from startup_toolkit.components.theme import CONTENT_COLUMN, SECTION_PADDING_Y


def page_layout(*children: rx.Component) -> rx.Component:
    return rx.box(
        rx.el.a("Skip to content", href="#main", class_name="sr-only"),
        site_header(),
        rx.el.main(*children, id="main", class_name="site-main"),
        site_footer(),
        # "true" once the page's on_load handlers have run: what a test waits for before it
        # types (a field filled earlier is reset by the page's first state).
        rx.el.span(
            id="page-ready", hidden=True, custom_attrs={"data-hydrated": rx.State.is_hydrated}
        ),
        width="100%",
    )


def section(*children: rx.Component, **props: object) -> rx.Component:
    """A full-width page section with the standard padding and a centred content column."""
    return rx.el.section(
        rx.box(*children, width="100%", **CONTENT_COLUMN),  # the header's and footer's column
        padding_y=props.pop("padding_y", SECTION_PADDING_Y),
        **props,
    )
