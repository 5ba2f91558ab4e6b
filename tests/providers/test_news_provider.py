"""Fetching RSS/Atom feeds over real HTTP on 127.0.0.1: parsing, deadlines, size cap, bad
status, broken documents, schemes (P-HUB-4)."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Iterator

import pytest

from startup_toolkit.providers import news as provider
from tests.support.feed_server import ATOM_TYPE, Entry, FeedServer, atom, recent, rss


@pytest.fixture(scope="module")
def server() -> Iterator[FeedServer]:
    with FeedServer() as s:
        yield s


@pytest.fixture(autouse=True)
def _clean(server: FeedServer) -> None:
    server.reset()


def fetch(urls: list[str], **options: float) -> list[provider.Feed | provider.FeedError]:
    return asyncio.run(provider.fetch_feeds(urls, **options))


def test_rss_and_atom_are_parsed(server: FeedServer) -> None:
    published = recent(2)
    rss_url = server.set(
        "/rss",
        rss(
            "Startup Wire",
            [Entry("Seed round", "https://n.example/1", "<b>Raised</b> 2M", published)],
        ),
    )
    atom_url = server.set(
        "/atom",
        atom("Founder Notes", [Entry("Atom story", "https://n.example/2", "Hi", published)]),
        content_type=ATOM_TYPE,
    )
    rss_feed, atom_feed = fetch([rss_url, atom_url])
    assert isinstance(rss_feed, provider.Feed) and isinstance(atom_feed, provider.Feed)
    assert rss_feed.title == "Startup Wire"
    assert rss_feed.entries[0]["title"] == "Seed round"
    assert rss_feed.entries[0]["link"] == "https://n.example/1"
    assert "Raised" in rss_feed.entries[0]["summary"]
    assert rss_feed.entries[0]["published"] == published
    assert atom_feed.title == "Founder Notes"
    assert atom_feed.entries[0]["link"] == "https://n.example/2"
    assert atom_feed.entries[0]["published"] == published


def test_each_failure_is_reported_without_sinking_the_others(server: FeedServer) -> None:
    good = server.set("/good", rss("Good", [Entry("Story")]))
    error = server.set("/error", b"boom", status=500, content_type="text/plain")
    broken = server.set("/broken", b"\x00\x01 this is not xml <<<", content_type="text/html")
    missing = server.url("/missing")
    results = fetch([good, error, broken, missing])
    assert isinstance(results[0], provider.Feed)
    assert isinstance(results[1], provider.FeedError) and "HTTP 500" in str(results[1])
    assert isinstance(results[2], provider.FeedError) and "not an RSS" in str(results[2])
    assert isinstance(results[3], provider.FeedError) and "HTTP 404" in str(results[3])


def test_a_slow_feed_hits_the_total_deadline(server: FeedServer) -> None:
    slow = server.set("/slow", rss("Slow", [Entry("Late")]), delay=3)
    fast = server.set("/fast", rss("Fast", [Entry("Early")]))
    started = time.monotonic()
    results = fetch([slow, fast], timeout=0.5)
    assert time.monotonic() - started < 2.5
    assert isinstance(results[0], provider.FeedError) and "timed out" in str(results[0])
    assert isinstance(results[1], provider.Feed)


def test_oversized_feeds_are_refused(server: FeedServer) -> None:
    big = server.set("/big", rss("Big", [Entry("x" * 5000)]))
    (result,) = fetch([big], max_bytes=1000)
    assert isinstance(result, provider.FeedError) and "larger than" in str(result)


def test_only_http_urls_are_fetched() -> None:
    results = fetch(["file:///etc/passwd", "ftp://x.example/feed", "not a url"])
    assert all(isinstance(r, provider.FeedError) for r in results)
    assert all("only http(s)" in str(r) for r in results)
    assert fetch([]) == []
