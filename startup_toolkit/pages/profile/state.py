"""ProfileState: loading, validating and saving the settings of the signed-in user (the
Security tab's part is SecurityMixin, in security_state.py). Each card's values are one typed
view (views.py); the dialogs opened by a click (Delete Account, Change Password) open in the
browser."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain.profile import (
    AI_CHOICES,
    PREFERENCE_DEFAULTS,
    PROFILE_FIELDS,
    PROFILE_LABELS,
    TIMEZONE_MAX,
)
from startup_toolkit.pages.profile.security_state import SecurityMixin
from startup_toolkit.pages.profile.settings_base import (
    ROUTE,
    SECRET_CAP,
    first_error,
    form,
    outcome_toast,
    text,
)
from startup_toolkit.pages.profile.subscription import PlanMixin
from startup_toolkit.pages.profile.views import (
    NEVER,
    AiView,
    PreferencesView,
    ProfileView,
    settings_views,
    updated,
)
from startup_toolkit.services import account_security, user_settings
from startup_toolkit.services.account_security import PROOF
from startup_toolkit.state.auth import ACCOUNT_DELETED_PATH, AuthState
from startup_toolkit.state.private import attempt

__all__ = ["LOADING_TEXT", "NEVER", "ROUTE", "TABS", "ProfileState", "field_id"]

LOADING_TEXT = "Loading profile data..."
LOAD_FAILED = "Failed to load user data"
TABS: tuple[tuple[str, str, str], ...] = (
    ("profile", "Profile", "user"),
    ("ai-personalization", "AI Personalization", "sparkles"),
    ("security", "Security", "shield-check"),
)
TAB_VALUES = tuple(value for value, _, _ in TABS)
DEFAULT_TAB = "profile"


def field_id(name: str) -> str:
    return "profile-" + name.replace("_", "-")


class ProfileState(SecurityMixin, PlanMixin, rx.State):
    """The profile page: settings of the signed-in user (loaded from the server-side session).
    Each card's values are one typed view; dialogs opened by a click open in the browser."""

    tab: str = DEFAULT_TAB
    # Each card's view is None until the page has loaded the user's settings (the page shows
    # LOADING_TEXT while `profile` is None).
    profile: ProfileView | None = None  # P-PROF-2
    profile_errors: dict[str, str] = {}
    preferences: PreferencesView | None = None  # P-PROF-7, saved as soon as they change
    ai: AiView | None = None  # P-PROF-3 and issue 14's "Use my saved work in the AI Co-Founder"

    # ------------------------------------------------------------------ loading and tabs

    @rx.event
    async def load(self) -> AsyncIterator[EventSpec]:
        """on_load (after AuthState.require_access): read every setting of the user (P-PROF-1)."""
        user_id = await self._user_id()
        if user_id is None:
            return  # AuthState.require_access, just before, sends the browser to /login
        if self._loaded_for != user_id:
            self._start_over()  # another account used this tab before: show nothing of it
        requested = self.router.url.query_parameters.get("tab", DEFAULT_TAB)
        self.tab = requested if requested in TAB_VALUES else DEFAULT_TAB
        self._close_dialogs()
        # The plan card reads check-subscription in the background (Stripe may be slow); only
        # now, after a fresh start above, or that start would clear it again.
        yield ProfileState.load_plan
        values = await attempt(
            user_settings.settings_values, user_id, failed=None, what="load profile settings"
        )
        if values is None:
            yield outcome_toast(False, LOAD_FAILED)
            return
        self.profile, self.preferences, self.ai, self.security = settings_views(values)
        self.profile_errors = {}
        self._loaded_for = user_id
        if self._toast_after_reload:
            message, self._toast_after_reload = self._toast_after_reload, ""
            yield outcome_toast(True, message)

    @rx.event
    def set_tab(self, value: str) -> EventSpec | None:
        """Switch tabs and put `?tab=` in the address bar without a reload (P-PROF-1)."""
        if not isinstance(value, str) or value not in TAB_VALUES:
            return None
        self.tab = value
        return rx.call_script(
            "(() => { const u = new URL(window.location.href);"
            f" u.searchParams.set('tab', {json.dumps(value)});"
            " window.history.replaceState(window.history.state, '', u); })()"
        )

    # ------------------------------------------------------------------ profile (P-PROF-2)

    @rx.event
    def set_profile_field(self, name: str, value: str) -> None:
        if not isinstance(name, str) or name not in PROFILE_FIELDS or not isinstance(value, str):
            return
        self.profile = updated(self.profile, {name: text(value)})
        if name in self.profile_errors:
            self.profile_errors = {k: v for k, v in self.profile_errors.items() if k != name}

    @rx.event
    async def save_profile(self, form_data: Any) -> AsyncIterator[EventSpec | None]:
        """Validate and store the profile; field messages and typed input stay on error.
        Anything but text in a field refuses the whole save (nothing changes); `form_data` is
        hinted `Any` so that a form that is not an object gets this page's own answer too."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        data = form(form_data)
        not_text = {
            name: f"{PROFILE_LABELS[name]} must be text"
            for name in PROFILE_FIELDS
            if name in data and not isinstance(data[name], str)
        }
        if not_text or not isinstance(form_data, dict):
            yield outcome_toast(False, user_settings.PROFILE_FAILED, first_error(not_text))
            return
        # The form's own values win: the last keystroke may not have reached a setter yet.
        values = {
            name: text(data.get(name, getattr(self.profile, name))) for name in PROFILE_FIELDS
        }
        self.profile = updated(self.profile, values)
        self.busy = "profile"
        yield
        result = await self._save_settings("profile", user_id, values)
        self.busy = ""
        self.profile_errors = dict(result.errors)
        if result.ok and result.row is not None:
            stored = {name: getattr(result.row, name) or "" for name in PROFILE_FIELDS}
            self.profile = updated(self.profile, stored)
        yield outcome_toast(result.ok, result.message, first_error(result.errors))
        if result.errors:
            first = next(name for name in PROFILE_FIELDS if name in result.errors)
            yield rx.call_script(f"document.getElementById({json.dumps(field_id(first))})?.focus()")

    # ------------------------------------------------------------------ preferences (P-PROF-7)

    @rx.event
    async def save_preference(self, name: str, value: Any) -> AsyncIterator[EventSpec]:
        """Store one preference as soon as it changes; the old value stays when it fails."""
        async for spec in self._save_preference(name, value):
            yield spec

    async def _save_preference(self, name: str, value: Any) -> AsyncIterator[EventSpec]:
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        if not isinstance(name, str) or name not in PREFERENCE_DEFAULTS:
            return
        result = await self._save_settings("preferences", user_id, {name: value})
        if result.ok and result.row is not None:
            self.preferences = updated(self.preferences, {name: getattr(result.row, name)})
        yield outcome_toast(result.ok, result.message, first_error(result.errors))

    @rx.event
    def use_browser_timezone(self) -> EventSpec:
        """Ask the browser for its time zone, then save it (validated on the server)."""
        return rx.call_script(
            "Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'",
            callback=ProfileState.save_browser_timezone,
        )

    @rx.event
    async def save_browser_timezone(self, value: str) -> AsyncIterator[EventSpec]:
        async for spec in self._save_preference("timezone", text(value, TIMEZONE_MAX)):
            yield spec

    # ------------------------------------------------------------------ AI (P-PROF-3)

    @rx.event
    def set_ai_field(self, name: str, value: str) -> None:
        if not isinstance(name, str) or not isinstance(value, str):
            return
        if name in AI_CHOICES and value in AI_CHOICES[name]:
            self.ai = updated(self.ai, {name: value})

    @rx.event
    async def save_ai_settings(self) -> AsyncIterator[EventSpec | None]:
        """Store the five AI personalisation choices."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        values = {name: getattr(self.ai, name) for name in AI_CHOICES}
        self.busy = "ai"
        yield
        result = await self._save_settings("ai", user_id, values)
        self.busy = ""
        if result.ok and result.row is not None:
            self.ai = updated(self.ai, {name: getattr(result.row, name) for name in AI_CHOICES})
        yield outcome_toast(result.ok, result.message, first_error(result.errors))

    @rx.event
    async def save_use_saved_work(self, value: bool) -> AsyncIterator[EventSpec | None]:
        """Let the AI Co-Founder read a summary of the founder's saved work, or not; the old
        value stays when the save fails."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        if not isinstance(value, bool):
            return
        result = await attempt(
            user_settings.set_use_saved_work,
            user_id,
            value,
            failed=user_settings.SettingsResult(ok=False, message=user_settings.AI_FAILED),
            what="save the Co-Founder setting",
        )
        if result.ok and result.row is not None:
            self.ai = updated(self.ai, {"use_saved_work": bool(result.row.use_saved_work)})
        yield outcome_toast(result.ok, result.message)

    # ------------------------------------------------------------------ delete (P-PROF-2)

    @rx.event
    async def delete_account(self, form_data: dict[str, Any]) -> AsyncIterator[EventSpec | None]:
        """Delete the account once the typed email matches and the password (or a code) is
        accepted, then sign the browser out."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        data = form(form_data)
        typed = text(data.get("email"), 400)
        proof = text(data.get("proof"), SECRET_CAP)
        self.busy = "delete_dialog"
        yield
        result = await attempt(
            account_security.delete_account,
            user_id,
            typed,
            proof,
            failed=account_security.Result(ok=False, message=account_security.DELETE_FAILED),
            what="delete an account",
        )
        self.busy = ""
        if not result.ok:
            errors = {k: v for k, v in result.errors.items() if k in ("email", PROOF) and v}
            # A lock says why under the password.
            self.dialog_errors = errors or {PROOF: result.message}
            yield outcome_toast(False, result.message)
            return
        self.reset()
        # Signed out everywhere, on a page that says the account is gone (issue 28, item 11).
        auth = await self.get_state(AuthState)
        yield await auth._sign_out_to(ACCOUNT_DELETED_PATH)
