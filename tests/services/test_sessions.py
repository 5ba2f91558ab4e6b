"""Sessions and sign-in tickets (DESIGN.md 'Identity and sessions'; P-AUTH-1 server side,
P-PROF-4 session timeout and login notifications)."""

from __future__ import annotations

import hashlib
from datetime import UTC, datetime, timedelta

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import passwords
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models import SignInTicket, User, UserNotification, UserSession
from startup_toolkit.models.settings import UserSecuritySettings
from startup_toolkit.services import account_security, sessions, user_settings
from tests.support.founders import user

NOW = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)
CHROME_LINUX = (
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
    "Chrome/120.0.0.0 Safari/537.36"
)


def _user(session: Session, email: str = "ada@example.com", timeout: int | None = None) -> str:
    """A founder whose sessions last `timeout` days (None: the default)."""
    user_id = user(session, email)
    if timeout is not None:
        session.add(UserSecuritySettings(user_id=user_id, session_timeout=timeout))
        session.commit()
    return user_id


def _rows(session: Session) -> list[UserSession]:
    session.expire_all()
    return list(session.exec(select(UserSession).order_by(UserSession.id)).all())


def test_token_is_256_bit_and_only_its_hash_is_stored(session: Session, engine: Engine) -> None:
    user_id = _user(session)
    token = sessions.create_session(session, user_id, CHROME_LINUX, "203.0.113.1", now=NOW)
    assert len(token) >= 43  # token_urlsafe(32)
    (row,) = _rows(session)
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert (row.user_agent, row.ip_address) == (CHROME_LINUX, "203.0.113.1")
    with engine.connect() as conn:
        dump = conn.execute(text("SELECT * FROM sessions")).all()
    assert token not in repr(dump)


def test_a_new_token_at_each_sign_in(session: Session) -> None:
    user_id = _user(session)
    tokens = {sessions.create_session(session, user_id, "", "") for _ in range(3)}
    assert len(tokens) == 3
    assert all(sessions.resolve_session(session, t) == user_id for t in tokens)


def test_lifetime_is_the_session_timeout(session: Session) -> None:
    """P-PROF-4: default 30 days; a 7-day setting gives 7-day sessions."""
    default_user = _user(session)
    sessions.create_session(session, default_user, "", "", now=NOW)
    week_user = _user(session, "w@example.com", timeout=7)
    sessions.create_session(session, week_user, "", "", now=NOW)
    first, second = _rows(session)
    assert first.expires_at == NOW + timedelta(days=30)
    assert second.expires_at == NOW + timedelta(days=7)


def test_expired_sessions_resolve_to_nobody_and_are_deleted(session: Session) -> None:
    user_id = _user(session, timeout=1)
    token = sessions.create_session(session, user_id, "", "", now=NOW)
    almost = NOW + timedelta(days=1) - timedelta(seconds=1)
    assert sessions.resolve_session(session, token, now=almost) == user_id
    assert sessions.resolve_session(session, token, now=NOW + timedelta(days=1)) is None
    assert _rows(session) == []


def test_last_seen_is_updated_at_most_once_a_minute(session: Session) -> None:
    user_id = _user(session)
    token = sessions.create_session(session, user_id, "", "", now=NOW)
    sessions.resolve_session(session, token, now=NOW + timedelta(seconds=59))
    assert _rows(session)[0].last_seen_at == NOW
    sessions.resolve_session(session, token, now=NOW + timedelta(seconds=61))
    assert _rows(session)[0].last_seen_at == NOW + timedelta(seconds=61)


def test_garbage_tokens_resolve_to_nobody(session: Session) -> None:
    user_id = _user(session)
    sessions.create_session(session, user_id, "", "")
    for junk in (None, "", "x", "a" * 43, "a" * 10_000, 42, ["t"]):
        assert sessions.resolve_session(session, junk) is None


def test_sign_out_ends_only_that_session(session: Session) -> None:
    user_id = _user(session)
    first = sessions.create_session(session, user_id, "", "")
    second = sessions.create_session(session, user_id, "", "")
    assert sessions.end_session(session, first)
    assert not sessions.end_session(session, first)
    assert sessions.resolve_session(session, first) is None
    assert sessions.resolve_session(session, second) == user_id


def test_end_other_and_all_sessions(session: Session) -> None:
    ada = _user(session)
    bob = _user(session, "bob@example.com")
    keep = sessions.create_session(session, ada, "", "")
    drop = sessions.create_session(session, ada, "", "")
    bobs = sessions.create_session(session, bob, "", "")
    assert sessions.end_other_sessions(session, ada, keep) == 1
    assert sessions.resolve_session(session, keep) == ada
    assert sessions.resolve_session(session, drop) is None
    assert sessions.resolve_session(session, bobs) == bob
    assert sessions.end_all_sessions(session, ada) == 1
    assert sessions.resolve_session(session, keep) is None
    assert sessions.resolve_session(session, bobs) == bob


def test_p_prof_4_login_notification(session: Session) -> None:
    """P-PROF-4 login notifications: an info notification at each new sign-in when on."""
    user_id = _user(session)
    sessions.create_session(session, user_id, CHROME_LINUX, "", now=NOW)
    (note,) = session.exec(select(UserNotification)).all()
    assert note.type == "info" and not note.is_read
    assert note.message == "New sign-in on Chrome on Linux at 2026-03-01 12:00 UTC"

    session.get(User, user_id).password_hash = passwords.hash_password("ada password 1")  # type: ignore[union-attr]
    session.commit()
    result = account_security.turn_off_login_notifications(session, user_id, "ada password 1")
    assert result.ok
    sessions.create_session(session, user_id, CHROME_LINUX, "", now=NOW)
    assert len(session.exec(select(UserNotification)).all()) == 1


def test_the_sign_in_that_creates_an_account_sends_no_new_sign_in_notice(
    session: Session,
) -> None:
    """Issue 17, item 6: a brand-new account's first sign-in is not news; the next one is,
    and so is a sign-in to an older account that has no session left."""
    user_id = _user(session)
    created = session.get(User, user_id).created_at  # type: ignore[union-attr]
    sessions.create_session(session, user_id, CHROME_LINUX, "", now=created + timedelta(minutes=1))
    assert session.exec(select(UserNotification)).all() == []
    sessions.create_session(session, user_id, CHROME_LINUX, "", now=created + timedelta(minutes=2))
    assert len(session.exec(select(UserNotification)).all()) == 1

    older = _user(session, "old@example.com")
    created = session.get(User, older).created_at  # type: ignore[union-attr]
    sessions.create_session(session, older, CHROME_LINUX, "", now=created + timedelta(days=3))
    notes = session.exec(select(UserNotification).where(UserNotification.user_id == older)).all()
    assert len(notes) == 1


def test_changing_the_timeout_redates_open_sessions(session: Session) -> None:
    user_id = _user(session)
    token = sessions.create_session(session, user_id, "", "", now=NOW)
    assert user_settings.update_security_settings(session, user_id, {"session_timeout": 1}).ok
    assert _rows(session)[0].expires_at == NOW + timedelta(days=1)
    assert sessions.resolve_session(session, token, now=NOW + timedelta(days=2)) is None


def test_sign_in_tickets_are_one_time(session: Session) -> None:
    user_id = _user(session)
    ticket = sessions.create_sign_in_ticket(session, user_id, now=NOW)
    (row,) = session.exec(select(SignInTicket)).all()
    assert row.ticket_hash == hashlib.sha256(ticket.encode()).hexdigest() != ticket
    nonce = sessions.bind_sign_in_ticket(session, ticket, now=NOW)
    assert sessions.redeem_sign_in_ticket(session, ticket, nonce, now=NOW) == user_id
    assert sessions.redeem_sign_in_ticket(session, ticket, nonce, now=NOW) is None
    assert session.exec(select(SignInTicket)).all() == []


def test_sign_in_tickets_expire_after_60_seconds(session: Session) -> None:
    user_id = _user(session)
    fresh = sessions.create_sign_in_ticket(session, user_id, now=NOW)
    stale = sessions.create_sign_in_ticket(session, user_id, now=NOW)
    fresh_nonce = sessions.bind_sign_in_ticket(session, fresh, now=NOW)
    stale_nonce = sessions.bind_sign_in_ticket(session, stale, now=NOW)
    later = NOW + timedelta(seconds=59)
    assert sessions.redeem_sign_in_ticket(session, fresh, fresh_nonce, later) == user_id
    too_late = NOW + timedelta(seconds=60)
    assert sessions.redeem_sign_in_ticket(session, stale, stale_nonce, too_late) is None
    assert sessions.redeem_sign_in_ticket(session, stale, stale_nonce, NOW) is None  # used up
    for junk in (None, "", "nope", 7):
        assert sessions.redeem_sign_in_ticket(session, junk, fresh_nonce) is None
        assert sessions.bind_sign_in_ticket(session, junk) is None


def test_ticket_nonce_is_random_and_only_its_hash_is_stored(session: Session) -> None:
    """Issue 13, finding 4: the nonce binding a ticket to a browser is 256 bits, stored hashed."""
    user_id = _user(session)
    ticket = sessions.create_sign_in_ticket(session, user_id, now=NOW)
    (row,) = session.exec(select(SignInTicket)).all()
    assert row.nonce_hash is None
    nonce = sessions.bind_sign_in_ticket(session, ticket, now=NOW)
    assert nonce is not None and len(nonce) >= 43
    session.expire_all()
    (row,) = session.exec(select(SignInTicket)).all()
    assert row.nonce_hash == hashlib.sha256(nonce.encode()).hexdigest()


def test_a_ticket_is_bound_once(session: Session) -> None:
    """Issue 13, finding 4: the first browser to bind a ticket keeps it; a second bind (another
    browser that got hold of the ticket) gets nothing."""
    user_id = _user(session)
    ticket = sessions.create_sign_in_ticket(session, user_id, now=NOW)
    first = sessions.bind_sign_in_ticket(session, ticket, now=NOW)
    assert first is not None
    assert sessions.bind_sign_in_ticket(session, ticket, now=NOW) is None
    assert sessions.redeem_sign_in_ticket(session, ticket, first, now=NOW) == user_id


def test_an_expired_ticket_cannot_be_bound(session: Session) -> None:
    user_id = _user(session)
    ticket = sessions.create_sign_in_ticket(session, user_id, now=NOW)
    assert sessions.bind_sign_in_ticket(session, ticket, NOW + timedelta(seconds=60)) is None


def test_login_csrf_a_ticket_needs_its_own_browsers_nonce(session: Session) -> None:
    """Issue 13, finding 4: the attacker's ticket, carried to a victim's browser, signs in
    nobody: without a nonce, with another ticket's nonce, or unbound. It is spent either way."""
    attacker = _user(session, "mallory@example.com")
    victim = _user(session, "victim@example.com")
    attackers_ticket = sessions.create_sign_in_ticket(session, attacker, now=NOW)
    sessions.bind_sign_in_ticket(session, attackers_ticket, now=NOW)
    victims_ticket = sessions.create_sign_in_ticket(session, victim, now=NOW)
    victims_nonce = sessions.bind_sign_in_ticket(session, victims_ticket, now=NOW)
    for nonce in ("", None, victims_nonce):
        again = sessions.create_sign_in_ticket(session, attacker, now=NOW)
        sessions.bind_sign_in_ticket(session, again, now=NOW)
        assert sessions.redeem_sign_in_ticket(session, again, nonce, now=NOW) is None
    assert sessions.redeem_sign_in_ticket(session, attackers_ticket, victims_nonce, NOW) is None
    unbound = sessions.create_sign_in_ticket(session, attacker, now=NOW)
    assert sessions.redeem_sign_in_ticket(session, unbound, "x" * 43, now=NOW) is None
    assert sessions.redeem_sign_in_ticket(session, victims_ticket, victims_nonce, NOW) == victim


def test_purge_expired(session: Session) -> None:
    user_id = _user(session, timeout=1)
    sessions.create_session(session, user_id, "", "", now=NOW)
    live = sessions.create_session(session, user_id, "", "", now=NOW + timedelta(days=1))
    sessions.create_sign_in_ticket(session, user_id, now=NOW)
    assert sessions.purge_expired(session, now=NOW + timedelta(days=1, seconds=1)) == 2
    assert sessions.resolve_session(session, live, now=NOW + timedelta(days=1, seconds=1))


# --- the per-worker cache of resolved sessions ------------------------------------------------


class _Queries:
    """Counts the SQL statements an engine runs while active."""

    def __init__(self, engine: Engine) -> None:
        self.engine, self.count = engine, 0

    def _seen(self, *_args: object) -> None:
        self.count += 1

    def __enter__(self) -> _Queries:
        event.listen(self.engine, "before_cursor_execute", self._seen)
        return self

    def __exit__(self, *_exc: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self._seen)


def test_a_resolved_session_is_answered_without_a_query_until_last_seen_is_due(
    session: Session, engine: Engine
) -> None:
    user_id = _user(session)
    token = sessions.create_session(session, user_id, "", "", now=NOW)
    assert sessions.resolve_session(session, token, now=NOW + timedelta(seconds=1)) == user_id
    with _Queries(engine) as queries:
        for second in (2, 30, 59):
            at = NOW + timedelta(seconds=second)
            assert sessions.resolve_session(session, token, now=at) == user_id
    assert queries.count == 0
    assert sessions.resolve_session(session, token, now=NOW + timedelta(seconds=61)) == user_id
    assert _rows(session)[0].last_seen_at == NOW + timedelta(seconds=61)


def test_a_cached_session_past_its_expiry_is_refused(session: Session) -> None:
    user_id = _user(session, timeout=1)
    token = sessions.create_session(session, user_id, "", "", now=NOW)
    last_second = NOW + timedelta(days=1) - timedelta(seconds=1)
    assert sessions.resolve_session(session, token, now=last_second) == user_id
    assert sessions.resolve_session(session, token, now=NOW + timedelta(days=1)) is None


def test_ending_sessions_reaches_cached_answers_at_once(engine: Engine) -> None:
    """Sign-out, 'sign out everywhere', a password change, a shorter timeout and account
    deletion each end what a worker had cached, through another database session."""
    with Session(engine, expire_on_commit=False) as reader, Session(engine) as writer:
        ada = _user(writer)
        two_days_ago = utcnow() - timedelta(days=2)
        tokens = [sessions.create_session(writer, ada, "", "", now=two_days_ago) for _ in range(4)]
        assert all(sessions.resolve_session(reader, t) == ada for t in tokens)

        assert sessions.end_session(writer, tokens[0])
        assert sessions.resolve_session(reader, tokens[0]) is None

        assert sessions.end_other_sessions(writer, ada, tokens[1]) == 2
        assert sessions.resolve_session(reader, tokens[2]) is None
        assert sessions.resolve_session(reader, tokens[1]) == ada

        # A one-day timeout ends a session that began two days ago.
        assert user_settings.update_security_settings(writer, ada, {"session_timeout": 1}).ok
        assert sessions.resolve_session(reader, tokens[1]) is None

        bob = _user(writer, "bob@example.com")
        bobs = sessions.create_session(writer, bob, "", "")
        assert sessions.resolve_session(reader, bobs) == bob
        assert sessions.end_all_sessions(writer, bob) == 1
        assert sessions.resolve_session(reader, bobs) is None

        cyd = _user(writer, "cyd@example.com")
        cyds = sessions.create_session(writer, cyd, "", "")
        assert sessions.resolve_session(reader, cyds) == cyd
        writer.get(User, cyd).password_hash = passwords.hash_password("cyd password 1")  # type: ignore[union-attr]
        writer.commit()
        assert account_security.delete_account(writer, cyd, "cyd@example.com", "cyd password 1").ok
        assert sessions.resolve_session(reader, cyds) is None
