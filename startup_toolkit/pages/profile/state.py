"""ProfileState: loading, validating and saving the settings of the signed-in user (the
Security tab's part is SecurityMixin, in security_state.py)."""

from __future__ import annotations

import json
from collections.abc import AsyncIterator
from datetime import date
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain.profile import (
    AI_CHOICES,
    AI_DEFAULTS,
    PREFERENCE_DEFAULTS,
    PROFILE_FIELDS,
    PROFILE_LABELS,
    TIMEZONE_MAX,
)
from startup_toolkit.pages.profile.security_state import NEVER, SECURITY_VARS, SecurityMixin
from startup_toolkit.pages.profile.settings_base import (
    ROUTE,
    SECRET_CAP,
    first_error,
    form,
    outcome_toast,
    text,
)
from startup_toolkit.pages.profile.texts import COMMON_TIMEZONES
from startup_toolkit.services import account_security, user_settings
from startup_toolkit.state.auth import AuthState

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


def _date_label(value: date | None) -> str:
    """'March 1, 2026', or 'Never'."""
    if value is None:
        return NEVER
    return f"{value:%B} {value.day}, {value.year}"


def _timezone_options(current: str) -> list[str]:
    return list(COMMON_TIMEZONES) if current in COMMON_TIMEZONES else [current, *COMMON_TIMEZONES]


def field_id(name: str) -> str:
    return "profile-" + name.replace("_", "-")


class ProfileState(SecurityMixin, rx.State):
    """The profile page: settings of the signed-in user (loaded from the server-side session)."""

    loaded: bool = False
    tab: str = DEFAULT_TAB

    # Profile (P-PROF-2)
    full_name: str = ""
    bio: str = ""
    company: str = ""
    location: str = ""
    website: str = ""
    linkedin_url: str = ""
    twitter_handle: str = ""
    profile_errors: dict[str, str] = {}
    saving_profile: bool = False

    # Preferences (P-PROF-7): the stored defaults until the user's own are loaded
    email_notifications: bool = PREFERENCE_DEFAULTS["email_notifications"]
    push_notifications: bool = PREFERENCE_DEFAULTS["push_notifications"]
    marketing_emails: bool = PREFERENCE_DEFAULTS["marketing_emails"]
    weekly_reports: bool = PREFERENCE_DEFAULTS["weekly_reports"]
    ai_personalization: bool = PREFERENCE_DEFAULTS["ai_personalization"]
    data_collection: bool = PREFERENCE_DEFAULTS["data_collection"]
    theme: str = PREFERENCE_DEFAULTS["theme"]
    language: str = PREFERENCE_DEFAULTS["language"]
    timezone: str = PREFERENCE_DEFAULTS["timezone"]
    timezone_options: list[str] = list(COMMON_TIMEZONES)

    # AI personalisation (P-PROF-3)
    response_style: str = AI_DEFAULTS["response_style"]
    expertise_level: str = AI_DEFAULTS["expertise_level"]
    industry_focus: str = AI_DEFAULTS["industry_focus"]
    communication_tone: str = AI_DEFAULTS["communication_tone"]
    detail_level: str = AI_DEFAULTS["detail_level"]
    saving_ai: bool = False
    # Issue 14: "Use my saved work in the AI Co-Founder" (saved as soon as it changes)
    use_saved_work: bool = True

    # Delete Account (P-PROF-2), with the password (or a code) since issue 13
    delete_dialog_open: bool = False
    delete_error: str = ""
    delete_proof_error: str = ""
    delete_busy: bool = False

    def _apply(self, values: dict[str, Any], allowed: tuple[str, ...]) -> None:
        for name, value in values.items():
            if name in allowed:
                setattr(self, name, value)

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
        values = await self._call(
            user_settings.settings_values, user_id, failed=None, what="load profile settings"
        )
        if values is None:
            yield outcome_toast(False, LOAD_FAILED)
            return
        self._apply(values.profile, PROFILE_FIELDS)
        self._apply(values.ai, tuple(AI_CHOICES))
        self.use_saved_work = values.use_saved_work
        self._apply(values.preferences, tuple(PREFERENCE_DEFAULTS))
        security = {
            "two_factor_enabled": values.two_factor_enabled,
            "login_notifications": values.login_notifications,
            "session_timeout": values.session_timeout,
            "password_last_changed": _date_label(values.password_last_changed),
        }
        self._apply(security, (*SECURITY_VARS, "password_last_changed"))
        self.timezone_options = _timezone_options(self.timezone)
        self.profile_errors = {}
        self._loaded_for = user_id
        self.loaded = True
        if self._toast_after_reload:
            message, self._toast_after_reload = self._toast_after_reload, ""
            yield outcome_toast(True, message)

    def _close_dialogs(self) -> None:
        self._close_security_dialogs()
        self.delete_dialog_open = False
        self.delete_error = self.delete_proof_error = ""
        self.delete_busy = False
        self.saving_profile = self.saving_ai = False

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
        setattr(self, name, text(value))
        if name in self.profile_errors:
            self.profile_errors = {k: v for k, v in self.profile_errors.items() if k != name}

    @rx.event
    async def save_profile(self, form_data: dict[str, Any]) -> AsyncIterator[EventSpec | None]:
        """Validate and store the profile; field messages and typed input stay on error.
        Anything but text in a field refuses the whole save (nothing changes)."""
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
        values = {name: text(data.get(name, getattr(self, name))) for name in PROFILE_FIELDS}
        self._apply(values, PROFILE_FIELDS)
        self.saving_profile = True
        yield
        result = await self._save_settings("profile", user_id, values)
        self.saving_profile = False
        self.profile_errors = dict(result.errors)
        if result.ok and result.row is not None:
            self._apply(
                {name: getattr(result.row, name) or "" for name in PROFILE_FIELDS}, PROFILE_FIELDS
            )
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
            setattr(self, name, getattr(result.row, name))
            if name == "timezone":
                self.timezone_options = _timezone_options(self.timezone)
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
            setattr(self, name, value)

    @rx.event
    async def save_ai_settings(self) -> AsyncIterator[EventSpec | None]:
        """Store the five AI personalisation choices."""
        user_id, refusal = await self._editor()
        if user_id is None:
            yield refusal
            return
        values = {name: getattr(self, name) for name in AI_CHOICES}
        self.saving_ai = True
        yield
        result = await self._save_settings("ai", user_id, values)
        self.saving_ai = False
        if result.ok and result.row is not None:
            self._apply({name: getattr(result.row, name) for name in AI_CHOICES}, tuple(AI_CHOICES))
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
        result = await self._call(
            user_settings.set_use_saved_work,
            user_id,
            value,
            failed=user_settings.SettingsResult(ok=False, message=user_settings.AI_FAILED),
            what="save the Co-Founder setting",
        )
        if result.ok and result.row is not None:
            self.use_saved_work = bool(result.row.use_saved_work)
        yield outcome_toast(result.ok, result.message)

    # ------------------------------------------------------------------ delete (P-PROF-2)

    @rx.event
    def set_delete_dialog_open(self, value: bool) -> None:
        if isinstance(value, bool):
            self.delete_dialog_open = value
            self.delete_error = self.delete_proof_error = ""

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
        self.delete_busy = True
        yield
        result = await self._call(
            account_security.delete_account,
            user_id,
            typed,
            proof,
            failed=account_security.Result(ok=False, message=account_security.DELETE_FAILED),
            what="delete an account",
        )
        self.delete_busy = False
        if not result.ok:
            self.delete_error = result.errors.get("email", "")
            self.delete_proof_error = result.errors.get(account_security.PROOF, "")
            if not self.delete_error and not self.delete_proof_error:
                self.delete_proof_error = result.message  # a lock: shown under the password
            yield outcome_toast(False, result.message)
            return
        self.reset()
        yield AuthState.sign_out
