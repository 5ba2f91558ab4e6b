"""/profile: profile and settings in three tabs (Profile, AI Personalization, Security).

Checklist: P-PROF-1 (guard, 'Loading profile data...', tabs driven by `?tab=`), P-PROF-2
(profile fields, read-only email, avatar, Delete Account), P-PROF-3 (AI personalisation),
P-PROF-4 (two-factor, login notifications, session timeout, password last changed), P-PROF-5
(Change Password dialog), P-PROF-6 (subscription view, free plan for now), P-PROF-7
(preferences).

Security: every handler asks `signed_in_user_id` (the server-side session) for the user and
does nothing but send the browser to /login when there is none. No user id, password or
session token is kept in a public var; passwords never enter the state (forms hand them to
the handler once). Argon2 work (password change, turning two-factor off with the password,
deleting the account) and database calls run in a worker thread.
"""

from __future__ import annotations

import asyncio
import json
import logging
from datetime import date
from typing import Any
from urllib.parse import quote

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.subscription_card import subscription_card
from startup_toolkit.components.theme import card_style, gradient_text, heading_style
from startup_toolkit.db import run_in_session
from startup_toolkit.domain.passwords import MAX_LENGTH as PASSWORD_MAX
from startup_toolkit.domain.profile import (
    AI_CHOICES,
    AI_DEFAULTS,
    AI_LABELS,
    BIO_MAX,
    PREFERENCE_DEFAULTS,
    PREFERENCE_FLAGS,
    PROFILE_FIELDS,
    PROFILE_LABELS,
    SESSION_TIMEOUT_DAYS,
    SHORT_TEXT_MAX,
    THEMES,
    TIMEZONE_MAX,
    URL_MAX,
)
from startup_toolkit.services import accounts, user_settings
from startup_toolkit.settings import get_settings
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
    kind = rx.toast.success if ok else rx.toast.error
    if description and description != message:
        return kind(message, description=description, id=TOAST_ID)
    return kind(message, id=TOAST_ID)


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


def _label(text: str, html_for: str, **props: Any) -> rx.Component:
    return rx.el.label(
        text,
        html_for=html_for,
        style={"font_weight": "500", "font_size": "var(--font-size-2)", "color": "var(--gray-12)"},
        **props,
    )


def _hint(text: Any, element_id: str = "") -> rx.Component:
    props: dict[str, Any] = {"id": element_id} if element_id else {}
    return rx.text(text, size="1", color="var(--gray-11)", **props)


def _error_text(message: rx.Var, element_id: str) -> rx.Component:
    return rx.cond(
        message != "",
        rx.text(
            rx.icon("circle-alert", size=14, flex_shrink="0", margin_top="2px"),
            rx.el.span(message),
            id=element_id,
            size="2",
            color="var(--red-11)",
            display="flex",
            gap="0.35rem",
            role="alert",
        ),
    )


def _dict_error(errors: rx.Var, key: str) -> rx.Var:
    return rx.cond(errors.contains(key), errors[key].to(str), "")


def _card(
    *children: rx.Component, extra_style: dict[str, Any] | None = None, **props: Any
) -> rx.Component:
    return rx.box(
        *children,
        style={**card_style, "padding": "clamp(1.1rem, 4vw, 1.75rem)", **(extra_style or {})},
        width="100%",
        min_width="0",
        **props,
    )


def _card_header(icon: str, title: str, text: str, color: str = "accent") -> rx.Component:
    return rx.hstack(
        rx.center(
            rx.icon(icon, size=18, color=f"var(--{color}-11)"),
            width="2.25rem",
            height="2.25rem",
            border_radius="var(--radius-3)",
            background=f"var(--{color}-a3)",
            flex_shrink="0",
        ),
        rx.vstack(
            rx.heading(title, as_="h2", size="4", style=heading_style),
            rx.text(text, size="2", color="var(--gray-11)"),
            spacing="1",
            min_width="0",
        ),
        spacing="3",
        align="start",
        width="100%",
    )


def _busy_button(
    label: str, busy_label: str, busy: rx.Var, icon: str, **props: Any
) -> rx.Component:
    return rx.button(
        rx.cond(
            busy,
            rx.hstack(rx.spinner(size="2"), rx.text(busy_label), spacing="2", align="center"),
            rx.hstack(rx.icon(icon, size=16), rx.text(label), spacing="2", align="center"),
        ),
        disabled=busy,
        aria_busy=rx.cond(busy, "true", "false"),
        **props,
    )


# ---------------------------------------------------------------- profile tab


def _profile_input(name: str, **props: Any) -> rx.Component:
    error = _dict_error(ProfileState.profile_errors, name)
    fid = field_id(name)
    control_props: dict[str, Any] = {
        "id": fid,
        "name": name,
        "value": getattr(ProfileState, name),
        "on_change": lambda value: ProfileState.set_profile_field(name, value),
        "aria_invalid": rx.cond(error != "", "true", "false"),
        "aria_describedby": f"{fid}-error",
        "color_scheme": rx.cond(error != "", "red", "violet"),
        "size": "3",
        "width": "100%",
        **props,
    }
    if name == "bio":
        control = rx.text_area(rows="4", resize="vertical", max_length=BIO_MAX, **control_props)
    elif name == "twitter_handle":
        control = rx.input(rx.input.slot(rx.text("@", size="3")), max_length=16, **control_props)
    else:
        control = rx.input(**control_props)
    return rx.vstack(
        _label(PROFILE_LABELS[name], fid),
        control,
        _error_text(error, f"{fid}-error"),
        spacing="2",
        width="100%",
        min_width="0",
    )


def _identity_card() -> rx.Component:
    """Avatar, name and the read-only email from the account."""
    return rx.flex(
        rx.box(
            rx.avatar(
                src=AuthState.avatar_url,
                fallback=AuthState.user_initials,
                size="6",
                radius="full",
                color_scheme="violet",
            ),
            id="profile-avatar",
            flex_shrink="0",
        ),
        rx.vstack(
            rx.text(AuthState.user_name, size="5", weight="bold", style=heading_style),
            rx.vstack(
                _label("Email", "profile-email"),
                rx.input(
                    rx.input.slot(rx.icon("mail", size=16)),
                    value=AuthState.user_email,
                    id="profile-email",
                    read_only=True,
                    aria_describedby="profile-email-hint",
                    size="3",
                    variant="soft",
                    color_scheme="gray",
                    width="100%",
                ),
                _hint("Your sign-in email. It can't be changed here.", "profile-email-hint"),
                spacing="1",
                width="100%",
            ),
            spacing="3",
            width="100%",
            min_width="0",
        ),
        direction=rx.breakpoints(initial="column", sm="row"),
        gap="1.25rem",
        align=rx.breakpoints(initial="start", sm="center"),
        width="100%",
    )


def profile_form() -> rx.Component:
    """P-PROF-2: the profile fields with field-level messages and a Save button."""
    return _card(
        rx.vstack(
            _card_header(
                "id-card", "Profile", "How you appear across Unstuck and in your AI results."
            ),
            _identity_card(),
            rx.separator(size="4"),
            rx.form(
                rx.vstack(
                    rx.grid(
                        _profile_input(
                            "full_name", auto_complete="name", max_length=SHORT_TEXT_MAX
                        ),
                        _profile_input(
                            "company", auto_complete="organization", max_length=SHORT_TEXT_MAX
                        ),
                        columns=rx.breakpoints(initial="1", sm="2"),
                        gap="1rem",
                        width="100%",
                    ),
                    _profile_input(
                        "bio", placeholder="What are you building? What stage are you at?"
                    ),
                    rx.grid(
                        _profile_input(
                            "location", placeholder="City, Country", max_length=SHORT_TEXT_MAX
                        ),
                        _profile_input(
                            "website",
                            input_mode="url",
                            placeholder="https://yourstartup.com",
                            auto_complete="url",
                        ),
                        _profile_input(
                            "linkedin_url",
                            input_mode="url",
                            placeholder="https://linkedin.com/in/you",
                        ),
                        _profile_input(
                            "twitter_handle", placeholder="yourhandle", auto_complete="off"
                        ),
                        columns=rx.breakpoints(initial="1", sm="2"),
                        gap="1rem",
                        width="100%",
                    ),
                    rx.flex(
                        _busy_button(
                            "Save Profile",
                            "Saving...",
                            ProfileState.saving_profile,
                            "save",
                            type="submit",
                            id="profile-save",
                            size="3",
                            width=rx.breakpoints(initial="100%", sm="auto"),
                        ),
                        justify="end",
                        width="100%",
                    ),
                    spacing="5",
                    width="100%",
                ),
                on_submit=ProfileState.save_profile,
                reset_on_submit=False,
                aria_label="Profile",
                width="100%",
            ),
            spacing="5",
            width="100%",
        ),
        id="profile-card",
    )


def _switch_row(
    element_id: str, title: str, text: str, checked: rx.Var, on_change: Any, **props: Any
) -> rx.Component:
    return rx.hstack(
        rx.vstack(
            _label(title, element_id),
            _hint(text, f"{element_id}-hint"),
            spacing="1",
            min_width="0",
            flex="1",
        ),
        rx.switch(
            id=element_id,
            checked=checked,
            on_change=on_change,
            aria_describedby=f"{element_id}-hint",
            size="2",
            flex_shrink="0",
            **props,
        ),
        justify="between",
        align="center",
        spacing="4",
        width="100%",
        padding_y="0.7rem",
        border_bottom="1px solid var(--gray-a3)",
    )


def _select(
    element_id: str,
    value: rx.Var,
    options: list[tuple[str, str]] | rx.Var,
    on_change: Any,
    **props: Any,
) -> rx.Component:
    """A Radix select whose trigger carries `element_id` (the label's `html_for`)."""
    items = (
        rx.foreach(options, lambda opt: rx.select.item(opt, value=opt))
        if isinstance(options, rx.Var)
        else rx.fragment(*[rx.select.item(label, value=key) for key, label in options])
    )
    return rx.select.root(
        rx.select.trigger(id=element_id, width="100%", **props),
        rx.select.content(items, position="popper"),
        value=value,
        on_change=on_change,
        size="3",
    )


def _select_field(
    label: str, element_id: str, control: rx.Component, hint: str = ""
) -> rx.Component:
    return rx.vstack(
        _label(label, element_id),
        control,
        *([_hint(hint)] if hint else []),
        spacing="2",
        width="100%",
        min_width="0",
    )


def preferences_card() -> rx.Component:
    """P-PROF-7: preferences saved as soon as they change."""
    return _card(
        rx.vstack(
            _card_header(
                "sliders-horizontal", "Preferences", "Notifications, privacy and display."
            ),
            rx.box(
                *[
                    _switch_row(
                        f"pref-{name.replace('_', '-')}",
                        PREFERENCE_TEXTS[name][0],
                        PREFERENCE_TEXTS[name][1],
                        getattr(ProfileState, name),
                        lambda value, name=name: ProfileState.save_preference(name, value),
                    )
                    for name in PREFERENCE_FLAGS
                ],
                width="100%",
            ),
            rx.grid(
                _select_field(
                    "Theme",
                    "pref-theme",
                    _select(
                        "pref-theme",
                        ProfileState.theme,
                        [(t, THEME_LABELS[t]) for t in THEMES],
                        lambda value: ProfileState.save_preference("theme", value),
                    ),
                ),
                _select_field(
                    "Language",
                    "pref-language",
                    _select(
                        "pref-language",
                        ProfileState.language,
                        list(LANGUAGES.items()),
                        lambda value: ProfileState.save_preference("language", value),
                    ),
                ),
                columns=rx.breakpoints(initial="1", sm="2"),
                gap="1rem",
                width="100%",
            ),
            rx.vstack(
                _label("Time zone", "pref-timezone"),
                rx.flex(
                    rx.box(
                        _select(
                            "pref-timezone",
                            ProfileState.timezone,
                            ProfileState.timezone_options,
                            lambda value: ProfileState.save_preference("timezone", value),
                        ),
                        flex="1",
                        min_width="0",
                    ),
                    rx.button(
                        rx.icon("locate-fixed", size=16),
                        "Use my time zone",
                        type="button",
                        variant="soft",
                        size="3",
                        on_click=ProfileState.use_browser_timezone,
                        id="pref-timezone-detect",
                    ),
                    direction=rx.breakpoints(initial="column", sm="row"),
                    gap="0.75rem",
                    width="100%",
                ),
                _hint("Used for dates in your emails and weekly reports."),
                spacing="2",
                width="100%",
            ),
            spacing="5",
            width="100%",
        ),
        id="preferences-card",
    )


def _delete_dialog() -> rx.Component:
    return rx.dialog.root(
        rx.dialog.content(
            rx.form(
                rx.vstack(
                    rx.dialog.title("Delete your account?", style=heading_style, margin="0"),
                    rx.dialog.description(
                        "This permanently deletes your account and everything in it: profile, "
                        "settings, saved results, favorites, activity and notifications. "
                        "It cannot be undone.",
                        size="2",
                        color="var(--gray-11)",
                    ),
                    rx.vstack(
                        rx.el.label(
                            "Type your email ",
                            rx.el.strong(AuthState.user_email),
                            " to confirm",
                            html_for="delete-email",
                            style={"font_size": "var(--font-size-2)", "font_weight": "500"},
                        ),
                        rx.input(
                            id="delete-email",
                            name="email",
                            type="email",
                            auto_complete="off",
                            spell_check=False,
                            required=True,
                            size="3",
                            width="100%",
                            aria_invalid=rx.cond(ProfileState.delete_error != "", "true", "false"),
                            aria_describedby="delete-email-error",
                            color_scheme=rx.cond(ProfileState.delete_error != "", "red", "gray"),
                        ),
                        _error_text(ProfileState.delete_error, "delete-email-error"),
                        spacing="2",
                        width="100%",
                    ),
                    rx.flex(
                        rx.dialog.close(
                            rx.button(
                                "Cancel",
                                type="button",
                                variant="soft",
                                color_scheme="gray",
                                size="3",
                            )
                        ),
                        _busy_button(
                            "Delete Account",
                            "Deleting...",
                            ProfileState.delete_busy,
                            "trash-2",
                            type="submit",
                            color_scheme="red",
                            size="3",
                            id="delete-confirm",
                        ),
                        gap="0.75rem",
                        justify="end",
                        direction=rx.breakpoints(initial="column-reverse", sm="row"),
                        width="100%",
                    ),
                    spacing="4",
                    width="100%",
                ),
                on_submit=ProfileState.delete_account,
                reset_on_submit=False,
                aria_label="Delete account",
            ),
            max_width="30rem",
        ),
        open=ProfileState.delete_dialog_open,
        on_open_change=ProfileState.set_delete_dialog_open,
    )


def danger_zone() -> rx.Component:
    return _card(
        rx.vstack(
            _card_header(
                "triangle-alert",
                "Delete Account",
                "Permanently remove your account and all of its data.",
                color="red",
            ),
            rx.button(
                rx.icon("trash-2", size=16),
                "Delete Account",
                type="button",
                color_scheme="red",
                variant="soft",
                size="3",
                width="100%",
                id="delete-account",
                on_click=ProfileState.set_delete_dialog_open(True),
            ),
            _delete_dialog(),
            spacing="4",
            width="100%",
        ),
        id="danger-zone",
        extra_style={"border_color": "var(--red-a6)"},
    )


def profile_tab() -> rx.Component:
    return rx.grid(
        rx.vstack(profile_form(), preferences_card(), spacing="5", width="100%", min_width="0"),
        rx.vstack(
            subscription_card(),
            danger_zone(),
            spacing="5",
            width="100%",
            min_width="0",
        ),
        columns=rx.breakpoints(initial="1", md="minmax(0, 1fr) 340px"),
        gap="1.25rem",
        align_items="start",
        width="100%",
    )


# ---------------------------------------------------------------- AI tab


def _ai_summary() -> rx.Component:
    def label(name: str) -> rx.Var:
        return rx.Var.create(AI_OPTION_LABELS[name])[getattr(ProfileState, name)].to(str).lower()

    return rx.box(
        rx.hstack(
            rx.icon("wand-sparkles", size=18, color="var(--accent-11)", flex_shrink="0"),
            rx.text(
                "Answers will be ",
                rx.el.strong(label("response_style")),
                " and ",
                rx.el.strong(label("communication_tone")),
                ", with ",
                rx.el.strong(label("detail_level")),
                " detail, for an ",
                rx.el.strong(label("expertise_level")),
                " founder",
                rx.cond(
                    ProfileState.industry_focus != "other",
                    rx.fragment(" in ", rx.el.strong(label("industry_focus"))),
                ),
                ".",
                size="2",
                color="var(--gray-12)",
            ),
            spacing="3",
            align="start",
        ),
        padding="0.9rem 1rem",
        border_radius="var(--radius-4)",
        background="var(--accent-a2)",
        border="1px solid var(--accent-a5)",
        width="100%",
        id="ai-summary",
        aria_live="polite",
    )


def ai_tab() -> rx.Component:
    """P-PROF-3: the five AI personalisation choices, saved with one button."""
    return _card(
        rx.vstack(
            _card_header(
                "sparkles",
                "AI Personalization",
                "Tailor every AI tool's answers to you and your startup.",
            ),
            rx.grid(
                *[
                    _select_field(
                        AI_LABELS[name],
                        f"ai-{name.replace('_', '-')}",
                        _select(
                            f"ai-{name.replace('_', '-')}",
                            getattr(ProfileState, name),
                            [
                                (choice, AI_OPTION_LABELS[name][choice])
                                for choice in AI_CHOICES[name]
                            ],
                            lambda value, name=name: ProfileState.set_ai_field(name, value),
                        ),
                        AI_HINTS[name],
                    )
                    for name in AI_CHOICES
                ],
                columns=rx.breakpoints(initial="1", sm="2"),
                gap="1.25rem",
                width="100%",
            ),
            _ai_summary(),
            rx.flex(
                _busy_button(
                    "Save AI Settings",
                    "Saving...",
                    ProfileState.saving_ai,
                    "save",
                    type="button",
                    on_click=ProfileState.save_ai_settings,
                    id="ai-save",
                    size="3",
                    width=rx.breakpoints(initial="100%", sm="auto"),
                ),
                justify="end",
                width="100%",
            ),
            spacing="5",
            width="100%",
        ),
        id="ai-card",
        max_width="52rem",
    )


# ---------------------------------------------------------------- security tab


def _password_input(name: str, label: str, error_key: str, auto_complete: str) -> rx.Component:
    fid = f"password-{name.replace('_', '-')}"
    error = _dict_error(ProfileState.password_errors, error_key)
    return rx.vstack(
        _label(label, fid),
        rx.input(
            id=fid,
            name=name,
            type="password",
            auto_complete=auto_complete,
            required=True,
            max_length=PASSWORD_MAX,
            size="3",
            width="100%",
            aria_invalid=rx.cond(error != "", "true", "false"),
            aria_describedby=f"{fid}-error",
            color_scheme=rx.cond(error != "", "red", "violet"),
        ),
        _error_text(error, f"{fid}-error"),
        spacing="2",
        width="100%",
    )


def _password_dialog() -> rx.Component:
    """P-PROF-5: current, new and confirm; the page reloads after a change."""
    return rx.dialog.root(
        rx.dialog.content(
            rx.form(
                rx.vstack(
                    rx.dialog.title("Change Password", style=heading_style, margin="0"),
                    rx.dialog.description(
                        "Enter your current password and choose a new one (at least 8 "
                        "characters). You will stay signed in here; other devices are signed out.",
                        size="2",
                        color="var(--gray-11)",
                    ),
                    _password_input(
                        "current_password", "Current password", "current", "current-password"
                    ),
                    _password_input("new_password", "New password", "new", "new-password"),
                    _password_input(
                        "confirm_password", "Confirm new password", "confirm", "new-password"
                    ),
                    rx.flex(
                        rx.dialog.close(
                            rx.button(
                                "Cancel",
                                type="button",
                                variant="soft",
                                color_scheme="gray",
                                size="3",
                            )
                        ),
                        _busy_button(
                            "Update Password",
                            "Updating...",
                            ProfileState.password_busy,
                            "key-round",
                            type="submit",
                            size="3",
                            id="password-submit",
                        ),
                        gap="0.75rem",
                        justify="end",
                        direction=rx.breakpoints(initial="column-reverse", sm="row"),
                        width="100%",
                    ),
                    spacing="4",
                    width="100%",
                ),
                on_submit=ProfileState.change_password,
                reset_on_submit=False,
                aria_label="Change password",
            ),
            max_width="30rem",
        ),
        open=ProfileState.password_dialog_open,
        on_open_change=ProfileState.set_password_dialog_open,
    )


def _totp_setup_dialog() -> rx.Component:
    """P-PROF-4: QR code, the secret for manual entry and the 6-digit code."""
    return rx.dialog.root(
        rx.dialog.content(
            rx.form(
                rx.vstack(
                    rx.dialog.title(
                        "Turn on two-factor authentication", style=heading_style, margin="0"
                    ),
                    rx.dialog.description(
                        "Scan the QR code with an authenticator app (such as Google "
                        "Authenticator, 1Password or Authy), then enter the 6-digit code it shows.",
                        size="2",
                        color="var(--gray-11)",
                    ),
                    rx.flex(
                        rx.image(
                            src=ProfileState.totp_qr,
                            alt="QR code to add Unstuck to your authenticator app",
                            width="11rem",
                            height="11rem",
                            border_radius="var(--radius-3)",
                            flex_shrink="0",
                            id="totp-qr",
                        ),
                        rx.vstack(
                            rx.text(
                                "Can't scan it? Enter this key:", size="2", color="var(--gray-11)"
                            ),
                            rx.code(
                                ProfileState.totp_secret,
                                id="totp-secret",
                                size="3",
                                variant="soft",
                                style={"word_break": "break-all", "letter_spacing": "0.08em"},
                            ),
                            rx.button(
                                rx.icon("copy", size=14),
                                "Copy key",
                                type="button",
                                variant="ghost",
                                size="1",
                                on_click=[
                                    rx.set_clipboard(ProfileState.totp_secret),
                                    rx.toast.success("Key copied", id=TOAST_ID),
                                ],
                            ),
                            spacing="2",
                            min_width="0",
                        ),
                        direction=rx.breakpoints(initial="column", sm="row"),
                        gap="1rem",
                        align=rx.breakpoints(initial="center", sm="center"),
                        width="100%",
                    ),
                    rx.vstack(
                        _label("6-digit code", "totp-code"),
                        rx.input(
                            id="totp-code",
                            name="code",
                            input_mode="numeric",
                            auto_complete="one-time-code",
                            pattern="[0-9 ]*",
                            max_length=7,
                            required=True,
                            placeholder="123456",
                            size="3",
                            width="100%",
                            aria_invalid=rx.cond(ProfileState.totp_error != "", "true", "false"),
                            aria_describedby="totp-code-error",
                            style={
                                "font_variant_numeric": "tabular-nums",
                                "letter_spacing": "0.2em",
                            },
                        ),
                        _error_text(ProfileState.totp_error, "totp-code-error"),
                        spacing="2",
                        width="100%",
                    ),
                    rx.flex(
                        rx.dialog.close(
                            rx.button(
                                "Cancel",
                                type="button",
                                variant="soft",
                                color_scheme="gray",
                                size="3",
                            )
                        ),
                        _busy_button(
                            "Verify and turn on",
                            "Verifying...",
                            ProfileState.totp_busy,
                            "shield-check",
                            type="submit",
                            size="3",
                            id="totp-confirm",
                        ),
                        gap="0.75rem",
                        justify="end",
                        direction=rx.breakpoints(initial="column-reverse", sm="row"),
                        width="100%",
                    ),
                    spacing="4",
                    width="100%",
                ),
                on_submit=ProfileState.confirm_two_factor,
                reset_on_submit=False,
                aria_label="Turn on two-factor authentication",
            ),
            max_width="32rem",
        ),
        open=ProfileState.totp_setup_open,
        on_open_change=ProfileState.set_totp_setup_open,
    )


def _totp_disable_dialog() -> rx.Component:
    return rx.dialog.root(
        rx.dialog.content(
            rx.form(
                rx.vstack(
                    rx.dialog.title(
                        "Turn off two-factor authentication", style=heading_style, margin="0"
                    ),
                    rx.dialog.description(
                        "Confirm it's you with a current code from your authenticator app or "
                        "your account password.",
                        size="2",
                        color="var(--gray-11)",
                    ),
                    rx.vstack(
                        _label("Authentication code or password", "totp-disable-proof"),
                        rx.input(
                            id="totp-disable-proof",
                            name="code_or_password",
                            type="password",
                            auto_complete="current-password",
                            required=True,
                            max_length=PASSWORD_MAX,
                            size="3",
                            width="100%",
                            aria_invalid=rx.cond(
                                ProfileState.totp_disable_error != "", "true", "false"
                            ),
                            aria_describedby="totp-disable-error",
                        ),
                        _error_text(ProfileState.totp_disable_error, "totp-disable-error"),
                        spacing="2",
                        width="100%",
                    ),
                    rx.flex(
                        rx.dialog.close(
                            rx.button(
                                "Cancel",
                                type="button",
                                variant="soft",
                                color_scheme="gray",
                                size="3",
                            )
                        ),
                        _busy_button(
                            "Turn off",
                            "Checking...",
                            ProfileState.totp_busy,
                            "shield-off",
                            type="submit",
                            color_scheme="red",
                            size="3",
                            id="totp-disable-confirm",
                        ),
                        gap="0.75rem",
                        justify="end",
                        direction=rx.breakpoints(initial="column-reverse", sm="row"),
                        width="100%",
                    ),
                    spacing="4",
                    width="100%",
                ),
                on_submit=ProfileState.disable_two_factor,
                reset_on_submit=False,
                aria_label="Turn off two-factor authentication",
            ),
            max_width="30rem",
        ),
        open=ProfileState.totp_disable_open,
        on_open_change=ProfileState.set_totp_disable_open,
    )


def security_tab() -> rx.Component:
    """P-PROF-4: two-factor, login notifications, session timeout, password."""
    return _card(
        rx.vstack(
            _card_header("shield-check", "Security", "Protect your account and control sessions."),
            rx.box(
                _switch_row(
                    "security-two-factor",
                    "Two-factor authentication",
                    "Ask for a code from an authenticator app when signing in.",
                    ProfileState.two_factor_enabled,
                    ProfileState.toggle_two_factor,
                ),
                _switch_row(
                    "security-login-notifications",
                    "Login notifications",
                    "Get a notification each time someone signs in to your account.",
                    ProfileState.login_notifications,
                    ProfileState.set_login_notifications,
                ),
                rx.flex(
                    rx.vstack(
                        _label("Session timeout", "security-session-timeout"),
                        _hint(
                            "How long you stay signed in on a device.",
                            "security-session-timeout-hint",
                        ),
                        spacing="1",
                        flex="1",
                        min_width="0",
                    ),
                    rx.box(
                        _select(
                            "security-session-timeout",
                            ProfileState.session_timeout,
                            list(SESSION_TIMEOUT_LABELS.items()),
                            ProfileState.set_session_timeout,
                            aria_describedby="security-session-timeout-hint",
                        ),
                        width=rx.breakpoints(initial="100%", sm="11rem"),
                        flex_shrink="0",
                    ),
                    direction=rx.breakpoints(initial="column", sm="row"),
                    justify="between",
                    align=rx.breakpoints(initial="stretch", sm="center"),
                    gap="0.75rem",
                    width="100%",
                    padding_y="0.7rem",
                    border_bottom="1px solid var(--gray-a3)",
                ),
                rx.flex(
                    rx.vstack(
                        rx.text("Password", size="2", weight="medium", color="var(--gray-12)"),
                        rx.text(
                            "Last changed: ",
                            rx.el.span(
                                ProfileState.password_last_changed, id="password-last-changed"
                            ),
                            size="1",
                            color="var(--gray-11)",
                        ),
                        spacing="1",
                        flex="1",
                        min_width="0",
                    ),
                    rx.button(
                        rx.icon("key-round", size=16),
                        "Change Password",
                        type="button",
                        variant="soft",
                        size="2",
                        id="change-password",
                        on_click=ProfileState.set_password_dialog_open(True),
                    ),
                    direction=rx.breakpoints(initial="column", sm="row"),
                    justify="between",
                    align=rx.breakpoints(initial="start", sm="center"),
                    gap="0.75rem",
                    width="100%",
                    padding_y="0.7rem",
                ),
                width="100%",
            ),
            _password_dialog(),
            _totp_setup_dialog(),
            _totp_disable_dialog(),
            spacing="4",
            width="100%",
        ),
        id="security-card",
        max_width="52rem",
    )


# ---------------------------------------------------------------- page


def _tab_trigger(value: str, label: str, icon: str) -> rx.Component:
    return rx.tabs.trigger(
        rx.hstack(
            rx.icon(icon, size=15, display=rx.breakpoints(initial="none", sm="block")),
            rx.text(label),
            spacing="2",
            align="center",
        ),
        value=value,
        id=f"tab-{value}",
    )


def _loading() -> rx.Component:
    return rx.center(
        rx.vstack(
            rx.spinner(size="3"),
            rx.text(LOADING_TEXT, size="2", color="var(--gray-11)"),
            align="center",
            spacing="3",
        ),
        min_height="40vh",
        width="100%",
        id="profile-loading",
        role="status",
        aria_live="polite",
    )


def _page_heading() -> rx.Component:
    return rx.vstack(
        rx.heading(
            "Profile & ",
            rx.el.span("Settings", style=gradient_text),
            as_="h1",
            size=rx.breakpoints(initial="7", md="8"),
            style={**heading_style, "letter_spacing": "-0.03em"},
        ),
        rx.text(
            "Manage your profile, how the AI works for you, and your account security.",
            size=rx.breakpoints(initial="2", md="3"),
            color="var(--gray-11)",
        ),
        spacing="2",
        align="start",
        padding_bottom="1.5rem",
    )


def settings_tabs() -> rx.Component:
    return rx.tabs.root(
        rx.box(
            rx.tabs.list(
                *[_tab_trigger(value, label, icon) for value, label, icon in TABS],
                size=rx.breakpoints(initial="1", sm="2"),
            ),
            overflow_x="auto",
            width="100%",
            class_name="profile-tabs",
        ),
        rx.tabs.content(profile_tab(), value="profile", padding_top="1.5rem"),
        rx.tabs.content(ai_tab(), value="ai-personalization", padding_top="1.5rem"),
        rx.tabs.content(security_tab(), value="security", padding_top="1.5rem"),
        value=ProfileState.tab,
        on_change=ProfileState.set_tab,
        width="100%",
    )


_CSS = """
.profile-tabs { scrollbar-width: none; }
.profile-tabs::-webkit-scrollbar { display: none; }
.profile-tabs [role="tablist"] { min-width: max-content; }
"""


@rx.page(
    route=ROUTE,
    title=f"Profile & Settings | {get_settings().product_name}",
    description=(
        "Your profile, AI personalization, preferences, security and subscription settings."
    ),
    on_load=[AuthState.require_access, ProfileState.load],
)
def profile() -> rx.Component:
    return page_layout(
        rx.el.style(_CSS),
        section(
            _page_heading(),
            rx.cond(ProfileState.loaded, settings_tabs(), _loading()),
            padding_y=["1.75rem", "2.5rem", "3rem"],
        ),
    )
