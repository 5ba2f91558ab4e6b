"""The "Idea" select of a tool's form, as a Reflex mixin: "New idea" or one of the founder's
ideas ("Run again on <title>"), so a run lands on the idea the founder means.

The page lists `load_idea_choices` in its on_load, implements `_fill_idea_text` (choosing an
idea puts its description in the form's idea text, still editable), and passes
`self._chosen_idea_id()` to its run builder. Typing after choosing keeps the choice; only
"New idea" drops it. The choice is checked against the ideas loaded for the signed-in
founder; a signed-out visitor has none (and sees no picker).
"""

from __future__ import annotations

import dataclasses

import reflex as rx
from reflex.event import EventSpec
from sqlmodel import Session

from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.services import workspace
from startup_toolkit.state import toasts
from startup_toolkit.state.private import for_user
from startup_toolkit.state.private_state import PrivateStateMixin

NEW_IDEA = "new"
NEW_IDEA_LABEL = "New idea"
IDEA_GONE = "That idea was not found"
IDEA_GONE_DETAIL = "It may have been deleted. Describe it again as a new idea."
IDEA_TOAST_ID = "idea-choice"


def option_label(title: str) -> str:
    return f"Run again on {title}"


@dataclasses.dataclass(frozen=True)
class IdeaOption:
    """One entry of the select: the idea's id (as text) and its label."""

    value: str = ""
    label: str = ""


@dataclasses.dataclass(frozen=True)
class IdeaChoice:
    """The select: the founder's ideas to run on, and the chosen one's value (`NEW_IDEA`)."""

    options: list[IdeaOption]
    chosen: str = NEW_IDEA


def _idea_text(session: Session, user_id: str, idea_id: int) -> str | None:
    """The description of one of the founder's ideas (None: not theirs, or gone)."""
    idea = workspace.get_idea(session, user_id, idea_id)
    return idea.description if idea is not None else None


class IdeaChoiceMixin(PrivateStateMixin, mixin=True):
    """`idea_choice`, `load_idea_choices` (on_load) and `choose_idea`."""

    idea_choice: IdeaChoice | None = None  # None: no ideas to choose from (or signed out)

    def _options(self) -> list[IdeaOption]:
        return self.idea_choice.options if self.idea_choice is not None else []

    def _chosen(self) -> str:
        return self.idea_choice.chosen if self.idea_choice is not None else NEW_IDEA

    def _set_choice(self, options: list[IdeaOption], chosen: str = NEW_IDEA) -> None:
        self.idea_choice = IdeaChoice(options, chosen) if options else None

    def _choose_new_idea(self) -> None:
        """ "New idea": the next run makes an idea of the text."""
        self._set_choice(self._options())

    @rx.event
    async def load_idea_choices(self) -> None:
        """on_load: the signed-in founder's most recently active ideas (none when signed out
        or when the database cannot say)."""
        done = await for_user(
            self,
            workspace.idea_choices,
            signed_out=None,
            failed=None,
            what="Loading the idea choices",
        )
        choices = done.value if done.ok and done.value else []
        options = [IdeaOption(str(i), option_label(t)) for i, t in choices]
        chosen = self._chosen()
        kept = any(o.value == chosen for o in options)
        self._set_choice(options, chosen if kept else NEW_IDEA)

    @rx.event
    async def choose_idea(self, value: str) -> EventSpec | None:
        """The select: "New idea", or one of the loaded ideas (its description fills the
        idea text). Anything else is ignored."""
        if value == NEW_IDEA:
            self._choose_new_idea()
            return None
        idea_id = self._loaded_id(value)
        if idea_id is None:
            return None
        done = await for_user(
            self, _idea_text, idea_id, signed_out=None, failed=None, what="Choosing an idea"
        )
        if not done.ok:
            return done.toast
        if done.value is None:
            self._set_choice([o for o in self._options() if o.value != value])
            return toasts.error(IDEA_GONE, description=IDEA_GONE_DETAIL, id=IDEA_TOAST_ID)
        self._set_choice(self._options(), value)
        self._fill_idea_text(done.value)
        return None

    def _loaded_id(self, value: object) -> int | None:
        """The idea id `value` names when it is one of the loaded choices."""
        if not isinstance(value, str) or all(o.value != value for o in self._options()):
            return None
        return valid_row_id(value)

    def _chosen_idea_id(self) -> int | None:
        """The idea the next run lands on (None: a new idea, from the text)."""
        return self._loaded_id(self._chosen())

    def _select_idea(self, idea_id: int | None, title: str) -> None:
        """A reopened run's idea becomes the choice (added to the list when it is older than
        the ideas loaded); no idea: "New idea"."""
        if idea_id is None:
            self._choose_new_idea()
            return
        value = str(idea_id)
        options = self._options()
        if all(o.value != value for o in options):
            options = [*options, IdeaOption(value, option_label(title))]
        self._set_choice(options, value)

    def _fill_idea_text(self, text: str) -> None:
        """Put the chosen idea's description in the form's idea text."""
        raise NotImplementedError
