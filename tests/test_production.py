"""The guard in front of `make prod`: it refuses, saying what is missing, unless DATABASE_URL
names PostgreSQL and REDIS_URL a Redis, and both answer; it gives the worker count."""

from __future__ import annotations

import os

import pytest

from startup_toolkit import production
from startup_toolkit.settings import get_settings


def run(env: pytest.MonkeyPatch, *args: str, **settings: str) -> int:
    for name in ("DATABASE_URL", "REDIS_URL", "GRANIAN_WORKERS"):
        env.delenv(name, raising=False)
    for name, value in settings.items():
        env.setenv(name, value)
    get_settings.cache_clear()
    return production.main(list(args))


def test_refuses_without_postgres_and_redis(
    settings_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(settings_env, "check") == 2
    err = capsys.readouterr().err
    assert production.NEEDS_POSTGRES in err and production.NEEDS_REDIS in err
    assert run(settings_env, "check", DATABASE_URL="sqlite:///x.db", REDIS_URL="redis://h") == 2
    err = capsys.readouterr().err
    assert production.NEEDS_POSTGRES in err and production.NEEDS_REDIS not in err


def test_refuses_when_they_do_not_answer(
    settings_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code = run(
        settings_env,
        "check",
        DATABASE_URL="postgresql+psycopg://nobody@127.0.0.1:1/none?connect_timeout=2",
        REDIS_URL="redis://127.0.0.1:1/0",
    )
    assert code == 2
    err = capsys.readouterr().err
    assert "The database at DATABASE_URL does not answer" in err
    assert "Redis at REDIS_URL does not answer" in err


@pytest.mark.postgres
@pytest.mark.redis
def test_accepts_answering_postgres_and_redis(
    settings_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    database, redis = os.environ.get("TEST_DATABASE_URL"), os.environ.get("TEST_REDIS_URL")
    if not database or not redis:
        pytest.skip("TEST_DATABASE_URL and TEST_REDIS_URL are needed")
    assert run(settings_env, "check", DATABASE_URL=database, REDIS_URL=redis) == 0
    assert "2 backend workers" in capsys.readouterr().err


def test_worker_count_defaults_to_two(
    settings_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    assert run(settings_env, "workers") == 0
    assert capsys.readouterr().out.strip() == "2"
    assert run(settings_env, "workers", GRANIAN_WORKERS="4") == 0
    assert capsys.readouterr().out.strip() == "4"
    assert run(settings_env, "nonsense") == 2


def test_warns_loudly_when_the_public_address_is_not_https(
    settings_env: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 13, finding 7: `make prod` says so when PUBLIC_BASE_URL is plain http."""
    run(settings_env, "check", PUBLIC_BASE_URL="http://unstuck.example")
    err = capsys.readouterr().err
    assert "WARNING: PUBLIC_BASE_URL (http://unstuck.example) is not https" in err
    run(settings_env, "check", PUBLIC_BASE_URL="https://unstuck.example")
    assert "WARNING" not in capsys.readouterr().err
