"""/settings: shows 'Redirecting to profile settings...' and sends a signed-in subscriber to
/profile (P-AUTH-5); a visitor goes to /login?next=/settings (P-AUTH-1), a user without
access to /pricing (P-AUTH-2). A `?tab=` of the profile page is passed on.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.loading import loading_panel
from startup_toolkit.components.page_route import site_page
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import AuthState
from startup_toolkit.state.navigation import NavigationState

REDIRECT_TEXT = "Redirecting to profile settings..."


@site_page(
    "/settings",
    title=f"Settings | {get_settings().product_name}",
    description="Your account settings live on the profile page.",
    on_load=[AuthState.require_access, NavigationState.open_settings],
)
def settings_redirect() -> rx.Component:
    return page_layout(
        section(
            loading_panel(
                rx.text(REDIRECT_TEXT, size="3", color="var(--gray-11)"),
                rx.link("Go to profile settings", href="/profile", size="2"),
                min_height="45vh",
                id="settings-redirect",
            ),
        ),
    )
