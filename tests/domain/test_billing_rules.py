"""Pure billing rules: reading Stripe objects, ordering changes, money labels (P-BILL-1)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from startup_toolkit.domain import billing as rules

START = 1_800_000_000
END = START + 30 * 86400


def subscription(**over: object) -> dict[str, object]:
    obj: dict[str, object] = {
        "id": "sub_123",
        "object": "subscription",
        "customer": "cus_1",
        "status": "active",
        "created": START - 5,
        "start_date": START,
        "cancel_at_period_end": False,
        "metadata": {"user_id": "u" * 32},
        "default_payment_method": "pm_1",
        "items": {
            "object": "list",
            "data": [
                {
                    "id": "si_1",
                    "object": "subscription_item",
                    "price": {"id": "price_1", "object": "price", "unit_amount": 1100},
                    "current_period_start": START,
                    "current_period_end": END,
                }
            ],
        },
    }
    obj.update(over)
    return obj


def test_reads_a_subscription_with_the_period_on_its_items() -> None:
    snap = rules.read_subscription(subscription())
    assert snap is not None
    assert (snap.subscription_id, snap.customer_id, snap.status) == ("sub_123", "cus_1", "active")
    assert snap.price_id == "price_1"
    assert snap.current_period_start == datetime.fromtimestamp(START, UTC)
    assert snap.current_period_end == datetime.fromtimestamp(END, UTC)
    assert snap.start_date == datetime.fromtimestamp(START, UTC)
    assert snap.user_id == "u" * 32
    assert snap.payment_method == ""  # not expanded: nothing to show


def test_reads_the_older_top_level_period_and_an_expanded_customer() -> None:
    obj = subscription(
        items={"object": "list", "data": []},
        current_period_start=START,
        current_period_end=END,
        customer={"id": "cus_9", "object": "customer"},
    )
    snap = rules.read_subscription(obj)
    assert snap is not None and snap.customer_id == "cus_9"
    assert snap.current_period_end == datetime.fromtimestamp(END, UTC)


def test_payment_method_label_from_an_expanded_card() -> None:
    obj = subscription(
        default_payment_method={
            "id": "pm_1",
            "object": "payment_method",
            "type": "card",
            "card": {"brand": "visa", "last4": "4242"},
        }
    )
    snap = rules.read_subscription(obj)
    assert snap is not None and snap.payment_method == "Visa •••• 4242"
    assert rules.payment_method_label({"type": "sepa_debit"}) == "Sepa Debit"
    assert rules.payment_method_label("pm_1") == ""


def test_other_objects_are_not_subscriptions_or_invoices() -> None:
    assert rules.read_subscription({"id": "cus_1"}) is None
    assert rules.read_invoice({"id": "sub_1"}) is None


def test_reads_an_invoice_with_its_subscription_under_parent() -> None:
    obj = {
        "id": "in_1",
        "object": "invoice",
        "customer": "cus_1",
        "number": "UNSTK-0001",
        "status": "paid",
        "amount_due": 1100,
        "amount_paid": 1100,
        "currency": "usd",
        "created": START,
        "hosted_invoice_url": "https://invoice.example/in_1",
        "description": None,
        "lines": {"data": [{"description": "1 \u00d7 Unstuck All-Access (at $11.00 / month)"}]},
        "parent": {
            "type": "subscription_details",
            "subscription_details": {"subscription": "sub_123"},
        },
    }
    snap = rules.read_invoice(obj)
    assert snap is not None
    assert (snap.subscription_id, snap.amount, snap.number) == ("sub_123", 1100, "UNSTK-0001")
    assert snap.description == "1 \u00d7 Unstuck All-Access (at $11.00 / month)"
    assert snap.created == datetime.fromtimestamp(START, UTC)
    unpaid = rules.read_invoice(
        {**obj, "status": "open", "amount_paid": 0, "parent": None, "subscription": "sub_old"}
    )
    assert unpaid is not None and (unpaid.amount, unpaid.subscription_id) == (1100, "sub_old")


@pytest.mark.parametrize(
    ("current", "current_at", "new", "new_at", "applies"),
    [
        ("incomplete", 0, "active", 100, True),  # first news
        ("active", 100, "past_due", 200, True),  # newer event
        ("past_due", 200, "active", 100, False),  # older event arriving late
        ("active", 100, "incomplete", 100, False),  # same second: never backwards
        ("incomplete", 100, "active", 100, True),  # same second: forwards
        ("active", 100, "active", 100, True),  # same second, same status (e.g. new period)
        ("canceled", 100, "active", 300, False),  # a canceled subscription never returns
        ("canceled", 100, "canceled", 300, True),
    ],
)
def test_should_apply_never_moves_a_subscription_backwards(
    current: str, current_at: int, new: str, new_at: int, applies: bool
) -> None:
    assert rules.should_apply(current, current_at, new, new_at) is applies


def test_is_active_needs_an_active_status_and_a_running_period() -> None:
    now = datetime(2026, 11, 22, tzinfo=UTC)
    assert rules.is_active("active", now + timedelta(days=1), now)
    assert rules.is_active("trialing", None, now)
    assert not rules.is_active("active", now - timedelta(seconds=1), now)
    assert not rules.is_active("past_due", now + timedelta(days=1), now)
    assert rules.is_active("active", (now + timedelta(hours=1)).replace(tzinfo=None), now)


@pytest.mark.parametrize(
    ("amount", "currency", "label"),
    [
        (1100, "usd", "$11.00"),
        (2999, "USD", "$29.99"),
        (0, "usd", "$0.00"),
        (123456, "eur", "€1,234.56"),
        (500, "jpy", "JPY 500"),
        (1200, "chf", "CHF 12.00"),
    ],
)
def test_money_labels(amount: int, currency: str, label: str) -> None:
    assert rules.money(amount, currency) == label


@pytest.mark.parametrize(
    ("value", "valid"),
    [
        ("cs_test_a1B2c3", True),
        ("cs_live_abc", True),
        ("", False),
        ("{CHECKOUT_SESSION_ID}", False),
        ("cs_test_abc/../x", False),
        ("pi_123", False),
        (None, False),
        ("cs_" + "a" * 300, False),
    ],
)
def test_checkout_session_ids_are_checked_before_any_call(value: object, valid: bool) -> None:
    assert rules.valid_checkout_session_id(value) is valid


NOW = datetime(2026, 11, 22, 12, 0, tzinfo=UTC)
SUCCESS = "https://app.example/subscribe/success?session_id={CHECKOUT_SESSION_ID}"
CANCEL = "https://app.example/subscribe/canceled"


def _open_checkout(**changes: object) -> dict[str, object]:
    session: dict[str, object] = {
        "id": "cs_test_1",
        "status": "open",
        "url": "https://checkout.stripe.com/c/pay/cs_test_1",
        "metadata": {"user_id": "u1", "price_id": "price_1"},
        "success_url": SUCCESS,
        "cancel_url": CANCEL,
        "created": int((NOW - timedelta(minutes=5)).timestamp()),
        "expires_at": int((NOW + timedelta(hours=23)).timestamp()),
    }
    session.update(changes)
    return session


def _reusable(*sessions: dict[str, object]) -> str:
    return rules.reusable_checkout_url(
        list(sessions),
        user_id="u1",
        price_id="price_1",
        success_url=SUCCESS,
        cancel_url=CANCEL,
        now=NOW,
    )


def test_p_price_3_an_open_checkout_of_this_founder_is_offered_again() -> None:
    """P-PRICE-3: the newest fitting session wins (Stripe lists newest first)."""
    newer = _open_checkout(url="https://checkout.stripe.com/c/pay/cs_test_2")
    assert _reusable(newer, _open_checkout()) == "https://checkout.stripe.com/c/pay/cs_test_2"


@pytest.mark.parametrize(
    "changes",
    [
        {"status": "complete"},
        {"status": "expired"},
        {"metadata": {"user_id": "u2", "price_id": "price_1"}},
        {"metadata": {"user_id": "u1", "price_id": "price_old"}},
        {"metadata": {"user_id": "u1"}},
        {"metadata": None},
        {"success_url": "http://localhost:3000/subscribe/success?session_id={CHECKOUT_SESSION_ID}"},
        {"cancel_url": "https://app.example/pricing"},
        {"created": int((NOW - timedelta(minutes=31)).timestamp())},
        {"created": None},
        {"expires_at": int((NOW + timedelta(minutes=9)).timestamp())},
        {"expires_at": "soon"},
        {"url": "javascript:alert(1)"},
        {"url": None},
    ],
)
def test_p_price_3_a_checkout_that_no_longer_fits_is_not_offered_again(
    changes: dict[str, object],
) -> None:
    """P-PRICE-3: paid, closed, someone else's, another price or return address, older than
    half an hour, about to expire, or without a web address: a new session is made instead."""
    assert _reusable(_open_checkout(**changes)) == ""
