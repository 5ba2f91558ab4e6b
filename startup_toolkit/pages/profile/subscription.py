"""The profile's subscription view (P-PROF-6) fed from check-subscription (P-BILL-1).

It loads in the background after the rest of the profile, so a slow answer from Stripe never
holds the page; 'Manage plan' opens the Stripe customer portal in a new tab.
"""

from __future__ import annotations

import logging

import reflex as rx

from startup_toolkit.components import subscription_card as card
from startup_toolkit.db import in_worker
from startup_toolkit.domain.billing import plan_story
from startup_toolkit.domain.formatting import date_label
from startup_toolkit.services import billing
from startup_toolkit.services.billing import SubscriptionStatus
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private_state import PrivateStateMixin

log = logging.getLogger(__name__)

PORTAL_HREF = "/api/billing/portal"


class SubscriptionState(PrivateStateMixin, rx.State):
    """What the subscription card shows for the signed-in user."""

    loading: bool = True
    plan_name: str = card.FREE_PLAN_NAME
    plan_type: str = "free"
    is_active: bool = True
    price: float = card.FREE_PRICE
    billing_cycle: str = ""
    start_date: str = ""
    next_billing_date: str = ""
    payment_method: str = ""
    features: list[str] = list(card.FREE_FEATURES)
    billing_history: list[dict[str, str]] = []
    manage_href: str = card.MANAGE_HREF
    plan_note: str = ""
    offer: bool = True  # the upgrade pitch: not where every tool is open and nothing is sold

    def _show(self, status: SubscriptionStatus | None) -> None:
        premium = status is not None and status.subscribed
        # The dashboard's plan badge tells the same story (issue 17, item 10).
        story = plan_story(premium, get_settings().effective_access_mode == "open")
        self.plan_type = "premium" if premium else "free"
        self.plan_name = story.name
        self.plan_note = story.note
        self.offer = not billing.free_access()
        self.is_active = True
        self.price = card.PREMIUM_PRICE if premium else card.FREE_PRICE
        self.billing_cycle = card.PREMIUM_BILLING_CYCLE if premium else ""
        self.features = list(card.PREMIUM_FEATURES if premium else card.FREE_FEATURES)
        if story.note and not premium:  # every tool is open: the free list would undersell it
            self.features = [card.PREMIUM_FEATURES[0], *card.FREE_FEATURES[1:]]
        self.start_date = self.next_billing_date = self.payment_method = ""
        self.billing_history = []
        if status is None or status.subscription_id is None:
            return
        self.start_date = date_label(status.start_date) if status.start_date else ""
        if status.next_billing_date and premium:
            label = date_label(status.next_billing_date)
            self.next_billing_date = f"Ends {label}" if status.cancel_at_period_end else label
        self.payment_method = status.payment_method
        self.billing_history = [
            {
                "date": date_label(entry.date),
                "description": entry.description,
                "amount": entry.amount,
                "status": entry.status,
            }
            for entry in status.billing_history
        ]

    @rx.event(background=True)
    async def load(self) -> None:
        """on_load of /profile: read check-subscription (refreshed from Stripe when stale)."""
        async with self:
            self.loading = True
            user_id = await signed_in_user_id(self)
        status = None
        if user_id is not None:
            try:
                status = await in_worker(billing.check_subscription, user_id)
            except Exception:
                log.exception("Could not read the subscription")
        async with self:
            self._show(status)
            stripe = billing.checkout_mode() == "stripe"
            self.manage_href = PORTAL_HREF if stripe else card.MANAGE_HREF
            self.loading = False


def subscription_view() -> rx.Component:
    return card.subscription_card(
        plan_name=SubscriptionState.plan_name,
        plan_type=SubscriptionState.plan_type,
        is_active=SubscriptionState.is_active,
        price=SubscriptionState.price,
        billing_cycle=SubscriptionState.billing_cycle,
        start_date=SubscriptionState.start_date,
        next_billing_date=SubscriptionState.next_billing_date,
        payment_method=SubscriptionState.payment_method,
        features=SubscriptionState.features,
        billing_history=SubscriptionState.billing_history,
        manage_href=SubscriptionState.manage_href,
        note=SubscriptionState.plan_note,
        offer=SubscriptionState.offer,
    )
