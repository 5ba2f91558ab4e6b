"""The dashboard's left column (profile, favourites, quick stats) and the top of its main
column (welcome, resume and explore cards)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.brief_button import brief_button
from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.cards import card_panel
from startup_toolkit.components.header import user_avatar
from startup_toolkit.components.held_back import BLANK, unpainted
from startup_toolkit.components.panels import icon_text_button, muted_text
from startup_toolkit.components.props import FILL_ROW, GROW, MUTED_TEXT
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import card_style, heading_style
from startup_toolkit.domain.catalog import AI_COFOUNDER, TOOL_EXPLORER_PATH
from startup_toolkit.pages.dashboard.state import DashboardState as S
from startup_toolkit.pages.dashboard.view_modals import favorites_modal, profile_modal
from startup_toolkit.pages.dashboard.view_parts import (
    dashboard_title,
    loading_list,
    skeleton,
    small_icon_button,
)
from startup_toolkit.state.auth import AuthState


def profile_card() -> rx.Component:
    """P-DASH-1."""
    return card_panel(
        rx.vstack(
            user_avatar("6"),
            rx.heading(AuthState.user_name, size="5", style=heading_style, text_align="center"),
            muted_text(
                AuthState.user_email, style={"overflow_wrap": "anywhere"}, text_align="center"
            ),
            rx.cond(
                S.view.plan_name,  # the badge's room only while loading (issue 28, item 6)
                rx.badge(
                    rx.icon(rx.cond(S.view.plan_active, "badge-check", "circle-dashed"), size=14),
                    S.view.plan_name,
                    color_scheme=rx.cond(S.view.plan_active, "green", "gray"),
                    variant="soft",
                    size="2",
                    id="plan-badge",
                ),
                unpainted(rx.badge(BLANK, size="2")),
            ),
            profile_modal(
                icon_text_button("user-pen", "Edit Profile", variant="soft", width="100%")
            ),
            spacing="3",
            **FILL_ROW,
        )
    )


def _favorite_row(item: rx.Var) -> rx.Component:
    return rx.hstack(
        rx.button(
            rx.icon(item["icon"], size=16),
            rx.text(item["name"], truncate=True),
            variant="ghost",
            color_scheme="gray",
            on_click=S.open_favorite(item["path"]),
            class_name="fav-open",
            style={"justify_content": "flex-start", "margin": "0"},
            **GROW,
        ),
        small_icon_button(
            "x",
            "Remove from favorites",
            "Remove " + item["name"] + " from favorites",
            S.toggle_favorite(item["path"]),
        ),
        spacing="2",
        **FILL_ROW,
    )


def favorites_card() -> rx.Component:
    """P-DASH-2."""
    return card_panel(
        dashboard_title("Favorite Tools", "heart"),
        loading_list(
            S.view.favorites,
            full_width_stack(rx.foreach(S.view.favorites, _favorite_row), spacing="2"),
            muted_text("No favorite tools yet."),
            "5rem",
        ),
        favorites_modal(
            icon_text_button(
                "plus", "Add Favorites", variant="outline", width="100%", margin_top="0.75rem"
            )
        ),
        id="favorites-card",
    )


def _stat(label: str, value: rx.Var, icon: str) -> rx.Component:
    return rx.hstack(
        rx.hstack(rx.icon(icon, size=16, **MUTED_TEXT), rx.text(label, size="2"), spacing="2"),
        rx.spacer(),
        rx.text(value | 0, weight="bold", size="3"),  # 0 while loading
        **FILL_ROW,
    )


def stats_card() -> rx.Component:
    """P-DASH-3."""
    return card_panel(
        dashboard_title("Quick Stats", "chart-column"),
        full_width_stack(
            _stat("Tools Used", S.view.tools_used, "wrench"),
            _stat("Documents", S.view.documents_count, "file-text"),
            _stat("Challenges", S.view.challenges, "trophy"),
            spacing="3",
        ),
        id="quick-stats",
    )


def welcome() -> rx.Component:
    return rx.box(
        rx.heading("Welcome back, ", AuthState.user_name, "!", size="7", style=heading_style),
        rx.text(
            "Pick up where you left off or try something new.",
            **MUTED_TEXT,
            margin_top="0.35rem",
        ),
        style={
            **card_style,
            "background": "linear-gradient(135deg, var(--violet-a4), var(--cyan-a3))",
            "border": "1px solid var(--violet-a6)",
        },
        width="100%",
    )


def _action(icon: str, title: rx.Component, text: str, button: rx.Component) -> rx.Component:
    """One of the action cards' contents: icon and title, a line of text, its button."""
    return rx.vstack(
        rx.hstack(rx.icon(icon, size=18), title),
        muted_text(text),
        button,
        spacing="2",
        align="start",
    )


def action_cards() -> rx.Component:
    """P-DASH-4."""
    resume = rx.cond(
        S.view.resume_path != "",
        _action(
            "history",
            rx.text("Continue with ", S.view.resume_tool, weight="bold"),
            "Jump back into the tool you used last.",
            rx.button(
                "Resume",
                rx.icon("arrow-right", size=16),
                on_click=rx.redirect(S.view.resume_path),
                id="resume-button",
            ),
        ),
        _action(
            "rocket",
            rx.text("Start Your Journey", weight="bold"),
            "Talk your idea through with the AI Co-Founder.",
            link_button("Start Your Journey", AI_COFOUNDER.path, id="resume-button"),
        ),
    )
    explore = _action(
        "compass",
        rx.text("Explore New Tools", weight="bold"),
        "Find the right AI tool for your next step.",
        link_button("Explore New Tools", TOOL_EXPLORER_PATH, variant="soft"),
    )
    brief = _action(
        "file-stack",
        rx.text("Brief an Idea", weight="bold"),
        "Four AI tools on one idea at once, put together in one brief.",
        brief_button(id="dashboard-brief", variant="soft"),
    )
    return card_grid(
        card_panel(rx.cond(S.view.is_none(), skeleton("5.5rem"), resume), id="resume-card"),
        card_panel(brief),
        card_panel(explore),
        sm="2",
        lg="3",
    )
