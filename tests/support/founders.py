"""Founders for the tests: an account row, an account made by the real sign-up, a session and
the Cookie header a signed-in tab sends. Every function takes a `Session` or an `Engine` (a
session of its own, closed afterwards); and the fixtures of a page test's signed-in founders."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.models import User, UserStats
from startup_toolkit.services import accounts, sessions, user_cache

EMAIL = "ada@example.com"
NAME = "Ada Lovelace"
PASSWORD = "correct horse battery"
Founder = tuple[str, str]  # (user id, Cookie header)
#: (tools used, documents generated, challenges completed, arena rank) of a new account.
FIRST_STATS = (0, 0, 0, 999)


@contextmanager
def opened(db: Session | Engine) -> Iterator[Session]:
    """`db` itself when it is a session, else a new session on the engine (closed after)."""
    if isinstance(db, Session):
        yield db
        return
    with Session(db, expire_on_commit=False) as session:
        yield session


def user(db: Session | Engine, email: str = EMAIL, name: str = NAME) -> str:
    """The id of a new account row (no password, no stats): what a service works for."""
    with opened(db) as session:
        row = User(email=email, name=name)
        session.add(row)
        session.commit()
        return row.id


def signed_up(
    db: Session | Engine, email: str = EMAIL, name: str = NAME, password: str = PASSWORD
) -> str:
    """The id of an account made by the real sign-up (use `cheap_hashing` to make it quick)."""
    with opened(db) as session:
        made = accounts.sign_up(session, name, email, password, password)
    assert made.ok and made.user_id, made
    return made.user_id


def session_token(db: Session | Engine, user_id: str, agent: str = "pytest") -> str:
    """The token of a new session of `user_id` (what the session cookie holds)."""
    with opened(db) as session:
        return sessions.create_session(session, user_id, agent, "127.0.0.1")


def cookie_header(token: str, before: str = "") -> str:
    """The Cookie header of a browser holding the session `token` (after `before`'s cookies)."""
    return f"{before}{SESSION_COOKIE}={token}"


def signed_in(db: Session | Engine, email: str = EMAIL) -> tuple[str, str]:
    """(user id, Cookie header) of a fresh account with a session: a signed-in tab."""
    user_id = signed_up(db, email)
    return user_id, cookie_header(session_token(db, user_id))


def open_access() -> Any:
    """An autouse fixture for a module of page tests: the site open to every founder, sign-ups
    quick (`cheap_hashing`) and the per-user cache empty before and after each test."""

    @pytest.fixture(autouse=True)
    def setup(settings_env: pytest.MonkeyPatch, cheap_hashing: None) -> Iterator[None]:
        settings_env.setenv("ACCESS_MODE", "open")
        user_cache.cache.clear()
        yield
        user_cache.cache.clear()

    return setup


def founder_fixture(email: str) -> Any:
    """A fixture of the founder signed in as `email` (pytest names it after the variable)."""

    @pytest.fixture
    def founder(engine: Engine) -> Founder:
        return signed_in(engine, email)

    return founder


def stats_figures(stats: UserStats) -> tuple[int, int, int, int]:
    """(tools used, documents generated, challenges completed, arena rank)."""
    return (
        stats.tools_used,
        stats.documents_generated,
        stats.challenges_completed,
        stats.arena_rank,
    )
