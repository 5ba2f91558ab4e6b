"""The threads exports run on (issue 27, item 6), apart from the ones `db.in_worker` gives the
database work of every page and event handler.

A PDF takes about 0.1 s of CPU. Rendered on `in_worker`'s threads, a flood of downloads queued
ahead of every founder's database reads (300 at once: another founder's /ideas took 67 s). So
an export runs in two lanes of its own, `EXPORT_THREADS` threads each, per worker process:
`lookups()` reads its report from the database (a share link's is about 1.5 ms, and hundreds of
them queued ahead of a page's read in `in_worker` would still delay it), `renders()` renders
the file. At most `EXPORT_LOOKUP_QUEUE` and `EXPORT_QUEUE` jobs wait in them; one more is
refused at once (`PoolBusy`, answered 503 with Retry-After) instead of waiting behind them.
A job refused or finished frees its place; one whose caller went away still runs to its end.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any, TypeVar

from startup_toolkit.settings import get_settings

T = TypeVar("T")
#: What a refused download is told to wait: a full queue drains in about this long.
BUSY_RETRY_SECONDS = 5
RENDER_THREADS = "export-render"
LOOKUP_THREADS = "export-lookup"


class PoolBusy(Exception):
    """Every thread of a lane is busy and its queue is full: retry after `retry_after` s."""

    def __init__(self, retry_after: int = BUSY_RETRY_SECONDS) -> None:
        super().__init__(f"exports are busy; retry after {retry_after} s")
        self.retry_after = retry_after


class Lane:
    """`threads` threads named `name` and at most `queue` jobs waiting for them."""

    def __init__(self, name: str, threads: int, queue: int) -> None:
        self.name = name
        self.threads = threads
        self.queue = queue
        self.started = 0  # jobs that began on a thread (every one, for tests and the bench)
        self._executor = ThreadPoolExecutor(threads, thread_name_prefix=name)
        self._lock = threading.Lock()
        self._admitted = 0

    @property
    def in_flight(self) -> int:
        """Jobs running or waiting."""
        with self._lock:
            return self._admitted

    def submit(self, fn: Callable[..., T], *args: Any) -> Future[T]:
        """Start `fn(*args)` on a thread of the lane, or queue it; `PoolBusy` when full."""
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
        """Take no more jobs; the waiting ones are dropped, running ones finish."""
        self._executor.shutdown(wait=False, cancel_futures=True)


_lanes: dict[str, tuple[tuple[int, int, int], Lane]] = {}
_lanes_lock = threading.Lock()


def _lane(name: str, threads: int, queue: int) -> Lane:
    """This process's lane `name` at these sizes: made on first use, never at import (backend
    workers fork after import), and made again when the sizes change (tests)."""
    key = (os.getpid(), threads, queue)
    with _lanes_lock:
        found = _lanes.get(name)
        if found is not None and found[0] == key:
            return found[1]
        if found is not None and found[0][0] == key[0]:
            found[1].shutdown()
        lane = Lane(name, threads, queue)
        _lanes[name] = (key, lane)
        return lane


def renders() -> Lane:
    """The lane that renders export files (`EXPORT_THREADS`, `EXPORT_QUEUE`)."""
    settings = get_settings()
    return _lane(RENDER_THREADS, settings.export_threads, settings.export_queue)


def lookups() -> Lane:
    """The lane that reads exports' reports (`EXPORT_THREADS`, `EXPORT_LOOKUP_QUEUE`)."""
    settings = get_settings()
    return _lane(LOOKUP_THREADS, settings.export_threads, settings.export_lookup_queue)
