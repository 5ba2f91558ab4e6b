# ruff: noqa: F811  (pytest fixtures imported from test_state)
"""The AI personalisation tab's "Use my saved work in the AI Co-Founder" (issue 14, item 8):
on by default, loaded with the other settings, stored as soon as it is switched, and only
a boolean is accepted (signed out: see test_state's handler list)."""

from __future__ import annotations

import dataclasses

import pytest
from sqlalchemy.engine import Engine

from startup_toolkit.models import UserAiSettings
from startup_toolkit.pages.profile.state import ProfileState
from tests.pages.profile.test_state import (  # noqa: F401  (fixtures: state, token, user_id)
    assert_toast,
    loaded,
    row,
    state,
    token,
    user_id,
)
from tests.support.events import drain, toasts

pytestmark = pytest.mark.usefixtures("cheap_hashing")


def test_on_by_default_switched_off_and_on_again(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    loaded(state)
    assert state.ai.use_saved_work is True
    assert row(engine, UserAiSettings, user_id).use_saved_work is True
    assert_toast(drain(state.save_use_saved_work(False)), "success", "AI settings updated")
    assert state.ai.use_saved_work is False
    assert row(engine, UserAiSettings, user_id).use_saved_work is False
    # a new load shows what is stored
    state.ai = dataclasses.replace(state.ai, use_saved_work=True)
    loaded(state)
    assert state.ai.use_saved_work is False
    drain(state.save_use_saved_work(True))
    assert row(engine, UserAiSettings, user_id).use_saved_work is True


@pytest.mark.parametrize("junk", ["false", 0, None, [False]])
def test_anything_but_a_boolean_changes_nothing(
    state: ProfileState, engine: Engine, user_id: str, junk: object
) -> None:
    loaded(state)
    assert toasts(drain(state.save_use_saved_work(junk))) == []  # type: ignore[arg-type]
    assert state.ai.use_saved_work is True
    assert row(engine, UserAiSettings, user_id).use_saved_work is True
