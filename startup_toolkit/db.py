"""The database engine (created lazily, once per process) and sessions over it."""

from __future__ import annotations

import asyncio
import hashlib
import re
import sqlite3
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import event, text
from sqlalchemy.engine import Engine
from sqlmodel import Session, create_engine

from startup_toolkit.settings import get_settings

_engines: dict[str, Engine] = {}
T = TypeVar("T")


@event.listens_for(Engine, "connect")
def _sqlite_pragmas(dbapi_connection: object, _record: object) -> None:
    # SQLite ignores foreign keys (and so ON DELETE CASCADE) unless asked on each connection.
    if isinstance(dbapi_connection, sqlite3.Connection):
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute("PRAGMA busy_timeout=5000")
        # Write-ahead log: readers never wait for a writer, and a commit appends to the log
        # instead of syncing the whole journal (NORMAL stays crash-safe in WAL mode).
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.close()


#: How long a write waits for the engine's writer lock before it goes on and leaves the wait
#: to SQLite (as long as its busy_timeout).
WRITER_WAIT_SECONDS = 5.0
_WRITE = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)


class _SQLiteConnection(sqlite3.Connection):
    """A SQLite connection that hands its engine's writer lock on when its transaction ends."""

    writer_lock: threading.Lock | None = None

    def _end(self, end: Callable[[], None]) -> None:
        """End the transaction (or the connection), then give the lock to the next writer."""
        try:
            end()
        finally:
            lock, self.writer_lock = self.writer_lock, None
            if lock is not None:
                lock.release()

    def commit(self) -> None:
        self._end(super().commit)

    def rollback(self) -> None:
        self._end(super().rollback)

    def close(self) -> None:
        self._end(super().close)


def _one_writer_at_a_time(engine: Engine) -> None:
    """SQLite admits one writer; a second one is put to sleep by its busy handler for 1, 2,
    5, 10... 100 ms at a time, whenever the lock frees. Writers of this process queue on a
    lock instead and start the moment the previous transaction ends (measured: the
    dashboard's favourite toggle, 10 tabs at once, spent most of its time asleep there)."""
    lock = threading.Lock()

    @event.listens_for(engine, "before_cursor_execute")
    def _take_writer_lock(_conn: object, cursor: Any, statement: str, *_args: object) -> None:
        raw = cursor.connection
        if not isinstance(raw, _SQLiteConnection) or raw.writer_lock is not None:
            return
        if _WRITE.match(statement) and lock.acquire(timeout=WRITER_WAIT_SECONDS):
            raw.writer_lock = lock


def make_engine(url: str) -> Engine:
    """A new engine for `url`, with settings that suit the app on SQLite and PostgreSQL."""
    if url.startswith("sqlite"):
        engine = create_engine(
            url, connect_args={"check_same_thread": False, "factory": _SQLiteConnection}
        )
        _one_writer_at_a_time(engine)
        return engine
    # Sized on purpose (issue 29, item 2): one connection for every thread that may hold one
    # (`db_pool_size`), so a thread never waits for a connection while another thread of the
    # same process idles with one; a little overflow for what runs outside those threads.
    # Pre-ping: after a PostgreSQL restart the first use of a dead connection reconnects.
    settings = get_settings()
    return create_engine(
        url,
        pool_pre_ping=True,
        pool_size=settings.db_pool_size,
        max_overflow=2,
        pool_timeout=settings.db_pool_timeout_seconds,
    )


def get_engine() -> Engine:
    """The engine for the configured database URL (one per process, made on first use)."""
    url = get_settings().database_url
    engine = _engines.get(url)
    if engine is None:
        engine = _engines[url] = make_engine(url)
    return engine


@contextmanager
def session_scope() -> Iterator[Session]:
    """A session that commits on success and rolls back on error."""
    with Session(get_engine(), expire_on_commit=False) as session:
        try:
            yield session
            session.commit()
        except BaseException:
            session.rollback()
            raise


def one_writer_at_a_time(session: Session, key: str) -> None:
    """From here until the session's transaction ends, other transactions that call this
    with the same `key` wait: a check-then-write (a limit, a budget) cannot interleave.

    PostgreSQL: a transaction-scoped advisory lock. SQLite admits one writer at a time, so
    a caller there makes its write before it counts: the next writer's write waits (busy
    timeout) for this commit and its count, made after, sees this row."""
    if session.get_bind().dialect.name == "postgresql":
        digest = hashlib.sha256(key.encode("utf-8")).digest()
        lock_id = int.from_bytes(digest[:8], "big", signed=True)
        session.exec(text("SELECT pg_advisory_xact_lock(:id)").bindparams(id=lock_id))


#: SQLSTATEs of a PostgreSQL that refuses writes: a read-only transaction (a standby, or
#: `default_transaction_read_only`), and a full disk.
_WRITES_REFUSED_STATES = frozenset({"25006", "53100"})
_WRITES_REFUSED_SQLITE = ("readonly database", "database or disk is full", "disk i/o error")


def writes_refused(exc: BaseException) -> bool:
    """Whether `exc` says the database refuses writes (read-only, or its disk is full) while
    it may still answer reads."""
    orig = getattr(exc, "orig", exc)
    if getattr(orig, "sqlstate", None) in _WRITES_REFUSED_STATES:
        return True
    if isinstance(orig, sqlite3.OperationalError):
        return any(text in str(orig).lower() for text in _WRITES_REFUSED_SQLITE)
    return False


def run_in_session(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(session, *args, **kwargs)` in its own session; for `asyncio.to_thread`."""
    with session_scope() as session:
        return fn(session, *args, **kwargs)


async def use_db_threads() -> None:
    """Lifespan task: the running loop's default executor (`asyncio.to_thread`, `in_worker`)
    gets `DB_THREADS` threads, the number the database pool is sized for, instead of
    Python's default (CPU count + 4)."""
    threads = get_settings().db_threads
    loop = asyncio.get_running_loop()
    loop.set_default_executor(ThreadPoolExecutor(threads, thread_name_prefix="db"))


async def in_worker(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """`fn(session, *args, **kwargs)` in its own session in a worker thread: how async code
    (every Reflex handler) does database work without stalling the event loop."""
    return await asyncio.to_thread(run_in_session, fn, *args, **kwargs)
