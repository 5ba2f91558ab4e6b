"""Shared data helpers: log_activity, create_notification, ensure_user_stats (P-AUTH-4 skip
rule; spec section 8: errors give False, skips give True)."""

from __future__ import annotations

import pytest
from sqlmodel import Session, select

from startup_toolkit.models import User, UserActivity, UserNotification, UserStats
from startup_toolkit.services import activity
from tests.support.founders import user


def test_log_activity(session: Session) -> None:
    user_id = user(session)
    assert activity.log_activity(session, user_id, "AI Co-Founder", "Launched AI Co-Founder")
    (row,) = session.exec(select(UserActivity)).all()
    assert (row.user_id, row.tool_name, row.action) == (
        user_id,
        "AI Co-Founder",
        "Launched AI Co-Founder",
    )
    assert row.created_at is not None


@pytest.mark.parametrize(
    ("given", "stored"),
    [
        ("success", "success"),
        ("error", "error"),
        ("warning", "warning"),
        ("info", "info"),
        ("alert", "info"),
        ("", "info"),
        (None, "info"),
    ],
)
def test_create_notification_types(session: Session, given: object, stored: str) -> None:
    """Spec section 3: error, warning, success kept; anything else is info."""
    user_id = user(session)
    assert activity.create_notification(session, user_id, given, "Hello")  # type: ignore[arg-type]
    (row,) = session.exec(select(UserNotification)).all()
    assert (row.type, row.message, row.is_read) == (stored, "Hello", False)


def test_ensure_user_stats_is_idempotent(session: Session) -> None:
    user_id = user(session)
    assert activity.ensure_user_stats(session, user_id)
    assert activity.ensure_user_stats(session, user_id)
    (row,) = session.exec(select(UserStats)).all()
    assert (row.tools_used, row.documents_generated, row.challenges_completed, row.arena_rank) == (
        0,
        0,
        0,
        999,
    )


@pytest.mark.parametrize("bad_id", [None, "", "123456789", 12345678901, b"0123456789ab"])
def test_p_auth_4_invalid_ids_are_skipped_as_success(session: Session, bad_id: object) -> None:
    """P-AUTH-4: missing, non-string or shorter than 10 characters: skipped, True."""
    assert activity.log_activity(session, bad_id, "Dashboard", "x") is True
    assert activity.create_notification(session, bad_id, "info", "x") is True
    assert activity.ensure_user_stats(session, bad_id) is True
    assert session.exec(select(UserActivity)).all() == []
    assert session.exec(select(UserNotification)).all() == []
    assert session.exec(select(UserStats)).all() == []


def test_p_auth_4_ten_characters_is_enough(session: Session) -> None:
    user = User(id="abcdefghij", email="ten@example.com")
    session.add(user)
    session.commit()
    assert activity.log_activity(session, "abcdefghij", "Dashboard", "x")
    assert len(session.exec(select(UserActivity)).all()) == 1


def test_database_errors_give_false(session: Session) -> None:
    """Spec section 8: helpers catch errors and return False (here: no such user)."""
    ghost = "0" * 32
    assert activity.log_activity(session, ghost, "Dashboard", "x") is False
    assert activity.create_notification(session, ghost, "info", "x") is False
    assert activity.ensure_user_stats(session, ghost) is False
    # the session is usable afterwards
    user_id = user(session)
    assert activity.log_activity(session, user_id, "Dashboard", "x") is True


def test_long_texts_are_cut_to_the_column_sizes(session: Session) -> None:
    user_id = user(session)
    assert activity.log_activity(session, user_id, "t" * 300, "a" * 900)
    assert activity.create_notification(session, user_id, "info", "m" * 5000)
    act = session.exec(select(UserActivity)).one()
    note = session.exec(select(UserNotification)).one()
    assert (len(act.tool_name), len(act.action), len(note.message)) == (100, 500, 1000)
