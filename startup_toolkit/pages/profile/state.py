"""ProfileState: loading, validating and saving the settings of the signed-in user."""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import date
from typing import Any
from urllib.parse import quote

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.db import run_in_session
from startup_toolkit.domain.passwords import MAX_LENGTH as PASSWORD_MAX
from startup_toolkit.domain.profile import (
    AI_CHOICES,
    AI_DEFAULTS,
    PREFERENCE_DEFAULTS,
    PROFILE_FIELDS,
    SESSION_TIMEOUT_DAYS,
    TIMEZONE_MAX,
    URL_MAX,
)
from startup_toolkit.services import accounts, user_settings
from startup_toolkit.state.auth import AuthState, signed_in_user_id

log = logging.getLogger(__name__)


ROUTE = "/profile"
LOADING_TEXT = "Loading profile data..."
LOAD_FAILED = "Failed to load user data"
TABS: tuple[tuple[str, str, str], ...] = (
    ("profile", "Profile", "user"),
    ("ai-personalization", "AI Personalization", "sparkles"),
    ("security", "Security", "shield-check"),
)
TAB_VALUES = tuple(value for value, _, _ in TABS)
DEFAULT_TAB = "profile"
TOAST_ID = "profile-settings"
NEVER = "Never"

#: What a text field keeps of what the browser sends (above every limit, so nothing typed is
#: cut, while a script cannot park megabytes in the state).
INPUT_CAP = 4 * URL_MAX
SECRET_CAP = 4 * PASSWORD_MAX

AI_OPTION_LABELS: dict[str, dict[str, str]] = {
    "response_style": {"concise": "Concise", "detailed": "Detailed", "balanced": "Balanced"},
    "expertise_level": {
        "beginner": "Beginner",
        "intermediate": "Intermediate",
        "advanced": "Advanced",
        "expert": "Expert",
    },
    "industry_focus": {
        "technology": "Technology",
        "healthcare": "Healthcare",
        "finance": "Finance",
        "ecommerce": "E-commerce",
        "saas": "SaaS",
        "other": "Other",
    },
    "communication_tone": {
        "professional": "Professional",
        "friendly": "Friendly",
        "casual": "Casual",
        "formal": "Formal",
    },
    "detail_level": {
        "minimal": "Minimal",
        "moderate": "Moderate",
        "comprehensive": "Comprehensive",
    },
}
AI_HINTS = {
    "response_style": "How long answers are.",
    "expertise_level": "How much the tools explain the basics.",
    "industry_focus": "Examples and benchmarks from your industry ('Other' keeps them general).",
    "communication_tone": "The voice the tools write in.",
    "detail_level": "How deep the analysis goes.",
}
PREFERENCE_TEXTS: dict[str, tuple[str, str]] = {
    "email_notifications": ("Email notifications", "Important account updates by email."),
    "push_notifications": ("Push notifications", "Alerts in the app while you work."),
    "marketing_emails": ("Product news", "New tools, tips and offers, now and then."),
    "weekly_reports": ("Weekly reports", "A summary of your progress every week."),
    "ai_personalization": (
        "AI personalization",
        "Tailor AI answers with your AI settings and activity.",
    ),
    "data_collection": ("Usage analytics", "Share anonymous usage data to improve the tools."),
}
THEME_LABELS = {"dark": "Dark", "light": "Light", "system": "Match my device"}
LANGUAGES: dict[str, str] = {
    "en": "English",
    "es": "Español",
    "fr": "Français",
    "de": "Deutsch",
    "pt": "Português",
}
COMMON_TIMEZONES: tuple[str, ...] = (
    "UTC",
    "America/Los_Angeles",
    "America/Denver",
    "America/Chicago",
    "America/New_York",
    "America/Sao_Paulo",
    "Europe/London",
    "Europe/Paris",
    "Europe/Berlin",
    "Europe/Madrid",
    "Africa/Lagos",
    "Africa/Johannesburg",
    "Asia/Dubai",
    "Asia/Kolkata",
    "Asia/Singapore",
    "Asia/Shanghai",
    "Asia/Tokyo",
    "Australia/Sydney",
    "Pacific/Auckland",
)
SESSION_TIMEOUT_LABELS = {
    str(d): f"{d} day" if d == 1 else f"{d} days" for d in SESSION_TIMEOUT_DAYS
}


def _text(value: Any, cap: int = INPUT_CAP) -> str:
    return value[:cap] if isinstance(value, str) else ""


def _date_label(value: date | None) -> str:
    """'March 1, 2026', or 'Never'."""
    if value is None:
        return NEVER
    return f"{value:%B} {value.day}, {value.year}"


def _toast(ok: bool, message: str, description: str = "") -> EventSpec:
    """An outcome toast. Errors share one id so a repeated mistake shows one toast; a success
    gets none, as Sonner can drop a toast that re-uses the id of one leaving the screen."""
    kind = rx.toast.success if ok else rx.toast.error
    extra: dict[str, Any] = {} if ok else {"id": TOAST_ID}
    if description and description != message:
        extra["description"] = description
    return kind(message, **extra)


def _first_error(errors: dict[str, str]) -> str:
    return next(iter(errors.values()), "")


def _read_everything(db: Any, user_id: str) -> dict[str, Any] | None:
    """Plain values of the profile, AI settings, preferences and security settings."""
    profile = user_settings.get_profile(db, user_id)
    ai = user_settings.get_ai_settings(db, user_id)
    prefs = user_settings.get_preferences(db, user_id)
    security = user_settings.get_security_settings(db, user_id)
    if profile is None or ai is None or prefs is None or security is None:
        return None
    return {
        "profile": {name: getattr(profile, name) or "" for name in PROFILE_FIELDS},
        "ai": {name: getattr(ai, name) for name in AI_CHOICES},
        "preferences": {name: getattr(prefs, name) for name in PREFERENCE_DEFAULTS},
        "security": {
            "two_factor_enabled": bool(security.two_factor_enabled),
            "login_notifications": bool(security.login_notifications),
            "session_timeout": str(security.session_timeout),
            "password_last_changed": _date_label(security.password_last_changed),
        },
    }


def _timezone_options(current: str) -> list[str]:
    return list(COMMON_TIMEZONES) if current in COMMON_TIMEZONES else [current, *COMMON_TIMEZONES]


class ProfileState(rx.State):
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

    # Preferences (P-PROF-7)
    email_notifications: bool = True
    push_notifications: bool = False
    marketing_emails: bool = True
    weekly_reports: bool = True
    ai_personalization: bool = True
    data_collection: bool = True
    theme: str = "dark"
    language: str = "en"
    timezone: str = "UTC"
    timezone_options: list[str] = list(COMMON_TIMEZONES)

    # AI personalisation (P-PROF-3)
    response_style: str = AI_DEFAULTS["response_style"]
    expertise_level: str = AI_DEFAULTS["expertise_level"]
    industry_focus: str = AI_DEFAULTS["industry_focus"]
    communication_tone: str = AI_DEFAULTS["communication_tone"]
    detail_level: str = AI_DEFAULTS["detail_level"]
    saving_ai: bool = False

    # Security (P-PROF-4, P-PROF-5)
    two_factor_enabled: bool = False
    login_notifications: bool = True
    session_timeout: str = "30"
    password_last_changed: str = NEVER
    totp_setup_open: bool = False
    totp_qr: str = ""
    totp_secret: str = ""
    totp_error: str = ""
    totp_disable_open: bool = False
    totp_disable_error: str = ""
    totp_busy: bool = False
    password_dialog_open: bool = False
    password_errors: dict[str, str] = {}
    password_busy: bool = False

    # Delete Account (P-PROF-2)
    delete_dialog_open: bool = False
    delete_error: str = ""
    delete_busy: bool = False

    _loaded_for: str = ""
    _toast_after_reload: str = ""

    # ------------------------------------------------------------------ plumbing

    async def _user_id(self) -> str | None:
        """The signed-in user's id; when there is none, forget what the page showed."""
        user_id = await signed_in_user_id(self)
        if user_id is None and self._loaded_for:
            self.reset()
        return user_id

    def _to_login(self) -> EventSpec:
        query = self.router.url.query
        on_page = self.router.url.path.rstrip("/") == ROUTE
        target = ROUTE + (f"?{query}" if query and on_page else "")
        return rx.redirect(f"/login?next={quote(target, safe='')}")

    def _apply(self, values: dict[str, Any], allowed: tuple[str, ...]) -> None:
        for name, value in values.items():
            if name in allowed:
                setattr(self, name, value)

    # ------------------------------------------------------------------ loading and tabs

    @rx.event
    async def load(self):
        """on_load (after AuthState.require_access): read every setting of the user (P-PROF-1)."""
        user_id = await self._user_id()
        if user_id is None:
            return  # AuthState.require_access, just before, sends the browser to /login
        if self._loaded_for != user_id:
            self.reset()  # another account used this tab before: show nothing of it
        requested = self.router.url.query_parameters.get("tab", DEFAULT_TAB)
        self.tab = requested if requested in TAB_VALUES else DEFAULT_TAB
        self._close_dialogs()
        try:
            data = await asyncio.to_thread(run_in_session, _read_everything, user_id)
        except Exception:
            log.exception("Could not load profile settings")
            data = None
        if data is None:
            yield _toast(False, LOAD_FAILED)
            return
        self._apply(data["profile"], PROFILE_FIELDS)
        self._apply(data["ai"], tuple(AI_CHOICES))
        self._apply(data["preferences"], tuple(PREFERENCE_DEFAULTS))
        self._apply(
            data["security"],
            (
                "two_factor_enabled",
                "login_notifications",
                "session_timeout",
                "password_last_changed",
            ),
        )
        self.timezone_options = _timezone_options(self.timezone)
        self.profile_errors = {}
        self._loaded_for = user_id
        self.loaded = True
        if self._toast_after_reload:
            message, self._toast_after_reload = self._toast_after_reload, ""
            yield _toast(True, message)

    def _close_dialogs(self) -> None:
        self.totp_setup_open = self.totp_disable_open = False
        self.password_dialog_open = self.delete_dialog_open = False
        self.totp_qr = self.totp_secret = self.totp_error = self.totp_disable_error = ""
        self.password_errors = {}
        self.delete_error = ""
        self.totp_busy = self.password_busy = self.delete_busy = False
        self.saving_profile = self.saving_ai = False

    @rx.event
    def set_tab(self, value: str) -> EventSpec | None:
        """Switch tabs and put `?tab=` in the address bar without a reload (P-PROF-1)."""
        if value not in TAB_VALUES:
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
        if name not in PROFILE_FIELDS:
            return
        setattr(self, name, _text(value))
        if name in self.profile_errors:
            self.profile_errors = {k: v for k, v in self.profile_errors.items() if k != name}

    @rx.event
    async def save_profile(self, form_data: dict[str, Any]):
        """Validate and store the profile; field messages and typed input stay on error."""
        user_id = await self._user_id()
        if user_id is None:
            yield self._to_login()
            return
        data = form_data if isinstance(form_data, dict) else {}
        # The form's own values win: the last keystroke may not have reached a setter yet.
        values = {name: _text(data.get(name, getattr(self, name))) for name in PROFILE_FIELDS}
        self._apply(values, PROFILE_FIELDS)
        self.saving_profile = True
        yield
        try:
            result = await asyncio.to_thread(
                run_in_session, user_settings.update_profile, user_id, values
            )
        except Exception:
            log.exception("Could not save a profile")
            result = user_settings.SettingsResult(ok=False, message=user_settings.PROFILE_FAILED)
        self.saving_profile = False
        self.profile_errors = dict(result.errors)
        if result.ok and result.row is not None:
            self._apply(
                {name: getattr(result.row, name) or "" for name in PROFILE_FIELDS}, PROFILE_FIELDS
            )
        yield _toast(result.ok, result.message, _first_error(result.errors))
        if result.errors:
            first = next(name for name in PROFILE_FIELDS if name in result.errors)
            yield rx.call_script(f"document.getElementById({json.dumps(field_id(first))})?.focus()")

    # ------------------------------------------------------------------ preferences (P-PROF-7)

    @rx.event
    async def save_preference(self, name: str, value: Any):
        """Store one preference as soon as it changes; the old value stays when it fails."""
        async for spec in self._save_preference(name, value):
            yield spec

    async def _save_preference(self, name: str, value: Any):
        user_id = await self._user_id()
        if user_id is None:
            yield self._to_login()
            return
        if name not in PREFERENCE_DEFAULTS:
            return
        try:
            result = await asyncio.to_thread(
                run_in_session, user_settings.update_preferences, user_id, {name: value}
            )
        except Exception:
            log.exception("Could not save a preference")
            result = user_settings.SettingsResult(
                ok=False, message=user_settings.PREFERENCES_FAILED
            )
        if result.ok and result.row is not None:
            setattr(self, name, getattr(result.row, name))
            if name == "timezone":
                self.timezone_options = _timezone_options(self.timezone)
        yield _toast(result.ok, result.message, _first_error(result.errors))

    @rx.event
    def use_browser_timezone(self) -> EventSpec:
        """Ask the browser for its time zone, then save it (validated on the server)."""
        return rx.call_script(
            "Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC'",
            callback=ProfileState.save_browser_timezone,
        )

    @rx.event
    async def save_browser_timezone(self, value: str):
        async for spec in self._save_preference("timezone", _text(value, TIMEZONE_MAX)):
            yield spec

    # ------------------------------------------------------------------ AI (P-PROF-3)

    @rx.event
    def set_ai_field(self, name: str, value: str) -> None:
        if name in AI_CHOICES and value in AI_CHOICES[name]:
            setattr(self, name, value)

    @rx.event
    async def save_ai_settings(self):
        """Store the five AI personalisation choices."""
        user_id = await self._user_id()
        if user_id is None:
            yield self._to_login()
            return
        values = {name: getattr(self, name) for name in AI_CHOICES}
        self.saving_ai = True
        yield
        try:
            result = await asyncio.to_thread(
                run_in_session, user_settings.update_ai_settings, user_id, values
            )
        except Exception:
            log.exception("Could not save AI settings")
            result = user_settings.SettingsResult(ok=False, message=user_settings.AI_FAILED)
        self.saving_ai = False
        if result.ok and result.row is not None:
            self._apply({name: getattr(result.row, name) for name in AI_CHOICES}, tuple(AI_CHOICES))
        yield _toast(result.ok, result.message, _first_error(result.errors))

    # ------------------------------------------------------------------ security (P-PROF-4)

    async def _save_security(self, values: dict[str, Any]):
        user_id = await self._user_id()
        if user_id is None:
            yield self._to_login()
            return
        try:
            result = await asyncio.to_thread(
                run_in_session, user_settings.update_security_settings, user_id, values
            )
        except Exception:
            log.exception("Could not save security settings")
            result = user_settings.SettingsResult(ok=False, message=user_settings.SECURITY_FAILED)
        if result.ok and result.row is not None:
            self.login_notifications = bool(result.row.login_notifications)
            self.session_timeout = str(result.row.session_timeout)
        yield _toast(result.ok, result.message, _first_error(result.errors))

    @rx.event
    async def set_login_notifications(self, value: bool):
        """Saved at once (P-PROF-4)."""
        async for spec in self._save_security({"login_notifications": value}):
            yield spec

    @rx.event
    async def set_session_timeout(self, value: str):
        """1, 7, 30 or 90 days, saved at once; open sessions are re-dated (P-PROF-4)."""
        async for spec in self._save_security({"session_timeout": value}):
            yield spec

    @rx.event
    async def toggle_two_factor(self, value: bool):
        """Turning on opens the setup dialog; turning off asks for a code or the password.
        The switch changes only when the server accepts (confirm_totp / disable_totp)."""
        user_id = await self._user_id()
        if user_id is None:
            yield self._to_login()
            return
        if value and not self.two_factor_enabled:
            try:
                setup = await asyncio.to_thread(run_in_session, accounts.begin_totp_setup, user_id)
            except Exception:
                log.exception("Could not start two-factor setup")
                setup = None
            if setup is None:
                yield _toast(False, user_settings.SECURITY_FAILED)
                return
            self.totp_secret = setup.secret
            self.totp_qr = setup.qr_svg_data_uri
            self.totp_error = ""
            self.totp_setup_open = True
        elif not value and self.two_factor_enabled:
            self.totp_disable_error = ""
            self.totp_disable_open = True

    @rx.event
    def set_totp_setup_open(self, value: bool) -> None:
        """Closing the setup dialog abandons the pending secret (2FA stays off)."""
        if not value:
            self.totp_setup_open = False
            self.totp_secret = self.totp_qr = self.totp_error = ""

    @rx.event
    async def confirm_two_factor(self, form_data: dict[str, Any]):
        """Turn two-factor on once a code from the authenticator app matches."""
        user_id = await self._user_id()
        if user_id is None:
            yield self._to_login()
            return
        code = _text((form_data or {}).get("code") if isinstance(form_data, dict) else "", 32)
        self.totp_busy = True
        yield
        try:
            result = await asyncio.to_thread(run_in_session, accounts.confirm_totp, user_id, code)
        except Exception:
            log.exception("Could not confirm two-factor setup")
            result = accounts.Result(ok=False, message=user_settings.SECURITY_FAILED)
        self.totp_busy = False
        if not result.ok:
            self.totp_error = result.errors.get("code", result.message)
            yield rx.call_script("document.getElementById('totp-code')?.select()")
            return
        self.two_factor_enabled = True
        self.totp_setup_open = False
        self.totp_secret = self.totp_qr = self.totp_error = ""
        yield _toast(True, result.message)

    @rx.event
    def set_totp_disable_open(self, value: bool) -> None:
        if not value:
            self.totp_disable_open = False
            self.totp_disable_error = ""

    @rx.event
    async def disable_two_factor(self, form_data: dict[str, Any]):
        """Turn two-factor off with a current code or the account password."""
        user_id = await self._user_id()
        if user_id is None:
            yield self._to_login()
            return
        data = form_data if isinstance(form_data, dict) else {}
        proof = _text(data.get("code_or_password"), SECRET_CAP)
        self.totp_busy = True
        yield
        try:
            result = await asyncio.to_thread(run_in_session, accounts.disable_totp, user_id, proof)
        except Exception:
            log.exception("Could not turn two-factor off")
            result = accounts.Result(ok=False, message=user_settings.SECURITY_FAILED)
        self.totp_busy = False
        if not result.ok:
            self.totp_disable_error = result.errors.get("code", result.message)
            return
        self.two_factor_enabled = False
        self.totp_disable_open = False
        self.totp_disable_error = ""
        yield _toast(True, result.message)

    # ------------------------------------------------------------------ password (P-PROF-5)

    @rx.event
    def set_password_dialog_open(self, value: bool) -> None:
        self.password_dialog_open = bool(value)
        self.password_errors = {}

    @rx.event
    async def change_password(self, form_data: dict[str, Any]):
        """Check the current password, store the new one and end the other sessions; on
        success close the dialog and reload the page (the toast shows after the reload)."""
        user_id = await self._user_id()
        if user_id is None:
            yield self._to_login()
            return
        data = form_data if isinstance(form_data, dict) else {}
        current = _text(data.get("current_password"), SECRET_CAP)
        new = _text(data.get("new_password"), SECRET_CAP)
        confirm = _text(data.get("confirm_password"), SECRET_CAP)
        auth = await self.get_state(AuthState)
        keep = auth._session_token()
        self.password_busy = True
        yield
        try:
            result = await asyncio.to_thread(
                run_in_session, accounts.change_password, user_id, current, new, confirm, keep
            )
        except Exception:
            log.exception("Could not change a password")
            result = accounts.Result(ok=False, message=accounts.PASSWORD_CHANGE_FAILED)
        self.password_busy = False
        if not result.ok:
            self.password_errors = dict(result.errors)
            detail = result.message if result.message != accounts.PASSWORD_CHANGE_FAILED else ""
            yield _toast(False, accounts.PASSWORD_CHANGE_FAILED, detail)
            return
        self.password_errors = {}
        self.password_dialog_open = False
        self._toast_after_reload = result.message
        yield rx.call_script("window.location.reload()")

    # ------------------------------------------------------------------ delete (P-PROF-2)

    @rx.event
    def set_delete_dialog_open(self, value: bool) -> None:
        self.delete_dialog_open = bool(value)
        self.delete_error = ""

    @rx.event
    async def delete_account(self, form_data: dict[str, Any]):
        """Delete the account once the typed email matches, then sign the browser out."""
        user_id = await self._user_id()
        if user_id is None:
            yield self._to_login()
            return
        data = form_data if isinstance(form_data, dict) else {}
        typed = _text(data.get("email"), 400)
        self.delete_busy = True
        yield
        try:
            result = await asyncio.to_thread(
                run_in_session, accounts.delete_account, user_id, typed
            )
        except Exception:
            log.exception("Could not delete an account")
            result = accounts.Result(ok=False, message="Failed to delete account")
        self.delete_busy = False
        if not result.ok:
            self.delete_error = result.errors.get("email", result.message)
            yield _toast(False, result.message)
            return
        self.reset()
        yield AuthState.sign_out


# =============================================================================== components


def field_id(name: str) -> str:
    return "profile-" + name.replace("_", "-")
