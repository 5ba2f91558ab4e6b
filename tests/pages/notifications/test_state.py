"""NotificationsState without a browser, on a real migrated SQLite database and real sessions.

P-NOTE-1: load (newest first, 'N unread', bounded list), mark read, delete, mark all read, and
the success and failure toasts of spec section 8. Spec section 6: every call is scoped to the
signed-in user (another user's id changes nothing); signed out, handlers change nothing.
"""

from __future__ import annotations

import logging
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.models import UserNotification
from startup_toolkit.pages import notifications as page
from startup_toolkit.pages.notifications import NotificationsState
from startup_toolkit.state import private
from tests.support.events import drain, toasts
from tests.support.founders import cookie_header, session_token, signed_up
from tests.support.tool_states import router, substate

BASE = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


pytestmark = pytest.mark.usefixtures("cheap_hashing")


def make_state(cookie: str = "") -> NotificationsState:
    return substate(NotificationsState, page.ROUTE, cookie)


def signed_in_state(engine: Engine, user_id: str) -> NotificationsState:
    return make_state(cookie_header(session_token(engine, user_id), "theme=x; "))


def assert_toast(specs: list[Any], level: str, text: str) -> None:
    found = toasts(specs)
    assert len(found) == 1, found
    assert f'["{level}"]' in found[0], found[0]
    assert text in found[0], found[0]


def add(engine: Engine, user_id: str, message: str, minutes: int, type_: str = "info") -> int:
    with Session(engine) as db:
        row = UserNotification(
            user_id=user_id,
            type=type_,
            message=message,
            created_at=BASE + timedelta(minutes=minutes),
        )
        db.add(row)
        db.commit()
        assert row.id is not None
        return row.id


def stored(engine: Engine, user_id: str) -> list[tuple[str, bool]]:
    with Session(engine) as db:
        rows = db.exec(
            select(UserNotification)
            .where(UserNotification.user_id == user_id)
            .order_by(UserNotification.id)  # type: ignore[arg-type]
        ).all()
        return [(row.message, row.is_read) for row in rows]


@pytest.fixture
def ada(engine: Engine) -> str:
    """A user with the sign-up welcome (newest) plus two older notifications, who signed in
    at sign-up (that sign-in sends no notice: the next one does)."""
    user_id = signed_up(engine, "ada@example.com")
    session_token(engine, user_id)
    add(engine, user_id, "older", 0, "warning")
    add(engine, user_id, "old", 1, "surprise")
    return user_id


@pytest.fixture
def bob(engine: Engine) -> str:
    return signed_up(engine, "bob@example.com")


def test_p_note_1_load_lists_newest_first(engine: Engine, ada: str) -> None:
    """The sign-up welcome and the sign-in notice are newest; then the seeded ones."""
    state = signed_in_state(engine, ada)
    assert state.loading is True and page.LOADING_TEXT == "Loading notifications..."
    specs = drain(state.load())
    assert toasts(specs) == []
    assert state.loading is False and state.load_failed is False
    messages = [row.message for row in state.items]
    assert len(messages) == 4 and messages[-2:] == ["old", "older"]
    assert any(m.startswith("Welcome to") for m in messages[:2])
    assert [(row.type, row.label, row.color) for row in state.items][-2:] == [
        ("info", "Info", "blue"),  # unknown types show as info
        ("warning", "Warning", "amber"),
    ]
    welcome = next(row for row in state.items if row.message.startswith("Welcome to"))
    assert (welcome.type, welcome.label, welcome.color) == ("success", "Success", "green")
    assert state.unread == 4 and state.total == 4 and state.more_count == 0
    assert state.items[-1].created_at == "2026-01-01T12:00:00+00:00"


def test_p_note_1_list_is_bounded(
    engine: Engine, ada: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page, "LIST_LIMIT", 2)
    state = signed_in_state(engine, ada)
    drain(state.load())
    assert len(state.items) == 2 and state.total == 4 and state.more_count == 2


def test_p_note_1_mark_read(engine: Engine, ada: str) -> None:
    state = signed_in_state(engine, ada)
    drain(state.load())
    target = state.items[1]
    specs = drain(state.mark_read(target.id))
    assert_toast(specs, "success", "Notification marked as read")
    assert state.unread == 3
    assert next(r for r in state.items if r.id == target.id).is_read is True


def test_p_note_1_delete(engine: Engine, ada: str) -> None:
    state = signed_in_state(engine, ada)
    drain(state.load())
    target = state.items[-2]
    assert target.message == "old"
    specs = drain(state.delete(target.id))
    assert_toast(specs, "success", "Notification deleted")
    assert target.id not in [r.id for r in state.items] and state.total == 3
    assert "old" not in [m for m, _ in stored(engine, ada)]


def test_p_note_1_mark_all_read(engine: Engine, ada: str, bob: str) -> None:
    state = signed_in_state(engine, ada)
    drain(state.load())
    specs = drain(state.mark_all_read())
    assert_toast(specs, "success", "All notifications marked as read")
    assert state.unread == 0 and all(row.is_read for row in state.items)
    assert all(is_read for _, is_read in stored(engine, ada))
    assert not any(is_read for _, is_read in stored(engine, bob))  # Bob's welcome untouched


def test_another_users_notification_is_untouched(engine: Engine, ada: str, bob: str) -> None:
    """Spec section 6: Bob cannot mark or delete Ada's notification; a failure toast shows."""
    ada_note = add(engine, ada, "private", 5)
    before = stored(engine, ada)
    state = signed_in_state(engine, bob)
    drain(state.load())
    assert "private" not in [row.message for row in state.items]
    assert_toast(drain(state.mark_read(ada_note)), "error", "Failed to mark notification as read")
    assert_toast(drain(state.delete(ada_note)), "error", "Failed to delete notification")
    assert stored(engine, ada) == before


@pytest.mark.parametrize(
    "bad", ["1", None, 1.5, True, {"id": 1}, -1, 0, 2**63, 2**64, -(2**63) - 1, "9" * 40]
)
def test_bad_ids_change_nothing(
    engine: Engine, ada: str, bad: Any, caplog: pytest.LogCaptureFixture
) -> None:
    """Finding 8 of issue 13: past BIGINT too, with nothing logged."""
    state = signed_in_state(engine, ada)
    before = stored(engine, ada)
    drain(state.load())
    assert_toast(drain(state.mark_read(bad)), "error", "Failed to mark notification as read")
    assert_toast(drain(state.delete(bad)), "error", "Failed to delete notification")
    assert stored(engine, ada) == before
    assert [r.getMessage() for r in caplog.records if r.levelno >= logging.WARNING] == []


def test_signed_out_handlers_change_nothing(engine: Engine, ada: str) -> None:
    """P-AUTH-1 for handlers: without a session nothing is read or written, no toast."""
    note = add(engine, ada, "target", 9)
    before = stored(engine, ada)
    state = make_state()
    for specs in (
        drain(state.load()),
        drain(state.mark_read(note)),
        drain(state.delete(note)),
        drain(state.mark_all_read()),
    ):
        assert toasts(specs) == []
    assert state.items == [] and state.unread == 0
    assert stored(engine, ada) == before


def test_another_account_in_the_same_tab_sees_nothing_of_the_first(
    engine: Engine, ada: str, bob: str
) -> None:
    state = signed_in_state(engine, ada)
    drain(state.load())
    state.router = router(page.ROUTE, cookie_header(session_token(engine, bob)))
    root = state.parent_state
    assert root is not None
    root.router = state.router
    drain(state.load())
    assert "older" not in [row.message for row in state.items]
    assert len(state.items) == len(stored(engine, bob))


def test_failures_toast(engine: Engine, ada: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Spec section 8: each failure has its own toast."""
    state = signed_in_state(engine, ada)
    drain(state.load())
    note_id = state.items[0].id

    async def broken(*_: Any, **__: Any) -> Any:
        raise RuntimeError("database down")

    monkeypatch.setattr(private, "in_worker", broken)
    assert_toast(drain(state.mark_read(note_id)), "error", "Failed to mark notification as read")
    assert_toast(drain(state.delete(note_id)), "error", "Failed to delete notification")
    assert_toast(drain(state.mark_all_read()), "error", "Failed to mark all notifications as read")
    assert_toast(drain(state.load()), "error", "Failed to load notifications")
    assert len(state.items) == 4  # what was shown stays; the page does not go blank
    fresh = signed_in_state(engine, ada)
    assert_toast(drain(fresh.load()), "error", "Failed to load notifications")
    assert fresh.load_failed is True and fresh.loading is False
