"""ArenaState: one founder's view of the shared Startup Arena (T-ARENA-1..3, issue 16).

Every handler asks the server-side session who is signed in (`for_user`) and calls a use case
of `services.arena` in a worker thread; the view is read again in the same trip. An open
Arena tab polls (`poll`, every POLL_SECONDS from a timer on the page): one cheap query says
whether anything changed since the tab's mark, and only then is the view read again. Polling
the database, not broadcasting in one process, is what lets founders served by different
backend workers see each other's posts and likes.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import date
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import arena as rules
from startup_toolkit.domain import arena_content as content
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.services import arena
from startup_toolkit.services.arena_board import (
    BoardRow,
    ChallengeRow,
    EventRow,
    FounderRow,
    Loaded,
    PostRow,
    act,
    load_with_mark,
)
from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin
from startup_toolkit.state.tabs import TabsMixin

TOAST_ID = "arena-status"
LOAD_FAILED = "The Arena could not be loaded. Please reload the page."
SAVE_FAILED = "That did not go through. Please try again."
SIGNED_OUT = toasts.error("Please sign in again to use the Arena.", id=TOAST_ID)


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


def _empty_form() -> dict[str, str]:
    return dict.fromkeys(sorted(rules.ENTRY_FIELD_NAMES), "")


def _calendar(today: date) -> tuple[str, list[list[int]], dict[str, str]]:
    """(title, weeks, {day of the month: event title}) of the first upcoming event's month."""
    events = content.upcoming_events(today)
    first = events[0].day
    in_month = {
        str(e.day.day): e.title
        for e in events
        if (e.day.year, e.day.month) == (first.year, first.month)
    }
    return content.month_title(first), content.month_grid(first.year, first.month), in_month


class ArenaState(PrivateStateMixin, TabsMixin, rx.State):
    loading: bool = True
    load_failed: bool = False
    # The founder's entry (T-ARENA-1): the form, and what is stored.
    joined: bool = False
    editing: bool = False
    saving: bool = False
    form: dict[str, str] = _empty_form()
    errors: dict[str, str] = {}
    entry: dict[str, str] = {}
    # The board (T-ARENA-2).
    entered: int = 0
    show_samples: bool = True
    rank: int = 0
    score: int = 0
    runs: int = 0
    challenge_points: int = 0
    likes: int = 0
    to_top_five: int = 0
    progress: int = 0
    board: list[BoardRow] = []
    board_limit: int = rules.LEADERBOARD_SIZE
    # The feed (T-ARENA-2).
    posts: list[PostRow] = []
    topics: list[tuple[str, int]] = []
    founders: list[FounderRow] = []
    draft: str = ""
    post_error: str = ""
    posting: bool = False
    # Challenges and events (T-ARENA-3).
    challenges: list[ChallengeRow] = []
    detail_key: str = ""
    events: list[EventRow] = []
    calendar_title: str = ""
    calendar_weeks: list[list[int]] = []
    event_days: dict[str, str] = {}
    tab_values: ClassVar[frozenset[str]] = TAB_VALUES
    tab: str = "leaderboard"
    _mark: str = ""  # the changes mark the view was read under

    @rx.var
    def shown_board(self) -> list[BoardRow]:
        return self.board[: self.board_limit]

    @rx.var
    def more_rankings(self) -> bool:
        return len(self.board) > self.board_limit

    @rx.var
    def draft_length(self) -> int:
        return len(self.draft)

    @rx.var
    def company_initials(self) -> str:
        return rules.initials(self.entry.get("company", ""))

    @rx.var
    def my_challenges(self) -> list[ChallengeRow]:
        return [c for c in self.challenges if c.joined]

    @rx.var
    def detail(self) -> ChallengeRow:
        """The challenge whose details are open (an empty one when none is)."""
        return next((c for c in self.challenges if c.key == self.detail_key), ChallengeRow())

    # -- loading and live updates ----------------------------------------------------------

    def _apply(self, loaded: Loaded) -> None:
        self._mark = loaded.mark
        view = loaded.view
        if view is None:
            return
        self.joined = bool(view.entry)
        self.entry = view.entry
        if not self.editing and not self.saving:
            self.form = {**_empty_form(), **view.entry}
        self.entered, self.show_samples = view.entered, view.show_samples
        self.rank, self.score, self.runs = view.rank, view.score, view.runs
        self.challenge_points, self.likes = view.challenge_points, view.likes
        self.to_top_five, self.progress = view.to_top_five, view.progress
        self.board, self.posts, self.topics = view.board, view.posts, view.topics
        self.founders, self.challenges, self.events = view.founders, view.challenges, view.events
        self.calendar_title, self.calendar_weeks, self.event_days = _calendar(utcnow().date())
        self.loading = False
        self.load_failed = False

    @rx.event
    async def load(self) -> EventSpec | None:
        """Read the whole view (the page's on_load)."""
        done = await for_user(
            self,
            load_with_mark,
            signed_out=None,  # the page's guard sends the visitor to /login
            failed=toasts.error(LOAD_FAILED, id=TOAST_ID),
            what="Loading the Arena",
        )
        if not done.ok or done.value is None:
            self.load_failed = done.toast is not None
            self.loading = False
            return done.toast
        self._apply(done.value)
        return None

    @rx.event
    async def poll(self, _tick: Any = None) -> None:
        """The page's timer: read the view again only if something changed since the mark."""
        if self.loading or self.load_failed:
            return
        done = await for_user(
            self, load_with_mark, self._mark, signed_out=None, failed=None, what="Arena poll"
        )
        if done.ok and done.value is not None:
            self._apply(done.value)

    async def _act(
        self, action: Callable[..., Any], *args: Any, what: str
    ) -> tuple[Any, EventSpec | None]:
        """Run a use case for the signed-in founder and show the view it leaves; (its result,
        None) or (None, the toast to show instead)."""
        done = await for_user(
            self,
            act,
            action,
            *args,
            signed_out=SIGNED_OUT,
            failed=toasts.error(SAVE_FAILED, id=TOAST_ID),
            what=what,
        )
        if not done.ok or done.value is None:
            return None, done.toast
        self._apply(done.value)
        return done.value.result, None

    # -- the entry (T-ARENA-1) -------------------------------------------------------------

    @rx.event
    def set_field(self, name: str, value: str) -> None:
        if name in rules.ENTRY_FIELD_NAMES and isinstance(value, str) and not self.saving:
            self.form = {**self.form, name: value[: rules.INPUT_CAP]}
            self.errors = {k: v for k, v in self.errors.items() if k != name}

    @rx.event
    def edit_entry(self) -> None:
        self.form = {**_empty_form(), **self.entry}
        self.errors = {}
        self.editing = True

    @rx.event
    def cancel_edit(self) -> None:
        self.editing = False
        self.errors = {}
        self.form = {**_empty_form(), **self.entry}

    @rx.event
    async def save_entry(self) -> EventSpec | None:
        """Enter the Arena, or save the changed entry."""
        if self.saving:
            return None
        errors = rules.validate_join(self.form)
        self.errors = errors
        if errors:
            title, detail = rules.join_toast(errors)
            return _toast(toasts.error, title, detail)
        self.saving = True
        try:
            outcome, toast = await self._act(arena.save_entry, dict(self.form), what="Entering")
        finally:
            self.saving = False
        if toast is not None:
            return toast
        if outcome.errors:
            self.errors = outcome.errors
            return _toast(toasts.error, *rules.join_toast(outcome.errors))
        self.editing = False
        self.form = {**_empty_form(), **self.entry}
        if not outcome.created:
            return _toast(toasts.success, "Entry updated", "Every founder sees the change.")
        self.tab = "leaderboard"
        return _toast(
            toasts.success,
            "Welcome to the Arena!",
            f"You enter at rank #{self.rank} with {self.score} points.",
        )

    @rx.event
    def load_more(self) -> None:
        """Load More Rankings: five more entries."""
        self.board_limit = min(len(self.board), self.board_limit + rules.LEADERBOARD_SIZE)

    # -- the feed (T-ARENA-2) --------------------------------------------------------------

    @rx.event
    def set_draft(self, value: str) -> None:
        if isinstance(value, str) and not self.posting:
            self.draft = value[: rules.INPUT_CAP]
            self.post_error = ""

    @rx.event
    async def post(self) -> EventSpec | None:
        if self.posting or not self.joined:
            return None
        error = rules.validate_post(self.draft)
        self.post_error = error if error == rules.POST_TOO_LONG else ""
        if error == rules.EMPTY_POST_DETAIL:
            return _toast(toasts.error, rules.EMPTY_POST, error)
        if error is not None:
            return _toast(toasts.error, "Post too long", error)
        self.posting = True
        try:
            outcome, toast = await self._act(arena.create_post, self.draft, what="Posting")
        finally:
            self.posting = False
        if toast is not None:
            return toast
        if not outcome.post_id:
            return _toast(toasts.error, outcome.title, outcome.detail)
        self.draft = ""
        return _toast(toasts.success, "Posted to the Arena", "Every founder in the Arena sees it.")

    @rx.event
    async def delete_post(self, post_id: int) -> EventSpec | None:
        deleted, toast = await self._act(arena.delete_post, post_id, what="Deleting a post")
        if toast is not None:
            return toast
        if deleted:
            return _toast(toasts.success, "Post deleted", "It is gone from the feed.")
        return _toast(toasts.info, "Post not found", "It may have been deleted already.")

    @rx.event
    async def toggle_like(self, post_id: int) -> EventSpec | None:
        liked, toast = await self._act(arena.toggle_like, post_id, what="Liking")
        if toast is None and liked is None:
            return _toast(toasts.info, "Post not found", "It may have been deleted.")
        return toast

    @rx.event
    async def toggle_follow(self, entry_id: int) -> EventSpec | None:
        _, toast = await self._act(arena.toggle_follow, entry_id, what="Following")
        return toast

    # -- challenges and events (T-ARENA-3) -------------------------------------------------

    @rx.event
    async def join_challenge(self, key: str) -> EventSpec | None:
        found = content.challenge(key)
        if found is None or not self.joined:
            return None
        outcome, toast = await self._act(arena.join_challenge, found.key, what="Joining")
        if toast is not None or outcome is None:
            return toast
        if outcome == "already":
            return _toast(toasts.info, rules.ALREADY_JOINED, f"You are already in {found.title}.")
        return _toast(
            toasts.success,
            "Challenge joined",
            f"{found.title}: {found.reward_text} when you complete it. "
            f"Your kept {found.unit} from now on count.",
        )

    @rx.event
    def open_detail(self, key: str) -> None:
        if content.challenge(key) is not None:
            self.detail_key = key

    @rx.event
    def close_detail(self) -> None:
        self.detail_key = ""

    @rx.event
    def set_detail_open(self, is_open: bool) -> None:
        """The dialog's own close (Escape, outside click)."""
        if not is_open:
            self.detail_key = ""

    @rx.event
    async def register(self, key: str) -> EventSpec | None:
        if not isinstance(key, str) or not self.joined:
            return None
        found, toast = await self._act(arena.register_event, key, what="Registering")
        if toast is not None or found is None:
            return toast
        if found is False:
            return _toast(toasts.info, rules.ALREADY_REGISTERED, "You are on the list.")
        return _toast(toasts.success, "Registered", f"{found.title}, {found.date} (sample event).")
