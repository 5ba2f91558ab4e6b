"""The news digest shared by every backend worker through Redis: one feed fetch per interval.

The worker that finds no fresh digest takes a short lock in Redis, fetches, and publishes the
digest with its wall-clock fetch time; workers that find the lock taken wait for that digest
instead of fetching too. Every call here is blocking (run it in a thread) and may raise
`redis_store.ERRORS`; the caller then fetches on its own, as without Redis.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import secrets
import time
from collections.abc import Callable
from datetime import datetime
from typing import Any

from startup_toolkit.domain import news as rules
from startup_toolkit.providers import redis_store

#: Wall clock shared by the workers (tests replace it); the local cache runs on its own clock.
wall_clock: Callable[[], float] = time.time
#: How long a published digest stays in Redis (the freshness rules decide when it is used).
KEEP_SECONDS = 2 * rules.REFRESH_SECONDS

_UNLOCK = """
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
"""


@dataclasses.dataclass(frozen=True)
class Snapshot:
    """A digest as published by the worker that fetched it."""

    items: list[rules.NewsItem]
    source: str
    error: str
    fetched_at: float  # wall-clock seconds

    @property
    def age(self) -> float:
        return wall_clock() - self.fetched_at


def _key(urls: tuple[str, ...], *suffix: str) -> str:
    digest = hashlib.sha256("\n".join(urls).encode()).hexdigest()[:16]
    return redis_store.key("news", digest, *suffix)


def _item_json(item: rules.NewsItem) -> dict[str, Any]:
    data = dataclasses.asdict(item)
    data["published"] = item.published.isoformat() if item.published else None
    return data


def _item(data: dict[str, Any]) -> rules.NewsItem:
    published = data.get("published")
    data = {**data, "published": datetime.fromisoformat(published) if published else None}
    return rules.NewsItem(**data)


def read(client: redis_store.Client, urls: tuple[str, ...]) -> Snapshot | None:
    """The digest last published for these feeds, if any (an unreadable one counts as none)."""
    raw = client.get(_key(urls))
    if not raw:
        return None
    try:
        data = json.loads(raw)
        items = [_item(d) for d in data["items"]]
        return Snapshot(items, str(data["source"]), str(data["error"]), float(data["fetched_at"]))
    except (ValueError, KeyError, TypeError):
        return None


def try_lock(client: redis_store.Client, urls: tuple[str, ...], hold: float) -> str | None:
    """Take the right to fetch for `hold` seconds; its token, or None when another has it."""
    token = secrets.token_hex(8)
    taken = client.set(_key(urls, "lock"), token, nx=True, px=max(1, int(hold * 1000)))
    return token if taken else None


def locked(client: redis_store.Client, urls: tuple[str, ...]) -> bool:
    """Whether some worker holds the right to fetch these feeds now."""
    return bool(client.exists(_key(urls, "lock")))


def publish(
    client: redis_store.Client, urls: tuple[str, ...], snapshot: Snapshot, token: str
) -> None:
    """Store the fetched digest for every worker, then give the lock back."""
    data = {
        "items": [_item_json(i) for i in snapshot.items],
        "source": snapshot.source,
        "error": snapshot.error,
        "fetched_at": snapshot.fetched_at,
    }
    client.set(_key(urls), json.dumps(data), ex=KEEP_SECONDS)
    release(client, urls, token)


def release(client: redis_store.Client, urls: tuple[str, ...], token: str) -> None:
    """Give the lock back (only if it is still this worker's)."""
    client.register_script(_UNLOCK)(keys=[_key(urls, "lock")], args=[token])
