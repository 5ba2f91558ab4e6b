"""The SQLite engine: foreign keys enforced, and a write-ahead log so that readers never wait
for a writer and a commit does not sync the whole journal (the embedded default under load)."""

from __future__ import annotations

from pathlib import Path

from sqlalchemy import text

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
