"""/manage-plans: replaces its own history entry and goes on (P-PRICE-6): to the Stripe
customer portal for a founder who has a billing account, else to /pricing."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.loading import spinner_stack
from startup_toolkit.components.page_route import page_route
from startup_toolkit.state.navigation import NavigationState


@page_route(
    "/manage-plans",
    "Manage plans",
    "Manage your Unstuck plan.",
    on_load=NavigationState.open_billing,
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
