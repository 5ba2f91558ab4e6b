"""The profile's subscription card (P-PROF-6), or a spinner while the plan is read."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components import subscription_card as card
from startup_toolkit.components.loading import loading_panel
from startup_toolkit.components.panels import muted_text
from startup_toolkit.pages.profile.state import ProfileState


def subscription_view() -> rx.Component:
    """The card of the user's plan, or a spinner while it is read (never another plan)."""
    return rx.cond(
        ProfileState.plan.is_not_none(),
        _plan_card(),
        loading_panel(muted_text("Loading your plan..."), min_height="12rem", id="plan-loading"),
    )


def _plan_card() -> rx.Component:
    shown = ProfileState.plan
    return card.subscription_card(
        plan_name=shown.plan_name,
        plan_type=shown.plan_type,
        is_active=shown.is_active,
        price=shown.price,
        billing_cycle=shown.billing_cycle,
        start_date=shown.start_date,
        next_billing_date=shown.next_billing_date,
        payment_method=shown.payment_method,
        features=shown.features,
        billing_history=shown.billing_history,
        manage_href=shown.manage_href,
        note=shown.plan_note,
        offer=shown.offer,
    )
