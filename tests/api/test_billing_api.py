"""The billing routes over real HTTP (`startup_toolkit.api.api` served by uvicorn on 127.0.0.1),
with Stripe played by FakeStripeServer on 127.0.0.1 and the settings taken from the environment.

Webhooks are signed with the stripe SDK's own signer: valid, tampered, wrong secret, missing,
stale, replayed, out of order, too large, and failing while applied (then retried by Stripe).
Then the spec's server functions (P-BILL-1) and the Subscribe / Manage targets (P-PRICE-3,
P-PRICE-6): the signed-in user always comes from the session cookie, never from the request.
"""

from __future__ import annotations

import asyncio
import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
import stripe
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError
from sqlmodel import Session, select

from startup_toolkit.api import api
from startup_toolkit.api.billing import MAX_WEBHOOK_BYTES
from startup_toolkit.db import run_in_session
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.models import User, UserNotification
from startup_toolkit.models.base import utcnow
from startup_toolkit.models.billing import Invoice, StripeEvent, Subscription
from startup_toolkit.services import access, activity, billing, sessions
from startup_toolkit.settings import get_settings
from tests.support.asgi_server import LoopbackServer
from tests.support.founders import session_token, user
from tests.support.smtp_server import free_port
from tests.support.stripe_server import (
    CHECK_SUBSCRIPTION_KEYS,
    NOT_SUBSCRIBED,
    FakeStripeServer,
)

WEBHOOK = "/api/stripe/webhook"
SECRET = "whsec_test_unstuck_api"
APP_URL = "http://localhost:3000"


# --------------------------------------------------------------------------- fixtures


@pytest.fixture
def fake() -> Iterator[FakeStripeServer]:
    with FakeStripeServer() as server:
        yield server


def configure_stripe(
    env: pytest.MonkeyPatch, fake: FakeStripeServer, *, api_base: str | None = None
) -> None:
    """Stripe key, price and webhook secret set, ACCESS_MODE left unset (subscription mode)."""
    env.delenv("ACCESS_MODE", raising=False)
    env.delenv("CHECKOUT_URL", raising=False)
    env.setenv("STRIPE_SECRET_KEY", fake.api_key)
    env.setenv("STRIPE_PRICE_ID", fake.price_id)
    env.setenv("STRIPE_WEBHOOK_SECRET", SECRET)
    env.setenv("STRIPE_API_BASE", api_base or fake.base_url)
    env.setenv("PUBLIC_BASE_URL", APP_URL)
    get_settings.cache_clear()


@pytest.fixture
def stripe_mode(
    engine: Engine, settings_env: pytest.MonkeyPatch, fake: FakeStripeServer
) -> FakeStripeServer:
    configure_stripe(settings_env, fake)
    assert get_settings().effective_access_mode == "subscription"
    return fake


@pytest.fixture(scope="module")
def api_url() -> Iterator[str]:
    with LoopbackServer(api) as server:
        yield server.url


@dataclass
class Founder:
    """A user with a live session, and an HTTP client carrying its session cookie."""

    user_id: str
    token: str
    http: httpx.Client


def http_client(api_url: str, cookie: str | None = None) -> httpx.Client:
    cookies = {SESSION_COOKIE: cookie} if cookie is not None else None
    return httpx.Client(base_url=api_url, follow_redirects=False, cookies=cookies, timeout=30)


def make_founder(engine: Engine, api_url: str, email: str) -> Founder:
    user_id = user(engine, email)
    with Session(engine) as db:
        activity.ensure_user_stats(db, user_id)
    token = session_token(engine, user_id)
    return Founder(user_id, token, http_client(api_url, token))


@pytest.fixture
def ada(engine: Engine, api_url: str) -> Iterator[Founder]:
    founder = make_founder(engine, api_url, "ada@example.com")
    with founder.http:
        yield founder


@pytest.fixture
def bob(engine: Engine, api_url: str) -> Iterator[Founder]:
    founder = make_founder(engine, api_url, "bob@example.com")
    with founder.http:
        yield founder


@pytest.fixture
def anonymous(api_url: str) -> Iterator[httpx.Client]:
    with http_client(api_url) as client:
        yield client


# --------------------------------------------------------------------------- helpers


def send(
    http: httpx.Client,
    event: dict[str, Any],
    *,
    secret: str = SECRET,
    timestamp: int | None = None,
    body: str | None = None,
) -> httpx.Response:
    """POST the event as Stripe does; `body` replaces what is sent after signing the event."""
    payload = json.dumps(event, indent=2)
    signature = stripe.WebhookSignature.generate_signature_header(payload, secret, timestamp)
    return http.post(
        WEBHOOK,
        content=(payload if body is None else body).encode(),
        headers={"Content-Type": "application/json; charset=utf-8", "Stripe-Signature": signature},
    )


def paid_subscription(fake: FakeStripeServer, founder: Founder) -> dict[str, Any]:
    """Open checkout through the app, then pay at the fake Stripe; the Stripe subscription
    (nothing is delivered to the app yet)."""
    reply = founder.http.post("/api/billing/create-checkout")
    assert reply.status_code == 200, reply.text
    session_id = reply.json()["url"].rsplit("/", 1)[1]
    return fake.complete_checkout(session_id)


def subscribe(fake: FakeStripeServer, founder: Founder) -> dict[str, Any]:
    """A founder who paid, with Stripe's customer.subscription.created delivered."""
    sub = paid_subscription(fake, founder)
    reply = send(founder.http, fake.event("customer.subscription.created", sub))
    assert reply.json() == {"received": True, "result": "processed"}
    return sub


def may_use_tools(user_id: str) -> bool:
    return run_in_session(access.may_use_tools, user_id)


def rows(engine: Engine, model: Any, *where: Any) -> list[Any]:
    with Session(engine) as db:
        return list(db.exec(select(model).where(*where)).all())


def customer_of(engine: Engine, user_id: str) -> str | None:
    with Session(engine) as db:
        user = db.get(User, user_id)
        assert user is not None
        return user.stripe_customer_id


def location(reply: httpx.Response) -> str:
    assert reply.status_code == 303, reply.text
    assert reply.headers["cache-control"] == "no-store"
    return reply.headers["location"]


def iso(stamp: int) -> str:
    return datetime.fromtimestamp(stamp, UTC).isoformat()


def next_whole_second() -> None:
    """Sleep to the start of a second, so `int(time.time())` is as fresh as it can be."""
    time.sleep(1 - time.time() % 1 + 0.001)


# --------------------------------------------------------------------------- webhook


def test_a_signed_subscription_event_grants_access(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """P-AUTH-2: Stripe's customer.subscription.created for the founder's customer opens the
    tools; the paid checkout alone (nothing delivered yet) does not."""
    sub = paid_subscription(stripe_mode, ada)
    assert customer_of(engine, ada.user_id) == sub["customer"]
    assert may_use_tools(ada.user_id) is False

    reply = send(ada.http, stripe_mode.event("customer.subscription.created", sub))

    assert reply.status_code == 200
    assert reply.json() == {"received": True, "result": "processed"}
    assert reply.headers["cache-control"] == "no-store"
    (row,) = rows(engine, Subscription)
    assert (row.user_id, row.stripe_subscription_id, row.status) == (
        ada.user_id,
        sub["id"],
        "active",
    )
    assert may_use_tools(ada.user_id) is True
    assert [e.type for e in rows(engine, StripeEvent)] == ["customer.subscription.created"]


def test_a_tampered_body_is_refused_and_changes_nothing(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    sub = paid_subscription(stripe_mode, ada)
    event = stripe_mode.event("customer.subscription.updated", {**sub, "status": "past_due"})
    forged = json.dumps(event, indent=2).replace('"past_due"', '"active"')

    reply = send(ada.http, event, body=forged)

    assert reply.status_code == 400
    assert reply.json() == {"error": "Invalid signature."}
    assert rows(engine, Subscription) == [] and rows(engine, StripeEvent) == []
    assert may_use_tools(ada.user_id) is False


def test_a_wrong_secret_or_a_missing_signature_is_refused(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    sub = paid_subscription(stripe_mode, ada)
    event = stripe_mode.event("customer.subscription.created", sub)

    assert send(ada.http, event, secret="whsec_somebody_else").status_code == 400
    unsigned = ada.http.post(WEBHOOK, content=json.dumps(event).encode())
    assert unsigned.status_code == 400
    garbled = ada.http.post(
        WEBHOOK, content=json.dumps(event).encode(), headers={"Stripe-Signature": "t=1,v1=00"}
    )
    assert garbled.status_code == 400
    assert rows(engine, Subscription) == [] and rows(engine, StripeEvent) == []
    assert may_use_tools(ada.user_id) is False


def test_signatures_older_than_300_seconds_are_refused(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """The 300 s tolerance: 301 s old is refused, 299 s old is still accepted."""
    sub = paid_subscription(stripe_mode, ada)
    event = stripe_mode.event("customer.subscription.created", sub)

    next_whole_second()
    stale = send(ada.http, event, timestamp=int(time.time()) - 301)
    assert stale.status_code == 400
    assert rows(engine, StripeEvent) == []

    next_whole_second()
    fresh_enough = send(ada.http, event, timestamp=int(time.time()) - 299)
    assert fresh_enough.status_code == 200
    assert fresh_enough.json()["result"] == "processed"
    assert may_use_tools(ada.user_id) is True


def test_an_event_replayed_three_times_has_one_effect(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """invoice.payment_failed three times: one stored event, one invoice, one notification."""
    sub = subscribe(stripe_mode, ada)
    invoice = stripe_mode.add_invoice(sub["id"], status="open")
    event = stripe_mode.event("invoice.payment_failed", invoice)

    replies = [send(ada.http, event) for _ in range(3)]

    assert [r.status_code for r in replies] == [200, 200, 200]
    assert [r.json()["result"] for r in replies] == ["processed", "duplicate", "duplicate"]
    assert len(rows(engine, StripeEvent, StripeEvent.id == event["id"])) == 1
    (stored,) = rows(engine, Invoice, Invoice.id == invoice["id"])
    assert (stored.user_id, stored.status, stored.amount) == (ada.user_id, "open", 1100)
    failed = rows(
        engine,
        UserNotification,
        UserNotification.user_id == ada.user_id,
        UserNotification.type == "error",
    )
    assert [n.message for n in failed] == [billing.PAYMENT_FAILED_NOTICE.format(amount="$11.00")]


def test_out_of_order_events_never_move_a_subscription_backwards(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    sub = paid_subscription(stripe_mode, ada)
    t = int(time.time())
    newer = stripe_mode.event("customer.subscription.updated", {**sub, "status": "active"}, t + 10)
    older = stripe_mode.event("customer.subscription.updated", {**sub, "status": "past_due"}, t)

    assert send(ada.http, newer).json()["result"] == "processed"
    late = send(ada.http, older)

    assert late.status_code == 200  # acknowledged, so Stripe stops sending it
    (row,) = rows(engine, Subscription)
    assert row.status == "active" and row.last_event_created == t + 10
    assert may_use_tools(ada.user_id) is True

    canceled = stripe_mode.set_subscription(sub["id"], status="canceled")
    deleted = send(ada.http, stripe_mode.event("customer.subscription.deleted", canceled, t + 20))
    assert deleted.json()["result"] == "processed"
    (row,) = rows(engine, Subscription)
    assert row.status == "canceled"
    assert may_use_tools(ada.user_id) is False
    reply = ada.http.get("/api/billing/check-subscription").json()
    assert reply["subscribed"] is False and reply["subscription_id"] == sub["id"]


def test_without_a_webhook_secret_the_route_does_not_exist(
    settings_env: pytest.MonkeyPatch, engine: Engine, fake: FakeStripeServer, ada: Founder
) -> None:
    configure_stripe(settings_env, fake)
    settings_env.delenv("STRIPE_WEBHOOK_SECRET")
    get_settings.cache_clear()
    sub = paid_subscription(fake, ada)

    reply = send(ada.http, fake.event("customer.subscription.created", sub))

    assert reply.status_code == 404
    assert rows(engine, Subscription) == [] and rows(engine, StripeEvent) == []


def test_an_oversized_body_is_refused(
    stripe_mode: FakeStripeServer, engine: Engine, anonymous: httpx.Client
) -> None:
    """413, whether the size is declared (Content-Length) or only seen while streaming."""
    big = {"id": "evt_big", "type": "ping", "padding": "x" * MAX_WEBHOOK_BYTES}

    declared = send(anonymous, big)
    assert declared.status_code == 413

    payload = json.dumps(big).encode()
    signature = stripe.WebhookSignature.generate_signature_header(payload.decode(), SECRET)

    def chunks() -> Iterator[bytes]:
        for start in range(0, len(payload), 64 * 1024):
            yield payload[start : start + 64 * 1024]

    streamed = anonymous.post(WEBHOOK, content=chunks(), headers={"Stripe-Signature": signature})
    assert "content-length" not in streamed.request.headers
    assert streamed.status_code == 413
    assert rows(engine, StripeEvent) == []


def test_an_endless_chunked_body_is_not_buffered(stripe_mode: FakeStripeServer) -> None:
    """Straight on the ASGI interface: a body without Content-Length that never ends is cut
    off just past the limit, not read into memory to the end."""
    chunk = b"x" * (64 * 1024)
    pulled = 0
    sent: list[dict[str, Any]] = []

    async def receive() -> dict[str, Any]:
        nonlocal pulled
        pulled += 1
        return {"type": "http.request", "body": chunk, "more_body": pulled < 100_000}

    async def send_message(message: dict[str, Any]) -> None:
        sent.append(message)

    scope = {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "POST",
        "scheme": "http",
        "path": WEBHOOK,
        "raw_path": WEBHOOK.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"localhost:3000"), (b"stripe-signature", b"t=1,v1=00")],
        "client": ("127.0.0.1", 50000),
        "server": ("localhost", 3000),
    }
    asyncio.run(api(scope, receive, send_message))

    assert sent[0]["type"] == "http.response.start" and sent[0]["status"] == 413
    assert pulled <= MAX_WEBHOOK_BYTES // len(chunk) + 2


def test_a_stripe_failure_while_applying_is_a_5xx_and_the_retry_is_applied(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """checkout.session.completed names its subscription by id: the app reads it from Stripe.
    While Stripe fails, the event is not stored (503), so Stripe's retry is processed."""
    sub = paid_subscription(stripe_mode, ada)
    checkout = stripe_mode.objects("checkout.session")[0]
    assert checkout["subscription"] == sub["id"]
    event = stripe_mode.event("checkout.session.completed", checkout)
    # The SDK retries once by itself: two failures make the outage visible.
    stripe_mode.fail_next(500, times=2, path_prefix="/v1/subscriptions")

    failed = send(ada.http, event)

    assert failed.status_code == 503
    assert rows(engine, StripeEvent) == [] and rows(engine, Subscription) == []
    assert len(stripe_mode.requests_to("GET", f"/v1/subscriptions/{sub['id']}")) == 2

    retried = send(ada.http, event)

    assert retried.status_code == 200 and retried.json()["result"] == "processed"
    (row,) = rows(engine, Subscription)
    assert (row.user_id, row.status) == (ada.user_id, "active")
    assert len(rows(engine, StripeEvent)) == 1
    assert may_use_tools(ada.user_id) is True


def test_a_database_failure_while_applying_is_a_5xx_and_the_retry_is_applied(
    stripe_mode: FakeStripeServer,
    engine: Engine,
    ada: Founder,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sub = subscribe(stripe_mode, ada)
    event = stripe_mode.event(
        "invoice.payment_failed", stripe_mode.add_invoice(sub["id"], status="open")
    )
    real_add = activity.add_notification

    def database_down(*_args: object) -> None:
        raise OperationalError("INSERT INTO user_notifications", {}, Exception("disk I/O error"))

    monkeypatch.setattr(activity, "add_notification", database_down)
    assert send(ada.http, event).status_code == 503
    assert rows(engine, StripeEvent, StripeEvent.id == event["id"]) == []
    assert rows(engine, Invoice, Invoice.id == event["data"]["object"]["id"]) == []

    monkeypatch.setattr(activity, "add_notification", real_add)
    assert send(ada.http, event).json()["result"] == "processed"
    assert len(rows(engine, UserNotification, UserNotification.type == "error")) == 1


# --------------------------------------------------------------------------- Subscribe target


def test_checkout_signed_out_goes_to_login_then_back_to_pricing(
    stripe_mode: FakeStripeServer, anonymous: httpx.Client
) -> None:
    assert location(anonymous.get("/api/billing/checkout")) == "/login?next=%2Fpricing"
    assert stripe_mode.requests == []


def test_checkout_opens_a_stripe_subscription_checkout_for_the_session_user(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """P-PRICE-3: a Checkout Session in subscription mode for this user, whose success URL
    carries {CHECKOUT_SESSION_ID}; the customer is created once and remembered."""
    target = location(ada.http.get("/api/billing/checkout"))

    (checkout,) = stripe_mode.objects("checkout.session")
    assert target == checkout["url"]
    assert target.startswith(f"{stripe_mode.base_url}/c/pay/cs_test_")
    assert checkout["mode"] == "subscription"
    assert checkout["client_reference_id"] == ada.user_id
    assert checkout["metadata"] == {"user_id": ada.user_id, "price_id": stripe_mode.price_id}
    assert checkout["success_url"] == (
        f"{APP_URL}/subscribe/success?session_id={{CHECKOUT_SESSION_ID}}"
    )
    assert checkout["cancel_url"] == f"{APP_URL}/subscribe/canceled"
    (customer,) = stripe_mode.objects("customer")
    assert checkout["customer"] == customer["id"] == customer_of(engine, ada.user_id)

    # A double click: the same checkout again, and still one customer.
    assert location(ada.http.get("/api/billing/checkout")) == target
    assert len(stripe_mode.objects("customer")) == 1
    assert len(stripe_mode.objects("checkout.session")) == 1


def test_checkout_while_stripe_is_unreachable_says_so_on_pricing(
    settings_env: pytest.MonkeyPatch, engine: Engine, fake: FakeStripeServer, ada: Founder
) -> None:
    configure_stripe(settings_env, fake, api_base=f"http://127.0.0.1:{free_port()}")

    target = location(ada.http.get("/api/billing/checkout"))

    assert target == "/pricing?billing_error=unreachable"
    assert billing.problem_message("unreachable") == billing.PROBLEMS["unreachable"]


def test_checkout_with_a_key_stripe_refuses_says_misconfigured(
    settings_env: pytest.MonkeyPatch, engine: Engine, fake: FakeStripeServer, ada: Founder
) -> None:
    configure_stripe(settings_env, fake)
    settings_env.setenv("STRIPE_SECRET_KEY", "sk_test_revoked")
    get_settings.cache_clear()

    target = location(ada.http.get("/api/billing/checkout"))

    assert target == "/pricing?billing_error=misconfigured"
    assert fake.objects("checkout.session") == []


def test_checkout_for_a_subscriber_goes_to_the_dashboard(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    """Nothing is charged twice: a subscriber never gets a second checkout."""
    subscribe(stripe_mode, ada)

    assert location(ada.http.get("/api/billing/checkout")) == "/dashboard"
    conflict = ada.http.post("/api/billing/create-checkout")
    assert conflict.status_code == 409 and conflict.json()["code"] == "subscribed"
    assert len(stripe_mode.objects("checkout.session")) == 1


def test_checkout_with_only_a_checkout_link_opens_that_link(
    settings_env: pytest.MonkeyPatch, engine: Engine, ada: Founder, anonymous: httpx.Client
) -> None:
    settings_env.setenv("CHECKOUT_URL", "https://buy.example.com/unstuck")
    get_settings.cache_clear()

    assert location(ada.http.get("/api/billing/checkout")) == "https://buy.example.com/unstuck"
    assert location(anonymous.get("/api/billing/checkout")) == "https://buy.example.com/unstuck"


def test_checkout_with_nothing_configured_says_not_configured(
    settings_env: pytest.MonkeyPatch, engine: Engine, ada: Founder
) -> None:
    get_settings.cache_clear()
    assert get_settings().effective_access_mode == "open"

    target = location(ada.http.get("/api/billing/checkout"))

    assert target == "/pricing?billing_error=not_configured"
    reply = ada.http.post("/api/billing/create-checkout")
    assert reply.status_code == 503 and reply.json()["code"] == "not_configured"


# --------------------------------------------------------------------------- P-BILL-1


def test_p_bill_1_create_checkout_returns_the_checkout_url(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    reply = ada.http.post("/api/billing/create-checkout")

    assert reply.status_code == 200
    assert reply.headers["cache-control"] == "no-store"
    (checkout,) = stripe_mode.objects("checkout.session")
    assert reply.json() == {"url": checkout["url"]}


def test_p_bill_1_every_json_route_answers_401_when_signed_out(
    stripe_mode: FakeStripeServer, anonymous: httpx.Client, api_url: str
) -> None:
    with http_client(api_url, "x" * 43) as forged:
        for http in (anonymous, forged):
            for method, path in (
                ("POST", "/api/billing/create-checkout"),
                ("GET", "/api/billing/check-subscription"),
                ("POST", "/api/billing/customer-portal"),
            ):
                reply = http.request(method, path)
                assert reply.status_code == 401, (method, path)
                assert reply.json() == {
                    "error": billing.PROBLEMS["signed_out"],
                    "code": "signed_out",
                }
                assert reply.headers["cache-control"] == "no-store"
    assert stripe_mode.requests == []


def test_p_bill_1_check_subscription_for_a_founder_without_one(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    reply = ada.http.get("/api/billing/check-subscription")

    assert reply.status_code == 200
    assert reply.headers["cache-control"] == "no-store"
    assert reply.json() == NOT_SUBSCRIBED


def test_p_bill_1_check_subscription_for_a_subscriber_is_read_fresh_from_stripe(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    """The row written by the webhook has never been read from the API: check-subscription
    reads the subscription (with its card) and the invoices from Stripe first."""
    sub = subscribe(stripe_mode, ada)
    item = sub["items"]["data"][0]

    reply = ada.http.get("/api/billing/check-subscription")

    body = reply.json()
    assert set(body) == CHECK_SUBSCRIPTION_KEYS
    assert body["subscribed"] is True
    assert body["subscription_id"] == sub["id"]
    assert body["start_date"] == iso(sub["start_date"])
    assert body["next_billing_date"] == iso(item["current_period_end"])
    assert body["payment_method"] == "Visa •••• 4242"
    (invoice,) = stripe_mode.objects("invoice")
    assert body["billing_history"] == [
        {
            "id": invoice["id"],
            "date": iso(invoice["created"]),
            "description": invoice["lines"]["data"][0]["description"],
            "amount": "$11.00",
            "status": "paid",
            "url": invoice["hosted_invoice_url"],
        }
    ]
    # POST works too (the spec calls it as a function).
    assert ada.http.post("/api/billing/check-subscription").json() == body


def test_p_bill_1_customer_portal_returns_a_portal_url(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    subscribe(stripe_mode, ada)

    reply = ada.http.post("/api/billing/customer-portal")

    assert reply.status_code == 200
    assert reply.headers["cache-control"] == "no-store"
    (portal,) = stripe_mode.objects("billing_portal.session")
    assert reply.json() == {"url": portal["url"]}
    assert portal["url"].startswith(f"{stripe_mode.base_url}/p/session/bps_")
    assert portal["return_url"] == f"{APP_URL}/profile"
    assert portal["customer"] == stripe_mode.objects("customer")[0]["id"]


def test_p_bill_1_customer_portal_without_a_billing_account(
    stripe_mode: FakeStripeServer, ada: Founder
) -> None:
    reply = ada.http.post("/api/billing/customer-portal")

    assert reply.status_code == 404
    assert reply.json() == {"error": billing.PROBLEMS["no_account"], "code": "no_account"}
    assert stripe_mode.requests == []


def test_manage_target_opens_the_portal_or_explains(
    stripe_mode: FakeStripeServer, ada: Founder, bob: Founder, anonymous: httpx.Client
) -> None:
    """P-PRICE-6 with Stripe: Manage goes to the portal for a founder with a billing account."""
    subscribe(stripe_mode, ada)

    target = location(ada.http.get("/api/billing/portal"))
    (portal,) = stripe_mode.objects("billing_portal.session")
    assert target == portal["url"]

    assert location(bob.http.get("/api/billing/portal")) == "/pricing?billing_error=no_account"
    assert location(anonymous.get("/api/billing/portal")) == "/login?next=%2Fprofile"
    assert len(stripe_mode.objects("billing_portal.session")) == 1


def test_the_user_comes_from_the_session_only(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder, bob: Founder, api_url: str
) -> None:
    """Another user's id in the body, the query or a cookie never changes whose data it is."""
    sub = subscribe(stripe_mode, ada)
    as_ada = {"user_id": ada.user_id, "userId": ada.user_id}

    status = bob.http.post("/api/billing/check-subscription", params=as_ada, json=as_ada).json()
    assert status["subscribed"] is False and status["subscription_id"] is None

    portal = bob.http.post("/api/billing/customer-portal", params=as_ada, json=as_ada)
    assert portal.status_code == 404  # Bob has no billing account; Ada's is not used

    created = bob.http.post("/api/billing/create-checkout", params=as_ada, json=as_ada)
    assert created.status_code == 200
    checkout = stripe_mode.objects("checkout.session")[-1]
    assert checkout["client_reference_id"] == bob.user_id
    assert checkout["customer"] == customer_of(engine, bob.user_id) != sub["customer"]

    # Ada's user id where the session token belongs is no session at all.
    with http_client(api_url, ada.user_id) as impostor:
        assert impostor.get("/api/billing/check-subscription").status_code == 401
        assert location(impostor.get("/api/billing/checkout")) == "/login?next=%2Fpricing"


def test_an_ended_session_is_signed_out_at_once(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    with Session(engine) as db:
        sessions.end_session(db, ada.token)

    assert ada.http.post("/api/billing/create-checkout").status_code == 401
    assert stripe_mode.objects("checkout.session") == []


def test_a_lapsed_period_is_checked_with_stripe_before_access_is_refused(
    stripe_mode: FakeStripeServer, engine: Engine, ada: Founder
) -> None:
    """A renewal whose webhook was missed: our row says the period ended, Stripe says it was
    renewed; access stays, and the row is brought up to date."""
    sub = subscribe(stripe_mode, ada)
    with Session(engine) as db:
        (row,) = db.exec(select(Subscription)).all()
        row.current_period_end = utcnow().replace(microsecond=0) - timedelta(seconds=60)
        db.add(row)
        db.commit()

    assert may_use_tools(ada.user_id) is True
    (row,) = rows(engine, Subscription)
    renewed = sub["items"]["data"][0]["current_period_end"]
    assert int(row.current_period_end.replace(tzinfo=UTC).timestamp()) == renewed
