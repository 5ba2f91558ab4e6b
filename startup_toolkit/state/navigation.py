"""NavigationState: the handlers of pages whose only server work is sending the founder on:
Tool Explorer's Launch Tool (T-EXP-1), /settings (P-AUTH-5) and /manage-plans (P-PRICE-6).

One state for the three, with no vars: every state costs its name in each snapshot a
reconnecting tab receives, and these have nothing of their own to show."""

from __future__ import annotations

from urllib.parse import urlencode

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.db import in_worker
from startup_toolkit.domain.catalog import EXPLORER_TOOLS, Tool
from startup_toolkit.services import activity, billing
from startup_toolkit.state.auth import AuthState, signed_in_user_id
from startup_toolkit.state.private import attempt

PORTAL_ROUTE = "/api/billing/portal"
PROFILE_TABS = ("profile", "ai-personalization", "security")
_BY_SLUG: dict[str, Tool] = {tool.slug: tool for tool in EXPLORER_TOOLS}


def launch_note(tool_name: str) -> str:
    """The activity logged when a tool is launched from Tool Explorer (ai-tools section 7)."""
    return f"Launched {tool_name} from Tool Explorer"


class NavigationState(rx.State):
    """Where Launch Tool, /settings and /manage-plans send the founder."""

    @rx.event
    async def launch_tool(self, slug: str) -> EventSpec | None:
        """Log the launch for the signed-in user, then open the tool's page."""
        tool = _BY_SLUG.get(slug) if isinstance(slug, str) else None
        if tool is None:
            return None
        user_id = await signed_in_user_id(self)
        if user_id is not None:  # logging must never keep the user from the tool
            await attempt(
                activity.log_activity,
                user_id,
                tool.name,
                launch_note(tool.name),
                failed=None,
                what="log a Tool Explorer launch",
            )
        return rx.redirect(tool.path)

    @rx.event
    async def open_settings(self) -> EventSpec | None:
        """/settings' on_load after AuthState.require_access (which sends visitors to /login
        and users without access to /pricing): on to /profile, replacing this history entry.
        A `?tab=` of the profile page is passed on."""
        if await signed_in_user_id(self) is None:
            return None
        auth = await self.get_state(AuthState)
        if not auth.has_access:
            return None
        tab = self.router.url.query_parameters.get("tab", "")
        target = "/profile" + (f"?{urlencode({'tab': tab})}" if tab in PROFILE_TABS else "")
        return rx.redirect(target, replace=True)

    @rx.event
    async def open_billing(self) -> EventSpec:
        """/manage-plans' on_load: the Stripe customer portal for a founder with a billing
        account, else /pricing; replacing the history entry, so Back never returns here."""
        if billing.checkout_mode() == "stripe":
            user_id = await signed_in_user_id(self)
            if user_id is not None and await in_worker(billing.has_billing_account, user_id):
                return rx.call_script(f"window.location.replace({PORTAL_ROUTE!r})")
        return rx.redirect("/pricing", replace=True)
