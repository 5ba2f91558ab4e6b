"""TOTP rules (RFC 6238 via pyotp) behind the two-factor toggle of P-PROF-4."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from urllib.parse import parse_qs, unquote, urlsplit

import pyotp

from startup_toolkit.domain import totp

NOW = datetime(2026, 3, 1, 12, 0, 10, tzinfo=UTC)


def test_new_secrets_are_random_base32() -> None:
    first, second = totp.new_secret(), totp.new_secret()
    assert first != second
    assert totp.is_valid_secret(first) and len(first) == 32


def test_provisioning_uri_names_the_issuer_and_account() -> None:
    secret = totp.new_secret()
    uri = totp.provisioning_uri(secret, "ada@example.com", "Unstuck")
    parts = urlsplit(uri)
    assert parts.scheme == "otpauth" and parts.netloc == "totp"
    assert unquote(parts.path) == "/Unstuck:ada@example.com"
    query = parse_qs(parts.query)
    assert query["secret"] == [secret] and query["issuer"] == ["Unstuck"]


def test_qr_code_is_an_svg_data_uri() -> None:
    uri = totp.provisioning_uri(totp.new_secret(), "ada@example.com", "Unstuck")
    data = totp.qr_svg_data_uri(uri)
    assert data.startswith("data:image/svg+xml")
    assert "svg" in unquote(data)


def test_codes_from_pyotp_verify_within_one_step() -> None:
    secret = totp.new_secret()
    gen = pyotp.TOTP(secret)
    assert totp.verify(secret, gen.at(NOW), NOW)
    assert totp.verify(secret, gen.at(NOW - timedelta(seconds=30)), NOW)
    assert totp.verify(secret, gen.at(NOW + timedelta(seconds=30)), NOW)
    assert not totp.verify(secret, gen.at(NOW - timedelta(seconds=90)), NOW)
    assert not totp.verify(secret, gen.at(NOW + timedelta(seconds=90)), NOW)


def test_matching_step_tells_which_step_matched() -> None:
    secret = totp.new_secret()
    gen = pyotp.TOTP(secret)
    current = gen.timecode(NOW)
    assert totp.matching_step(secret, gen.at(NOW), NOW) == current
    assert totp.matching_step(secret, gen.at(NOW - timedelta(seconds=30)), NOW) == current - 1


def test_codes_are_cleaned_and_checked() -> None:
    secret = totp.new_secret()
    code = pyotp.TOTP(secret).at(NOW)
    assert totp.verify(secret, f" {code[:3]} {code[3:]} ", NOW)
    assert totp.verify(secret, f"{code[:3]}-{code[3:]}", NOW)
    wrong = f"{(int(code) + 1) % 1_000_000:06d}"
    assert not totp.verify(secret, wrong, NOW)
    for junk in ("", "12345", "1234567", "abcdef", None):
        assert not totp.verify(secret, junk, NOW)
    assert not totp.verify("not a secret", code, NOW)
    assert totp.looks_like_code("123 456") and not totp.looks_like_code("password1")
