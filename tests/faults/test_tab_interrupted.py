"""Issue 29, item 3: a worker is killed (SIGKILL) while a founder's tab waits for its AI run.
Two production workers (`reflex run --env prod --backend-only`) share tab state through a
Redis of the test's own; the Oracle's prediction waits on the AI provider (FakeAiServer,
answering only after two minutes). The worker holding the tab is killed:

- the server goes on and replaces the worker (Granian's default stopped the whole server:
  `startup_toolkit/granian_workers.py`); the tab reconnects and is not left spinning;
- within RUN_LEASE_SECONDS the run is recorded interrupted, with Retry, and its budget hold
  released (the survivor's sweep, `services/run_leases.py`).

(Reflex still links the tab's token to the dead worker's socket, so the reconnecting tab
gets a new token and a fresh page: its form is not kept, and the page does not show the
interrupted record yet.)"""

from __future__ import annotations

import json
import os
import signal
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import httpx
import pytest
import websocket
from sqlmodel import Session

from bench.apps import copy_project
from startup_toolkit.db import make_engine
from startup_toolkit.domain import passwords
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.services import accounts, ai_usage, run_leases, sessions
from tests.conftest import migrate
from tests.support.ai_server import FakeAiServer, Scripted
from tests.support.live_backend import Backend, backend_env, serve_backend
from tests.support.private_services import private_redis
from tests.support.reflex_socket import NewTokenError, Tab, delta_value
from tests.support.smtp_server import free_port

pytestmark = pytest.mark.faults

LEASE_SECONDS = 3
PASSWORD = "correct horse battery"


@dataclass
class Workers:
    backend: Backend
    ai: FakeAiServer
    database_url: str


@pytest.fixture(scope="module")
def workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workers]:
    workdir = tmp_path_factory.mktemp("tab-interrupted")
    copy_project(workdir)
    database_url = f"sqlite:///{Path(workdir) / 'app.db'}"
    migrate(database_url)
    with private_redis() as redis_server, FakeAiServer() as ai:
        ai.answer_with(lambda _body: Scripted("slow", text="{}", delay=120))
        port = free_port()
        env = backend_env(
            database_url,
            f"http://127.0.0.1:{port}",
            {
                "REDIS_URL": redis_server.url,
                "AI_API_KEY": "test-key",
                "AI_BASE_URL": ai.base_url,
                "AI_WEB_RESEARCH": "off",
                "RUN_LEASE_SECONDS": str(LEASE_SECONDS),
            },
        )
        with serve_backend(workdir, port, env, workers=2) as backend:
            yield Workers(backend, ai, database_url)


def _founder(database_url: str) -> tuple[str, str]:
    previous = passwords.current_parameters()
    passwords.use_parameters(passwords.HashParameters(time_cost=1, memory_cost=8, parallelism=1))
    engine = make_engine(database_url)
    try:
        with Session(engine) as db:
            email = f"founder-{uuid.uuid4().hex[:8]}@example.com"
            result = accounts.sign_up(db, "Ada Lovelace", email, PASSWORD, PASSWORD)
            assert result.ok and result.user_id
            token = sessions.create_session(db, result.user_id, "pytest", "127.0.0.1")
    finally:
        engine.dispose()
        passwords.use_parameters(previous)
    return result.user_id, f"{SESSION_COOKIE}={token}"


def _rehydrated(workers: Workers, tab: Tab, hydrate: str) -> list[dict[str, Any]]:
    """Reconnect and rehydrate as a browser does: trying again while a connection lands on
    the dying worker, and taking the new token Reflex hands a tab whose token it still
    links to the dead worker's socket."""
    deadline = time.monotonic() + 30
    while True:
        try:
            try:
                tab.connect()
            except NewTokenError as exc:
                tab.token = json.loads(str(exc).split(",", 1)[1])[1]
            return tab.send(hydrate, path="/oracle")
        except (OSError, websocket.WebSocketException):
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def _interrupted(database_url: str, user_id: str) -> list[run_leases.InterruptedRun]:
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            return run_leases.interrupted_runs(session, user_id)
    finally:
        engine.dispose()


def _charged(database_url: str, user_id: str) -> int:
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            return ai_usage.tokens_used_today(session, user_id)
    finally:
        engine.dispose()


def test_a_killed_worker_is_replaced_and_its_run_marked_interrupted(workers: Workers) -> None:
    from reflex.state import State

    from startup_toolkit.pages.oracle.state import OracleState

    oracle = OracleState.get_full_name()
    hydrate = f"{State.get_full_name()}.hydrate"
    user_id, cookie = _founder(workers.database_url)
    tab = Tab(workers.backend.url, cookie=cookie).connect()
    try:
        tab.send(hydrate, path="/oracle")
        tab.emit(
            f"{oracle}.set_field",
            {"name": "businessIdea", "value": "A marketplace for dog walkers in small towns"},
            "/oracle",
        )
        tab.receive_until(lambda u: oracle in (u.get("delta") or {}))
        updates = tab.send(f"{oracle}.solve", path="/oracle")
        assert delta_value(updates, oracle, "running") is True
        deadline = time.monotonic() + 20
        while not workers.ai.requests:  # the run is at the provider, waiting
            assert time.monotonic() < deadline, workers.backend.tail()
            time.sleep(0.1)
        assert _charged(workers.database_url, user_id) > 0  # its hold
        pid = tab.serving_pid(workers.backend.workers, workers.backend.port)
        assert pid is not None
        os.kill(pid, signal.SIGKILL)
        tab.close()
        # The server goes on (the worker is replaced): the tab reconnects and is not left
        # spinning.
        updates = _rehydrated(workers, tab, hydrate)
        assert delta_value(updates, oracle, "running") is False, workers.backend.tail()
        assert httpx.get(workers.backend.url + "/ping", timeout=10).status_code == 200
        # Within the lease, the run is recorded interrupted (with Retry) and not charged.
        deadline = time.monotonic() + 4 * LEASE_SECONDS
        while not _interrupted(workers.database_url, user_id):
            assert time.monotonic() < deadline, workers.backend.tail()
            time.sleep(0.2)
        (record,) = _interrupted(workers.database_url, user_id)
        assert record.tool == "Startup Oracle" and "Retry" in record.message
        assert _charged(workers.database_url, user_id) == 0
    finally:
        tab.close()
