"""/shared/[share_token]: a read-only share link's page (issue 14, item 7). It works signed
out, shows only what was shared, and search engines are told not to index it (the page's
robots meta here; `X-Robots-Tag` on every /shared/ response in api/security_headers.py)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.page_route import page_route
from startup_toolkit.pages.shared.state import TOKEN_PARAM, SharedState
from startup_toolkit.pages.shared.view import shared_body

__all__ = ["SharedState", "shared"]


@page_route(
    f"/shared/[{TOKEN_PARAM}]",
    "Shared analysis",
    "A read-only analysis shared from Unstuck.",
    on_load=SharedState.load,
    meta=[{"name": "robots", "content": "noindex, nofollow"}],
)
def shared() -> rx.Component:
    body = rx.box(shared_body(), max_width="60rem", margin_x="auto", width="100%")
    return page_layout(section(body, padding_y=["1.5rem", "2rem"]))
