"""Account recovery: ask for a reset link, mail it through the outbox, use it once.

Convention: every function takes the database `Session` first and commits what it changes.

* `request_reset` answers the same whether or not the email has an account (the page shows
  `rules.SENT` either way). It is limited per client address (a refusal says so) and per
  email (quietly: the answer stays the same, no mail is queued), both counted like the
  visitor limits (services/visitor_limits.py: Redis when configured, else this process).
  For an existing account it stores a pending `password_resets` row and nothing else.
* The outbox (services/outbox.py) calls `deliver_due_resets`: for each due row it mints the
  256-bit token, stores only its SHA-256 and mails the link. The raw token is never stored,
  so the row cannot be turned back into a link; a retry after a failed delivery mints a new
  one. A row whose link would already be dead (expired, password changed) is dropped unsent.
* `open_link` binds a live link to the browser that opened it (issue 27, item 4; recovery
  has no checklist ID of its own, its password rules are P-PROF-5's), as sign-in tickets are
  bound: a fresh 256-bit nonce, kept by that browser in an HttpOnly, SameSite=Strict
  cookie, of which the row stores only the SHA-256.
  Opening the link again (another browser, a mail scanner first) binds it to the newest.
* `reset_password` takes that nonce, not the link's token: the tab's server state never
  holds anything that can finish a reset. It uses the link once (a conditional UPDATE of
  `used_at`, so two requests cannot both use it), applies the password rules, ends every
  session and sign-in ticket, clears the sign-in lock and adds a notification that says how
  the link came (emailed, or from the operator: issue 28, item 10), all in one transaction.
* `issue_link` is the operator's way when no mail is configured (`python -m
  startup_toolkit.admin reset-link EMAIL`): the same link, printed instead of mailed.
"""

from __future__ import annotations

import logging
import secrets
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, Literal

from sqlalchemy import delete, update
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, select

from startup_toolkit.db import get_engine
from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.domain import passwords
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.contact import next_attempt_at
from startup_toolkit.domain.identity import email_error, email_fingerprint, normalize_email
from startup_toolkit.models.accounts import User
from startup_toolkit.models.recovery import PasswordReset
from startup_toolkit.providers import mailer
from startup_toolkit.services import outbox_rows, sessions
from startup_toolkit.services.activity import add_notification
from startup_toolkit.services.credentials import store_password_uncommitted
from startup_toolkit.services.visitor_limits import AddressLimiter
from startup_toolkit.settings import Settings, get_settings

log = logging.getLogger(__name__)

TOKEN_BYTES = 32  # 256 bits
_TOKEN_MIN, _TOKEN_MAX = 20, 200
IP_MAX = 64
ERROR_MAX = 1000
LEASE_SECONDS = 120.0
RETENTION = timedelta(days=1)
ISSUED = "issued"  # the status of a link an operator printed (never mailed)

by_address = AddressLimiter(rules.ADDRESS_LIMIT, rules.LIMIT_WINDOW_SECONDS, "reset_address")
by_account = AddressLimiter(rules.ACCOUNT_LIMIT, rules.LIMIT_WINDOW_SECONDS, "reset_account")


def reset_limits() -> None:
    """Forget every reset-request count (tests)."""
    by_address.reset()
    by_account.reset()


@dataclass(frozen=True)
class RequestOutcome:
    """What the forgot-password form shows: `message` for the form, `errors` by field."""

    status: Literal["sent", "invalid", "rate_limited", "unavailable"]
    message: str
    errors: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class OpenedLink:
    """A link bound to a browser: the nonce for its cookie and how long it stays useful."""

    nonce: str
    max_age: int  # seconds


@dataclass(frozen=True)
class ResetOutcome:
    """What the reset form shows: `message` for the form, `errors` by field (new, confirm)."""

    ok: bool
    message: str
    errors: dict[str, str] = field(default_factory=dict)


def _plausible(token: Any) -> bool:
    return isinstance(token, str) and _TOKEN_MIN <= len(token) <= _TOKEN_MAX


def _mint(row: PasswordReset) -> str:
    """A new raw token for `row`; only its hash goes on the row."""
    token = secrets.token_urlsafe(TOKEN_BYTES)
    row.token_hash = sessions.hash_token(token)
    return token


def _user_by_email(session: Session, email: str) -> User | None:
    return session.exec(select(User).where(User.email == normalize_email(email))).first()


def _new_row(user: User, now: datetime, status: str) -> PasswordReset:
    return PasswordReset(
        user_id=user.id,
        password_stamp=rules.password_stamp(user.password_hash),
        created_at=now,
        expires_at=now + rules.LINK_TTL,
        status=status,
        next_attempt_at=now if status == "pending" else None,
    )


def request_reset(
    session: Session,
    email: Any,
    ip_address: str,
    now: datetime | None = None,
    settings: Settings | None = None,
) -> RequestOutcome:
    """Queue a reset mail for the account with `email`, if there is one; the same answer
    for every well-formed email under the limits."""
    settings = settings or get_settings()
    now = now or utcnow()
    if not settings.smtp_enabled:
        return RequestOutcome("unavailable", rules.EMAIL_NOT_CONFIGURED)
    if problem := email_error(email):
        return RequestOutcome("invalid", problem, {"email": problem})
    if not by_address.allow(str(ip_address or "")[:IP_MAX]):
        return RequestOutcome("rate_limited", rules.TOO_MANY_REQUESTS)
    if not by_account.allow(email_fingerprint(email)):
        return RequestOutcome("sent", rules.SENT)
    session.exec(delete(PasswordReset).where(PasswordReset.expires_at < now - RETENTION))
    user = _user_by_email(session, email)
    if user is not None:
        session.add(_new_row(user, now, "pending"))
    session.commit()
    return RequestOutcome("sent", rules.SENT)


def issue_link(session: Session, email: Any, now: datetime | None = None) -> str | None:
    """For an operator: a reset token for the account with `email` (None when there is
    none), valid like a mailed one; only its hash is stored."""
    now = now or utcnow()
    user = _user_by_email(session, email) if not email_error(email) else None
    if user is None:
        return None
    row = _new_row(user, now, ISSUED)
    token = _mint(row)
    session.add(row)
    session.commit()
    return token


def _usable(
    session: Session, token: Any, now: datetime, column: Any = PasswordReset.token_hash
) -> tuple[PasswordReset, User] | None:
    """The reset row and its user when `token` (or the nonce, by `column`) names a live
    link: known, unused, not expired, and issued for the account's current password."""
    if not _plausible(token):
        return None
    row = session.exec(select(PasswordReset).where(column == sessions.hash_token(token))).first()
    if row is None or row.used_at is not None or row.expires_at <= now:
        return None
    user = session.get(User, row.user_id)
    if user is None or rules.password_stamp(user.password_hash) != row.password_stamp:
        return None
    return row, user


def link_is_valid(session: Session, token: Any, now: datetime | None = None) -> bool:
    """Whether `token` is a live link (it still has to be opened in a browser)."""
    return _usable(session, token, now or utcnow()) is not None


def open_link(session: Session, token: Any, now: datetime | None = None) -> OpenedLink | None:
    """Bind the live link `token` to a new nonce for the browser opening it (None for a dead
    link); a browser that opened it before loses it."""
    now = now or utcnow()
    found = _usable(session, token, now)
    if found is None:
        return None
    row, _ = found
    nonce = secrets.token_urlsafe(TOKEN_BYTES)
    row.nonce_hash = sessions.hash_token(nonce)
    max_age = rules.nonce_max_age((row.expires_at - now).total_seconds())
    session.add(row)
    session.commit()
    return OpenedLink(nonce, max_age)


def opened_link_is_valid(session: Session, nonce: Any, now: datetime | None = None) -> bool:
    """Whether the browser holding `nonce` opened a link that is still live (the form)."""
    return _usable(session, nonce, now or utcnow(), PasswordReset.nonce_hash) is not None


def reset_password(
    session: Session, nonce: Any, new: Any, confirm: Any, now: datetime | None = None
) -> ResetOutcome:
    """Use the link the browser holding `nonce` opened, once: set the new password, end
    every session, notify the founder."""
    now = now or utcnow()
    found = _usable(session, nonce, now, PasswordReset.nonce_hash)
    if found is None:
        return ResetOutcome(False, rules.LINK_INVALID)
    new = new if isinstance(new, str) else ""
    confirm = confirm if isinstance(confirm, str) else ""
    if errors := passwords.new_password_errors(new, confirm):
        return ResetOutcome(False, next(iter(errors.values())), errors)
    row, user = found
    user_id = user.id
    note = rules.reset_notification(by_operator=row.status == ISSUED)
    new_hash = passwords.hash_password(new)  # before the claim: no lock held while hashing
    try:
        claimed = session.exec(
            update(PasswordReset)
            .where(
                PasswordReset.id == row.id,
                PasswordReset.used_at.is_(None),  # type: ignore[union-attr]
                PasswordReset.nonce_hash == sessions.hash_token(nonce),  # not re-bound since
            )
            .values(used_at=now, nonce_hash=None)
        )
        if claimed.rowcount != 1:
            session.rollback()
            return ResetOutcome(False, rules.LINK_INVALID)
        store_password_uncommitted(session, user, new_hash, now)
        add_notification(session, user_id, "warning", note)
        sessions.end_all_sessions(session, user_id)  # commits all of the above at once
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not reset a password")
        return ResetOutcome(False, rules.RESET_FAILED)
    return ResetOutcome(True, rules.PASSWORD_RESET)


# --- the outbox's part -----------------------------------------------------------------------


def _claim(session: Session, reset_id: int, now: datetime) -> bool:
    """Take the lease on one due reset row for `LEASE_SECONDS`."""
    until = now + timedelta(seconds=LEASE_SECONDS)
    return outbox_rows.claim(session, PasswordReset, reset_id, now, until)


def _finish(session: Session, row: PasswordReset, status: str) -> None:
    row.status = status
    row.lease_until = None
    session.add(row)
    session.commit()


def _deliver_one(session: Session, reset_id: int, settings: Settings, now: datetime) -> bool:
    """Mint and mail the link of a claimed row; True when the mail was accepted."""
    row = session.get(PasswordReset, reset_id, populate_existing=True)
    if row is None:
        return False
    user = session.get(User, row.user_id)
    stale = user is None or rules.password_stamp(user.password_hash) != row.password_stamp
    if stale or row.expires_at <= now or user is None:
        _finish(session, row, "dropped")  # the link would be dead on arrival
        return False
    token = _mint(row)
    session.add(row)
    session.commit()  # the hash is stored before the link can reach anyone
    text = rules.reset_email(
        product_name=settings.product_name,
        link=rules.reset_link(settings.public_base_url, token),
    )
    try:
        mailer.send_email(settings, user.email, text.subject, text.body)
    except mailer.MailError as exc:
        row.attempts += 1
        row.last_error = str(exc)[:ERROR_MAX]
        row.next_attempt_at = next_attempt_at(row.attempts, now)
        _finish(session, row, "dropped" if exc.permanent else "pending")
        log.warning("Password reset mail %s not delivered (attempt %s)", reset_id, row.attempts)
        return False
    row.sent_at = now
    row.next_attempt_at = None
    _finish(session, row, "sent")
    return True


def deliver_due_resets(now: datetime | None = None) -> int:
    """One outbox pass (blocking) over the reset mails; how many were delivered."""
    settings = get_settings()
    if not settings.smtp_enabled:
        return 0
    now = now or utcnow()
    delivered = 0
    with Session(get_engine(), expire_on_commit=False) as session:
        for reset_id in outbox_rows.due_ids(session, PasswordReset, now):
            if not _claim(session, reset_id, now):
                continue
            if _deliver_one(session, reset_id, settings, now):
                delivered += 1
    return delivered
