"""DashboardState without a browser, on a real migrated SQLite database and real sessions.

P-DASH-1..10 handlers: loading, favourites (toasts and activity), result detail and delete,
notifications (mark all, dismiss), Profile modal Manage, 'Failed to load user data'; signed-out
handlers change nothing, and ids of another user's rows change nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest
from reflex.event import Event
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from startup_toolkit.domain.catalog import AI_COFOUNDER, GROWTH_ENGINE
from startup_toolkit.models import SavedResult, UserActivity, UserFavorite, UserNotification
from startup_toolkit.pages.dashboard import state as page
from startup_toolkit.pages.dashboard.state import DashboardState
from startup_toolkit.services import activity, favorites, notifications
from startup_toolkit.services import dashboard as service
from tests.support.events import call, toast_text
from tests.support.founders import Founder, founder_fixture, open_access
from tests.support.kept import saved_result
from tests.support.tool_states import substate

ROUTE = "/dashboard"


_setup = open_access()


def make_state(cookie: str = "") -> DashboardState:
    return substate(DashboardState, ROUTE, cookie)


user_a = founder_fixture("a@example.com")
user_b = founder_fixture("b@example.com")


def count(engine: Engine, model: Any, *where: Any) -> int:
    with Session(engine) as db:
        return len(db.exec(select(model).where(*where)).all())


def test_p_dash_1_to_8_load_fills_the_page(engine: Engine, user_a: Founder) -> None:
    saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    state = make_state(user_a[1])
    assert state.view is None  # the skeletons
    assert call(state.load()) == []
    assert state.view is not None and state.load_failed is False
    assert state.view.plan_name == "Free Plan · All AI tools included" and state.view.plan_active
    assert state.view.saved_total == 1 and state.view.saved[0]["title"] == "Plan"
    assert (
        state.view.resume_tool == GROWTH_ENGINE.name
        and state.view.resume_path == GROWTH_ENGINE.path
    )
    assert state.view.tools_used == 1
    assert [a["n"] for a in state.view.activity] == ["1", "2"]
    assert state.view.activity[0]["when"] == "Just now"
    messages = [n["message"] for n in state.view.notifications]
    assert any(m.startswith("Welcome to Unstuck!") for m in messages)
    assert state.view.unread == len(messages)


def test_p_dash_10_load_failure_toasts(
    engine: Engine, user_a: Founder, monkeypatch: pytest.MonkeyPatch
) -> None:
    """P-DASH-10: 'Failed to load user data' when loading fails."""
    state = make_state(user_a[1])

    def broken(*_a: object) -> None:
        raise OperationalError("select", {}, Exception("down"))

    monkeypatch.setattr(service, "load_dashboard", broken)
    evs = call(state.load())
    assert page.LOAD_FAILED in toast_text(evs) and state.load_failed
    assert state.view == page.DashboardView()  # the empty dashboard, no skeletons


def test_p_dash_2_favourites_toggle_toasts_and_open_logs(engine: Engine, user_a: Founder) -> None:
    state = make_state(user_a[1])
    call(state.load())
    assert "Added to favorites" in toast_text(call(state.toggle_favorite(AI_COFOUNDER.path)))
    assert [f["path"] for f in state.view.favorites] == [AI_COFOUNDER.path]
    assert "Removed from favorites" in toast_text(call(state.toggle_favorite(AI_COFOUNDER.path)))
    assert state.view.favorites == []
    call(state.toggle_favorite(AI_COFOUNDER.path))
    evs = call(state.open_favorite(AI_COFOUNDER.path))
    assert [e.payload["path"] for e in evs if e.name == "_redirect"] == [AI_COFOUNDER.path]
    assert count(engine, UserActivity, UserActivity.action == "Opened AI Co-Founder from favorites")
    # Anything outside the catalogue is ignored.
    assert call(state.toggle_favorite("/evil")) == []
    assert call(state.open_favorite("https://evil.example")) == []


def test_p_dash_2_failure_toasts(
    engine: Engine, user_a: Founder, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = make_state(user_a[1])
    call(state.load())
    monkeypatch.setattr(favorites, "toggle_favorite", lambda *a: None)
    assert "Failed to add favorite" in toast_text(call(state.toggle_favorite(AI_COFOUNDER.path)))
    state.view.favorites = [{"name": AI_COFOUNDER.name, "path": AI_COFOUNDER.path, "icon": "bot"}]
    assert "Failed to remove favorite" in toast_text(call(state.toggle_favorite(AI_COFOUNDER.path)))


def test_p_dash_5_detail_and_delete_closes_it(engine: Engine, user_a: Founder) -> None:
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    state = make_state(user_a[1])
    call(state.load())
    assert call(state.open_result(str(rid))) == []
    assert state.detail["title"] == "Plan"
    assert state.detail["tool"] == GROWTH_ENGINE.name and state.detail["text"] == "Body"
    evs = call(state.delete_result(str(rid)))
    assert "Result deleted successfully" in toast_text(evs)
    assert state.detail is None and state.view.saved == []
    assert "Failed to delete result" in toast_text(call(state.delete_result(str(rid))))
    assert "Failed to delete result" in toast_text(call(state.delete_result("not a number")))


def test_p_dash_8_mark_all_and_dismiss(engine: Engine, user_a: Founder) -> None:
    with Session(engine) as db:  # beside the welcome: one more unread
        activity.add_notification(db, user_a[0], "info", "Your scan is ready")
        db.commit()
    state = make_state(user_a[1])
    call(state.load())
    first = state.view.notifications[0]["id"]
    before = state.view.unread
    assert call(state.dismiss_notification(first)) == []
    assert state.view.unread == before - 1 and state.view.notifications[0]["read"] == "1"
    assert "All notifications marked as read" in toast_text(call(state.mark_all_read()))
    assert state.view.unread == 0 and all(n["read"] for n in state.view.notifications)
    assert "No notifications to clear" in toast_text(call(state.mark_all_read()))
    assert count(engine, UserNotification, UserNotification.is_read.is_(False)) == 0  # type: ignore[attr-defined]


def test_p_dash_8_mark_all_failure(
    engine: Engine, user_a: Founder, monkeypatch: pytest.MonkeyPatch
) -> None:
    state = make_state(user_a[1])
    monkeypatch.setattr(notifications, "mark_all_read", lambda *a: 0)
    assert "Failed to clear notifications" in toast_text(call(state.mark_all_read()))


def test_p_dash_9_manage_is_a_full_page_navigation(engine: Engine, user_a: Founder) -> None:
    state = make_state(user_a[1])
    evs = state.manage_profile()
    scripts = [e.payload["javascript_code"] for e in Event.from_event_type(evs)]
    assert scripts == ["window.location.assign('/profile')"]


def snapshot(engine: Engine) -> tuple[int, ...]:
    with Session(engine) as db:
        return (
            len(db.exec(select(UserFavorite)).all()),
            len(db.exec(select(SavedResult)).all()),
            len(db.exec(select(UserActivity)).all()),
            len(db.exec(select(UserNotification).where(UserNotification.is_read)).all()),
        )


def test_signed_out_handlers_change_nothing(engine: Engine, user_a: Founder) -> None:
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    with Session(engine) as db:
        nid = db.exec(select(UserNotification.id)).first()
    state = make_state()
    before = snapshot(engine)
    # P-AUTH-1: the page's load is its own access guard: to sign-in, and back here after.
    [go] = call(state.load())
    assert go.payload["path"] == "/login?next=%2Fdashboard"
    for coro in (
        state.toggle_favorite(AI_COFOUNDER.path),
        state.open_favorite(AI_COFOUNDER.path),
        state.open_result(str(rid)),
        state.delete_result(str(rid)),
        state.mark_all_read(),
        state.dismiss_notification(str(nid)),
    ):
        assert call(coro) == []
    assert snapshot(engine) == before
    assert state.view is None and state.detail is None  # nothing shown: still the skeletons


def test_other_users_ids_change_nothing(engine: Engine, user_a: Founder, user_b: Founder) -> None:
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="A's plan")
    with Session(engine) as db:
        nid = db.exec(
            select(UserNotification.id).where(UserNotification.user_id == user_a[0])
        ).first()
        activity.log_activity(db, user_a[0], "x", "y")
    b = make_state(user_b[1])
    call(b.load())
    before = snapshot(engine)
    assert "Failed to load result" in toast_text(call(b.open_result(str(rid))))
    assert b.detail is None
    assert "Failed to delete result" in toast_text(call(b.delete_result(str(rid))))
    assert "Failed to mark" in toast_text(call(b.dismiss_notification(str(nid))))
    assert snapshot(engine) == before
    assert count(engine, SavedResult, SavedResult.id == rid) == 1


BAD_IDS: list[Any] = [2**63, 2**64, -1, 0, "-5", "1.5", 1.5, True, None, [], {}, "9" * 40, "٣"]


@pytest.mark.parametrize("bad", BAD_IDS, ids=repr)
def test_bad_ids_get_the_not_found_toast(
    engine: Engine, user_a: Founder, bad: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Finding 8 of issue 13: ids past BIGINT, negative, non-integer or of the wrong type get
    the answer another user's id gets (no OverflowError from the driver, nothing logged)."""
    saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    state = make_state(user_a[1])
    call(state.load())
    before = snapshot(engine)
    assert "Failed to load result" in toast_text(call(state.open_result(bad)))
    assert "Failed to delete result" in toast_text(call(state.delete_result(bad)))
    assert "Failed to mark" in toast_text(call(state.dismiss_notification(bad)))
    assert snapshot(engine) == before and len(state.view.saved) == 1
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_a_saved_result_is_sanitised_when_read(engine: Engine, user_a: Founder) -> None:
    """A row written by an older version (or straight into the database) with a script is
    shown sanitised in the detail modal."""
    with Session(engine) as db:
        row = SavedResult(
            user_id=user_a[0],
            tool_name=GROWTH_ENGINE.name,
            title="Old",
            content={"rawContent": "Body"},
            formatted_content='<p onmouseover="x()">Kept</p><script>alert(1)</script>',
        )
        db.add(row)
        db.commit()
        rid = row.id
    state = make_state(user_a[1])
    call(state.open_result(str(rid)))
    assert state.detail["html"] == "<p>Kept</p>"
