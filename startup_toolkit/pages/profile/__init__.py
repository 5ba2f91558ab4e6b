"""/profile: profile and settings in three tabs (Profile, AI Personalization, Security).

Checklist: P-PROF-1 (guard, 'Loading profile data...', tabs driven by `?tab=`), P-PROF-2
(profile fields, read-only email, avatar, Delete Account), P-PROF-3 (AI personalisation),
P-PROF-4 (two-factor, login notifications, session timeout, password last changed), P-PROF-5
(Change Password dialog), P-PROF-6 (subscription view from check-subscription), P-PROF-7
(preferences).

Security: every handler asks `signed_in_user_id` (the server-side session) for the user and
does nothing but send the browser to /login when there is none. No user id, password or
session token is kept in a public var; passwords never enter the state (forms hand them to
the handler once). Argon2 work (password change, turning two-factor off with the password,
deleting the account) and database calls run in a worker thread.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.allowance_bar import allowance_bar
from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.loading import loading_panel
from startup_toolkit.components.page_route import site_page
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import MUTED_TEXT
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import gradient_text, heading_style
from startup_toolkit.pages.profile.ai_tab import ai_tab
from startup_toolkit.pages.profile.profile_tab import profile_tab
from startup_toolkit.pages.profile.security_tab import security_tab
from startup_toolkit.pages.profile.state import LOADING_TEXT, ROUTE, TABS, ProfileState
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import AuthState


def _tab_trigger(value: str, label: str, icon: str) -> rx.Component:
    return rx.tabs.trigger(
        icon_row(
            rx.icon(icon, size=15, display=rx.breakpoints(initial="none", sm="block")),
            rx.text(label),
        ),
        value=value,
        id=f"tab-{value}",
    )


def _loading() -> rx.Component:
    return loading_panel(muted_text(LOADING_TEXT), min_height="40vh", id="profile-loading")


def _page_heading() -> rx.Component:
    return rx.vstack(
        rx.heading(
            "Profile & ",
            rx.el.span("Settings", style=gradient_text),
            as_="h1",
            size=rx.breakpoints(initial="7", md="8"),
            style={**heading_style, "letter_spacing": "-0.03em"},
        ),
        rx.text(
            "Manage your profile, how the AI works for you, and your account security.",
            size=rx.breakpoints(initial="2", md="3"),
            **MUTED_TEXT,
        ),
        spacing="2",
        align="start",
        padding_bottom="1rem",
    )


def settings_tabs() -> rx.Component:
    return rx.tabs.root(
        rx.box(
            rx.tabs.list(
                *[_tab_trigger(value, label, icon) for value, label, icon in TABS],
                size=rx.breakpoints(initial="1", sm="2"),
            ),
            overflow_x="auto",
            width="100%",
            class_name="profile-tabs",
        ),
        rx.tabs.content(profile_tab(), value="profile", padding_top="1.5rem"),
        rx.tabs.content(ai_tab(), value="ai-personalization", padding_top="1.5rem"),
        rx.tabs.content(security_tab(), value="security", padding_top="1.5rem"),
        value=ProfileState.tab,
        on_change=ProfileState.set_tab,
        width="100%",
    )


_CSS = """
.profile-tabs { scrollbar-width: none; }
.profile-tabs::-webkit-scrollbar { display: none; }
.profile-tabs [role="tablist"] { min-width: max-content; }
"""


@site_page(
    ROUTE,
    title=f"Profile & Settings | {get_settings().product_name}",
    description=(
        "Your profile, AI personalization, preferences, security and subscription settings."
    ),
    on_load=[AuthState.require_access, ProfileState.load],
)
def profile() -> rx.Component:
    return page_layout(
        rx.el.style(_CSS),
        section(
            _page_heading(),
            rx.box(allowance_bar(), padding_bottom="1.5rem", max_width="52rem"),
            rx.cond(ProfileState.profile.is_not_none(), settings_tabs(), _loading()),
            padding_y=["1.75rem", "2.5rem", "3rem"],
        ),
    )
