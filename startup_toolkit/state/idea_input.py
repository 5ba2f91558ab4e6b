"""The idea field of a tool's form, as a Reflex mixin: the text (kept to a cap beyond the
limit), the inline message under the field, the character counter and the too-long flag.

The page says what makes an idea acceptable (`_idea_problem`); `_refuse_idea` turns a problem
into the message under the field and a toast.
"""

from __future__ import annotations

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import idea_text
from startup_toolkit.state import toasts


class IdeaInputMixin(rx.State, mixin=True):
    """`idea`, `validation`, `counter`, `too_long` and `set_idea`."""

    idea: str = ""
    validation: str = ""  # the inline message under the idea

    @rx.var
    def counter(self) -> str:
        return idea_text.idea_counter(self.idea)

    @rx.var
    def too_long(self) -> bool:
        return idea_text.is_too_long(self.idea)

    @rx.event
    def set_idea(self, value: str) -> None:
        """Keep what was typed (up to the cap); the message goes once the idea is acceptable."""
        if isinstance(value, str):
            self.idea = value[: idea_text.IDEA_INPUT_CAP]
            if self.validation and self._idea_problem(self.idea) is None:
                self.validation = ""

    def _idea_problem(self, idea: str) -> tuple[str, str] | None:
        """(title, detail) of what is wrong with `idea`, or None when the tool may run on it."""
        raise NotImplementedError

    def _refuse_idea(self, toast_id: str) -> EventSpec | None:
        """The error toast (with the title under the field too) when the idea is not
        acceptable; None, and no message, when it is."""
        problem = self._idea_problem(self.idea)
        self.validation = problem[0] if problem else ""
        if problem is None:
            return None
        return toasts.error(problem[0], description=problem[1], id=toast_id)
