"""The outbox: mail stored messages from their rows until both emails are delivered.

Each pass also mails the password reset links that are due (services/account_recovery.py
keeps their rows and rules) and the weekly watch's digests (services/watch_digest.py);
contact messages are described here.

Every backend worker runs `run_outbox_worker` (a Reflex lifespan task). Workers share the
table safely: a row is claimed with a conditional UPDATE of its lease, and only the worker
whose UPDATE changed the row sends it. The team notification and the sender confirmation
are recorded separately, so a retry never repeats a mail that was already delivered.
The team gets every message with the visitor's text; the address the visitor typed gets a
fixed text, at most once a day whoever writes (issue 27, item 2).
Rows are never deleted.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import threading
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlmodel import Session

from startup_toolkit.db import get_engine
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.contact import (
    CONFIRMATION_WINDOW,
    next_attempt_at,
    recipient_key,
    sender_confirmation,
    team_notification,
)
from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.providers import mailer
from startup_toolkit.services import outbox_rows
from startup_toolkit.services.account_recovery import deliver_due_resets
from startup_toolkit.services.contact import claim_confirmation
from startup_toolkit.services.watch_digest import deliver_due_digests
from startup_toolkit.settings import Settings, get_settings

logger = logging.getLogger(__name__)

ERROR_MAX = 1000
SKIPPED_NOTE = "Confirmation skipped: this address had one in the last day."

#: Running workers and their loops, so `wake_outbox` can reach them from any thread.
_wakers: dict[asyncio.Event, asyncio.AbstractEventLoop] = {}
_wakers_lock = threading.Lock()


def lease_seconds(settings: Settings) -> float:
    """How long a claim holds: long enough for two SMTP sessions, with margin."""
    return max(60.0, 4 * settings.smtp_timeout_seconds)


def _holds_confirmation(session: Session, row: ContactMessage, now: datetime) -> bool:
    """Whether this row may mail its confirmation now: it claims its recipient's one
    confirmation of the day, or holds that claim from an earlier try (a retry). A claim not
    delivered within its day is dropped, as another row may then claim the next one."""
    claimed = row.confirmation_claimed_at
    if claimed is not None:
        return claimed > now - CONFIRMATION_WINDOW
    if row.id is None:
        return False
    return claim_confirmation(session, row.id, row.recipient or recipient_key(row.email), now)


def _deliver_one(
    session: Session, message_id: int, settings: Settings, clock: Callable[[], datetime]
) -> bool:
    """Send what is still missing for a claimed row; True when it is now fully sent."""
    row = session.get(ContactMessage, message_id, populate_existing=True)
    if row is None:
        return False
    product = settings.product_name
    try:
        if row.team_sent_at is None:
            text = team_notification(
                product_name=product,
                name=row.name,
                email=row.email,
                message=row.message,
                received_at=row.created_at,
                message_id=row.id,
            )
            mailer.send_email(
                settings, settings.contact_email, text.subject, text.body, reply_to=row.email
            )
            row.team_sent_at = clock()
            session.add(row)
            session.commit()
        if row.confirmation_sent_at is None and not _holds_confirmation(session, row, clock()):
            # The address had its confirmation today: the team has the message, stop here.
            row.last_error = SKIPPED_NOTE
        elif row.confirmation_sent_at is None:
            # Our fixed text only: nothing the visitor wrote goes to the address they typed.
            text = sender_confirmation(product_name=product)
            try:
                mailer.send_email(
                    settings, row.email, text.subject, text.body, reply_to=settings.contact_email
                )
            except mailer.MailError as exc:
                if not exc.permanent:
                    raise
                # The address refuses mail for good: the team has the message, stop here.
                row.last_error = f"Confirmation not deliverable: {exc}"[:ERROR_MAX]
            else:
                row.confirmation_sent_at = clock()
        row.status = "sent"
        row.lease_until = None
        row.next_attempt_at = None
        session.add(row)
        session.commit()
        return True
    except Exception as exc:  # every failure is recorded on the row
        session.rollback()
        row = session.get(ContactMessage, message_id, populate_existing=True)
        if row is None:
            return False
        failed_at = clock()
        row.attempts += 1
        row.last_error = str(exc)[:ERROR_MAX] or type(exc).__name__
        row.next_attempt_at = next_attempt_at(row.attempts, failed_at)
        row.lease_until = None
        session.add(row)
        session.commit()
        logger.warning(
            "Contact message %s not delivered (attempt %s, next at %s): %s",
            message_id,
            row.attempts,
            row.next_attempt_at,
            row.last_error,
        )
        return False


def deliver_due_messages(now: datetime | None = None) -> int:
    """One outbox pass (blocking): claim and mail every due row; returns how many completed.

    `now` fixes the clock for the pass (tests); by default the real time is used.
    """
    settings = get_settings()
    if not settings.smtp_enabled:
        return 0

    def clock() -> datetime:
        return now if now is not None else utcnow()

    delivered = 0
    with Session(get_engine(), expire_on_commit=False) as session:
        for message_id in outbox_rows.due_ids(session, ContactMessage, clock()):
            claimed_at = clock()
            until = claimed_at + timedelta(seconds=lease_seconds(settings))
            if not outbox_rows.claim(session, ContactMessage, message_id, claimed_at, until):
                continue
            if _deliver_one(session, message_id, settings, clock):
                delivered += 1
    return delivered


def wake_outbox() -> None:
    """Ask the running workers for a pass now (after a new message or reset request); safe
    from any thread."""
    with _wakers_lock:
        targets = list(_wakers.items())
    try:
        current = asyncio.get_running_loop()
    except RuntimeError:
        current = None
    for event, loop in targets:
        if loop is current:
            event.set()
        elif not loop.is_closed():
            loop.call_soon_threadsafe(event.set)


async def run_outbox_worker() -> None:
    """Forever: one pass, then sleep `outbox_poll_seconds` or until woken. Never crashes."""
    settings = get_settings()
    if not settings.smtp_enabled:
        logger.info("Outbox idle: SMTP is not configured, contact messages are only stored.")
        return
    wake = asyncio.Event()
    with _wakers_lock:
        _wakers[wake] = asyncio.get_running_loop()
    try:
        while True:
            wake.clear()
            for one_pass in (deliver_due_messages, deliver_due_resets, deliver_due_digests):
                try:
                    await asyncio.to_thread(one_pass)
                except Exception:
                    logger.exception("Outbox pass failed; trying again later.")
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(wake.wait(), timeout=get_settings().outbox_poll_seconds)
    finally:
        with _wakers_lock:
            _wakers.pop(wake, None)
