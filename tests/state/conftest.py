"""Fixtures for the state tests: the fake AI server as the app's provider, cheap hashing."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from startup_toolkit.domain import passwords
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer


@pytest.fixture
def fake_ai(settings_env: pytest.MonkeyPatch) -> Iterator[FakeAiServer]:
    """The OpenAI-compatible test server on 127.0.0.1, configured as the AI provider."""
    with FakeAiServer() as server:
        settings_env.setenv("AI_API_KEY", "test-key")
        settings_env.setenv("AI_BASE_URL", server.base_url)
        get_settings.cache_clear()
        yield server


@pytest.fixture
def cheap_hashing() -> Iterator[None]:
    """Argon2 at its cheapest, so signing founders up takes milliseconds."""
    passwords.use_parameters(passwords.HashParameters(time_cost=1, memory_cost=8, parallelism=1))
    yield
    passwords.use_parameters(passwords.DEFAULT_PARAMETERS)
