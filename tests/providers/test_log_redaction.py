"""The log scrubbing (issue 13, finding 1): secret values are redacted from every record's
message, arguments and traceback, whatever logger or handler, and nothing else changes."""

from __future__ import annotations

import io
import logging
from collections.abc import Iterator

import pytest

from startup_toolkit.providers import log_redaction
from startup_toolkit.providers.log_redaction import REDACTED, is_secret_key, redact

SESSION = "unstuck_session=s3ss10nT0k3nVALUE"


@pytest.mark.parametrize(
    "text, secret",
    [
        ("{'headers': {'cookie': 'unstuck_session=abc123; theme=dark'}}", "abc123"),
        ("{'authorization': 'Bearer eyJhbGciOi.payload.sig'}", "eyJhbGciOi"),
        ("payload={'form': {'email': 'a@b.c', 'password': 'hunter2!'}}", "hunter2!"),
        ('{"form": {"code": "123456"}}', "123456"),
        ("{'code': 654321}", "654321"),
        ("{'totp_code': '111222'}", "111222"),
        ("{'recovery_codes': ['abcde-fghij', 'kmnpq-rstuv']}", "abcde-fghij"),
        ("CodesResult(ok=True, codes=('abcde-fghij', 'kmnpq-rstuv'))", "kmnpq-rstuv"),
        ("{'form': {'proof': 'hunter2!'}}", "hunter2!"),
        ("GET /api/auth/complete?ticket=tkt_Zx9&next=/dashboard", "tkt_Zx9"),
        ("otpauth://totp/Unstuck:a%40b.c?secret=JBSWY3DPEHPK3PXP&issuer=Unstuck", "JBSWY3DP"),
        ('{"client_token": "tok-1", "newPassword": "pw-2"}', "tok-1"),
        ('{"client_token": "tok-1", "newPassword": "pw-2"}', "pw-2"),
        ('"{\\"password\\": \\"esc4ped\\"}"', "esc4ped"),
        ("Cookie: a=b; unstuck_session=rawheader", "rawheader"),
        ("Authorization: Basic dXNlcjpwYXNz", "dXNlcjpwYXNz"),
        ("sent Bearer abcdefghijklmnop upstream", "abcdefghijklmnop"),
        (f"session cookie {SESSION} seen", "s3ss10nT0k3nVALUE"),
        ("{'api_key': 'sk-live-123', 'STRIPE_SECRET_KEY': 'sk_x'}", "sk-live-123"),
        ("{'password': ['in', 'a list']}", "a list"),
    ],
)
def test_secret_values_are_redacted(text: str, secret: str) -> None:
    clean = redact(text)
    assert secret not in clean
    assert REDACTED in clean


@pytest.mark.parametrize(
    "text",
    [
        "GET /dashboard HTTP/1.1 200 status_code=200 exit_code=0",
        "Frontend version 0.10.1 for session abc does not match",
        "Received event from session abc with no associated token.",
        "{'email': 'a@b.c', 'name': 'Ada', 'headers': {'host': 'x'}}",
    ],
)
def test_other_text_is_left_alone(text: str) -> None:
    assert redact(text) == text


def test_nested_keys_inside_a_plain_value_are_visited() -> None:
    event = "router_data={'headers': {'host': 'h', 'cookie': 'c=1'}, 'token': 't'}"
    assert redact(event) == (
        f"router_data={{'headers': {{'host': 'h', 'cookie': '{REDACTED}'}}, 'token': '{REDACTED}'}}"
    )


def test_a_tracebacks_source_lines_are_kept_and_its_message_redacted() -> None:
    text = (
        "Traceback (most recent call last):\n"
        '  File "/app/login.py", line 34, in sign_in\n'
        '    email, password = str(form.get("email", "")), str(form.get("password", ""))\n'
        "                          ^^^^^^^^\n"
        "ValueError: bad form {'password': 'leaky'}"
    )
    clean = redact(text)
    assert 'email, password = str(form.get("email", ""))' in clean
    assert "leaky" not in clean


@pytest.mark.parametrize(
    "key, secret",
    [
        ("password", True),
        ("current_password", True),
        ("totpCode", True),
        ("code", True),
        ("ticket", True),
        ("client_secret", True),
        ("unstuck_session", True),
        ("api_key", True),
        ("recovery_code", True),
        ("recovery_codes", True),
        ("proof", True),
        ("status_code", False),
        ("status_codes", False),
        ("exit_code", False),
        ("monkey", False),
        ("email", False),
        ("session", False),
    ],
)
def test_secret_keys(key: str, secret: bool) -> None:
    assert is_secret_key(key) is secret


@pytest.fixture
def captured() -> Iterator[tuple[logging.Logger, io.StringIO]]:
    """A logger writing to a buffer through a plain handler, with the scrubbing installed."""
    log_redaction.install()
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
    target = logging.getLogger("tests.log_redaction")
    target.addHandler(handler)
    target.propagate = False
    try:
        yield target, stream
    finally:
        target.removeHandler(handler)


def test_every_record_is_scrubbed_arguments_and_exceptions(captured) -> None:
    target, stream = captured
    target.warning("event %s from %s", {"password": "argpass"}, SESSION)
    message = f"no handler for {{'ticket': 'exctkt'}} with {SESSION}"
    try:
        raise KeyError(message)
    except KeyError:
        target.exception("failed")
    written = stream.getvalue()
    for secret in ("argpass", "exctkt", "s3ss10nT0k3nVALUE"):
        assert secret not in written
    assert "failed" in written and "KeyError" in written


def test_a_record_without_secrets_is_untouched(captured) -> None:
    target, _ = captured
    record = target.makeRecord(target.name, logging.INFO, __file__, 1, "%s rows", (3,), None)
    assert (record.msg, record.args) == ("%s rows", (3,))


def test_install_is_idempotent() -> None:
    log_redaction.install()
    factory = logging.getLogRecordFactory()
    log_redaction.install()
    assert logging.getLogRecordFactory() is factory
