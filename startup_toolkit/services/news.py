"""fetch-startup-news: the Daily Startup Digest from the configured feeds, cached in process.

Live items are kept for 30 minutes; a refresh on demand reaches the feeds at most once every
few minutes per process, and concurrent callers share one fetch. With no feed configured, or
when every feed fails, the reply is the built-in sample digest, marked as such (P-HUB-4).
"""

from __future__ import annotations

import asyncio
import logging
import time
import weakref
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from startup_toolkit.domain import news as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.providers import news as feeds
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

CACHE_SECONDS = rules.REFRESH_SECONDS
#: A forced refresh, or a retry after every feed failed, waits at least this long.
MIN_REFETCH_SECONDS = 3 * 60
FEED_TIMEOUT = feeds.DEFAULT_TIMEOUT


@dataclass(frozen=True)
class NewsReply:
    """The spec's reply: {success, data, source, error} plus why the sample is shown."""

    success: bool
    data: list[rules.NewsItem]
    source: str  # 'live' or 'sample'
    error: str = ""
    configured: bool = False  # False: no feed is configured at all

    @property
    def live(self) -> bool:
        return self.source == rules.SOURCE_LIVE


@dataclass
class _Cache:
    key: tuple[str, ...] = ()
    items: list[rules.NewsItem] = field(default_factory=list)
    source: str = ""
    error: str = ""
    fetched_at: float = float("-inf")  # monotonic time of the last fetch attempt


_cache = _Cache()
_locks: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, asyncio.Lock] = (
    weakref.WeakKeyDictionary()
)
clock: Callable[[], float] = time.monotonic


def reset_cache() -> None:
    """Forget the cached digest (tests, and a change of feeds)."""
    global _cache
    _cache = _Cache()


def _lock() -> asyncio.Lock:
    loop = asyncio.get_running_loop()
    lock = _locks.get(loop)
    if lock is None:
        lock = _locks[loop] = asyncio.Lock()
    return lock


def _fresh(key: tuple[str, ...], force: bool) -> bool:
    if _cache.key != key or not _cache.source:
        return False
    age = clock() - _cache.fetched_at
    if age < MIN_REFETCH_SECONDS:
        return True
    return not force and _cache.source == rules.SOURCE_LIVE and age < CACHE_SECONDS


async def _fetch(urls: tuple[str, ...], timeout: float, now: datetime) -> None:
    results = await feeds.fetch_feeds(urls, timeout=timeout)
    ok = [r for r in results if isinstance(r, feeds.Feed)]
    for failure in (r for r in results if isinstance(r, feeds.FeedError)):
        log.warning("News feed failed: %s", failure)
    items = rules.build_digest(((f.title, f.entries) for f in ok), rules.EXTENDED)
    if items:
        _cache.items, _cache.source, _cache.error = items, rules.SOURCE_LIVE, ""
    else:
        _cache.items = rules.sample_digest(now, rules.EXTENDED)
        _cache.source, _cache.error = rules.SOURCE_SAMPLE, rules.LOAD_FAILED


async def fetch_startup_news(
    limit: int | None = None,
    extended: bool = False,
    *,
    force: bool = False,
    timeout: float | None = None,
    now: datetime | None = None,
) -> NewsReply:
    """The digest: 25 items for the full list (extended), 6 highlights otherwise."""
    count = rules.clamp_limit(limit, extended)
    now = now or utcnow()
    urls = tuple(get_settings().feed_urls)
    if not urls:
        return NewsReply(
            success=False,
            data=rules.sample_digest(now, count),
            source=rules.SOURCE_SAMPLE,
            error=rules.LOAD_FAILED,
        )
    async with _lock():
        if not _fresh(urls, force):
            if _cache.key != urls:
                reset_cache()
                _cache.key = urls
            _cache.fetched_at = clock()
            try:
                await _fetch(urls, FEED_TIMEOUT if timeout is None else timeout, now)
            except Exception:
                log.exception("Fetching the news feeds failed")
                _cache.items = rules.sample_digest(now, rules.EXTENDED)
                _cache.source, _cache.error = rules.SOURCE_SAMPLE, rules.LOAD_FAILED
        items, source, error = list(_cache.items[:count]), _cache.source, _cache.error
    return NewsReply(
        success=source == rules.SOURCE_LIVE,
        data=items,
        source=source,
        error=error,
        configured=True,
    )
