"""fetch-startup-news: the Daily Startup Digest from the configured feeds, cached in process.

Live items are kept for 30 minutes; a refresh on demand reaches the feeds at most once every
few minutes, and concurrent callers share one fetch. With `REDIS_URL` the digest is shared by
every backend worker (`news_shared`): one worker fetches per interval and the others take its
result; without Redis (or while it is out) each process fetches for itself. With no feed
configured, or when every feed fails, the reply is the built-in sample digest, marked as such
(P-HUB-4).
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
from startup_toolkit.providers import redis_store
from startup_toolkit.services import news_shared as shared
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

CACHE_SECONDS = rules.REFRESH_SECONDS
#: A forced refresh, or a retry after every feed failed, waits at least this long.
MIN_REFETCH_SECONDS = 3 * 60
FEED_TIMEOUT = feeds.DEFAULT_TIMEOUT
#: A worker waiting for another's fetch looks for its result this often.
SHARED_POLL_SECONDS = 0.1


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


def _fresh_for(source: str, age: float, force: bool) -> bool:
    """Whether a digest of `source` fetched `age` seconds ago may be served as it is."""
    if not source:
        return False
    if age < MIN_REFETCH_SECONDS:
        return True
    return not force and source == rules.SOURCE_LIVE and age < CACHE_SECONDS


def _fresh(key: tuple[str, ...], force: bool) -> bool:
    return _cache.key == key and _fresh_for(_cache.source, clock() - _cache.fetched_at, force)


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


async def _fetch_into_cache(urls: tuple[str, ...], timeout: float, now: datetime) -> None:
    _cache.fetched_at = clock()
    try:
        await _fetch(urls, timeout, now)
    except Exception:
        log.exception("Fetching the news feeds failed")
        _cache.items = rules.sample_digest(now, rules.EXTENDED)
        _cache.source, _cache.error = rules.SOURCE_SAMPLE, rules.LOAD_FAILED


def _adopt(snapshot: shared.Snapshot | None, force: bool) -> bool:
    """Take another worker's digest into this process's cache when it may be served."""
    if snapshot is None or not _fresh_for(snapshot.source, snapshot.age, force):
        return False
    _cache.items, _cache.source, _cache.error = snapshot.items, snapshot.source, snapshot.error
    _cache.fetched_at = clock() - max(0.0, snapshot.age)
    return True


async def _refresh_shared(
    client: redis_store.Client, urls: tuple[str, ...], force: bool, timeout: float, now: datetime
) -> bool:
    """Fill the cache from (or for) the other workers; False: fetch alone (raises on Redis
    errors before anything was fetched)."""
    if _adopt(await asyncio.to_thread(shared.read, client, urls), force):
        return True
    hold = timeout + 10.0
    token = await asyncio.to_thread(shared.try_lock, client, urls, hold)
    if token is not None:
        # Another worker may have published and let go between the read above and the lock.
        if _adopt(await asyncio.to_thread(shared.read, client, urls), force):
            await asyncio.to_thread(shared.release, client, urls, token)
            return True
        await _fetch_into_cache(urls, timeout, now)
        snapshot = shared.Snapshot(_cache.items, _cache.source, _cache.error, shared.wall_clock())
        try:
            await asyncio.to_thread(shared.publish, client, urls, snapshot, token)
        except redis_store.ERRORS as exc:
            redis_store.report_failure("the shared news digest", exc)
        return True
    deadline = asyncio.get_running_loop().time() + hold
    while asyncio.get_running_loop().time() < deadline:
        await asyncio.sleep(SHARED_POLL_SECONDS)
        # The lock first, then the digest: a worker that publishes and lets go between the
        # two is read, not taken for one that gave up (which would fetch a second time).
        held = await asyncio.to_thread(shared.locked, client, urls)
        if _adopt(await asyncio.to_thread(shared.read, client, urls), force=False):
            return True
        if not held:
            return False  # the fetching worker gave up without publishing
    return False


async def _refresh(urls: tuple[str, ...], force: bool, timeout: float, now: datetime) -> None:
    if _cache.key != urls:
        reset_cache()
        _cache.key = urls
    client = redis_store.client()
    if client is not None:
        try:
            if await _refresh_shared(client, urls, force, timeout, now):
                return
        except redis_store.ERRORS as exc:
            redis_store.report_failure("the shared news digest", exc)
    await _fetch_into_cache(urls, timeout, now)


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
            await _refresh(urls, force, FEED_TIMEOUT if timeout is None else timeout, now)
        items, source, error = list(_cache.items[:count]), _cache.source, _cache.error
    return NewsReply(
        success=source == rules.SOURCE_LIVE,
        data=items,
        source=source,
        error=error,
        configured=True,
    )
