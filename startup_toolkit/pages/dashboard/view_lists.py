"""The dashboard's lists: saved results (P-DASH-5), legacy documents (P-DASH-6), recent
activity (P-DASH-7) and notifications (P-DASH-8)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.downloads import export_menu
from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.panels import ghost_icon_button, muted_text
from startup_toolkit.components.props import FILL_COLUMN, FILL_ROW, SMALL_GHOST, SMALL_SOFT_BADGE
from startup_toolkit.components.result_blocks import basis_badge
from startup_toolkit.components.share_dialog import share_button
from startup_toolkit.domain.catalog import TOOL_EXPLORER_PATH
from startup_toolkit.pages.dashboard.state import DashboardState as S
from startup_toolkit.pages.dashboard.view_modals import confirm_delete
from startup_toolkit.pages.dashboard.view_parts import (
    counted_title,
    dashboard_title,
    empty,
    feed_row,
    list_card,
    muted_date,
    row_list,
    small_icon_button,
    tile_grid,
    tile_style,
)


def _saved_actions(item: rx.Var) -> rx.Component:
    """Open (in its tool), Export, Share (issue 14)."""
    return rx.hstack(
        rx.cond(
            item["open"] != "",
            link_button(
                rx.fragment(rx.icon("external-link", size=14, aria_hidden="true"), "Open"),
                item["open"],
                link_props={
                    "aria_label": "Open " + item["title"] + " in its tool",
                    "style": {"display": "inline-flex", "gap": "0.35rem", "align_items": "center"},
                },
                variant="soft",
                size="1",
            ),
        ),
        export_menu("/api/export/result/" + item["id"], item["title"]),
        share_button("result", item["id"], item["title"], aria_label="Share " + item["title"]),
        spacing="2",
        wrap="wrap",
    )


def _saved_card(item: rx.Var) -> rx.Component:
    return rx.box(
        rx.vstack(
            rx.hstack(
                rx.badge(item["tool"], **SMALL_SOFT_BADGE),
                basis_badge(item["basis"], size="1", class_name="saved-basis"),
                rx.spacer(),
                confirm_delete(
                    item["id"],
                    item["title"],
                    ghost_icon_button(
                        "trash-2", "Delete " + item["title"], color_scheme="red", size="1"
                    ),
                ),
                **FILL_ROW,
            ),
            rx.button(
                rx.text(item["title"], weight="bold", size="3", truncate=True),
                variant="ghost",
                color_scheme="gray",
                on_click=S.open_result(item["id"]),
                class_name="saved-open",
                style={
                    "padding": "0",
                    "margin": "0",
                    "height": "auto",
                    "justify_content": "flex-start",
                    "max_width": "100%",
                    "text_align": "left",
                },
            ),
            rx.cond(
                item["summary"] != "",
                muted_text(
                    item["summary"],
                    size="1",
                    style={
                        "display": "-webkit-box",
                        "-webkit-line-clamp": "2",
                        "-webkit-box-orient": "vertical",
                        "overflow": "hidden",
                    },
                ),
            ),
            muted_date(item["at"]),
            _saved_actions(item),
            spacing="2",
            **FILL_COLUMN,
        ),
        style=tile_style("1rem"),
        class_name="saved-result",
    )


def saved_section() -> rx.Component:
    """P-DASH-5."""
    return list_card(
        counted_title(
            "Saved Analysis Results",
            "bookmark",
            S.view.saved_total,
            variant="solid",
            id="saved-count",
        ),
        S.view.saved,
        tile_grid(S.view.saved, _saved_card, sm="2", lg="3"),
        empty("No saved results yet. Save an analysis from any tool to keep it here."),
        id="saved-results",
    )


def _document_card(item: rx.Var) -> rx.Component:
    return rx.hstack(
        rx.icon(rx.cond(item["kind"] == "Document", "file-text", "newspaper"), size=20),
        line_stack(
            rx.cond(
                item["url"] != "",
                rx.link(item["name"], href=item["url"], is_external=True, weight="bold", size="2"),
                rx.text(item["name"], weight="bold", size="2"),
            ),
            rx.hstack(
                rx.badge(item["kind"], **SMALL_SOFT_BADGE),
                muted_text(item["size"], size="1"),
                spacing="2",
                align="center",
            ),
            min_width="0",
        ),
        style=tile_style("0.9rem"),
        align="start",
        spacing="3",
        class_name="legacy-document",
    )


def documents_section() -> rx.Component:
    """P-DASH-6."""
    return list_card(
        counted_title("Legacy Documents", "folder-open", S.view.documents_total, variant="soft"),
        S.view.documents,
        tile_grid(S.view.documents, _document_card, sm="2"),
        empty("No documents yet."),
        height="5rem",
        id="legacy-documents",
    )


def _activity_row(item: rx.Var) -> rx.Component:
    return feed_row(
        rx.box(
            rx.text(item["n"], size="1", weight="bold"),
            style={
                "min_width": "1.75rem",
                "height": "1.75rem",
                "border_radius": "999px",
                "display": "grid",
                "place_items": "center",
                "background": "var(--violet-a4)",
                "color": "var(--violet-11)",
            },
        ),
        rx.text(rx.text.strong(item["tool"]), " · ", item["action"], size="2"),
        item,
        class_name="activity-item",
    )


def activity_section() -> rx.Component:
    """P-DASH-7."""
    return list_card(
        dashboard_title("Recent Activity", "activity"),
        S.view.activity,
        row_list(S.view.activity, _activity_row),
        empty("No activity yet.", link_button("Explore Tools", TOOL_EXPLORER_PATH, variant="soft")),
        id="recent-activity",
    )


def _notification_icon(kind: rx.Var) -> rx.Component:
    return rx.match(
        kind,
        ("success", rx.icon("circle-check", size=18, color="var(--green-11)")),
        ("alert", rx.icon("triangle-alert", size=18, color="var(--amber-11)")),
        rx.icon("info", size=18, color="var(--blue-11)"),
    )


def _notification_row(item: rx.Var) -> rx.Component:
    unread = item["read"] == ""
    return feed_row(
        _notification_icon(item["icon"]),
        rx.text(item["message"], size="2", weight=rx.cond(unread, "medium", "regular")),
        item,
        rx.cond(
            unread,
            small_icon_button(
                "x", "Dismiss", "Dismiss notification", S.dismiss_notification(item["id"])
            ),
        ),
        opacity=rx.cond(unread, "1", "0.65"),
        class_name="notification-item",
    )


def notifications_section() -> rx.Component:
    """P-DASH-8."""
    return list_card(
        dashboard_title(
            "Notifications",
            "bell",
            rx.cond(
                S.view.unread > 0,
                rx.badge(
                    S.view.unread, " new", color_scheme="red", variant="solid", id="unread-badge"
                ),
            ),
            rx.spacer(),
            rx.cond(  # nothing to mark while there is no notification (issue 28, item 11)
                S.view.notifications,
                rx.button(
                    "Mark all read",
                    on_click=S.mark_all_read,
                    id="mark-all-read",
                    **SMALL_GHOST,
                ),
            ),
        ),
        S.view.notifications,
        row_list(S.view.notifications, _notification_row),
        empty("No notifications."),
        height="6rem",
        id="notifications-card",
    )
