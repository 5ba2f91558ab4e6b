"""The production deployment for the optional second pass: a new PostgreSQL database (dropped
afterwards), Redis as Reflex's state manager and two backend workers.

Unstuck reads DATABASE_URL and REDIS_URL (startup_toolkit/settings.py, passed to rx.Config
in rxconfig.py); GRANIAN_WORKERS sets Reflex's worker count.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from contextlib import contextmanager

from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

DEFAULT_PG = "postgresql+psycopg://postgres@127.0.0.1:5432/test"
DEFAULT_REDIS = "redis://127.0.0.1:6379/0"


@contextmanager
def postgres_database(server_url: str, prefix: str = "unstuck_bench") -> Iterator[str]:
    """A new, empty database on `server_url`'s server; yields its URL, drops it after (the
    benchmark's production pass and the PostgreSQL tests use it)."""
    name = f"{prefix}_{uuid.uuid4().hex[:10]}"
    admin = create_engine(server_url, isolation_level="AUTOCOMMIT")
    with admin.connect() as conn:
        conn.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield make_url(server_url).set(database=name).render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)'))
        admin.dispose()


def environment(database_url: str, redis_url: str, workers: int) -> dict[str, str]:
    """The settings that switch Unstuck to PostgreSQL, Redis and `workers` workers."""
    return {
        "DATABASE_URL": database_url,
        "REDIS_URL": redis_url,
        "GRANIAN_WORKERS": str(workers),
    }
