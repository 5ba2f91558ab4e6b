"""What the signed-in landing shows: the user's newest notifications and activity."""

from __future__ import annotations

from sqlmodel import Session, col, select

from startup_toolkit.models.activity import UserActivity, UserNotification


def recent_notifications(session: Session, user_id: str, limit: int = 5) -> list[UserNotification]:
    return list(
        session.exec(
            select(UserNotification)
            .where(UserNotification.user_id == user_id)
            .order_by(col(UserNotification.created_at).desc(), col(UserNotification.id).desc())
            .limit(limit)
        ).all()
    )


def recent_activity(session: Session, user_id: str, limit: int = 5) -> list[UserActivity]:
    return list(
        session.exec(
            select(UserActivity)
            .where(UserActivity.user_id == user_id)
            .order_by(col(UserActivity.created_at).desc(), col(UserActivity.id).desc())
            .limit(limit)
        ).all()
    )
