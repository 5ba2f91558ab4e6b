"""Password reset links (account recovery).

`password_resets`: one row per granted request. The raw token exists only in the email (or
the operator's terminal); the row keeps its SHA-256 (`token_hash`), set when the outbox mails
the link, and `password_stamp`, a fingerprint of the password hash at request time, so a
password change voids every link issued before it. `nonce_hash` binds the link to the
browser that opened it (issue 27, item 4): the SHA-256 of a nonce that browser holds in an
HttpOnly, SameSite=Strict cookie; the reset finishes only with that cookie. The row doubles
as its own outbox entry (status, attempts, lease) and is used at most once (`used_at`).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index
from sqlmodel import Field

from startup_toolkit.models.base import OutboxDelivery, UserRow


class PasswordReset(OutboxDelivery, UserRow, table=True):
    """A reset link: pending (to be mailed), sent, issued (by an operator) or dropped."""

    __tablename__ = "password_resets"
    __table_args__ = (Index("ix_password_resets_status_next", "status", "next_attempt_at"),)

    token_hash: str | None = Field(default=None, unique=True, index=True, max_length=64)
    nonce_hash: str | None = Field(default=None, unique=True, index=True, max_length=64)
    password_stamp: str = Field(max_length=64)
    expires_at: datetime = Field(index=True)
    used_at: datetime | None = None
    sent_at: datetime | None = None
