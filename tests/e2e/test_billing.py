"""Subscriptions in a browser, with Stripe played by a local server speaking its REST API and
delivering signed webhooks (P-AUTH-2, P-PRICE-3..5, P-PROF-6, P-BILL-1).

This module serves its own copy of the app in subscription mode: Stripe key, price and
webhook secret set, no ACCESS_MODE (so access needs a subscription).

One founder's whole story is one flow (a sign-in costs several page loads). What the server
decides alone is checked without a browser: the gate on every gated page, with or without
`isSubscribed` claims, and the success page's outcome for an unknown, unpaid or another
founder's session (tests/state/test_subscription_access.py) or a forged one
(tests/pages/pricing/test_billing_state.py); the billing routes' replies to strangers and to
subscribers (tests/api/test_billing_api.py); what each webhook event writes
(tests/services/test_billing.py).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import select

from startup_toolkit.models import Subscription
from tests.e2e.auth_helpers import app_db, sign_up_and_sign_in
from tests.e2e.conftest import LiveApp, at, beside, screenshot, serve_app, wait_for_app
from tests.support.stripe_server import CHECK_SUBSCRIPTION_KEYS, FakeStripeServer

WEBHOOK_SECRET = "whsec_e2e_unstuck"
CONFIRMED = "Payment confirmed: your Premium Plan is active."
#: Run in a tab before its pages' own scripts: when a confetti canvas was drawn and when it
#: went, by the page's own clock (it lasts 3 s: a test looking later would see nothing).
WATCH_CONFETTI = """
window.confettiDrawn = false;
new MutationObserver(() => {
  const canvas = document.getElementById('confetti-canvas');
  if (canvas && !window.confettiDrawn) {
    window.confettiDrawn = true;
    window.confettiDrawnAt = performance.now();
    window.confettiHidden = canvas.getAttribute('aria-hidden');
  } else if (!canvas && window.confettiDrawn && window.confettiGoneAt === undefined) {
    window.confettiGoneAt = performance.now();
  }
}).observe(document, {childList: true, subtree: true});
"""


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


def open_checkout(page: Page) -> Page:
    """From /pricing: Subscribe opens Stripe Checkout in a new tab; returns that tab."""
    with page.expect_popup() as popup_info:
        page.locator("#plan-subscribe").click()
    checkout = popup_info.value
    checkout.wait_for_load_state()
    expect(checkout.get_by_role("heading", name="Pay Unstuck")).to_be_visible()
    return checkout


def flag(page: Page) -> str | None:
    """The browser's `isSubscribed` hint."""
    return page.evaluate("() => localStorage.getItem('isSubscribed')")


def test_subscribe_pay_confirm_use_the_tools_and_lose_them_again(
    billing_app: LiveApp, stripe_fake: FakeStripeServer, page: Page
) -> None:
    """P-AUTH-2 gate (the browser flag alone grants nothing; a canceled subscription ends
    access), P-BILL-1 check-subscription for the session's user, P-PRICE-5 Cancel in Checkout,
    P-PRICE-3 checkout in a new tab, P-PRICE-4 a payment still processing is checked again by
    the page and confirmed without a refresh (thanks and 3 s of confetti, none with reduced
    motion), P-PROF-6 real subscription view, P-BILL-1 customer portal, webhooks: a failed
    payment reaches the founder."""
    user_id = sign_up_and_sign_in(billing_app, page, next_path="/dashboard")
    expect(page).to_have_url(at(billing_app, "/pricing"))

    # P-BILL-1: check-subscription answers for the browser's session, and for no one else.
    reply = page.request.get(billing_app.path("/api/billing/check-subscription"))
    assert reply.status == 200
    assert set(reply.json()) == CHECK_SUBSCRIPTION_KEYS and reply.json()["subscribed"] is False
    anonymous = page.context.browser.new_context() if page.context.browser else None
    assert anonymous is not None
    signed_out = anonymous.request.get(billing_app.path("/api/billing/check-subscription"))
    assert signed_out.status == 401
    assert "user_id" not in signed_out.text()
    anonymous.close()

    # P-AUTH-2: isSubscribed in local storage is a hint; the server still sends to /pricing.
    page.evaluate("() => localStorage.setItem('isSubscribed', 'true')")
    page.goto(billing_app.path("/dashboard"))
    expect(page).to_have_url(at(billing_app, "/pricing"))
    wait_for_app(page)
    page.evaluate("() => localStorage.removeItem('isSubscribed')")

    # P-PRICE-5: Cancel in Stripe Checkout lands on /subscribe/canceled.
    checkout = open_checkout(page)
    checkout.get_by_role("link", name="Cancel").click()
    expect(checkout).to_have_url(at(billing_app, "/subscribe/canceled"))
    expect(checkout.get_by_role("link", name="Return to Pricing")).to_be_visible()
    checkout.close()

    # P-PRICE-3: Subscribe again; this Checkout tab prefers reduced motion.
    checkout = open_checkout(page)
    checkout.emulate_media(reduced_motion="reduce")
    checkout.add_init_script(WATCH_CONFETTI)
    session_id = checkout.url.rsplit("/", 1)[1]

    # P-PRICE-4: the success page before the payment says it is still being processed, grants
    # nothing and checks again by itself.
    page.add_init_script(WATCH_CONFETTI)
    page.goto(billing_app.path(f"/subscribe/success?session_id={session_id}"))
    wait_for_app(page)
    confirmation = page.locator("#subscription-confirmation")
    expect(confirmation).to_contain_text("Your payment is still being processed")
    expect(page.locator("#subscription-rechecking")).to_be_visible()
    expect(page.get_by_role("heading", level=1)).to_have_text("Your subscription")
    assert page.evaluate("window.confettiDrawn") is False
    assert flag(page) is None

    # Pay in the Checkout tab: it returns to the success page, which confirms...
    checkout.get_by_label("Card number").fill("4242 4242 4242 4242")
    checkout.get_by_role("button", name="Subscribe").click()
    checkout.wait_for_url(
        re.compile(re.escape(billing_app.url) + r"/subscribe/success/?\?session_id=cs_")
    )
    # ...and so does the waiting page, without a refresh: the thanks and 3 s of confetti come
    # with the confirmation, not before.
    expect(confirmation).to_have_text(CONFIRMED, timeout=20_000)
    expect(page.get_by_role("heading", level=1)).to_have_text("You're All Set!")
    page.wait_for_function("() => window.confettiGoneAt !== undefined", timeout=10_000)
    drawn = page.evaluate("[window.confettiHidden, window.confettiGoneAt - window.confettiDrawnAt]")
    assert drawn[0] == "true", drawn  # aria-hidden
    assert 1_000 <= drawn[1] < 6_000, drawn  # not a flash: it stays for the animation, then goes
    expect(page.locator("#confetti-canvas")).to_have_count(0)
    # The hint is written by a script event that follows the confirmation text.
    page.wait_for_function("() => localStorage.getItem('isSubscribed') === 'true'")

    # The Checkout tab, with prefers-reduced-motion, is thanked without any confetti.
    wait_for_app(checkout)
    expect(checkout.locator("#subscription-confirmation")).to_have_text(CONFIRMED)
    expect(checkout.get_by_role("heading", name="You're All Set!")).to_be_visible()
    assert checkout.evaluate("matchMedia('(prefers-reduced-motion: reduce)').matches")
    # The page script has seen the confetti marker (it marks it started either way)...
    expect(checkout.locator("[data-confetti-started]")).to_be_attached()
    assert checkout.evaluate("window.confettiDrawn") is False  # ...and drew nothing
    screenshot(checkout, "billing-success")
    checkout.close()

    page.locator("#launch-dashboard").click()
    expect(page).to_have_url(at(billing_app, "/dashboard"))
    expect(page.locator("#main")).to_contain_text("Premium Plan")

    # Stripe's webhooks reached the app and were accepted.
    assert {kind for kind, _ in stripe_fake.deliveries} >= {
        "checkout.session.completed",
        "customer.subscription.created",
        "invoice.paid",
    }
    assert all(status == 200 for _, status in stripe_fake.deliveries), stripe_fake.deliveries
    assert page.request.get(billing_app.path("/api/billing/check-subscription")).json()[
        "subscribed"
    ]
    # The same founder cannot start a second subscription: checkout sends them to the dashboard.
    again = page.request.get(billing_app.path("/api/billing/checkout"), max_redirects=0)
    assert (again.status, again.headers["location"]) == (303, "/dashboard")

    page.goto(billing_app.path("/profile"))
    wait_for_app(page)
    card = page.locator("#subscription-card")
    expect(card.locator("#subscription-plan-name")).to_have_text("Premium Plan")
    expect(card.locator("#subscription-price")).to_have_text("$29.99")
    expect(card.locator("#subscription-details")).to_contain_text("Visa •••• 4242")
    expect(card.locator("#subscription-history")).to_contain_text("$11.00")
    screenshot(page, "billing-profile")

    with page.expect_popup() as portal_info:
        card.locator("#subscription-manage").click()
    portal = portal_info.value
    portal.wait_for_load_state()
    expect(portal.get_by_role("heading", name="Billing portal")).to_be_visible()
    portal.close()

    # Webhooks: invoice.payment_failed adds a notification; customer.subscription.deleted
    # ends access (a replay is accepted and changes nothing).
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
    assert stripe_fake.deliver(event) == 200
    page.goto(billing_app.path("/dashboard"))
    expect(page).to_have_url(at(billing_app, "/pricing"))
