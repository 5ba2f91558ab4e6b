"""/startup-arena: a gamified leaderboard, founder feed, challenges and events
(T-ARENA-1, T-ARENA-2, T-ARENA-3).

Entirely sample data and tab-local state (spec): no AI, no database, no calls beyond the
page guard. The join form takes a company's name, industry and three metrics (free text); the
optional description is an uncontrolled field, so it never reaches the server. Joining and
posting are checked by ordinary (sequential) handlers, so they see everything typed before
the click; the spec's 500 ms and 1 s waits then run in background tasks that take the tab's
lock only to write. Every text a founder types is rendered as text. The page says plainly
that the other startups, posts, challenges and events are illustrative.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import (
    aria_invalid,
    field_error,
    field_label,
    section_heading,
    tool_card_style,
    tool_page,
    tool_route,
)
from startup_toolkit.domain import arena as rules
from startup_toolkit.domain.catalog import STARTUP_ARENA

#: Spec: rank and score appear 500 ms after joining; a post appears after 1 s. Tests shrink them.
JOIN_DELAY_SECONDS = 0.5
POST_DELAY_SECONDS = 1.0
TOAST_ID = "arena-status"
ACCENT = STARTUP_ARENA.color
TABS: tuple[tuple[str, str], ...] = (
    ("leaderboard", "Leaderboard"),
    ("feed", "Arena Feed"),
    ("challenges", "Challenges"),
    ("events", "Events"),
)
TAB_VALUES = frozenset(value for value, _ in TABS)
YOU = "You"


@dataclasses.dataclass
class PostRow:
    id: int = 0
    author: str = ""
    avatar: str = ""
    company: str = ""
    content: str = ""
    time: str = ""
    likes: int = 0
    comments: int = 0
    liked: bool = False


def _sample_posts() -> list[PostRow]:
    return [PostRow(**dataclasses.asdict(p)) for p in rules.FEED]


def _empty_form() -> dict[str, str]:
    return {name: "" for name, _, _ in rules.JOIN_FIELDS}


class ArenaState(rx.State):
    form: dict[str, str] = _empty_form()
    errors: dict[str, str] = {}
    joining: bool = False
    joined: bool = False
    company: str = ""
    industry: str = ""
    revenue: str = ""
    users: str = ""
    growth: str = ""
    rank: int = 0
    score: int = 0
    like_points: int = 0
    post_points: int = 0
    tab: str = "leaderboard"
    posts: list[PostRow] = _sample_posts()
    draft: str = ""
    post_error: str = ""
    posting: bool = False
    following: list[str] = []
    joined_challenges: list[int] = []
    detail_id: int = 0
    registered: list[int] = []

    @rx.var
    def progress(self) -> int:
        """Percent of the way to the fifth place's score."""
        return rules.progress_to_top_five(self.score, rules.LEADERBOARD)

    @rx.var
    def points_to_top_five(self) -> int:
        return rules.points_to_top_five(self.score, rules.LEADERBOARD)

    @rx.var
    def draft_length(self) -> int:
        return len(self.draft)

    @rx.var
    def company_initials(self) -> str:
        return rules.initials(self.company)

    # -- the join form (T-ARENA-1) -------------------------------------------------------------

    @rx.event
    def set_field(self, name: str, value: str) -> None:
        if (
            name in rules.JOIN_FIELD_NAMES
            and isinstance(value, str)
            and not (self.joined or self.joining)
        ):
            self.form = {**self.form, name: value[: rules.INPUT_CAP]}
            self.errors = {k: v for k, v in self.errors.items() if k != name}

    @rx.event
    def join(self) -> EventSpec | None:
        """Enter the Arena. A sequential handler, so it sees every field typed before the
        click (a background handler would overtake the queued `set_field` events); the wait
        runs in `finish_join`."""
        if self.joining or self.joined:
            return None
        errors = rules.validate_join(self.form)
        self.errors = errors
        if errors:
            title, detail = rules.join_toast(errors)
            return rx.toast.error(title, description=detail, id=TOAST_ID)
        self.joining = True  # the form is frozen until finish_join is done
        return ArenaState.finish_join

    @rx.event(background=True)
    async def finish_join(self) -> AsyncIterator[EventSpec]:
        """Rank 68 and score 73 after JOIN_DELAY_SECONDS; does nothing unless joining."""
        async with self:
            if not self.joining:
                return
        await asyncio.sleep(JOIN_DELAY_SECONDS)
        async with self:
            if not self.joining:
                return
            values = {name: self.form[name].strip() for name in rules.JOIN_FIELD_NAMES}
            self.company = values["company"]
            self.industry = values["industry"]
            self.revenue = values["revenue"]
            self.users = values["users"]
            self.growth = values["growth"]
            self.rank = rules.JOIN_RANK
            self.score = rules.JOIN_SCORE
            self.tab = "leaderboard"
            self.joined = True
            self.joining = False
        yield rx.toast.success(
            "Welcome to the Arena!",
            description=f"You enter at rank #{rules.JOIN_RANK} with {rules.JOIN_SCORE} points.",
            id=TOAST_ID,
        )

    @rx.event
    def set_tab(self, value: str) -> None:
        if value in TAB_VALUES:
            self.tab = value

    @rx.event
    def load_more(self) -> EventSpec:
        """Load More Rankings: the sample board has only its top five."""
        return rx.toast.info(
            "No more rankings in this sample",
            description=f"The sample arena lists the top {rules.LEADERBOARD_SIZE} only. "
            + rules.RANKING_NOTE,
            id=TOAST_ID,
        )

    # -- the feed (T-ARENA-2) --------------------------------------------------------------------

    @rx.event
    def set_draft(self, value: str) -> None:
        if isinstance(value, str) and not self.posting:
            self.draft = value[: rules.INPUT_CAP]
            self.post_error = ""

    @rx.event
    def toggle_like(self, post_id: int) -> None:
        """A like adds 1 to the score and the post's count; an unlike takes 1 off the count."""
        if not self.joined or isinstance(post_id, bool) or not isinstance(post_id, int):
            return
        rows = []
        for row in self.posts:
            if row.id == post_id:
                result = rules.toggle_like(row.liked, row.likes, self.score)
                row = dataclasses.replace(row, liked=result.liked, likes=result.likes)
                self.score = result.score
                self.like_points += result.points
            rows.append(row)
        self.posts = rows

    @rx.event
    def post(self) -> EventSpec | None:
        """Share the draft (sequential, like `join`); it appears in `finish_post`."""
        if self.posting or not self.joined:
            return None
        error = rules.validate_post(self.draft)
        self.post_error = error if error == rules.POST_TOO_LONG else ""
        if error == rules.EMPTY_POST_DETAIL:
            return rx.toast.error(rules.EMPTY_POST, description=error, id=TOAST_ID)
        if error is not None:
            return rx.toast.error("Post too long", description=error, id=TOAST_ID)
        self.posting = True  # the draft is frozen until finish_post is done
        return ArenaState.finish_post

    @rx.event(background=True)
    async def finish_post(self) -> AsyncIterator[EventSpec]:
        """The post at the top of the feed after POST_DELAY_SECONDS with 0 likes, +2 points;
        does nothing unless posting."""
        async with self:
            if not self.posting:
                return
        await asyncio.sleep(POST_DELAY_SECONDS)
        async with self:
            if not self.posting:
                return
            post = PostRow(
                id=rules.next_post_id(p.id for p in self.posts),
                author=YOU,
                avatar=rules.initials(self.company),
                company=self.company,
                content=self.draft.strip(),
                time="Just now",
            )
            self.posts = [post, *self.posts][: rules.MAX_FEED_POSTS]
            self.score = rules.score_after_post(self.score)
            self.post_points += rules.POST_POINTS
            self.draft = ""
            self.posting = False
        yield rx.toast.success(
            "Posted to the Arena", description=f"+{rules.POST_POINTS} points", id=TOAST_ID
        )

    @rx.event
    def toggle_follow(self, name: str) -> None:
        if not isinstance(name, str) or name not in {f[0] for f in rules.FOUNDERS}:
            return
        if name in self.following:
            self.following = [n for n in self.following if n != name]
        else:
            self.following = [*self.following, name]

    # -- challenges and events (T-ARENA-3) -----------------------------------------------------

    @rx.event
    def join_challenge(self, challenge_id: int) -> EventSpec | None:
        found = _active_challenge(challenge_id)
        if found is None or not self.joined:
            return None
        ids, new = rules.join_once(self.joined_challenges, found.id)
        if not new:
            return rx.toast.info(
                rules.ALREADY_JOINED,
                description=f"You are already in {found.title}.",
                id=TOAST_ID,
            )
        self.joined_challenges = ids
        return rx.toast.success(
            "Challenge joined",
            description=f"{found.title}: {found.reward} when you complete it.",
            id=TOAST_ID,
        )

    @rx.event
    def open_detail(self, challenge_id: int) -> None:
        found = _active_challenge(challenge_id)
        if found is not None:
            self.detail_id = found.id

    @rx.event
    def close_detail(self) -> None:
        self.detail_id = 0

    @rx.event
    def set_detail_open(self, is_open: bool) -> None:
        """The dialog's own close (Escape, outside click)."""
        if not is_open:
            self.detail_id = 0

    @rx.event
    def register(self, event_id: int) -> EventSpec | None:
        found = next((e for e in rules.EVENTS if e.id == event_id), None)
        if found is None or isinstance(event_id, bool) or not self.joined:
            return None
        ids, new = rules.join_once(self.registered, found.id)
        if not new:
            return rx.toast.info(rules.ALREADY_REGISTERED, description=found.title, id=TOAST_ID)
        self.registered = ids
        return rx.toast.success(
            "Registered",
            description=f"{found.title}, {found.date} (sample event).",
            id=TOAST_ID,
        )


def _active_challenge(challenge_id: Any) -> rules.Challenge | None:
    if isinstance(challenge_id, bool) or not isinstance(challenge_id, int):
        return None
    found = rules.challenge(challenge_id)
    return found if found is not None and found.active else None


# --- View -------------------------------------------------------------------------------------

_card = tool_card_style(min_width="0")
_small_card = tool_card_style("1rem", min_width="0")
_muted = "var(--gray-11)"
_wrap_text: dict[str, Any] = {"overflow_wrap": "anywhere", "white_space": "pre-wrap"}


def _avatar(text: Any, size: str = "2.5rem") -> rx.Component:
    return rx.center(
        rx.text(text, weight="bold", size="2"),
        width=size,
        height=size,
        flex_shrink="0",
        border_radius="var(--radius-4)",
        background=f"var(--{ACCENT}-a3)",
        color=f"var(--{ACCENT}-11)",
        aria_hidden="true",
    )


def _sample_notice() -> rx.Component:
    return rx.callout(
        rules.SAMPLE_NOTICE,
        icon="info",
        color_scheme="amber",
        size="1",
        width="100%",
        id="arena-sample",
    )


# -- join form ---------------------------------------------------------------------------------

_PLACEHOLDERS = {
    "company": "e.g. Nova Health",
    "industry": "e.g. HealthTech",
    "revenue": "e.g. $25,000",
    "users": "e.g. 1,200",
    "growth": "e.g. 15%",
}


def _join_field(name: str, label: str, limit: int) -> rx.Component:
    field_id = f"arena-{name}"
    return rx.vstack(
        field_label(
            label,
            field_id,
            rx.el.span("*", color=f"var(--{ACCENT}-11)", margin_left="2px", aria_hidden="true"),
        ),
        rx.input(
            id=field_id,
            value=ArenaState.form[name],
            on_change=lambda value: ArenaState.set_field(name, value),
            placeholder=_PLACEHOLDERS[name],
            max_length=limit,
            size="3",
            width="100%",
            aria_required="true",
            aria_invalid=aria_invalid(ArenaState.errors, name),
            aria_describedby=f"{field_id}-error",
        ),
        field_error(ArenaState.errors, name, f"{field_id}-error", role="alert"),
        spacing="1",
        width="100%",
        min_width="0",
    )


def _info_card(title: str, icon: str, items: tuple[tuple[str, str, str], ...]) -> rx.Component:
    return rx.vstack(
        section_heading(title, icon, ACCENT),
        *[
            rx.hstack(
                rx.icon(item_icon, size=16, color=_muted, flex_shrink="0", aria_hidden="true"),
                rx.box(
                    rx.text(name, weight="medium", size="2"),
                    rx.text(text, size="2", color=_muted),
                ),
                spacing="3",
                align="start",
            )
            for name, text, item_icon in items
        ],
        spacing="3",
        style=_card,
    )


def _join_view() -> rx.Component:
    return rx.vstack(
        _sample_notice(),
        rx.grid(
            rx.vstack(
                section_heading("Join the Arena", "swords", ACCENT),
                rx.text(
                    "Enter your startup to see where it ranks. All fields except the "
                    "description are required; the metrics are as you would say them.",
                    size="2",
                    color=_muted,
                ),
                rx.grid(
                    *[_join_field(name, label, limit) for name, label, limit in rules.JOIN_FIELDS],
                    columns=rx.breakpoints(initial="1", sm="2"),
                    spacing="3",
                    width="100%",
                ),
                rx.vstack(
                    field_label("Company Description (optional)", "arena-description"),
                    rx.text_area(
                        id="arena-description",
                        placeholder="What your startup does, in a sentence or two.",
                        max_length=rules.MAX_DESCRIPTION,
                        rows="3",
                        size="3",
                        width="100%",
                        resize="vertical",
                        aria_describedby="arena-description-hint",
                    ),
                    rx.text(
                        f"Up to {rules.MAX_DESCRIPTION:,} characters. Not stored or sent anywhere.",
                        id="arena-description-hint",
                        size="1",
                        color=_muted,
                    ),
                    spacing="1",
                    width="100%",
                ),
                rx.button(
                    rx.cond(
                        ArenaState.joining,
                        rx.spinner(size="2"),
                        rx.icon("swords", size=18, aria_hidden="true"),
                    ),
                    rx.cond(ArenaState.joining, "Entering the Arena...", "Enter the Arena"),
                    on_click=ArenaState.join,
                    disabled=ArenaState.joining,
                    size="3",
                    type="button",
                    id="arena-join",
                ),
                spacing="4",
                align="start",
                style=_card,
            ),
            rx.vstack(
                _info_card("The Arena experience", "sparkles", rules.EXPERIENCE),
                _info_card("Prizes", "gift", rules.PRIZES),
                spacing="4",
                width="100%",
            ),
            columns=rx.breakpoints(initial="1", md="3fr 2fr"),
            spacing="4",
            width="100%",
        ),
        spacing="4",
        width="100%",
    )


# -- leaderboard (T-ARENA-2) -------------------------------------------------------------------


def _stat(label: str, value: Any, stat_id: str) -> rx.Component:
    return rx.vstack(
        rx.text(label, size="1", color=_muted),
        rx.text(value, size="6", weight="bold", id=stat_id, style=heading_style),
        spacing="0",
        align="start",
    )


def _metric(label: str, value: Any) -> rx.Component:
    return rx.box(
        rx.text(label, size="1", color=_muted),
        rx.text(value, size="2", weight="medium", style=_wrap_text),
        min_width="0",
    )


def _your_card() -> rx.Component:
    return rx.vstack(
        rx.flex(
            rx.hstack(
                _avatar(ArenaState.company_initials, "3rem"),
                rx.vstack(
                    rx.text("Your startup", size="1", color=_muted),
                    rx.heading(
                        ArenaState.company,
                        as_="h2",
                        size="5",
                        style={**heading_style, **_wrap_text},
                        id="arena-company",
                    ),
                    rx.badge(ArenaState.industry, variant="soft", color_scheme=ACCENT),
                    spacing="1",
                    align="start",
                    min_width="0",
                ),
                spacing="3",
                align="center",
                min_width="0",
            ),
            rx.hstack(
                _stat("Rank", rx.text.span("#", ArenaState.rank), "arena-rank"),
                _stat("Arena score", ArenaState.score, "arena-score"),
                spacing="6",
            ),
            justify="between",
            align=rx.breakpoints(initial="start", sm="center"),
            direction=rx.breakpoints(initial="column", sm="row"),
            gap="4",
            width="100%",
        ),
        rx.grid(
            _metric("Monthly revenue", ArenaState.revenue),
            _metric("Active users", ArenaState.users),
            _metric("Monthly growth", ArenaState.growth),
            columns="3",
            spacing="3",
            width="100%",
        ),
        spacing="4",
        style={**_card, "border": f"1px solid var(--{ACCENT}-a6)"},
        id="arena-your-card",
    )


def _leader_row(entry: rules.LeaderboardEntry) -> rx.Component:
    change_color = (
        "green"
        if entry.change.startswith("+")
        else "red"
        if entry.change.startswith("-")
        else "gray"
    )
    return rx.hstack(
        rx.text(f"#{entry.rank}", weight="bold", size="3", width="2.25rem", flex_shrink="0"),
        _avatar(entry.logo),
        rx.vstack(
            rx.flex(
                rx.text(entry.name, weight="bold", size="3"),
                rx.badge(entry.industry, variant="soft", color_scheme="gray", size="1"),
                gap="2",
                align="center",
                wrap="wrap",
            ),
            rx.text(entry.description, size="2", color=_muted),
            rx.text(
                f"{entry.founder} · {entry.revenue}/mo · {entry.users} users · "
                f"{entry.growth} growth",
                size="1",
                color=_muted,
            ),
            spacing="1",
            align="start",
            flex="1",
            min_width="0",
        ),
        rx.vstack(
            rx.text(entry.score, weight="bold", size="4"),
            rx.badge(
                entry.change,
                color_scheme=change_color,
                variant="soft",
                size="1",
                aria_label=f"Change since the last update: {entry.change}",
            ),
            spacing="1",
            align="end",
            flex_shrink="0",
        ),
        spacing="3",
        align="center",
        width="100%",
        class_name="arena-leader",
        style=_small_card,
    )


def _leaderboard_tab() -> rx.Component:
    return rx.grid(
        rx.vstack(
            rx.flex(
                section_heading("Top five", "trophy", ACCENT),
                rx.text(rules.RANKING_NOTE, size="1", color=_muted, id="arena-ranking-note"),
                justify="between",
                align="center",
                gap="2",
                wrap="wrap",
                width="100%",
            ),
            rx.vstack(
                *[_leader_row(e) for e in rules.LEADERBOARD[: rules.LEADERBOARD_SIZE]],
                spacing="2",
                width="100%",
                id="arena-leaderboard",
            ),
            rx.button(
                "Load More Rankings",
                on_click=ArenaState.load_more,
                variant="soft",
                color_scheme="gray",
                type="button",
                width="100%",
            ),
            spacing="3",
            width="100%",
            min_width="0",
        ),
        rx.vstack(
            rx.vstack(
                section_heading("Your progress", "chart-no-axes-column-increasing", ACCENT),
                rx.text(
                    "Towards the top five (",
                    rules.top_five_cutoff(rules.LEADERBOARD),
                    " points)",
                    size="2",
                    color=_muted,
                ),
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
                style=_card,
            ),
            rx.vstack(
                section_heading("Score breakdown", "list-ordered", ACCENT),
                rx.el.dl(
                    _breakdown_row("Starting score", rules.JOIN_SCORE),
                    _breakdown_row(
                        f"Likes given (+{rules.LIKE_POINTS} each)", ArenaState.like_points
                    ),
                    _breakdown_row(
                        f"Posts shared (+{rules.POST_POINTS} each)", ArenaState.post_points
                    ),
                    _breakdown_row("Total", ArenaState.score, total=True),
                    width="100%",
                    margin="0",
                    id="arena-breakdown",
                ),
                spacing="3",
                style=_card,
            ),
            spacing="4",
            width="100%",
            min_width="0",
        ),
        columns=rx.breakpoints(initial="1", md="3fr 2fr"),
        spacing="4",
        width="100%",
    )


def _breakdown_row(label: str, value: Any, total: bool = False) -> rx.Component:
    return rx.flex(
        rx.el.dt(label, font_size="14px", color="var(--gray-12)" if total else _muted),
        rx.el.dd(value, margin="0", font_weight="bold" if total else "500"),
        justify="between",
        gap="3",
        padding_y="0.4rem",
        border_top="1px solid var(--gray-a4)" if total else "none",
    )


# -- feed (T-ARENA-2) --------------------------------------------------------------------------


def _post_card(row: rx.Var[PostRow]) -> rx.Component:
    return rx.vstack(
        rx.hstack(
            _avatar(row.avatar),
            rx.box(
                rx.text(row.author, weight="bold", size="2"),
                rx.text(row.company, " · ", row.time, size="1", color=_muted),
                min_width="0",
            ),
            spacing="3",
            align="center",
        ),
        rx.text(row.content, size="2", style=_wrap_text, class_name="arena-post-content"),
        rx.hstack(
            rx.button(
                rx.icon("heart", size=16, aria_hidden="true"),
                rx.cond(row.liked, "Liked", "Like"),
                rx.text.span(row.likes, class_name="arena-like-count"),
                on_click=ArenaState.toggle_like(row.id),
                variant=rx.cond(row.liked, "solid", "soft"),
                color_scheme=ACCENT,
                size="1",
                type="button",
                aria_pressed=rx.cond(row.liked, "true", "false"),
            ),
            rx.hstack(
                rx.icon("message-circle", size=16, aria_hidden="true"),
                rx.text(row.comments, " comments", size="1"),
                spacing="1",
                align="center",
                color=_muted,
            ),
            spacing="4",
            align="center",
        ),
        spacing="3",
        width="100%",
        class_name="arena-post",
        style=_small_card,
    )


def _post_box() -> rx.Component:
    too_long = ArenaState.draft_length > rules.MAX_POST
    return rx.vstack(
        field_label("Share an update", "arena-post"),
        rx.text_area(
            id="arena-post",
            value=ArenaState.draft,
            on_change=ArenaState.set_draft,
            placeholder="A win, a lesson or a question for other founders...",
            rows="3",
            size="3",
            width="100%",
            resize="vertical",
            read_only=ArenaState.posting,
            aria_invalid=rx.cond(ArenaState.post_error != "", "true", "false"),
            aria_describedby="arena-post-count arena-post-error",
        ),
        rx.flex(
            rx.box(
                rx.cond(
                    ArenaState.post_error != "",
                    rx.text(
                        ArenaState.post_error,
                        id="arena-post-error",
                        size="1",
                        color="var(--red-11)",
                        role="alert",
                    ),
                ),
                flex="1",
            ),
            rx.text(
                ArenaState.draft_length,
                f" / {rules.MAX_POST}",
                id="arena-post-count",
                size="1",
                color=rx.cond(too_long, "var(--red-11)", _muted),
            ),
            gap="2",
            width="100%",
        ),
        rx.button(
            rx.cond(
                ArenaState.posting,
                rx.spinner(size="2"),
                rx.icon("send", size=16, aria_hidden="true"),
            ),
            rx.cond(ArenaState.posting, "Posting...", "Post"),
            on_click=ArenaState.post,
            disabled=ArenaState.posting,
            type="button",
            id="arena-post-button",
            align_self="end",
        ),
        spacing="2",
        style=_card,
    )


def _feed_tab() -> rx.Component:
    return rx.grid(
        rx.vstack(
            _post_box(),
            rx.vstack(
                rx.foreach(ArenaState.posts, _post_card),
                spacing="3",
                width="100%",
                id="arena-feed",
            ),
            spacing="4",
            width="100%",
            min_width="0",
        ),
        rx.vstack(
            rx.vstack(
                section_heading("Trending topics", "trending-up", ACCENT),
                *[
                    rx.flex(
                        rx.text(topic, size="2", weight="medium", color=f"var(--{ACCENT}-11)"),
                        rx.text(f"{count} posts", size="1", color=_muted),
                        justify="between",
                        width="100%",
                    )
                    for topic, count in rules.TRENDING_TOPICS
                ],
                spacing="2",
                style=_card,
                id="arena-trending",
            ),
            rx.vstack(
                section_heading("Founders to follow", "user-plus", ACCENT),
                *[_founder(name, company, avatar) for name, company, avatar in rules.FOUNDERS],
                spacing="3",
                style=_card,
                id="arena-founders",
            ),
            spacing="4",
            width="100%",
            min_width="0",
        ),
        columns=rx.breakpoints(initial="1", md="3fr 2fr"),
        spacing="4",
        width="100%",
    )


def _founder(name: str, company: str, avatar: str) -> rx.Component:
    following = ArenaState.following.contains(name)
    return rx.hstack(
        _avatar(avatar, "2rem"),
        rx.box(
            rx.text(name, size="2", weight="medium"),
            rx.text(company, size="1", color=_muted),
            flex="1",
            min_width="0",
        ),
        rx.button(
            rx.cond(following, "Following", "Follow"),
            on_click=ArenaState.toggle_follow(name),
            variant=rx.cond(following, "solid", "soft"),
            size="1",
            type="button",
            aria_pressed=rx.cond(following, "true", "false"),
            aria_label=f"Follow {name}",
        ),
        spacing="3",
        align="center",
        width="100%",
    )


# -- challenges (T-ARENA-3) --------------------------------------------------------------------


def _difficulty(c: rules.Challenge) -> rx.Component:
    return rx.badge(
        c.difficulty, color_scheme="red" if c.difficulty == "Hard" else "amber", variant="soft"
    )


def _join_challenge_button(c: rules.Challenge) -> rx.Component:
    joined = ArenaState.joined_challenges.contains(c.id)
    return rx.button(
        rx.cond(joined, rx.icon("check", size=16, aria_hidden="true"), rx.fragment()),
        rx.cond(joined, "Joined", "Join Challenge"),
        on_click=ArenaState.join_challenge(c.id),
        variant=rx.cond(joined, "soft", "solid"),
        size="2",
        type="button",
        aria_label=f"Join {c.title}",
    )


def _challenge_card(c: rules.Challenge) -> rx.Component:
    return rx.vstack(
        rx.flex(
            rx.text(c.title, weight="bold", size="3"),
            _difficulty(c),
            justify="between",
            align="center",
            gap="2",
            wrap="wrap",
            width="100%",
        ),
        rx.text(c.description, size="2", color=_muted),
        rx.flex(
            rx.badge(rx.icon("medal", size=12, aria_hidden="true"), c.reward, variant="soft"),
            rx.text(f"{c.participants} participants · {c.days_left} days left", size="1"),
            gap="3",
            align="center",
            wrap="wrap",
            color=_muted,
        ),
        rx.flex(
            _join_challenge_button(c),
            rx.button(
                "View Details",
                on_click=ArenaState.open_detail(c.id),
                variant="soft",
                color_scheme="gray",
                size="2",
                type="button",
                aria_label=f"View details of {c.title}",
            ),
            gap="2",
            wrap="wrap",
        ),
        spacing="3",
        class_name="arena-challenge",
        style=_small_card,
    )


def _challenge_detail() -> rx.Component:
    def body(c: rules.Challenge) -> rx.Component:
        return rx.fragment(
            rx.dialog.title(c.title),
            rx.dialog.description(c.description, size="2"),
            rx.flex(
                _difficulty(c),
                rx.badge(c.reward, variant="soft"),
                rx.badge(f"{c.participants} participants", variant="soft", color_scheme="gray"),
                rx.badge(f"{c.days_left} days left", variant="soft", color_scheme="gray"),
                gap="2",
                wrap="wrap",
                margin_y="1rem",
            ),
            rx.text(
                "Points are awarded when you complete the challenge and share the result in "
                "the Arena Feed.",
                size="2",
                color=_muted,
            ),
            rx.flex(
                rx.button(
                    "Close",
                    on_click=ArenaState.close_detail,
                    variant="soft",
                    color_scheme="gray",
                    type="button",
                ),
                _join_challenge_button(c),
                justify="end",
                gap="3",
                wrap="wrap",
                margin_top="1rem",
            ),
        )

    return rx.dialog.root(
        rx.dialog.content(
            rx.match(
                ArenaState.detail_id,
                *[(c.id, body(c)) for c in rules.CHALLENGES],
                rx.fragment(),
            ),
            max_width="32rem",
            id="arena-challenge-detail",
        ),
        open=ArenaState.detail_id != 0,
        on_open_change=ArenaState.set_detail_open,
    )


def _challenges_tab() -> rx.Component:
    return rx.grid(
        rx.vstack(
            section_heading("Active challenges", "target", ACCENT),
            *[_challenge_card(c) for c in rules.CHALLENGES],
            section_heading("Past challenges", "history", ACCENT),
            *[
                rx.flex(
                    rx.box(
                        rx.text(c.title, weight="medium", size="2"),
                        rx.text(f"{c.participants} took part · {c.reward}", size="1"),
                        color=_muted,
                    ),
                    rx.badge("Ended", variant="outline", color_scheme="gray"),
                    justify="between",
                    align="center",
                    gap="2",
                    class_name="arena-past-challenge",
                    style=_small_card,
                )
                for c in rules.PAST_CHALLENGES
            ],
            spacing="3",
            width="100%",
            min_width="0",
        ),
        rx.vstack(
            rx.vstack(
                section_heading("Your challenges", "flag", ACCENT),
                rx.cond(
                    ArenaState.joined_challenges.length() == 0,
                    rx.text("You have not joined a challenge yet.", size="2", color=_muted),
                ),
                *[
                    rx.cond(
                        ArenaState.joined_challenges.contains(c.id),
                        rx.flex(
                            rx.text(c.title, size="2", weight="medium"),
                            rx.text(c.reward, size="1", color=_muted),
                            justify="between",
                            gap="2",
                            width="100%",
                            class_name="arena-your-challenge",
                        ),
                    )
                    for c in rules.CHALLENGES
                ],
                spacing="2",
                style=_card,
                id="arena-your-challenges",
            ),
            rx.vstack(
                section_heading("Resources", "book-open", ACCENT),
                *[
                    rx.box(
                        rx.link(title, href=path, size="2", weight="medium"),
                        rx.text(text, size="1", color=_muted),
                    )
                    for title, text, path in rules.RESOURCES
                ],
                spacing="3",
                style=_card,
            ),
            spacing="4",
            width="100%",
            min_width="0",
        ),
        _challenge_detail(),
        columns=rx.breakpoints(initial="1", md="3fr 2fr"),
        spacing="4",
        width="100%",
    )


# -- events (T-ARENA-3) ------------------------------------------------------------------------


def _event_card(e: rules.ArenaEvent) -> rx.Component:
    registered = ArenaState.registered.contains(e.id)
    return rx.vstack(
        rx.flex(
            rx.text(e.title, weight="bold", size="3"),
            rx.badge(e.kind, variant="soft", color_scheme=ACCENT),
            justify="between",
            align="center",
            gap="2",
            wrap="wrap",
            width="100%",
        ),
        rx.text(f"{e.date} · {e.time} · {e.location}", size="1", color=_muted),
        rx.text(e.description, size="2"),
        rx.button(
            rx.cond(registered, "Registered", "Register"),
            on_click=ArenaState.register(e.id),
            variant=rx.cond(registered, "soft", "solid"),
            size="2",
            type="button",
            aria_label=f"Register for {e.title}",
        ),
        spacing="2",
        class_name="arena-event",
        style=_small_card,
    )


def _calendar() -> rx.Component:
    event_days = {e.day: e.title for e in rules.EVENTS}

    def cell(day: int) -> rx.Component:
        if day == 0:
            return rx.el.td("", aria_hidden="true")
        event = event_days.get(day)
        return rx.el.td(
            rx.center(
                str(day),
                width="2.25rem",
                height="2.25rem",
                margin_x="auto",
                border_radius="full",
                background=f"var(--{ACCENT}-9)" if event else "transparent",
                color="white" if event else "var(--gray-12)",
                font_weight="bold" if event else "normal",
                title=event or None,
            ),
            rx.el.span(f", {event}", class_name="sr-only") if event else rx.fragment(),
            padding="2px",
            text_align="center",
            font_size="14px",
        )

    return rx.vstack(
        section_heading(rules.CALENDAR_TITLE, "calendar-days", ACCENT),
        rx.el.table(
            rx.el.caption(f"Arena events in {rules.CALENDAR_TITLE}", class_name="sr-only"),
            rx.el.thead(
                rx.el.tr(
                    *[
                        rx.el.th(d, scope="col", font_size="12px", color=_muted, font_weight="500")
                        for d in rules.WEEKDAYS
                    ]
                )
            ),
            rx.el.tbody(*[rx.el.tr(*[cell(d) for d in week]) for week in rules.month_grid()]),
            width="100%",
            style={"border_collapse": "collapse", "table_layout": "fixed"},
            id="arena-calendar",
        ),
        spacing="3",
        style=_card,
    )


def _events_tab() -> rx.Component:
    return rx.grid(
        rx.vstack(
            section_heading("Upcoming events", "calendar-clock", ACCENT),
            *[_event_card(e) for e in rules.EVENTS],
            spacing="3",
            width="100%",
            min_width="0",
        ),
        rx.vstack(
            _calendar(),
            rx.vstack(
                section_heading("Event types", "shapes", ACCENT),
                *[
                    rx.hstack(
                        rx.icon(icon, size=16, color=_muted, flex_shrink="0", aria_hidden="true"),
                        rx.box(
                            rx.text(name, size="2", weight="medium"),
                            rx.text(text, size="1", color=_muted),
                        ),
                        spacing="3",
                        align="start",
                    )
                    for name, text, icon in rules.EVENT_TYPES
                ],
                spacing="3",
                style=_card,
            ),
            spacing="4",
            width="100%",
            min_width="0",
        ),
        columns=rx.breakpoints(initial="1", md="3fr 2fr"),
        spacing="4",
        width="100%",
    )


def _arena_view() -> rx.Component:
    return rx.vstack(
        _sample_notice(),
        _your_card(),
        rx.tabs.root(
            rx.tabs.list(
                *[rx.tabs.trigger(label, value=value) for value, label in TABS],
                flex_wrap="wrap",
                max_width="100%",
            ),
            rx.tabs.content(rx.box(_leaderboard_tab(), padding_top="1rem"), value="leaderboard"),
            rx.tabs.content(rx.box(_feed_tab(), padding_top="1rem"), value="feed"),
            rx.tabs.content(rx.box(_challenges_tab(), padding_top="1rem"), value="challenges"),
            rx.tabs.content(rx.box(_events_tab(), padding_top="1rem"), value="events"),
            value=ArenaState.tab,
            on_change=ArenaState.set_tab,
            width="100%",
        ),
        spacing="4",
        width="100%",
    )


@tool_route(STARTUP_ARENA)
def startup_arena() -> rx.Component:
    return tool_page(
        STARTUP_ARENA,
        rx.cond(ArenaState.joined, _arena_view(), _join_view()),
        uses_ai=False,  # the Arena is sample data: no demo-mode banner
    )
