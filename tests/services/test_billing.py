"""Billing against the real Stripe SDK talking to a fake Stripe on 127.0.0.1: checkout
(P-BILL-1, P-PRICE-3), the success-page check (P-PRICE-4), the customer portal and
check-subscription (P-BILL-1, P-PROF-6), the subscription gate (P-AUTH-2) and the webhook
events that keep our tables true."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, select

from startup_toolkit.models import User, UserNotification
from startup_toolkit.models.base import utcnow
from startup_toolkit.models.billing import Invoice, StripeEvent, Subscription
from startup_toolkit.services import access, billing
from startup_toolkit.services.billing import BillingError
from startup_toolkit.settings import get_settings
from tests.services.conftest import PUBLIC
from tests.support.founders import user
from tests.support.smtp_server import free_port
from tests.support.stripe_server import (
    CHECK_SUBSCRIPTION_KEYS,
    NOT_SUBSCRIBED,
    FakeStripeServer,
)

pytestmark = pytest.mark.usefixtures("stripe_env")


def configure(settings_env: pytest.MonkeyPatch, **env: str) -> None:
    for name, value in env.items():
        if value:
            settings_env.setenv(name, value)
        else:
            settings_env.delenv(name, raising=False)
    get_settings.cache_clear()


def session_id_of(url: str) -> str:
    match = re.search(r"/c/pay/(cs_[A-Za-z0-9_]+)$", url)
    assert match, url
    return match.group(1)


def subscribe(session: Session, fake: FakeStripeServer, user_id: str) -> tuple[str, str]:
    """Checkout, pay at the fake and confirm: (checkout session id, subscription id)."""
    cs_id = session_id_of(billing.start_checkout(session, user_id))
    sub = fake.complete_checkout(cs_id)
    assert billing.confirm_checkout(session, user_id, cs_id) == "confirmed"
    return cs_id, sub["id"]


def rows(session: Session, user_id: str | None = None) -> list[Subscription]:
    query = select(Subscription)
    if user_id is not None:
        query = query.where(Subscription.user_id == user_id)
    session.expire_all()
    return list(session.exec(query).all())


def age(session: Session, sub_id: str, **fields: object) -> Subscription:
    """Rewrite our row as if it were read long ago (or its period had ended)."""
    row = session.exec(
        select(Subscription).where(Subscription.stripe_subscription_id == sub_id)
    ).one()
    for name, value in fields.items():
        setattr(row, name, value)
    session.add(row)
    session.commit()
    return row


def epoch(value: datetime | None) -> int:
    """Seconds since the epoch of a (possibly naive UTC, from SQLite) datetime."""
    assert value is not None
    return int((value if value.tzinfo else value.replace(tzinfo=UTC)).timestamp())


def assert_safe(error: BillingError, code: str) -> None:
    """The code is the expected one and the message is ours, not the SDK's."""
    assert error.code == code
    assert error.message == billing.PROBLEMS[code] == str(error)
    for leak in ("Traceback", "Invalid API Key", "No such", "sk_", "price_", "stripe.", "127.0"):
        assert leak not in error.message


# --------------------------------------------------------------------------- checkout


def test_p_bill_1_p_price_3_checkout_session_request(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1, P-PRICE-3: a subscription-mode session for this user, on the configured price,
    with the success URL carrying Stripe's literal placeholder."""
    fake = stripe_env
    uid = user(session)
    url = billing.start_checkout(session, uid)

    (created,) = fake.objects("checkout.session")
    assert url == created["url"] == f"{fake.base_url}/c/pay/{created['id']}"
    (request,) = fake.requests_to("POST", "/v1/checkout/sessions")
    params = request.params
    assert params["mode"] == "subscription"
    assert params["line_items"] == [{"price": fake.price_id, "quantity": "1"}]
    assert params["client_reference_id"] == uid
    assert params["metadata"] == {"user_id": uid, "price_id": fake.price_id}
    assert params["subscription_data"] == {"metadata": {"user_id": uid}}
    assert params["success_url"] == f"{PUBLIC}/subscribe/success?session_id={{CHECKOUT_SESSION_ID}}"
    assert params["cancel_url"] == f"{PUBLIC}/subscribe/canceled"
    assert request.headers.get("idempotency-key")
    (customer,) = fake.objects("customer")
    assert params["customer"] == customer["id"]
    assert (customer["email"], customer["metadata"]) == ("ada@example.com", {"user_id": uid})
    assert fake.requests_to("POST", "/v1/customers")[0].headers.get("idempotency-key")


def test_p_bill_1_customer_created_once_and_remembered(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: the first checkout creates the Stripe customer and stores it on the user; a
    later one (past the half hour an open checkout is offered again) reuses it: one customer
    at Stripe, two sessions."""
    fake = stripe_env
    uid = user(session)
    now = utcnow()
    billing.start_checkout(session, uid, now=now)
    (customer,) = fake.objects("customer")
    session.expire_all()
    assert session.get(User, uid).stripe_customer_id == customer["id"]  # type: ignore[union-attr]

    billing.start_checkout(session, uid, now=now + timedelta(minutes=45))
    assert len(fake.objects("customer")) == 1
    assert len(fake.requests_to("POST", "/v1/customers")) == 1
    sessions = fake.objects("checkout.session")
    assert len(sessions) == 2
    assert {s["customer"] for s in sessions} == {customer["id"]}


def test_p_price_3_double_click_in_the_same_minute_opens_one_session(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-3: two checkouts in the same minute open one session."""
    fake = stripe_env
    uid = user(session)
    now = utcnow().replace(second=5)
    first = billing.start_checkout(session, uid, now=now)
    second = billing.start_checkout(session, uid, now=now + timedelta(seconds=30))
    assert first == second
    assert len(fake.objects("checkout.session")) == 1


def test_p_price_3_racing_requests_share_one_idempotency_key(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-3: when Stripe cannot list the open checkouts (so neither request sees the
    other's session), two requests in the same minute still make one session."""
    fake = stripe_env
    uid = user(session)
    now = utcnow().replace(second=5)
    fake.fail_next(500, times=4, path_prefix="/v1/checkout/sessions", method="GET")
    first = billing.start_checkout(session, uid, now=now)
    second = billing.start_checkout(session, uid, now=now + timedelta(seconds=30))
    assert first == second
    assert len(fake.objects("checkout.session")) == 1
    keys = {r.headers["idempotency-key"] for r in fake.requests_to("POST", "/v1/checkout")}
    assert len(keys) == 1


def test_p_price_3_a_click_across_a_minute_boundary_reopens_the_same_session(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-3: the second click of a double click that straddles a minute (or a founder who
    closed the Stripe tab and clicks Subscribe again) gets the checkout still open."""
    fake = stripe_env
    uid = user(session)
    now = utcnow().replace(second=59)
    first = billing.start_checkout(session, uid, now=now)
    assert billing.start_checkout(session, uid, now=now + timedelta(seconds=2)) == first
    assert billing.start_checkout(session, uid, now=now + timedelta(minutes=20)) == first
    assert len(fake.objects("checkout.session")) == 1
    assert len(fake.requests_to("POST", "/v1/checkout/sessions")) == 1


def test_p_price_3_a_paid_or_old_checkout_is_not_offered_again(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-3: a session already paid is never reopened, nor one older than half an hour;
    each time a new session is made."""
    fake = stripe_env
    uid = user(session)
    now = utcnow()
    first = billing.start_checkout(session, uid, now=now)
    old = billing.start_checkout(session, uid, now=now + timedelta(minutes=31))
    assert old != first
    paid = fake.complete_checkout(session_id_of(old))
    fake.set_subscription(paid["id"], status="canceled")
    again = billing.start_checkout(session, uid, now=now + timedelta(minutes=32))
    assert again not in (first, old)
    assert len(fake.objects("checkout.session")) == 3


def test_p_bill_1_checkout_refused_when_already_subscribed(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: a founder with an active subscription never gets a second checkout."""
    fake = stripe_env
    uid = user(session)
    subscribe(session, fake, uid)
    before = len(fake.requests)
    with pytest.raises(BillingError) as caught:
        billing.start_checkout(session, uid, now=utcnow() + timedelta(minutes=3))
    assert_safe(caught.value, "subscribed")
    assert len(fake.objects("checkout.session")) == 1
    assert len(fake.requests) == before


def test_p_price_3_checkout_not_configured(
    session: Session, settings_env: pytest.MonkeyPatch, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-3: without a key and price there is no checkout (and no request to Stripe)."""
    uid = user(session)
    configure(settings_env, STRIPE_SECRET_KEY="", STRIPE_PRICE_ID="")
    with pytest.raises(BillingError) as caught:
        billing.start_checkout(session, uid)
    assert_safe(caught.value, "not_configured")
    assert billing.checkout_mode() == "none"
    assert stripe_env.requests == []


def test_p_bill_1_checkout_with_a_wrong_key_is_misconfigured(
    session: Session, settings_env: pytest.MonkeyPatch, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: Stripe refusing the key reads as a setup problem, without the SDK's text."""
    uid = user(session)
    configure(settings_env, STRIPE_SECRET_KEY="sk_test_wrong_key_1234")
    with pytest.raises(BillingError) as caught:
        billing.start_checkout(session, uid)
    assert_safe(caught.value, "misconfigured")
    assert "not set up correctly" in caught.value.message
    assert stripe_env.requests and stripe_env.requests[0].status == 401
    assert stripe_env.objects("customer") == []


def test_p_bill_1_checkout_with_an_unknown_price_is_rejected(
    session: Session, settings_env: pytest.MonkeyPatch, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: a price Stripe does not know is refused: no session."""
    uid = user(session)
    configure(settings_env, STRIPE_PRICE_ID="price_does_not_exist")
    with pytest.raises(BillingError) as caught:
        billing.start_checkout(session, uid)
    assert_safe(caught.value, "rejected")
    assert stripe_env.objects("checkout.session") == []
    assert stripe_env.requests_to("POST", "/v1/checkout")[0].status == 400


def forget_at_stripe(session: Session, user_id: str, customer_id: str) -> None:
    """Our user remembers a customer that this Stripe account has never heard of (deleted,
    or made with the test key before the live one)."""
    account = session.get(User, user_id)
    assert account is not None
    account.stripe_customer_id = customer_id
    session.add(account)
    session.commit()


def test_p_bill_1_checkout_replaces_a_customer_stripe_no_longer_knows(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: a remembered customer unknown to Stripe does not lock the founder out of
    Subscribe: a new customer is made (under a key of its own), remembered and used."""
    fake = stripe_env
    uid = user(session)
    forget_at_stripe(session, uid, "cus_madeWithTheTestKey")

    url = billing.start_checkout(session, uid)

    (customer,) = fake.objects("customer")
    (created,) = fake.objects("checkout.session")
    assert url == created["url"]
    assert created["customer"] == customer["id"] != "cus_madeWithTheTestKey"
    session.expire_all()
    assert session.get(User, uid).stripe_customer_id == customer["id"]  # type: ignore[union-attr]
    refused, accepted = fake.requests_to("POST", "/v1/checkout/sessions")
    assert (refused.status, accepted.status) == (400, 200)
    assert refused.headers["idempotency-key"] != accepted.headers["idempotency-key"]
    (made,) = fake.requests_to("POST", "/v1/customers")
    assert made.headers["idempotency-key"].endswith("-after-cus_madeWithTheTestKey")


def test_p_bill_1_portal_for_a_customer_stripe_no_longer_knows_is_no_account(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: Manage for a customer Stripe does not know says to subscribe first."""
    uid = user(session)
    forget_at_stripe(session, uid, "cus_madeWithTheTestKey")
    with pytest.raises(BillingError) as caught:
        billing.portal_url(session, uid)
    assert_safe(caught.value, "no_account")
    assert stripe_env.requests_to("POST", "/v1/billing_portal")[0].status == 400


def test_p_bill_1_checkout_when_stripe_is_unreachable(
    session: Session, settings_env: pytest.MonkeyPatch
) -> None:
    """P-BILL-1: a closed port reads as 'unreachable' and nothing is stored on the user."""
    uid = user(session)
    configure(settings_env, STRIPE_API_BASE=f"http://127.0.0.1:{free_port()}")
    with pytest.raises(BillingError) as caught:
        billing.start_checkout(session, uid)
    assert_safe(caught.value, "unreachable")
    assert "try again" in caught.value.message
    session.expire_all()
    assert session.get(User, uid).stripe_customer_id is None  # type: ignore[union-attr]


def test_p_bill_1_one_5xx_is_retried_and_two_are_unreachable(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: one server error is absorbed by the SDK's retry (same idempotency key, one
    session); an error that survives the retry reads as 'unreachable'."""
    fake = stripe_env
    uid = user(session)
    now = utcnow()
    fake.fail_next(500, path_prefix="/v1/checkout", method="POST")
    url = billing.start_checkout(session, uid, now=now)
    attempts = fake.requests_to("POST", "/v1/checkout")
    assert [r.status for r in attempts] == [500, 200]
    assert attempts[0].headers["idempotency-key"] == attempts[1].headers["idempotency-key"]
    assert url == fake.objects("checkout.session")[0]["url"]

    fake.fail_next(500, times=2, path_prefix="/v1/checkout", method="POST")
    with pytest.raises(BillingError) as caught:
        billing.start_checkout(session, uid, now=now + timedelta(minutes=45))
    assert_safe(caught.value, "unreachable")
    assert len(fake.objects("checkout.session")) == 1


# --------------------------------------------------------------------------- confirm


def test_p_price_4_paid_session_is_recorded_and_grants_access(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4, P-AUTH-2: a paid session of this user records the subscription as Stripe
    has it, and the gate lets the founder in."""
    fake = stripe_env
    uid = user(session)
    assert get_settings().effective_access_mode == "subscription"
    assert access.may_use_tools(session, uid) is False

    cs_id = session_id_of(billing.start_checkout(session, uid))
    sub = fake.complete_checkout(cs_id)
    assert billing.confirm_checkout(session, uid, cs_id) == "confirmed"

    (row,) = rows(session, uid)
    item = sub["items"]["data"][0]
    assert row.stripe_subscription_id == sub["id"]
    assert row.stripe_customer_id == sub["customer"]
    assert row.status == "active"
    assert row.price_id == fake.price_id
    assert epoch(row.current_period_end) == item["current_period_end"]
    assert epoch(row.current_period_start) == item["current_period_start"]
    assert epoch(row.started_at) == sub["start_date"]
    assert row.payment_method == "Visa •••• 4242"
    assert row.refreshed_at is not None
    assert access.may_use_tools(session, uid) is True


def test_p_price_4_confirming_twice_keeps_one_row(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4: reloading the success page records nothing new."""
    uid = user(session)
    cs_id, _ = subscribe(session, stripe_env, uid)
    assert billing.confirm_checkout(session, uid, cs_id) == "confirmed"
    assert len(rows(session)) == 1


def test_p_price_4_unpaid_session_records_nothing(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4: a session not completed (the founder closed the tab) grants nothing."""
    uid = user(session)
    cs_id = session_id_of(billing.start_checkout(session, uid))
    assert billing.confirm_checkout(session, uid, cs_id) == "unpaid"
    assert rows(session) == []
    assert access.may_use_tools(session, uid) is False


def test_p_price_4_complete_session_with_payment_pending_records_nothing(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4: a session Stripe calls complete while the payment is still processing (a
    bank debit) is not paid yet: nothing is recorded."""
    fake = stripe_env
    uid = user(session)
    cs_id = session_id_of(billing.start_checkout(session, uid))
    fake.complete_checkout(cs_id)
    with fake._lock:  # the fake has no delayed payment methods: play one on its store
        fake._objects["checkout.session"][cs_id]["payment_status"] = "unpaid"
    assert billing.confirm_checkout(session, uid, cs_id) == "unpaid"
    assert rows(session) == []


def test_p_price_4_another_users_session_is_not_yours(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4: a paid session id of user A pasted by user B records nothing for anyone."""
    fake = stripe_env
    a = user(session, "a@example.com")
    b = user(session, "b@example.com")
    cs_id = session_id_of(billing.start_checkout(session, a))
    fake.complete_checkout(cs_id)
    assert billing.confirm_checkout(session, b, cs_id) == "not_yours"
    assert rows(session) == []
    assert access.may_use_tools(session, b) is False
    session.expire_all()
    assert session.get(User, b).stripe_customer_id is None  # type: ignore[union-attr]


@pytest.mark.parametrize(
    "bad", ["", "not-a-session", "cs_", "cs_test_../../v1/customers", None, 42, "sub_123"]
)
def test_p_price_4_malformed_session_id_is_invalid_without_asking_stripe(
    session: Session, stripe_env: FakeStripeServer, bad: object
) -> None:
    """P-PRICE-4: a missing or malformed session id grants nothing and never reaches Stripe."""
    uid = user(session)
    assert billing.confirm_checkout(session, uid, bad) == "invalid"
    assert stripe_env.requests == []
    assert rows(session) == []


def test_p_price_4_unknown_session_id_is_invalid(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4: a well-formed id Stripe does not know (404) is 'invalid'."""
    uid = user(session)
    assert billing.confirm_checkout(session, uid, "cs_test_" + "x" * 58) == "invalid"
    assert [r.status for r in stripe_env.requests] == [404]
    assert rows(session) == []


def test_p_price_4_stripe_down_is_unavailable(
    session: Session, settings_env: pytest.MonkeyPatch, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4: when Stripe cannot answer, the page says so (and may be reloaded) instead
    of calling a paid session invalid."""
    fake = stripe_env
    uid = user(session)
    cs_id = session_id_of(billing.start_checkout(session, uid))
    fake.complete_checkout(cs_id)
    fake.fail_next(503, times=2)
    assert billing.confirm_checkout(session, uid, cs_id) == "unavailable"
    assert rows(session) == []

    configure(settings_env, STRIPE_API_BASE=f"http://127.0.0.1:{free_port()}")
    assert billing.confirm_checkout(session, uid, cs_id) == "unavailable"
    configure(settings_env, STRIPE_API_BASE=fake.base_url)
    assert billing.confirm_checkout(session, uid, cs_id) == "confirmed"


# --------------------------------------------------------------------------- portal


def test_p_bill_1_portal_url(session: Session, stripe_env: FakeStripeServer) -> None:
    """P-BILL-1: customer-portal returns Stripe's portal URL for the user's own customer, with
    the profile as the way back."""
    fake = stripe_env
    uid = user(session)
    subscribe(session, fake, uid)
    customer_id = session.get(User, uid).stripe_customer_id  # type: ignore[union-attr]
    assert billing.has_billing_account(session, uid) is True

    url = billing.portal_url(session, uid)
    (portal,) = fake.objects("billing_portal.session")
    assert url == portal["url"] == f"{fake.base_url}/p/session/{portal['id']}"
    assert portal["customer"] == customer_id
    assert portal["return_url"] == f"{PUBLIC}/profile"


def test_p_bill_1_portal_without_customer_is_no_account(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: a founder who never started a checkout has nothing to manage."""
    uid = user(session)
    assert billing.has_billing_account(session, uid) is False
    with pytest.raises(BillingError) as caught:
        billing.portal_url(session, uid)
    assert_safe(caught.value, "no_account")
    assert stripe_env.requests == []


def test_p_bill_1_portal_when_stripe_fails(session: Session, stripe_env: FakeStripeServer) -> None:
    """P-BILL-1: a portal Stripe cannot open reads as 'unreachable', not as an exception."""
    uid = user(session)
    billing.start_checkout(session, uid)
    stripe_env.fail_next(500, times=2, path_prefix="/v1/billing_portal")
    with pytest.raises(BillingError) as caught:
        billing.portal_url(session, uid)
    assert_safe(caught.value, "unreachable")


# --------------------------------------------------------------------------- status


def test_p_bill_1_check_subscription_without_a_row(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: nobody subscribed: the reply's fields are there, empty."""
    uid = user(session)
    reply = billing.check_subscription(session, uid).as_reply()
    assert reply == NOT_SUBSCRIBED
    assert stripe_env.requests == []


def test_p_bill_1_p_prof_6_check_subscription_after_checkout(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1, P-PROF-6: after a confirmed checkout (and a refresh from Stripe once the row
    is an hour old) the reply carries the subscription and its paid invoice."""
    fake = stripe_env
    uid = user(session)
    _, sub_id = subscribe(session, fake, uid)
    sub = fake.get(sub_id)
    assert sub is not None
    age(session, sub_id, refreshed_at=utcnow() - timedelta(hours=2))

    status = billing.check_subscription(session, uid)
    assert len(fake.requests_to("GET", f"/v1/subscriptions/{sub_id}")) == 1
    reply = status.as_reply()
    assert set(reply) == CHECK_SUBSCRIPTION_KEYS
    assert reply["subscribed"] is True
    assert reply["subscription_id"] == sub_id
    assert reply["payment_method"] == "Visa •••• 4242"
    start = datetime.fromisoformat(reply["start_date"])
    next_billing = datetime.fromisoformat(reply["next_billing_date"])
    assert int(start.timestamp()) == sub["start_date"]
    assert int(next_billing.timestamp()) == sub["items"]["data"][0]["current_period_end"]
    (entry,) = reply["billing_history"]
    (invoice,) = fake.objects("invoice")
    assert entry["id"] == invoice["id"]
    assert entry["amount"] == "$11.00"
    assert entry["status"] == "paid"
    assert entry["url"] == invoice["hosted_invoice_url"]
    assert "Unstuck All-Access" in entry["description"]
    assert int(datetime.fromisoformat(entry["date"]).timestamp()) == invoice["created"]
    assert status.cancel_at_period_end is False


def test_p_bill_1_fresh_row_is_not_read_again(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: a row read from Stripe within the hour is answered from our table."""
    fake = stripe_env
    uid = user(session)
    _, sub_id = subscribe(session, fake, uid)
    fake.set_subscription(sub_id, status="past_due")
    before = len(fake.requests)
    status = billing.check_subscription(session, uid)
    assert fake.requests_to("GET", "/v1/subscriptions") == []
    assert len(fake.requests) == before
    assert status.subscribed is True  # what we knew; Stripe's change waits for a webhook


def test_p_bill_1_stale_row_picks_up_stripes_changes(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: an hour-old row is read again: a pending cancellation shows, and a failed
    renewal (past_due) ends 'subscribed'."""
    fake = stripe_env
    uid = user(session)
    _, sub_id = subscribe(session, fake, uid)

    fake.set_subscription(sub_id, cancel_at_period_end=True)
    age(session, sub_id, refreshed_at=utcnow() - timedelta(minutes=61))
    status = billing.check_subscription(session, uid)
    assert (status.subscribed, status.cancel_at_period_end) == (True, True)

    fake.set_subscription(sub_id, status="past_due")
    age(session, sub_id, refreshed_at=utcnow() - timedelta(hours=3))
    status = billing.check_subscription(session, uid)
    assert status.subscribed is False
    assert status.status == "past_due"
    assert status.as_reply()["subscription_id"] == sub_id
    assert access.may_use_tools(session, uid) is False


def test_p_bill_1_period_end_passed_is_read_again(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: a fresh row whose paid period has ended at our side is read again, and
    Stripe's renewed period shows."""
    fake = stripe_env
    uid = user(session)
    _, sub_id = subscribe(session, fake, uid)
    renewed_end = int((utcnow() + timedelta(days=29)).timestamp())
    fake.set_subscription(sub_id, current_period_end=renewed_end)
    age(session, sub_id, current_period_end=utcnow() - timedelta(minutes=1))
    status = billing.check_subscription(session, uid)
    assert len(fake.requests_to("GET", "/v1/subscriptions")) == 1
    assert status.subscribed is True
    assert status.next_billing_date is not None
    assert int(status.next_billing_date.timestamp()) == renewed_end


def test_p_bill_1_stripe_down_during_refresh_answers_from_the_table(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: a refresh that fails leaves what we knew, without an exception."""
    fake = stripe_env
    uid = user(session)
    _, sub_id = subscribe(session, fake, uid)
    age(session, sub_id, refreshed_at=utcnow() - timedelta(hours=2))
    fake.set_subscription(sub_id, status="canceled")
    fake.fail_next(500, times=2)
    status = billing.check_subscription(session, uid)
    assert len(fake.requests_to("GET", "/v1/subscriptions")) == 2
    assert status.subscribed is True
    assert status.subscription_id == sub_id
    assert status.payment_method == "Visa •••• 4242"


def test_p_bill_1_users_never_see_each_others_billing(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: user B's check-subscription never shows A's subscription or invoices."""
    fake = stripe_env
    a = user(session, "a@example.com")
    b = user(session, "b@example.com")
    _, sub_id = subscribe(session, fake, a)
    age(session, sub_id, refreshed_at=utcnow() - timedelta(hours=2))
    assert billing.check_subscription(session, a).billing_history

    reply = billing.check_subscription(session, b).as_reply()
    assert reply["subscribed"] is False
    assert reply["subscription_id"] is None
    assert reply["billing_history"] == []
    assert access.may_use_tools(session, b) is False


# --------------------------------------------------------------------------- gate


def test_p_auth_2_renewal_missed_by_webhooks_is_revived(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-AUTH-2: the paid period ran out in our table but Stripe renewed it: the founder gets
    in after one read of Stripe, and the row carries the new period."""
    fake = stripe_env
    uid = user(session)
    _, sub_id = subscribe(session, fake, uid)
    new_end = int((utcnow() + timedelta(days=30)).timestamp())
    fake.set_subscription(sub_id, current_period_end=new_end)
    age(session, sub_id, current_period_end=utcnow() - timedelta(hours=1))

    assert access.may_use_tools(session, uid) is True
    assert len(fake.requests_to("GET", f"/v1/subscriptions/{sub_id}")) == 1
    (row,) = rows(session, uid)
    assert epoch(row.current_period_end) == new_end
    assert access.may_use_tools(session, uid) is True
    assert len(fake.requests_to("GET", "/v1/subscriptions")) == 1  # the row speaks again


def test_p_auth_2_lapsed_and_canceled_at_stripe_is_denied(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-AUTH-2: the period ran out and Stripe says canceled: no access, the row says so."""
    fake = stripe_env
    uid = user(session)
    _, sub_id = subscribe(session, fake, uid)
    fake.set_subscription(sub_id, status="canceled")
    age(session, sub_id, current_period_end=utcnow() - timedelta(hours=1))
    assert access.may_use_tools(session, uid) is False
    (row,) = rows(session, uid)
    assert row.status == "canceled"


def test_p_auth_2_lapsed_and_stripe_down_is_denied(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-AUTH-2: a lapsed period is not extended on our own say when Stripe cannot answer."""
    fake = stripe_env
    uid = user(session)
    _, sub_id = subscribe(session, fake, uid)
    age(session, sub_id, current_period_end=utcnow() - timedelta(hours=1))
    fake.fail_next(500, times=2)
    assert access.may_use_tools(session, uid) is False


def test_p_auth_2_open_mode_never_asks_stripe(
    session: Session, settings_env: pytest.MonkeyPatch, stripe_env: FakeStripeServer
) -> None:
    """P-AUTH-2: in open mode every signed-in founder may use the tools, Stripe unasked."""
    fake = stripe_env
    uid = user(session)
    _, sub_id = subscribe(session, fake, uid)
    fake.set_subscription(sub_id, status="canceled")
    age(session, sub_id, current_period_end=utcnow() - timedelta(hours=1))
    other = user(session, "b@example.com")
    configure(settings_env, ACCESS_MODE="open")
    before = len(fake.requests)
    assert access.may_use_tools(session, uid) is True
    assert access.may_use_tools(session, other) is True
    assert len(fake.requests) == before


# --------------------------------------------------------------------------- webhook events


def paid_subscription(
    session: Session, fake: FakeStripeServer, user_id: str
) -> tuple[dict[str, object], dict[str, object]]:
    """A paid checkout at the fake that our tables have not heard of: (session, subscription)."""
    cs_id = session_id_of(billing.start_checkout(session, user_id))
    sub = fake.complete_checkout(cs_id)
    checkout = fake.get(cs_id)
    assert checkout is not None
    return checkout, sub


def test_p_bill_1_subscription_created_updated_deleted(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: subscription events of a known customer create, update and cancel the row."""
    fake = stripe_env
    uid = user(session)
    _, sub = paid_subscription(session, fake, uid)
    t = int(utcnow().timestamp())

    assert billing.handle_event(session, fake.event("customer.subscription.created", sub, t)) == (
        "processed"
    )
    (row,) = rows(session, uid)
    assert (row.status, row.cancel_at_period_end) == ("active", False)
    assert access.may_use_tools(session, uid) is True

    pending = fake.set_subscription(str(sub["id"]), cancel_at_period_end=True)
    event = fake.event("customer.subscription.updated", pending, t + 10)
    assert billing.handle_event(session, event) == "processed"
    (row,) = rows(session, uid)
    assert (row.status, row.cancel_at_period_end) == ("active", True)

    ended = fake.set_subscription(str(sub["id"]), status="canceled")
    deleted = fake.event("customer.subscription.deleted", ended, t + 20)
    assert billing.handle_event(session, deleted) == "processed"
    (row,) = rows(session, uid)
    assert row.status == "canceled"
    assert access.may_use_tools(session, uid) is False
    assert billing.check_subscription(session, uid, refresh=False).subscribed is False


def test_p_bill_1_out_of_order_events_never_move_backwards(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: an older 'updated' arriving after a newer one changes nothing; nor does any
    event after the deletion."""
    fake = stripe_env
    uid = user(session)
    _, sub = paid_subscription(session, fake, uid)
    sub_id = str(sub["id"])
    t = int(utcnow().timestamp())
    older = fake.event("customer.subscription.updated", sub, t + 10)
    newer = fake.event(
        "customer.subscription.updated",
        fake.set_subscription(sub_id, status="past_due", cancel_at_period_end=True),
        t + 20,
    )
    assert billing.handle_event(session, newer) == "processed"
    billing.handle_event(session, older)
    (row,) = rows(session, uid)
    assert (row.status, row.cancel_at_period_end, row.last_event_created) == (
        "past_due",
        True,
        t + 20,
    )

    deleted = fake.event(
        "customer.subscription.deleted", fake.set_subscription(sub_id, status="canceled"), t + 30
    )
    assert billing.handle_event(session, deleted) == "processed"
    late_active = fake.event("customer.subscription.updated", {**sub, "status": "active"}, t + 40)
    billing.handle_event(session, late_active)
    (row,) = rows(session, uid)
    assert row.status == "canceled"


def test_p_bill_1_same_event_three_times_is_applied_once(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: Stripe's retries of one event id are no-ops after the first."""
    fake = stripe_env
    uid = user(session)
    _, sub = paid_subscription(session, fake, uid)
    event = fake.event("customer.subscription.created", sub)
    results = [billing.handle_event(session, event) for _ in range(3)]
    assert results == ["processed", "duplicate", "duplicate"]
    assert len(rows(session)) == 1
    assert len(session.exec(select(StripeEvent)).all()) == 1


def test_p_bill_1_invoice_paid_goes_to_the_billing_history(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: invoice.paid stores the invoice, shown in the owner's billing history."""
    fake = stripe_env
    uid = user(session)
    _, sub = paid_subscription(session, fake, uid)
    billing.handle_event(session, fake.event("customer.subscription.created", sub))
    renewal = fake.add_invoice(str(sub["id"]), "paid", created=int(utcnow().timestamp()) + 5)
    assert billing.handle_event(session, fake.event("invoice.paid", renewal)) == "processed"
    history = billing.check_subscription(session, uid, refresh=False).billing_history
    assert [(e.invoice_id, e.amount, e.status) for e in history] == [
        (renewal["id"], "$11.00", "paid")
    ]
    stored = session.get(Invoice, renewal["id"])
    assert stored is not None and stored.stripe_subscription_id == sub["id"]


def test_p_bill_1_payment_failed_notifies_the_owner_once(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: invoice.payment_failed stores the invoice and adds one error notification to
    its owner, however often Stripe sends that event."""
    fake = stripe_env
    uid = user(session)
    other = user(session, "b@example.com")
    _, sub = paid_subscription(session, fake, uid)
    billing.handle_event(session, fake.event("customer.subscription.created", sub))
    failed = fake.add_invoice(str(sub["id"]), "open", amount=1100)
    event = fake.event("invoice.payment_failed", failed)
    results = [billing.handle_event(session, event) for _ in range(3)]
    assert results == ["processed", "duplicate", "duplicate"]

    notes = session.exec(select(UserNotification)).all()
    assert [(n.user_id, n.type, n.is_read) for n in notes] == [(uid, "error", False)]
    assert "$11.00" in notes[0].message and "failed" in notes[0].message
    (entry,) = billing.check_subscription(session, uid, refresh=False).billing_history
    assert (entry.invoice_id, entry.status, entry.amount) == (failed["id"], "open", "$11.00")
    assert billing.check_subscription(session, other, refresh=False).billing_history == ()


def test_p_price_4_checkout_completed_with_a_subscription_id_reads_it_from_stripe(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4: checkout.session.completed names the subscription by id only: the webhook
    reads it from Stripe and records it for the session's user."""
    fake = stripe_env
    uid = user(session)
    checkout, sub = paid_subscription(session, fake, uid)
    assert checkout["subscription"] == sub["id"]
    event = fake.event("checkout.session.completed", checkout)
    assert billing.handle_event(session, event) == "processed"
    assert len(fake.requests_to("GET", f"/v1/subscriptions/{sub['id']}")) == 1
    (row,) = rows(session, uid)
    assert (row.stripe_subscription_id, row.status) == (sub["id"], "active")
    assert row.payment_method == "Visa •••• 4242"
    assert access.may_use_tools(session, uid) is True
    # The success page confirming afterwards finds the same row.
    assert billing.confirm_checkout(session, uid, checkout["id"]) == "confirmed"
    assert len(rows(session)) == 1


def test_p_price_4_checkout_completed_when_stripe_is_down_is_retried_later(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4: a completed checkout whose subscription cannot be read fails loudly (the
    webhook answers 5xx) and is applied when Stripe sends it again."""
    from startup_toolkit.providers.stripe_api import PaymentsError

    fake = stripe_env
    uid = user(session)
    checkout, _ = paid_subscription(session, fake, uid)
    event = fake.event("checkout.session.completed", checkout)
    fake.fail_next(500, times=2)
    with pytest.raises(PaymentsError):
        billing.handle_event(session, event)
    assert session.get(StripeEvent, event["id"]) is None
    assert billing.handle_event(session, event) == "processed"
    assert len(rows(session, uid)) == 1


def test_p_bill_1_events_for_strangers_are_ignored(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: events naming a customer or user we do not know change nothing."""
    fake = stripe_env
    uid = user(session)
    _, sub = paid_subscription(session, fake, uid)
    stranger_sub = {**sub, "customer": "cus_stranger", "metadata": {}}
    invoice = fake.add_invoice(str(sub["id"]))
    stranger_invoice = {
        **invoice,
        "customer": "cus_stranger",
        "parent": {"subscription_details": {"metadata": {}, "subscription": sub["id"]}},
    }
    events = [
        fake.event("customer.subscription.created", stranger_sub),
        fake.event("customer.subscription.updated", {**stranger_sub, "metadata": {"user_id": "x"}}),
        fake.event("invoice.paid", stranger_invoice),
        fake.event("invoice.payment_failed", stranger_invoice),
        fake.event(
            "checkout.session.completed",
            {"id": "cs_test_x", "mode": "subscription", "client_reference_id": "nobody"},
        ),
        fake.event("customer.created", {"id": "cus_x", "object": "customer"}),
    ]
    assert [billing.handle_event(session, e) for e in events] == ["ignored"] * len(events)
    assert rows(session) == []
    assert session.exec(select(Invoice)).all() == []
    assert session.exec(select(UserNotification)).all() == []


def test_p_bill_1_a_subscription_never_moves_to_another_user(
    session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: an event pairing A's subscription with B's customer leaves it with A; B sees
    nothing of it."""
    fake = stripe_env
    a = user(session, "a@example.com")
    b = user(session, "b@example.com")
    _, sub = paid_subscription(session, fake, a)
    billing.handle_event(session, fake.event("customer.subscription.created", sub))
    billing.start_checkout(session, b)  # B gets a customer of their own
    b_customer = session.get(User, b).stripe_customer_id  # type: ignore[union-attr]
    hijack = {**sub, "customer": b_customer, "metadata": {"user_id": b}}
    later = int(utcnow().timestamp()) + 60
    billing.handle_event(session, fake.event("customer.subscription.updated", hijack, later))
    (row,) = rows(session)
    assert row.user_id == a
    assert row.stripe_customer_id == sub["customer"]
    assert billing.check_subscription(session, b, refresh=False).subscription_id is None
    assert access.may_use_tools(session, b) is False
    assert access.may_use_tools(session, a) is True
