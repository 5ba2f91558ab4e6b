"""/account-deleted: where a founder lands once their account is deleted (issue 28, item 11),
so the deletion is confirmed in words instead of an unexplained trip to the home page."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.layout import page_layout
from startup_toolkit.components.page_route import page_route
from startup_toolkit.components.props import SOFT_GRAY
from startup_toolkit.components.status_page import (
    button_row,
    status_badge,
    status_heading,
    status_link,
    status_shell,
)
from startup_toolkit.state.auth import ACCOUNT_DELETED_PATH

DELETED_HEADING = "Your account has been deleted"
DELETED_TEXT = (
    "Your profile, saved results, ideas, notifications and settings are gone, and every "
    "session of the account is signed out. Thank you for trying Unstuck."
)


@page_route(
    ACCOUNT_DELETED_PATH,
    "Account deleted",
    "Your Unstuck account has been deleted.",
    meta=[{"name": "robots", "content": "noindex, nofollow"}],
)
def account_deleted() -> rx.Component:
    return page_layout(
        status_shell(
            status_badge("user-x", "neutral"),
            status_heading(DELETED_HEADING, DELETED_TEXT, text_width="34rem"),
            button_row(
                status_link("house", "Back Home", "/", id="deleted-home"),
                status_link(
                    "user-plus", "Create a new account", "/signup", id="deleted-signup", **SOFT_GRAY
                ),
            ),
        )
    )
