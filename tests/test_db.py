"""The SQLite engine: foreign keys enforced, a write-ahead log so that readers never wait
for a writer and a commit does not sync the whole journal, and writers of the process that
queue on a lock instead of sleeping in SQLite's busy handler (the embedded default under
load, issue 12)."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlalchemy.exc import IntegrityError

from startup_toolkit.db import make_engine


def test_sqlite_connections_use_a_write_ahead_log(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'app.db'}")
    try:
        with engine.connect() as conn:
            assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
            assert conn.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
            assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
            assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 5000
    finally:
        engine.dispose()


def test_a_reader_is_not_held_up_by_an_open_write(tmp_path: Path) -> None:
    """A writer in the middle of its transaction; another connection still reads at once."""
    engine = make_engine(f"sqlite:///{tmp_path / 'app.db'}")
    try:
        with engine.begin() as conn:
            conn.execute(text("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT)"))
            conn.execute(text("INSERT INTO note (body) VALUES ('kept')"))
        writer = engine.connect()
        try:
            writer.execute(text("BEGIN EXCLUSIVE"))  # blocks readers without a WAL
            writer.execute(text("INSERT INTO note (body) VALUES ('pending')"))
            writer.execute(text("UPDATE note SET body = 'changed' WHERE id = 1"))
            with engine.connect() as reader:
                reader.execute(text("PRAGMA busy_timeout=0"))
                rows = reader.execute(text("SELECT body FROM note ORDER BY id")).scalars().all()
            assert rows == ["kept"]
        finally:
            writer.rollback()
            writer.close()
    finally:
        engine.dispose()


@pytest.fixture
def notes(tmp_path: Path) -> Iterator[Engine]:
    engine = make_engine(f"sqlite:///{tmp_path / 'app.db'}")
    with engine.begin() as conn:
        conn.execute(text("CREATE TABLE note (id INTEGER PRIMARY KEY, body TEXT UNIQUE)"))
    yield engine
    engine.dispose()


def _write_without_busy_wait(engine: Engine, body: str, out: list[str]) -> None:
    """A write whose own connection gives up at once when SQLite says it is locked."""
    try:
        with engine.connect() as conn:
            conn.execute(text("PRAGMA busy_timeout=0"))
            conn.execute(text("INSERT INTO note (body) VALUES (:b)"), {"b": body})
            conn.commit()
        out.append("written")
    except Exception as exc:  # the failure is what the test reports
        out.append(f"failed: {exc}")


def test_a_second_writer_waits_for_the_first_to_commit_then_writes(notes: Engine) -> None:
    """Without the writer lock the second INSERT meets SQLite's lock and, with no busy
    timeout, fails 'database is locked'; with it, it waits its turn and succeeds."""
    first = notes.connect()
    first.execute(text("INSERT INTO note (body) VALUES ('first')"))  # uncommitted
    out: list[str] = []
    second = threading.Thread(target=_write_without_busy_wait, args=(notes, "second", out))
    second.start()
    second.join(timeout=0.3)
    assert second.is_alive() and out == []  # queued behind the open write
    first.commit()
    second.join(timeout=10)
    first.close()
    assert out == ["written"]
    with notes.connect() as conn:
        assert conn.execute(text("SELECT body FROM note ORDER BY id")).scalars().all() == [
            "first",
            "second",
        ]


def test_a_failed_write_hands_the_lock_on(notes: Engine) -> None:
    with notes.begin() as conn:
        conn.execute(text("INSERT INTO note (body) VALUES ('taken')"))
    with pytest.raises(IntegrityError), notes.begin() as conn:
        conn.execute(text("INSERT INTO note (body) VALUES ('taken')"))  # rolled back
    reader = notes.connect()
    reader.execute(text("SELECT count(*) FROM note")).scalar()  # a read takes no lock
    out: list[str] = []
    nxt = threading.Thread(target=_write_without_busy_wait, args=(notes, "next", out))
    nxt.start()
    nxt.join(timeout=2)  # a lock left taken would hold it for WRITER_WAIT_SECONDS (5)
    reader.close()
    assert out == ["written"]
