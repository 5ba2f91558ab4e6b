"""The Arena's Leaderboard and Arena Feed tabs (T-ARENA-2)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.panels import (
    muted_text,
    name_and_detail,
    soft_gray_button,
    text_box,
)
from startup_toolkit.components.props import (
    FILL_ROW,
    GROW,
    KEEP_SIZE,
    MUTED_TEXT,
    SMALL_SOFT_BADGE,
    TYPED_TEXT,
    WRAP_ROW,
)
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.tool_layout import field_label, section_heading
from startup_toolkit.domain import arena as rules
from startup_toolkit.pages.arena.state import ArenaState
from startup_toolkit.pages.arena.view_parts import (
    ACCENT,
    CARD,
    MUTED,
    avatar,
    avatar_row,
    busy_button,
    column,
    flip_button,
    list_card,
    note_line,
    side_card,
    title_row,
    two_columns,
)

#: Small red text of an inline error.
ERROR_TEXT: dict[str, Any] = {"size": "1", "color": "var(--red-11)"}


# -- leaderboard -------------------------------------------------------------------------------


def _leader_row(entry: rules.LeaderboardEntry) -> rx.Component:
    change_color = (
        "green"
        if entry.change.startswith("+")
        else "red"
        if entry.change.startswith("-")
        else "gray"
    )
    return list_card(
        rx.text(f"#{entry.rank}", weight="bold", size="3", width="2.25rem", **KEEP_SIZE),
        avatar(entry.logo),
        line_stack(
            rx.flex(
                rx.text(entry.name, weight="bold", size="3"),
                rx.badge(entry.industry, color_scheme="gray", **SMALL_SOFT_BADGE),
                spacing="2",
                **WRAP_ROW,
            ),
            muted_text(entry.description),
            muted_text(
                f"{entry.founder} · {entry.revenue}/mo · {entry.users} users · "
                f"{entry.growth} growth",
                size="1",
            ),
            **GROW,
        ),
        rx.vstack(
            rx.text(entry.score, weight="bold", size="4"),
            rx.badge(
                entry.change,
                color_scheme=change_color,
                aria_label=f"Change since the last update: {entry.change}",
                **SMALL_SOFT_BADGE,
            ),
            spacing="1",
            align="end",
            **KEEP_SIZE,
        ),
        layout=rx.hstack,
        class_name="arena-leader",
        **FILL_ROW,
    )


def _breakdown_row(label: str, value: Any, total: bool = False) -> rx.Component:
    return rx.flex(
        rx.el.dt(label, font_size="14px", color="var(--gray-12)" if total else MUTED),
        rx.el.dd(value, margin="0", font_weight="bold" if total else "500"),
        justify="between",
        spacing="3",
        padding_y="0.4rem",
        border_top="1px solid var(--gray-a4)" if total else "none",
    )


def _progress_card() -> rx.Component:
    return side_card(
        "Your progress",
        "chart-no-axes-column-increasing",
        muted_text("Towards the top five (", rules.top_five_cutoff(rules.LEADERBOARD), " points)"),
        rx.progress(
            value=ArenaState.progress,
            max=100,
            color_scheme=ACCENT,
            aria_label="Progress towards the top five",
        ),
        rx.text(
            rx.cond(
                ArenaState.points_to_top_five > 0,
                rx.text.span(ArenaState.points_to_top_five, " points to go"),
                "You have top-five points",
            ),
            size="2",
            id="arena-points-to-go",
        ),
        spacing="2",
    )


def _breakdown_card() -> rx.Component:
    return side_card(
        "Score breakdown",
        "list-ordered",
        rx.el.dl(
            _breakdown_row("Starting score", rules.JOIN_SCORE),
            _breakdown_row(f"Likes given (+{rules.LIKE_POINTS} each)", ArenaState.like_points),
            _breakdown_row(f"Posts shared (+{rules.POST_POINTS} each)", ArenaState.post_points),
            _breakdown_row("Total", ArenaState.score, total=True),
            width="100%",
            margin="0",
            id="arena-breakdown",
        ),
    )


def leaderboard_tab() -> rx.Component:
    return two_columns(
        column(
            title_row(
                section_heading("Top five", "trophy", ACCENT),
                muted_text(rules.RANKING_NOTE, size="1", id="arena-ranking-note"),
            ),
            full_width_stack(
                *[_leader_row(e) for e in rules.LEADERBOARD[: rules.LEADERBOARD_SIZE]],
                spacing="2",
                id="arena-leaderboard",
            ),
            soft_gray_button("Load More Rankings", on_click=ArenaState.load_more, width="100%"),
            spacing="3",
        ),
        column(_progress_card(), _breakdown_card()),
    )


# -- feed --------------------------------------------------------------------------------------


def _post_card(row: rx.Var[rules.FeedPost]) -> rx.Component:
    return list_card(
        avatar_row(
            row.avatar,
            rx.box(
                rx.text(row.author, weight="bold", size="2"),
                muted_text(row.company, " · ", row.time, size="1"),
                min_width="0",
            ),
        ),
        rx.text(row.content, size="2", style=TYPED_TEXT, class_name="arena-post-content"),
        rx.hstack(
            flip_button(
                row.liked,
                ("Liked", "Like"),
                ArenaState.toggle_like(row.id),
                rx.icon("heart", size=16, aria_hidden="true"),
                variants=("solid", "soft"),
                tail=(rx.text.span(row.likes, class_name="arena-like-count"),),
                toggle=True,
                color_scheme=ACCENT,
                size="1",
            ),
            icon_row(
                rx.icon("message-circle", size=16, aria_hidden="true"),
                rx.text(row.comments, " comments", size="1"),
                spacing="1",
                **MUTED_TEXT,
            ),
            spacing="4",
            align="center",
        ),
        class_name="arena-post",
    )


def _post_box() -> rx.Component:
    too_long = ArenaState.draft_length > rules.MAX_POST
    return rx.vstack(
        field_label("Share an update", "arena-post"),
        text_box(
            "arena-post",
            "A win, a lesson or a question for other founders...",
            value=ArenaState.draft,
            on_change=ArenaState.set_draft,
            read_only=ArenaState.posting,
            aria_invalid=rx.cond(ArenaState.post_error != "", "true", "false"),
            aria_describedby="arena-post-count arena-post-error",
        ),
        rx.flex(
            rx.box(
                rx.cond(
                    ArenaState.post_error != "",
                    rx.text(
                        ArenaState.post_error, id="arena-post-error", role="alert", **ERROR_TEXT
                    ),
                ),
                flex="1",
            ),
            rx.text(
                ArenaState.draft_length,
                f" / {rules.MAX_POST}",
                id="arena-post-count",
                size="1",
                color=rx.cond(too_long, "var(--red-11)", MUTED),
            ),
            spacing="2",
            width="100%",
        ),
        busy_button(
            ArenaState.posting,
            rx.icon("send", size=16, aria_hidden="true"),
            "Post",
            "Posting...",
            ArenaState.post,
            id="arena-post-button",
            align_self="end",
        ),
        spacing="2",
        style=CARD,
    )


def _founder(name: str, company: str, initials: str) -> rx.Component:
    following = ArenaState.following.contains(name)
    return avatar_row(
        initials,
        name_and_detail(name, company, **GROW),
        flip_button(
            following,
            ("Following", "Follow"),
            ArenaState.toggle_follow(name),
            variants=("solid", "soft"),
            toggle=True,
            size="1",
            aria_label=f"Follow {name}",
        ),
        size="2rem",
        width="100%",
    )


def feed_tab() -> rx.Component:
    return two_columns(
        column(
            _post_box(),
            full_width_stack(
                rx.foreach(ArenaState.posts, _post_card), spacing="3", id="arena-feed"
            ),
        ),
        column(
            side_card(
                "Trending topics",
                "trending-up",
                *[
                    note_line(topic, f"{count} posts", color=f"var(--{ACCENT}-11)")
                    for topic, count in rules.TRENDING_TOPICS
                ],
                spacing="2",
                id="arena-trending",
            ),
            side_card(
                "Founders to follow",
                "user-plus",
                *[_founder(name, company, initials) for name, company, initials in rules.FOUNDERS],
                id="arena-founders",
            ),
        ),
    )
