"""The Arena's Leaderboard and Arena Feed tabs (T-ARENA-2)."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar
from reflex.vars import FunctionVar, Var

from startup_toolkit.components.buttons import icon_text_button
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
    SMALL_GHOST,
    SMALL_SOFT_BADGE,
    TYPED_TEXT,
    WRAP_ROW,
)
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.tool_layout import field_label, section_heading
from startup_toolkit.domain import arena as rules
from startup_toolkit.domain import arena_content as content
from startup_toolkit.pages.arena.state import ArenaState
from startup_toolkit.pages.arena.view_parts import (
    ACCENT,
    CARD,
    MUTED,
    SHOW_SAMPLES,
    avatar,
    avatar_row,
    busy_button,
    column,
    flip_button,
    list_card,
    note_line,
    sample_badge,
    side_card,
    side_list,
    title_row,
    two_columns,
)
from startup_toolkit.services.arena_board import BoardRow, FounderRow, PostRow

#: How many rankings the Leaderboard shows: the browser's own (Load More Rankings adds five).
board_limit = ClientStateVar.create("arena_board_limit", default=rules.LEADERBOARD_SIZE)

#: The post box's text ("" until typed in: the draft is None until then).
_DRAFT_TEXT = ArenaState.draft.text | ""
#: The draft's length in characters as Python counts them (code points, as the server's limit).
_DRAFT_LENGTH = Var("Array.from").to(FunctionVar).call(_DRAFT_TEXT).to(list).length()

#: Small red text of an inline error.
ERROR_TEXT: dict[str, Any] = {"size": "1", "color": "var(--red-11)"}


# -- leaderboard -------------------------------------------------------------------------------


def _leader_row(row: rx.Var[BoardRow]) -> rx.Component:
    return list_card(
        rx.text("#", row.rank, weight="bold", size="3", width="2.25rem", **KEEP_SIZE),
        avatar(row.initials),
        line_stack(
            rx.flex(
                rx.text(row.name, weight="bold", size="3", style=TYPED_TEXT),
                rx.badge(row.industry, color_scheme="gray", **SMALL_SOFT_BADGE),
                rx.cond(row.you, rx.badge("You", color_scheme=ACCENT, **SMALL_SOFT_BADGE)),
                spacing="2",
                **WRAP_ROW,
            ),
            rx.cond(row.description != "", muted_text(row.description, style=TYPED_TEXT)),
            muted_text(
                row.founder,
                " · ",
                row.revenue,
                "/mo · ",
                row.users,
                " users · ",
                row.growth,
                " growth",
                size="1",
                style=TYPED_TEXT,
            ),
            muted_text(
                row.runs,
                " runs · ",
                row.challenge_points,
                " challenge points · ",
                row.likes,
                " likes received",
                size="1",
            ),
            **GROW,
        ),
        rx.text(row.score, weight="bold", size="4", class_name="arena-leader-score", **KEEP_SIZE),
        layout=rx.hstack,
        class_name="arena-leader",
        **FILL_ROW,
    )


def _sample_row(entry: content.SampleStartup) -> rx.Component:
    return list_card(
        avatar(rules.initials(entry.name)),
        line_stack(
            rx.flex(
                rx.text(entry.name, weight="bold", size="3"),
                rx.badge(entry.industry, color_scheme="gray", **SMALL_SOFT_BADGE),
                sample_badge(),
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
        rx.text(entry.score, weight="bold", size="4", **KEEP_SIZE),
        layout=rx.hstack,
        class_name="arena-sample-startup",
        **FILL_ROW,
    )


def _breakdown_row(label: Any, value: Any, total: bool = False) -> rx.Component:
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
        muted_text("Towards the top five"),
        rx.progress(
            value=ArenaState.view.progress,
            max=100,
            color_scheme=ACCENT,
            aria_label="Progress towards the top five",
        ),
        rx.text(
            rx.cond(
                ArenaState.view.to_top_five > 0,
                rx.text.span(ArenaState.view.to_top_five, " points to the top five"),
                "You are in the top five",
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
            _breakdown_row(
                rx.text.span("AI tool runs (", ArenaState.view.runs, f" x {rules.RUN_POINTS})"),
                ArenaState.view.runs * rules.RUN_POINTS,
            ),
            _breakdown_row("Completed challenges", ArenaState.view.challenge_points),
            _breakdown_row(
                rx.text.span("Likes received (", ArenaState.view.likes, f" x {rules.LIKE_POINTS})"),
                ArenaState.view.likes * rules.LIKE_POINTS,
            ),
            _breakdown_row("Total", ArenaState.view.score, total=True),
            width="100%",
            margin="0",
            id="arena-breakdown",
        ),
        muted_text(rules.SCORE_FORMULA, size="1"),
    )


def _load_more() -> Any:
    """Load More Rankings: five more entries (at most all of them)."""
    more = board_limit.value.to(int) + rules.LEADERBOARD_SIZE
    total = ArenaState.view.board.length()
    return board_limit.set_value(rx.cond(more < total, more, total))


def leaderboard_tab() -> rx.Component:
    return two_columns(
        column(
            title_row(
                section_heading("Leaderboard", "trophy", ACCENT),
                muted_text(rules.RANKING_NOTE, size="1", id="arena-ranking-note"),
            ),
            rx.text(rules.SCORE_FORMULA, size="2", weight="medium", id="arena-formula"),
            full_width_stack(
                rx.foreach(
                    ArenaState.view.board,
                    lambda row, i: rx.cond(i < board_limit.value, _leader_row(row)),
                ),
                spacing="2",
                id="arena-leaderboard",
            ),
            rx.cond(
                ArenaState.view.board.length() > board_limit.value,
                soft_gray_button("Load More Rankings", on_click=_load_more(), width="100%"),
            ),
            rx.cond(
                SHOW_SAMPLES,
                full_width_stack(
                    section_heading("Sample startups", "flask-conical", ACCENT, size="3"),
                    *[_sample_row(e) for e in content.SAMPLE_STARTUPS],
                    spacing="2",
                    id="arena-sample-startups",
                ),
            ),
            spacing="3",
        ),
        column(_progress_card(), _breakdown_card()),
    )


# -- feed --------------------------------------------------------------------------------------


def _like_button(row: rx.Var[PostRow]) -> rx.Component:
    """Like or take the like back; on the founder's own post only its count (issue 28,
    item 11: likes come from other founders)."""
    return rx.cond(
        row.mine,
        icon_row(
            rx.icon("heart", size=16, aria_hidden="true"),
            rx.text.span(row.likes, class_name="arena-like-count"),
            rx.text.span(" likes", class_name="sr-only"),
            color="var(--gray-11)",
            class_name="arena-own-likes",
        ),
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
    )


def _post_card(row: rx.Var[PostRow]) -> rx.Component:
    return list_card(
        avatar_row(
            row.initials,
            rx.box(
                rx.text(row.author, weight="bold", size="2", style=TYPED_TEXT),
                muted_text(row.company, " · ", row.time, size="1", style=TYPED_TEXT),
                min_width="0",
            ),
        ),
        rx.text(row.content, size="2", style=TYPED_TEXT, class_name="arena-post-content"),
        rx.hstack(
            _like_button(row),
            rx.cond(
                row.mine,
                icon_text_button(
                    "trash-2",
                    "Delete",
                    icon_size=14,
                    on_click=ArenaState.delete_post(row.id),
                    color_scheme="gray",
                    aria_label="Delete your post",
                    class_name="arena-delete-post",
                    **SMALL_GHOST,
                ),
            ),
            spacing="4",
            align="center",
        ),
        class_name="arena-post",
    )


def _sample_post(p: content.SamplePost) -> rx.Component:
    return list_card(
        avatar_row(
            rules.initials(p.company),
            rx.box(
                rx.flex(rx.text(p.author, weight="bold", size="2"), sample_badge(), spacing="2"),
                muted_text(f"{p.company} · {p.time}", size="1"),
                min_width="0",
            ),
        ),
        rx.text(p.content, size="2"),
        muted_text(f"{p.likes} likes", size="1"),
        class_name="arena-sample-post",
    )


def _post_box() -> rx.Component:
    too_long = _DRAFT_LENGTH > rules.MAX_POST
    return rx.vstack(
        field_label("Share an update", "arena-post"),
        muted_text(
            f"Plain text, seen by every founder in the Arena; up to {rules.MAX_POSTS_PER_HOUR} "
            "posts an hour.",
            size="1",
        ),
        text_box(
            "arena-post",
            "A win, a lesson or a question for other founders...",
            value=_DRAFT_TEXT,
            on_change=ArenaState.set_draft,
            read_only=ArenaState.draft.posting,
            aria_invalid=rx.cond(ArenaState.draft.error, "true", "false"),
            aria_describedby="arena-post-count arena-post-error",
        ),
        rx.flex(
            rx.box(
                rx.cond(
                    ArenaState.draft.error,
                    rx.text(
                        ArenaState.draft.error, id="arena-post-error", role="alert", **ERROR_TEXT
                    ),
                ),
                flex="1",
            ),
            rx.text(
                _DRAFT_LENGTH,
                f" / {rules.MAX_POST}",
                id="arena-post-count",
                size="1",
                color=rx.cond(too_long, "var(--red-11)", MUTED),
            ),
            spacing="2",
            width="100%",
        ),
        busy_button(
            ArenaState.draft.posting,
            "send",
            "Post",
            "Posting...",
            ArenaState.post,
            icon_size=16,
            id="arena-post-button",
            align_self="end",
        ),
        spacing="2",
        style=CARD,
    )


def _founder(row: rx.Var[FounderRow]) -> rx.Component:
    return avatar_row(
        row.initials,
        name_and_detail(row.name, row.company, **GROW),
        flip_button(
            row.following,
            ("Following", "Follow"),
            ArenaState.toggle_follow(row.entry_id),
            variants=("solid", "soft"),
            toggle=True,
            size="1",
            aria_label=f"Follow {row.name}",
        ),
        size="2rem",
        width="100%",
        class_name="arena-founder",
    )


def _topic(topic: rx.Var[tuple[str, int]]) -> rx.Component:
    count = rx.text.span(topic[1], rx.cond(topic[1] == 1, " post", " posts"))
    return note_line(topic[0], count, color=f"var(--{ACCENT}-11)")


def feed_tab() -> rx.Component:
    return two_columns(
        column(
            _post_box(),
            full_width_stack(
                rx.foreach(ArenaState.view.posts, _post_card), spacing="3", id="arena-feed"
            ),
            rx.cond(
                (ArenaState.view.posts.length() == 0) & ~SHOW_SAMPLES,
                muted_text("No posts yet: be the first to share an update."),
            ),
            rx.cond(
                SHOW_SAMPLES,
                full_width_stack(
                    *[_sample_post(p) for p in content.SAMPLE_POSTS],
                    spacing="3",
                    id="arena-sample-posts",
                ),
            ),
        ),
        column(
            side_list(
                "Trending topics",
                "trending-up",
                ArenaState.view.topics,
                _topic,
                muted_text("Use a #hashtag in a post to start a topic.", size="1"),
                spacing="2",
                id="arena-trending",
            ),
            side_list(
                "Founders to follow",
                "user-plus",
                ArenaState.view.founders,
                _founder,
                muted_text("No other founders have entered yet.", size="1"),
                id="arena-founders",
            ),
        ),
    )
