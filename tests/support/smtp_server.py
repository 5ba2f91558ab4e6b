"""A real SMTP server (aiosmtpd) on 127.0.0.1 that records what it receives."""

from __future__ import annotations

import socket
import time
from dataclasses import dataclass, field
from email import message_from_bytes, policy
from email.message import EmailMessage

from aiosmtpd.controller import Controller
from aiosmtpd.smtp import SMTP, Envelope, Session


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@dataclass
class ReceivedMail:
    mail_from: str
    rcpt_tos: list[str]
    message: EmailMessage


@dataclass
class _RecordingHandler:
    received: list[ReceivedMail] = field(default_factory=list)

    async def handle_DATA(self, server: SMTP, session: Session, envelope: Envelope) -> str:
        msg = message_from_bytes(envelope.original_content or b"", policy=policy.default)
        self.received.append(ReceivedMail(envelope.mail_from or "", list(envelope.rcpt_tos), msg))  # type: ignore[arg-type]
        return "250 Message accepted for delivery"


class RecordingSMTPServer:
    """Start with `start()`, stop with `stop()`; `received` lists every delivered message."""

    def __init__(self, port: int | None = None) -> None:
        self.host = "127.0.0.1"
        self.port = port or free_port()
        self._handler = _RecordingHandler()
        self._controller: Controller | None = None

    @property
    def received(self) -> list[ReceivedMail]:
        return self._handler.received

    def start(self) -> RecordingSMTPServer:
        self._controller = Controller(self._handler, hostname=self.host, port=self.port)
        self._controller.start()
        return self

    def stop(self) -> None:
        if self._controller is not None:
            self._controller.stop()
            self._controller = None

    def wait_for(self, count: int, timeout: float = 10.0) -> list[ReceivedMail]:
        """Wait until at least `count` messages arrived; returns them (may be fewer on timeout)."""
        deadline = time.monotonic() + timeout
        while len(self.received) < count and time.monotonic() < deadline:
            time.sleep(0.05)
        return list(self.received)

    def __enter__(self) -> RecordingSMTPServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
