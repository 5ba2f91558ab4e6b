"""Two-factor recovery codes of a founder: make ten (replacing the old ones), use one, count
them, forget them. The rules of a code and why it is stored as a salted HMAC-SHA256 are in
`domain.recovery_codes`.

Every function takes the database `Session` first and the signed-in user's id (from the
server-side session); nothing here commits: the callers in `services.accounts` and
`services.account_security` commit with the change the code was for (or count a failure).
"""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import delete, func, update
from sqlmodel import Session, col, select

from startup_toolkit.domain import recovery_codes as codes
from startup_toolkit.models.security import UserRecoveryCode
from startup_toolkit.services.activity import add_notification

#: What a code at sign-in was used for (in the notification).
SIGN_IN = "sign in to your account"


def replace_uncommitted(session: Session, user_id: str, now: datetime) -> list[str]:
    """Delete the user's codes and add ten new ones; the new codes as shown to the founder
    (only their salted digests are stored)."""
    delete_uncommitted(session, user_id)
    fresh = codes.new_codes()
    for code in fresh:
        salt = codes.new_salt()
        session.add(
            UserRecoveryCode(
                user_id=user_id, salt=salt, code_hash=codes.digest(salt, code), created_at=now
            )
        )
    return fresh


def delete_uncommitted(session: Session, user_id: str) -> None:
    """Delete every code of the user (two-factor goes off, or new codes replace them)."""
    session.exec(delete(UserRecoveryCode).where(col(UserRecoveryCode.user_id) == user_id))


def unused_count(session: Session, user_id: str) -> int:
    """How many of the user's codes are still unused."""
    query = (
        select(func.count())
        .select_from(UserRecoveryCode)
        .where(UserRecoveryCode.user_id == user_id, col(UserRecoveryCode.used_at).is_(None))
    )
    return int(session.exec(query).one())


def use_uncommitted(session: Session, user_id: str, value: object, now: datetime) -> int | None:
    """Mark the user's unused code `value` used; how many unused ones are left, or None when
    `value` is none of them. Every unused code is compared (in constant time each), and the
    code is claimed with a conditional update, so two requests cannot both use it."""
    if not codes.looks_like_code(value):
        return None
    rows = session.exec(
        select(UserRecoveryCode).where(
            UserRecoveryCode.user_id == user_id, col(UserRecoveryCode.used_at).is_(None)
        )
    ).all()
    found: int | None = None
    for row in rows:
        if codes.matches(row.salt, row.code_hash, str(value)) and found is None:
            found = row.id
    if found is None:
        return None
    claimed = session.exec(
        update(UserRecoveryCode)
        .where(col(UserRecoveryCode.id) == found, col(UserRecoveryCode.used_at).is_(None))
        .values(used_at=now)
    )
    if claimed.rowcount != 1:
        return None
    return unused_count(session, user_id)


def notify_used(session: Session, user_id: str, action: str, left: int | None) -> None:
    """Add (not commit) the founder's notification that a code was used to `action`."""
    add_notification(session, user_id, "warning", codes.used_message(action, left))
