"""Storing a new password, shared by the password change and the reset link."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete
from sqlmodel import Session

from startup_toolkit.domain.identity import email_fingerprint
from startup_toolkit.models.accounts import User
from startup_toolkit.models.security import SignInTicket
from startup_toolkit.services.sign_in_throttle import clear_email
from startup_toolkit.services.user_settings import get_security_settings


def store_password_uncommitted(
    session: Session, user: User, password_hash: str, now: datetime
) -> None:
    """Give `user` the new `password_hash` in the caller's transaction: the lock of the
    steps after the password is lifted, every address's waits for the email end (they were
    guesses at the old password), the change date is recorded, and unredeemed sign-in tickets
    are voided."""
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
    clear_email(session, email_fingerprint(user.email))
