"""Column helpers shared by every table."""

from __future__ import annotations

import uuid
from datetime import datetime
from typing import Any

from sqlmodel import Field, SQLModel, col, select

from startup_toolkit.domain.clock import utcnow

__all__ = [
    "URL_LENGTH",
    "USER_ID_LENGTH",
    "OneRowPerUser",
    "OutboxDelivery",
    "UserRow",
    "created_at_field",
    "new_public_id",
    "new_user_id",
    "public_id_field",
    "url_field",
    "user_fk",
    "utcnow",
]

USER_ID_LENGTH = 32
URL_LENGTH = 2000


def new_user_id() -> str:
    return uuid.uuid4().hex


def new_public_id() -> str:
    """A random 128-bit id for a row that can be shared (issue 27, item 1): unlike the row id,
    which SQLite hands out again after the newest row is deleted, no later row gets it."""
    return uuid.uuid4().hex


def public_id_field() -> Any:
    """The row's random public id (`new_public_id`), set when the row is made."""
    return Field(default_factory=new_public_id, max_length=32)


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


def url_field() -> Any:
    """A link (a page, an image, a file): empty when there is none."""
    return Field(default="", max_length=URL_LENGTH)


class UserRow(SQLModel):
    """The columns of a table whose rows belong to one user each (activity, results, ...);
    the table's own columns follow these."""

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = user_fk()
    created_at: datetime = created_at_field()

    @classmethod
    def newest_first(cls, user_id: str, query: Any = None) -> Any:
        """`query` (by default: this table's rows) on `user_id`'s rows, newest first (the
        later id first among rows of the same time)."""
        query = select(cls) if query is None else query
        return query.where(cls.user_id == user_id).order_by(
            col(cls.created_at).desc(), col(cls.id).desc()
        )


class OneRowPerUser(SQLModel):
    """The columns of a table that holds at most one row per user (settings, stats); the
    table's own columns follow these."""

    id: int | None = Field(default=None, primary_key=True)
    user_id: str = user_fk(unique=True)
    updated_at: datetime = Field(default_factory=utcnow)


class OutboxDelivery(SQLModel):
    """The columns of a row mailed like the outbox's (`services/outbox`): its status
    (pending: still to be mailed; sent; stored: not mailed), the attempts made, when the next
    one is due, the lease of the worker mailing it (so a retry never sends it twice) and the
    last error."""

    status: str = Field(default="pending", max_length=20)
    attempts: int = 0
    next_attempt_at: datetime | None = None
    lease_until: datetime | None = None
    last_error: str = Field(default="", max_length=1000)
