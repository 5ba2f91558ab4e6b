"""Signed-in founders for the load benchmark, made in the benchmark app's own database
through the project's services, each with a session cookie minted the way sign-in does."""

from __future__ import annotations

from sqlmodel import Session

from startup_toolkit.db import make_engine
from startup_toolkit.domain import passwords
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.services import accounts, sessions

PASSWORD = "bench password 1"
CHEAP = passwords.HashParameters(time_cost=1, memory_cost=8, parallelism=1)


def make_founders(database_url: str, count: int, prefix: str = "founder") -> list[str]:
    """Sign up `count` founders (cheap hashing) and return one Cookie header for each."""
    return [cookie for _user_id, cookie in make_signed_in(database_url, count, prefix)]


def make_signed_in(database_url: str, count: int, prefix: str = "founder") -> list[tuple[str, str]]:
    """Sign up `count` founders (cheap hashing): (user id, Cookie header) of each."""
    previous = passwords.current_parameters()
    passwords.use_parameters(CHEAP)
    engine = make_engine(database_url)
    cookies: list[tuple[str, str]] = []
    try:
        with Session(engine, expire_on_commit=False) as db:
            for i in range(count):
                email = f"{prefix}{i}@bench.example.com"
                result = accounts.sign_up(db, f"Bench Founder {i}", email, PASSWORD, PASSWORD)
                if not result.ok or not result.user_id:
                    raise RuntimeError(f"could not sign up {email}: {result.message}")
                token = sessions.create_session(db, result.user_id, "bench", "127.0.0.1")
                cookies.append((result.user_id, f"{SESSION_COOKIE}={token}"))
    finally:
        passwords.use_parameters(previous)
        engine.dispose()
    return cookies
