"""Storing contact messages: validate, rate-limit per client address, write the row first;
and the one confirmation a recipient may get a day, whoever writes."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Literal

from sqlalchemy import func, update
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select

from startup_toolkit.db import one_writer_at_a_time
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.contact import CONFIRMATION_WINDOW, recipient_key, validate_contact
from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.services.visitor_limits import oldest_counted
from startup_toolkit.settings import Settings, get_settings

IP_MAX = 64


class ContactStorageError(Exception):
    """The message could not be written to the database (nothing was stored)."""


@dataclass(frozen=True)
class SubmitResult:
    """What happened to one submission."""

    status: Literal["ok", "invalid", "rate_limited"]
    errors: dict[str, str] = field(default_factory=dict)
    missing_required: bool = False
    message_id: int | None = None
    #: True when the row waits for the outbox (SMTP configured); False: stored only.
    will_email: bool = False
    retry_after_seconds: int = 0

    @property
    def ok(self) -> bool:
        return self.status == "ok"


def recent_message_count(session: Session, ip_address: str, since: datetime) -> int:
    """How many messages this client address stored at or after `since`."""
    stmt = (
        select(func.count())
        .select_from(ContactMessage)
        .where(ContactMessage.ip_address == ip_address, ContactMessage.created_at >= since)
    )
    return int(session.exec(stmt).one())


def _retry_after(
    session: Session, ip_address: str, since: datetime, window: int, now: datetime, limit: int
) -> int:
    """Seconds until the oldest message that still counts leaves the window."""
    oldest = oldest_counted(session, ContactMessage, ip_address, since, limit)
    if oldest is None:
        return window
    remaining = (oldest + timedelta(seconds=window) - now).total_seconds()
    return max(1, int(remaining + 0.999))


def submit_contact_message(
    session: Session,
    name: str,
    email: str,
    message: str,
    ip_address: str,
    now: datetime | None = None,
    settings: Settings | None = None,
) -> SubmitResult:
    """Validate, apply the per-address limit and store the message (committed on return).

    Raises `ContactStorageError` when the database fails; nothing else is swallowed.
    """
    settings = settings or get_settings()
    now = now or utcnow()
    check = validate_contact(name, email, message)
    if not check.ok:
        return SubmitResult(
            status="invalid", errors=dict(check.errors), missing_required=check.missing_required
        )

    ip = (ip_address or "")[:IP_MAX]
    window = settings.contact_limit_window_seconds
    since = now - timedelta(seconds=window)
    limit = settings.contact_limit_count
    will_email = settings.smtp_enabled
    row = ContactMessage(
        name=check.values.name,
        email=check.values.email,
        recipient=recipient_key(check.values.email),
        message=check.values.message,
        ip_address=ip,
        status="pending" if will_email else "stored",
        next_attempt_at=now if will_email else None,
        created_at=now,
    )
    try:
        # Write, then count with this row included, one writer per address at a time: so
        # parallel submissions cannot all see room under the limit (issue 13, finding 6).
        one_writer_at_a_time(session, f"contact:{ip}")
        session.add(row)
        session.flush()
        if recent_message_count(session, ip, since) > limit:
            session.rollback()
            wait = _retry_after(session, ip, since, window, now, limit)
            return SubmitResult(status="rate_limited", retry_after_seconds=wait)
        session.commit()
        session.refresh(row)
    except SQLAlchemyError as exc:
        session.rollback()
        raise ContactStorageError(f"Could not store the contact message: {exc}") from exc
    return SubmitResult(status="ok", message_id=row.id, will_email=will_email)


def claim_confirmation(session: Session, message_id: int, recipient: str, now: datetime) -> bool:
    """Take `recipient`'s one confirmation of the rolling day for this row (committed); False
    when another row, from any client, took it in the last day (issue 27, item 2).

    The same way as the per-address limit above: write the claim, then count the claims with
    it included, one writer per recipient at a time, and roll back past one. The claim is the
    first write of its transaction, so on SQLite it waits for any other claim's commit."""
    session.commit()
    one_writer_at_a_time(session, f"confirmation:{recipient}")
    session.exec(
        update(ContactMessage)
        .where(col(ContactMessage.id) == message_id)
        .values(confirmation_claimed_at=now)
    )
    since = now - CONFIRMATION_WINDOW
    stmt = (
        select(func.count())
        .select_from(ContactMessage)
        .where(
            ContactMessage.recipient == recipient,
            col(ContactMessage.confirmation_claimed_at) >= since,
        )
    )
    if int(session.exec(stmt).one()) > 1:
        session.rollback()
        return False
    session.commit()
    return True
