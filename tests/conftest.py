"""Shared fixtures: a migrated database per test, settings from a clean environment."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

# Settings come from the environment: make sure no developer `.env` or shell value leaks in.
for _name in list(os.environ):
    if _name.startswith(("SMTP_", "STRIPE_", "AI_", "GROQ_", "ACCESS_MODE", "CHECKOUT_URL")):
        del os.environ[_name]
os.environ.setdefault("DATABASE_URL", "sqlite:///:memory:")

from alembic.config import Config  # noqa: E402
from sqlalchemy.engine import Engine  # noqa: E402
from sqlmodel import Session  # noqa: E402

from alembic import command  # noqa: E402
from bench.production import postgres_database  # noqa: E402
from startup_toolkit import db  # noqa: E402
from startup_toolkit.domain import passwords  # noqa: E402
from startup_toolkit.services import ai as ai_service  # noqa: E402
from startup_toolkit.services import user_cache  # noqa: E402
from startup_toolkit.settings import get_settings  # noqa: E402
from tests.support.ai_provider import quick_provider  # noqa: E402
from tests.support.ai_server import FakeAiServer  # noqa: E402
from tests.support.founders import signed_in  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent


def alembic_config(url: str) -> Config:
    cfg = Config(str(ROOT / "alembic.ini"))
    cfg.set_main_option("script_location", str(ROOT / "alembic"))
    cfg.set_main_option("sqlalchemy.url", url)
    cfg.attributes["configure_logger"] = False
    return cfg


def migrate(url: str) -> None:
    """Bring the database at `url` to the newest schema with the project's migrations."""
    command.upgrade(alembic_config(url), "head")


@pytest.fixture(scope="session")
def _migrated_sqlite_template(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("db") / "template.db"
    migrate(f"sqlite:///{path}")
    return path


@pytest.fixture
def settings_env(monkeypatch: pytest.MonkeyPatch) -> Iterator[pytest.MonkeyPatch]:
    """Set environment variables for the settings; the cache is cleared before and after."""
    get_settings.cache_clear()
    yield monkeypatch
    get_settings.cache_clear()


def sqlite_copy(template: Path, folder: Path, settings_env: pytest.MonkeyPatch) -> str:
    """A copy of the migrated `template` in `folder`, configured as the app's DATABASE_URL."""
    path = folder / "app.db"
    shutil.copy(template, path)
    url = f"sqlite:///{path}"
    settings_env.setenv("DATABASE_URL", url)
    get_settings.cache_clear()
    return url


@pytest.fixture
def database_url(
    _migrated_sqlite_template: Path, tmp_path: Path, settings_env: pytest.MonkeyPatch
) -> str:
    """A fresh, migrated SQLite file for this test, configured as the app's DATABASE_URL."""
    return sqlite_copy(_migrated_sqlite_template, tmp_path, settings_env)


@pytest.fixture
def engine(database_url: str) -> Iterator[Engine]:
    """The app's engine on this test's fresh database (and an empty per-user cache for it)."""
    user_cache.cache.clear()
    eng = db.get_engine()
    yield eng
    user_cache.cache.clear()
    eng.dispose()
    db._engines.pop(database_url, None)


@pytest.fixture
def session(engine: Engine) -> Iterator[Session]:
    with Session(engine, expire_on_commit=False) as s:
        yield s


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """A new, empty PostgreSQL database on TEST_DATABASE_URL's server, dropped afterwards."""
    base = os.environ.get("TEST_DATABASE_URL")
    if not base:
        pytest.skip("TEST_DATABASE_URL is not set")
    with postgres_database(base, "unstuck_test") as url:
        try:
            yield url
        finally:
            db._engines.pop(url, None)


@pytest.fixture
def pg_engine(postgres_url: str, settings_env: pytest.MonkeyPatch) -> Iterator[Engine]:
    """The app's engine on a new, migrated PostgreSQL database (skipped without one)."""
    migrate(postgres_url)
    settings_env.setenv("DATABASE_URL", postgres_url)
    get_settings.cache_clear()
    engine = db.get_engine()
    yield engine
    engine.dispose()


@pytest.fixture
def shared_redis(settings_env: pytest.MonkeyPatch) -> Iterator[str]:
    """REDIS_URL on TEST_REDIS_URL's server with a key prefix of this test's own (skipped
    without one); the prefix's keys are deleted afterwards."""
    url = os.environ.get("TEST_REDIS_URL")
    if not url:
        pytest.skip("TEST_REDIS_URL is not set")
    import uuid

    import redis

    from startup_toolkit.providers import redis_store

    prefix = f"unstuck-test-{uuid.uuid4().hex[:12]}"
    settings_env.setenv("REDIS_URL", url)
    settings_env.setenv("REDIS_KEY_PREFIX", prefix)
    get_settings.cache_clear()
    redis_store.reset()
    yield url
    redis_store.reset()
    client = redis.Redis.from_url(url)
    try:
        keys = list(client.scan_iter(match=f"{prefix}:*", count=500))
        if keys:
            client.delete(*keys)
    finally:
        client.close()


@pytest.fixture
def fake_ai(settings_env: pytest.MonkeyPatch) -> Iterator[FakeAiServer]:
    """The OpenAI-compatible test server on 127.0.0.1, configured as the AI provider; the
    provider retries without its back-off pauses (their delays are checked in
    tests/providers/test_ai_provider.py and tests/services/test_ai_service.py)."""
    with FakeAiServer() as server:
        settings_env.setattr(ai_service, "make_provider", quick_provider())
        settings_env.setenv("AI_API_KEY", "test-key")
        settings_env.setenv("AI_BASE_URL", server.base_url)
        # The default model has browser search: tests of research turn it on themselves.
        settings_env.setenv("AI_WEB_RESEARCH", "off")
        get_settings.cache_clear()
        yield server


@pytest.fixture
def cheap_hashing() -> Iterator[None]:
    """Argon2 at its cheapest, so signing founders up takes milliseconds."""
    passwords.use_parameters(passwords.HashParameters(time_cost=1, memory_cost=8, parallelism=1))
    yield
    passwords.use_parameters(passwords.DEFAULT_PARAMETERS)


@pytest.fixture
def founder(engine: Engine, cheap_hashing: None) -> tuple[str, str]:
    """(user id, Cookie header) of a signed-in founder."""
    return signed_in(engine)


#: Folders whose tests need the production build and a browser.
_BROWSER_LANE = ("tests/e2e/",)
#: Under `make test` (`pytest -n 3 --dist loadgroup`) each lane is run whole by a worker of
#: its own: the suite waits on its peers, sockets and browsers about a third of the time, so
#: three workers keep both cores busy (a fourth only adds contention). A lane runs its state and
#: service tests first, then its browser tests: the first lane to reach those builds the app,
#: the others serve that build on loopback addresses of their own (tests/e2e/conftest.py,
#: `app_build`). A test goes to the first lane naming a prefix of its path, else to "fast" or
#: "browser" by its folder. The lanes are balanced by measured time
#: (PYTEST_ADDOPTS=--durations=0).
_LANES: dict[str, tuple[str, ...]] = {
    "browser-2": (
        # The attacks on the production backend and two pages' state tests, run while the other
        # lane builds (with the browser tests halved, the fast lane had become the longest).
        "tests/security/",
        "tests/pages/profile/",
        "tests/pages/solutions/",
        *(
            f"tests/e2e/test_{name}.py"
            for name in (
                "public_pages",
                "public_routes",
                "home",
                "shell",
                "first_load",
                "tool_explorer",
                "profile",
                "solutions",
                "accounts",
                "recommender",
                "oracle",
                "cofounder",
                "contact",
                "dashboard",
                "incubator",
            )
        ),
    ),
    # Provider tests that the first browser lane runs while the other builds.
    "browser": ("tests/providers/",),
}


def _lane(nodeid: str) -> str:
    path = nodeid.replace(os.sep, "/")
    for lane, prefixes in _LANES.items():
        if path.startswith(prefixes):
            return lane
    return "browser" if path.startswith(_BROWSER_LANE) else "fast"


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Browser tests run last: Playwright's sync API keeps an event loop running in the main
    thread until the session ends, which would break `asyncio.run` in later tests."""
    items.sort(key=lambda item: item.nodeid.replace(os.sep, "/").startswith(_BROWSER_LANE))


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under `pytest -n 3 --dist loadgroup` (`make test`): the lanes above, each run whole by one
    worker. (xdist's own `xdist_group` marks no longer reach its scheduler on
    pytest 9, which names tests by `_id`; its documented scheduler hook does.)"""
    if config.getvalue("dist") != "loadgroup":
        return None
    from xdist.scheduler import LoadScopeScheduling

    class Lanes(LoadScopeScheduling):
        def _split_scope(self, nodeid: str) -> str:
            return _lane(nodeid)

    return Lanes(config, log)
