"""The export pool's lanes: jobs run on the lane's own named threads, at most `threads` at once
with `queue` more waiting; one more is refused at once (PoolBusy), and every finished or
failed job frees its place. Each lane follows its settings."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator

import pytest

from startup_toolkit import export_pool
from startup_toolkit.export_pool import Lane, PoolBusy
from startup_toolkit.settings import get_settings


@pytest.fixture
def gate() -> Iterator[threading.Event]:
    """Renders wait on it; opened at the end whatever happens."""
    event = threading.Event()
    yield event
    event.set()


def test_two_run_two_wait_and_the_next_is_refused(gate: threading.Event) -> None:
    pool = Lane("export-render", threads=2, queue=2)
    names: list[str] = []

    def render(n: int) -> int:
        names.append(threading.current_thread().name)
        gate.wait(10)
        return n

    futures = [pool.submit(render, n) for n in range(4)]
    assert pool.in_flight == 4
    with pytest.raises(PoolBusy) as refused:
        pool.submit(render, 5)
    assert refused.value.retry_after == export_pool.BUSY_RETRY_SECONDS
    gate.set()
    assert [f.result(timeout=10) for f in futures] == [0, 1, 2, 3]
    assert pool.started == 4
    assert all(name.startswith("export-render") for name in names)
    for _ in range(100):  # done callbacks run right after each result is set
        if pool.in_flight == 0:
            break
        time.sleep(0.01)
    assert pool.in_flight == 0
    assert pool.submit(render, 6).result(timeout=10) == 6
    pool.shutdown()


def test_a_failed_render_frees_its_place() -> None:
    pool = Lane("export-render", threads=1, queue=0)

    def broken() -> None:
        raise ValueError("no")

    with pytest.raises(ValueError):
        pool.submit(broken).result(timeout=10)
    assert pool.submit(lambda: "again").result(timeout=10) == "again"
    pool.shutdown()


def test_the_process_lanes_follow_the_settings(settings_env: pytest.MonkeyPatch) -> None:
    settings_env.setenv("EXPORT_THREADS", "3")
    settings_env.setenv("EXPORT_QUEUE", "5")
    settings_env.setenv("EXPORT_LOOKUP_QUEUE", "40")
    get_settings.cache_clear()
    renders, lookups = export_pool.renders(), export_pool.lookups()
    assert (renders.name, renders.threads, renders.queue) == ("export-render", 3, 5)
    assert (lookups.name, lookups.threads, lookups.queue) == ("export-lookup", 3, 40)
    assert export_pool.renders() is renders and export_pool.lookups() is lookups
    settings_env.setenv("EXPORT_QUEUE", "0")
    get_settings.cache_clear()
    again = export_pool.renders()
    assert again is not renders and (again.threads, again.queue) == (3, 0)
    assert export_pool.lookups() is lookups
