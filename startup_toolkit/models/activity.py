"""What a user did, was told, favoured and achieved."""

from __future__ import annotations

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field

from startup_toolkit.models.base import OneRowPerUser, UserRow


class UserActivity(UserRow, table=True):
    __tablename__ = "user_activity"
    __table_args__ = (Index("ix_user_activity_user_created", "user_id", "created_at"),)

    tool_name: str = Field(max_length=100)
    action: str = Field(max_length=500)


class UserNotification(UserRow, table=True):
    __tablename__ = "user_notifications"
    __table_args__ = (
        Index("ix_user_notifications_user_created", "user_id", "created_at"),
        Index("ix_user_notifications_user_unread", "user_id", "is_read"),
    )

    type: str = Field(default="info", max_length=20)
    message: str = Field(max_length=1000)
    is_read: bool = False


class UserFavorite(UserRow, table=True):
    __tablename__ = "user_favorites"
    __table_args__ = (UniqueConstraint("user_id", "tool_name", name="uq_user_favorites_tool"),)

    tool_name: str = Field(max_length=100)
    tool_path: str = Field(max_length=200)


class UserStats(OneRowPerUser, table=True):
    __tablename__ = "user_stats"

    tools_used: int = 0
    documents_generated: int = 0
    challenges_completed: int = 0
    arena_rank: int = 999
