"""Per-address limits for what visitors may do without an account.

Signed-in users are metered by the daily token budget; visitors (the home page's recommender,
the sign-up form) have no account to meter, so their address is. The windows live in this
process: with several backend workers each keeps its own (at most workers x the limit).
"""

from __future__ import annotations

import threading
import time
from collections import deque
from datetime import datetime
from typing import Any

from sqlmodel import Session, select

_MAX_TRACKED = 10_000


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
    """At most `limit` events per address in any `window_seconds`."""

    def __init__(self, limit: int, window_seconds: float) -> None:
        self.limit = limit
        self.window_seconds = window_seconds
        self._lock = threading.Lock()
        self._events: dict[str, deque[float]] = {}

    def allow(self, address: str, now: float | None = None) -> bool:
        """Count one event for `address`; False when its allowance in the window is used."""
        now = time.monotonic() if now is None else now
        with self._lock:
            if len(self._events) > _MAX_TRACKED:
                self._events.clear()
            window = self._events.setdefault(address, deque())
            while window and now - window[0] >= self.window_seconds:
                window.popleft()
            if len(window) >= self.limit:
                return False
            window.append(now)
            return True

    def reset(self) -> None:
        with self._lock:
            self._events.clear()


visitor_ai_calls = AddressLimiter(limit=10, window_seconds=3600)
sign_ups = AddressLimiter(limit=5, window_seconds=3600)


def allow_visitor_ai_call(address: str, now: float | None = None) -> bool:
    return visitor_ai_calls.allow(address, now)


def reset() -> None:
    visitor_ai_calls.reset()
    sign_ups.reset()
