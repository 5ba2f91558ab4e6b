"""Stripe for the billing service tests: a Stripe double on 127.0.0.1 and the settings that
point the app at it."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from startup_toolkit.settings import get_settings
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
