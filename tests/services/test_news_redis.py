"""The news digest shared by the workers through a real Redis: one feed fetch per interval
across worker processes, the digest's age carried over, forced refreshes limited for all,
and each worker on its own when Redis does not answer."""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Iterator

import pytest

from startup_toolkit.providers import redis_store
from startup_toolkit.services import news as service
from startup_toolkit.services import news_shared
from startup_toolkit.settings import get_settings
from tests.services.test_news import Clock
from tests.support.feed_server import Entry, FeedServer, recent, rss

pytestmark = pytest.mark.redis
WORKERS = 3


@pytest.fixture(scope="module")
def server() -> Iterator[FeedServer]:
    with FeedServer() as s:
        yield s


@pytest.fixture
def feed(server: FeedServer, settings_env: pytest.MonkeyPatch) -> Iterator[str]:
    """One slowish feed configured as the app's only feed; both caches start empty."""
    server.reset()
    service.reset_cache()
    entries = [Entry(f"Story {i}", f"https://n.example/{i}", "Text", recent(i)) for i in range(8)]
    url = server.set("/shared.xml", rss("Wire", entries), delay=0.3)
    settings_env.setenv("NEWS_FEED_URLS", url)
    get_settings.cache_clear()
    yield "/shared.xml"
    service.reset_cache()


@pytest.fixture
def clocks(monkeypatch: pytest.MonkeyPatch) -> tuple[Clock, Clock]:
    """(this process's monotonic clock, the wall clock the workers share), both fake."""
    local, wall = Clock(1000.0), Clock(1_800_000_000.0)
    monkeypatch.setattr(service, "clock", local)
    monkeypatch.setattr(news_shared, "wall_clock", wall)
    return local, wall


def _fetch_in_a_worker(results: multiprocessing.Queue) -> None:
    redis_store.reset()  # each worker process has its own connection
    service.reset_cache()
    reply = asyncio.run(service.fetch_startup_news(extended=True))
    results.put((reply.source, [item.title for item in reply.data]))


def test_worker_processes_fetching_at_once_reach_the_feed_once(
    shared_redis: str, server: FeedServer, feed: str
) -> None:
    ctx = multiprocessing.get_context("fork")
    results: multiprocessing.Queue = ctx.Queue()
    procs = [ctx.Process(target=_fetch_in_a_worker, args=(results,)) for _ in range(WORKERS)]
    for proc in procs:
        proc.start()
    replies = [results.get(timeout=60) for _ in procs]
    for proc in procs:
        proc.join(timeout=30)
    assert server.hits[feed] == 1
    assert all(source == "live" for source, _ in replies)
    assert len({tuple(titles) for _, titles in replies}) == 1


async def test_another_worker_takes_the_digest_with_its_age(
    shared_redis: str, server: FeedServer, feed: str, clocks: tuple[Clock, Clock]
) -> None:
    local, wall = clocks
    first = await service.fetch_startup_news()
    assert first.live and server.hits[feed] == 1
    service.reset_cache()  # another worker: nothing in its memory
    wall.now += service.CACHE_SECONDS - 60
    second = await service.fetch_startup_news()
    assert second.live and [i.title for i in second.data] == [i.title for i in first.data]
    assert server.hits[feed] == 1
    local.now += 61  # the digest (fetched 30 minutes ago) is stale on this worker too
    wall.now += 61
    await service.fetch_startup_news()
    assert server.hits[feed] == 2


async def test_a_forced_refresh_right_after_another_workers_fetch_is_not_repeated(
    shared_redis: str, server: FeedServer, feed: str, clocks: tuple[Clock, Clock]
) -> None:
    _, wall = clocks
    await service.fetch_startup_news()
    service.reset_cache()
    wall.now += 60
    await service.fetch_startup_news(force=True)
    assert server.hits[feed] == 1
    service.reset_cache()
    wall.now += service.MIN_REFETCH_SECONDS
    await service.fetch_startup_news(force=True)
    assert server.hits[feed] == 2


async def test_without_an_answering_redis_each_worker_fetches_alone(
    server: FeedServer, feed: str, settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("REDIS_URL", "redis://127.0.0.1:1/0")  # nothing listens there
    get_settings.cache_clear()
    redis_store.reset()
    try:
        reply = await service.fetch_startup_news()
        assert reply.live and server.hits[feed] == 1
        service.reset_cache()
        assert (await service.fetch_startup_news()).live
        assert server.hits[feed] == 2
    finally:
        redis_store.reset()
