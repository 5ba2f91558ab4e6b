"""RSS/Atom feeds over HTTP (the only module that imports httpx for feeds and feedparser).

Each feed is fetched with a total deadline and a size cap, only from http(s) addresses, then
parsed into plain dicts: {title, link, summary, published (aware datetime or None)}.
"""

from __future__ import annotations

import asyncio
import calendar
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import urlsplit

import feedparser
import httpx

from startup_toolkit.domain.urls import is_http_url

DEFAULT_TIMEOUT = 8.0
DEFAULT_MAX_BYTES = 2 * 1024 * 1024
MAX_REDIRECTS = 3
MAX_ENTRIES = 100
USER_AGENT = "UnstuckDigest/1.0"
ACCEPT = "application/rss+xml, application/atom+xml, application/xml;q=0.9, text/xml;q=0.8"


class FeedError(Exception):
    """A feed could not be fetched or parsed."""


@dataclass(frozen=True)
class Feed:
    url: str
    title: str
    entries: list[dict[str, Any]] = field(default_factory=list)


def _published(entry: Any) -> datetime | None:
    for key in ("published_parsed", "updated_parsed", "created_parsed"):
        parsed = entry.get(key)
        if parsed:
            try:
                return datetime.fromtimestamp(calendar.timegm(parsed), tz=UTC)
            except (OverflowError, ValueError, TypeError):
                continue
    return None


def parse_feed(url: str, body: bytes) -> Feed:
    """Entries of an RSS/Atom document; FeedError when it holds no feed at all."""
    parsed = feedparser.parse(body)
    version = parsed.get("version") or ""
    if not version and not parsed.entries:
        raise FeedError(f"{url}: not an RSS or Atom feed")
    title = str(parsed.feed.get("title") or "") or (urlsplit(url).hostname or "News")
    entries = [
        {
            "title": entry.get("title", ""),
            "link": entry.get("link", ""),
            "summary": entry.get("summary", "") or entry.get("description", ""),
            "published": _published(entry),
        }
        for entry in parsed.entries[:MAX_ENTRIES]
    ]
    return Feed(url=url, title=title, entries=entries)


async def _download(client: httpx.AsyncClient, url: str, max_bytes: int) -> bytes:
    async with client.stream("GET", url) as response:
        if response.status_code != 200:
            raise FeedError(f"{url}: HTTP {response.status_code}")
        declared = response.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > max_bytes:
            raise FeedError(f"{url}: larger than {max_bytes} bytes")
        chunks: list[bytes] = []
        size = 0
        async for chunk in response.aiter_bytes():
            size += len(chunk)
            if size > max_bytes:
                raise FeedError(f"{url}: larger than {max_bytes} bytes")
            chunks.append(chunk)
        return b"".join(chunks)


async def fetch_feed(
    client: httpx.AsyncClient,
    url: str,
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> Feed:
    """Download (within `timeout` seconds in total) and parse one feed."""
    if not is_http_url(url.strip()):
        raise FeedError(f"{url}: only http(s) feeds are allowed")
    try:
        # A total deadline: per-read timeouts alone let a trickling server hold us for long.
        body = await asyncio.wait_for(_download(client, url, max_bytes), timeout)
    except TimeoutError as exc:
        raise FeedError(f"{url}: timed out after {timeout:g}s") from exc
    except httpx.HTTPError as exc:
        raise FeedError(f"{url}: {type(exc).__name__}") from exc
    return await asyncio.to_thread(parse_feed, url, body)


async def fetch_feeds(
    urls: Sequence[str],
    timeout: float = DEFAULT_TIMEOUT,
    max_bytes: int = DEFAULT_MAX_BYTES,
) -> list[Feed | FeedError]:
    """Every feed at once; each result is the feed or the error it ended with (in order)."""
    if not urls:
        return []
    async with httpx.AsyncClient(
        timeout=httpx.Timeout(timeout),
        follow_redirects=True,
        max_redirects=MAX_REDIRECTS,
        headers={"User-Agent": USER_AGENT, "Accept": ACCEPT},
    ) as client:

        async def one(url: str) -> Feed | FeedError:
            try:
                return await fetch_feed(client, url, timeout, max_bytes)
            except FeedError as exc:
                return exc
            except Exception as exc:  # a parser surprise must not sink the other feeds
                return FeedError(f"{url}: {type(exc).__name__}")

        return list(await asyncio.gather(*(one(u) for u in urls)))
