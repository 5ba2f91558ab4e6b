"""The contact outbox on PostgreSQL with several backend workers: the lease is taken by one
conditional UPDATE, so when workers race for the same rows each row is claimed, and each mail
sent, exactly once."""

from __future__ import annotations

import multiprocessing
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit import db
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.providers import mailer
from startup_toolkit.services import outbox, outbox_rows
from tests.services.test_outbox import TEAM, configure_smtp, store
from tests.support.smtp_server import RecordingSMTPServer

pytestmark = pytest.mark.postgres
WORKERS = 3
MESSAGES = 12


@pytest.fixture
def session(pg_engine: Engine) -> Iterator[Session]:
    with Session(pg_engine, expire_on_commit=False) as s:
        yield s


@pytest.fixture
def smtp(settings_env: pytest.MonkeyPatch, pg_engine: Engine) -> Iterator[RecordingSMTPServer]:
    with RecordingSMTPServer() as server:
        configure_smtp(settings_env, server.port)
        yield server


def test_racing_claims_on_one_row_have_one_winner(
    smtp: RecordingSMTPServer, pg_engine: Engine, session: Session
) -> None:
    ids = [store(session, n) for n in range(20)]
    now = utcnow()
    until = now + timedelta(seconds=60)
    for message_id in ids:
        start = threading.Barrier(WORKERS)

        def claim(message_id: int = message_id, start: threading.Barrier = start) -> bool:
            with Session(pg_engine) as own:  # each worker its own connection
                start.wait(timeout=10)
                return outbox_rows.claim(own, ContactMessage, message_id, now, until)

        with ThreadPoolExecutor(WORKERS) as pool:
            wins = list(pool.map(lambda _: claim(), range(WORKERS)))
        assert wins.count(True) == 1, (message_id, wins)


def _worker_pass(start: Any, results: Any) -> None:
    """One backend worker process: its own engine and connections, one outbox pass."""
    db._engines.clear()  # never use the parent's pooled connections after the fork
    start.wait(timeout=30)
    results.put(outbox.deliver_due_messages())


def test_worker_processes_deliver_each_message_once(
    smtp: RecordingSMTPServer, session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    ids = [store(session, n) for n in range(MESSAGES)]
    real_send = mailer.send_email

    def slow_send(*args: Any, **kw: Any) -> None:
        time.sleep(0.02)  # keep the passes overlapping
        real_send(*args, **kw)

    monkeypatch.setattr(mailer, "send_email", slow_send)  # inherited by the forked workers
    ctx = multiprocessing.get_context("fork")
    start = ctx.Barrier(WORKERS)
    results = ctx.Queue()
    procs = [ctx.Process(target=_worker_pass, args=(start, results)) for _ in range(WORKERS)]
    for proc in procs:
        proc.start()
    delivered = [results.get(timeout=120) for _ in procs]
    for proc in procs:
        proc.join(timeout=30)
        assert proc.exitcode == 0
    assert sum(delivered) == MESSAGES
    mails = smtp.wait_for(2 * MESSAGES)
    time.sleep(0.3)
    assert len(smtp.received) == 2 * MESSAGES  # nothing sent twice
    team = sorted(m.message["Reply-To"] for m in mails if m.message["To"] == TEAM)
    assert team == sorted(f"ada{n}@example.com" for n in range(MESSAGES))
    session.expire_all()
    rows = session.exec(select(ContactMessage).where(ContactMessage.id.in_(ids))).all()  # type: ignore[union-attr]
    assert {r.status for r in rows} == {"sent"}
