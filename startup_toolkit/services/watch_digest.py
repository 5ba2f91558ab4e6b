"""The watch's one digest per founder and period (issue 30, item 2): every watched idea's
changes (and any check that failed) in one notification and, when SMTP is set and the founder
takes weekly reports, one email.

`make_digests` makes a founder's digest once none of their checks is running or due: the row
of (founder, period) can be inserted once (a unique constraint), its checks are taken by a
conditional UPDATE, and its notification is written in the same transaction, so no worker
and no retry makes it twice. The email is sent from the row like the outbox's
(services/outbox.py): a worker takes a lease with a conditional UPDATE and only that worker
sends it; a failure is retried later. Each email's links carry a fresh 256-bit token of which
only the SHA-256 is kept: "pause this watch" and "stop these emails" work with it alone."""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable
from datetime import datetime, timedelta

from sqlalchemy import update
from sqlmodel import Session, col, select

from startup_toolkit.db import get_engine
from startup_toolkit.domain import tools
from startup_toolkit.domain import watch as rules
from startup_toolkit.domain.brief import brief_path
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.contact import next_attempt_at
from startup_toolkit.models.accounts import User
from startup_toolkit.models.watch import IdeaWatch, WatchCheck, WatchDigest
from startup_toolkit.models.workspace import Idea
from startup_toolkit.providers import mailer
from startup_toolkit.services import activity, outbox_rows
from startup_toolkit.services.commits import inserted
from startup_toolkit.services.sessions import hash_token
from startup_toolkit.services.watch import ACTIVE, SCANNER, wants_email
from startup_toolkit.settings import Settings, get_settings

log = logging.getLogger(__name__)

TOKEN_BYTES = 32
ERROR_MAX = 1000
MUTE_PATH = "/api/watch/mute"
UNSUBSCRIBE_PATH = "/api/watch/unsubscribe"
#: Checks a digest tells: changes, and checks that failed (an error, never a change).
TOLD = (rules.CHANGED, rules.FAILED)
PENDING, SENT, STORED, UNDELIVERABLE = "pending", "sent", "stored", "undeliverable"


def _untold(session: Session, user_id: str | None = None) -> list[WatchCheck]:
    query = select(WatchCheck).where(
        col(WatchCheck.digest_id).is_(None), col(WatchCheck.status).in_(TOLD)
    )
    if user_id is not None:
        query = query.where(WatchCheck.user_id == user_id)
    return list(session.exec(query.order_by(col(WatchCheck.id))).all())


def _busy(session: Session, user_id: str, now: datetime) -> bool:
    """Whether one of the founder's checks is running or due: their digest waits for it."""
    running = select(WatchCheck.id).where(
        WatchCheck.user_id == user_id,
        WatchCheck.status == rules.RUNNING,
        col(WatchCheck.lease_until) >= now,
    )
    due = select(IdeaWatch.id).where(
        IdeaWatch.user_id == user_id, IdeaWatch.status == ACTIVE, IdeaWatch.next_check_at <= now
    )
    return session.exec(running).first() is not None or session.exec(due).first() is not None


Links = Callable[[WatchCheck], dict[str, str]]


def items(
    session: Session, checks: list[WatchCheck], links: Links | None = None
) -> list[rules.DigestItem]:
    """The digest's ideas, in the checks' order, with their links when `links` gives them."""
    out = []
    for check in checks:
        idea = session.get(Idea, check.idea_id)
        changes = tuple(c for c in map(rules.change_of, check.changes or []) if c)
        error = "" if changes else check.note or "it did not finish"
        extra = links(check) if links is not None else {}
        out.append(rules.DigestItem(idea.title if idea else "An idea", changes, error, **extra))
    return out


def make_digests(session: Session, now: datetime) -> list[int]:
    """Make every digest that is due; the new digests' ids."""
    settings = get_settings()
    period = rules.period_of(now, settings.watch_interval)
    made = []
    for user_id in dict.fromkeys(c.user_id for c in _untold(session)):
        if _busy(session, user_id, now):
            continue
        checks = _untold(session, user_id)
        message = rules.digest_notification(items(session, checks))
        mailed = settings.smtp_enabled and wants_email(session, user_id)
        digest = WatchDigest(
            user_id=user_id,
            period=period,
            message=message,
            status=PENDING if mailed else STORED,
            created_at=now,
        )
        if not inserted(session, digest):  # this period's digest is made: the rest wait
            continue
        ids = [c.id for c in checks]
        taken = session.exec(
            update(WatchCheck)
            .where(col(WatchCheck.id).in_(ids), col(WatchCheck.digest_id).is_(None))
            .values(digest_id=digest.id)
        )
        if taken.rowcount != len(ids):  # another worker told some of them meanwhile
            session.rollback()
            continue
        activity.add_notification(session, user_id, "info", message)
        session.commit()
        if digest.id is not None:
            made.append(digest.id)
    return made


def mail_soon() -> None:
    """Ask the outbox worker for a pass now (a digest is waiting to be mailed)."""
    from startup_toolkit.services.outbox import wake_outbox  # the outbox mails digests too

    wake_outbox()


# --- Mailing -----------------------------------------------------------------------------------


def _links(base: str, token: str) -> Links:
    def links(check: WatchCheck) -> dict[str, str]:
        def run(run_id: int | None) -> str:
            return f"{base}{tools.reopen_path(SCANNER, run_id)}" if run_id else ""

        return {
            "run_link": run(check.run_id),
            "compared_link": run(check.compared_id),
            "brief_link": f"{base}{brief_path(check.idea_id)}",
            "mute_link": f"{base}{MUTE_PATH}?token={token}&watch={check.watch_id}",
        }

    return links


def _deliver_one(session: Session, digest_id: int, settings: Settings, now: datetime) -> bool:
    """Mail one claimed digest; True when it is done (sent, or not to be mailed)."""
    row = session.get(WatchDigest, digest_id, populate_existing=True)
    if row is None:
        return False
    user = session.get(User, row.user_id)
    if user is None or not wants_email(session, row.user_id):
        row.status, row.lease_until = STORED, None
        session.add(row)
        session.commit()
        return True
    token = secrets.token_urlsafe(TOKEN_BYTES)
    row.token_hash = hash_token(token)
    session.add(row)
    session.commit()
    base = settings.public_base_url
    query = select(WatchCheck).where(WatchCheck.digest_id == digest_id)
    checks = list(session.exec(query.order_by(col(WatchCheck.id))))
    found = items(session, checks, _links(base, token))
    product = settings.product_name
    body = rules.digest_body(found, f"{base}{UNSUBSCRIBE_PATH}?token={token}", product)
    try:
        mailer.send_email(settings, user.email, rules.digest_subject(found, product), body)
    except mailer.MailError as exc:
        row.attempts += 1
        row.last_error = str(exc)[:ERROR_MAX]
        row.status = UNDELIVERABLE if exc.permanent else PENDING
        row.next_attempt_at = next_attempt_at(row.attempts, now)
        row.lease_until = None
        session.add(row)
        session.commit()
        log.warning("Watch digest %s not delivered: %s", digest_id, row.last_error)
        return False
    row.status, row.sent_at, row.lease_until, row.next_attempt_at = SENT, now, None, None
    session.add(row)
    session.commit()
    return True


def deliver_due_digests(now: datetime | None = None) -> int:
    """One mailing pass (blocking): claim and mail every due digest; how many are done."""
    settings = get_settings()
    if not settings.smtp_enabled:
        return 0
    done = 0
    lease = timedelta(seconds=max(60.0, 2 * settings.smtp_timeout_seconds))
    with Session(get_engine(), expire_on_commit=False) as session:
        at = now or utcnow()
        for digest_id in outbox_rows.due_ids(session, WatchDigest, at):
            if not outbox_rows.claim(session, WatchDigest, digest_id, at, at + lease):
                continue
            if _deliver_one(session, digest_id, settings, at):
                done += 1
    return done
