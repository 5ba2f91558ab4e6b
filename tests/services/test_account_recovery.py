"""Account recovery against a real SMTP server on 127.0.0.1: the outbox worker mails a
single-use link (256-bit token, stored hashed, 30 minutes, void after a password change);
using it applies the password rules, ends every session and adds a notification.
(Issue 13 "Account recovery"; the password rules are P-PROF-5's.) The link finishes a reset
only with the nonce of the browser that opened it (issue 27, item 4).
"""

from __future__ import annotations

import asyncio
import hashlib
import re
import time
from collections.abc import Callable, Iterator
from datetime import timedelta
from urllib.parse import parse_qs, urlsplit

import pytest
from sqlalchemy import text
from sqlmodel import Session, select

from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.domain import passwords
from startup_toolkit.domain.identity import EMAIL_INVALID
from startup_toolkit.models.activity import UserNotification
from startup_toolkit.models.recovery import PasswordReset
from startup_toolkit.services import account_recovery as recovery
from startup_toolkit.services import accounts, sessions
from startup_toolkit.services.outbox import run_outbox_worker, wake_outbox
from startup_toolkit.settings import get_settings
from tests.support.smtp_server import RecordingSMTPServer

PASSWORD = "correct horse battery"
NEW_PASSWORD = "a brand new password"
PUBLIC = "https://unstuck.example"


@pytest.fixture(autouse=True)
def _fresh_limits() -> Iterator[None]:
    recovery.reset_limits()
    yield
    recovery.reset_limits()


@pytest.fixture
def smtp(settings_env: pytest.MonkeyPatch, session: Session) -> Iterator[RecordingSMTPServer]:
    """A running recording server, configured as the app's SMTP server."""
    with RecordingSMTPServer() as server:
        for key, value in {
            "SMTP_HOST": server.host,
            "SMTP_PORT": str(server.port),
            "SMTP_SECURITY": "none",
            "SMTP_FROM": "noreply@unstuck.test",
            "SMTP_TIMEOUT_SECONDS": "5",
            "PUBLIC_BASE_URL": PUBLIC,
        }.items():
            settings_env.setenv(key, value)
        get_settings.cache_clear()
        yield server


@pytest.fixture
def ada(session: Session, cheap_hashing: None) -> str:
    result = accounts.sign_up(session, "Ada Lovelace", "ada@example.com", PASSWORD, PASSWORD)
    assert result.ok and result.user_id
    return result.user_id


def token_of(mail_body: str) -> str:
    """The token of the reset link in a mail, checking the link's address on the way."""
    (link,) = re.findall(r"https?://\S+", mail_body)
    parts = urlsplit(link)
    assert f"{parts.scheme}://{parts.netloc}{parts.path}" == PUBLIC + rules.OPEN_PATH
    return parse_qs(parts.query)["token"][0]


def opened(session: Session, token: object) -> str:
    """The nonce of a browser that opened the link (as `GET /api/auth/reset` binds it);
    '' when the link is dead."""
    link = recovery.open_link(session, token)
    return link.nonce if link else ""


def request_and_deliver(
    session: Session, smtp: RecordingSMTPServer, email: str = "ada@example.com"
) -> str:
    """Ask for a link, run one outbox pass, return the token from the mail that arrived."""
    before = len(smtp.received)
    outcome = recovery.request_reset(session, email, "203.0.113.7")
    assert outcome.status == "sent" and outcome.message == rules.SENT
    assert recovery.deliver_due_resets() == 1
    mails = smtp.wait_for(before + 1)
    return token_of(mails[-1].message.get_content())


async def _wait_until(check: Callable[[], bool], timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if check():
            return True
        await asyncio.sleep(0.05)
    return check()


async def test_the_outbox_worker_mails_a_link_that_resets_the_password(
    smtp: RecordingSMTPServer, session: Session, ada: str, settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("OUTBOX_POLL_SECONDS", "60")
    get_settings.cache_clear()
    task = asyncio.create_task(run_outbox_worker())
    try:
        await asyncio.sleep(0.3)  # the first (empty) pass is over; the next poll is in 60 s
        outcome = await asyncio.to_thread(
            recovery.request_reset, session, "  ADA@example.com ", "203.0.113.7"
        )
        assert outcome.status == "sent"
        wake_outbox()
        assert await _wait_until(lambda: len(smtp.received) >= 1, timeout=5)
    finally:
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
    (mail,) = smtp.received
    assert mail.rcpt_tos == ["ada@example.com"]
    assert mail.message["Subject"] == "Reset your Unstuck password"
    token = token_of(mail.message.get_content())
    assert len(token) >= 43  # 32 random bytes, URL-safe base64

    result = recovery.reset_password(session, opened(session, token), NEW_PASSWORD, NEW_PASSWORD)
    assert result.ok and result.message == rules.PASSWORD_RESET
    assert accounts.authenticate(session, "ada@example.com", NEW_PASSWORD, "198.51.100.1").ok
    assert not accounts.authenticate(session, "ada@example.com", PASSWORD, "198.51.100.1").ok


def test_the_token_is_stored_only_as_its_sha256(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    token = request_and_deliver(session, smtp)
    session.expire_all()
    row = session.exec(select(PasswordReset)).one()
    assert row.token_hash == hashlib.sha256(token.encode()).hexdigest()
    assert row.status == "sent" and row.sent_at is not None
    dump = "\n".join(
        str(value)
        for table in ("password_resets", "users", "user_notifications", "sessions")
        for record in session.connection().execute(text(f"SELECT * FROM {table}"))
        for value in record
    )
    assert token not in dump


def test_a_link_works_once(smtp: RecordingSMTPServer, session: Session, ada: str) -> None:
    token = request_and_deliver(session, smtp)
    nonce = opened(session, token)
    assert recovery.reset_password(session, nonce, NEW_PASSWORD, NEW_PASSWORD).ok
    again = recovery.reset_password(session, nonce, "yet another password", "yet another password")
    assert not again.ok and again.message == rules.LINK_INVALID
    assert not recovery.link_is_valid(session, token) and opened(session, token) == ""
    assert accounts.authenticate(session, "ada@example.com", NEW_PASSWORD, "198.51.100.1").ok


def test_a_link_expires_after_30_minutes(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    token = request_and_deliver(session, smtp)
    issued = session.exec(select(PasswordReset)).one().created_at
    assert recovery.link_is_valid(session, token, issued + timedelta(minutes=29, seconds=59))
    late = issued + timedelta(minutes=30)
    assert not recovery.link_is_valid(session, token, late)
    nonce = opened(session, token)  # opened in time, used too late
    assert recovery.opened_link_is_valid(session, nonce, late - timedelta(seconds=1))
    assert not recovery.opened_link_is_valid(session, nonce, late)
    result = recovery.reset_password(session, nonce, NEW_PASSWORD, NEW_PASSWORD, now=late)
    assert not result.ok and result.message == rules.LINK_INVALID


def test_a_password_change_voids_the_link(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    token = request_and_deliver(session, smtp)
    nonce = opened(session, token)
    changed = accounts.change_password(session, ada, PASSWORD, NEW_PASSWORD, NEW_PASSWORD, None)
    assert changed.ok
    assert not recovery.link_is_valid(session, token)
    result = recovery.reset_password(session, nonce, "yet another password", "yet another password")
    assert not result.ok and result.message == rules.LINK_INVALID


def test_a_queued_link_is_not_mailed_after_a_password_change(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    assert recovery.request_reset(session, "ada@example.com", "203.0.113.7").status == "sent"
    assert accounts.change_password(session, ada, PASSWORD, NEW_PASSWORD, NEW_PASSWORD, None).ok
    assert recovery.deliver_due_resets() == 0
    time.sleep(0.2)
    assert smtp.received == []
    session.expire_all()
    assert session.exec(select(PasswordReset)).one().status == "dropped"


def test_unknown_emails_get_the_same_answer_and_no_mail(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    known = recovery.request_reset(session, "ada@example.com", "203.0.113.7")
    unknown = recovery.request_reset(session, "nobody@example.com", "203.0.113.7")
    assert known == unknown
    assert recovery.deliver_due_resets() == 1
    time.sleep(0.2)
    assert [m.rcpt_tos for m in smtp.received] == [["ada@example.com"]]


def test_malformed_emails_get_the_sign_up_message(
    smtp: RecordingSMTPServer, session: Session
) -> None:
    outcome = recovery.request_reset(session, "not an email", "203.0.113.7")
    assert outcome.status == "invalid" and outcome.errors == {"email": EMAIL_INVALID}


def test_requests_are_limited_per_address(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    for n in range(rules.ADDRESS_LIMIT):
        assert recovery.request_reset(session, f"x{n}@example.com", "203.0.113.9").status == "sent"
    refused = recovery.request_reset(session, "ada@example.com", "203.0.113.9")
    assert refused.status == "rate_limited" and refused.message == rules.TOO_MANY_REQUESTS
    assert recovery.request_reset(session, "ada@example.com", "203.0.113.10").status == "sent"


def test_requests_are_limited_per_account_without_saying_so(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    answers = [
        recovery.request_reset(session, "ada@example.com", f"203.0.113.{n}")
        for n in range(rules.ACCOUNT_LIMIT + 2)
    ]
    assert answers == [recovery.RequestOutcome("sent", rules.SENT)] * (rules.ACCOUNT_LIMIT + 2)
    assert len(session.exec(select(PasswordReset)).all()) == rules.ACCOUNT_LIMIT
    assert recovery.deliver_due_resets() == rules.ACCOUNT_LIMIT


def test_a_reset_ends_every_session_and_notifies(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    tokens = [sessions.create_session(session, ada, "pytest", "127.0.0.1") for _ in range(2)]
    ticket = sessions.create_sign_in_ticket(session, ada)
    nonce = sessions.bind_sign_in_ticket(session, ticket)
    assert all(sessions.resolve_session(session, t) == ada for t in tokens)
    link = request_and_deliver(session, smtp)
    assert recovery.reset_password(session, opened(session, link), NEW_PASSWORD, NEW_PASSWORD).ok
    assert [sessions.resolve_session(session, t) for t in tokens] == [None, None]
    assert sessions.redeem_sign_in_ticket(session, ticket, nonce) is None
    messages = session.exec(
        select(UserNotification.message).where(UserNotification.user_id == ada)
    ).all()
    assert rules.NOTIFICATION in messages


def test_the_password_rules_apply_and_keep_the_link(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    nonce = opened(session, request_and_deliver(session, smtp))
    short = recovery.reset_password(session, nonce, "short", "short")
    assert not short.ok and short.errors == {"new": passwords.TOO_SHORT}
    mismatch = recovery.reset_password(session, nonce, NEW_PASSWORD, NEW_PASSWORD + "!")
    assert not mismatch.ok and mismatch.errors == {"confirm": passwords.MISMATCH}
    assert recovery.opened_link_is_valid(session, nonce)
    assert recovery.reset_password(session, nonce, NEW_PASSWORD, NEW_PASSWORD).ok


def test_a_reset_lifts_the_sign_in_wait(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    """The address that forgot the password and was told to wait signs in with the new one
    at once (issue 27, item 5: its waits were for guesses at the old password)."""
    home = "198.51.100.2"
    for _ in range(accounts.LOCK_AFTER_FAILURES + 1):
        accounts.authenticate(session, "ada@example.com", "wrong password", home)
    assert accounts.authenticate(session, "ada@example.com", "wrong password", home).retry_after
    token = request_and_deliver(session, smtp)
    assert recovery.reset_password(session, opened(session, token), NEW_PASSWORD, NEW_PASSWORD).ok
    assert accounts.authenticate(session, "ada@example.com", NEW_PASSWORD, home).ok


def test_without_smtp_the_form_says_so_and_an_operator_link_works(
    session: Session, ada: str
) -> None:
    assert not get_settings().smtp_enabled
    outcome = recovery.request_reset(session, "ada@example.com", "203.0.113.7")
    assert outcome.status == "unavailable" and outcome.message == rules.EMAIL_NOT_CONFIGURED
    assert session.exec(select(PasswordReset)).all() == []
    assert recovery.issue_link(session, "nobody@example.com") is None
    token = recovery.issue_link(session, "Ada@Example.com")
    assert token and recovery.link_is_valid(session, token)
    assert recovery.reset_password(session, opened(session, token), NEW_PASSWORD, NEW_PASSWORD).ok


def _notes(session: Session, user_id: str) -> list[str]:
    return list(
        session.exec(
            select(UserNotification.message).where(UserNotification.user_id == user_id)
        ).all()
    )


def test_issue_28_item_10_the_notification_says_how_the_reset_happened(
    smtp: RecordingSMTPServer, session: Session, ada: str
) -> None:
    """An operator's link (`admin reset-link`) is not "an emailed link"; a mailed one is."""
    token = recovery.issue_link(session, "ada@example.com")
    assert recovery.reset_password(session, opened(session, token), NEW_PASSWORD, NEW_PASSWORD).ok
    assert rules.NOTIFICATION_BY_OPERATOR in _notes(session, ada)
    assert rules.NOTIFICATION not in _notes(session, ada)
    assert "person who runs this server" in rules.NOTIFICATION_BY_OPERATOR

    link = request_and_deliver(session, smtp)
    again = NEW_PASSWORD + " again"
    assert recovery.reset_password(session, opened(session, link), again, again).ok
    assert rules.NOTIFICATION in _notes(session, ada)
    assert "emailed link" in rules.NOTIFICATION


def test_junk_tokens_are_refused(session: Session, ada: str) -> None:
    for junk in ("", "short", None, 42, ["x" * 43], "x" * 5000, "x" * 43):
        assert not recovery.link_is_valid(session, junk)
        assert recovery.open_link(session, junk) is None
        assert not recovery.opened_link_is_valid(session, junk)
        result = recovery.reset_password(session, junk, NEW_PASSWORD, NEW_PASSWORD)
        assert result.message == rules.LINK_INVALID


def test_the_token_alone_cannot_finish_a_reset(session: Session, ada: str) -> None:
    """Issue 27, item 4 (the P-PROF-5 password rules behind a reset): the link's token is
    not the nonce of a browser that opened it; nothing changes, the link stays good for the
    browser."""
    token = recovery.issue_link(session, "ada@example.com")
    assert token
    assert not recovery.reset_password(session, token, NEW_PASSWORD, NEW_PASSWORD).ok
    nonce = opened(session, token)
    assert recovery.reset_password(session, token, NEW_PASSWORD, NEW_PASSWORD).message == (
        rules.LINK_INVALID
    )
    assert accounts.authenticate(session, "ada@example.com", PASSWORD, "198.51.100.1").ok
    assert recovery.reset_password(session, nonce, NEW_PASSWORD, NEW_PASSWORD).ok


def test_the_newest_browser_to_open_the_link_holds_it(session: Session, ada: str) -> None:
    """Opening the link again (another browser, or a mail scanner before the founder) binds
    it to the newest; the nonce is stored only as its SHA-256 and dropped when used."""
    token = recovery.issue_link(session, "ada@example.com")
    first, second = opened(session, token), opened(session, token)
    assert first and second and first != second
    assert not recovery.opened_link_is_valid(session, first)
    assert not recovery.reset_password(session, first, NEW_PASSWORD, NEW_PASSWORD).ok
    session.expire_all()
    row = session.exec(select(PasswordReset)).one()
    assert row.nonce_hash == hashlib.sha256(second.encode()).hexdigest()
    assert recovery.reset_password(session, second, NEW_PASSWORD, NEW_PASSWORD).ok
    session.expire_all()
    assert session.exec(select(PasswordReset)).one().nonce_hash is None


def test_an_opened_link_lives_in_the_browser_no_longer_than_the_link(
    session: Session, ada: str
) -> None:
    token = recovery.issue_link(session, "ada@example.com")
    issued = session.exec(select(PasswordReset)).one().created_at
    link = recovery.open_link(session, token, issued + timedelta(minutes=20))
    assert link and link.max_age == 600
