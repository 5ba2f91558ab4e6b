"""The signed-in user's own notifications: list, count unread, mark read, delete (spec
platform sections 2 "Notifications", 6 and 7).

The user id always comes from the server-side session; every query here is filtered by it, so
an id of another user's row changes nothing and gives False. A notification id that is not an
int (or a user id that is not valid) changes nothing and gives False. Writers commit; a
database error is logged, rolled back and gives False. Readers let database errors propagate
so the caller can tell "none" from "failed".
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select

from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.models.activity import UserNotification
from startup_toolkit.services import user_cache
from startup_toolkit.services.commits import commit_or_log

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class NotificationView:
    """One notification, as pages show it."""

    id: int
    type: str
    message: str
    is_read: bool
    created_at: datetime | None


@dataclass(frozen=True)
class Inbox:
    """The newest of the user's notifications, and how many there are (unread)."""

    items: tuple[NotificationView, ...]
    total: int
    unread: int


def _view(row: UserNotification) -> NotificationView:
    return NotificationView(
        id=row.id or 0,
        type=row.type,
        message=row.message,
        is_read=bool(row.is_read),
        created_at=row.created_at,
    )


def list_notifications(
    session: Session, user_id: Any, limit: int | None = None
) -> list[NotificationView]:
    """The user's notifications, newest first (created_at, then id); at most `limit` rows."""
    if not is_valid_user_id(user_id):
        return []
    query = UserNotification.newest_first(user_id)
    if limit is not None:
        query = query.limit(max(int(limit), 0))
    return [_view(row) for row in session.exec(query).all()]


def _count(session: Session, user_id: Any, *where: Any) -> int:
    if not is_valid_user_id(user_id):
        return 0
    query = (
        select(func.count())
        .select_from(UserNotification)
        .where(UserNotification.user_id == user_id, *where)
    )
    return int(session.exec(query).one())


def count_notifications(session: Session, user_id: Any) -> int:
    """How many notifications the user has."""
    return _count(session, user_id)


def unread_count(session: Session, user_id: Any) -> int:
    """How many of the user's notifications are unread."""
    return _count(session, user_id, col(UserNotification.is_read).is_(False))


def inbox(session: Session, user_id: Any, limit: int) -> Inbox:
    """The user's newest `limit` notifications with the total and unread counts."""
    return Inbox(
        tuple(list_notifications(session, user_id, limit=limit)),
        count_notifications(session, user_id),
        unread_count(session, user_id),
    )


def _own(session: Session, user_id: Any, notification_id: Any) -> UserNotification | None:
    row_id = valid_row_id(notification_id, text=False)
    if not is_valid_user_id(user_id) or row_id is None:
        return None
    query = select(UserNotification).where(
        UserNotification.id == row_id, UserNotification.user_id == user_id
    )
    return session.exec(query).first()


def _find_own(session: Session, user_id: Any, notification_id: Any) -> UserNotification | None:
    """The user's notification, or None (also when the database failed: logged)."""
    try:
        return _own(session, user_id, notification_id)
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not find a notification")
        return None


def mark_read(session: Session, user_id: Any, notification_id: Any) -> bool:
    """Mark one of the user's notifications read (True also when it already was)."""
    row = _find_own(session, user_id, notification_id)
    if row is None:
        return False
    row.is_read = True
    session.add(row)
    user_cache.invalidate_on_commit(session, user_id, "notifications")
    return commit_or_log(session, log, "mark a notification read")


def mark_all_read(session: Session, user_id: Any) -> int:
    """Mark all the user's unread notifications read; the number changed (0 on failure)."""
    if not is_valid_user_id(user_id):
        return 0
    try:
        rows = session.exec(
            select(UserNotification).where(
                UserNotification.user_id == user_id, col(UserNotification.is_read).is_(False)
            )
        ).all()
        for row in rows:
            row.is_read = True
            session.add(row)
        user_cache.invalidate_on_commit(session, user_id, "notifications")
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not mark all notifications read")
        return 0
    return len(rows)


def delete_notification(session: Session, user_id: Any, notification_id: Any) -> bool:
    """Delete one of the user's notifications."""
    row = _find_own(session, user_id, notification_id)
    if row is None:
        return False
    session.delete(row)
    user_cache.invalidate_on_commit(session, user_id, "notifications")
    return commit_or_log(session, log, "delete a notification")
