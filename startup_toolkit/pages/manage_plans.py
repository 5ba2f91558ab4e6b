"""/manage-plans: replaces its own history entry and goes to /pricing (P-PRICE-6)."""

from __future__ import annotations

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.layout import page_layout, section


class ManagePlansState(rx.State):
    """Sends /manage-plans on to /pricing."""

    @rx.event
    def go_to_pricing(self) -> EventSpec:
        """on_load: replace this history entry, so Back never returns to /manage-plans."""
        return rx.redirect("/pricing", replace=True)


@rx.page(
    route="/manage-plans",
    title="Manage plans | Unstuck",
    description="Manage your Unstuck plan.",
    on_load=ManagePlansState.go_to_pricing,
)
def manage_plans() -> rx.Component:
    return page_layout(
        section(
            rx.vstack(
                rx.spinner(size="3"),
                rx.text("Taking you to pricing...", size="3", color_scheme="gray"),
                rx.link("Go to pricing", href="/pricing", replace=True),
                spacing="3",
                align="center",
                role="status",
            ),
        )
    )
