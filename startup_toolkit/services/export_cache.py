"""Rendered share-link files (issue 27, item 6): a bounded LRU of export bytes per worker
process (`EXPORT_CACHE_MB`; 0 keeps nothing), so a flood of downloads of one unchanged shared
thing renders it once.

Never stale, never unshared: a file is found only by `file_key`, the SHA-256 of the link (the
hash of its token), the format and the whole report as built from the database for this
request (every title, section and score, all but the file name, which names the millisecond).
The route builds that report on every request, after the link opened (not revoked, not
expired, every target still the row it was made for), and only then asks here; so an edited
idea or a new run is a new key and is rendered again, and a dead link never reaches the cache.
An idea's or comparison's report names the minute it was exported, so its file is kept for
that minute. Concurrent misses of one key share one render (`get_or_render`)."""

from __future__ import annotations

import dataclasses
import hashlib
import os
import threading
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import Future

from startup_toolkit.domain.report import Report
from startup_toolkit.settings import get_settings

MB = 1024 * 1024


def file_key(link_hash: str, fmt: str, report: Report) -> str:
    """The cache key of a link's file: the link, the format and everything the file shows."""
    shown = repr(dataclasses.replace(report, file_stem=""))
    return hashlib.sha256("\0".join((link_hash, fmt, shown)).encode("utf-8")).hexdigest()


class ExportCache:
    """Files by key, the least recently used dropped past `max_bytes` in all."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self._files: OrderedDict[str, bytes] = OrderedDict()
        self._size = 0
        self._pending: dict[str, Future[bytes]] = {}
        self._lock = threading.Lock()

    def __len__(self) -> int:
        with self._lock:
            return len(self._files)

    @property
    def size(self) -> int:
        """Bytes held."""
        with self._lock:
            return self._size

    def get(self, key: str) -> bytes | None:
        """The file kept under `key` (now the most recently used), or None."""
        with self._lock:
            body = self._files.get(key)
            if body is not None:
                self._files.move_to_end(key)
            return body

    def put(self, key: str, body: bytes) -> None:
        """Keep `body` under `key`, dropping the least recently used files past the bound (a
        file larger than the whole bound is not kept)."""
        with self._lock:
            self._keep(key, body)

    def _keep(self, key: str, body: bytes) -> None:
        """`put` with the lock held."""
        if len(body) > self.max_bytes:
            return
        old = self._files.pop(key, None)
        self._size -= len(old) if old is not None else 0
        self._files[key] = body
        self._size += len(body)
        while self._size > self.max_bytes:
            _key, dropped = self._files.popitem(last=False)
            self._size -= len(dropped)

    def get_or_render(self, key: str, render: Callable[[], Future[bytes]]) -> Future[bytes]:
        """The kept file as a finished future; else the render of `key` already under way;
        else `render()`'s (it may raise, e.g. `PoolBusy`), kept when it succeeds."""
        with self._lock:
            body = self._files.get(key)
            if body is not None:
                self._files.move_to_end(key)
                done: Future[bytes] = Future()
                done.set_result(body)
                return done
            pending = self._pending.get(key)
            if pending is not None:
                return pending
            future = render()
            self._pending[key] = future
        future.add_done_callback(lambda f: self._finished(key, f))
        return future

    def _finished(self, key: str, future: Future[bytes]) -> None:
        """Keep a successful render's bytes and end its pending entry in one step, so a
        request in between finds one or the other, never neither (a second render)."""
        kept = not future.cancelled() and future.exception() is None
        with self._lock:
            if kept:
                self._keep(key, future.result())
            self._pending.pop(key, None)

    def clear(self) -> None:
        """Forget every file (tests)."""
        with self._lock:
            self._files.clear()
            self._size = 0


_cache: ExportCache | None = None
_cache_key: tuple[int, int] | None = None
_cache_lock = threading.Lock()


def cache() -> ExportCache:
    """This process's cache at the configured size (made on first use, again when it changes)."""
    global _cache, _cache_key
    key = (os.getpid(), get_settings().export_cache_mb)
    with _cache_lock:
        if _cache is None or _cache_key != key:
            _cache = ExportCache(key[1] * MB)
            _cache_key = key
        return _cache
