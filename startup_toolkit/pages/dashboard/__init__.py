"""/dashboard: profile and plan, favourite tools, quick stats, resume card, saved results,
legacy documents, recent activity and notifications (spec platform section 2, P-DASH-1..10)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.page_route import site_page
from startup_toolkit.components.panels import load_failed_callout
from startup_toolkit.components.props import SHRINK_TO_FIT
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.share_dialog import share_dialog
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.pages.dashboard.state import LOAD_FAILED, DashboardState
from startup_toolkit.pages.dashboard.view import (
    action_cards,
    favorites_card,
    profile_card,
    stats_card,
    welcome,
)
from startup_toolkit.pages.dashboard.view_lists import (
    activity_section,
    documents_section,
    notifications_section,
    saved_section,
)
from startup_toolkit.pages.dashboard.view_modals import detail_modal
from startup_toolkit.pages.dashboard.view_shares import shares_section

__all__ = ["DashboardState", "dashboard"]


@site_page(
    "/dashboard",
    title="Dashboard | Unstuck",
    description="Your Unstuck dashboard: favourite tools, saved results, activity, notifications.",
    on_load=DashboardState.load,  # the access guard included
)
def dashboard() -> rx.Component:
    left = full_width_stack(profile_card(), favorites_card(), stats_card())
    main = rx.vstack(
        welcome(),
        rx.cond(
            DashboardState.load_failed,
            load_failed_callout(LOAD_FAILED),
        ),
        action_cards(),
        saved_section(),
        shares_section(),
        documents_section(),
        card_grid(activity_section(), notifications_section(), lg="2"),
        spacing="4",
        **SHRINK_TO_FIT,
    )
    return page_layout(
        section(
            rx.box(
                left,
                main,
                style={
                    "display": "grid",
                    "gap": "1.25rem",
                    "grid_template_columns": [
                        "minmax(0,1fr)",
                        "minmax(0,1fr)",
                        "minmax(0,1fr)",
                        "280px minmax(0,1fr)",
                    ],
                    "align_items": "start",
                    "width": "100%",
                },
            ),
            detail_modal(),
            share_dialog(),
            padding_y=["1.5rem", "2rem", "2.5rem"],
        )
    )
