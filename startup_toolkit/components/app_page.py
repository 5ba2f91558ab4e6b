"""A page of the signed-in app made of one section: its intro and body in a full-width column
(Tool Explorer, Help & Support, Notifications), and the route of such a page."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.page_route import page_route
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.state.auth import AuthState

#: The vertical padding of such a page's section (tighter than a public page's).
APP_PAGE_PADDING_Y = ["2rem", "2.5rem", "3rem"]


def app_route(
    route: str, name: str, description: str, load: Any = None
) -> Callable[[Callable[..., rx.Component]], Callable[..., rx.Component]]:
    """`page_route` of a page for signed-in subscribers: the sign-in/subscription check on
    load, then `load` when given (a handler, or a list of them run in order)."""
    loads = list(load) if isinstance(load, list | tuple) else [] if load is None else [load]
    on_load = [AuthState.require_access, *loads] if loads else AuthState.require_access
    return page_route(route, name, description, on_load=on_load)


def app_page(*body: rx.Component, after: rx.Component | None = None, **props: Any) -> rx.Component:
    """`body` in a full-width column, 1.5rem apart (`props`: more of the column's, e.g. a
    max_width), then `after` (e.g. the AI disclaimer)."""
    return page_layout(
        section(
            full_width_stack(*body, spacing="6", **props),
            *([after] if after is not None else []),
            padding_y=APP_PAGE_PADDING_Y,
        )
    )
