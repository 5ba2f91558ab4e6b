"""/settings: shows 'Redirecting to profile settings...' and sends a signed-in subscriber to
/profile (P-AUTH-5); a visitor goes to /login?next=/settings (P-AUTH-1), a user without
access to /pricing (P-AUTH-2). A `?tab=` of the profile page is passed on.
"""

from __future__ import annotations

from urllib.parse import urlencode

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.loading import loading_panel
from startup_toolkit.settings import get_settings
from startup_toolkit.state.auth import AuthState, signed_in_user_id

REDIRECT_TEXT = "Redirecting to profile settings..."
PROFILE_TABS = ("profile", "ai-personalization", "security")


class SettingsRedirectState(rx.State):
    """The /settings redirect (no data of its own)."""

    @rx.event
    async def go(self) -> EventSpec | None:
        """on_load after AuthState.require_access (which sends visitors to /login and users
        without access to /pricing): on to /profile, replacing this history entry."""
        if await signed_in_user_id(self) is None:
            return None
        auth = await self.get_state(AuthState)
        if not auth.has_access:
            return None
        tab = self.router.url.query_parameters.get("tab", "")
        target = "/profile" + (f"?{urlencode({'tab': tab})}" if tab in PROFILE_TABS else "")
        return rx.redirect(target, replace=True)


@rx.page(
    route="/settings",
    title=f"Settings | {get_settings().product_name}",
    description="Your account settings live on the profile page.",
    on_load=[AuthState.require_access, SettingsRedirectState.go],
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
