"""Users and their sign-in sessions."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Field, SQLModel

from startup_toolkit.models.base import (
    USER_ID_LENGTH,
    UserRow,
    created_at_field,
    new_user_id,
    url_field,
    utcnow,
)


class User(SQLModel, table=True):
    __tablename__ = "users"

    id: str = Field(default_factory=new_user_id, primary_key=True, max_length=USER_ID_LENGTH)
    email: str = Field(unique=True, index=True, max_length=320)
    name: str = Field(default="", max_length=200)
    avatar_url: str = url_field()
    password_hash: str = Field(default="", max_length=512)
    totp_secret: str | None = Field(default=None, max_length=64)
    failed_logins: int = 0
    locked_until: datetime | None = None
    stripe_customer_id: str | None = Field(default=None, index=True, max_length=255)
    created_at: datetime = created_at_field()
    updated_at: datetime = Field(default_factory=utcnow)


class UserSession(UserRow, table=True):
    """A signed-in browser: only the hash of its token is stored."""

    __tablename__ = "sessions"

    token_hash: str = Field(unique=True, index=True, max_length=128)
    user_agent: str = Field(default="", max_length=500)
    ip_address: str = Field(default="", max_length=64)
    last_seen_at: datetime = Field(default_factory=utcnow)
    expires_at: datetime = Field(index=True)
