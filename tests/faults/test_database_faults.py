"""Issue 29, item 3: the database fails under the app, on a PostgreSQL of the test's own
(initdb + pg_ctl on a free port: never the machine's shared server).

- PostgreSQL restarts: a run asked during the outage fails at once with a clear message
  (nothing sent, nothing charged), and the first run after it is back succeeds: the app
  recovers by itself (its pool checks a connection before use), no restart.
- The database turns read-only (`default_transaction_read_only`, what a standby or an
  operator's emergency switch gives; the stand-in for a full disk, which PostgreSQL reports
  the same way to a writer): a run is refused with a clear message before anything is sent,
  while reads go on: the founder stays signed in and sees their kept runs."""

from __future__ import annotations

import time
from collections.abc import AsyncIterator, Iterator
from datetime import timedelta

import pytest
from sqlalchemy import create_engine, text, update
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit import db
from startup_toolkit.domain.tool_run import DATABASE_DOWN, STORAGE_REFUSED
from startup_toolkit.models.accounts import UserSession
from startup_toolkit.services import sessions, user_cache, workspace
from startup_toolkit.services.tool_runs import RunStatus, run_tool
from startup_toolkit.settings import get_settings
from tests.conftest import migrate
from tests.faults.conftest import TEXTS, Ledger, chat_run
from tests.support.ai_server import FakeAiServer
from tests.support.founders import session_token, signed_up
from tests.support.private_services import PrivatePostgres, private_postgres

pytestmark = pytest.mark.faults


@pytest.fixture(scope="module")
def postgres() -> Iterator[PrivatePostgres]:
    with private_postgres() as server:
        migrate(server.url)
        yield server


@pytest.fixture
def engine(postgres: PrivatePostgres, settings_env: pytest.MonkeyPatch) -> Iterator[Engine]:
    """The app's engine on the private PostgreSQL (overrides the SQLite one)."""
    settings_env.setenv("DATABASE_URL", postgres.url)
    get_settings.cache_clear()
    user_cache.cache.clear()
    engine = db.get_engine()
    yield engine
    user_cache.cache.clear()
    engine.dispose()
    db._engines.pop(postgres.url, None)


@pytest.fixture
def read_only(postgres: PrivatePostgres) -> Iterator[Engine]:
    """An admin connection; the server is made writable again after the test."""
    admin = create_engine(postgres.url, isolation_level="AUTOCOMMIT")
    yield admin
    with admin.connect() as conn:
        conn.execute(text("SET default_transaction_read_only = off"))
        conn.execute(text("ALTER SYSTEM RESET default_transaction_read_only"))
        conn.execute(text("SELECT pg_reload_conf()"))
    admin.dispose()


def _answer(provider: FakeAiServer, text: str) -> None:
    provider.reply(text, usage=(40, 10))


async def test_postgresql_restart_fails_clearly_then_recovers_by_itself(
    postgres: PrivatePostgres, provider: FakeAiServer, ledger: Ledger
) -> None:
    _answer(provider, "Talk to ten owners.")
    assert (await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)).ok
    postgres.stop()
    try:
        started = time.monotonic()
        outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)
        assert time.monotonic() - started < 10  # refused at once, not after a long hang
        assert outcome.status is RunStatus.FAILED
        assert outcome.notice == TEXTS.notice(RunStatus.FAILED, DATABASE_DOWN)
        assert len(provider.requests) == 1  # nothing sent during the outage
    finally:
        postgres.start()
    # Back: the very first run succeeds on the same engine, no restart of the app.
    _answer(provider, "Then ask them to pay.")
    outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.ok and outcome.result == "Then ask them to pay."
    # A restart between two requests (no request saw it fail): the pooled connections are
    # dead, and the next run still succeeds at its first try.
    postgres.restart()
    _answer(provider, "Then hire.")
    outcome = await run_tool(ledger.user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.ok and outcome.result == "Then hire."
    assert ledger.charged() == 150 and len(ledger.kept()) == 3 and ledger.leases() == []


@pytest.fixture
async def founder_tab(engine: Engine) -> AsyncIterator[tuple[str, str]]:
    """(user id, session token) of a founder last seen long ago (their next page load
    records the time: a write)."""
    with Session(engine) as session:
        user_id = signed_up(session, "ro@example.com")
        token = session_token(session, user_id)
        long_ago = sessions.utcnow() - timedelta(hours=2)
        session.execute(update(UserSession).values(last_seen_at=long_ago))
        session.commit()
    yield user_id, token


async def test_a_read_only_database_refuses_runs_clearly_while_reads_go_on(
    provider: FakeAiServer,
    engine: Engine,
    founder_tab: tuple[str, str],
    read_only: Engine,
) -> None:
    user_id, token = founder_tab
    ledger = Ledger(engine, user_id)
    _answer(provider, "Talk to ten owners.")
    assert (await run_tool(user_id, chat_run(), on_text=lambda _t: True)).ok
    with read_only.connect() as conn:
        conn.execute(text("ALTER SYSTEM SET default_transaction_read_only = on"))
        conn.execute(text("SELECT pg_reload_conf()"))
    engine.dispose()  # new connections read the setting at once
    user_cache.cache.clear()
    # Reads go on: the founder's page load still knows them (its last-seen write refused) ...
    with Session(engine) as session:
        assert sessions.resolve_session(session, token) == user_id
        # ... and their kept runs are listed.
        assert [r.result for r in workspace.runs_of_tool(session, user_id, "cofounder")] == [
            "Talk to ten owners."
        ]
    # A run is refused before anything is sent or charged, with a clear reason.
    outcome = await run_tool(user_id, chat_run(), on_text=lambda _t: True)
    assert outcome.status is RunStatus.FAILED
    assert outcome.notice == TEXTS.notice(RunStatus.FAILED, STORAGE_REFUSED)
    assert len(provider.requests) == 1
    assert ledger.charged() == 50 and len(ledger.kept()) == 1
