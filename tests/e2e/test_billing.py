"""Subscriptions in a browser, with Stripe played by a local server speaking its REST API and
delivering signed webhooks (P-AUTH-2, P-PRICE-3..5, P-PROF-6, P-BILL-1).

This module serves its own copy of the app in subscription mode: Stripe key, price and
webhook secret set, no ACCESS_MODE (so access needs a subscription).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from startup_toolkit.models import Subscription
from tests.e2e.auth_helpers import app_db, sign_up_and_sign_in
from tests.e2e.conftest import LiveApp, at, beside, screenshot, serve_app, wait_for_app
from tests.support.stripe_server import FakeStripeServer

WEBHOOK_SECRET = "whsec_e2e_unstuck"


@pytest.fixture(scope="module")
def stripe_fake() -> Iterator[FakeStripeServer]:
    with FakeStripeServer() as fake:
        yield fake


@pytest.fixture(scope="module")
def billing_app(live_app: LiveApp, stripe_fake: FakeStripeServer) -> Iterator[LiveApp]:
    """The app with Stripe's settings, beside the default one."""
    env = {
        "STRIPE_SECRET_KEY": stripe_fake.api_key,
        "STRIPE_PRICE_ID": stripe_fake.price_id,
        "STRIPE_WEBHOOK_SECRET": WEBHOOK_SECRET,
        "STRIPE_API_BASE": stripe_fake.base_url,
    }
    with serve_app(beside(live_app), "billing", env) as app:
        stripe_fake.webhook_url = app.url + "/api/stripe/webhook"
        stripe_fake.webhook_secret = WEBHOOK_SECRET
        yield app


def subscribe_through_checkout(page: Page, app: LiveApp) -> Page:
    """From /pricing: Subscribe opens Stripe Checkout in a new tab; pay there. Returns the tab,
    which lands on the success page."""
    with page.expect_popup() as popup_info:
        page.locator("#plan-subscribe").click()
    checkout = popup_info.value
    checkout.wait_for_load_state()
    expect(checkout.get_by_role("heading", name="Pay Unstuck")).to_be_visible()
    checkout.get_by_label("Card number").fill("4242 4242 4242 4242")
    checkout.get_by_role("button", name="Subscribe").click()
    checkout.wait_for_url(re.compile(re.escape(app.url) + r"/subscribe/success/?\?session_id=cs_"))
    wait_for_app(checkout)
    return checkout


def test_subscribe_pay_confirm_and_use_the_tools(
    billing_app: LiveApp, stripe_fake: FakeStripeServer, page: Page
) -> None:
    """P-AUTH-2 gate, P-PRICE-3 checkout in a new tab, P-PRICE-4 verified success page,
    P-PROF-6 real subscription view, P-BILL-1 customer portal."""
    sign_up_and_sign_in(billing_app, page, next_path="/dashboard")
    expect(page).to_have_url(at(billing_app, "/pricing"))

    success = subscribe_through_checkout(page, billing_app)
    confirmation = success.locator("#subscription-confirmation")
    expect(confirmation).to_have_text("Payment confirmed: your Premium Plan is active.")
    expect(success.get_by_role("heading", name="You're All Set!")).to_be_visible()
    # The hint is written by a script event that follows the confirmation text.
    success.wait_for_function("() => localStorage.getItem('isSubscribed') === 'true'")
    screenshot(success, "billing-success")

    success.locator("#launch-dashboard").click()
    expect(success).to_have_url(at(billing_app, "/dashboard"))
    expect(success.locator("#main")).to_contain_text("Premium Plan")

    # Stripe's webhooks reached the app and were accepted.
    assert {kind for kind, _ in stripe_fake.deliveries} >= {
        "checkout.session.completed",
        "customer.subscription.created",
        "invoice.paid",
    }
    assert all(status == 200 for _, status in stripe_fake.deliveries), stripe_fake.deliveries

    success.goto(billing_app.path("/profile"))
    wait_for_app(success)
    card = success.locator("#subscription-card")
    expect(card.locator("#subscription-plan-name")).to_have_text("Premium Plan")
    expect(card.locator("#subscription-price")).to_have_text("$29.99")
    expect(card.locator("#subscription-details")).to_contain_text("Visa •••• 4242")
    expect(card.locator("#subscription-history")).to_contain_text("$11.00")
    screenshot(success, "billing-profile")

    with success.expect_popup() as portal_info:
        card.locator("#subscription-manage").click()
    portal = portal_info.value
    portal.wait_for_load_state()
    expect(portal.get_by_role("heading", name="Billing portal")).to_be_visible()

    # The same user cannot start a second subscription: checkout sends them to the dashboard.
    again = success.context.new_page()
    again.goto(billing_app.path("/api/billing/checkout"))
    expect(again).to_have_url(at(billing_app, "/dashboard"))


def test_the_browser_flag_alone_grants_nothing(billing_app: LiveApp, page: Page) -> None:
    """P-AUTH-2: isSubscribed in local storage is a hint; the server still sends to /pricing."""
    sign_up_and_sign_in(billing_app, page, next_path="/pricing")
    page.evaluate("() => localStorage.setItem('isSubscribed', 'true')")
    for route in ("/dashboard", "/startup-viability-scanner", "/profile"):
        page.goto(billing_app.path(route))
        expect(page).to_have_url(at(billing_app, "/pricing"))


def test_success_page_with_a_forged_session_grants_nothing(
    billing_app: LiveApp, page: Page
) -> None:
    """P-PRICE-4: without a valid, paid session of this user the page shows but grants
    nothing, and no browser flag is written."""
    sign_up_and_sign_in(billing_app, page, next_path="/pricing")
    page.goto(billing_app.path("/subscribe/success?session_id=cs_test_forged123"))
    wait_for_app(page)
    expect(page.get_by_role("heading", name="Your subscription")).to_be_visible()
    expect(page.locator("#subscription-confirmation")).to_contain_text(
        "We could not find this checkout"
    )
    expect(page.get_by_role("heading", name="You're All Set!")).to_have_count(0)
    expect(page.locator("#confetti-canvas")).to_have_count(0)
    assert page.evaluate("() => localStorage.getItem('isSubscribed')") is None
    page.goto(billing_app.path("/dashboard"))
    expect(page).to_have_url(at(billing_app, "/pricing"))


def test_success_page_waits_for_a_payment_still_processing(
    billing_app: LiveApp, stripe_fake: FakeStripeServer, page: Page
) -> None:
    """P-PRICE-4: a session not paid yet shows 'still being processed' and is checked again
    by the page itself; once Stripe has the payment the page confirms without a refresh."""
    sign_up_and_sign_in(billing_app, page, next_path="/pricing")
    with page.expect_popup() as popup_info:
        page.locator("#plan-subscribe").click()
    checkout = popup_info.value
    checkout.wait_for_load_state()
    session_id = checkout.url.rsplit("/", 1)[1]
    checkout.close()

    page.goto(billing_app.path(f"/subscribe/success?session_id={session_id}"))
    wait_for_app(page)
    confirmation = page.locator("#subscription-confirmation")
    expect(confirmation).to_contain_text("Your payment is still being processed")
    expect(page.locator("#subscription-rechecking")).to_be_visible()
    assert page.evaluate("() => localStorage.getItem('isSubscribed')") is None

    expect(page.get_by_role("heading", level=1)).to_have_text("Your subscription")
    stripe_fake.complete_checkout(session_id)
    expect(confirmation).to_have_text(
        "Payment confirmed: your Premium Plan is active.", timeout=20_000
    )
    # P-PRICE-4: the thanks and 3 s of confetti come with the confirmation, not before.
    expect(page.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    canvas = page.locator("#confetti-canvas")
    expect(canvas).to_be_attached(timeout=5_000)
    seen_at = time.monotonic()
    expect(canvas).to_have_attribute("aria-hidden", "true")
    expect(canvas).not_to_be_attached(timeout=6_000)
    lasted = time.monotonic() - seen_at
    assert 1 <= lasted < 6, lasted  # not a flash: it stays for the animation, then goes
    page.wait_for_function("() => localStorage.getItem('isSubscribed') === 'true'")
    page.goto(billing_app.path("/dashboard"))
    expect(page).to_have_url(at(billing_app, "/dashboard"))


def test_a_confirmed_payment_skips_confetti_with_reduced_motion(
    billing_app: LiveApp, page: Page
) -> None:
    """P-PRICE-4: prefers-reduced-motion means no confetti at all, even when thanked."""
    sign_up_and_sign_in(billing_app, page, next_path="/pricing")
    paid = subscribe_through_checkout(page, billing_app)
    expect(paid.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    success_url = paid.url
    paid.close()
    page.emulate_media(reduced_motion="reduce")
    page.goto(success_url)  # the same paid session, confirmed again in this tab
    wait_for_app(page)
    expect(page.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    # The page script has seen the confetti marker (it marks it started either way)...
    expect(page.locator("[data-confetti-started]")).to_be_attached()
    expect(page.locator("#confetti-canvas")).to_have_count(0)  # ...and drew nothing


def test_cancel_in_checkout_returns_to_the_canceled_page(billing_app: LiveApp, page: Page) -> None:
    """P-PRICE-5: Cancel in Stripe Checkout lands on /subscribe/canceled."""
    sign_up_and_sign_in(billing_app, page, next_path="/pricing")
    with page.expect_popup() as popup_info:
        page.locator("#plan-subscribe").click()
    checkout = popup_info.value
    checkout.wait_for_load_state()
    checkout.get_by_role("link", name="Cancel").click()
    expect(checkout).to_have_url(at(billing_app, "/subscribe/canceled"))
    expect(checkout.get_by_role("link", name="Return to Pricing")).to_be_visible()


def test_failed_payment_and_cancellation_reach_the_founder(
    billing_app: LiveApp, stripe_fake: FakeStripeServer, page: Page
) -> None:
    """Webhooks: invoice.payment_failed adds a notification; customer.subscription.deleted
    ends access (P-AUTH-2)."""
    user_id = sign_up_and_sign_in(billing_app, page, next_path="/pricing")
    subscribe_through_checkout(page, billing_app).close()
    page.goto(billing_app.path("/dashboard"))
    expect(page).to_have_url(at(billing_app, "/dashboard"))

    with app_db(billing_app) as db:
        sub_id = db.exec(
            select(Subscription.stripe_subscription_id).where(Subscription.user_id == user_id)
        ).one()
    invoice = stripe_fake.add_invoice(sub_id, status="open")
    assert stripe_fake.deliver(stripe_fake.event("invoice.payment_failed", invoice)) == 200

    page.goto(billing_app.path("/notifications"))
    wait_for_app(page)
    expect(page.locator("#main")).to_contain_text("Your payment of $11.00 failed")

    canceled = stripe_fake.set_subscription(sub_id, status="canceled")
    event = stripe_fake.event("customer.subscription.deleted", canceled)
    assert stripe_fake.deliver(event) == 200
    assert stripe_fake.deliver(event) == 200  # a replay is accepted and changes nothing
    page.goto(billing_app.path("/dashboard"))
    expect(page).to_have_url(at(billing_app, "/pricing"))


def test_check_subscription_answers_for_the_signed_in_user_only(
    billing_app: LiveApp, page: Page
) -> None:
    """P-BILL-1: check-subscription replies with the spec's fields, for the session's user."""
    sign_up_and_sign_in(billing_app, page, next_path="/pricing")
    reply = page.request.get(billing_app.path("/api/billing/check-subscription"))
    assert reply.status == 200
    body = reply.json()
    assert set(body) == {
        "subscribed",
        "subscription_id",
        "start_date",
        "next_billing_date",
        "payment_method",
        "billing_history",
    }
    assert body["subscribed"] is False
    anonymous = page.context.browser.new_context() if page.context.browser else None
    assert anonymous is not None
    signed_out = anonymous.request.get(billing_app.path("/api/billing/check-subscription"))
    assert signed_out.status == 401
    assert "user_id" not in json.dumps(signed_out.json())
    anonymous.close()
