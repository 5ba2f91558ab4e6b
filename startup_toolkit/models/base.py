"""Column helpers shared by every table."""

from __future__ import annotations

import uuid
from typing import Any

from sqlmodel import Field

from startup_toolkit.domain.clock import utcnow

__all__ = ["USER_ID_LENGTH", "created_at_field", "new_user_id", "user_fk", "utcnow"]

USER_ID_LENGTH = 32


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
