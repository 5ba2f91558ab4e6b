"""The user's own notifications (P-NOTE-1; spec platform sections 6 and 7): ordering, limit,
counts, and scoping (user B cannot mark or delete user A's rows)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, select

from startup_toolkit.models import UserNotification
from startup_toolkit.services import notifications
from tests.support.founders import user

BASE = datetime(2026, 1, 1, 12, 0, tzinfo=UTC)


def _note(
    session: Session, user_id: str, message: str, minutes: int, *, is_read: bool = False
) -> int:
    row = UserNotification(
        user_id=user_id,
        type="info",
        message=message,
        is_read=is_read,
        created_at=BASE + timedelta(minutes=minutes),
    )
    session.add(row)
    session.commit()
    assert row.id is not None
    return row.id


@pytest.fixture
def users(session: Session) -> tuple[str, str]:
    return user(session, "ada@example.com"), user(session, "bob@example.com")


def test_list_is_newest_first_and_scoped(session: Session, users: tuple[str, str]) -> None:
    """P-NOTE-1: newest first by created_at, ties broken by id (newest id first)."""
    a, b = users
    _note(session, a, "old", 0)
    _note(session, a, "tie-1", 5)
    _note(session, a, "tie-2", 5)
    _note(session, a, "newest", 10)
    _note(session, b, "bob's", 20)
    messages = [row.message for row in notifications.list_notifications(session, a)]
    assert messages == ["newest", "tie-2", "tie-1", "old"]
    assert [row.message for row in notifications.list_notifications(session, b)] == ["bob's"]


def test_list_limit(session: Session, users: tuple[str, str]) -> None:
    a, _ = users
    for minute in range(5):
        _note(session, a, f"m{minute}", minute)
    rows = notifications.list_notifications(session, a, limit=2)
    assert [row.message for row in rows] == ["m4", "m3"]
    assert notifications.list_notifications(session, a, limit=0) == []
    assert notifications.count_notifications(session, a) == 5


def test_invalid_user_id_gives_nothing(session: Session, users: tuple[str, str]) -> None:
    a, _ = users
    note_id = _note(session, a, "x", 0)
    for bad in (None, "", "short", 42):
        assert notifications.list_notifications(session, bad) == []
        assert notifications.unread_count(session, bad) == 0
        assert notifications.count_notifications(session, bad) == 0
        assert notifications.mark_read(session, bad, note_id) is False
        assert notifications.mark_all_read(session, bad) == 0
        assert notifications.delete_notification(session, bad, note_id) is False


def test_unread_count(session: Session, users: tuple[str, str]) -> None:
    a, b = users
    _note(session, a, "1", 0)
    _note(session, a, "2", 1, is_read=True)
    _note(session, a, "3", 2)
    _note(session, b, "4", 3)
    assert notifications.unread_count(session, a) == 2
    assert notifications.unread_count(session, b) == 1


def test_mark_read(session: Session, users: tuple[str, str]) -> None:
    a, _ = users
    note_id = _note(session, a, "1", 0)
    assert notifications.mark_read(session, a, note_id) is True
    assert notifications.unread_count(session, a) == 0
    assert notifications.mark_read(session, a, note_id) is True  # already read: still fine


@pytest.mark.parametrize(
    "bad", ["1", 1.0, None, True, [1], 999_999, 2**63, 2**64, -(2**63) - 1, -1, 0]
)
def test_bad_notification_ids(session: Session, users: tuple[str, str], bad: object) -> None:
    a, _ = users
    _note(session, a, "1", 0)
    assert notifications.mark_read(session, a, bad) is False
    assert notifications.delete_notification(session, a, bad) is False
    assert notifications.unread_count(session, a) == 1
    assert notifications.count_notifications(session, a) == 1


def test_other_user_cannot_mark_or_delete(session: Session, users: tuple[str, str]) -> None:
    """Spec section 6: every notification call is scoped by the signed-in user."""
    a, b = users
    note_id = _note(session, a, "Ada's", 0)
    assert notifications.mark_read(session, b, note_id) is False
    assert notifications.delete_notification(session, b, note_id) is False
    assert notifications.mark_all_read(session, b) == 0
    session.expire_all()
    row = session.exec(select(UserNotification).where(UserNotification.id == note_id)).one()
    assert row.is_read is False


def test_mark_all_read_counts_changes(session: Session, users: tuple[str, str]) -> None:
    a, b = users
    _note(session, a, "1", 0)
    _note(session, a, "2", 1)
    _note(session, a, "3", 2, is_read=True)
    _note(session, b, "4", 3)
    assert notifications.mark_all_read(session, a) == 2
    assert notifications.unread_count(session, a) == 0
    assert notifications.unread_count(session, b) == 1
    assert notifications.mark_all_read(session, a) == 0


def test_delete(session: Session, users: tuple[str, str]) -> None:
    a, _ = users
    keep = _note(session, a, "keep", 0)
    gone = _note(session, a, "gone", 1)
    assert notifications.delete_notification(session, a, gone) is True
    assert [row.id for row in notifications.list_notifications(session, a)] == [keep]
    assert notifications.delete_notification(session, a, gone) is False
