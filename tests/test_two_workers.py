"""The production recipe's promise, on the real thing: the backend served by two Granian
workers on one port, with Reflex state in Redis and PostgreSQL as the database.

(a) A tab's events are answered with the same state whichever worker serves them: each event
goes over a fresh connection that is steered to a chosen worker (reconnecting until the worker
process holding the socket is that one), alternating between the two; a toggle must alternate
as if one process served them all, for several tabs at once.
(b) A per-address limit is counted once: five sign-ups split 3 + 2 over the two workers use
the address's allowance, so the next try is refused on both, though neither saw five itself.

Only the backend is started (`reflex run --env prod --backend-only`: no frontend build), from
a copy of the project. Skipped without TEST_DATABASE_URL and TEST_REDIS_URL.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import httpx
import psutil
import pytest
import redis

from bench.apps import copy_project
from bench.production import postgres_database
from tests.conftest import migrate
from tests.support.reflex_socket import Tab, delta_value
from tests.support.smtp_server import free_port

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
ROOT = Path(__file__).resolve().parent.parent
COPY_IGNORE = shutil.ignore_patterns(
    ".git", ".web", ".states", ".venv", ".tools", "tests", "test-artifacts", "bench", "*.db",
    "__pycache__", ".pytest_cache", ".ruff_cache", "uploaded_files", ".env",
)  # fmt: skip
WORKERS = 2
#: Reflex's Redis key linking a tab token to its live socket (reflex/utils/token_manager.py).
SOCKET_RECORD = "token_manager_socket_record_"
TABS = 3
ROUNDS = 4  # events per tab, alternating between the workers


@dataclass
class Backend:
    url: str
    port: int
    workers: list[int]  # worker process ids
    log: Path
    redis_url: str

    def tail(self) -> str:
        """The end of the server's log, for a failure's message."""
        return self.log.read_text(errors="replace")[-3000:]

    def tab_on(self, tab: Tab, pid: int, tries: int = 60) -> Tab:
        """Reconnect `tab` until its connection is served by worker `pid`.

        Like a browser's reconnect, each waits until the server has let go of the tab's
        previous connection: a token still linked to a live socket counts as a duplicated
        tab, and Reflex then hands the connection a new token with a fresh state."""
        for _ in range(tries):
            tab.close()
            self._wait_until_unlinked(tab.token)
            tab.connect()
            if tab.serving_pid(self.workers, self.port) == pid:
                return tab
        raise AssertionError(f"no connection of {tries} landed on worker {pid}")

    def _wait_until_unlinked(self, token: str, timeout: float = 10) -> None:
        client = redis.Redis.from_url(self.redis_url)
        try:
            deadline = time.monotonic() + timeout
            while client.exists(f"{SOCKET_RECORD}{token}"):
                if time.monotonic() > deadline:
                    raise AssertionError(f"the server kept tab {token} linked for {timeout}s")
                time.sleep(0.02)
        finally:
            client.close()


def _workers_of(proc: subprocess.Popen[bytes], log: Path, timeout: float = 120) -> list[int]:
    """The worker processes under the server (Granian's children) once all have started."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"backend exited early:\n{log.read_text()[-4000:]}")
        children = psutil.Process(proc.pid).children(recursive=True)
        serving = [c.pid for c in children if _listens(c)]
        if len(serving) == WORKERS:
            return serving
        time.sleep(0.5)
    raise RuntimeError(f"{WORKERS} workers did not start:\n{log.read_text()[-4000:]}")


def _listens(process: psutil.Process) -> bool:
    try:
        return any(c.status == psutil.CONN_LISTEN for c in process.net_connections("tcp"))
    except psutil.Error:
        return False


def _env(database_url: str, redis_url: str, url: str) -> dict[str, str]:
    venv_bin = Path(sys.executable).parent
    keep = {
        k: v
        for k, v in os.environ.items()
        if not k.startswith(("SMTP_", "STRIPE_", "AI_", "GROQ_", "ACCESS_MODE", "CHECKOUT_"))
    }
    return {
        **keep,
        "PATH": os.pathsep.join([str(venv_bin), os.environ["PATH"]]),
        "REFLEX_TELEMETRY_ENABLED": "false",
        "REFLEX_CHECK_LATEST_VERSION": "false",
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "REDIS_KEY_PREFIX": f"unstuck-workers-{uuid.uuid4().hex[:10]}",
        "GRANIAN_WORKERS": str(WORKERS),
        "PUBLIC_BASE_URL": url,
    }


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Backend]:
    base, redis_url = os.environ.get("TEST_DATABASE_URL"), os.environ.get("TEST_REDIS_URL")
    if not base or not redis_url:
        pytest.skip("TEST_DATABASE_URL and TEST_REDIS_URL are needed for two workers")
    workdir = tmp_path_factory.mktemp("two-workers")
    copy_project(workdir)
    with postgres_database(base, "unstuck_workers") as database_url:
        migrate(database_url)
        port = free_port()
        url = f"http://127.0.0.1:{port}"
        log = workdir / "server.log"
        reflex = str(Path(sys.executable).parent / "reflex")
        command = [reflex, "run", "--env", "prod", "--backend-only"]
        command += ["--backend-port", str(port), "--backend-host", "127.0.0.1"]
        with log.open("wb") as out:
            proc = subprocess.Popen(
                command,
                cwd=workdir,
                env=_env(database_url, redis_url, url),
                stdout=out,
                stderr=subprocess.STDOUT,
                start_new_session=True,
            )
        try:
            workers = _workers_of(proc, log)
            _wait_for_ping(url, proc, log)
            yield Backend(url=url, port=port, workers=workers, log=log, redis_url=redis_url)
        finally:
            os.killpg(proc.pid, signal.SIGTERM)
            try:
                proc.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(proc.pid, signal.SIGKILL)


def _wait_for_ping(url: str, proc: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"backend exited early:\n{log.read_text()[-4000:]}")
        try:
            if httpx.get(url + "/ping", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.3)
    raise RuntimeError(f"backend did not answer:\n{log.read_text()[-4000:]}")


def test_a_tabs_events_share_state_whichever_worker_serves_them(backend: Backend) -> None:
    from reflex.state import State

    from startup_toolkit.pages.solutions.state import SolutionsState

    solutions = SolutionsState.get_full_name()
    tabs = [Tab(backend.url) for _ in range(TABS)]
    for tab in tabs:
        tab.connect().send(f"{State.get_full_name()}.hydrate")
    served: dict[str, list[int]] = {tab.token: [] for tab in tabs}
    try:
        for step in range(ROUNDS):
            for n, tab in enumerate(tabs):
                worker = backend.workers[(step + n) % WORKERS]
                backend.tab_on(tab, worker)
                updates = tab.send(f"{solutions}.toggle_filters")
                # Closed at first; each toggle flips what the previous one (on the other
                # worker) stored. A worker with its own state would answer True every time.
                value = delta_value(updates, solutions, "filters_open")
                assert value is (step % 2 == 0), (step, n, updates, backend.tail())
                served[tab.token].append(worker)
    finally:
        for tab in tabs:
            tab.close()
    assert all(set(workers) == set(backend.workers) for workers in served.values())


def test_a_per_address_limit_is_counted_once_across_workers(backend: Backend) -> None:
    from startup_toolkit.pages.signup import TOO_MANY_SIGN_UPS, SignupState
    from startup_toolkit.services.visitor_limits import sign_ups

    signup = SignupState.get_full_name()
    bad_form = {"name": "", "email": "not-an-email", "password": "short", "confirm": "other"}
    first, second = backend.workers
    tab = Tab(backend.url)

    def try_sign_up(worker: int) -> str:
        backend.tab_on(tab, worker)
        updates = tab.send(f"{signup}.sign_up", form=bad_form)
        return delta_value(updates, signup, "error")

    try:
        plan = [first, second, first, second, first]  # 3 + 2 = the allowance of 5
        assert len(plan) == sign_ups.limit
        # Under the limit the form is checked (field errors, no general error).
        answers = [try_sign_up(worker) for worker in plan]
        assert answers == [""] * len(plan), (answers, backend.tail())
        # Neither worker has seen five tries itself; both refuse the sixth.
        assert try_sign_up(second) == TOO_MANY_SIGN_UPS, backend.tail()
        assert try_sign_up(first) == TOO_MANY_SIGN_UPS, backend.tail()
    finally:
        tab.close()
