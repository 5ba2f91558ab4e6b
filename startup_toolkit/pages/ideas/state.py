"""IdeasState: the founder's ideas on /ideas (issue 14, item 3): each with its latest score,
a trend line, last activity and run count; rename inline. Picking 2-4 to compare happens in
the browser (`view.picked`): the server never needs the picks, the comparison page checks the
ids it is given.

Every handler asks the server-side session who is signed in (`for_user`) and the services
filter by that founder; ids from the browser only ever select among their own ideas."""

from __future__ import annotations

import dataclasses
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import idea_history as history
from startup_toolkit.domain import scanner as scan_rules
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.services import ideas as service
from startup_toolkit.services import workspace
from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin

ROUTE = "/ideas"
LOAD_FAILED = "Your ideas could not be loaded. Please reload the page."
PICK_HINT = "Pick 2 to 4 ideas"
RENAMED = "Idea renamed"
RENAME_FAILED = "The idea could not be renamed"
NAME_NEEDED = "Give the idea a name"


def idea_path(idea_id: Any) -> str:
    return f"{ROUTE}/{idea_id}"


@dataclasses.dataclass
class IdeaCard:
    id: str = ""
    title: str = ""
    has_score: bool = False
    score: int = 0
    verdict: str = ""
    color: str = "gray"
    trend: list[dict[str, int]] = dataclasses.field(default_factory=list)
    trend_label: str = ""
    at: str = ""
    runs: int = 0
    href: str = ""


def idea_card(s: service.IdeaSummary) -> IdeaCard:
    band = scan_rules.verdict(s.latest) if s.latest is not None else None
    scores = ", ".join(str(v) for v in s.trend)
    return IdeaCard(
        id=str(s.idea_id),
        title=s.title,
        has_score=s.latest is not None,
        score=s.latest or 0,
        verdict=band.label if band else history.NO_SCAN,
        color=band.color if band else "gray",
        trend=[{"n": n, "score": v} for n, v in enumerate(s.trend, start=1)],
        trend_label=f"Scan scores, oldest to newest: {scores}" if scores else "",
        at=s.last_activity.isoformat(),
        runs=s.runs,
        href=idea_path(s.idea_id),
    )


@dataclasses.dataclass
class Rename:
    """The inline rename: the id of the idea being renamed, the name typed, its problem."""

    editing: str = ""
    draft: str = ""
    error: str = ""


class IdeasState(PrivateStateMixin, rx.State):
    loading: bool = True
    load_failed: bool = False
    ideas: list[IdeaCard] = []
    rename: Rename | None = None  # None until a Rename button is pressed

    @rx.event
    async def load(self) -> EventSpec | None:
        self.loading = True
        done = await for_user(
            self,
            service.idea_summaries,
            signed_out=None,
            failed=toasts.error(LOAD_FAILED),
            what="Loading ideas",
        )
        if not done.ok:
            # Signed out: the page's guard sends the visitor to /login.
            self.load_failed = done.toast is not None
            self.loading = done.toast is None
            return done.toast
        self.ideas = [idea_card(s) for s in done.value or []]
        self.load_failed = False
        self.loading = False
        return None

    # --- rename ---------------------------------------------------------------------------

    @rx.event
    def start_rename(self, idea_id: str) -> None:
        card = next((c for c in self.ideas if c.id == idea_id), None)
        if card is not None:
            self.rename = Rename(card.id, card.title)

    @rx.event
    def cancel_rename(self) -> None:
        self.rename = None

    @rx.event
    def set_draft(self, value: str) -> None:
        if self.rename is not None:
            self.rename = Rename(self.rename.editing, value if isinstance(value, str) else "")

    @rx.event
    async def save_rename(self, _form: dict[str, Any] | None = None) -> EventSpec | None:
        """Keep the new name of the idea being renamed; an empty name says so and keeps the
        field open with what was typed."""
        rename = self.rename
        idea_id = valid_row_id(rename.editing) if rename is not None else None
        if rename is None or idea_id is None:
            return None
        if not rename.draft.strip():
            self.rename = dataclasses.replace(rename, error=NAME_NEEDED)
            return None
        done = await for_user(
            self,
            workspace.rename_idea,
            idea_id,
            rename.draft,
            signed_out=None,
            failed=toasts.error(RENAME_FAILED),
            what="Renaming an idea",
        )
        if not done.ok:
            return done.toast
        if done.value is None:
            self.rename = dataclasses.replace(rename, error=RENAME_FAILED)
            return None
        self.ideas = [
            dataclasses.replace(c, title=done.value) if c.id == rename.editing else c
            for c in self.ideas
        ]
        self.rename = None
        return toasts.success(RENAMED)
