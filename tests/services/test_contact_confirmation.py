"""The contact form cannot mail a visitor's text to an address the visitor typed
(issue 27, item 2; P-CONT-2), against the real SMTP server in tests/support.

The review sent 10 confirmations to one outside address in 15 s from two client addresses,
each opening with "Hi {name}" where the name held a phishing link. Now the confirmation is a
fixed text, at most one goes to an address in any day whoever writes, and the team inbox
still gets every message with the visitor's text.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from datetime import timedelta
from typing import Any

import pytest
from sqlmodel import Session

from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.providers import mailer
from startup_toolkit.services.contact import submit_contact_message
from startup_toolkit.services.outbox import deliver_due_messages
from tests.services.test_outbox import TEAM, configure_smtp
from tests.support.outbox import overlapping_passes
from tests.support.smtp_server import ReceivedMail, RecordingSMTPServer

LURE_NAME = "Ada - your account is locked, verify at https://evil.example/login now"
LURE_MESSAGE = "URGENT: reset your password at http://evil.example/reset\nwww.evil.example"
VICTIM = "victim@example.com"


@pytest.fixture
def smtp(settings_env: pytest.MonkeyPatch, session: Session) -> Iterator[RecordingSMTPServer]:
    with RecordingSMTPServer() as server:
        configure_smtp(settings_env, server.port)
        yield server


def submit(session: Session, email: str, ip: str, n: int = 0, **kw: Any) -> int:
    values = {"name": f"{LURE_NAME} {n}", "message": f"{LURE_MESSAGE} {n}", **kw}
    result = submit_contact_message(session, email=email, ip_address=ip, **values)
    assert result.ok and result.will_email and result.message_id is not None
    return result.message_id


def body(mail: ReceivedMail) -> str:
    return str(mail.message.get_content()).replace("\r\n", "\n")


def to_team(mails: list[ReceivedMail]) -> list[ReceivedMail]:
    return [m for m in mails if m.rcpt_tos == [TEAM]]


def to_victim(mails: list[ReceivedMail]) -> list[ReceivedMail]:
    """Mail to the victim's address, however its case was typed."""
    return [m for m in mails if [r.lower() for r in m.rcpt_tos] == [VICTIM]]


def settle(smtp: RecordingSMTPServer, count: int) -> list[ReceivedMail]:
    """Wait for `count` mails, then a moment more, so an extra one would be seen too."""
    smtp.wait_for(count)
    time.sleep(0.2)
    return list(smtp.received)


def row(session: Session, message_id: int) -> ContactMessage:
    session.expire_all()
    found = session.get(ContactMessage, message_id)
    assert found is not None
    return found


def test_the_confirmation_carries_no_visitor_text_and_the_team_gets_it_all(
    smtp: RecordingSMTPServer, session: Session
) -> None:
    """issue 27, item 2 / P-CONT-2: the mail to the typed address is our fixed text (no name,
    no message, nothing that can carry a link); the team's mail has the visitor's text."""
    submit(session, VICTIM, "203.0.113.1", 1)
    submit(session, "other@example.org", "203.0.113.2", 2, name="Bob", message="Hello there")
    assert deliver_due_messages() == 2
    mails = settle(smtp, 4)
    assert len(mails) == 4

    (confirmation,) = to_victim(mails)
    (other,) = [m for m in mails if m.rcpt_tos == ["other@example.org"]]
    for mail in (confirmation, other):
        text = f"{mail.message['Subject']}\n{body(mail)}"
        for visitor_text in ("Ada", "Bob", "evil", "URGENT", "Hello there", "locked"):
            assert visitor_text not in text
        assert "http" not in text and "www" not in text and "://" not in text
        assert mail.message["Reply-To"] == TEAM
        assert "will reply to this address" in text
    # The same text for everyone: nothing in it came from a visitor.
    assert confirmation.message["Subject"] == other.message["Subject"]
    assert body(confirmation) == body(other)

    team = to_team(mails)
    assert len(team) == 2
    ada = next(m for m in team if m.message["Reply-To"] == VICTIM)
    assert f"{LURE_NAME} 1" in body(ada)
    assert f"{LURE_MESSAGE} 1" in body(ada)


def test_one_confirmation_per_address_per_day_across_clients_and_case_variants(
    smtp: RecordingSMTPServer, session: Session
) -> None:
    """issue 27, item 2 / P-CONT-2: the review's 10 mails from two client addresses, typed in
    different cases, reach the victim once; the team gets all 10; the next day may have one."""
    now = utcnow()
    variants = [VICTIM, "Victim@Example.com", "VICTIM@EXAMPLE.COM", " victim@example.COM "]
    ids = [
        submit(session, variants[n % 4], f"198.51.100.{n % 2}", n, now=now + timedelta(seconds=n))
        for n in range(10)
    ]
    assert deliver_due_messages(now=now + timedelta(seconds=15)) == 10
    mails = settle(smtp, 11)
    assert len(to_victim(mails)) == 1
    assert len(to_team(mails)) == 10
    assert len(mails) == 11
    # Every row is done (the team has it); only the first holds the day's confirmation.
    rows = [row(session, i) for i in ids]
    assert all(r.status == "sent" and r.team_sent_at is not None for r in rows)
    assert [r.confirmation_sent_at is not None for r in rows] == [True] + [False] * 9
    assert all(r.recipient == VICTIM for r in rows)

    # Later the same day, from a third client: the team hears of it, the victim does not.
    later = now + timedelta(hours=23)
    submit(session, "Victim@example.com", "192.0.2.7", 11, now=later)
    assert deliver_due_messages(now=later) == 1
    mails = settle(smtp, 12)
    assert (len(to_victim(mails)), len(to_team(mails))) == (1, 11)

    # A day after the first confirmation, one more may go out.
    next_day = now + timedelta(days=1, seconds=16)
    submit(session, VICTIM, "192.0.2.8", 12, now=next_day)
    submit(session, VICTIM, "192.0.2.9", 13, now=next_day)
    assert deliver_due_messages(now=next_day) == 2
    mails = settle(smtp, 15)
    assert (len(to_victim(mails)), len(to_team(mails))) == (2, 13)


def test_a_retried_confirmation_keeps_its_claim_and_others_stay_suppressed(
    smtp: RecordingSMTPServer, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 27, item 2: a confirmation that fails for a while is still the day's only one."""
    real_send = mailer.send_email
    failures = {"left": 1}

    def flaky_send(settings: Any, to: str, *args: Any, **kw: Any) -> None:
        if to != TEAM and failures["left"]:
            failures["left"] -= 1
            raise mailer.MailError("421 try again later")
        real_send(settings, to, *args, **kw)

    monkeypatch.setattr(mailer, "send_email", flaky_send)
    now = utcnow()
    first = submit(session, VICTIM, "203.0.113.1", 1, now=now)
    assert deliver_due_messages(now=now) == 0
    assert row(session, first).confirmation_claimed_at == now
    second = submit(session, "VICTIM@example.com", "203.0.113.2", 2, now=now)
    assert deliver_due_messages(now=now + timedelta(seconds=1)) == 1
    assert deliver_due_messages(now=now + timedelta(seconds=31)) == 1
    mails = settle(smtp, 3)
    assert (len(to_victim(mails)), len(to_team(mails))) == (1, 2)
    assert row(session, first).confirmation_sent_at is not None
    assert row(session, second).confirmation_sent_at is None


def test_parallel_outbox_passes_send_one_confirmation(
    smtp: RecordingSMTPServer, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """issue 27, item 2: two workers mailing rows to one address at once claim its day's
    confirmation once (the claim is written, then counted, one writer per address)."""
    ids = [
        submit(session, VICTIM if n % 2 else VICTIM.upper(), f"198.51.100.{n}", n) for n in range(8)
    ]
    assert sum(overlapping_passes(monkeypatch)) == len(ids)
    mails = settle(smtp, len(ids) + 1)
    assert (len(to_victim(mails)), len(to_team(mails))) == (1, len(ids))
