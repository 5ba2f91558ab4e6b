"""/manage-plans: replaces its own history entry and goes on (P-PRICE-6): to the Stripe
customer portal for a founder who has a billing account, else to /pricing."""

from __future__ import annotations

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.loading import spinner_stack
from startup_toolkit.components.page_route import page_route
from startup_toolkit.db import in_worker
from startup_toolkit.services import billing
from startup_toolkit.state.auth import signed_in_user_id

PORTAL_ROUTE = "/api/billing/portal"


class ManagePlansState(rx.State):
    """Sends /manage-plans on to the billing portal or /pricing."""

    @rx.event
    async def go_to_pricing(self) -> EventSpec:
        """on_load: replace this history entry, so Back never returns to /manage-plans."""
        if billing.checkout_mode() == "stripe":
            user_id = await signed_in_user_id(self)
            if user_id is not None and await in_worker(billing.has_billing_account, user_id):
                return rx.call_script(f"window.location.replace({PORTAL_ROUTE!r})")
        return rx.redirect("/pricing", replace=True)


@page_route(
    "/manage-plans",
    "Manage plans",
    "Manage your Unstuck plan.",
    on_load=ManagePlansState.go_to_pricing,
)
def manage_plans() -> rx.Component:
    return page_layout(
        section(
            spinner_stack(
                rx.text("Taking you to your plan...", size="3", color_scheme="gray"),
                rx.link("Go to pricing", href="/pricing", replace=True),
                role="status",
            ),
        )
    )
