"""Redis for what several backend workers must share: address limits, cache versions, locks.

One client per process, made on first use and never at import: backend workers fork after
the app is imported, and a connection opened before the fork would be shared by all of them.
Without `REDIS_URL` there is no client and callers keep their per-process fallback. When Redis
fails at runtime, callers report it here: it is logged once per outage and left alone, one
ping every `RETRY_SECONDS` deciding when it is back, so requests do not wait on a dead server.
"""

from __future__ import annotations

import logging
import os
import threading
import time

import redis

from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

#: The client type callers annotate with (services do not import redis themselves).
Client = redis.Redis
#: Errors that mean "Redis is not answering": callers fall back instead of failing a request.
ERRORS: tuple[type[BaseException], ...] = (redis.RedisError, OSError)
TIMEOUT_SECONDS = 2.0
RETRY_SECONDS = 30.0

_clients: dict[tuple[int, str], redis.Redis] = {}
_lock = threading.Lock()
#: While Redis is out (monotonic time before which it is not tried again); None: no outage.
_down_until: float | None = None


def configured() -> bool:
    """Whether `REDIS_URL` is set (the app runs with shared state, limits and caches)."""
    return bool(get_settings().redis_url)


def key(*parts: str) -> str:
    """A key under the app's prefix (`REDIS_KEY_PREFIX`), e.g. `unstuck:limit:sign_up:1.2.3.4`."""
    return ":".join((get_settings().redis_key_prefix, *parts))


def _make(url: str) -> redis.Redis:
    return redis.Redis.from_url(
        url,
        socket_timeout=TIMEOUT_SECONDS,
        socket_connect_timeout=TIMEOUT_SECONDS,
        health_check_interval=30,
        decode_responses=True,
    )


def _get(url: str) -> redis.Redis:
    ident = (os.getpid(), url)
    found = _clients.get(ident)
    if found is None:
        with _lock:
            found = _clients.get(ident)
            if found is None:
                found = _clients[ident] = _make(url)
    return found


def _back_up(url: str) -> bool:
    """During an outage: False until the retry time, then one ping decides."""
    global _down_until
    if _down_until is None:
        return True
    if time.monotonic() < _down_until:
        return False
    try:
        _get(url).ping()
    except ERRORS:
        _down_until = time.monotonic() + RETRY_SECONDS
        return False
    _down_until = None
    log.warning("Redis answers again; limits and caches are shared across workers again.")
    return True


def client() -> redis.Redis | None:
    """This process's client; None without `REDIS_URL` or while Redis is out."""
    url = get_settings().redis_url
    if not url or not _back_up(url):
        return None
    return _get(url)


def in_outage() -> bool:
    """True while Redis is configured but out (callers use their per-process fallback)."""
    return configured() and _down_until is not None


def report_failure(what: str, exc: BaseException) -> None:
    """Redis failed while serving `what`: log once per outage and leave it alone a while."""
    global _down_until
    with _lock:
        first = _down_until is None
        _down_until = time.monotonic() + RETRY_SECONDS
    if first:
        log.warning(
            "Redis is not answering (%s: %s); this worker uses per-process limits and skips "
            "shared caches until it answers again (checked every %.0f s).",
            what,
            exc,
            RETRY_SECONDS,
        )


def reset() -> None:
    """Forget clients and any outage (tests; a changed `REDIS_URL`)."""
    global _down_until
    with _lock:
        for found in _clients.values():
            found.close()
        _clients.clear()
        _down_until = None


def ping(url: str) -> None:
    """Raise unless a Redis at `url` answers (the production check; no client is kept)."""
    probe = _make(url)
    try:
        probe.ping()
    finally:
        probe.close()
