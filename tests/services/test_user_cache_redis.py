"""The per-user cache with a real Redis: an invalidation made by any worker process reaches
every worker at once (a sign-out included); a value loaded before an invalidation is never
served after it; while Redis is out the cache is skipped rather than risk a stale value."""

from __future__ import annotations

import logging
import multiprocessing

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.db import make_engine
from startup_toolkit.models import User
from startup_toolkit.providers import redis_store
from startup_toolkit.services import sessions, user_cache
from startup_toolkit.services.user_cache import TtlCache
from startup_toolkit.settings import get_settings

pytestmark = pytest.mark.redis
USER = "user-1"


def test_an_invalidation_on_one_worker_reaches_the_other(shared_redis: str) -> None:
    first, second = TtlCache(), TtlCache()  # two workers' caches
    for cache in (first, second):
        assert cache.get("stats", USER) is None
        cache.put("stats", USER, {"runs": 1}, ttl=60)
        assert cache.get("activity", USER) is None
        cache.put("activity", USER, ["opened"], ttl=60)
    second.drop(USER, "stats")  # the second worker saw the user's change
    assert first.get("stats", USER) is None
    assert second.get("stats", USER) is None
    assert first.get("activity", USER) == ["opened"]  # other kinds stay
    assert first.get("stats", "user-2") is None


def test_a_value_loaded_before_an_invalidation_is_not_served_after_it(shared_redis: str) -> None:
    first, second = TtlCache(), TtlCache()
    assert first.get("saved", USER) is None  # a miss: the first worker starts loading...
    second.drop(USER, "saved")  # ...a change lands meanwhile...
    first.put("saved", USER, ["old"], ttl=60)  # ...and the old value arrives
    assert first.get("saved", USER) is None
    first.put("saved", USER, ["new"], ttl=60)
    assert first.get("saved", USER) == ["new"]


def _invalidate_in_another_process() -> None:
    redis_store.reset()  # the forked worker's own connection
    user_cache.invalidate(USER)


def test_invalidate_in_another_process_reaches_this_one(shared_redis: str) -> None:
    user_cache.cache.clear()
    assert user_cache.cache.get("stats", USER) is None
    user_cache.cache.put("stats", USER, 3, ttl=60)
    assert user_cache.cache.get("stats", USER) == 3
    worker = multiprocessing.get_context("fork").Process(target=_invalidate_in_another_process)
    worker.start()
    worker.join(timeout=30)
    assert worker.exitcode == 0
    assert user_cache.cache.get("stats", USER) is None
    user_cache.cache.clear()


def test_without_an_answering_redis_the_cache_is_skipped(
    settings_env: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    settings_env.setenv("REDIS_URL", "redis://127.0.0.1:1/0")  # nothing listens there
    get_settings.cache_clear()
    redis_store.reset()
    cache = TtlCache()
    try:
        with caplog.at_level(logging.WARNING, logger=redis_store.__name__):
            assert cache.get("stats", USER) is None
            cache.put("stats", USER, 1, ttl=60)
            assert cache.get("stats", USER) is None
            cache.drop(USER, "stats")  # never raises
    finally:
        redis_store.reset()
    assert len([r for r in caplog.records if r.name == redis_store.__name__]) == 1


def test_without_redis_the_cache_is_per_process(settings_env: pytest.MonkeyPatch) -> None:
    settings_env.delenv("REDIS_URL", raising=False)
    get_settings.cache_clear()
    cache = TtlCache(clock=lambda: 100.0)
    cache.put("stats", USER, 1, ttl=60)
    assert cache.get("stats", USER) == 1
    cache.drop(USER, "stats")
    assert cache.get("stats", USER) is None


def _sign_out_in_another_process(database_url: str, token: str) -> None:
    redis_store.reset()  # the forked worker's own connections
    engine = make_engine(database_url)
    with Session(engine) as db:
        assert sessions.end_session(db, token)
    engine.dispose()


def test_a_sign_out_on_another_worker_ends_the_session_this_one_cached(
    shared_redis: str, engine: Engine, database_url: str
) -> None:
    with Session(engine, expire_on_commit=False) as db:
        user = User(email="ada@example.com", name="Ada")
        db.add(user)
        db.commit()
        token = sessions.create_session(db, user.id, "", "")
        assert sessions.resolve_session(db, token) == user.id  # now cached in this worker
        worker = multiprocessing.get_context("fork").Process(
            target=_sign_out_in_another_process, args=(database_url, token)
        )
        worker.start()
        worker.join(timeout=30)
        assert worker.exitcode == 0
        assert sessions.resolve_session(db, token) is None
