"""/brief (issue 30): the founder's one-click brief. One idea field (and, folded away, the
numbers Funding and Growth use); Brief runs the Scanner, the Incubator's analysis, the
Funding Predictor and the Growth Engine on it at the same time and puts them together, each
part's progress shown as it goes. `/brief?idea=<id>` shows one of the founder's ideas' brief
again, from its latest kept runs. Signed-in founders only."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.allowance_bar import allowance_bar
from startup_toolkit.components.app_page import app_page, app_route
from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.empty_panel import empty_panel
from startup_toolkit.components.section_heading import page_intro
from startup_toolkit.components.share_dialog import share_dialog
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import gradient_text
from startup_toolkit.components.tool_layout import ai_disclaimer, demo_banner
from startup_toolkit.pages.brief.state import ROUTE, BriefState
from startup_toolkit.pages.brief.view import brief_form, progress_list
from startup_toolkit.pages.brief.view_brief import brief_view
from startup_toolkit.pages.brief.view_watch import watch_panel

__all__ = ["BriefState", "brief"]


def _problem() -> rx.Component:
    """Why `?idea=` shows no brief: not the founder's idea, or it did not load."""
    return empty_panel(
        "search-x",
        "Brief not found",
        BriefState.problem,
        link_button("Start a new brief", ROUTE, variant="soft"),
        id="brief-problem",
    )


@app_route(
    ROUTE,
    "Brief",
    "One idea through the Scanner, the Incubator, the Funding Predictor and the Growth Engine "
    "at once, put together in one brief.",
    load=[BriefState.load, BriefState.load_watch],
)
def brief() -> rx.Component:
    return app_page(
        page_intro(
            "file-stack",
            "Founder's brief",
            ("Your idea, ", rx.el.span("in one brief", style=gradient_text)),
            "Viability, market, competitors, funding odds and a growth plan, with every "
            "source in one list.",
        ),
        demo_banner(),
        allowance_bar(),
        rx.cond(
            BriefState.problem != "",
            _problem(),
            full_width_stack(
                brief_form(), progress_list(), brief_view(), watch_panel(), spacing="5"
            ),
        ),
        share_dialog(),
        after=ai_disclaimer(),
    )
