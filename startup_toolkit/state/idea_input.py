"""The idea field of a tool's form, as a Reflex mixin: the text (kept to a cap beyond the
limit) and the inline message under the field (the counter is worked out in the browser:
`components.idea_field`).

The page says what makes an idea acceptable (`_idea_problem`); `_refuse_idea` turns a problem
into the message under the field and a toast.
"""

from __future__ import annotations

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import idea_text
from startup_toolkit.state import toasts


class IdeaInputMixin(rx.State, mixin=True):
    """`idea`, `validation` and `set_idea`."""

    idea: str = ""
    validation: str = ""  # the inline message under the idea

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
