"""Per-address limits shared through a real Redis: several worker processes count an address
once; the window slides as in process memory; a Redis that stops answering never fails a
request (the per-process count takes over, logged once)."""

from __future__ import annotations

import logging
import multiprocessing
from multiprocessing.synchronize import Barrier

import pytest

from startup_toolkit.providers import redis_store
from startup_toolkit.services import visitor_limits as limits
from startup_toolkit.services.visitor_limits import AddressLimiter
from startup_toolkit.settings import get_settings

pytestmark = pytest.mark.redis
ADDRESS = "198.51.100.7"
WORKERS = 4
TRIES_PER_WORKER = 5


def _worker(start: Barrier, results: multiprocessing.Queue) -> None:
    """One backend worker: its own limiter object and Redis client, the same address."""
    redis_store.reset()  # a forked worker makes its own connection, as the app's do
    mine = AddressLimiter(limit=5, window_seconds=3600, name="sign_up")
    start.wait(timeout=30)
    results.put(sum(mine.allow(ADDRESS) for _ in range(TRIES_PER_WORKER)))


def test_workers_in_separate_processes_count_an_address_once(shared_redis: str) -> None:
    ctx = multiprocessing.get_context("fork")
    start = ctx.Barrier(WORKERS)
    results: multiprocessing.Queue = ctx.Queue()
    procs = [ctx.Process(target=_worker, args=(start, results)) for _ in range(WORKERS)]
    for proc in procs:
        proc.start()
    allowed = [results.get(timeout=60) for _ in procs]
    for proc in procs:
        proc.join(timeout=30)
        assert proc.exitcode == 0
    assert sum(allowed) == 5, allowed  # 20 tries in 4 processes, the limit counted once
    assert not limits.sign_ups.allow(ADDRESS)  # and this process sees the same count
    assert limits.sign_ups.allow("198.51.100.8")


def test_two_limiters_on_one_redis_share_the_sliding_window(shared_redis: str) -> None:
    first = AddressLimiter(limit=10, window_seconds=3600, name="visitor_ai")
    second = AddressLimiter(limit=10, window_seconds=3600, name="visitor_ai")
    workers = (first, second)
    assert all(workers[i % 2].allow(ADDRESS, now=1000.0 + i) for i in range(10))
    assert not first.allow(ADDRESS, now=1100.0)
    assert not second.allow(ADDRESS, now=1100.0)
    assert second.allow("198.51.100.9", now=1100.0)  # another address
    assert first.allow(ADDRESS, now=4600.0)  # the first call (at 1000) left the window
    assert not second.allow(ADDRESS, now=4600.5)  # ...and only that one
    other = AddressLimiter(limit=5, window_seconds=3600, name="sign_up")
    assert other.allow(ADDRESS, now=4601.0)  # each limit has its own count


def test_a_refusal_from_redis_says_how_long_to_wait(shared_redis: str) -> None:
    first = AddressLimiter(limit=2, window_seconds=60, name="export_address")
    second = AddressLimiter(limit=2, window_seconds=60, name="export_address")
    assert first.wait_seconds(ADDRESS, now=1000.0) == 0
    assert second.wait_seconds(ADDRESS, now=1010.5) == 0
    assert first.wait_seconds(ADDRESS, now=1020.0) == 40  # the one at 1000 leaves at 1060
    assert second.wait_seconds(ADDRESS, now=1059.5) == 1
    assert second.wait_seconds(ADDRESS, now=1060.0) == 0  # refusals were not counted
    first.reset()


def test_the_app_limits_use_redis_and_reset_clears_them(shared_redis: str) -> None:
    for _ in range(10):
        assert limits.allow_visitor_ai_call(ADDRESS)
    assert not limits.allow_visitor_ai_call(ADDRESS)
    limits.visitor_ai_calls._events.clear()  # nothing counted in this process's memory
    assert not limits.allow_visitor_ai_call(ADDRESS)
    limits.reset()
    assert limits.allow_visitor_ai_call(ADDRESS)
    limits.reset()


def test_a_failing_redis_falls_back_to_the_process_count_and_logs_once(
    settings_env: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    settings_env.setenv("REDIS_URL", "redis://127.0.0.1:1/0")  # nothing listens there
    get_settings.cache_clear()
    redis_store.reset()
    limiter = AddressLimiter(limit=3, window_seconds=60, name="sign_up")
    try:
        with caplog.at_level(logging.WARNING, logger=redis_store.__name__):
            answers = [limiter.allow(ADDRESS) for _ in range(5)]
            assert redis_store.in_outage()
    finally:
        redis_store.reset()
    assert answers == [True, True, True, False, False]
    warnings = [r for r in caplog.records if r.name == redis_store.__name__]
    assert len(warnings) == 1
    assert "not answering" in warnings[0].getMessage()
