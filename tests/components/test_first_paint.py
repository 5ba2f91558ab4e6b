"""What a visitor first sees never contradicts what the page becomes (issue 28, item 6).

The build is the same whatever the server's settings (its initial state has no setting in it),
so the first paint of /pricing, /, /subscribe/success, the header and the footer holds back
what the server decides (its offer, who is signed in, the success page's check): none of
their words is painted before the server has said. Once it has, an open server (every tool
open to signed-in founders, nothing sold) tells one story on every page. The prerendered page
in a real browser: tests/e2e/test_public_pages.py (the pricing page's test, and the home,
/manage-plans and subscribe pages' test).
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

import pytest
import reflex as rx
from reflex.state import _resolve_delta

import startup_toolkit.pages  # noqa: F401  (records every page in SITE_PAGES)
from startup_toolkit.components import footer
from startup_toolkit.domain.billing import OPEN_SERVER_NOTE
from startup_toolkit.pages import pricing, subscribe
from startup_toolkit.pages.home import home
from startup_toolkit.pages.home import view as home_view
from startup_toolkit.pages.subscribe import CheckView, SubscribeSuccessState
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import AuthState
from startup_toolkit.state.tools import ToolPageState
from tests.components.first_paint import painted_texts

PAGES: dict[str, Callable[[], rx.Component]] = {
    "/pricing": pricing.pricing,
    "/": home,
    "/subscribe/success": subscribe.subscribe_success,
}

#: Home's promise of the plan's price (its "Cancel anytime" is also a benefit of the plan that
#: /pricing describes whatever the server).
PRICED_REASSURANCE = home_view.HERO_REASSURANCES[0]
#: Every word a page says that depends on the server's offer or on who is signed in.
DECIDED: frozenset[str] = frozenset(
    {
        pricing.SUBSCRIBE_LABEL,
        "Subscribe",
        pricing.FREE_SIGN_UP,
        pricing.FREE_DASHBOARD,
        pricing.FREE_NOTE,
        pricing.CHECKOUT_NOTE,
        pricing.SOON_NOTE,
        pricing.FREE_SIGN_UP_NOTE,
        pricing.CTA_PLAN_LINE,
        pricing.CTA_OPEN_LINE,
        home_view.SUBSCRIBE_LABEL,
        home_view.FREE_LABEL,
        PRICED_REASSURANCE,
        *home_view.OPEN_REASSURANCES,
        *(label for label, _ in footer.VISITOR_LINKS + footer.FOUNDER_LINKS),
        subscribe.THANKS_HEADING,
        subscribe.CHECK_HEADING,
        subscribe.CHECK_TEXT,
        subscribe.OPEN_HEADING,
        *(text for _, text in subscribe.CONFIRMATION_TEXTS.values()),
    }
)

#: Settings a server may run with; the build must not depend on which.
SERVERS: dict[str, dict[str, str]] = {
    "open, demo": {"ACCESS_MODE": "open"},
    "subscription, Stripe, AI, SMTP": {
        "ACCESS_MODE": "subscription",
        "AI_API_KEY": "key",
        "STRIPE_SECRET_KEY": "sk_test_x",
        "STRIPE_PRICE_ID": "price_x",
        "CHECKOUT_URL": "https://buy.example.com/unstuck",
        "SMTP_HOST": "127.0.0.1",
    },
}


def _built_state(env: pytest.MonkeyPatch, settings: dict[str, str]) -> dict[str, Any]:
    """The initial state a build compiles into the page, for a server with `settings`."""
    for name in ("ACCESS_MODE", "AI_API_KEY", "STRIPE_SECRET_KEY", "STRIPE_PRICE_ID"):
        env.delenv(name, raising=False)
    for name, value in settings.items():
        env.setenv(name, value)
    get_settings.cache_clear()
    state = rx.State(_reflex_internal_init=True).dict(initial=True)
    return json.loads(json.dumps(asyncio.run(_resolve_delta(state)), default=str))


def test_the_build_is_the_same_whatever_the_settings(settings_env: pytest.MonkeyPatch) -> None:
    """One build serves every server: its initial state holds no setting of the one it was
    built on (the tests build once and run every backend on it)."""
    built = {name: _built_state(settings_env, settings) for name, settings in SERVERS.items()}
    first, *others = built.values()
    for other in others:
        assert other == first


def _first_paint_values(env: pytest.MonkeyPatch) -> dict[rx.Var, Any]:
    """The values of the held vars in the built page (read from its initial state)."""
    built = _built_state(env, {})

    def initial(state: type[rx.State], name: str) -> Any:
        return built[state.get_full_name()][f"{name}_rx_state_"]

    return {
        ToolPageState.offer: initial(ToolPageState, "offer"),
        AuthState.checked: initial(AuthState, "checked"),
        AuthState.signed_in: initial(AuthState, "signed_in"),
        SubscribeSuccessState.view: initial(SubscribeSuccessState, "view"),
    }


@pytest.mark.parametrize("route", list(PAGES))
def test_the_first_paint_holds_back_what_the_server_decides(
    settings_env: pytest.MonkeyPatch, route: str
) -> None:
    """The built page paints none of the words the server decides: their room only."""
    painted = painted_texts(PAGES[route](), _first_paint_values(settings_env))
    assert painted & DECIDED == set()
    assert {"Home", "Pricing", "Solutions", "Contact"} <= painted  # the static shell is there


def _live(offer: str, signed_in: bool, outcome: str) -> dict[rx.Var, Any]:
    view = CheckView(outcome=outcome, thanked=outcome in subscribe.THANKED_OUTCOMES)
    return {
        ToolPageState.offer: offer,
        AuthState.checked: True,
        AuthState.signed_in: signed_in,
        SubscribeSuccessState.view: view,
    }


def _all_text(values: dict[rx.Var, Any]) -> set[str]:
    return set().union(*(painted_texts(page(), values) for page in PAGES.values()))


@pytest.mark.parametrize("signed_in", [False, True])
def test_an_open_server_tells_one_story_on_every_page(signed_in: bool) -> None:
    """Every tool open to signed-in founders and nothing sold: the pricing page, home and the
    success page say so, and nothing of a checkout, a price to pay or a plan to cancel."""
    said = _all_text(_live("open", signed_in, subscribe.OPEN_OUTCOME))
    assert OPEN_SERVER_NOTE in said
    assert set(home_view.OPEN_REASSURANCES) | {home_view.FREE_LABEL} <= said
    assert (pricing.FREE_DASHBOARD if signed_in else pricing.FREE_SIGN_UP) in said
    for sold in (
        pricing.SUBSCRIBE_LABEL,
        "Subscribe",
        pricing.CHECKOUT_NOTE,
        pricing.CTA_PLAN_LINE,
        home_view.SUBSCRIBE_LABEL,
        PRICED_REASSURANCE,
        subscribe.CHECK_HEADING,
        subscribe.CHECK_TEXT,
    ):
        assert sold not in said
    assert not [text for text in said if "not sold" in text or "Checkout link" in text]


@pytest.mark.parametrize(("offer", "outcome"), [("checkout", "checking"), ("soon", "no_checkout")])
def test_a_server_that_sells_the_plan_offers_it_everywhere(offer: str, outcome: str) -> None:
    said = _all_text(_live(offer, False, outcome))
    assert {pricing.SUBSCRIBE_LABEL, home_view.SUBSCRIBE_LABEL} <= said
    assert set(home_view.HERO_REASSURANCES) <= said
    assert OPEN_SERVER_NOTE not in said
    assert home_view.FREE_LABEL not in said and pricing.FREE_SIGN_UP not in said
    assert (pricing.CHECKOUT_NOTE if offer == "checkout" else pricing.SOON_NOTE) in said
