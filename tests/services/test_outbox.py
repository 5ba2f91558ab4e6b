"""The contact outbox against a real SMTP server on 127.0.0.1 (P-CONT-2: nothing is lost).

Stored rows are mailed (team notification + sender confirmation), retried with back-off when
the server is down, never mailed twice, and safe with several workers (lease).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from sqlmodel import Session, select

from startup_toolkit.models.base import utcnow
from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.providers import mailer
from startup_toolkit.services import outbox, outbox_rows
from startup_toolkit.services.contact import submit_contact_message
from startup_toolkit.services.outbox import deliver_due_messages, run_outbox_worker, wake_outbox
from startup_toolkit.settings import get_settings
from tests.providers.test_mailer import refuse_or_accept
from tests.support.outbox import overlapping_passes
from tests.support.smtp_server import RecordingSMTPServer, free_port

TEAM = "team@unstuck.test"
SENDER = "noreply@unstuck.test"


def configure_smtp(monkeypatch: pytest.MonkeyPatch, port: int, **extra: str) -> None:
    monkeypatch.setenv("SMTP_HOST", "127.0.0.1")
    monkeypatch.setenv("SMTP_PORT", str(port))
    monkeypatch.setenv("SMTP_SECURITY", "none")
    monkeypatch.setenv("SMTP_FROM", SENDER)
    monkeypatch.setenv("SMTP_TIMEOUT_SECONDS", "5")
    monkeypatch.setenv("CONTACT_EMAIL", TEAM)
    for key, value in extra.items():
        monkeypatch.setenv(key, value)
    get_settings.cache_clear()


@pytest.fixture
def smtp(settings_env: pytest.MonkeyPatch, session: Session) -> Iterator[RecordingSMTPServer]:
    """A running recording server, configured as the app's SMTP server."""
    with RecordingSMTPServer() as server:
        configure_smtp(settings_env, server.port)
        yield server


def store(session: Session, n: int = 0, **kw: Any) -> int:
    values = {
        "name": f"Ada {n}",
        "email": f"ada{n}@example.com",
        "message": f"Hello number {n}\nSecond line",
        "ip_address": f"203.0.113.{n % 250}",
        **kw,
    }
    result = submit_contact_message(session, **values)
    assert result.ok and result.will_email and result.message_id is not None
    return result.message_id


def row(session: Session, message_id: int) -> ContactMessage:
    session.expire_all()
    found = session.get(ContactMessage, message_id)
    assert found is not None
    return found


def by_recipient(mails: list[Any]) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {}
    for mail in mails:
        out.setdefault(mail.message["To"], []).append(mail)
    return out


def test_p_cont_2_delivers_team_notification_and_confirmation(
    smtp: RecordingSMTPServer, session: Session
) -> None:
    message_id = store(session, 1)
    assert deliver_due_messages() == 1
    mails = by_recipient(smtp.wait_for(2))
    assert len(smtp.received) == 2

    (team,) = mails[TEAM]
    assert team.rcpt_tos == [TEAM]
    assert team.mail_from == SENDER
    assert team.message["Reply-To"] == "ada1@example.com"
    assert team.message["Subject"] == "[Unstuck] New contact message from Ada 1"
    team_body = team.message.get_content().replace("\r\n", "\n")
    assert "Hello number 1\nSecond line" in team_body
    assert "Email:    ada1@example.com" in team_body

    (confirmation,) = mails["ada1@example.com"]
    assert confirmation.rcpt_tos == ["ada1@example.com"]
    assert confirmation.message["Reply-To"] == TEAM
    assert confirmation.message["Subject"] == "We've received your message - Unstuck"
    assert "within 24 hours" in confirmation.message.get_content()

    sent = row(session, message_id)
    assert sent.status == "sent"
    assert sent.team_sent_at is not None and sent.confirmation_sent_at is not None
    assert sent.lease_until is None and sent.attempts == 0

    # Nothing left to do: a second pass sends nothing more.
    assert deliver_due_messages() == 0
    time.sleep(0.2)
    assert len(smtp.received) == 2


def test_p_cont_2_server_down_then_up_delivers_exactly_once(
    settings_env: pytest.MonkeyPatch, session: Session
) -> None:
    port = free_port()
    configure_smtp(settings_env, port)
    message_id = store(session, 2)
    now = utcnow()

    assert deliver_due_messages(now=now) == 0
    failed = row(session, message_id)
    assert failed.status == "pending"
    assert failed.attempts == 1
    assert "127.0.0.1" in failed.last_error
    assert failed.next_attempt_at == now + timedelta(seconds=30)
    assert failed.lease_until is None
    assert failed.team_sent_at is None

    with RecordingSMTPServer(port=port) as server:
        # Not due yet: nothing is tried.
        assert deliver_due_messages(now=now + timedelta(seconds=10)) == 0
        assert row(session, message_id).attempts == 1
        # Due: delivered, once each.
        assert deliver_due_messages(now=now + timedelta(seconds=31)) == 1
        mails = by_recipient(server.wait_for(2))
        assert len(mails[TEAM]) == 1 and len(mails["ada2@example.com"]) == 1
        assert deliver_due_messages(now=now + timedelta(hours=2)) == 0
        time.sleep(0.2)
        assert len(server.received) == 2
    done = row(session, message_id)
    assert done.status == "sent" and done.attempts == 1


def test_back_off_grows_with_each_failure(
    settings_env: pytest.MonkeyPatch, session: Session
) -> None:
    configure_smtp(settings_env, free_port())
    message_id = store(session, 3)
    now = utcnow()
    delays = []
    for _ in range(4):
        deliver_due_messages(now=now)
        current = row(session, message_id)
        delays.append((current.next_attempt_at - now).total_seconds())  # type: ignore[operator]
        now = current.next_attempt_at  # type: ignore[assignment]
    assert delays == [30, 60, 120, 240]
    assert row(session, message_id).attempts == 4


def test_p_cont_2_failure_after_team_mail_does_not_resend_it(
    smtp: RecordingSMTPServer, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    message_id = store(session, 4)
    real_send = mailer.send_email
    calls: list[str] = []

    def flaky_send(settings: Any, to: str, *args: Any, **kw: Any) -> None:
        calls.append(to)
        if to != TEAM and calls.count(to) == 1:
            raise mailer.MailError("421 try again later")
        real_send(settings, to, *args, **kw)

    monkeypatch.setattr(mailer, "send_email", flaky_send)
    now = utcnow()
    assert deliver_due_messages(now=now) == 0
    half = row(session, message_id)
    assert half.team_sent_at is not None
    assert half.confirmation_sent_at is None
    assert half.status == "pending" and half.attempts == 1
    assert half.last_error == "421 try again later"
    assert len(smtp.wait_for(1)) == 1

    assert deliver_due_messages(now=now + timedelta(seconds=31)) == 1
    mails = by_recipient(smtp.wait_for(2))
    assert len(mails[TEAM]) == 1
    assert len(mails["ada4@example.com"]) == 1
    assert calls == [TEAM, "ada4@example.com", "ada4@example.com"]
    assert row(session, message_id).status == "sent"


def test_two_concurrent_passes_never_send_twice(
    smtp: RecordingSMTPServer, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [store(session, n) for n in range(10, 16)]
    assert sum(overlapping_passes(monkeypatch)) == len(ids)
    mails = smtp.wait_for(2 * len(ids))
    time.sleep(0.2)
    assert len(smtp.received) == 2 * len(ids)
    team_replies = sorted(m.message["Reply-To"] for m in mails if m.message["To"] == TEAM)
    assert team_replies == sorted(f"ada{n}@example.com" for n in range(10, 16))
    assert all(row(session, i).status == "sent" for i in ids)


def test_a_live_lease_is_respected_and_an_expired_one_is_taken(
    smtp: RecordingSMTPServer, session: Session
) -> None:
    message_id = store(session, 5)
    now = utcnow()
    leased = row(session, message_id)
    leased.lease_until = now + timedelta(seconds=60)
    session.add(leased)
    session.commit()

    assert deliver_due_messages(now=now) == 0
    time.sleep(0.2)
    assert smtp.received == []
    assert deliver_due_messages(now=now + timedelta(seconds=61)) == 1
    assert len(smtp.wait_for(2)) == 2


def test_claim_is_exclusive(smtp: RecordingSMTPServer, session: Session) -> None:
    message_id = store(session, 6)
    now = utcnow()
    until = now + timedelta(seconds=60)
    assert outbox_rows.claim(session, ContactMessage, message_id, now, until) is True
    assert outbox_rows.claim(session, ContactMessage, message_id, now, until) is False
    assert (
        outbox_rows.claim(session, ContactMessage, message_id, until + timedelta(seconds=1), until)
        is True
    )


class _RefusingHandler:
    def __init__(self, refuse: str) -> None:
        self.refuse = refuse
        self.delivered: list[list[str]] = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        return refuse_or_accept(envelope, address, self.refuse)

    async def handle_DATA(self, server, session, envelope):
        self.delivered.append(list(envelope.rcpt_tos))
        return "250 OK"


def test_a_permanently_refused_confirmation_is_not_retried_forever(
    settings_env: pytest.MonkeyPatch, session: Session
) -> None:
    handler = _RefusingHandler(refuse="ghost@example.com")
    controller = Controller(handler, hostname="127.0.0.1", port=free_port())
    controller.start()
    try:
        configure_smtp(settings_env, controller.port)
        message_id = store(session, 7, email="ghost@example.com")
        assert deliver_due_messages() == 1
        assert handler.delivered == [[TEAM]]
        done = row(session, message_id)
        assert done.status == "sent"
        assert done.team_sent_at is not None and done.confirmation_sent_at is None
        assert done.last_error.startswith("Confirmation not deliverable")
    finally:
        controller.stop()


def test_rows_are_never_deleted(settings_env: pytest.MonkeyPatch, session: Session) -> None:
    configure_smtp(settings_env, free_port())
    ids = [store(session, n) for n in range(20, 23)]
    for k in range(3):
        deliver_due_messages(now=utcnow() + timedelta(hours=k + 1))
    session.expire_all()
    assert len(session.exec(select(ContactMessage)).all()) == len(ids)


def test_without_smtp_nothing_is_sent_and_stored_rows_stay(session: Session) -> None:
    result = submit_contact_message(session, "Ada", "ada@example.com", "Hi", "203.0.113.1")
    assert result.ok and not result.will_email
    assert deliver_due_messages() == 0
    assert row(session, result.message_id).status == "stored"  # type: ignore[arg-type]


# --- The lifespan worker


async def _wait_until(predicate: Any, timeout: float) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        await asyncio.sleep(0.05)
    return predicate()


async def test_worker_sends_right_after_a_wake(
    settings_env: pytest.MonkeyPatch, session: Session
) -> None:
    with RecordingSMTPServer() as server:
        configure_smtp(settings_env, server.port, OUTBOX_POLL_SECONDS="60")
        task = asyncio.create_task(run_outbox_worker())
        try:
            await asyncio.sleep(0.5)  # the first (empty) pass is over; next poll in 60 s
            store(session, 30)
            wake_outbox()
            assert await _wait_until(lambda: len(server.received) >= 2, timeout=5)
        finally:
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
    assert outbox._wakers == {}


async def test_worker_survives_exceptions_and_keeps_polling(
    settings_env: pytest.MonkeyPatch, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    with RecordingSMTPServer() as server:
        configure_smtp(settings_env, server.port, OUTBOX_POLL_SECONDS="0.1")
        real = outbox.deliver_due_messages
        calls = {"n": 0}

        def failing_then_real(now: Any = None) -> int:
            calls["n"] += 1
            if calls["n"] <= 2:
                raise RuntimeError("database is locked")
            return real(now)

        monkeypatch.setattr(outbox, "deliver_due_messages", failing_then_real)
        store(session, 31)
        task = asyncio.create_task(run_outbox_worker())
        try:
            assert await _wait_until(lambda: len(server.received) >= 2, timeout=5)
            assert calls["n"] >= 3
            assert not task.done()
        finally:
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task


async def test_worker_exits_quietly_without_smtp() -> None:
    assert not get_settings().smtp_enabled
    await asyncio.wait_for(run_outbox_worker(), timeout=1)
