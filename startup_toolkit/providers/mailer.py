"""Outgoing email over SMTP (the only module that talks SMTP)."""

from __future__ import annotations

import smtplib
import ssl
from email.message import EmailMessage
from email.utils import formatdate, make_msgid

from startup_toolkit.settings import Settings


class MailError(Exception):
    """Sending failed. `permanent` is set when the server refused every recipient for good
    (a 5xx answer), so trying the same address again cannot help."""

    def __init__(self, message: str, *, permanent: bool = False) -> None:
        super().__init__(message)
        self.permanent = permanent


def build_message(
    settings: Settings, to: str, subject: str, body: str, reply_to: str | None = None
) -> EmailMessage:
    """A plain-text message from the configured sender."""
    sender = settings.mail_sender
    msg = EmailMessage()
    msg["From"] = sender
    msg["To"] = to
    msg["Subject"] = subject
    msg["Date"] = formatdate(localtime=False, usegmt=True)
    domain = sender.rpartition("@")[2] or None
    msg["Message-ID"] = make_msgid(domain=domain)
    if reply_to:
        msg["Reply-To"] = reply_to
    msg.set_content(body)
    return msg


def _connect(settings: Settings) -> smtplib.SMTP:
    host, port, timeout = settings.smtp_host, settings.smtp_port, settings.smtp_timeout_seconds
    if settings.smtp_security == "ssl":
        return smtplib.SMTP_SSL(host, port, timeout=timeout, context=ssl.create_default_context())
    client = smtplib.SMTP(host, port, timeout=timeout)
    try:
        if settings.smtp_security == "starttls":
            client.ehlo()
            client.starttls(context=ssl.create_default_context())
            client.ehlo()
    except BaseException:
        client.close()
        raise
    return client


def _describe(exc: BaseException) -> str:
    if isinstance(exc, smtplib.SMTPRecipientsRefused):
        parts = [
            f"{addr}: {code} {resp.decode(errors='replace') if isinstance(resp, bytes) else resp}"
            for addr, (code, resp) in exc.recipients.items()
        ]
        return "recipient refused (" + "; ".join(parts) + ")"
    if isinstance(exc, smtplib.SMTPResponseException):
        text = exc.smtp_error
        text = text.decode(errors="replace") if isinstance(text, bytes) else str(text)
        return f"{type(exc).__name__} {exc.smtp_code} {text}"
    if isinstance(exc, smtplib.SMTPNotSupportedError):
        return f"server does not support this: {exc}"
    return f"{type(exc).__name__}: {exc}" if str(exc) else type(exc).__name__


def send_email(
    settings: Settings, to: str, subject: str, body: str, reply_to: str | None = None
) -> None:
    """Send one plain-text email; raises `MailError` (never another exception) on failure."""
    if not settings.smtp_enabled:
        raise MailError("SMTP is not configured (SMTP_HOST is empty).")
    try:
        msg = build_message(settings, to, subject, body, reply_to)
    except (ValueError, TypeError) as exc:
        raise MailError(f"Could not build the email to {to}: {exc}", permanent=True) from exc
    server = f"{settings.smtp_host}:{settings.smtp_port} ({settings.smtp_security})"
    try:
        client = _connect(settings)
        try:
            if settings.smtp_username:
                client.login(settings.smtp_username, settings.smtp_password)
            client.send_message(msg)
        finally:
            try:
                client.quit()
            except (smtplib.SMTPException, OSError):
                client.close()
    except smtplib.SMTPRecipientsRefused as exc:
        permanent = all(code >= 500 for code, _ in exc.recipients.values())
        raise MailError(
            f"Sending to {to} via {server} failed: {_describe(exc)}", permanent=permanent
        ) from exc
    except (smtplib.SMTPException, OSError, ssl.SSLError) as exc:
        raise MailError(f"Sending to {to} via {server} failed: {_describe(exc)}") from exc
