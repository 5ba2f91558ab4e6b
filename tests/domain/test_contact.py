"""Contact rules (P-CONT-1 validation, P-CONT-2 email texts) and the outbox back-off schedule."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from startup_toolkit.domain.contact import (
    EMAIL_MAX,
    MESSAGE_MAX,
    NAME_MAX,
    RETRY_MAX_SECONDS,
    next_attempt_at,
    recipient_key,
    retry_delay_seconds,
    sender_confirmation,
    team_notification,
    validate_contact,
)
from startup_toolkit.domain.identity import is_email_address

GOOD = {"name": "Ada Lovelace", "email": "ada@example.com", "message": "Hello there"}


def _email_of_length(n: int) -> str:
    """A valid-looking address of exactly n characters: local part + 60-letter labels."""
    suffix = "@example.com"
    labels = 0
    while n - len(suffix) - 61 * labels > 64:
        labels += 1
    local = "a" * (n - len(suffix) - 61 * labels)
    email = local + "@" + "b" * 60 + "." + ("b" * 60 + ".") * (labels - 1) + "example.com"
    email = email if labels else local + suffix
    assert len(email) == n
    return email


def test_p_cont_1_valid_input_passes_and_is_trimmed() -> None:
    result = validate_contact("  Ada   Lovelace \n", "  ada@example.com ", "\n  Hi!\r\nBye  \n")
    assert result.ok
    assert result.errors == {}
    assert result.values.name == "Ada Lovelace"
    assert result.values.email == "ada@example.com"
    assert result.values.message == "Hi!\nBye"


@pytest.mark.parametrize(
    ("name", "email", "message", "missing"),
    [
        ("", "", "", {"name", "email", "message"}),
        ("   ", "\t", "\n\n", {"name", "email", "message"}),
        ("", GOOD["email"], GOOD["message"], {"name"}),
        (GOOD["name"], "  ", GOOD["message"], {"email"}),
        (GOOD["name"], GOOD["email"], "   ", {"message"}),
    ],
)
def test_p_cont_1_required_fields_after_trimming(
    name: str, email: str, message: str, missing: set[str]
) -> None:
    result = validate_contact(name, email, message)
    assert not result.ok
    assert result.missing_required
    assert set(result.errors) == missing
    for field in missing:
        assert result.errors[field].endswith("is required.")


@pytest.mark.parametrize(
    ("field", "length", "ok"),
    [
        ("name", NAME_MAX, True),
        ("name", NAME_MAX + 1, False),
        ("message", MESSAGE_MAX, True),
        ("message", MESSAGE_MAX + 1, False),
        ("email", EMAIL_MAX, True),
        ("email", EMAIL_MAX + 1, False),
    ],
)
def test_p_cont_1_length_bounds(field: str, length: int, ok: bool) -> None:
    values = dict(GOOD)
    values[field] = _email_of_length(length) if field == "email" else "x" * length
    result = validate_contact(**values)
    assert result.ok is ok, result.errors
    if not ok:
        assert not result.missing_required
        assert list(result.errors) == [field]


def test_p_cont_1_length_messages_are_clear() -> None:
    assert validate_contact("x" * 201, GOOD["email"], GOOD["message"]).errors == {
        "name": "Name must be at most 200 characters."
    }
    assert validate_contact(GOOD["name"], _email_of_length(321), GOOD["message"]).errors == {
        "email": "Email must be at most 320 characters."
    }
    assert validate_contact(GOOD["name"], GOOD["email"], "y" * 5001).errors == {
        "message": "Message must be at most 5000 characters (it has 5001)."
    }


def test_p_cont_1_limits_apply_after_trimming() -> None:
    assert validate_contact("  " + "x" * NAME_MAX + "  ", GOOD["email"], GOOD["message"]).ok
    padded = "\n" + "m" * MESSAGE_MAX + "   "
    assert validate_contact(GOOD["name"], GOOD["email"], padded).ok


@pytest.mark.parametrize(
    "email",
    [
        "plainaddress",
        "@example.com",
        "ada@",
        "ada@example",
        "ada@@example.com",
        "ada example@example.com",
        "ada@exa mple.com",
        "ada@-example.com",
        "ada@example-.com",
        "ada@example.c",
        "ada@example..com",
        ".ada@example.com",
        "ada.@example.com",
        "ada..b@example.com",
        "ada@example.com\nBcc: x@evil.test",
        "ada@example.com>",
        "<ada@example.com>",
        "a" * 65 + "@example.com",
    ],
)
def test_p_cont_1_invalid_emails(email: str) -> None:
    assert not is_email_address(email)
    result = validate_contact(GOOD["name"], email, GOOD["message"])
    assert result.errors == {"email": "Enter a valid email address."}


@pytest.mark.parametrize(
    "email",
    [
        "ada@example.com",
        "ada.lovelace+contact@mail.example.co.uk",
        "o'brien@example.ie",
        "x_y-z@sub-domain.example.org",
        "ADA@EXAMPLE.COM",
        "a" * 64 + "@example.com",
    ],
)
def test_p_cont_1_valid_emails(email: str) -> None:
    assert is_email_address(email)


def test_name_line_breaks_are_folded_so_headers_stay_single_line() -> None:
    result = validate_contact("Ada\r\nBcc: x@evil.test", GOOD["email"], GOOD["message"])
    assert result.ok
    assert "\n" not in result.values.name and "\r" not in result.values.name


def test_backoff_schedule_doubles_from_30s_and_caps_at_one_hour() -> None:
    assert retry_delay_seconds(0) == 0
    assert [retry_delay_seconds(n) for n in range(1, 9)] == [
        30,
        60,
        120,
        240,
        480,
        960,
        1920,
        3600,
    ]
    assert retry_delay_seconds(50) == RETRY_MAX_SECONDS
    assert retry_delay_seconds(10_000) == RETRY_MAX_SECONDS
    now = datetime(2025, 1, 1, 12, 0, tzinfo=UTC)
    assert next_attempt_at(1, now) == now + timedelta(seconds=30)
    assert next_attempt_at(3, now) == now + timedelta(seconds=120)


def test_p_cont_2_team_notification_text() -> None:
    received = datetime(2025, 3, 4, 5, 6, tzinfo=UTC)
    text = team_notification(
        product_name="Unstuck",
        name="Ada Lovelace",
        email="ada@example.com",
        message="Line one\nLine two",
        received_at=received,
        message_id=7,
    )
    assert text.subject == "[Unstuck] New contact message from Ada Lovelace"
    assert "Name:     Ada Lovelace" in text.body
    assert "Email:    ada@example.com" in text.body
    assert "2025-03-04 05:06 UTC" in text.body
    assert "Line one\nLine two" in text.body
    assert "#7" in text.body


def test_p_cont_2_confirmation_promises_a_reply_within_24_hours() -> None:
    """issue 27, item 2: a fixed text, no greeting by name (it cannot take one) and no link."""
    text = sender_confirmation(product_name="Unstuck")
    assert text.subject == "We've received your message - Unstuck"
    assert text.body.startswith("Hello,\n")
    assert "will reply to this address within 24 hours" in text.body
    assert "://" not in text.body and "www" not in text.body


@pytest.mark.parametrize("typed", ["ada@example.com", " Ada@Example.COM ", "ADA@EXAMPLE.COM\t"])
def test_recipient_key_counts_case_and_space_variants_as_one(typed: str) -> None:
    """issue 27, item 2: one confirmation a day per recipient, however the address is typed."""
    assert recipient_key(typed) == "ada@example.com"
