"""Storing contact messages on a real (migrated) SQLite database: P-CONT-1..3 server side."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from startup_toolkit.models.base import utcnow
from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.services.contact import ContactStorageError, submit_contact_message
from startup_toolkit.settings import get_settings


def _submit(session: Session, ip: str = "203.0.113.5", **kw: object):
    values = {"name": "Ada", "email": "ada@example.com", "message": "Hello", **kw}
    return submit_contact_message(session, ip_address=ip, **values)  # type: ignore[arg-type]


def _rows(session: Session) -> list[ContactMessage]:
    return list(session.exec(select(ContactMessage).order_by(ContactMessage.id)).all())


def test_p_cont_2_message_is_stored_trimmed_before_success(session: Session) -> None:
    result = _submit(session, name="  Ada  Lovelace ", email=" ada@example.com ", message=" Hi ")
    assert result.ok and result.message_id is not None
    session.expire_all()
    (row,) = _rows(session)
    assert row.id == result.message_id
    assert (row.name, row.email, row.message) == ("Ada Lovelace", "ada@example.com", "Hi")
    assert row.ip_address == "203.0.113.5"
    assert row.attempts == 0 and row.team_sent_at is None and row.confirmation_sent_at is None


def test_without_smtp_the_row_is_stored_only(session: Session) -> None:
    assert not get_settings().smtp_enabled
    result = _submit(session)
    assert result.ok and not result.will_email
    assert _rows(session)[0].status == "stored"


def test_with_smtp_the_row_waits_in_the_outbox(
    session: Session, settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("SMTP_HOST", "127.0.0.1")
    get_settings.cache_clear()
    result = _submit(session)
    assert result.ok and result.will_email
    (row,) = _rows(session)
    assert row.status == "pending"
    assert row.next_attempt_at is not None and row.next_attempt_at <= utcnow()


def test_p_cont_1_empty_fields_store_nothing(session: Session) -> None:
    result = _submit(session, name="  ", email="", message="\n")
    assert result.status == "invalid" and result.missing_required
    assert set(result.errors) == {"name", "email", "message"}
    assert _rows(session) == []


def test_p_cont_1_bad_input_returns_field_errors_and_stores_nothing(session: Session) -> None:
    result = _submit(session, email="not-an-email", message="x" * 5001)
    assert result.status == "invalid" and not result.missing_required
    assert result.errors == {
        "email": "Enter a valid email address.",
        "message": "Message must be at most 5000 characters (it has 5001).",
    }
    assert _rows(session) == []


def test_rate_limit_five_per_ten_minutes_per_address(session: Session) -> None:
    now = utcnow()
    for i in range(5):
        result = _submit(session, now=now + timedelta(seconds=i))
        assert result.ok, i
    sixth = _submit(session, now=now + timedelta(seconds=10))
    assert sixth.status == "rate_limited"
    # The oldest counted message (at `now`) leaves the window after 600 s.
    assert sixth.retry_after_seconds == 590
    assert len(_rows(session)) == 5

    other = _submit(session, ip="198.51.100.9", now=now + timedelta(seconds=11))
    assert other.ok
    assert len(_rows(session)) == 6


def test_rate_limit_ignores_messages_outside_the_window(session: Session) -> None:
    start = utcnow() - timedelta(hours=1)
    for i in range(5):
        assert _submit(session, now=start + timedelta(seconds=i)).ok
    # 601 s after the last of the five, none of them counts any more.
    later = start + timedelta(seconds=4 + 601)
    assert _submit(session, now=later).ok
    # ...but a message 599 s after the first five would still be refused.
    assert _submit(session, now=start + timedelta(seconds=599)).status == "rate_limited"


def test_rate_limit_follows_settings(session: Session, settings_env: pytest.MonkeyPatch) -> None:
    settings_env.setenv("CONTACT_LIMIT_COUNT", "2")
    settings_env.setenv("CONTACT_LIMIT_WINDOW_SECONDS", "60")
    get_settings.cache_clear()
    now = utcnow()
    assert _submit(session, now=now).ok
    assert _submit(session, now=now).ok
    assert _submit(session, now=now).status == "rate_limited"
    assert _submit(session, now=now + timedelta(seconds=61)).ok


def test_invalid_input_does_not_count_against_the_limit(session: Session) -> None:
    for _ in range(10):
        assert _submit(session, email="bad").status == "invalid"
    assert _submit(session).ok


def test_p_cont_3_database_failure_raises_storage_error(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken_commit() -> None:
        raise OperationalError("INSERT", {}, Exception("disk I/O error"))

    monkeypatch.setattr(session, "commit", broken_commit)
    with pytest.raises(ContactStorageError):
        _submit(session)
    monkeypatch.undo()
    assert _rows(session) == []
