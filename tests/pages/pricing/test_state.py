"""P-PRICE-3 and P-PRICE-6 without a browser: the pricing and manage-plans state handlers."""

from __future__ import annotations

import json

import pytest
from reflex.event import Event

from startup_toolkit.pages.pricing import TOAST_DESCRIPTION, TOAST_TITLE, PricingState
from startup_toolkit.state.navigation import NavigationState
from tests.support.tool_states import substate


def _events(spec: object) -> list[Event]:
    return list(Event.from_event_type(spec))


def test_subscribe_without_checkout_shows_the_coming_soon_toast(
    settings_env: pytest.MonkeyPatch,
) -> None:
    """P-PRICE-3: access needs a plan and no CHECKOUT_URL -> toast 'Subscription' /
    'Checkout link coming soon...'."""
    settings_env.delenv("CHECKOUT_URL", raising=False)
    settings_env.setenv("ACCESS_MODE", "subscription")
    state = substate(PricingState, "/pricing")

    events = _events(state.subscribe())

    assert [e.name for e in events] == ["_call_function"]
    payload = json.dumps(events[0].payload, default=str)
    assert TOAST_TITLE == "Subscription"
    assert TOAST_DESCRIPTION == "Checkout link coming soon..."
    assert "Subscription" in payload
    assert "Checkout link coming soon..." in payload
    assert state.checkout_url == ""


def test_subscribe_with_checkout_opens_it_in_a_new_tab(settings_env: pytest.MonkeyPatch) -> None:
    """P-PRICE-3: a valid CHECKOUT_URL is opened externally (new tab), no toast."""
    settings_env.setenv("CHECKOUT_URL", "https://buy.example.com/unstuck")
    state = substate(PricingState, "/pricing")

    events = _events(state.subscribe())

    assert [e.name for e in events] == ["_redirect"]
    assert events[0].payload["path"] == "https://buy.example.com/unstuck"
    assert events[0].payload["external"] is True
    assert state.checkout_url == "https://buy.example.com/unstuck"


@pytest.mark.parametrize(
    ("configured", "expected"),
    [
        ("https://buy.example.com/unstuck", "https://buy.example.com/unstuck"),
        ("http://localhost:4242/checkout", "http://localhost:4242/checkout"),
        ("  https://buy.example.com/padded  ", "https://buy.example.com/padded"),
        ("", ""),
        ("javascript:alert(document.cookie)", ""),
        ("data:text/html,<script>alert(1)</script>", ""),
        ("buy.example.com/unstuck", ""),
        ("https://user:secret@buy.example.com/", ""),
    ],
)
def test_load_sets_checkout_url_only_for_http_urls(
    settings_env: pytest.MonkeyPatch, configured: str, expected: str
) -> None:
    """P-PRICE-3: the page's checkout link comes from settings and is http(s) or nothing."""
    settings_env.setenv("CHECKOUT_URL", configured)
    state = substate(PricingState, "/pricing")

    assert state.checkout_url == expected


def test_subscribe_with_an_unsafe_checkout_url_falls_back_to_the_toast(
    settings_env: pytest.MonkeyPatch,
) -> None:
    """P-PRICE-3: a non-http(s) CHECKOUT_URL is never opened."""
    settings_env.setenv("CHECKOUT_URL", "javascript:alert(1)")
    settings_env.setenv("ACCESS_MODE", "subscription")
    state = substate(PricingState, "/pricing")

    events = _events(state.subscribe())

    assert [e.name for e in events] == ["_call_function"]
    assert state.checkout_url == ""


async def test_manage_plans_replaces_history_entry_with_pricing(
    settings_env: pytest.MonkeyPatch,
) -> None:
    """P-PRICE-6: /manage-plans redirects to /pricing without adding a history entry."""
    state = substate(NavigationState, "/manage-plans")

    events = _events(await state.open_billing())

    assert [e.name for e in events] == ["_redirect"]
    assert events[0].payload["path"] == "/pricing"
    assert events[0].payload["replace"] is True
    assert events[0].payload["external"] is False


@pytest.mark.parametrize(
    ("access_mode", "checkout_url", "offer"),
    [
        ("open", "", "open"),  # every tool open, nothing sold: lead to sign-up
        ("open", "https://buy.example.com/unstuck", "checkout"),  # a checkout is configured
        ("subscription", "", "soon"),  # access needs a plan: the spec's toast stays
        ("subscription", "javascript:alert(1)", "soon"),  # an unsafe link is no checkout
    ],
)
def test_a_server_that_sells_nothing_leads_to_sign_up(
    settings_env: pytest.MonkeyPatch, access_mode: str, checkout_url: str, offer: str
) -> None:
    """Issue 17, item 8: where every tool is open to signed-in founders and no checkout is
    configured, the pricing page and the home page's Subscribe buttons lead to sign-up
    ('Sign Up Free', 'Start Free') instead of 'Checkout link coming soon...'; even a click
    on a stale Subscribe button (issue 28, item 6)."""
    from startup_toolkit.pages.home.view import FREE_LABEL, SUBSCRIBE_LABEL, subscribe_link
    from startup_toolkit.state.tools import ToolPageState

    for name in ("STRIPE_SECRET_KEY", "STRIPE_PRICE_ID"):
        settings_env.delenv(name, raising=False)
    settings_env.setenv("ACCESS_MODE", access_mode)
    settings_env.setenv("CHECKOUT_URL", checkout_url)

    # The home page's and pricing's buttons follow the running server, not the build's.
    assert substate(ToolPageState, "/").offer == offer
    link = str(subscribe_link("arrow-right", 16).render())
    assert "offer" in link and FREE_LABEL in link and SUBSCRIBE_LABEL in link
    events = _events(substate(PricingState, "/pricing").subscribe())
    if offer == "open":
        assert [(e.name, e.payload["path"]) for e in events] == [("_redirect", "/signup")]
