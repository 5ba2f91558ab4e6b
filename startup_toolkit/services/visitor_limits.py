"""A small per-address limit for AI work that visitors may start without an account.

Signed-in users are metered by the daily token budget; visitors (the home page's recommender)
have no account to meter, so their address is. The window lives in this process: with several
backend workers each keeps its own (a visitor gets at most workers x the limit).
"""

from __future__ import annotations

import threading
import time
from collections import deque

VISITOR_AI_LIMIT = 10
VISITOR_AI_WINDOW_SECONDS = 3600.0
_MAX_TRACKED = 10_000

_lock = threading.Lock()
_calls: dict[str, deque[float]] = {}


def allow_visitor_ai_call(address: str, now: float | None = None) -> bool:
    """Count one call for `address`; False when it has used its allowance in the window."""
    now = time.monotonic() if now is None else now
    with _lock:
        if len(_calls) > _MAX_TRACKED:
            _calls.clear()
        window = _calls.setdefault(address, deque())
        while window and now - window[0] >= VISITOR_AI_WINDOW_SECONDS:
            window.popleft()
        if len(window) >= VISITOR_AI_LIMIT:
            return False
        window.append(now)
        return True


def reset() -> None:
    with _lock:
        _calls.clear()
