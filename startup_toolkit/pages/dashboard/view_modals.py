"""The dashboard's dialogs: add favourites (P-DASH-2), profile (P-DASH-9) and a saved
result's detail (P-DASH-5)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.confirm_dialog import confirm_dialog
from startup_toolkit.components.panels import (
    dialog_header,
    icon_text_button,
    modal,
    name_and_detail,
    trigger_dialog,
)
from startup_toolkit.components.props import (
    FILL_ROW,
    GRAY_OUTLINE_BADGE,
    GROW,
    MUTED_TEXT,
    SOFT_GRAY,
    SOFT_RED,
    WRAP_ROW,
)
from startup_toolkit.components.result_blocks import basis_badge
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.domain.catalog import POPULAR_TOOLS, Tool
from startup_toolkit.pages.dashboard.state import DashboardState as S
from startup_toolkit.pages.dashboard.view_parts import muted_date
from startup_toolkit.state.auth import AuthState

RESULT_BODY_STYLE: dict[str, Any] = {
    "line_height": "1.6",
    "font_size": "0.95rem",
    "& h1, & h2, & h3, & h4": {"font_weight": "700", "margin": "1em 0 0.4em"},
    "& h1": {"font_size": "1.35rem"},
    "& h2": {"font_size": "1.2rem"},
    "& h3, & h4": {"font_size": "1.05rem"},
    "& p": {"margin": "0.5em 0"},
    "& ul, & ol": {"padding_left": "1.4em", "margin": "0.5em 0"},
    "& ul": {"list_style": "disc"},
    "& ol": {"list_style": "decimal"},
    "& a": {"color": "var(--violet-11)", "text_decoration": "underline"},
    "& table": {"border_collapse": "collapse", "width": "100%"},
    "& th, & td": {"border": "1px solid var(--gray-a6)", "padding": "0.35em 0.6em"},
    "& code, & pre": {"font_family": "monospace", "background": "var(--gray-a3)"},
    "& pre": {"padding": "0.75em", "overflow_x": "auto"},
    "& blockquote": {"border_left": "3px solid var(--violet-a7)", "padding_left": "0.8em"},
}


def _close_button(label: str = "Close") -> rx.Component:
    return rx.dialog.close(rx.button(label, **SOFT_GRAY))


def _favorite_option(tool: Tool) -> rx.Component:
    chosen = S.view.favorites.contains(tool.path, "path")
    return rx.hstack(
        rx.icon(tool.icon, size=20, color=f"var(--{tool.color}-11)"),
        name_and_detail(tool.name, tool.tagline, weight="bold", **GROW),
        rx.button(
            rx.cond(chosen, "Remove", "Add to Favorites"),
            size="1",
            variant=rx.cond(chosen, "soft", "solid"),
            color_scheme=rx.cond(chosen, "gray", "violet"),
            on_click=S.toggle_favorite(tool.path),
            aria_label=rx.cond(chosen, f"Remove {tool.name}", f"Add {tool.name} to favorites"),
        ),
        spacing="3",
        class_name="favorite-option",
        **FILL_ROW,
    )


def favorites_modal(trigger: rx.Component) -> rx.Component:
    """P-DASH-2: the dialog `trigger` opens."""
    return trigger_dialog(
        trigger,
        rx.dialog.title("Add Tools to Favorites"),
        rx.dialog.description("Pin the tools you use most to your dashboard.", **MUTED_TEXT),
        rx.vstack(*[_favorite_option(t) for t in POPULAR_TOOLS], spacing="4", margin_y="1rem"),
        rx.flex(_close_button("Done"), justify="end"),
        max_width="32rem",
    )


def _readonly_field(label: str, field_id: str, value: rx.Var) -> rx.Component:
    return full_width_stack(
        rx.el.label(label, html_for=field_id, style={"font_size": "0.875rem", "font_weight": 500}),
        rx.input(id=field_id, value=value, disabled=True, read_only=True, width="100%"),
        spacing="1",
    )


def profile_modal(trigger: rx.Component) -> rx.Component:
    """P-DASH-9: the dialog `trigger` opens."""
    return trigger_dialog(
        trigger,
        rx.dialog.title("Profile"),
        rx.dialog.description(
            "Your name and email are managed in your account settings.", **MUTED_TEXT
        ),
        rx.vstack(
            _readonly_field("Full name", "profile-full-name", AuthState.user_name),
            _readonly_field("Email", "profile-email", AuthState.user_email),
            spacing="3",
            margin_y="1rem",
        ),
        rx.flex(
            _close_button(),
            rx.dialog.close(rx.button("Manage", on_click=S.manage_profile)),
            justify="end",
            spacing="3",
        ),
        max_width="28rem",
    )


def _detail_summary(summary: rx.Var) -> rx.Component:
    return rx.cond(
        summary != "",
        rx.box(
            rx.text("Summary", weight="bold", size="2"),
            rx.text(summary, size="2"),
            style={
                "background": "var(--violet-a3)",
                "border": "1px solid var(--violet-a5)",
                "border_radius": "var(--radius-3)",
                "padding": "0.75rem",
                "margin_bottom": "0.75rem",
            },
        ),
    )


def detail_modal() -> rx.Component:
    """P-DASH-5: title, tool badge, date, content type, Delete, close, body, Summary."""
    d = S.detail
    return modal(
        dialog_header(rx.dialog.title(d["title"], margin="0"), align="start"),
        rx.hstack(
            rx.badge(d["tool"], variant="soft"),
            rx.badge(d["type"], **GRAY_OUTLINE_BADGE),
            basis_badge(d["basis"]),
            rx.cond(d["at"], muted_date(d["at"], "lll")),
            spacing="2",
            margin_y="0.75rem",
            **WRAP_ROW,
        ),
        _detail_summary(d["summary"]),
        rx.scroll_area(
            rx.cond(
                d["html"] != "",
                rx.html(d["html"], class_name="saved-result-body", style=RESULT_BODY_STYLE),
                rx.text(d["text"], size="2", white_space="pre-wrap"),
            ),
            type="auto",
            scrollbars="vertical",
            style={"max_height": "55vh"},
        ),
        rx.flex(
            confirm_delete(
                d["id"],
                d["title"],
                icon_text_button("trash-2", "Delete", **SOFT_RED),
            ),
            _close_button(),
            justify="end",
            spacing="3",
            margin_top="1rem",
        ),
        opened=S.detail.is_not_none(),
        on_open_change=S.set_detail_open,
        max_width="48rem",
        id="result-detail",
    )


def confirm_delete(result_id: rx.Var, title: rx.Var, trigger: rx.Component) -> rx.Component:
    """Issue 14: Delete (`trigger`) asks before it deletes the result (and the toast after
    offers Undo); the dialog opens and closes in the browser."""
    return confirm_dialog(
        trigger,
        "Delete this result?",
        (
            rx.text.strong(title),
            " will be removed from your dashboard. You can undo it for a few seconds.",
        ),
        "Delete",
        S.delete_result(result_id),
        "confirm-delete",
    )
