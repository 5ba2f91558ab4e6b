"""Subscriptions with Stripe: checkout, the success-page check, the customer portal, the
subscription status (check-subscription) and the webhook events that keep our tables true.

Stripe is the source of truth; the browser never is. Our `subscriptions` and `invoices`
tables mirror what Stripe said last, through webhooks (each event applied once, older events
never undoing newer ones) and through reads of the API when a row is stale.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from typing import Any, Literal

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from startup_toolkit.domain import billing as rules
from startup_toolkit.domain.billing import BillingEntry, SubscriptionStatus
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.domain.urls import http_url_or_empty
from startup_toolkit.models.accounts import User
from startup_toolkit.models.billing import Invoice, StripeEvent, Subscription
from startup_toolkit.providers import stripe_api
from startup_toolkit.providers.stripe_api import PaymentsError
from startup_toolkit.services import activity, user_cache
from startup_toolkit.services.commits import done_or_log
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

HISTORY_LIMIT = 12
STALE_AFTER = timedelta(hours=1)
SUCCESS_PATH = "/subscribe/success?session_id={CHECKOUT_SESSION_ID}"
CANCEL_PATH = "/subscribe/canceled"
PORTAL_RETURN_PATH = "/profile"

# What can stop a billing action, by code (the code travels in URLs; the text is shown).
PROBLEMS: dict[str, str] = {
    "not_configured": "Checkout is not set up yet.",
    "no_account": "You have no billing account yet: subscribe first.",
    "signed_out": "Please sign in again.",
    "subscribed": "You already have an active subscription: manage it from your profile.",
    "unreachable": stripe_api.UNREACHABLE,
    "misconfigured": stripe_api.MISCONFIGURED,
    "rejected": stripe_api.REJECTED,
    "missing": stripe_api.REJECTED,
}
PAYMENT_FAILED_NOTICE = (
    "Your payment of {amount} failed. Update your card in Manage plan on your profile to keep "
    "your access."
)

Confirmation = Literal["confirmed", "unpaid", "not_yours", "invalid", "unavailable"]
EventResult = Literal["processed", "duplicate", "ignored"]


class BillingError(Exception):
    """A billing action that cannot go ahead: `code` (a PROBLEMS key) and its `message`."""

    def __init__(self, code: str) -> None:
        self.code = code if code in PROBLEMS else "rejected"
        self.message = PROBLEMS[self.code]
        super().__init__(self.message)


def problem_message(code: Any) -> str:
    """The text for a problem code read back from a URL ('' for anything unknown)."""
    return PROBLEMS.get(code, "") if isinstance(code, str) else ""


def checkout_mode() -> Literal["stripe", "link", "none"]:
    """How Subscribe works here: Stripe Checkout, a configured link, or not at all."""
    settings = get_settings()
    if settings.stripe_enabled:
        return "stripe"
    return "link" if settings.checkout_url else "none"


def free_access() -> bool:
    """Every tool is open to signed-in founders and this server sells nothing: the pricing
    page and the Subscribe buttons then lead to sign-up instead of a checkout that is not
    there (issue 17, item 8). Where a checkout is configured, the spec's texts stay."""
    return get_settings().effective_access_mode == "open" and checkout_mode() == "none"


#: Subscribe's target with Stripe: our route, which knows the founder (api/billing.py).
CHECKOUT_ROUTE = "/api/billing/checkout"
#: What this server offers, as every page tells it: every tool open and nothing sold, a
#: checkout to open, or a plan whose checkout is not set up ('Checkout link coming soon...').
Offer = Literal["open", "checkout", "soon"]


def checkout_target() -> str:
    """Where Subscribe goes: the Stripe route, the configured http(s) link, or '' (none)."""
    mode = checkout_mode()
    if mode == "stripe":
        return CHECKOUT_ROUTE
    return http_url_or_empty(get_settings().checkout_url) if mode == "link" else ""


def offer() -> Offer:
    """This server's offer (issue 28, item 6): decided here, at run time, for every page."""
    if free_access():
        return "open"
    return "checkout" if checkout_target() else "soon"


def _aware(value: datetime | None) -> datetime | None:
    return value.replace(tzinfo=UTC) if value is not None and value.tzinfo is None else value


def _url(path: str) -> str:
    return get_settings().public_base_url.rstrip("/") + path


# --------------------------------------------------------------------------- customer


def customer_id_for(session: Session, user_id: str, *, replacing: str = "") -> str:
    """The user's Stripe customer, created on first need and remembered on the user;
    `replacing` names a remembered customer that Stripe no longer knows."""
    user = session.get(User, user_id)
    if user is None:
        raise BillingError("signed_out")
    if user.stripe_customer_id and user.stripe_customer_id != replacing:
        return user.stripe_customer_id
    customer_id = stripe_api.create_customer(user.id, user.email, user.name, replacing=replacing)
    user.stripe_customer_id = customer_id
    user.updated_at = utcnow()
    session.add(user)
    session.commit()
    return customer_id


def _user_for(session: Session, customer_id: str, metadata_user_id: str) -> str | None:
    """Whose Stripe object this is: our record of the customer first, then the metadata."""
    if customer_id:
        owner = session.exec(select(User.id).where(User.stripe_customer_id == customer_id)).first()
        if owner:
            return owner
    if is_valid_user_id(metadata_user_id) and session.get(User, metadata_user_id) is not None:
        return metadata_user_id
    return None


# --------------------------------------------------------------------------- rows


def _current_row(session: Session, user_id: str) -> Subscription | None:
    """The subscription that speaks for the user: an active one first, else the newest."""
    rows = session.exec(
        select(Subscription)
        .where(Subscription.user_id == user_id)
        .order_by(col(Subscription.updated_at).desc(), col(Subscription.id).desc())
    ).all()
    now = utcnow()
    for row in rows:
        if rules.is_active(row.status, _aware(row.current_period_end), now):
            return row
    return rows[0] if rows else None


def _apply_subscription(
    session: Session,
    user_id: str,
    snap: rules.SubscriptionSnapshot,
    stamp: int,
    *,
    from_api: bool = False,
) -> bool:
    """Write what Stripe said of a subscription (no commit) unless it is older than what the
    row holds. A subscription never moves to another user."""
    row = session.exec(
        select(Subscription).where(Subscription.stripe_subscription_id == snap.subscription_id)
    ).first()
    if row is None:
        row = Subscription(user_id=user_id, stripe_subscription_id=snap.subscription_id)
    elif row.user_id != user_id:
        log.warning("Stripe subscription %s names another user; ignored", snap.subscription_id)
        return False
    elif not rules.should_apply(row.status, row.last_event_created, snap.status, stamp):
        return False
    row.stripe_customer_id = snap.customer_id or row.stripe_customer_id
    row.status = snap.status
    row.price_id = snap.price_id or row.price_id
    row.started_at = snap.start_date or row.started_at
    row.current_period_start = snap.current_period_start or row.current_period_start
    row.current_period_end = snap.current_period_end or row.current_period_end
    row.cancel_at_period_end = snap.cancel_at_period_end
    row.payment_method = snap.payment_method or row.payment_method  # events rarely expand it
    row.last_event_created = stamp
    row.updated_at = utcnow()
    if from_api:
        row.refreshed_at = utcnow()
    session.add(row)
    user_cache.invalidate_on_commit(session, user_id, "plan")  # the dashboard's plan badge
    return True


def _apply_invoice(session: Session, user_id: str, snap: rules.InvoiceSnapshot) -> Invoice:
    row = session.get(Invoice, snap.invoice_id)
    if row is None:
        row = Invoice(id=snap.invoice_id, user_id=user_id)
    elif row.user_id != user_id:
        return row
    row.stripe_subscription_id = snap.subscription_id
    row.number = snap.number
    row.status = snap.status
    row.amount = snap.amount
    row.currency = snap.currency
    row.description = snap.description
    row.hosted_invoice_url = snap.hosted_invoice_url
    row.created = snap.created
    row.updated_at = utcnow()
    session.add(row)
    return row


def _commit_or_retry(session: Session, write: Any) -> None:
    """Commit `write()`; when a parallel request inserted the same Stripe object first, write
    again over the row it made."""
    try:
        write()
        session.commit()
    except IntegrityError:
        session.rollback()
        write()
        session.commit()


# --------------------------------------------------------------------------- checkout


def _open_checkout_url(
    customer_id: str, user_id: str, success_url: str, cancel_url: str, now: datetime
) -> str:
    """A checkout this founder opened lately and has not paid or closed yet; '' when none
    (or when Stripe cannot list them: making a new one is the fallback)."""
    try:
        sessions = stripe_api.list_open_checkout_sessions(customer_id)
    except PaymentsError as exc:
        log.info(
            "Could not list open checkouts of %s (%s); opening a new one", customer_id, exc.kind
        )
        return ""
    return rules.reusable_checkout_url(
        sessions,
        user_id=user_id,
        price_id=get_settings().stripe_price_id,
        success_url=success_url,
        cancel_url=cancel_url,
        now=now,
    )


def start_checkout(session: Session, user_id: str, now: datetime | None = None) -> str:
    """create-checkout (P-BILL-1, P-PRICE-3): the URL of a Stripe Checkout Session in
    subscription mode for the user. Raises BillingError when it cannot be made."""
    settings = get_settings()
    if not settings.stripe_enabled:
        raise BillingError("not_configured")
    row = _current_row(session, user_id)
    if row is not None and rules.is_active(row.status, _aware(row.current_period_end), utcnow()):
        raise BillingError("subscribed")  # never a second subscription for the same founder
    now = now or utcnow()
    minute = int(now.timestamp() // 60)
    success_url, cancel_url = _url(SUCCESS_PATH), _url(CANCEL_PATH)

    def open_checkout(customer_id: str) -> dict[str, Any]:
        reusable = _open_checkout_url(customer_id, user_id, success_url, cancel_url, now)
        if reusable:
            return {"url": reusable}
        return stripe_api.create_checkout_session(
            customer_id=customer_id,
            user_id=user_id,
            price_id=settings.stripe_price_id,
            success_url=success_url,
            cancel_url=cancel_url,
            # Two requests racing in the same minute (before either session is listed) still
            # make one session.
            idempotency_key=f"unstuck-checkout-{user_id}-{customer_id}-{minute}",
        )

    try:
        customer_id = customer_id_for(session, user_id)
        try:
            checkout = open_checkout(customer_id)
        except PaymentsError as exc:
            if exc.kind != "customer_missing":
                raise
            log.warning("Stripe no longer knows customer %s; making a new one", customer_id)
            checkout = open_checkout(customer_id_for(session, user_id, replacing=customer_id))
    except PaymentsError as exc:
        raise BillingError(exc.kind) from None
    url = checkout.get("url")
    if not isinstance(url, str) or not url.startswith(("https://", "http://")):
        raise BillingError("rejected")
    return url


def confirm_checkout(session: Session, user_id: str, checkout_session_id: Any) -> Confirmation:
    """The success page's check (P-PRICE-4): the session must exist at Stripe, belong to this
    user and be paid; only then is the subscription recorded."""
    if (
        not rules.valid_checkout_session_id(checkout_session_id)
        or not get_settings().stripe_enabled
    ):
        return "invalid"
    try:
        checkout = stripe_api.retrieve_checkout_session(checkout_session_id)
    except PaymentsError as exc:
        return "invalid" if exc.kind == "missing" else "unavailable"
    owner = checkout.get("client_reference_id") or rules.metadata_user_id(checkout)
    if owner != user_id:
        return "not_yours"
    if checkout.get("status") != "complete" or checkout.get("payment_status") not in (
        rules.PAID_STATUSES
    ):
        return "unpaid"
    subscription = checkout.get("subscription")
    snap = rules.read_subscription(subscription) if isinstance(subscription, Mapping) else None
    if snap is None:
        return "unpaid"
    customer_id = snap.customer_id or str(checkout.get("customer") or "")

    def write() -> None:
        user = session.get(User, user_id)
        if user is not None and not user.stripe_customer_id and customer_id:
            user.stripe_customer_id = customer_id
            session.add(user)
        _apply_subscription(session, user_id, snap, int(utcnow().timestamp()), from_api=True)

    if not done_or_log(
        session, log, "record a confirmed checkout", lambda: _commit_or_retry(session, write)
    ):
        return "unavailable"
    return "confirmed"


def has_billing_account(session: Session, user_id: str) -> bool:
    """Whether the user has a Stripe customer (and so something to manage in the portal)."""
    user = session.get(User, user_id)
    return user is not None and bool(user.stripe_customer_id)


def portal_url(session: Session, user_id: str) -> str:
    """customer-portal (P-BILL-1): where the user manages the plan, card and invoices."""
    if not get_settings().stripe_enabled:
        raise BillingError("not_configured")
    user = session.get(User, user_id)
    if user is None or not user.stripe_customer_id:
        raise BillingError("no_account")
    try:
        return stripe_api.create_portal_session(user.stripe_customer_id, _url(PORTAL_RETURN_PATH))
    except PaymentsError as exc:
        # A customer this Stripe account does not know has nothing to manage here.
        raise BillingError("no_account" if exc.kind == "customer_missing" else exc.kind) from None


# --------------------------------------------------------------------------- status


def _stale(row: Subscription, now: datetime) -> bool:
    refreshed = _aware(row.refreshed_at)
    if refreshed is None or now - refreshed > STALE_AFTER:
        return True
    period_end = _aware(row.current_period_end)
    return row.status in rules.ACTIVE_STATUSES and period_end is not None and period_end <= now


def refresh_from_stripe(session: Session, user_id: str, row: Subscription) -> bool:
    """Read the subscription and the latest invoices from Stripe into our tables."""
    try:
        obj = stripe_api.retrieve_subscription(row.stripe_subscription_id)
        snap = rules.read_subscription(obj)
        invoices = (
            stripe_api.list_invoices(snap.customer_id, HISTORY_LIMIT)
            if snap and snap.customer_id
            else []
        )
    except PaymentsError:
        log.warning("Could not refresh subscription %s from Stripe", row.stripe_subscription_id)
        return False
    if snap is None:
        return False

    def write() -> None:
        _apply_subscription(session, user_id, snap, int(utcnow().timestamp()), from_api=True)
        for invoice in invoices:
            invoice_snap = rules.read_invoice(invoice)
            if invoice_snap is not None:
                _apply_invoice(session, user_id, invoice_snap)

    return done_or_log(
        session, log, "store a refreshed subscription", lambda: _commit_or_retry(session, write)
    )


def billing_history(session: Session, user_id: str) -> tuple[BillingEntry, ...]:
    rows = session.exec(
        select(Invoice)
        .where(Invoice.user_id == user_id)
        .order_by(col(Invoice.created).desc())
        .limit(HISTORY_LIMIT)
    ).all()
    return tuple(
        BillingEntry(
            invoice_id=r.id,
            date=_aware(r.created) or utcnow(),
            description=r.description or (f"Invoice {r.number}" if r.number else "Invoice"),
            amount=rules.money(r.amount, r.currency),
            status=r.status,
            url=r.hosted_invoice_url,
        )
        for r in rows
    )


def check_subscription(
    session: Session, user_id: str, *, refresh: bool = True, now: datetime | None = None
) -> SubscriptionStatus:
    """check-subscription (P-BILL-1): the user's subscription from our table, read again from
    Stripe first when the row is stale (an hour old, or its paid period just ended)."""
    now = now or utcnow()
    row = _current_row(session, user_id)
    if refresh and row is not None and get_settings().stripe_enabled and _stale(row, now):
        refresh_from_stripe(session, user_id, row)
        row = _current_row(session, user_id)
    if row is None:
        return SubscriptionStatus(False, None, "", None, None, False, "", ())
    return SubscriptionStatus(
        subscribed=rules.is_active(row.status, _aware(row.current_period_end), now),
        subscription_id=row.stripe_subscription_id,
        status=row.status,
        start_date=_aware(row.started_at) or _aware(row.created_at),
        next_billing_date=_aware(row.current_period_end),
        cancel_at_period_end=row.cancel_at_period_end,
        payment_method=row.payment_method,
        billing_history=billing_history(session, user_id),
    )


def revive_lapsed(session: Session, user_id: str, now: datetime | None = None) -> bool:
    """For a user whose paid period has just ended in our table: ask Stripe whether it was
    renewed (a missed webhook must not lock a paying founder out). True when active now."""
    if not get_settings().stripe_enabled:
        return False
    now = now or utcnow()
    row = _current_row(session, user_id)
    if row is None or row.status not in rules.ACTIVE_STATUSES or not _stale(row, now):
        return False
    refresh_from_stripe(session, user_id, row)
    row = _current_row(session, user_id)
    return row is not None and rules.is_active(row.status, _aware(row.current_period_end), now)


# --------------------------------------------------------------------------- webhooks


def _event_parts(event: Mapping[str, Any]) -> tuple[str, str, int, Mapping[str, Any]]:
    data = event.get("data")
    obj = data.get("object") if isinstance(data, Mapping) else None
    created = event.get("created")
    return (
        str(event.get("id") or ""),
        str(event.get("type") or ""),
        created if isinstance(created, int) and not isinstance(created, bool) else 0,
        obj if isinstance(obj, Mapping) else {},
    )


#: (user, customer, subscription) of a completed checkout.
Completed = tuple[str, str, rules.SubscriptionSnapshot | None]


def _checkout_completed(session: Session, obj: Mapping[str, Any]) -> Completed | None:
    """(user, customer, subscription) of a completed checkout; reads the subscription from
    Stripe when the event does not carry it and we have not recorded it yet."""
    user_id = _user_for(
        session,
        "",
        str(obj.get("client_reference_id") or "") or rules.metadata_user_id(obj),
    )
    if user_id is None or obj.get("mode") != "subscription":
        return None
    customer_id = str(obj.get("customer") or "")
    subscription = obj.get("subscription")
    snap = None
    if isinstance(subscription, Mapping):
        snap = rules.read_subscription(subscription)
    elif isinstance(subscription, str) and subscription:
        known = session.exec(
            select(Subscription.id).where(Subscription.stripe_subscription_id == subscription)
        ).first()
        if known is None and obj.get("payment_status") in rules.PAID_STATUSES:
            snap = rules.read_subscription(stripe_api.retrieve_subscription(subscription))
    return user_id, customer_id, snap


def _on_checkout(session: Session, completed: Completed, created: int) -> EventResult:
    user_id, customer_id, snap = completed
    user = session.get(User, user_id)
    if user is not None and not user.stripe_customer_id and customer_id:
        user.stripe_customer_id = customer_id
        session.add(user)
    if snap is not None:
        _apply_subscription(session, user_id, snap, created)
    return "processed"


def _on_subscription(
    session: Session, event_type: str, obj: Mapping[str, Any], created: int
) -> EventResult:
    snap = rules.read_subscription(obj)
    owner = _user_for(session, snap.customer_id, snap.user_id) if snap else None
    if snap is None or owner is None:
        return "ignored"
    if event_type == "customer.subscription.deleted":
        snap = replace(snap, status="canceled")
    _apply_subscription(session, owner, snap, created)
    return "processed"


def _on_invoice(session: Session, event_type: str, obj: Mapping[str, Any]) -> EventResult:
    invoice = rules.read_invoice(obj)
    owner = (
        _user_for(session, invoice.customer_id, rules.metadata_user_id(obj)) if invoice else None
    )
    if invoice is None or owner is None:
        return "ignored"
    _apply_invoice(session, owner, invoice)
    if event_type == "invoice.payment_failed":
        amount = rules.money(invoice.amount, invoice.currency)
        activity.add_notification(
            session, owner, "error", PAYMENT_FAILED_NOTICE.format(amount=amount)
        )
    return "processed"


def _apply_event(
    session: Session,
    event_type: str,
    obj: Mapping[str, Any],
    created: int,
    completed: Completed | None,
) -> EventResult:
    if completed is not None:
        return _on_checkout(session, completed, created)
    if event_type.startswith("customer.subscription."):
        return _on_subscription(session, event_type, obj, created)
    if event_type in ("invoice.paid", "invoice.payment_failed"):
        return _on_invoice(session, event_type, obj)
    return "ignored"


def handle_event(session: Session, event: Mapping[str, Any]) -> EventResult:
    """Apply one verified Stripe event once. Raises PaymentsError or SQLAlchemyError when it
    could not be applied, so the webhook answers 5xx and Stripe sends it again."""
    event_id, event_type, created, obj = _event_parts(event)
    if not event_id:
        return "ignored"
    if session.get(StripeEvent, event_id) is not None:
        return "duplicate"

    completed = (
        _checkout_completed(session, obj) if event_type == "checkout.session.completed" else None
    )
    result: EventResult = "ignored"

    def write() -> None:
        nonlocal result
        result = "ignored"
        session.add(StripeEvent(id=event_id, type=event_type[:100], created=created))
        session.flush()  # a replay racing this one stops here
        result = _apply_event(session, event_type, obj, created, completed)

    try:
        # A second try covers the success page recording the same subscription meanwhile.
        _commit_or_retry(session, write)
    except IntegrityError:
        session.rollback()
        if session.get(StripeEvent, event_id) is not None:
            return "duplicate"
        raise
    return result
