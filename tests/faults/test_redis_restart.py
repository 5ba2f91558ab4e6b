"""Issue 29, item 3: Redis restarts under the production backend (`reflex run --env prod
--backend-only`, tab state in Redis), on a Redis of the test's own with its append-only file
(never the machine's shared server).

A tab that changed its state before the restart reconnects after it and goes on from that
state (what was written back, older than STATE_LEASE_MS, is kept), its events are answered,
and the backend's HTTP routes answer 200, not 500, once Redis is back: no worker restart."""

from __future__ import annotations

import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from bench.apps import copy_project
from tests.conftest import migrate
from tests.support.live_backend import Backend, backend_env, serve_backend
from tests.support.private_services import PrivateRedis, private_redis
from tests.support.reflex_socket import Tab, delta_value
from tests.support.smtp_server import free_port

pytestmark = pytest.mark.faults

LEASE_MS = 500


@pytest.fixture(scope="module")
def redis_server() -> Iterator[PrivateRedis]:
    with private_redis() as server:
        yield server


@pytest.fixture(scope="module")
def backend(
    tmp_path_factory: pytest.TempPathFactory, redis_server: PrivateRedis
) -> Iterator[Backend]:
    workdir = tmp_path_factory.mktemp("redis-restart")
    copy_project(workdir)
    database_url = f"sqlite:///{Path(workdir) / 'app.db'}"
    migrate(database_url)
    port = free_port()
    env = backend_env(
        database_url,
        f"http://127.0.0.1:{port}",
        {
            "REDIS_URL": redis_server.url,
            "REDIS_KEY_PREFIX": f"unstuck-faults-{uuid.uuid4().hex[:8]}",
            "STATE_LEASE_MS": str(LEASE_MS),
        },
    )
    with serve_backend(workdir, port, env, workers=1) as served:
        yield served


def _toggle(tab: Tab, name: str) -> str:
    updates = tab.send(f"{name}.toggle_category", value="Legal")
    return delta_value(updates, name, "filters")["category"]


def _answered(tab: Tab, name: str, timeout: float = 20) -> str:
    """The first toggle the backend answers once Redis is back (reconnecting the tab, as a
    browser does, while it is not)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            tab.connect()
            return _toggle(tab, name)
        except Exception:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.3)


def test_redis_restart_tabs_go_on_from_their_state(
    backend: Backend, redis_server: PrivateRedis
) -> None:
    from reflex.state import State

    from startup_toolkit.pages.solutions.state import SolutionsState

    solutions = SolutionsState.get_full_name()
    tab, other = Tab(backend.url), Tab(backend.url)
    try:
        tab.connect().send(f"{State.get_full_name()}.hydrate")
        other.connect().send(f"{State.get_full_name()}.hydrate")
        assert _toggle(tab, solutions) == "Legal"
        assert _toggle(other, solutions) == "Legal"
        time.sleep(3 * LEASE_MS / 1000)  # past the lease: written back to Redis
        tab.close()
        redis_server.restart()
        # A tab that stayed connected: its next event is answered from its state.
        assert _toggle(other, solutions) == "All", backend.tail()
        # A tab that reconnects goes on from its state: Legal flips back to All.
        assert _answered(tab, solutions) == "All", backend.tail()
        assert _toggle(tab, solutions) == "Legal"
        assert httpx.get(backend.url + "/ping", timeout=10).status_code == 200
    finally:
        tab.close()
        other.close()
