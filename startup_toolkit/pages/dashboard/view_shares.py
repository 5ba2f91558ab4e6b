"""The dashboard's list of the founder's read-only share links, with Revoke (issue 14)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.cards import card_panel
from startup_toolkit.components.confirm_dialog import confirm_dialog
from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import (
    FILL_COLUMN,
    GRAY_OUTLINE_BADGE,
    GROW,
    SMALL_SOFT_BADGE,
    SOFT_RED,
    WRAP_ROW,
)
from startup_toolkit.pages.dashboard.view_parts import counted_title, empty, row_list
from startup_toolkit.state.share import ShareState


def _status(status: rx.Var) -> rx.Component:
    return rx.badge(
        status,
        color_scheme=rx.match(status, ("Active", "green"), ("Expired", "amber"), "gray"),
        **SMALL_SOFT_BADGE,
    )


def _link_row(item: rx.Var) -> rx.Component:
    active = item["status"] == "Active"
    return rx.hstack(
        rx.icon("link", size=18, color="var(--violet-11)", aria_hidden="true", flex_shrink="0"),
        line_stack(
            rx.text(item["title"], weight="medium", size="2", style={"overflow_wrap": "anywhere"}),
            rx.hstack(
                rx.badge(item["kind"], size="1", **GRAY_OUTLINE_BADGE),
                _status(item["status"]),
                muted_text("Shared ", rx.moment(item["at"], format="ll"), size="1"),
                muted_text(
                    rx.cond(
                        item["expires"] != "",
                        rx.fragment("Expires ", rx.moment(item["expires"], format="ll")),
                        "Never expires",
                    ),
                    size="1",
                ),
                spacing="2",
                **WRAP_ROW,
            ),
            **GROW,
        ),
        rx.cond(
            active,
            confirm_revoke(
                item,
                rx.button(
                    "Revoke",
                    size="1",
                    aria_label="Revoke the link to " + item["title"],
                    flex_shrink="0",
                    **SOFT_RED,
                ),
            ),
        ),
        spacing="3",
        class_name="share-link",
        **FILL_COLUMN,
    )


def confirm_revoke(item: rx.Var, trigger: rx.Component) -> rx.Component:
    """Revoke (`trigger`) asks before it ends the link (issue 28, item 11): it cannot be
    undone. The dialog opens and closes in the browser; only its Revoke reaches the server."""
    return confirm_dialog(
        trigger,
        "Revoke this link?",
        (
            "Anyone with the link to ",
            rx.text.strong(item["title"]),
            " loses access at once. This cannot be undone; you can share it again with a new link.",
        ),
        "Revoke",
        ShareState.revoke(item["id"]),
        "confirm-revoke",
    )


def shares_section() -> rx.Component:
    """The founder's share links, the newest first; only active ones can be revoked."""
    return card_panel(
        counted_title("Shared Links", "share-2", ShareState.links.length(), variant="soft"),
        rx.cond(
            ShareState.links.length() > 0,
            row_list(ShareState.links, _link_row),
            empty(
                "Nothing shared yet. Share a saved result, an idea or a comparison as a "
                "read-only link."
            ),
        ),
        id="shared-links",
    )
