"""Pure billing rules: reading Stripe objects, ordering subscription changes, money labels.

Stripe objects arrive as plain dicts (from the API or a webhook). Since API version
2025-03-31 a subscription's period lives on its items and an invoice names its subscription
under `parent.subscription_details`; the older top-level fields are read as a fallback, so
webhook endpoints pinned to either version work.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

ACTIVE_STATUSES = frozenset({"active", "trialing"})

# Where a status sits in a subscription's life; for two changes stamped with the same second,
# the later stage wins. A canceled subscription never comes back (Stripe starts a new one).
_STAGE = {
    "incomplete": 0,
    "trialing": 1,
    "active": 2,
    "past_due": 3,
    "unpaid": 4,
    "paused": 4,
    "incomplete_expired": 5,
    "canceled": 5,
}
_FINAL = frozenset({"canceled", "incomplete_expired"})

CHECKOUT_SESSION_ID = re.compile(r"^cs_[A-Za-z0-9_]{1,250}$")
PAID_STATUSES = frozenset({"paid", "no_payment_required"})

CURRENCY_SYMBOLS = {"usd": "$", "eur": "€", "gbp": "£", "cad": "CA$", "aud": "A$"}
ZERO_DECIMAL = frozenset({"jpy", "krw", "vnd", "clp", "xof", "xaf", "ugx", "rwf", "pyg"})


@dataclass(frozen=True)
class SubscriptionSnapshot:
    """What we keep of a Stripe subscription object."""

    subscription_id: str
    customer_id: str
    status: str
    price_id: str
    start_date: datetime | None
    current_period_start: datetime | None
    current_period_end: datetime | None
    cancel_at_period_end: bool
    payment_method: str  # '' when the object does not carry an expanded payment method
    user_id: str  # from metadata; '' when absent


@dataclass(frozen=True)
class InvoiceSnapshot:
    """What we keep of a Stripe invoice object."""

    invoice_id: str
    customer_id: str
    subscription_id: str
    number: str
    status: str
    amount: int
    currency: str
    description: str
    hosted_invoice_url: str
    created: datetime


def _text(value: Any) -> str:
    return value if isinstance(value, str) else ""


def _id(value: Any) -> str:
    """An expandable field's id, whether it came as 'xx_123' or as the expanded object."""
    if isinstance(value, Mapping):
        return _text(value.get("id"))
    return _text(value)


def _time(value: Any) -> datetime | None:
    if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
        return None
    try:
        return datetime.fromtimestamp(value, UTC)
    except (OverflowError, ValueError, OSError):  # past year 9999: no time we can store
        return None


def _first_item(subscription: Mapping[str, Any]) -> Mapping[str, Any]:
    items = subscription.get("items")
    data = items.get("data") if isinstance(items, Mapping) else None
    if isinstance(data, list) and data and isinstance(data[0], Mapping):
        return data[0]
    return {}


def payment_method_label(method: Any) -> str:
    """'Visa •••• 4242' for an expanded card payment method; '' otherwise."""
    if not isinstance(method, Mapping):
        return ""
    card = method.get("card")
    if isinstance(card, Mapping):
        brand = _text(card.get("display_brand") or card.get("brand")).replace("_", " ").title()
        last4 = _text(card.get("last4"))
        if brand and last4:
            return f"{brand} •••• {last4}"
        return brand
    kind = _text(method.get("type")).replace("_", " ")
    return kind.title() if kind else ""


def metadata_user_id(obj: Mapping[str, Any]) -> str:
    metadata = obj.get("metadata")
    return _text(metadata.get("user_id")) if isinstance(metadata, Mapping) else ""


def read_subscription(obj: Mapping[str, Any]) -> SubscriptionSnapshot | None:
    """A subscription object as we store it (None when it is not one)."""
    sub_id = _text(obj.get("id"))
    if not sub_id.startswith("sub_"):
        return None
    item = _first_item(obj)
    price = item.get("price")
    return SubscriptionSnapshot(
        subscription_id=sub_id,
        customer_id=_id(obj.get("customer")),
        status=_text(obj.get("status")) or "incomplete",
        price_id=_id(price),
        start_date=_time(obj.get("start_date")) or _time(obj.get("created")),
        current_period_start=_time(
            item.get("current_period_start", obj.get("current_period_start"))
        ),
        current_period_end=_time(item.get("current_period_end", obj.get("current_period_end"))),
        cancel_at_period_end=bool(obj.get("cancel_at_period_end")),
        payment_method=payment_method_label(obj.get("default_payment_method")),
        user_id=metadata_user_id(obj),
    )


def invoice_subscription_id(obj: Mapping[str, Any]) -> str:
    parent = obj.get("parent")
    details = parent.get("subscription_details") if isinstance(parent, Mapping) else None
    if isinstance(details, Mapping) and details.get("subscription"):
        return _id(details.get("subscription"))
    return _id(obj.get("subscription"))


def _invoice_description(obj: Mapping[str, Any]) -> str:
    text = _text(obj.get("description"))
    if text:
        return text
    lines = obj.get("lines")
    data = lines.get("data") if isinstance(lines, Mapping) else None
    if isinstance(data, list) and data and isinstance(data[0], Mapping):
        return _text(data[0].get("description"))
    return ""


def read_invoice(obj: Mapping[str, Any]) -> InvoiceSnapshot | None:
    """An invoice object as we store it (None when it is not one)."""
    invoice_id = _text(obj.get("id"))
    if not invoice_id.startswith("in_"):
        return None
    status = _text(obj.get("status"))
    amount = obj.get("amount_paid") if status == "paid" else obj.get("amount_due")
    return InvoiceSnapshot(
        invoice_id=invoice_id,
        customer_id=_id(obj.get("customer")),
        subscription_id=invoice_subscription_id(obj),
        number=_text(obj.get("number")),
        status=status,
        amount=amount if isinstance(amount, int) and not isinstance(amount, bool) else 0,
        currency=(_text(obj.get("currency")) or "usd").lower(),
        description=_invoice_description(obj)[:500],
        hosted_invoice_url=_text(obj.get("hosted_invoice_url"))[:1000],
        created=_time(obj.get("created")) or datetime.now(UTC),
    )


def should_apply(
    current_status: str, current_created: int, new_status: str, new_created: int
) -> bool:
    """Whether a change stamped `new_created` may overwrite what a change stamped
    `current_created` wrote: never an older one, never out of a final status, and for the
    same second only a change that moves the subscription forward in its life."""
    if current_status in _FINAL and new_status != current_status:
        return False
    if new_created != current_created:
        return new_created > current_created
    return _STAGE.get(new_status, 0) >= _STAGE.get(current_status, 0)


def is_active(status: str, period_end: datetime | None, now: datetime) -> bool:
    """Active or trialing, and the paid period (when known) not over."""
    if status not in ACTIVE_STATUSES:
        return False
    if period_end is None:
        return True
    if period_end.tzinfo is None:  # SQLite hands back naive UTC times
        period_end = period_end.replace(tzinfo=UTC)
    return period_end > now


def money(amount: int, currency: str) -> str:
    """'$11.00', '€9.50', '¥500', 'CHF 12.00' from an amount in the smallest unit."""
    code = (currency or "usd").lower()
    number = f"{amount:,}" if code in ZERO_DECIMAL else f"{amount / 100:,.2f}"
    symbol = CURRENCY_SYMBOLS.get(code)
    return f"{symbol}{number}" if symbol else f"{code.upper()} {number}"


def valid_checkout_session_id(value: Any) -> bool:
    return isinstance(value, str) and bool(CHECKOUT_SESSION_ID.match(value))


# An open checkout is offered again for this long, and only while it stays open long enough to
# pay in: a double click, or a founder coming back to Subscribe, lands on the same session.
CHECKOUT_REUSE_WINDOW = timedelta(minutes=30)
CHECKOUT_MIN_TIME_LEFT = timedelta(minutes=10)


def reusable_checkout_url(
    sessions: list[Mapping[str, Any]],
    *,
    user_id: str,
    price_id: str,
    success_url: str,
    cancel_url: str,
    now: datetime,
) -> str:
    """The URL of the newest open Checkout Session made for this user, price and return
    addresses in the last half hour; '' when there is none to offer again."""
    for session in sessions:
        metadata = session.get("metadata")
        created, expires = _time(session.get("created")), _time(session.get("expires_at"))
        url = _text(session.get("url"))
        if (
            session.get("status") == "open"
            and isinstance(metadata, Mapping)
            and metadata.get("user_id") == user_id
            and metadata.get("price_id") == price_id
            and session.get("success_url") == success_url
            and session.get("cancel_url") == cancel_url
            and created is not None
            and expires is not None
            and now - CHECKOUT_REUSE_WINDOW <= created <= now + CHECKOUT_MIN_TIME_LEFT
            and expires - now >= CHECKOUT_MIN_TIME_LEFT
            and url.startswith(("https://", "http://"))
        ):
            return url
    return ""


@dataclass(frozen=True)
class BillingEntry:
    """One line of billing history."""

    invoice_id: str
    date: datetime
    description: str
    amount: str
    status: str
    url: str


@dataclass(frozen=True)
class SubscriptionStatus:
    """The reply of check-subscription (P-BILL-1), plus what the profile card shows."""

    subscribed: bool
    subscription_id: str | None
    status: str
    start_date: datetime | None
    next_billing_date: datetime | None
    cancel_at_period_end: bool
    payment_method: str
    billing_history: tuple[BillingEntry, ...]

    def as_reply(self) -> dict[str, Any]:
        """The JSON reply fields the spec names."""

        def day(value: datetime | None) -> str | None:
            return value.isoformat() if value else None

        return {
            "subscribed": self.subscribed,
            "subscription_id": self.subscription_id,
            "start_date": day(self.start_date),
            "next_billing_date": day(self.next_billing_date),
            "payment_method": self.payment_method or None,
            "billing_history": [
                {
                    "id": e.invoice_id,
                    "date": e.date.isoformat(),
                    "description": e.description,
                    "amount": e.amount,
                    "status": e.status,
                    "url": e.url or None,
                }
                for e in self.billing_history
            ],
        }


PREMIUM_PLAN = "Premium Plan"
FREE_PLAN = "Free Plan"
#: What a free founder gets where every tool is open (ACCESS_MODE=open): said the same way on
#: the dashboard's badge and the profile's plan card (issue 17, items 6 and 10).
OPEN_ACCESS_NOTE = "All AI tools included"
#: A server that opens every tool to signed-in founders and sells nothing, as every page
#: tells it: pricing, the success page, home (issue 17, item 8; issue 28, item 6).
OPEN_SERVER_NOTE = (
    "On this server every tool is open to signed-in founders: no subscription needed."
)


@dataclass(frozen=True)
class PlanStory:
    """The founder's plan as every page tells it: its name, whether it opens the tools, and
    what it includes beyond its name ('' when the name says it all)."""

    name: str
    active: bool
    note: str = ""

    @property
    def badge(self) -> str:
        return f"{self.name} · {self.note}" if self.note else self.name


def plan_story(subscribed: bool, open_access: bool) -> PlanStory:
    if subscribed:
        return PlanStory(PREMIUM_PLAN, True)
    if open_access:
        return PlanStory(FREE_PLAN, True, OPEN_ACCESS_NOTE)
    return PlanStory(FREE_PLAN, False)
