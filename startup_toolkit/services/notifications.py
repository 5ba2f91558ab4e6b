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
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select

from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.models.activity import UserNotification

log = logging.getLogger(__name__)


def _valid_id(notification_id: Any) -> bool:
    return isinstance(notification_id, int) and not isinstance(notification_id, bool)


def list_notifications(
    session: Session, user_id: Any, limit: int | None = None
) -> list[UserNotification]:
    """The user's notifications, newest first (created_at, then id); at most `limit` rows."""
    if not is_valid_user_id(user_id):
        return []
    query = (
        select(UserNotification)
        .where(UserNotification.user_id == user_id)
        .order_by(col(UserNotification.created_at).desc(), col(UserNotification.id).desc())
    )
    if limit is not None:
        query = query.limit(max(int(limit), 0))
    return list(session.exec(query).all())


def count_notifications(session: Session, user_id: Any) -> int:
    """How many notifications the user has."""
    if not is_valid_user_id(user_id):
        return 0
    query = (
        select(func.count())
        .select_from(UserNotification)
        .where(UserNotification.user_id == user_id)
    )
    return int(session.exec(query).one())


def unread_count(session: Session, user_id: Any) -> int:
    """How many of the user's notifications are unread."""
    if not is_valid_user_id(user_id):
        return 0
    query = (
        select(func.count())
        .select_from(UserNotification)
        .where(UserNotification.user_id == user_id, col(UserNotification.is_read).is_(False))
    )
    return int(session.exec(query).one())


def _own(session: Session, user_id: Any, notification_id: Any) -> UserNotification | None:
    if not is_valid_user_id(user_id) or not _valid_id(notification_id):
        return None
    query = select(UserNotification).where(
        UserNotification.id == notification_id, UserNotification.user_id == user_id
    )
    return session.exec(query).first()


def _commit(session: Session, what: str) -> bool:
    try:
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not %s", what)
        return False
    return True


def mark_read(session: Session, user_id: Any, notification_id: Any) -> bool:
    """Mark one of the user's notifications read (True also when it already was)."""
    try:
        row = _own(session, user_id, notification_id)
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not find a notification")
        return False
    if row is None:
        return False
    row.is_read = True
    session.add(row)
    return _commit(session, "mark a notification read")


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
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not mark all notifications read")
        return 0
    return len(rows)


def delete_notification(session: Session, user_id: Any, notification_id: Any) -> bool:
    """Delete one of the user's notifications."""
    try:
        row = _own(session, user_id, notification_id)
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not find a notification")
        return False
    if row is None:
        return False
    session.delete(row)
    return _commit(session, "delete a notification")
