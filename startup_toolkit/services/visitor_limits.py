"""Per-address limits for what visitors may do without an account.

Signed-in users are metered by the daily token budget; visitors (the home page's recommender,
the sign-up form) have no account to meter, so their address is.

With `REDIS_URL` a limiter counts in Redis (a sorted set of event times per address, trimmed
and counted by one atomic script), so several backend workers count each address once. Without
Redis, or while Redis is not answering, the window lives in this process: each worker then
keeps its own count (at most workers x the limit), and a Redis failure never fails a request.
"""

from __future__ import annotations

import math
import secrets
import threading
import time
from collections import deque
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

from startup_toolkit.providers import redis_store

_MAX_TRACKED = 10_000

#: KEYS[1] the address's window; ARGV now, window seconds, limit, a unique member.
#: Drops events that left the window, then counts one more if the address is under the limit
#: (answers 1), else answers the time of the address's oldest event in the window (a string).
_SLIDING_WINDOW = """
local key = KEYS[1]
local now, window, limit = tonumber(ARGV[1]), tonumber(ARGV[2]), tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  return redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')[2]
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, math.ceil(window * 1000))
return 1
"""


def oldest_counted(
    session: Session, table: Any, ip_address: str, since: datetime, limit: int
) -> datetime | None:
    """For an address limit kept in the database (`table` has `ip_address` and `created_at`):
    the time of the oldest of the address's `limit` newest rows since `since` (when it leaves
    the window a try is free again); None while the address is under the limit."""
    created_at = table.created_at
    stmt = (
        select(created_at)
        .where(table.ip_address == ip_address, created_at >= since)
        .order_by(created_at.desc())
        .offset(limit - 1)
        .limit(1)
    )
    return session.exec(stmt).first()


class AddressLimiter:
    """At most `limit` events per address in any `window_seconds`, shared through Redis when
    it is configured (`name` keys the limit there), else counted in this process."""

    def __init__(self, limit: int, window_seconds: float, name: str = "") -> None:
        self.limit = limit
        self.window_seconds = window_seconds
        self.name = name
        self._lock = threading.Lock()
        self._events: dict[str, deque[float]] = {}

    def allow(self, address: str, now: float | None = None) -> bool:
        """Count one event for `address`; False when its allowance in the window is used.

        `now` (seconds) fixes the clock in tests: wall time with Redis, monotonic without."""
        return self.wait_seconds(address, now) == 0

    def wait_seconds(self, address: str, now: float | None = None) -> int:
        """Count one event for `address` and answer 0; or, when its allowance in the window is
        used, count nothing and answer the whole seconds (at least 1) until its oldest counted
        event leaves the window: a Retry-After. `now` as in `allow`."""
        client = redis_store.client() if self.name else None
        if client is not None:
            try:
                return self._wait_shared(client, address, time.time() if now is None else now)
            except redis_store.ERRORS as exc:
                redis_store.report_failure(f"the {self.name} limit", exc)
        return self._wait_local(address, time.monotonic() if now is None else now)

    def _key(self, address: str) -> str:
        return redis_store.key("limit", self.name, address)

    def _until_free(self, oldest: float, now: float) -> int:
        return max(1, math.ceil(oldest + self.window_seconds - now))

    def _wait_shared(self, client: redis_store.Client, address: str, now: float) -> int:
        member = f"{now!r}:{secrets.token_hex(6)}"
        args = [repr(now), repr(float(self.window_seconds)), self.limit, member]
        script = client.register_script(_SLIDING_WINDOW)
        answer = script(keys=[self._key(address)], args=args)
        return 0 if answer == 1 else self._until_free(float(answer), now)

    def _wait_local(self, address: str, now: float) -> int:
        with self._lock:
            if len(self._events) > _MAX_TRACKED:
                self._events.clear()
            window = self._events.setdefault(address, deque())
            while window and now - window[0] >= self.window_seconds:
                window.popleft()
            if len(window) >= self.limit:
                return self._until_free(window[0], now)
            window.append(now)
            return 0

    def reset(self) -> None:
        """Forget every count: this process's and, with Redis, the shared ones (tests)."""
        with self._lock:
            self._events.clear()
        client = redis_store.client() if self.name else None
        if client is None:
            return
        try:
            keys = list(client.scan_iter(match=self._key("*"), count=500))
            if keys:
                client.delete(*keys)
        except redis_store.ERRORS as exc:
            redis_store.report_failure(f"the {self.name} limit", exc)


visitor_ai_calls = AddressLimiter(limit=10, window_seconds=3600, name="visitor_ai")
sign_ups = AddressLimiter(limit=5, window_seconds=3600, name="sign_up")


def allow_visitor_ai_call(address: str, now: float | None = None) -> bool:
    """Count one AI call by a visitor at `address`; False when the hour's allowance is used."""
    return visitor_ai_calls.allow(address, now)


def reset() -> None:
    """Forget every visitor count (tests)."""
    visitor_ai_calls.reset()
    sign_ups.reset()
