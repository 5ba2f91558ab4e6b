"""The 404 page (P-MISC-1) and its hand-off of external URLs (P-MISC-2).

Behaviour lives in assets/js/public.js, which needs no server round-trip:
* `data-go-back`: Go Back calls history.back() when history.length > 2, otherwise the link's
  own target (home) is followed.
* `data-not-found`: an http(s) URL in the path or query (plain or percent-encoded; the rule is
  `startup_toolkit.domain.urls.find_external_url`) is shown in `data-external-fallback` as a
  link naming the address and its site. Nothing opens by itself: the visitor decides with a
  click (a link to this site must never forward to another one; issue 13, finding 3).
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.layout import page_layout
from startup_toolkit.components.page_route import page_route
from startup_toolkit.components.props import SOFT_GRAY
from startup_toolkit.components.status_page import (
    button_row,
    status_heading,
    status_link,
    status_shell,
)


def go_back_button() -> rx.Component:
    """A link home that public.js turns into history.back() when there is history."""
    return status_link(
        "arrow-left",
        "Go Back",
        "/",
        link_props={"id": "go-back", "custom_attrs": {"data-go-back": ""}},
        **SOFT_GRAY,
    )


@page_route(
    "404",
    "Page not found",
    "The page you are looking for does not exist or has moved.",
)
def not_found() -> rx.Component:
    return page_layout(
        rx.box(
            status_shell(
                rx.el.div("404", class_name="status-code", aria_hidden="true"),
                status_heading(
                    "Page not found",
                    "The page you are looking for does not exist or has moved. Let's get you "
                    "back on track.",
                    text_width="30rem",
                    title_size="8",
                    text_size="3",
                ),
                button_row(
                    go_back_button(),
                    status_link("house", "Return to Home", "/", id="return-home"),
                ),
                rx.el.div(
                    class_name="external-fallback",
                    hidden=True,
                    role="status",
                    custom_attrs={"data-external-fallback": ""},
                ),
            ),
            custom_attrs={"data-not-found": ""},
        )
    )
