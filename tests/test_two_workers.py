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
import time
import uuid
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
import redis

from bench.apps import copy_project
from bench.production import postgres_database
from tests.conftest import migrate
from tests.support.live_backend import Backend, backend_env, serve_backend
from tests.support.reflex_socket import Tab, delta_value
from tests.support.smtp_server import free_port

pytestmark = [pytest.mark.postgres, pytest.mark.redis]
WORKERS = 2
#: Reflex's Redis key linking a tab token to its live socket (reflex/utils/token_manager.py).
SOCKET_RECORD = "token_manager_socket_record_"
TABS = 3
ROUNDS = 4  # events per tab, alternating between the workers


@dataclass
class Workers:
    """The two-worker backend and the Redis it shares state through."""

    backend: Backend
    redis_url: str

    @property
    def url(self) -> str:
        return self.backend.url

    @property
    def workers(self) -> list[int]:
        return self.backend.workers

    def tail(self) -> str:
        return self.backend.tail()

    def tab_on(self, tab: Tab, pid: int, tries: int = 60) -> Tab:
        """Reconnect `tab` until its connection is served by worker `pid`.

        Like a browser's reconnect, each waits until the server has let go of the tab's
        previous connection: a token still linked to a live socket counts as a duplicated
        tab, and Reflex then hands the connection a new token with a fresh state."""
        for _ in range(tries):
            tab.close()
            self._wait_until_unlinked(tab.token)
            tab.connect()
            if tab.serving_pid(self.workers, self.backend.port) == pid:
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


@pytest.fixture(scope="module")
def backend(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workers]:
    base, redis_url = os.environ.get("TEST_DATABASE_URL"), os.environ.get("TEST_REDIS_URL")
    if not base or not redis_url:
        pytest.skip("TEST_DATABASE_URL and TEST_REDIS_URL are needed for two workers")
    workdir = tmp_path_factory.mktemp("two-workers")
    copy_project(workdir)
    with postgres_database(base, "unstuck_workers") as database_url:
        migrate(database_url)
        port = free_port()
        env = backend_env(
            database_url,
            f"http://127.0.0.1:{port}",
            {
                "REDIS_URL": redis_url,
                "REDIS_KEY_PREFIX": f"unstuck-workers-{uuid.uuid4().hex[:10]}",
            },
        )
        with serve_backend(workdir, port, env, workers=WORKERS) as served:
            yield Workers(served, redis_url)


def test_a_tabs_events_share_state_whichever_worker_serves_them(backend: Workers) -> None:
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
                updates = tab.send(f"{solutions}.toggle_category", value="Legal")
                # All at first; each toggle flips what the previous one (on the other worker)
                # stored. A worker with its own state would answer Legal every time.
                value = delta_value(updates, solutions, "filters")["category"]
                expected = "Legal" if step % 2 == 0 else "All"
                assert value == expected, (step, n, updates, backend.tail())
                served[tab.token].append(worker)
    finally:
        for tab in tabs:
            tab.close()
    assert all(set(workers) == set(backend.workers) for workers in served.values())


def test_a_per_address_limit_is_counted_once_across_workers(backend: Workers) -> None:
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
