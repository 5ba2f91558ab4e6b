"""The subscription success page (P-PRICE-4) without a browser: a forged checkout session.

Stripe key and price set, ACCESS_MODE unset, Stripe played by FakeStripeServer on 127.0.0.1;
the page's on_load check runs through Reflex's real event processor. (The browser flow is in
tests/e2e/test_billing.py; every other outcome is in tests/state/test_subscription_access.py.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest
from reflex.event import Event
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.models.billing import Subscription
from startup_toolkit.pages.subscribe import (
    CHECK_HEADING,
    CONFIRMATION_TEXTS,
    SUBSCRIBED_FLAG_SCRIPT,
    SubscribeSuccessState,
)
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import AuthState
from tests.support.stripe_server import FakeStripeServer
from tests.support.tool_states import Recorder, Tab, in_processor, substate

FORGED = "/subscribe/success?session_id=cs_test_forged123"


@pytest.fixture
def stripe_mode(engine: Engine, settings_env: pytest.MonkeyPatch) -> Iterator[FakeStripeServer]:
    """Subscription mode with Stripe played on 127.0.0.1."""
    with FakeStripeServer() as fake:
        settings_env.delenv("ACCESS_MODE", raising=False)
        settings_env.delenv("CHECKOUT_URL", raising=False)
        settings_env.setenv("STRIPE_SECRET_KEY", fake.api_key)
        settings_env.setenv("STRIPE_PRICE_ID", fake.price_id)
        settings_env.setenv("STRIPE_API_BASE", fake.base_url)
        get_settings.cache_clear()
        assert get_settings().effective_access_mode == "subscription"
        yield fake


def scripts(recorder: Recorder) -> list[str]:
    """The browser code the page pushed to the tab."""
    return [
        str(event.payload.get("javascript_code"))
        for update in recorder.updates
        for event in update.events or []
        if event.name == "_call_script"
    ]


def test_p_price_4_a_forged_session_is_not_found_and_grants_nothing(
    stripe_mode: FakeStripeServer, engine: Engine, founder: tuple[str, str]
) -> None:
    """P-PRICE-4: a signed-in founder at /subscribe/success with a session id of their own
    making sees the check's heading and 'We could not find this checkout', no thanks and no
    confetti; no subscription is recorded, no isSubscribed flag is written, and the gate still
    sends them to /pricing."""
    _, cookie = founder

    async def go(tab: Tab, recorder: Recorder) -> tuple[Any, Recorder]:
        await tab.prepare(cookie)
        await asyncio.wait_for(await tab.start("verify"), timeout=20)
        return await tab.state(), recorder

    state, recorder = in_processor(SubscribeSuccessState, FORGED, go)

    assert (state.view.outcome, state.view.thanked, state.view.rechecking) == (
        "invalid",
        False,
        False,
    )
    assert CONFIRMATION_TEXTS["invalid"][1].startswith("We could not find this checkout")
    assert CHECK_HEADING == "Your subscription"  # the heading of a page that does not thank
    assert scripts(recorder) == [] and "isSubscribed" in SUBSCRIBED_FLAG_SCRIPT
    with Session(engine) as db:
        assert db.exec(select(Subscription)).all() == []
    (redirect,) = Event.from_event_type(
        asyncio.run(substate(AuthState, "/dashboard", cookie).require_access())
    )
    assert (redirect.name, redirect.payload["path"]) == ("_redirect", "/pricing")
