"""/dashboard: the signed-in landing (welcome, newest notifications and activity, the tools).

The full dashboard (stats, favourites, saved results) comes with the dashboard issue.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.header import user_avatar
from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.theme import card_style, heading_style
from startup_toolkit.db import session_scope
from startup_toolkit.domain.catalog import POPULAR_TOOLS, TOOL_EXPLORER_PATH
from startup_toolkit.services import overview
from startup_toolkit.state.auth import AuthState, signed_in_user_id


class DashboardState(rx.State):
    loading: bool = True
    notifications: list[dict[str, str]] = []
    activity: list[dict[str, str]] = []

    @rx.event
    async def load(self) -> None:
        user_id = await signed_in_user_id(self)
        if user_id is None:
            return  # the page's guard (AuthState.require_access) sends the visitor to /login
        with session_scope() as db:
            notes = overview.recent_notifications(db, user_id)
            acts = overview.recent_activity(db, user_id)
        self.notifications = [
            {"type": n.type, "message": n.message, "at": n.created_at.isoformat()} for n in notes
        ]
        self.activity = [
            {"tool": a.tool_name, "action": a.action, "at": a.created_at.isoformat()} for a in acts
        ]
        self.loading = False


def _when(iso: rx.Var) -> rx.Component:
    return rx.moment(iso, from_now=True, size="1", color="var(--gray-10)")


def _list_card(title: str, icon: str, items: rx.Var, render, empty: str) -> rx.Component:  # type: ignore[no-untyped-def]
    return rx.vstack(
        rx.hstack(
            rx.icon(icon, size=18),
            rx.heading(title, size="4", style=heading_style),
            spacing="2",
            align="center",
        ),
        rx.cond(
            DashboardState.loading,
            rx.text("Loading...", color_scheme="gray", size="2"),
            rx.cond(
                items.length() > 0,
                rx.vstack(rx.foreach(items, render), spacing="3", width="100%"),
                rx.text(empty, color_scheme="gray", size="2"),
            ),
        ),
        spacing="4",
        align="start",
        style=card_style,
        width="100%",
    )


def _notification(n: rx.Var) -> rx.Component:
    return rx.vstack(
        rx.text(n["message"], size="2"), _when(n["at"]), spacing="1", align="start", width="100%"
    )


def _activity(a: rx.Var) -> rx.Component:
    return rx.vstack(
        rx.text(rx.text.strong(a["tool"]), " · ", a["action"], size="2"),
        _when(a["at"]),
        spacing="1",
        align="start",
        width="100%",
    )


def _tool_link(tool) -> rx.Component:  # type: ignore[no-untyped-def]
    return rx.link(
        rx.hstack(
            rx.icon(tool.icon, size=18),
            rx.text(tool.name, weight="medium"),
            spacing="2",
            align="center",
        ),
        href=tool.path,
        underline="none",
        color="var(--gray-12)",
        style={**card_style, "padding": "1rem"},
        width="100%",
    )


@rx.page(
    route="/dashboard",
    title="Dashboard | Unstuck",
    description="Your Unstuck dashboard: notifications, activity and your AI tools.",
    on_load=[AuthState.require_access, DashboardState.load],
)
def dashboard() -> rx.Component:
    return page_layout(
        section(
            rx.vstack(
                rx.hstack(
                    user_avatar("5"),
                    rx.vstack(
                        rx.heading(
                            "Welcome back, ", AuthState.user_name, size="7", style=heading_style
                        ),
                        rx.text(AuthState.user_email, color_scheme="gray"),
                        spacing="1",
                        align="start",
                    ),
                    rx.spacer(),
                    rx.link(rx.button("Edit Profile", variant="soft"), href="/profile"),
                    spacing="4",
                    align="center",
                    width="100%",
                    wrap="wrap",
                ),
                rx.grid(
                    _list_card(
                        "Notifications",
                        "bell",
                        DashboardState.notifications,
                        _notification,
                        "No notifications yet",
                    ),
                    _list_card(
                        "Recent Activity",
                        "activity",
                        DashboardState.activity,
                        _activity,
                        "No activity yet",
                    ),
                    columns=rx.breakpoints(initial="1", md="2"),
                    spacing="5",
                    width="100%",
                ),
                rx.hstack(
                    rx.heading("Your tools", size="5", style=heading_style),
                    rx.spacer(),
                    rx.link("Explore New Tools", href=TOOL_EXPLORER_PATH),
                    width="100%",
                    align="center",
                ),
                rx.grid(
                    *[_tool_link(t) for t in POPULAR_TOOLS],
                    columns=rx.breakpoints(initial="1", sm="2", md="3"),
                    spacing="4",
                    width="100%",
                ),
                spacing="6",
                width="100%",
            ),
            padding_y=["2rem", "2.5rem", "3rem"],
        )
    )
