"""The profile's subscription card (P-PROF-6) fed from check-subscription (P-BILL-1): its
view dataclass and the part of ProfileState that reads it (the card: plan_view.py).

It loads in the background after the rest of the profile, so a slow answer from Stripe never
holds the page; 'Manage plan' opens the Stripe customer portal in a new tab.
"""

from __future__ import annotations

import dataclasses

import reflex as rx

from startup_toolkit.components import subscription_card as card
from startup_toolkit.domain.billing import plan_story
from startup_toolkit.domain.formatting import date_label
from startup_toolkit.services import billing
from startup_toolkit.services.billing import SubscriptionStatus
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private import attempt
from startup_toolkit.state.private_state import PrivateStateMixin

PORTAL_HREF = "/api/billing/portal"


@dataclasses.dataclass(frozen=True)
class PlanCard:
    """What the subscription card shows (P-PROF-6); the free plan until the user's is read."""

    plan_name: str = card.FREE_PLAN_NAME
    plan_type: str = "free"
    is_active: bool = True
    price: float = card.FREE_PRICE
    billing_cycle: str = ""
    start_date: str = ""
    next_billing_date: str = ""
    payment_method: str = ""
    features: list[str] = dataclasses.field(default_factory=lambda: list(card.FREE_FEATURES))
    billing_history: list[dict[str, str]] = dataclasses.field(default_factory=list)
    manage_href: str = card.MANAGE_HREF
    plan_note: str = ""
    offer: bool = True  # the upgrade pitch: not where every tool is open and nothing is sold


def plan_card(status: SubscriptionStatus | None, manage_href: str) -> PlanCard:
    """The card of a founder whose check-subscription answered `status` (None: unknown)."""
    premium = status is not None and status.subscribed
    # The dashboard's plan badge tells the same story (issue 17, item 10).
    story = plan_story(premium, get_settings().effective_access_mode == "open")
    features = list(card.PREMIUM_FEATURES if premium else card.FREE_FEATURES)
    if story.note and not premium:  # every tool is open: the free list would undersell it
        features = [card.PREMIUM_FEATURES[0], *card.FREE_FEATURES[1:]]
    base = PlanCard(
        plan_name=story.name,
        plan_type="premium" if premium else "free",
        price=card.PREMIUM_PRICE if premium else card.FREE_PRICE,
        billing_cycle=card.PREMIUM_BILLING_CYCLE if premium else "",
        features=features,
        manage_href=manage_href,
        plan_note=story.note,
        offer=not billing.free_access(),
    )
    if status is None or status.subscription_id is None:
        return base
    next_billing = ""
    if status.next_billing_date and premium:
        label = date_label(status.next_billing_date)
        next_billing = f"Ends {label}" if status.cancel_at_period_end else label
    return dataclasses.replace(
        base,
        start_date=date_label(status.start_date) if status.start_date else "",
        next_billing_date=next_billing,
        payment_method=status.payment_method,
        billing_history=[
            {
                "date": date_label(entry.date),
                "description": entry.description,
                "amount": entry.amount,
                "status": entry.status,
            }
            for entry in status.billing_history
        ],
    )


class PlanMixin(PrivateStateMixin, mixin=True):
    """What the subscription card shows for the signed-in user (a part of ProfileState)."""

    plan: PlanCard | None = None  # None while the user's plan is being read

    @rx.event(background=True)
    async def load_plan(self) -> None:
        """on_load of /profile: read check-subscription (refreshed from Stripe when stale)."""
        async with self:
            self.plan = None
            user_id = await signed_in_user_id(self)
        status = None
        if user_id is not None:
            status = await attempt(
                billing.check_subscription, user_id, failed=None, what="read the subscription"
            )
        async with self:
            stripe = billing.checkout_mode() == "stripe"
            self.plan = plan_card(status, PORTAL_HREF if stripe else card.MANAGE_HREF)
