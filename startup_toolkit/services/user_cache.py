"""A per-process cache of small per-user values (dashboard stats, activity, saved results).

Every writer of those values drops the user's entries through `invalidate`, so a user's own
change shows at once. Without Redis other processes see it when the entry's short TTL runs
out. With `REDIS_URL` each (user, kind) has a version in Redis: `invalidate` bumps it, and an
entry is only used while the version it was loaded under is still current, so a change made
through any worker shows on every worker at once. While Redis is not answering the cache is
skipped (every read goes to the database) rather than risk a stale value.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any, TypeVar

from sqlalchemy import event
from sqlalchemy.orm import Session

from startup_toolkit.providers import redis_store

T = TypeVar("T")

#: Versions outlive every entry's TTL by far; an expired version only costs one reload.
VERSION_TTL_SECONDS = 24 * 3600
_LOCAL = -1  # the version of every entry when Redis is not configured


def _version_key(user_id: str) -> str:
    return redis_store.key("user-cache", user_id)


def _shared_version(kind: str, user_id: str) -> int | None:
    """The current version of (kind, user): `_LOCAL` without Redis, None while it is out."""
    if not redis_store.configured():
        return _LOCAL
    client = redis_store.client()
    if client is None:
        return None
    try:
        raw = client.hget(_version_key(user_id), kind)
    except redis_store.ERRORS as exc:
        redis_store.report_failure("the per-user cache", exc)
        return None
    return int(raw or 0)


def _bump_versions(user_id: str, kinds: tuple[str, ...]) -> None:
    client = redis_store.client()
    if client is None:
        return
    try:
        pipe = client.pipeline(transaction=False)
        for kind in kinds:
            pipe.hincrby(_version_key(user_id), kind, 1)
        pipe.expire(_version_key(user_id), VERSION_TTL_SECONDS)
        pipe.execute()
    except redis_store.ERRORS as exc:
        redis_store.report_failure("the per-user cache", exc)


class TtlCache:
    """A small per-process cache of (kind, user id) -> value that expires after a TTL."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        # (kind, user) -> (expires at, version loaded under, value)
        self._items: dict[tuple[str, str], tuple[float, int, Any]] = {}
        # The version seen by the last miss, so `put` files the value under what it was read at.
        self._seen: dict[tuple[str, str], int] = {}
        self._lock = threading.Lock()

    def get(self, kind: str, user_id: str) -> Any | None:
        key = (kind, user_id)
        version = _shared_version(kind, user_id)
        with self._lock:
            if version is None:
                self._items.pop(key, None)
                return None
            found = self._items.get(key)
            if found is not None and found[0] > self.clock() and found[1] == version:
                return found[2]
            self._items.pop(key, None)
            if len(self._seen) > 10_000:  # misses never followed by a put (a failed load)
                self._seen.clear()
            self._seen[key] = version
            return None

    def put(self, kind: str, user_id: str, value: Any, ttl: float) -> None:
        key = (kind, user_id)
        with self._lock:
            version = self._seen.pop(key, None)
        if version is None:
            version = _shared_version(kind, user_id)
            if version is None:
                return
        with self._lock:
            if len(self._items) > 10_000:  # keep memory bounded: drop what has expired
                now = self.clock()
                self._items = {k: v for k, v in self._items.items() if v[0] > now}
                self._seen.clear()
            self._items[key] = (self.clock() + ttl, version, value)

    def drop(self, user_id: str, *kinds: str) -> None:
        with self._lock:
            for kind in kinds:
                self._items.pop((kind, user_id), None)
        _bump_versions(user_id, kinds)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._seen.clear()


cache = TtlCache()


def invalidate(user_id: str, *kinds: str) -> None:
    """Forget the user's cached stats, activity and saved results (or only `kinds`), on every
    worker when Redis is configured."""
    cache.drop(user_id, *(kinds or ("stats", "activity", "saved")))


def remember(kind: str, user_id: str, ttl: float, load: Callable[[], T]) -> T:
    """The cached (kind, user) value, or `load()`'s, kept for `ttl` seconds. None is never kept:
    a missing row is read again next time."""
    value = cache.get(kind, user_id)
    if value is None:
        value = load()
        if value is not None:
            cache.put(kind, user_id, value, ttl)
    return value


_PENDING = "user_cache_pending"


def invalidate_on_commit(session: Session, user_id: str, *kinds: str) -> None:
    """Forget (kind, user) once the session's transaction commits: for rows added to a caller's
    transaction, so no reader can cache the old value after the bump and before the commit."""
    session.info.setdefault(_PENDING, set()).update((user_id, kind) for kind in kinds)


@event.listens_for(Session, "after_commit")
def _invalidate_committed(session: Session) -> None:
    for user_id, kind in session.info.pop(_PENDING, ()):
        invalidate(user_id, kind)


@event.listens_for(Session, "after_rollback")
def _forget_rolled_back(session: Session) -> None:
    session.info.pop(_PENDING, None)
