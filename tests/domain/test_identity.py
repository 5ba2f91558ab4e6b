"""Identity rules: email normalisation, initials, the P-AUTH-4 user id rule, browser names."""

from __future__ import annotations

import pytest

from startup_toolkit.domain import identity


def test_email_is_trimmed_and_lowered() -> None:
    assert identity.normalize_email("  Ada.Lovelace@Example.COM ") == "ada.lovelace@example.com"
    assert identity.normalize_email(None) == ""


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        ("ada@example.com", True),
        (" ADA@EXAMPLE.COM ", True),
        ("a.b+tag@sub.example.co.uk", True),
        ("", False),
        ("ada", False),
        ("ada@", False),
        ("ada@example", False),
        ("ada@@example.com", False),
        ("ada @example.com", False),
        ("ada@-example.com", False),
        ("a" * 65 + "@example.com", False),
        (42, False),
    ],
)
def test_email_validity(value: object, ok: bool) -> None:
    assert identity.is_valid_email(value) is ok


def test_email_errors() -> None:
    assert identity.email_error("  ") == identity.EMAIL_REQUIRED
    assert identity.email_error("nope") == identity.EMAIL_INVALID
    assert identity.email_error("a@b.io") is None


def test_fingerprint_is_of_the_normalised_email() -> None:
    assert identity.email_fingerprint(" A@B.io ") == identity.email_fingerprint("a@b.io")
    assert len(identity.email_fingerprint("a@b.io")) == 64


def test_names() -> None:
    assert identity.clean_name("  Ada \n  Lovelace ") == "Ada Lovelace"
    assert identity.name_error("   ") == identity.NAME_REQUIRED
    assert identity.name_error("x" * 201) == identity.NAME_TOO_LONG
    assert identity.name_error("x" * 200) is None


@pytest.mark.parametrize(
    ("name", "email", "expected"),
    [
        ("Ada Lovelace", "", "AL"),
        ("ada byron lovelace", "", "AL"),
        ("Ada", "", "A"),
        ("", "zoe@example.com", "Z"),
        ("   ", "", "?"),
        ("élodie durand", "", "ÉD"),
    ],
)
def test_p_dash_1_initials(name: str, email: str, expected: str) -> None:
    """P-DASH-1: initials when there is no avatar."""
    assert identity.initials(name, email) == expected


@pytest.mark.parametrize(
    ("value", "ok"),
    [
        (None, False),
        (1234567890123, False),
        ("", False),
        ("123456789", False),
        ("1234567890", True),
    ],
)
def test_p_auth_4_user_id_rule(value: object, ok: bool) -> None:
    """P-AUTH-4: a user id is a string of at least 10 characters."""
    assert identity.is_valid_user_id(value) is ok


@pytest.mark.parametrize(
    ("ua", "expected"),
    [
        (
            "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/120.0.0.0 Safari/537.36",
            "Chrome on Linux",
        ),
        (
            "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) "
            "Chrome/120.0.0.0 Safari/537.36 Edg/120.0.0.0",
            "Edge on Windows",
        ),
        (
            "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_2) AppleWebKit/605.1.15 (KHTML, like "
            "Gecko) Version/17.2 Safari/605.1.15",
            "Safari on macOS",
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_2 like Mac OS X) AppleWebKit/605.1.15 "
            "(KHTML, like Gecko) Version/17.2 Mobile/15E148 Safari/604.1",
            "Safari on iOS",
        ),
        (
            "Mozilla/5.0 (Android 14; Mobile; rv:121.0) Gecko/121.0 Firefox/121.0",
            "Firefox on Android",
        ),
        ("curl/8.5.0", "an unknown browser"),
        ("", "an unknown browser"),
    ],
)
def test_user_agent_summary(ua: str, expected: str) -> None:
    assert identity.describe_user_agent(ua) == expected
