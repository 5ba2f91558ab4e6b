"""`python -m startup_toolkit.production check|workers`: the guard in front of `make prod`.

`check` refuses, one line per problem and exit status 2, unless DATABASE_URL names a
PostgreSQL database that accepts a connection and REDIS_URL a Redis that answers: several
backend workers share state, limits and caches only through them. `workers` prints how many
backend workers to start (GRANIAN_WORKERS, default 2).

`check` also warns, loudly but without refusing, when PUBLIC_BASE_URL is not https: the
session cookie then travels without `Secure`, browsers get no HSTS, and the one origin
allowed by CORS and the event socket is a plain-http one.
"""

from __future__ import annotations

import sys

from sqlalchemy import text

from startup_toolkit.db import make_engine
from startup_toolkit.providers import redis_store
from startup_toolkit.settings import Settings, get_settings

NEEDS_POSTGRES = (
    "DATABASE_URL must name a PostgreSQL database, e.g. "
    "postgresql+psycopg://unstuck:secret@127.0.0.1:5432/unstuck "
    "(`make run` serves the SQLite default with one worker)."
)
NEEDS_REDIS = (
    "REDIS_URL must be set, e.g. redis://127.0.0.1:6379/0: the backend workers share "
    "Reflex state, limits and caches through it."
)
NOT_HTTPS = (
    "WARNING: PUBLIC_BASE_URL ({url}) is not https. Sign-in cookies will be sent without "
    "Secure, browsers get no HSTS, and CORS and the event socket trust that plain-http "
    "origin. Serve the app behind TLS and set PUBLIC_BASE_URL=https://your.domain."
)


def warnings(settings: Settings) -> list[str]:
    """What is unsafe but allowed in a production run."""
    if not settings.public_base_url.lower().startswith("https://"):
        return [NOT_HTTPS.format(url=settings.public_base_url)]
    return []


def missing(settings: Settings) -> list[str]:
    """What the settings lack for a production run (no connection is tried)."""
    found = []
    if not settings.database_url.startswith("postgresql"):
        found.append(NEEDS_POSTGRES)
    if not settings.redis_url:
        found.append(NEEDS_REDIS)
    return found


def unreachable(settings: Settings) -> list[str]:
    """The configured database and Redis that do not answer, one line each."""
    found = []
    engine = make_engine(settings.database_url)
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT 1"))
    except Exception as exc:
        found.append(f"The database at DATABASE_URL does not answer: {exc}".splitlines()[0])
    finally:
        engine.dispose()
    try:
        redis_store.ping(settings.redis_url)
    except Exception as exc:
        found.append(f"Redis at REDIS_URL does not answer: {exc}")
    return found


def main(argv: list[str] | None = None) -> int:
    """Run the `check` or `workers` command; the exit status for the shell."""
    args = sys.argv[1:] if argv is None else argv
    settings = get_settings()
    if args == ["workers"]:
        print(settings.granian_workers)
        return 0
    if args != ["check"]:
        print("usage: python -m startup_toolkit.production check|workers", file=sys.stderr)
        return 2
    for line in warnings(settings):
        rule = "!" * 78
        print(f"make prod: {rule}\nmake prod: {line}\nmake prod: {rule}", file=sys.stderr)
    problems = missing(settings) or unreachable(settings)
    for line in problems:
        print(f"make prod: {line}", file=sys.stderr)
    if problems:
        return 2
    print(
        f"make prod: PostgreSQL and Redis answer; {settings.granian_workers} backend workers.",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
