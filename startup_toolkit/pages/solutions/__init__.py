"""/solutions: the Solutions Hub, a library of articles, videos and documents with the live
Daily Startup Digest (public; saving and generating need a signed-in founder).

Checklist: P-HUB-1 (category buttons, tabs, search, sort), P-HUB-2 (filters, empty state with
reset), P-HUB-3 (Quick Tips, client-side in assets/js/tips.js), P-HUB-4 (digest, LIVE, View All
Trends, toasts), P-HUB-5 (Popular Resources), P-HUB-6 (video player), P-HUB-7 (resource
dialog: table of contents, markdown, Save to dashboard, Generate content), P-HUB-8
(document-style generator).

A video plays full screen: its own file (`video_file_url`) in the browser's player, else a
YouTube, Vimeo or Loom page (`video_url`) in a sandboxed frame; any other address is only
linked ('Watch', in a new tab) and a video with no address opens its outline. Markdown is
rendered without HTML or images, with http(s) links only.

The state is in state.py (library, dialog, player) and digest_state.py (the digest); the
components in view.py (main column), view_side.py (side column) and view_dialogs.py.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.page_route import site_page
from startup_toolkit.components.props import SHRINK_TO_FIT
from startup_toolkit.pages.solutions.state import SolutionsState
from startup_toolkit.pages.solutions.view import CSS, hero, library_column
from startup_toolkit.pages.solutions.view_dialogs import detail_dialog, player_dialog
from startup_toolkit.pages.solutions.view_side import digest, popular, tips
from startup_toolkit.settings import get_settings

ROUTE = "/solutions"


@site_page(
    ROUTE,
    title=f"Solutions Hub | {get_settings().product_name}",
    description=(
        "Articles, video scripts and templates for founders, with a daily digest of startup news."
    ),
    on_load=SolutionsState.on_load,
)
def solutions() -> rx.Component:
    return page_layout(
        rx.el.style(CSS),
        rx.script(src="/js/tips.js", defer=True),
        section(
            hero(),
            rx.grid(
                library_column(),
                rx.vstack(tips(), digest(), popular(), spacing="4", **SHRINK_TO_FIT),
                columns=rx.breakpoints(initial="1", md="minmax(0, 1fr) 320px"),
                gap="1.5rem",
                align_items="start",
                width="100%",
            ),
            padding_y=["2.5rem", "3rem", "4rem"],
        ),
        detail_dialog(),
        player_dialog(),
    )
