"""The SMTP mailer against real SMTP servers (aiosmtpd) on 127.0.0.1 (P-CONT-2 delivery)."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from aiosmtpd.smtp import AuthResult, Envelope, LoginPassword

from startup_toolkit.providers.mailer import MailError, send_email
from startup_toolkit.settings import Settings
from tests.support.smtp_server import RecordingSMTPServer, free_port

SENDER = "noreply@unstuck.test"


def make_settings(port: int, **kw: Any) -> Settings:
    values: dict[str, Any] = {
        "smtp_host": "127.0.0.1",
        "smtp_port": port,
        "smtp_security": "none",
        "smtp_from": SENDER,
        "smtp_timeout_seconds": 5,
        "contact_email": "team@unstuck.test",
        **kw,
    }
    return Settings(**values)


@pytest.fixture
def smtp() -> Iterator[RecordingSMTPServer]:
    with RecordingSMTPServer() as server:
        yield server


def refuse_or_accept(envelope: Envelope, address: str, refuse: str) -> str:
    """A RCPT answer: a permanent 550 for the address `refuse`, else the recipient is added."""
    if address == refuse:
        return "550 5.1.1 No such user here"
    envelope.rcpt_tos.append(address)
    return "250 OK"


class _Handler:
    """Records messages; refuses recipients at `refuse` with a permanent 550."""

    def __init__(self, refuse: str = "") -> None:
        self.refuse = refuse
        self.messages: list[bytes] = []

    async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
        return refuse_or_accept(envelope, address, self.refuse)

    async def handle_DATA(self, server, session, envelope):
        self.messages.append(envelope.original_content or b"")
        return "250 Message accepted for delivery"


def _controller(handler: _Handler, **kw: Any) -> Controller:
    return Controller(handler, hostname="127.0.0.1", port=free_port(), **kw)


def test_p_cont_2_sends_a_plain_text_message(smtp: RecordingSMTPServer) -> None:
    settings = make_settings(smtp.port)
    send_email(
        settings,
        "team@unstuck.test",
        "[Unstuck] New contact message from Ada",
        "Hello team,\nA message.\n",
        reply_to="ada@example.com",
    )
    (mail,) = smtp.wait_for(1)
    assert mail.mail_from == SENDER
    assert mail.rcpt_tos == ["team@unstuck.test"]
    msg = mail.message
    assert msg["From"] == SENDER
    assert msg["To"] == "team@unstuck.test"
    assert msg["Reply-To"] == "ada@example.com"
    assert msg["Subject"] == "[Unstuck] New contact message from Ada"
    assert msg["Message-ID"].endswith("@unstuck.test>")
    assert msg["Date"]
    assert msg.get_content_type() == "text/plain"
    assert msg.get_content().replace("\r\n", "\n") == "Hello team,\nA message.\n"


def test_without_reply_to_there_is_no_header(smtp: RecordingSMTPServer) -> None:
    send_email(make_settings(smtp.port), "ada@example.com", "Hi", "Body")
    (mail,) = smtp.wait_for(1)
    assert mail.message["Reply-To"] is None


def test_sender_falls_back_to_the_contact_address(smtp: RecordingSMTPServer) -> None:
    send_email(make_settings(smtp.port, smtp_from=""), "ada@example.com", "Hi", "Body")
    (mail,) = smtp.wait_for(1)
    assert mail.mail_from == "team@unstuck.test"


def test_non_ascii_text_survives(smtp: RecordingSMTPServer) -> None:
    send_email(make_settings(smtp.port), "ada@example.com", "Grüße · ok", "Zoë says héllo ✓\n")
    (mail,) = smtp.wait_for(1)
    assert mail.message["Subject"] == "Grüße · ok"
    assert mail.message.get_content().replace("\r\n", "\n") == "Zoë says héllo ✓\n"


def test_server_down_raises_mail_error() -> None:
    settings = make_settings(free_port())
    with pytest.raises(MailError) as info:
        send_email(settings, "ada@example.com", "Hi", "Body")
    assert "127.0.0.1" in str(info.value)
    assert not info.value.permanent


def test_smtp_not_configured_raises_mail_error() -> None:
    with pytest.raises(MailError, match="not configured"):
        send_email(make_settings(25, smtp_host=""), "ada@example.com", "Hi", "Body")


def test_header_injection_is_refused_before_connecting() -> None:
    settings = make_settings(free_port())
    with pytest.raises(MailError) as info:
        send_email(settings, "ada@example.com", "Hi", "Body", reply_to="a@b.test\nBcc: x@y.test")
    assert info.value.permanent


def test_permanent_recipient_refusal_is_marked_permanent() -> None:
    handler = _Handler(refuse="ghost@example.com")
    controller = _controller(handler)
    controller.start()
    try:
        settings = make_settings(controller.port)
        with pytest.raises(MailError) as info:
            send_email(settings, "ghost@example.com", "Hi", "Body")
        assert info.value.permanent
        assert "550" in str(info.value)
        send_email(settings, "ada@example.com", "Hi", "Body")
        assert len(handler.messages) == 1
    finally:
        controller.stop()


def test_login_is_used_when_a_username_is_set() -> None:
    seen: list[tuple[bytes, bytes]] = []

    def authenticator(server, session, envelope, mechanism, auth_data):
        assert isinstance(auth_data, LoginPassword)
        seen.append((auth_data.login, auth_data.password))
        return AuthResult(success=auth_data.password == b"s3cret", handled=False)

    handler = _Handler()
    controller = _controller(handler, authenticator=authenticator, auth_require_tls=False)
    controller.start()
    try:
        good = make_settings(controller.port, smtp_username="mailer", smtp_password="s3cret")
        send_email(good, "ada@example.com", "Hi", "Body")
        assert seen == [(b"mailer", b"s3cret")]
        assert len(handler.messages) == 1

        bad = make_settings(controller.port, smtp_username="mailer", smtp_password="wrong")
        with pytest.raises(MailError) as info:
            send_email(bad, "ada@example.com", "Hi", "Body")
        assert "535" in str(info.value)
        assert "wrong" not in str(info.value)
        assert len(handler.messages) == 1
    finally:
        controller.stop()


def test_starttls_against_a_server_without_it_fails_clearly(smtp: RecordingSMTPServer) -> None:
    with pytest.raises(MailError, match=r"(?i)starttls"):
        send_email(make_settings(smtp.port, smtp_security="starttls"), "a@b.test", "Hi", "Body")


def test_ssl_against_a_plain_server_fails_clearly(smtp: RecordingSMTPServer) -> None:
    with pytest.raises(MailError):
        send_email(make_settings(smtp.port, smtp_security="ssl"), "a@b.test", "Hi", "Body")


# --- Real TLS: a self-signed certificate for 127.0.0.1, trusted by the client in the test.


@pytest.fixture
def tls_files(tmp_path: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("openssl is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(
        [
            "openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
            "-keyout", str(key), "-out", str(cert), "-subj", "/CN=127.0.0.1",
            "-addext", "subjectAltName=IP:127.0.0.1",
        ],
        check=True,
        capture_output=True,
    )  # fmt: skip
    return cert, key


@pytest.fixture
def trust_test_cert(tls_files: tuple[Path, Path], monkeypatch: pytest.MonkeyPatch) -> None:
    """Make the mailer's default TLS context trust the test certificate (and verify it)."""
    cert, _ = tls_files
    real = ssl.create_default_context

    def create_default_context(*args: Any, **kwargs: Any) -> ssl.SSLContext:
        ctx = real(*args, **kwargs)
        ctx.load_verify_locations(cafile=str(cert))
        return ctx

    monkeypatch.setattr("startup_toolkit.providers.mailer.ssl.create_default_context",
                        create_default_context)  # fmt: skip


def _server_context(tls_files: tuple[Path, Path]) -> ssl.SSLContext:
    cert, key = tls_files
    ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    ctx.load_cert_chain(str(cert), str(key))
    return ctx


def test_starttls_upgrade_and_login(tls_files: tuple[Path, Path], trust_test_cert: None) -> None:
    def authenticator(server, session, envelope, mechanism, auth_data):
        return AuthResult(success=auth_data.password == b"pw", handled=False)

    handler = _Handler()
    controller = _controller(
        handler,
        tls_context=_server_context(tls_files),
        require_starttls=True,
        authenticator=authenticator,
    )
    controller.start()
    try:
        settings = make_settings(
            controller.port, smtp_security="starttls", smtp_username="u", smtp_password="pw"
        )
        send_email(settings, "ada@example.com", "Over TLS", "Secret body")
        assert len(handler.messages) == 1
        assert b"Secret body" in handler.messages[0]
    finally:
        controller.stop()


def test_implicit_ssl(tls_files: tuple[Path, Path], trust_test_cert: None) -> None:
    handler = _Handler()
    ctx = _server_context(tls_files)
    # The controller checks readiness with a TLS connection that must trust the cert too.
    controller = _controller(handler, ssl_context=ctx)
    controller.start()
    try:
        send_email(make_settings(controller.port, smtp_security="ssl"), "a@b.test", "Hi", "Body")
        assert len(handler.messages) == 1
    finally:
        controller.stop()


def test_untrusted_certificate_is_refused(tls_files: tuple[Path, Path]) -> None:
    handler = _Handler()
    controller = _controller(handler, tls_context=_server_context(tls_files))
    controller.start()
    try:
        with pytest.raises(MailError, match=r"(?i)certificate"):
            send_email(make_settings(controller.port, smtp_security="starttls"), "a@b.test",
                       "Hi", "Body")  # fmt: skip
        assert handler.messages == []
    finally:
        controller.stop()
