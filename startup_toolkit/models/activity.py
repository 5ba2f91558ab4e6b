"""What a user did, was told, favoured and achieved."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index, UniqueConstraint
from sqlmodel import Field, SQLModel

from startup_toolkit.models.base import created_at_field, user_fk, utcnow


class UserActivity(SQLModel, table=True):
    __tablename__ = "user_activity"
    __table_args__ = (Index("ix_user_activity_user_created", "user_id", "created_at"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = user_fk()
    tool_name: str = Field(max_length=100)
    action: str = Field(max_length=500)
    created_at: datetime = created_at_field()


class UserNotification(SQLModel, table=True):
    __tablename__ = "user_notifications"
    __table_args__ = (
        Index("ix_user_notifications_user_created", "user_id", "created_at"),
        Index("ix_user_notifications_user_unread", "user_id", "is_read"),
    )

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = user_fk()
    type: str = Field(default="info", max_length=20)
    message: str = Field(max_length=1000)
    is_read: bool = False
    created_at: datetime = created_at_field()


class UserFavorite(SQLModel, table=True):
    __tablename__ = "user_favorites"
    __table_args__ = (UniqueConstraint("user_id", "tool_name", name="uq_user_favorites_tool"),)

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = user_fk()
    tool_name: str = Field(max_length=100)
    tool_path: str = Field(max_length=200)
    created_at: datetime = created_at_field()


class UserStats(SQLModel, table=True):
    __tablename__ = "user_stats"

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = user_fk(unique=True)
    tools_used: int = 0
    documents_generated: int = 0
    challenges_completed: int = 0
    arena_rank: int = 999
    updated_at: datetime = Field(default_factory=utcnow)
