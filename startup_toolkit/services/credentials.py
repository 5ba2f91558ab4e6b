"""Storing a new password, shared by the password change and the reset link."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlmodel import Session

from startup_toolkit.models.accounts import User
from startup_toolkit.models.security import SignInTicket
from startup_toolkit.services.user_settings import get_security_settings


def store_password_uncommitted(
    session: Session, user: User, password_hash: str, now: datetime
) -> None:
    """Give `user` the new `password_hash` in the caller's transaction: the sign-in lock is
    lifted, the change date recorded, and unredeemed sign-in tickets are voided."""
    user.password_hash = password_hash
    user.failed_logins = 0
    user.locked_until = None
    user.updated_at = now
    session.add(user)
    security = get_security_settings(session, user.id)
    if security is not None:
        security.password_last_changed = now.date()
        security.updated_at = now
        session.add(security)
    session.exec(delete(SignInTicket).where(SignInTicket.user_id == user.id))
