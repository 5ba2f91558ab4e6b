"""Subscription mode without a browser (P-AUTH-2, P-PRICE-3, P-PRICE-4, P-PRICE-6, P-PROF-6).

Stripe key and price set, ACCESS_MODE unset, Stripe played by FakeStripeServer on 127.0.0.1.
Every registered page guarded by `AuthState.require_access` sends a signed-out visitor to
/login, an unsubscribed founder to /pricing and lets a subscriber in; the browser's
`isSubscribed` flag never counts. The background handlers (success-page check, profile card)
run through Reflex's own event processor.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Iterator
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any
from urllib.parse import quote

import pytest
import reflex as rx
from reflex.event import Event
from reflex.istate.data import HeaderData, ReflexURL, RouterData
from reflex.istate.manager.memory import StateManagerMemory
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State, StateUpdate
from reflex_base.event.processor.base_state_processor import BaseStateEventProcessor
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

import startup_toolkit.pages  # noqa: F401  (registers every page)
from startup_toolkit.components import subscription_card as card
from startup_toolkit.components.page_route import SITE_PAGES
from startup_toolkit.db import run_in_session
from startup_toolkit.domain.catalog import AI_COFOUNDER, VIABILITY_SCANNER
from startup_toolkit.domain.formatting import date_label
from startup_toolkit.models import User
from startup_toolkit.models.billing import Subscription
from startup_toolkit.pages import subscribe as success_page
from startup_toolkit.pages.pricing import PricingState
from startup_toolkit.pages.profile.state import ProfileState
from startup_toolkit.pages.subscribe import (
    CONFIRMATION_TEXTS,
    OPEN_OUTCOME,
    SUBSCRIBED_FLAG_SCRIPT,
    SubscribeSuccessState,
)
from startup_toolkit.providers import stripe_api
from startup_toolkit.services import activity, billing, dashboard
from startup_toolkit.services.billing import CHECKOUT_ROUTE
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import AuthState
from startup_toolkit.state.navigation import NavigationState
from tests.support.founders import cookie_header, session_token, user
from tests.support.stripe_server import FakeStripeServer
from tests.support.tool_states import substate

APP_URL = "http://localhost:3000"
PORTAL_ROUTE = "/api/billing/portal"
# DESIGN.md, "Access and billing": what needs a subscription in subscription mode.
MUST_BE_GATED = {
    "/dashboard",
    "/profile",
    "/notifications",
    "/help-support",
    VIABILITY_SCANNER.path,
    AI_COFOUNDER.path,
}
MUST_STAY_OPEN = {
    "/",
    "/pricing",
    "/login",
    "/signup",
    "/contact",
    "/manage-plans",
    "/subscribe/success",
    "/subscribe/canceled",
}


def _guard(on_load: Any) -> Any:
    """The page's access guard among its on_load handlers: `AuthState.require_access`, or its
    own load marked `runs_access_guard` (None: the page is open)."""
    handlers = on_load if isinstance(on_load, list | tuple) else [on_load]
    for handler in handlers:
        fn = getattr(handler, "fn", None)
        if fn is AuthState.require_access.fn or getattr(fn, "runs_access_guard", False):
            return handler
    return None


def gated_pages() -> dict[str, Any]:
    """Every registered page with an access guard: its route and that guard."""
    pages = {}
    for render, kwargs in SITE_PAGES:
        guard = _guard(kwargs.get("on_load"))
        if guard is not None:
            assert kwargs.get("route"), f"{render.__name__} has no explicit route"
            pages[str(kwargs["route"])] = guard
    return pages


def gated_routes() -> list[str]:
    return sorted(gated_pages())


def run_guard(route: str, cookie: str = "", tab: rx.State | None = None) -> tuple[Any, AuthState]:
    """What the page's guard returns for a tab at `route` holding `cookie` (or the given `tab`
    tree), and that tab's AuthState after it."""
    guard = gated_pages()[route]
    if tab is None:
        tab = rx.State(_reflex_internal_init=True)
        tab.router = router_claiming(cookie, route)
    state = tab.get_substate(guard.state_full_name.split("."))
    spec = asyncio.run(getattr(state, guard.fn.__name__)())
    return spec, tab.get_substate(AuthState.get_full_name().split("."))  # type: ignore[return-value]


# --------------------------------------------------------------------------- fixtures


@pytest.fixture
def fake() -> Iterator[FakeStripeServer]:
    with FakeStripeServer() as server:
        yield server


@pytest.fixture
def stripe_mode(
    engine: Engine, settings_env: pytest.MonkeyPatch, fake: FakeStripeServer
) -> FakeStripeServer:
    settings_env.delenv("ACCESS_MODE", raising=False)
    settings_env.delenv("CHECKOUT_URL", raising=False)
    settings_env.setenv("STRIPE_SECRET_KEY", fake.api_key)
    settings_env.setenv("STRIPE_PRICE_ID", fake.price_id)
    settings_env.setenv("STRIPE_WEBHOOK_SECRET", "whsec_state_tests")
    settings_env.setenv("STRIPE_API_BASE", fake.base_url)
    settings_env.setenv("PUBLIC_BASE_URL", APP_URL)
    get_settings.cache_clear()
    assert "ACCESS_MODE" not in os.environ
    assert get_settings().effective_access_mode == "subscription"
    return fake


@dataclass
class Founder:
    user_id: str
    cookie: str  # the Cookie header a signed-in browser sends


def make_founder(engine: Engine, email: str) -> Founder:
    user_id = user(engine, email)
    with Session(engine) as db:
        activity.ensure_user_stats(db, user_id)
    return Founder(user_id, cookie_header(session_token(engine, user_id), "theme=dark; "))


@pytest.fixture
def ada(engine: Engine) -> Founder:
    return make_founder(engine, "ada@example.com")


@pytest.fixture
def bob(engine: Engine) -> Founder:
    return make_founder(engine, "bob@example.com")


def open_checkout(fake: FakeStripeServer, founder: Founder) -> str:
    """The id of a Checkout Session opened for the founder (as Subscribe does)."""
    url = run_in_session(billing.start_checkout, founder.user_id)
    return url.rsplit("/", 1)[1]


def paid_checkout(fake: FakeStripeServer, founder: Founder) -> str:
    """The id of a Checkout Session the founder has paid at Stripe."""
    session_id = open_checkout(fake, founder)
    fake.complete_checkout(session_id)
    return session_id


def subscribed(fake: FakeStripeServer, founder: Founder) -> str:
    """A founder whose paid checkout was confirmed and whose invoice.paid webhook arrived."""
    session_id = paid_checkout(fake, founder)
    assert run_in_session(billing.confirm_checkout, founder.user_id, session_id) == "confirmed"
    (invoice,) = fake.objects("invoice")
    event = fake.event("invoice.paid", invoice)
    assert run_in_session(billing.handle_event, event) == "processed"
    return session_id


def router_claiming(cookie: str, path: str, **headers: str) -> RouterData:
    """A tab's router whose request also carries `headers` (what a browser could claim)."""
    return RouterData(
        headers=HeaderData.from_router_data({"headers": {"cookie": cookie, **headers}}),
        url=ReflexURL(f"{APP_URL}{path}"),
    )


def events(spec: Any) -> list[Event]:
    return [] if spec is None else list(Event.from_event_type(spec))


def redirect_path(spec: Any) -> str | None:
    evs = events(spec)
    if not evs:
        return None
    (event,) = evs
    assert event.name == "_redirect"
    return event.payload["path"]


# --------------------------------------------------------------------------- P-AUTH-2


def test_p_auth_2_the_gated_pages_are_found_and_are_the_designed_ones() -> None:
    routes = gated_routes()
    assert routes, "no page runs AuthState.require_access: the registry was not read"
    assert set(routes) >= MUST_BE_GATED, MUST_BE_GATED - set(routes)
    assert not MUST_STAY_OPEN & set(routes)


def test_p_auth_2_every_gated_page_needs_a_subscription(
    stripe_mode: FakeStripeServer, ada: Founder, bob: Founder
) -> None:
    """Signed out -> /login?next=<page>; unsubscribed -> /pricing; subscribed -> in."""
    routes = gated_routes()
    assert routes
    subscribed(stripe_mode, bob)

    for route in routes:
        spec, visitor = run_guard(route)
        assert redirect_path(spec) == f"/login?next={quote(route, safe='')}"
        assert visitor.signed_in is False

        spec, founder = run_guard(route, ada.cookie)
        assert redirect_path(spec) == "/pricing", route
        assert founder.signed_in is True and founder.has_access is False

        spec, subscriber = run_guard(route, bob.cookie)
        assert not [e for e in events(spec) if e.name == "_redirect"], route
        assert subscriber.has_access is True


def test_p_auth_2_the_browser_flag_never_grants_access(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """What the browser claims (isSubscribed in a cookie, a header, the query) is never read:
    only the subscriptions table (and Stripe) decide."""
    claims = {"isSubscribed": "true", "x-is-subscribed": "true"}
    for route in gated_routes():
        claimed = rx.State(_reflex_internal_init=True)
        claimed.router = router_claiming(
            f"isSubscribed=true; {ada.cookie}; subscribed=1", f"{route}?isSubscribed=true", **claims
        )
        spec, auth = run_guard(route, tab=claimed)
        assert redirect_path(spec) == "/pricing", route
        assert auth.has_access is False
    with Session(engine) as db:
        assert db.exec(select(Subscription)).all() == []

    # The same founder with a real (confirmed) subscription is let in, with or without the flag.
    subscribed(stripe_mode, ada)
    for cookie in (ada.cookie, f"isSubscribed=false; {ada.cookie}"):
        assert asyncio.run(substate(AuthState, "/dashboard", cookie).require_access()) is None


def test_p_auth_2_an_unpaid_checkout_grants_nothing(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    session_id = open_checkout(stripe_mode, ada)
    assert run_in_session(billing.confirm_checkout, ada.user_id, session_id) == "unpaid"
    assert redirect_path(
        asyncio.run(substate(AuthState, "/dashboard", ada.cookie).require_access())
    ) == ("/pricing")


# --------------------------------------------------------------------------- background handlers


@dataclass
class Browser:
    """Stands in for the websocket: what the server pushes to the tab."""

    updates: list[StateUpdate] = field(default_factory=list)

    async def emit_update(self, update: StateUpdate, token: str) -> None:
        self.updates.append(update)

    def scripts(self) -> list[str]:
        return [
            str(e.payload.get("javascript_code"))
            for u in self.updates
            for e in u.events or []
            if e.name == "_call_script"
        ]


async def run_on_load(
    cls: type[rx.State], handler: str, cookie: str, path: str
) -> tuple[Any, Browser]:
    """Run a page's on_load handler as Reflex does for a tab at `path`; the state afterwards
    and what was pushed to the tab."""
    manager = StateManagerMemory()
    browser = Browser()
    processor = BaseStateEventProcessor().configure(
        state_manager=manager,
        event_namespace=browser,  # type: ignore[arg-type]
    )
    token = "tab-1"
    router_data = {
        "pathname": path.split("?")[0],
        "asPath": path,
        "token": token,
        "headers": {"cookie": cookie, "host": "localhost:3000", "origin": APP_URL},
    }
    async with manager.modify_state(BaseStateToken(ident=token, cls=State)) as root:
        root.router = RouterData.from_router_data(router_data)
        root.router_data = dict(router_data)
    async with processor:
        event = Event(name=f"{cls.get_full_name()}.{handler}", payload={}, router_data=router_data)
        await asyncio.wait_for(await processor.enqueue(token, event), timeout=20)
        root = await manager.get_state(BaseStateToken(ident=token, cls=State))
        return await root.get_state(cls), browser


QUICK_RECHECKS = (0.0, 0.0)


@pytest.fixture(autouse=True)
def quick_rechecks(monkeypatch: pytest.MonkeyPatch) -> None:
    """The success page checks an unpaid session again twice, without waiting."""
    monkeypatch.setattr(success_page, "RECHECK_DELAYS", QUICK_RECHECKS)


def verify(cookie: str, query: str) -> tuple[Any, Browser]:
    return asyncio.run(
        run_on_load(SubscribeSuccessState, "verify", cookie, f"/subscribe/success?{query}")
    )


def pushed(browser: Browser, field: str) -> list[Any]:
    """The values of one field of SubscribeSuccessState's view pushed to the tab, in order."""
    name = SubscribeSuccessState.get_full_name()
    return [
        getattr(value, field)
        for update in browser.updates
        for key, value in (update.delta or {}).get(name, {}).items()
        if key.split("_rx_state_")[0] == "view" and value is not None
    ]


def test_p_price_4_until_the_check_starts_the_page_holds_its_room() -> None:
    """Issue 25: the check is one view, None until the page's load starts it; meanwhile the
    page holds the room of its heading and check, and says nothing (issue 28, item 6: on a
    server that sells nothing "Confirming your payment..." would be untrue); no thanks."""
    assert SubscribeSuccessState.get_fields()["view"].default is None
    line = str(success_page.confirmation_line())
    assert "held-back" in line and CONFIRMATION_TEXTS["checking"][1] in line
    assert '?.["thanked"]' in str(success_page.subscribe_success())


def test_p_price_4_a_paid_session_of_this_user_is_confirmed_and_flagged(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    session_id = paid_checkout(stripe_mode, ada)

    state, browser = verify(ada.cookie, f"session_id={session_id}")

    assert state.view.outcome == "confirmed" and state.view.thanked
    assert SUBSCRIBED_FLAG_SCRIPT in browser.scripts()
    assert "isSubscribed" in SUBSCRIBED_FLAG_SCRIPT
    with Session(engine) as db:
        (row,) = db.exec(select(Subscription)).all()
    assert (row.user_id, row.status) == (ada.user_id, "active")
    assert row.stripe_subscription_id == stripe_mode.objects("subscription")[0]["id"]
    assert asyncio.run(substate(AuthState, "/dashboard", ada.cookie).require_access()) is None
    # Stripe was asked about this very session.
    asked = stripe_mode.requests_to("GET", f"/v1/checkout/sessions/{session_id}")
    assert len(asked) == 1


@pytest.mark.parametrize(
    ("case", "expected"),
    [
        ("another_users", "not_yours"),
        ("unpaid", "unpaid"),
        ("unknown", "invalid"),
        ("malformed", "invalid"),
        ("missing", "invalid"),
    ],
)
def test_p_price_4_anything_but_this_users_paid_session_grants_nothing(
    stripe_mode: FakeStripeServer,
    engine: Engine,
    ada: Founder,
    bob: Founder,
    case: str,
    expected: str,
) -> None:
    """The page still shows, but no subscription row, no flag script, no access."""
    query = {
        "another_users": lambda: f"session_id={paid_checkout(stripe_mode, bob)}",
        "unpaid": lambda: f"session_id={open_checkout(stripe_mode, ada)}",
        "unknown": lambda: "session_id=cs_test_" + "a" * 58,
        "malformed": lambda: "session_id=" + quote("../v1/customers"),
        "missing": lambda: "",
    }[case]()

    state, browser = verify(ada.cookie, query)

    assert state.view.outcome == expected
    assert state.view.rechecking is False
    assert not state.view.thanked  # no "You're All Set!" and no confetti for it (issue 17, item 9)
    assert browser.scripts() == []
    if case == "unpaid":  # asked again after each pause, then left to the founder
        asked = stripe_mode.requests_to("GET", "/v1/checkout/sessions/")
        assert len(asked) == 1 + len(QUICK_RECHECKS)
        assert True in pushed(browser, "rechecking")
    with Session(engine) as db:
        assert db.exec(select(Subscription)).all() == []
    assert redirect_path(
        asyncio.run(substate(AuthState, "/dashboard", ada.cookie).require_access())
    ) == ("/pricing")
    assert redirect_path(
        asyncio.run(substate(AuthState, "/dashboard", bob.cookie).require_access())
    ) == ("/pricing")


def test_p_price_4_signed_out_the_page_asks_to_sign_in_and_grants_nothing(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    session_id = paid_checkout(stripe_mode, ada)

    state, browser = verify("", f"session_id={session_id}")

    assert state.view.outcome == "signed_out"
    assert state.view.sign_in_href == "/login?next=" + quote(
        f"/subscribe/success?session_id={session_id}", safe=""
    )
    assert browser.scripts() == []
    assert stripe_mode.requests_to("GET", f"/v1/checkout/sessions/{session_id}") == []


def test_p_price_4_stripe_down_for_a_moment_is_checked_again_and_confirmed(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """Stripe failing the first check (and the SDK's one retry): the page says so, checks
    again by itself and confirms without a refresh."""
    session_id = paid_checkout(stripe_mode, ada)
    stripe_mode.fail_next(503, times=2, path_prefix="/v1/checkout/sessions")

    state, browser = verify(ada.cookie, f"session_id={session_id}")

    assert state.view.outcome == "confirmed" and SUBSCRIBED_FLAG_SCRIPT in browser.scripts()
    assert "unavailable" in pushed(browser, "outcome")
    assert pushed(browser, "rechecking")[-1] is False


def test_p_price_4_paid_while_the_page_waits_is_confirmed(
    stripe_mode: FakeStripeServer,
    engine: Engine,
    ada: Founder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A session still unpaid at the first check and paid before the next one is confirmed
    by the page itself."""
    session_id = open_checkout(stripe_mode, ada)

    async def pay_meanwhile(_seconds: float) -> None:
        stripe_mode.complete_checkout(session_id)

    monkeypatch.setattr(success_page, "_pause", pay_meanwhile)

    state, browser = verify(ada.cookie, f"session_id={session_id}")

    assert pushed(browser, "outcome")[:3] == ["checking", "unpaid", "confirmed"]
    assert state.view.outcome == "confirmed" and SUBSCRIBED_FLAG_SCRIPT in browser.scripts()
    assert asyncio.run(substate(AuthState, "/dashboard", ada.cookie).require_access()) is None


def test_p_price_4_stripe_unreachable_is_said_and_grants_nothing(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """Stripe down for every check: the page says so, grants nothing, and a refresh once
    Stripe is back confirms."""
    session_id = paid_checkout(stripe_mode, ada)
    checks = 1 + len(QUICK_RECHECKS)
    stripe_mode.fail_next(503, times=2 * checks, path_prefix="/v1/checkout/sessions")

    state, browser = verify(ada.cookie, f"session_id={session_id}")

    assert state.view.outcome == "unavailable" and browser.scripts() == []
    with Session(engine) as db:
        assert db.exec(select(Subscription)).all() == []
    # Once Stripe answers again, a refresh of the page confirms.
    again, browser = verify(ada.cookie, f"session_id={session_id}")
    assert again.view.outcome == "confirmed" and SUBSCRIBED_FLAG_SCRIPT in browser.scripts()


def test_p_price_4_without_stripe_there_is_nothing_to_check(
    settings_env: pytest.MonkeyPatch, engine: Engine, ada: Founder
) -> None:
    settings_env.setenv("CHECKOUT_URL", "https://buy.example.com/unstuck")
    get_settings.cache_clear()

    state, browser = verify(ada.cookie, "session_id=cs_test_" + "a" * 20)

    assert state.view.outcome == "" and state.view.thanked and browser.scripts() == []


# --------------------------------------------------------------------------- P-PRICE-6


async def test_p_price_6_a_founder_with_a_billing_account_goes_to_the_portal(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    await asyncio.to_thread(subscribed, stripe_mode, ada)
    state = substate(NavigationState, "/manage-plans", ada.cookie)

    (event,) = events(await state.open_billing())

    assert event.name == "_call_script"
    assert event.payload["javascript_code"] == f"window.location.replace('{PORTAL_ROUTE}')"


@pytest.mark.parametrize("who", ["no_account", "signed_out"])
async def test_p_price_6_otherwise_manage_plans_replaces_itself_with_pricing(
    stripe_mode: FakeStripeServer, ada: Founder, who: str
) -> None:
    cookie = ada.cookie if who == "no_account" else ""
    state = substate(NavigationState, "/manage-plans", cookie)

    (event,) = events(await state.open_billing())

    assert event.name == "_redirect"
    assert (event.payload["path"], event.payload["replace"]) == ("/pricing", True)


async def test_p_price_6_without_stripe_even_a_customer_goes_to_pricing(
    settings_env: pytest.MonkeyPatch, engine: Engine, ada: Founder
) -> None:
    with Session(engine) as db:
        user = db.get(User, ada.user_id)
        assert user is not None
        user.stripe_customer_id = "cus_from_before"
        db.add(user)
        db.commit()
    state = substate(NavigationState, "/manage-plans", ada.cookie)

    (event,) = events(await state.open_billing())

    assert (event.name, event.payload["path"], event.payload["replace"]) == (
        "_redirect",
        "/pricing",
        True,
    )


# --------------------------------------------------------------------------- pricing (P-PRICE-3)


@pytest.mark.parametrize(
    ("query", "problem"),
    [
        ("", ""),
        ("?billing_error=unreachable", stripe_api.UNREACHABLE),
        ("?billing_error=not_configured", billing.PROBLEMS["not_configured"]),
        ("?billing_error=no_account", billing.PROBLEMS["no_account"]),
        ("?billing_error=<script>alert(1)</script>", ""),
        ("?billing_error=__class__", ""),
    ],
)
def test_p_price_3_pricing_in_stripe_mode_subscribes_through_the_checkout_route(
    stripe_mode: FakeStripeServer, query: str, problem: str
) -> None:
    state = substate(PricingState, f"/pricing{query}", "")

    state.load()

    assert state.checkout_url == CHECKOUT_ROUTE == "/api/billing/checkout"
    assert state.billing_problem == problem
    (event,) = events(state.subscribe())
    assert (event.name, event.payload["path"], event.payload["external"]) == (
        "_redirect",
        "/api/billing/checkout",
        True,
    )
    state.dismiss_problem()
    assert state.billing_problem == ""


# --------------------------------------------------------------------------- P-PROF-6


def load_card(cookie: str) -> ProfileState:
    state, _ = asyncio.run(run_on_load(ProfileState, "load_plan", cookie, "/profile"))
    return state  # type: ignore[no-any-return]


def test_p_prof_6_a_subscriber_sees_the_premium_plan_with_real_data(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    subscribed(stripe_mode, ada)
    (sub,) = stripe_mode.objects("subscription")
    (invoice,) = stripe_mode.objects("invoice")

    state = load_card(ada.cookie)

    assert state.plan is not None
    assert (state.plan.plan_type, state.plan.plan_name, state.plan.is_active) == (
        "premium",
        "Premium Plan",
        True,
    )
    assert state.plan.price == 29.99
    assert state.plan.billing_cycle == "monthly"
    assert state.plan.features == list(card.PREMIUM_FEATURES)
    assert state.plan.payment_method == "Visa •••• 4242"
    assert state.plan.start_date == date_label(stamp(sub["start_date"]))
    period_end = sub["items"]["data"][0]["current_period_end"]
    assert state.plan.next_billing_date == date_label(stamp(period_end))
    assert state.plan.billing_history == [
        {
            "date": date_label(stamp(invoice["created"])),
            "description": invoice["lines"]["data"][0]["description"],
            "amount": "$11.00",
            "status": "paid",
        }
    ]
    assert state.plan.manage_href == PORTAL_ROUTE


def test_p_prof_6_a_founder_without_a_subscription_sees_the_free_plan(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    state = load_card(ada.cookie)

    assert state.plan is not None
    assert (state.plan.plan_type, state.plan.plan_name, state.plan.price) == (
        "free",
        "Free Plan",
        0,
    )
    assert state.plan.billing_cycle == "" and state.plan.payment_method == ""
    assert state.plan.features == list(card.FREE_FEATURES)
    assert state.plan.billing_history == []
    assert state.plan.manage_href == PORTAL_ROUTE
    assert (
        state.plan.offer and state.plan.plan_note == ""
    )  # the premium pitch: Stripe sells it here


def test_p_prof_6_open_access_the_card_and_the_dashboard_tell_one_story(
    engine: Engine, settings_env: pytest.MonkeyPatch, ada: Founder
) -> None:
    """Issue 17, items 6 and 10: where every tool is open and nothing is sold, the plan card
    says the free plan includes all AI tools (no upgrade pitch), as the dashboard badge does."""
    settings_env.setenv("ACCESS_MODE", "open")
    settings_env.delenv("CHECKOUT_URL", raising=False)
    get_settings.cache_clear()
    state = load_card(ada.cookie)
    assert (state.plan.plan_name, state.plan.plan_note, state.plan.offer) == (
        "Free Plan",
        "All AI tools included",
        False,
    )
    assert state.plan.features[0] == "Access to all AI tools"
    data = run_in_session(dashboard.load_dashboard, ada.user_id)
    assert data is not None and data.plan_name == f"{state.plan.plan_name} · {state.plan.plan_note}"


def test_p_prof_6_a_canceled_subscription_is_the_free_plan_again(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    subscribed(stripe_mode, ada)
    (sub,) = stripe_mode.objects("subscription")
    canceled = stripe_mode.set_subscription(sub["id"], status="canceled")
    later = int(datetime.now(UTC).timestamp()) + 5
    event = stripe_mode.event("customer.subscription.deleted", canceled, later)
    assert run_in_session(billing.handle_event, event) == "processed"

    state = load_card(ada.cookie)

    assert (state.plan.plan_type, state.plan.price, state.plan.next_billing_date) == ("free", 0, "")
    assert len(state.plan.billing_history) == 1  # what was paid stays listed


def stamp(seconds: int) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


@pytest.mark.parametrize(
    ("access_mode", "checkout_url", "confirmation", "thanked"),
    [
        ("", "", OPEN_OUTCOME, False),
        ("subscription", "", "no_checkout", False),
        ("", "https://buy.example.com/unstuck", "", True),
    ],
)
def test_without_stripe_the_success_page_thanks_only_a_checkout_links_return(
    engine: Engine,
    settings_env: pytest.MonkeyPatch,
    ada: Founder,
    access_mode: str,
    checkout_url: str,
    confirmation: str,
    thanked: bool,
) -> None:
    """Issue 17, item 9: with no checkout on the server, /subscribe/success has nothing to
    confirm and says so (no thanks, no confetti); a plain checkout link's return cannot be
    checked by any server, so it thanks as P-PRICE-4 says. Neither grants anything. Where
    every tool is open and nothing is sold, it tells the open server's story, as pricing and
    home do (issue 28, item 6)."""
    for name in ("STRIPE_SECRET_KEY", "STRIPE_PRICE_ID", "ACCESS_MODE"):
        settings_env.delenv(name, raising=False)
    settings_env.setenv("ACCESS_MODE", access_mode)
    settings_env.setenv("CHECKOUT_URL", checkout_url)
    get_settings.cache_clear()
    for cookie in (ada.cookie, ""):
        state, browser = verify(cookie, "")
        assert (state.view.outcome, state.view.thanked) == (confirmation, thanked)
        assert browser.scripts() == []
    assert CONFIRMATION_TEXTS["no_checkout"][1].startswith("There is no checkout to confirm")
    assert "not sold" not in CONFIRMATION_TEXTS["no_checkout"][1]
