"""The threads that render exports (issue 27, item 6), apart from the ones `db.in_worker` gives
the database work of every page and event handler.

A PDF takes about 0.1 s of CPU. Rendered on `in_worker`'s threads, a flood of downloads queued
ahead of every founder's database reads (300 at once: another founder's /ideas took 67 s).
Here at most `EXPORT_THREADS` renders run and `EXPORT_QUEUE` wait per worker process; one more
is refused at once (`PoolBusy`, answered 503 with Retry-After) instead of waiting behind them.
A render refused or finished frees its place; one whose caller went away still runs to its end.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from startup_toolkit.settings import get_settings

T = TypeVar("T")
#: What a refused download is told to wait: a queue of renders drains in about this long.
BUSY_RETRY_SECONDS = 5


class PoolBusy(Exception):
    """Every render thread is busy and the queue is full: try again after `retry_after` s."""

    def __init__(self, retry_after: int = BUSY_RETRY_SECONDS) -> None:
        super().__init__(f"export renders are busy; retry after {retry_after} s")
        self.retry_after = retry_after


class RenderPool:
    """`threads` render threads and at most `queue` renders waiting for them."""

    def __init__(self, threads: int, queue: int) -> None:
        self.threads = threads
        self.queue = queue
        self.started = 0  # renders that began on a thread (every one, for tests and the bench)
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix="export-render")
        self._lock = threading.Lock()
        self._admitted = 0

    @property
    def in_flight(self) -> int:
        """Renders running or waiting."""
        with self._lock:
            return self._admitted

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Start `fn(*args)` on a render thread, or queue it; `PoolBusy` when the queue is full."""
        with self._lock:
            if self._admitted >= self.threads + self.queue:
                raise PoolBusy()
            self._admitted += 1
        try:
            future = self._executor.submit(self._counted, fn, *args)
        except BaseException:
            self._release()
            raise
        future.add_done_callback(self._release)
        return future

    def _counted(self, fn: Callable[..., T], *args: Any) -> T:
        with self._lock:
            self.started += 1
        return fn(*args)

    def _release(self, _done: object = None) -> None:
        with self._lock:
            self._admitted -= 1

    def shutdown(self) -> None:
        """Stop taking renders; the waiting ones are dropped, running ones finish."""
        self._executor.shutdown(wait=False, cancel_futures=True)


_pool: RenderPool | None = None
_pool_key: tuple[int, int, int] | None = None
_pool_lock = threading.Lock()


def pool() -> RenderPool:
    """This process's pool at the configured sizes: made on first use, never at import
    (backend workers fork after import), and made again when the sizes change (tests)."""
    global _pool, _pool_key
    settings = get_settings()
    key = (os.getpid(), settings.export_threads, settings.export_queue)
    with _pool_lock:
        if _pool is None or _pool_key != key:
            if _pool is not None and _pool_key is not None and _pool_key[0] == key[0]:
                _pool.shutdown()
            _pool = RenderPool(settings.export_threads, settings.export_queue)
            _pool_key = key
        return _pool
