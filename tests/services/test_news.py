"""fetch-startup-news against feeds served on 127.0.0.1: live digest, 30-minute cache,
refresh limits, one fetch for concurrent callers, and the labelled sample when no feed is
configured or every feed fails (P-HUB-4)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from startup_toolkit.domain import news as rules
from startup_toolkit.services import news as service
from startup_toolkit.settings import get_settings
from tests.support.feed_server import Entry, FeedServer, recent, rss


class Clock:
    """A fake clock: `now` is what it reads until a test moves it."""

    def __init__(self, now: float = 1000.0) -> None:
        self.now = now

    def __call__(self) -> float:
        return self.now


@pytest.fixture(scope="module")
def server() -> Iterator[FeedServer]:
    with FeedServer() as s:
        yield s


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch, server: FeedServer) -> Iterator[Clock]:
    server.reset()
    service.reset_cache()
    fake = Clock()
    monkeypatch.setattr(service, "clock", fake)
    yield fake
    service.reset_cache()


def configure(env: pytest.MonkeyPatch, *urls: str) -> None:
    env.setenv("NEWS_FEED_URLS", ",".join(urls))
    get_settings.cache_clear()


def stories(prefix: str, count: int) -> list[Entry]:
    return [
        Entry(f"{prefix} story {i}", f"https://n.example/{prefix}/{i}", "Summary", recent(i))
        for i in range(count)
    ]


async def test_live_digest_from_several_feeds(
    server: FeedServer, clock: Clock, settings_env: pytest.MonkeyPatch
) -> None:
    """Highlights are 6 items, the full list 25, newest first, source 'live'."""
    a = server.set("/a.xml", rss("Wire A", stories("a", 20)))
    b = server.set("/b.xml", rss("Wire B", stories("b", 20)))
    configure(settings_env, a, b)
    highlights = await service.fetch_startup_news(6, False)
    assert highlights.success and highlights.live and highlights.error == ""
    assert len(highlights.data) == 6
    assert {i.source for i in highlights.data} == {"Wire A", "Wire B"}
    full = await service.fetch_startup_news(25, True)
    assert len(full.data) == 25
    dates = [i.published for i in full.data]
    assert dates == sorted(dates, reverse=True)  # type: ignore[type-var]
    assert server.hits["/a.xml"] == 1  # the second call was served from the cache


async def test_cache_lasts_30_minutes_and_forced_refresh_is_limited(
    server: FeedServer, clock: Clock, settings_env: pytest.MonkeyPatch
) -> None:
    url = server.set("/feed.xml", rss("Wire", stories("x", 3)))
    configure(settings_env, url)
    await service.fetch_startup_news()
    clock.now += 60
    await service.fetch_startup_news(force=True)  # too soon: still the cache
    assert server.hits["/feed.xml"] == 1
    clock.now += service.MIN_REFETCH_SECONDS
    await service.fetch_startup_news(force=True)  # a refresh on demand
    assert server.hits["/feed.xml"] == 2
    clock.now += service.CACHE_SECONDS - 1
    await service.fetch_startup_news()
    assert server.hits["/feed.xml"] == 2
    server.set("/feed.xml", rss("Wire", [Entry("Brand new", "https://n.example/new")]))
    clock.now += 2
    reply = await service.fetch_startup_news()
    assert server.hits["/feed.xml"] == 3
    assert reply.data[0].title == "Brand new"


async def test_concurrent_callers_share_one_fetch(
    server: FeedServer, clock: Clock, settings_env: pytest.MonkeyPatch
) -> None:
    url = server.set("/slowish.xml", rss("Wire", stories("s", 3)), delay=0.3)
    configure(settings_env, url)
    replies = await asyncio.gather(*(service.fetch_startup_news() for _ in range(5)))
    assert all(r.live for r in replies)
    assert server.hits["/slowish.xml"] == 1


async def test_failed_feeds_are_skipped_while_one_works(
    server: FeedServer, clock: Clock, settings_env: pytest.MonkeyPatch
) -> None:
    good = server.set("/good.xml", rss("Good", stories("g", 2)))
    error = server.set("/500.xml", b"down", status=500)
    broken = server.set("/broken.xml", b"<html>nope", content_type="text/html")
    slow = server.set("/slow.xml", rss("Slow", stories("slow", 2)), delay=3)
    configure(settings_env, error, broken, slow, good)
    reply = await service.fetch_startup_news(timeout=0.5)
    assert reply.live
    assert {i.source for i in reply.data} == {"Good"}


async def test_every_feed_failing_gives_the_labelled_sample(
    server: FeedServer, clock: Clock, settings_env: pytest.MonkeyPatch
) -> None:
    """'Failed to load startup news' / 'Using sample data instead'; retried after a while."""
    error = server.set("/500.xml", b"down", status=500)
    broken = server.set("/broken.xml", b"garbage", content_type="text/plain")
    configure(settings_env, error, broken)
    reply = await service.fetch_startup_news(6, False)
    assert not reply.success and reply.source == rules.SOURCE_SAMPLE and reply.configured
    assert reply.error == rules.LOAD_FAILED
    assert len(reply.data) == 6 and all(i.url == "" for i in reply.data)
    assert all(rules.SAMPLE_LABEL in i.source for i in reply.data)
    await service.fetch_startup_news(6, False)
    assert server.hits["/500.xml"] == 1  # failures are not retried on every page load
    server.set("/500.xml", rss("Back", stories("back", 2)))
    clock.now += service.MIN_REFETCH_SECONDS + 1
    assert (await service.fetch_startup_news()).live


async def test_no_feed_configured_gives_the_sample(
    clock: Clock, settings_env: pytest.MonkeyPatch
) -> None:
    configure(settings_env)
    reply = await service.fetch_startup_news(25, True)
    assert not reply.success and not reply.configured
    assert reply.source == rules.SOURCE_SAMPLE and reply.error == rules.LOAD_FAILED
    assert 6 <= len(reply.data) <= 25


async def test_changing_the_feeds_drops_the_cache(
    server: FeedServer, clock: Clock, settings_env: pytest.MonkeyPatch
) -> None:
    a = server.set("/one.xml", rss("One", stories("one", 2)))
    b = server.set("/two.xml", rss("Two", stories("two", 2)))
    configure(settings_env, a)
    assert (await service.fetch_startup_news()).data[0].source == "One"
    configure(settings_env, b)
    assert (await service.fetch_startup_news()).data[0].source == "Two"
