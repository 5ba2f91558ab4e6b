"""Download limits of exports (issue 27, item 6): a signed-in founder's own exports count per
founder (`EXPORT_LIMIT_COUNT`), share-link downloads, which need no account, per client address
(`SHARED_EXPORT_LIMIT_COUNT`), both in `EXPORT_LIMIT_WINDOW_SECONDS`. Counted by the visitor
limits' `AddressLimiter`: in Redis when `REDIS_URL` is set (all workers count once), else in
this process. Past a limit, a download is refused with the seconds to wait (429 Retry-After)."""

from __future__ import annotations

import threading

from startup_toolkit.services.sign_in_throttle import describe_seconds
from startup_toolkit.services.visitor_limits import AddressLimiter
from startup_toolkit.settings import get_settings

FOUNDER_LIMIT = "export_founder"
ADDRESS_LIMIT = "export_address"

_limiters: dict[tuple[str, int, int], AddressLimiter] = {}
_lock = threading.Lock()


def _limiter(name: str, limit: int, window_seconds: int) -> AddressLimiter:
    """The limiter `name` at these sizes (one per size, so a changed setting starts afresh)."""
    with _lock:
        found = _limiters.get((name, limit, window_seconds))
        if found is None:
            found = _limiters[(name, limit, window_seconds)] = AddressLimiter(
                limit, window_seconds, name
            )
        return found


def founder_wait(user_id: str, now: float | None = None) -> int:
    """Count one export by the founder: 0, or the seconds to wait when over the limit."""
    settings = get_settings()
    limiter = _limiter(
        FOUNDER_LIMIT, settings.export_limit_count, settings.export_limit_window_seconds
    )
    return limiter.wait_seconds(user_id, now)


def address_wait(address: str, now: float | None = None) -> int:
    """Count one share-link download from `address`: 0, or the seconds to wait."""
    settings = get_settings()
    limiter = _limiter(
        ADDRESS_LIMIT, settings.shared_export_limit_count, settings.export_limit_window_seconds
    )
    return limiter.wait_seconds(address[:64], now)


def founder_message(seconds: int) -> str:
    """What a founder over the limit reads."""
    return (
        "Too many exports in a short time. "
        f"Please wait {describe_seconds(seconds)} and download it again."
    )


def address_message(seconds: int) -> str:
    """What a share-link download over its address's limit reads."""
    return (
        "Too many downloads from this address in a short time. "
        f"Please wait {describe_seconds(seconds)} and try again."
    )


def reset() -> None:
    """Forget every count of every export limit (tests)."""
    with _lock:
        limiters = list(_limiters.values())
        _limiters.clear()
    for limiter in limiters:
        limiter.reset()
