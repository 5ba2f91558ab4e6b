"""A per-process cache of small per-user values (dashboard stats, activity, saved results).

Every writer of those values drops the user's entries through `invalidate`, so a user's own
change shows at once; other processes see it when the entry's short TTL runs out.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any


class TtlCache:
    """A small per-process cache of (kind, user id) -> value that expires after a TTL."""

    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self._items: dict[tuple[str, str], tuple[float, Any]] = {}
        self._lock = threading.Lock()

    def get(self, kind: str, user_id: str) -> Any | None:
        with self._lock:
            found = self._items.get((kind, user_id))
            if found is None:
                return None
            if found[0] <= self.clock():
                del self._items[(kind, user_id)]
                return None
            return found[1]

    def put(self, kind: str, user_id: str, value: Any, ttl: float) -> None:
        with self._lock:
            if len(self._items) > 10_000:  # keep memory bounded: drop what has expired
                now = self.clock()
                self._items = {k: v for k, v in self._items.items() if v[0] > now}
            self._items[(kind, user_id)] = (self.clock() + ttl, value)

    def drop(self, user_id: str, *kinds: str) -> None:
        with self._lock:
            for kind in kinds:
                self._items.pop((kind, user_id), None)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()


cache = TtlCache()


def invalidate(user_id: str, *kinds: str) -> None:
    """Forget the user's cached stats, activity and saved results (or only `kinds`)."""
    cache.drop(user_id, *(kinds or ("stats", "activity", "saved")))
