"""Sign-in security: failed attempts per address, one-time sign-in tickets, TOTP state.

* `login_attempts`: one row per failed sign-in (no user link: the email may not exist). It
  holds the client address and a SHA-256 of the normalised email, never the email or the
  password. It feeds the per-address limit and the lockout of unknown emails; rows older than
  a day are pruned as new ones arrive.
* `sign_in_tickets`: the one-time, 60-second ticket a state hands to the cookie route; only
  its SHA-256 is stored. A table (not process memory) so any backend worker can redeem it.
  `nonce_hash` binds it to the browser that asked for it (the SHA-256 of that browser's
  sign-in nonce cookie; NULL until bound, and an unbound ticket is never redeemed).
* `user_totp`: a pending TOTP secret during setup (the active one is `users.totp_secret`)
  and the last accepted time step, so a code cannot be used twice.
* `user_recovery_codes`: the ten single-use two-factor recovery codes of a user, each only
  as HMAC-SHA256 under a salt of its own (`domain.recovery_codes`); `used_at` once used.
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import Index
from sqlmodel import Field, SQLModel

from startup_toolkit.models.base import USER_ID_LENGTH, UserRow, utcnow


class LoginAttempt(SQLModel, table=True):
    """A failed sign-in attempt."""

    __tablename__ = "login_attempts"
    __table_args__ = (
        Index("ix_login_attempts_ip_created", "ip_address", "created_at"),
        Index("ix_login_attempts_email_created", "email_hash", "created_at"),
    )

    id: int | None = Field(default=None, primary_key=True)
    ip_address: str = Field(default="", max_length=64)
    email_hash: str = Field(default="", max_length=64)
    created_at: datetime = Field(default_factory=utcnow, nullable=False, index=True)


class SignInTicket(UserRow, table=True):
    """A one-time ticket swapped for a session cookie by the sign-in route."""

    __tablename__ = "sign_in_tickets"

    ticket_hash: str = Field(unique=True, index=True, max_length=64)
    nonce_hash: str | None = Field(default=None, max_length=64)
    expires_at: datetime = Field(index=True)


class UserTotp(SQLModel, table=True):
    """TOTP state of one user besides the active secret (`users.totp_secret`)."""

    __tablename__ = "user_totp"

    user_id: str = Field(
        primary_key=True, foreign_key="users.id", ondelete="CASCADE", max_length=USER_ID_LENGTH
    )
    pending_secret: str | None = Field(default=None, max_length=64)
    last_used_step: int = 0
    updated_at: datetime = Field(default_factory=utcnow)


class UserRecoveryCode(UserRow, table=True):
    """One two-factor recovery code, stored only as its salted HMAC-SHA256."""

    __tablename__ = "user_recovery_codes"

    salt: str = Field(max_length=32)
    code_hash: str = Field(max_length=64)
    used_at: datetime | None = None
