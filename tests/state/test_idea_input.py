"""IdeaInputMixin, the idea field's state the Viability Scanner and the Idea Incubator share
(T-SCAN-1, T-IDEA-1): the cap and the message under the field (the counter is the
browser's: tests/e2e/test_scanner.py)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.domain import idea_text
from startup_toolkit.state.idea_input import IdeaInputMixin
from tests.support.events import js
from tests.support.tool_states import substate

EMPTY = ("Say something", "The idea is empty.")


class _IdeaProbe(IdeaInputMixin, rx.State):
    """A form whose idea must not be empty or too long."""

    def _idea_problem(self, idea: str) -> tuple[str, str] | None:
        if not idea.strip():
            return EMPTY
        if idea_text.idea_length(idea) > idea_text.MAX_IDEA_LENGTH:
            return idea_text.TOO_LONG, idea_text.TOO_LONG_DETAIL
        return None


def probe() -> _IdeaProbe:
    return substate(_IdeaProbe, "/probe")


def test_set_idea_keeps_up_to_the_cap_and_ignores_what_is_not_text() -> None:
    s = probe()
    s.set_idea("x" * 10_000)
    assert len(s.idea) == idea_text.IDEA_INPUT_CAP
    s.set_idea(None)  # type: ignore[arg-type]
    assert len(s.idea) == idea_text.IDEA_INPUT_CAP


def test_the_message_stays_until_the_idea_is_acceptable() -> None:
    s = probe()
    s.validation = EMPTY[0]
    s.set_idea("   ")
    assert s.validation == EMPTY[0]
    s.set_idea("An idea")
    assert s.validation == ""


def test_refuse_idea_shows_the_problem_under_the_field_and_in_a_toast() -> None:
    s = probe()
    spec = s._refuse_idea("probe-status")
    assert s.validation == EMPTY[0]
    text = js(spec)
    assert EMPTY[0] in text and EMPTY[1] in text and "probe-status" in text
    s.idea = "An idea"
    assert s._refuse_idea("probe-status") is None and s.validation == ""
