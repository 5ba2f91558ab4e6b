"""Sign-in sessions and the one-time tickets that hand a sign-in over to the cookie route.

Convention: every function takes the database `Session` first and commits what it changes.

Sessions: a session token is `secrets.token_urlsafe(32)` (256 random bits); only its SHA-256
is stored (`sessions.token_hash`), so a copy of the database cannot be used to sign in.
A new token is minted at every sign-in. Its lifetime is the user's `session_timeout` in days
(default 30) counted from creation; changing the setting re-dates the user's open sessions.
`resolve_session` is the only way from a token to a user id; it deletes an expired session
and refreshes `last_seen_at` at most once a minute. Between refreshes a worker answers from the
per-process cache (services/user_cache, keyed by the token's hash) for up to 30 seconds:
every event of a signed-in tab asks, and most would otherwise cost a query. Whatever ends or
re-dates a session drops its cached answer on every worker when the change commits.

Sign-in tickets: the state that checked the password cannot set an HttpOnly cookie, so it
mints a ticket (also 256 bits, stored hashed in `sign_in_tickets`, valid 60 seconds) and
sends the browser to the cookie route, which redeems it once and creates the session. The
table (not process memory) makes this work with several backend workers; redemption is a
conditional DELETE, so two workers cannot both redeem one ticket.

A ticket is bound to the browser that asked for it (login CSRF, issue 13 finding 4): before
navigating, that tab's page posts the ticket to a same-origin-only route, which binds it once
to a fresh nonce (only the nonce's SHA-256 is stored) and sets the nonce as a short-lived
SameSite=Strict, HttpOnly cookie. Redemption needs that nonce, so a ticket minted for an
attacker's account cannot sign in another browser, which never holds the attacker's nonce.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import ColumnElement, delete, update
from sqlalchemy.exc import DBAPIError
from sqlmodel import Session, select

from startup_toolkit.db import writes_refused
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.identity import describe_user_agent
from startup_toolkit.domain.profile import DEFAULT_SESSION_TIMEOUT_DAYS, SESSION_TIMEOUT_DAYS
from startup_toolkit.models.accounts import User, UserSession
from startup_toolkit.models.security import SignInTicket
from startup_toolkit.models.settings import UserSecuritySettings
from startup_toolkit.services import user_cache
from startup_toolkit.services.activity import add_notification

log = logging.getLogger(__name__)

TOKEN_BYTES = 32
TICKET_TTL_SECONDS = 60
LAST_SEEN_RESOLUTION = timedelta(minutes=1)
USER_AGENT_MAX = 500
IP_MAX = 64
_TOKEN_MIN, _TOKEN_MAX = 20, 200
RESOLVED_TTL_SECONDS = 30.0
#: How young an account with no session yet is when its sign-in is the one creating it.
NEW_ACCOUNT_WINDOW = timedelta(minutes=15)
_RESOLVED = "session"  # the user_cache kind; its key is the token's hash, not a user id


@dataclass(frozen=True)
class _Resolved:
    """What a worker remembers of a session it read: whose it is and until when."""

    user_id: str
    expires_at: datetime
    last_seen_at: datetime

    def answers(self, now: datetime) -> bool:
        """Still live at `now`, with no `last_seen_at` refresh due."""
        return self.last_seen_at <= now < self.expires_at and (
            now - self.last_seen_at < LAST_SEEN_RESOLUTION
        )


def hash_token(token: str) -> str:
    """SHA-256 (hex) of a session token or ticket: what the database stores."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _plausible_token(token: Any) -> bool:
    return isinstance(token, str) and _TOKEN_MIN <= len(token) <= _TOKEN_MAX


def _security(session: Session, user_id: str) -> UserSecuritySettings | None:
    return session.exec(
        select(UserSecuritySettings).where(UserSecuritySettings.user_id == user_id)
    ).first()


def session_lifetime_days(session: Session, user_id: str) -> int:
    """The user's session_timeout (1, 7, 30 or 90 days; 30 when unset or odd)."""
    settings = _security(session, user_id)
    days = settings.session_timeout if settings else DEFAULT_SESSION_TIMEOUT_DAYS
    return days if days in SESSION_TIMEOUT_DAYS else DEFAULT_SESSION_TIMEOUT_DAYS


def login_notification_text(user_agent: str, when: datetime) -> str:
    """'New sign-in on Chrome on Linux at 2026-01-31 09:15 UTC'."""
    return f"New sign-in on {describe_user_agent(user_agent)} at {when:%Y-%m-%d %H:%M} UTC"


def create_session(
    session: Session,
    user_id: str,
    user_agent: str,
    ip_address: str,
    now: datetime | None = None,
) -> str:
    """Start a session for the user and return its raw token (shown to nobody but the
    cookie). Adds a login notification when the user's setting is on."""
    now = now or utcnow()
    token = secrets.token_urlsafe(TOKEN_BYTES)
    days = session_lifetime_days(session, user_id)
    user_agent = str(user_agent or "")[:USER_AGENT_MAX]
    session.add(
        UserSession(
            user_id=user_id,
            token_hash=hash_token(token),
            user_agent=user_agent,
            ip_address=str(ip_address or "")[:IP_MAX],
            created_at=now,
            last_seen_at=now,
            expires_at=now + timedelta(days=days),
        )
    )
    settings = _security(session, user_id)
    wanted = settings is None or settings.login_notifications
    if wanted and not _creating_sign_in(session, user_id, now):
        add_notification(session, user_id, "info", login_notification_text(user_agent, now))
    session.commit()
    return token


def _creating_sign_in(session: Session, user_id: str, now: datetime) -> bool:
    """The sign-in that comes with creating the account (issue 17, item 6): a brand-new
    account with no session yet; its welcome says enough, a 'New sign-in' beside it would
    alarm for nothing."""
    user = session.get(User, user_id)
    if user is None or not timedelta(0) <= now - user.created_at <= NEW_ACCOUNT_WINDOW:
        return False
    earlier = select(UserSession.id).where(UserSession.user_id == user_id).limit(2)
    return len(session.exec(earlier).all()) <= 1  # the one just added


def resolve_session(session: Session, token: Any, now: datetime | None = None) -> str | None:
    """The user id of a live session token; None for an unknown or expired one (an expired
    session is deleted)."""
    if not _plausible_token(token):
        return None
    now = now or utcnow()
    digest = hash_token(token)
    known = user_cache.cache.get(_RESOLVED, digest)
    if isinstance(known, _Resolved) and known.answers(now):
        return known.user_id
    row = session.exec(select(UserSession).where(UserSession.token_hash == digest)).first()
    if row is None:
        return None
    if row.expires_at <= now:
        session.exec(delete(UserSession).where(UserSession.id == row.id))
        session.commit()
        return None
    if now - row.last_seen_at >= LAST_SEEN_RESOLUTION:
        row.last_seen_at = now
        session.add(row)
        try:
            session.commit()
        except DBAPIError as exc:
            # A read-only or full database (issue 29): the founder stays signed in and may
            # read on; only the last-seen time waits for the next resolution.
            if not writes_refused(exc):
                raise
            session.rollback()
            log.warning("Session last-seen time not saved: the database refuses writes")
    user_cache.cache.put(
        _RESOLVED,
        digest,
        _Resolved(row.user_id, row.expires_at, row.last_seen_at),
        RESOLVED_TTL_SECONDS,
    )
    return row.user_id


def _forget(session: Session, *where: ColumnElement[bool]) -> None:
    """Drop the cached answers for the sessions matching `where` once the caller commits."""
    for digest in session.exec(select(UserSession.token_hash).where(*where)).all():
        user_cache.invalidate_on_commit(session, digest, _RESOLVED)


def _end(session: Session, *where: ColumnElement[bool]) -> int:
    """Delete the sessions matching `where` (no commit); how many there were."""
    _forget(session, *where)
    return int(session.exec(delete(UserSession).where(*where)).rowcount or 0)


def end_session(session: Session, token: Any) -> bool:
    """Sign out the session with this token; True when one was ended."""
    if not _plausible_token(token):
        return False
    ended = _end(session, UserSession.token_hash == hash_token(token))
    session.commit()
    return bool(ended)


def end_other_sessions_uncommitted(session: Session, user_id: str, keep_token: Any) -> int:
    """Delete every session of the user except the one with `keep_token`, in the caller's
    transaction; how many there were."""
    where = [UserSession.user_id == user_id]
    if _plausible_token(keep_token):
        where.append(UserSession.token_hash != hash_token(keep_token))
    return _end(session, *where)


def end_other_sessions(session: Session, user_id: str, keep_token: Any) -> int:
    """End every session of the user except the one with `keep_token`; how many ended."""
    ended = end_other_sessions_uncommitted(session, user_id, keep_token)
    session.commit()
    return ended


def end_all_sessions(session: Session, user_id: str) -> int:
    """End every session of the user (signed out everywhere); how many ended."""
    ended = _end(session, UserSession.user_id == user_id)
    session.commit()
    return ended


def forget_user_sessions(session: Session, user_id: str) -> None:
    """For a caller that deletes the user (the sessions go by cascade): no worker may answer
    for them from its cache once that commits."""
    _forget(session, UserSession.user_id == user_id)


def apply_session_timeout(session: Session, user_id: str, days: int) -> None:
    """Re-date the user's open sessions to `days` after their creation (no commit)."""
    rows = session.exec(select(UserSession).where(UserSession.user_id == user_id)).all()
    for row in rows:
        row.expires_at = row.created_at + timedelta(days=days)
        session.add(row)
        user_cache.invalidate_on_commit(session, row.token_hash, _RESOLVED)


def create_sign_in_ticket(session: Session, user_id: str, now: datetime | None = None) -> str:
    """A one-time ticket for the cookie route, valid 60 seconds; only its hash is stored."""
    now = now or utcnow()
    ticket = secrets.token_urlsafe(TOKEN_BYTES)
    session.exec(delete(SignInTicket).where(SignInTicket.expires_at <= now))
    session.add(
        SignInTicket(
            user_id=user_id,
            ticket_hash=hash_token(ticket),
            created_at=now,
            expires_at=now + timedelta(seconds=TICKET_TTL_SECONDS),
        )
    )
    session.commit()
    return ticket


def bind_sign_in_ticket(session: Session, ticket: Any, now: datetime | None = None) -> str | None:
    """Bind a live, not yet bound ticket to a new nonce and return the nonce (for the
    browser's cookie); None when the ticket is unknown, expired or already bound."""
    if not _plausible_token(ticket):
        return None
    now = now or utcnow()
    nonce = secrets.token_urlsafe(TOKEN_BYTES)
    result = session.exec(
        update(SignInTicket)
        .where(
            SignInTicket.ticket_hash == hash_token(ticket),
            SignInTicket.nonce_hash.is_(None),  # type: ignore[union-attr]
            SignInTicket.expires_at > now,
        )
        .values(nonce_hash=hash_token(nonce))
    )
    session.commit()
    return nonce if result.rowcount == 1 else None


def redeem_sign_in_ticket(
    session: Session, ticket: Any, nonce: Any, now: datetime | None = None
) -> str | None:
    """The user id of a valid ticket presented with the nonce it was bound to; the ticket is
    used up either way. None when unknown, used, expired, unbound or the nonce differs."""
    if not _plausible_token(ticket):
        return None
    now = now or utcnow()
    row = session.exec(
        select(SignInTicket).where(SignInTicket.ticket_hash == hash_token(ticket))
    ).first()
    if row is None:
        return None
    user_id, expires_at, bound = row.user_id, row.expires_at, row.nonce_hash
    result = session.exec(delete(SignInTicket).where(SignInTicket.id == row.id))
    session.commit()
    if not result.rowcount or expires_at <= now:
        return None
    if not bound or not _plausible_token(nonce):
        return None
    return user_id if hmac.compare_digest(bound, hash_token(nonce)) else None


def purge_expired(session: Session, now: datetime | None = None) -> int:
    """Delete expired sessions and tickets (housekeeping); how many rows went."""
    now = now or utcnow()
    gone = session.exec(delete(UserSession).where(UserSession.expires_at <= now))
    tickets = session.exec(delete(SignInTicket).where(SignInTicket.expires_at <= now))
    session.commit()
    return int(gone.rowcount or 0) + int(tickets.rowcount or 0)
