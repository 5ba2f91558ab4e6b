"""ArenaState: one founder's view of the shared Startup Arena (T-ARENA-1..3, issue 16).

Every handler asks the server-side session who is signed in (`for_user`) and calls a use case
of `services.arena` in a worker thread; the view is read again in the same trip. An open
Arena tab polls (`poll`, every POLL_SECONDS from a timer on the page): one cheap query says
whether anything changed since the tab's mark, and only then is the view read again. Polling
the database, not broadcasting in one process, is what lets founders served by different
backend workers see each other's posts and likes.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from datetime import date
from typing import Any

import reflex as rx
from reflex.event import EventSpec
from reflex.experimental.client_state import ClientStateVar

from startup_toolkit.domain import arena as rules
from startup_toolkit.domain import arena_content as content
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.services import arena
from startup_toolkit.services.arena_board import (
    ArenaView,
    ChallengeRow,
    Loaded,
    act,
    load_with_mark,
)
from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin

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
#: The open tab: the browser's own (the Leaderboard at first, and again on entering).
arena_tab = ClientStateVar.create("arena_tab", default="leaderboard")


def _empty_form() -> dict[str, str]:
    return dict.fromkeys(sorted(rules.ENTRY_FIELD_NAMES), "")


@dataclasses.dataclass
class Calendar:
    """The month of the first upcoming event: its title, its weeks (0: a blank day) and
    {day of the month: event title}."""

    title: str = ""
    weeks: list[list[int]] = dataclasses.field(default_factory=list)
    days: dict[str, str] = dataclasses.field(default_factory=dict)


def _calendar(today: date) -> Calendar:
    events = content.upcoming_events(today)
    first = events[0].day
    in_month = {
        str(e.day.day): e.title
        for e in events
        if (e.day.year, e.day.month) == (first.year, first.month)
    }
    return Calendar(
        content.month_title(first), content.month_grid(first.year, first.month), in_month
    )


@dataclasses.dataclass
class EntryForm:
    """The founder's entry as typed (T-ARENA-1), its errors, and whether it is being
    changed or saved."""

    fields: dict[str, str] = dataclasses.field(default_factory=_empty_form)
    errors: dict[str, str] = dataclasses.field(default_factory=dict)
    editing: bool = False
    saving: bool = False


@dataclasses.dataclass
class Draft:
    """The feed's post box (T-ARENA-2): the text, its inline error and whether it is posting."""

    text: str = ""
    error: str = ""
    posting: bool = False


class ArenaState(PrivateStateMixin, rx.State):
    """The founder's Arena: the shared view as last read (`view`: None while loading, an
    empty entry means not in the Arena), the entry form and the post box. The open tab, how
    many rankings show and the challenge details dialog are the browser's own (view.py,
    view_board.py, view_events.py): the server never needs them."""

    load_failed: bool = False
    view: ArenaView | None = None  # None until loaded
    calendar: Calendar | None = None  # None until loaded
    form: EntryForm | None = None  # None until typed in or opened with Edit entry
    draft: Draft | None = None  # None until typed in
    _mark: str = ""  # the changes mark the view was read under

    @rx.var
    def my_challenges(self) -> list[ChallengeRow]:
        return [c for c in self.view.challenges if c.joined] if self.view is not None else []

    def _entry(self) -> dict[str, str]:
        """The founder's entry as last read ({}: not in the Arena, or not loaded yet)."""
        return self.view.entry if self.view is not None else {}

    def _joined(self) -> bool:
        return bool(self._entry())

    def _entry_form(self, editing: bool = False) -> EntryForm:
        """A form holding the founder's entry as last read (empty fields: not in the Arena)."""
        return EntryForm({**_empty_form(), **self._entry()}, editing=editing)

    # -- loading and live updates ----------------------------------------------------------

    def _apply(self, loaded: Loaded) -> None:
        self._mark = loaded.mark
        view = loaded.view
        if view is None:
            return
        self.view = view
        form = self.form
        if form is not None and not form.editing and not form.saving:
            self.form = None  # the form shows the entry as just read
        self.calendar = _calendar(utcnow().date())
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
        if not done.ok or done.value is None:  # signed out: keep loading while the guard redirects
            self.load_failed = done.toast is not None
            return done.toast
        self._apply(done.value)
        return None

    @rx.event
    async def poll(self, _tick: Any = None) -> None:
        """The page's timer: read the view again only if something changed since the mark."""
        if self.view is None or self.load_failed:
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
        form = self.form or self._entry_form()
        if name in rules.ENTRY_FIELD_NAMES and isinstance(value, str) and not form.saving:
            form.fields = {**form.fields, name: value[: rules.INPUT_CAP]}
            form.errors = {k: v for k, v in form.errors.items() if k != name}
            self.form = form

    @rx.event
    def edit_entry(self) -> None:
        if self.view is not None:
            self.form = self._entry_form(editing=True)

    @rx.event
    def cancel_edit(self) -> None:
        if self.view is not None:
            self.form = None

    @rx.event
    async def save_entry(self) -> EventSpec | list[EventSpec] | None:
        """Enter the Arena (on the Leaderboard tab), or save the changed entry."""
        form = self.form or self._entry_form()
        if form.saving or self.view is None:
            return None
        self.form = form
        errors = rules.validate_join(form.fields)
        form.errors = errors
        if errors:
            title, detail = rules.join_toast(errors)
            return _toast(toasts.error, title, detail)
        form.saving = True
        try:
            outcome, toast = await self._act(arena.save_entry, dict(form.fields), what="Entering")
        finally:
            form.saving = False  # still self.form: a read while saving leaves the form
        if toast is not None:
            return toast
        if outcome.errors:
            form.errors = outcome.errors
            return _toast(toasts.error, *rules.join_toast(outcome.errors))
        self.form = None
        if not outcome.created:
            return _toast(toasts.success, "Entry updated", "Every founder sees the change.")
        welcome = _toast(
            toasts.success,
            "Welcome to the Arena!",
            f"You enter at rank #{self.view.rank} with {self.view.score} points.",
        )
        return [arena_tab.push("leaderboard"), welcome]

    # -- the feed (T-ARENA-2) --------------------------------------------------------------

    @rx.event
    def set_draft(self, value: str) -> None:
        if isinstance(value, str) and not (self.draft is not None and self.draft.posting):
            self.draft = Draft(value[: rules.INPUT_CAP])

    @rx.event
    async def post(self) -> EventSpec | None:
        draft = self.draft or Draft()
        if draft.posting or not self._joined():
            return None
        self.draft = draft
        error = rules.validate_post(draft.text)
        draft.error = error if error == rules.POST_TOO_LONG else ""
        if error == rules.EMPTY_POST_DETAIL:
            return _toast(toasts.error, rules.EMPTY_POST, error)
        if error is not None:
            return _toast(toasts.error, "Post too long", error)
        draft.posting = True
        try:
            outcome, toast = await self._act(arena.create_post, draft.text, what="Posting")
        finally:
            draft.posting = False
        if toast is not None:
            return toast
        if not outcome.post_id:
            return _toast(toasts.error, outcome.title, outcome.detail)
        self.draft = None
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
        if toast is None and liked.own:
            return _toast(toasts.info, rules.OWN_POST_TITLE, rules.OWN_POST_DETAIL)
        return toast

    @rx.event
    async def toggle_follow(self, entry_id: int) -> EventSpec | None:
        _, toast = await self._act(arena.toggle_follow, entry_id, what="Following")
        return toast

    # -- challenges and events (T-ARENA-3) -------------------------------------------------

    @rx.event
    async def join_challenge(self, key: str) -> EventSpec | None:
        found = content.challenge(key)
        if found is None or not self._joined():
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
    async def register(self, key: str) -> EventSpec | None:
        if not isinstance(key, str) or not self._joined():
            return None
        found, toast = await self._act(arena.register_event, key, what="Registering")
        if toast is not None or found is None:
            return toast
        if found is False:
            return _toast(toasts.info, rules.ALREADY_REGISTERED, "You are on the list.")
        return _toast(toasts.success, "Registered", f"{found.title}, {found.date} (sample event).")
