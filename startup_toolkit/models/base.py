"""Column helpers shared by every table."""

from __future__ import annotations

import uuid
from datetime import UTC, datetime
from typing import Any

from sqlmodel import Field

USER_ID_LENGTH = 32


def utcnow() -> datetime:
    """Now, timezone-aware in UTC (SQLModel's UTCDateTime columns refuse naive times)."""
    return datetime.now(UTC)


def new_user_id() -> str:
    return uuid.uuid4().hex


def user_fk(*, unique: bool = False) -> Any:
    """The owning user's id: indexed, and the row goes when the user goes."""
    return Field(
        foreign_key="users.id",
        ondelete="CASCADE",
        index=True,
        unique=unique,
        max_length=USER_ID_LENGTH,
    )


def created_at_field() -> Any:
    return Field(default_factory=utcnow, nullable=False)
