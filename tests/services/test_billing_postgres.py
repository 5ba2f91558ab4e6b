"""Billing on PostgreSQL when things happen at once: Stripe delivering one event several times
in parallel, and the success page recording a subscription while its webhook does the same.
Each has one effect and no request fails (P-BILL-1, P-PRICE-4)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.models import UserNotification
from startup_toolkit.models.billing import StripeEvent, Subscription
from startup_toolkit.services import access, billing
from tests.services.test_billing import paid_subscription
from tests.support.founders import user
from tests.support.stripe_server import FakeStripeServer

pytestmark = pytest.mark.postgres
T = TypeVar("T")
PARALLEL = 4


@pytest.fixture
def session(pg_engine: Engine) -> Iterator[Session]:
    with Session(pg_engine, expire_on_commit=False) as s:
        yield s


def at_once(engine: Engine, calls: list[Callable[[Session], T]]) -> list[T]:
    """Run each call in its own thread and database session, all released together."""
    start = threading.Barrier(len(calls))

    def run(call: Callable[[Session], T]) -> T:
        with Session(engine, expire_on_commit=False) as own:
            start.wait(timeout=10)
            return call(own)

    with ThreadPoolExecutor(len(calls)) as pool:
        return list(pool.map(run, calls))


def test_p_bill_1_one_event_delivered_in_parallel_has_one_effect(
    pg_engine: Engine, session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-BILL-1: Stripe sending invoice.payment_failed several times at once stores the event
    once and notifies the founder once; every copy is answered without an error."""
    fake = stripe_env
    uid = user(session)
    _, sub = paid_subscription(session, fake, uid)
    billing.handle_event(session, fake.event("customer.subscription.created", sub))

    for round_ in range(3):
        failed = fake.add_invoice(str(sub["id"]), "open", amount=1100 + round_)
        event = fake.event("invoice.payment_failed", failed)
        results = at_once(pg_engine, [lambda s, e=event: billing.handle_event(s, e)] * PARALLEL)
        assert sorted(results) == ["duplicate"] * (PARALLEL - 1) + ["processed"]

    session.expire_all()
    notes = session.exec(select(UserNotification).where(UserNotification.user_id == uid)).all()
    assert len(notes) == 3
    assert len(session.exec(select(StripeEvent)).all()) == 4


def test_p_price_4_success_page_and_webhook_record_one_subscription(
    pg_engine: Engine, session: Session, stripe_env: FakeStripeServer
) -> None:
    """P-PRICE-4: the success page's check and checkout.session.completed arriving together
    both succeed and leave one active subscription row."""
    fake = stripe_env
    for n in range(3):
        uid = user(session, f"founder{n}@example.com")
        checkout, sub = paid_subscription(session, fake, uid)
        event = fake.event("checkout.session.completed", checkout)
        confirmed, processed = at_once(
            pg_engine,
            [
                lambda s, u=uid, c=checkout["id"]: billing.confirm_checkout(s, u, c),
                lambda s, e=event: billing.handle_event(s, e),
            ],
        )
        assert (confirmed, processed) == ("confirmed", "processed")
        session.expire_all()
        found = session.exec(
            select(Subscription).where(Subscription.stripe_subscription_id == sub["id"])
        ).all()
        assert [(r.user_id, r.status) for r in found] == [(uid, "active")]
        assert access.may_use_tools(session, uid) is True
