"""ArenaState: the Startup Arena's tab-local state (T-ARENA-1, T-ARENA-2, T-ARENA-3).

Entirely sample data (spec): no AI, no database. Joining and posting are checked by ordinary
(sequential) handlers, so they see everything typed before the click; the spec's 500 ms and
1 s waits then run in background tasks that take the tab's lock only to write.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import AsyncIterator, Callable
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import arena as rules
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.state import toasts
from startup_toolkit.state.private_state import PrivateStateMixin
from startup_toolkit.state.tabs import TabsMixin

#: Spec: rank and score appear 500 ms after joining; a post appears after 1 s. Tests shrink them.
JOIN_DELAY_SECONDS = 0.5
POST_DELAY_SECONDS = 1.0
TOAST_ID = "arena-status"


def _toast(show: Callable[..., EventSpec], title: str, detail: str) -> EventSpec:
    """An Arena toast (`show`: toasts.success, .info or .error); they share one id, so a
    new one replaces the last."""
    return show(title, description=detail, id=TOAST_ID)


TABS: tuple[tuple[str, str], ...] = (
    ("leaderboard", "Leaderboard"),
    ("feed", "Arena Feed"),
    ("challenges", "Challenges"),
    ("events", "Events"),
)
TAB_VALUES = frozenset(value for value, _ in TABS)
YOU = "You"


def _empty_form() -> dict[str, str]:
    return {name: "" for name, _, _ in rules.JOIN_FIELDS}


class ArenaState(PrivateStateMixin, TabsMixin, rx.State):
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
    tab_values: ClassVar[frozenset[str]] = TAB_VALUES
    tab: str = "leaderboard"
    posts: list[rules.FeedPost] = list(rules.FEED)
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

    async def _waited(self, busy: str, seconds: float) -> bool:
        """Wait `seconds` if the step whose flag is `busy` is under way (False: it is not).
        The lock is only held to look: the tab stays responsive while it waits."""
        async with self:
            if not getattr(self, busy):
                return False
        await asyncio.sleep(seconds)
        return True

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
            return _toast(toasts.error, title, detail)
        self.joining = True  # the form is frozen until finish_join is done
        return ArenaState.finish_join

    @rx.event(background=True)
    async def finish_join(self) -> AsyncIterator[EventSpec]:
        """Rank 68 and score 73 after JOIN_DELAY_SECONDS; does nothing unless joining."""
        if not await self._waited("joining", JOIN_DELAY_SECONDS):
            return
        async with self:
            if not self.joining:
                return
            for name in rules.JOIN_FIELD_NAMES:  # company, industry, revenue, users, growth
                setattr(self, name, self.form[name].strip())
            self.rank = rules.JOIN_RANK
            self.score = rules.JOIN_SCORE
            self.tab = "leaderboard"
            self.joined = True
            self.joining = False
        yield _toast(
            toasts.success,
            "Welcome to the Arena!",
            f"You enter at rank #{rules.JOIN_RANK} with {rules.JOIN_SCORE} points.",
        )

    @rx.event
    def load_more(self) -> EventSpec:
        """Load More Rankings: the sample board has only its top five."""
        return _toast(
            toasts.info,
            "No more rankings in this sample",
            f"The sample arena lists the top {rules.LEADERBOARD_SIZE} only. " + rules.RANKING_NOTE,
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
        post_id = valid_row_id(post_id, text=False)
        if not self.joined or post_id is None:
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
            return _toast(toasts.error, rules.EMPTY_POST, error)
        if error is not None:
            return _toast(toasts.error, "Post too long", error)
        self.posting = True  # the draft is frozen until finish_post is done
        return ArenaState.finish_post

    @rx.event(background=True)
    async def finish_post(self) -> AsyncIterator[EventSpec]:
        """The post at the top of the feed after POST_DELAY_SECONDS with 0 likes, +2 points;
        does nothing unless posting."""
        if not await self._waited("posting", POST_DELAY_SECONDS):
            return
        async with self:
            if not self.posting:
                return
            post = rules.FeedPost(
                id=rules.next_post_id(p.id for p in self.posts),
                author=YOU,
                avatar=rules.initials(self.company),
                company=self.company,
                content=self.draft.strip(),
                time="Just now",
            )
            self.posts = rules.add_post(self.posts, post)
            self.score = rules.score_after_post(self.score)
            self.post_points += rules.POST_POINTS
            self.draft = ""
            self.posting = False
        yield _toast(toasts.success, "Posted to the Arena", f"+{rules.POST_POINTS} points")

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
            return _toast(toasts.info, rules.ALREADY_JOINED, f"You are already in {found.title}.")
        self.joined_challenges = ids
        return _toast(
            toasts.success,
            "Challenge joined",
            f"{found.title}: {found.reward} when you complete it.",
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
        wanted = valid_row_id(event_id, text=False)
        found = next((e for e in rules.EVENTS if e.id == wanted), None)
        if found is None or not self.joined:
            return None
        ids, new = rules.join_once(self.registered, found.id)
        if not new:
            return _toast(toasts.info, rules.ALREADY_REGISTERED, found.title)
        self.registered = ids
        return _toast(toasts.success, "Registered", f"{found.title}, {found.date} (sample event).")


def _active_challenge(challenge_id: Any) -> rules.Challenge | None:
    wanted = valid_row_id(challenge_id, text=False)
    if wanted is None:
        return None
    found = rules.challenge(wanted)
    return found if found is not None and found.active else None
