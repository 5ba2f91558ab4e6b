"""Outbox passes that overlap: how the tests show a message is never mailed twice."""

from __future__ import annotations

import time
from typing import Any

import pytest

from startup_toolkit.providers import mailer
from startup_toolkit.services.outbox import deliver_due_messages
from tests.support.race import all_at_once


def overlapping_passes(monkeypatch: pytest.MonkeyPatch, count: int = 2) -> list[int]:
    """`count` outbox passes started together, each send slowed so they stay busy at the same
    time; how many messages each pass handled (raises what a pass raised)."""
    real_send = mailer.send_email

    def slow_send(*args: Any, **kw: Any) -> None:
        time.sleep(0.05)
        real_send(*args, **kw)

    monkeypatch.setattr(mailer, "send_email", slow_send)
    handled = all_at_once(count, lambda _: deliver_due_messages())
    for outcome in handled:
        if isinstance(outcome, Exception):
            raise outcome
    return [n for n in handled if isinstance(n, int)]
