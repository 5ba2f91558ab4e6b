"""The service tests' peers: Stripe for the billing tests (a Stripe double on 127.0.0.1 and
the settings that point the app at it), the AI provider answering at once (`quick`), and
visitors' allowances fresh for every test."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator

import pytest

from startup_toolkit.services import ai as ai_service
from startup_toolkit.services import visitor_limits
from startup_toolkit.settings import get_settings
from tests.support.ai_provider import quick_provider
from tests.support.ai_server import FakeAiServer
from tests.support.stripe_server import FakeStripeServer

PUBLIC = "https://unstuck.example"
WEBHOOK_SECRET = "whsec_unstuck_test"


@pytest.fixture(scope="module")
def fake() -> Iterator[FakeStripeServer]:
    with FakeStripeServer() as server:
        yield server


@pytest.fixture
def stripe_env(fake: FakeStripeServer, settings_env: pytest.MonkeyPatch) -> FakeStripeServer:
    """Stripe configured against a fresh fake (ACCESS_MODE derived: subscription)."""
    fake.reset()
    settings_env.setenv("STRIPE_SECRET_KEY", fake.api_key)
    settings_env.setenv("STRIPE_PRICE_ID", fake.price_id)
    settings_env.setenv("STRIPE_WEBHOOK_SECRET", WEBHOOK_SECRET)
    settings_env.setenv("STRIPE_API_BASE", fake.base_url)
    settings_env.setenv("PUBLIC_BASE_URL", PUBLIC)
    get_settings.cache_clear()
    return fake


@pytest.fixture(autouse=True)
def _fresh_visitor_limits() -> Iterator[None]:
    visitor_limits.reset()
    yield
    visitor_limits.reset()


@pytest.fixture
async def quick(
    request: pytest.FixtureRequest, fake_ai: FakeAiServer, engine: object
) -> AsyncIterator[FakeAiServer]:
    """The fake server as the AI provider, retrying without pauses; a module's
    `QUICK_AI_TIMEOUT` (seconds) bounds each call, else the provider's own timeout."""
    timeout = getattr(request.module, "QUICK_AI_TIMEOUT", None)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(ai_service, "make_provider", quick_provider(timeout))
        yield fake_ai
        await ai_service.close_providers()
