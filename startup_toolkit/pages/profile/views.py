"""What the profile page shows, as typed views: one state var per settings card instead of one
per field. `settings_views` builds them all from the service's `SettingsValues`; a save puts
the stored row's values in with `updated`."""

from __future__ import annotations

import dataclasses
from datetime import date
from typing import Any, NamedTuple, TypeVar

from startup_toolkit.domain.ai_request import AiPersonalization
from startup_toolkit.domain.profile import PREFERENCE_DEFAULTS
from startup_toolkit.services.user_settings import SettingsValues

NEVER = "Never"

V = TypeVar("V")


@dataclasses.dataclass(frozen=True)
class ProfileView:
    """The profile fields (P-PROF-2), as typed (the form's values are the view's)."""

    full_name: str = ""
    bio: str = ""
    company: str = ""
    location: str = ""
    website: str = ""
    linkedin_url: str = ""
    twitter_handle: str = ""


@dataclasses.dataclass(frozen=True)
class PreferencesView:
    """The preferences (P-PROF-7): the stored defaults, with the user's own put in."""

    email_notifications: bool = PREFERENCE_DEFAULTS["email_notifications"]
    push_notifications: bool = PREFERENCE_DEFAULTS["push_notifications"]
    marketing_emails: bool = PREFERENCE_DEFAULTS["marketing_emails"]
    weekly_reports: bool = PREFERENCE_DEFAULTS["weekly_reports"]
    ai_personalization: bool = PREFERENCE_DEFAULTS["ai_personalization"]
    data_collection: bool = PREFERENCE_DEFAULTS["data_collection"]
    theme: str = PREFERENCE_DEFAULTS["theme"]
    language: str = PREFERENCE_DEFAULTS["language"]
    timezone: str = PREFERENCE_DEFAULTS["timezone"]


@dataclasses.dataclass(frozen=True)
class AiView(AiPersonalization):
    """The five AI personalisation choices (P-PROF-3) and, since issue 14, whether the AI
    Co-Founder may use the founder's saved work."""

    use_saved_work: bool = True


@dataclasses.dataclass(frozen=True)
class SecurityView:
    """The security settings (P-PROF-4) and how many recovery codes are unused."""

    two_factor_enabled: bool = False
    login_notifications: bool = True
    session_timeout: str = "30"
    password_last_changed: str = NEVER
    recovery_codes_left: int = 0


@dataclasses.dataclass(frozen=True)
class TotpSetup:
    """A two-factor setup waiting for its first code: the secret and its QR code. The setup
    dialog is open while there is one."""

    secret: str = ""
    qr: str = ""


class SettingsViews(NamedTuple):
    profile: ProfileView
    preferences: PreferencesView
    ai: AiView
    security: SecurityView


def date_label(value: date | None) -> str:
    """'March 1, 2026', or 'Never'."""
    if value is None:
        return NEVER
    return f"{value:%B} {value.day}, {value.year}"


def field_names(view: type[Any]) -> tuple[str, ...]:
    return tuple(f.name for f in dataclasses.fields(view))


def updated(view: V | None, values: dict[str, Any]) -> V | None:
    """`view` with the fields named in `values` replaced (other keys are ignored); None (the
    page has not loaded the settings) stays None."""
    if view is None:
        return None
    names = field_names(type(view))
    return dataclasses.replace(view, **{k: v for k, v in values.items() if k in names})


def settings_views(values: SettingsValues) -> SettingsViews:
    """Every card's view of a founder's settings, from the service's values."""
    return SettingsViews(
        profile=updated(ProfileView(), values.profile),
        preferences=updated(PreferencesView(), values.preferences),
        ai=updated(AiView(use_saved_work=values.use_saved_work), values.ai),
        security=SecurityView(
            two_factor_enabled=values.two_factor_enabled,
            login_notifications=values.login_notifications,
            session_timeout=values.session_timeout,
            password_last_changed=date_label(values.password_last_changed),
            recovery_codes_left=values.recovery_codes_left,
        ),
    )
