"""Issue 29, items 3 and 4, on the real server: two production workers (`reflex run --env
prod --backend-only`) share tab state through a Redis of the test's own; a founder's Oracle
prediction waits on the AI provider (FakeAiServer) when the worker holding the tab stops.

SIGTERM (a deploy, a scale-down): the run finishes within RUN_GRACE_SECONDS, kept and charged
once, and the worker is replaced.

SIGKILL (the provider answering only after two minutes):

- the server goes on and replaces the worker (Granian's default stopped the whole server:
  `startup_toolkit/granian_workers.py`); the tab reconnects and is not left spinning;
- within RUN_LEASE_SECONDS the run is recorded interrupted and its budget hold released (the
  survivor's sweep, `services/run_leases.py`); the founder is told, with Retry, when a tool
  page's allowance bar mounts.

(Reflex still links the tab's token to the dead worker's socket, so the reconnecting tab
gets a new token and a fresh page: its form is not kept.)"""

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
import psutil
import pytest
import websocket
from sqlmodel import Session, select

from bench.apps import copy_project
from startup_toolkit.db import make_engine
from startup_toolkit.domain import passwords, tools
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.domain.oracle import sample_result
from startup_toolkit.models.workspace import ToolRunRecord
from startup_toolkit.services import accounts, ai_usage, run_leases, sessions
from tests.conftest import migrate
from tests.support.ai_server import FakeAiServer, Scripted
from tests.support.live_backend import Backend, backend_env, serve_backend
from tests.support.private_services import private_redis
from tests.support.reflex_socket import NewTokenError, Tab, delta_value
from tests.support.smtp_server import free_port

pytestmark = pytest.mark.faults

LEASE_SECONDS = 3
GRACE_SECONDS = 15
PASSWORD = "correct horse battery"


@dataclass
class Workers:
    backend: Backend
    ai: FakeAiServer
    database_url: str
    redis_url: str


@pytest.fixture(scope="module")
def workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workers]:
    workdir = tmp_path_factory.mktemp("tab-interrupted")
    copy_project(workdir)
    database_url = f"sqlite:///{Path(workdir) / 'app.db'}"
    migrate(database_url)
    with private_redis() as redis_server, FakeAiServer() as ai:
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
                "RUN_GRACE_SECONDS": str(GRACE_SECONDS),
            },
        )
        with serve_backend(workdir, port, env, workers=2) as backend:
            yield Workers(backend, ai, database_url, redis_server.url)


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


def _interrupted(
    database_url: str, user_id: str, *, untold: bool = False
) -> list[run_leases.InterruptedRun]:
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            return run_leases.interrupted_runs(session, user_id, untold=untold)
    finally:
        engine.dispose()


def _charged(database_url: str, user_id: str) -> int:
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            return ai_usage.tokens_used_today(session, user_id)
    finally:
        engine.dispose()


def _serving_worker(workers: Workers, tab: Tab) -> int:
    """The worker process holding `tab`'s connection (workers replaced since start too)."""
    alive = [pid for pid in workers.backend.workers if psutil.pid_exists(pid)]
    server = psutil.Process(alive[0]).parent()
    assert server is not None
    pids = [c.pid for c in server.children(recursive=True)]
    pid = tab.serving_pid(pids, workers.backend.port)
    assert pid is not None
    return pid


def _on_oldest_worker(workers: Workers, tab: Tab) -> Tab:
    """`tab` connected to the worker up longest: Granian takes a worker that dies within
    5.5 s of its restart (counted from when it serves) for a crash loop and stops the
    server, and an earlier test may have had a worker replaced."""
    for _ in range(60):
        tab.connect()
        pid = _serving_worker(workers, tab)
        siblings = psutil.Process(pid).parent()
        assert siblings is not None
        ages = {c.pid: c.create_time() for c in siblings.children(recursive=True)}
        if ages[pid] == min(ages.values()):
            return tab
        tab.close()
        tab.token = str(uuid.uuid4())
    raise AssertionError("no connection landed on the oldest worker")


def _oracle_run(workers: Workers, user_id_cookie: tuple[str, str]) -> Tab:
    """A signed-in tab on /oracle whose prediction is at the AI provider, waiting."""
    from reflex.state import State

    from startup_toolkit.pages.oracle.state import OracleState

    oracle = OracleState.get_full_name()
    asked = len(workers.ai.requests)
    tab = _on_oldest_worker(workers, Tab(workers.backend.url, cookie=user_id_cookie[1]))
    tab.send(f"{State.get_full_name()}.hydrate", path="/oracle")
    tab.emit(
        f"{oracle}.set_field",
        {"name": "businessIdea", "value": "A marketplace for dog walkers in small towns"},
        "/oracle",
    )
    tab.receive_until(lambda u: oracle in (u.get("delta") or {}))
    updates = tab.send(f"{oracle}.solve", path="/oracle")
    assert delta_value(updates, oracle, "running") is True
    deadline = time.monotonic() + 20
    while len(workers.ai.requests) == asked:  # the run is at the provider, waiting
        assert time.monotonic() < deadline, workers.backend.tail()
        time.sleep(0.1)
    return tab


def _kept(database_url: str, user_id: str) -> list[ToolRunRecord]:
    engine = make_engine(database_url)
    try:
        with Session(engine) as session:
            query = select(ToolRunRecord).where(ToolRunRecord.user_id == user_id)
            return list(session.exec(query).all())
    finally:
        engine.dispose()


def test_sigterm_lets_the_workers_run_finish_then_it_is_replaced(workers: Workers) -> None:
    """Item 4, on the real server: SIGTERM to the worker holding a run (a deploy, a
    scale-down) lets the run finish within RUN_GRACE_SECONDS: kept, charged once."""
    answer = json.dumps(sample_result().model_dump())
    workers.ai.answer_with(lambda _body: Scripted("slow", text=answer, delay=4, usage=(300, 200)))
    user_id, cookie = _founder(workers.database_url)
    tab = _oracle_run(workers, (user_id, cookie))
    try:
        pid = _serving_worker(workers, tab)
        stopped = time.monotonic()
        os.kill(pid, signal.SIGTERM)
        time.sleep(1.5)
        assert psutil.pid_exists(pid), "the worker left before its run ended"
        process = psutil.Process(pid)
        process.wait(timeout=GRACE_SECONDS + 10)
        assert time.monotonic() - stopped < GRACE_SECONDS
    finally:
        tab.close()
    # The run ended normally on its way out: kept, charged what it spent, nothing interrupted.
    assert len(_kept(workers.database_url, user_id)) == 1, workers.backend.tail()
    assert _charged(workers.database_url, user_id) == 500
    assert _interrupted(workers.database_url, user_id) == []
    assert httpx.get(workers.backend.url + "/ping", timeout=10).status_code == 200


def test_a_killed_worker_is_replaced_and_its_run_marked_interrupted(workers: Workers) -> None:
    from reflex.state import State

    from startup_toolkit.pages.oracle.state import OracleState
    from startup_toolkit.state.tools import ToolPageState

    oracle = OracleState.get_full_name()
    hydrate = f"{State.get_full_name()}.hydrate"
    workers.ai.answer_with(lambda _body: Scripted("slow", text="{}", delay=120))
    user_id, cookie = _founder(workers.database_url)
    tab = _oracle_run(workers, (user_id, cookie))
    try:
        assert _charged(workers.database_url, user_id) > 0  # its hold
        os.kill(_serving_worker(workers, tab), signal.SIGKILL)
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
        assert record.tool == "Startup Oracle"
        assert record.retry_path == f"{tools.ORACLE.route}?retry={record.lease_id}"  # its Retry
        assert _charged(workers.database_url, user_id) == 0
        # The founder is told when a tool page's allowance bar mounts: once.
        bar = f"{ToolPageState.get_full_name()}.load_allowance"
        tab.emit(bar, {}, "/oracle")
        tab.receive_until(
            lambda u: any(
                "Startup Oracle run was interrupted" in str(e) for e in u.get("events") or []
            )
        )
        # Told once; the record stays for its Retry (the tool and the founder's inputs).
        assert _interrupted(workers.database_url, user_id, untold=True) == []
        (kept,) = _interrupted(workers.database_url, user_id)
        assert kept.retry_path == f"/startup-oracle?retry={kept.lease_id}"
        assert kept.inputs and kept.inputs["businessIdea"]
    finally:
        tab.close()
