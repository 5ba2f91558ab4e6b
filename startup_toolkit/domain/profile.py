"""Rules for the profile page's data (P-PROF-2..4, P-PROF-7): profile fields, AI
personalisation, preferences and security settings. Pure functions, no I/O.

Every `validate_*` takes a mapping of submitted values (only the fields present are checked
and returned; unknown keys are ignored) and returns cleaned values plus one clear message per
bad field. Callers store `values` only when `errors` is empty.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlsplit
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from startup_toolkit.domain import urls

# --- profile ---------------------------------------------------------------------------------

PROFILE_FIELDS = (
    "full_name",
    "bio",
    "company",
    "location",
    "website",
    "linkedin_url",
    "twitter_handle",
)
PROFILE_LABELS = {
    "full_name": "Full name",
    "bio": "Bio",
    "company": "Company",
    "location": "Location",
    "website": "Website",
    "linkedin_url": "LinkedIn URL",
    "twitter_handle": "Twitter handle",
}
SHORT_TEXT_MAX = 200
BIO_MAX = 2000
URL_MAX = 2000
TWITTER_MAX = 15
_TWITTER_RE = re.compile(r"^@?([A-Za-z0-9_]{1,15})$")
_HOST_RE = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?)$")

# --- AI personalisation (spec section 3, user_ai_settings) -----------------------------------

AI_CHOICES: dict[str, tuple[str, ...]] = {
    "response_style": ("concise", "detailed", "balanced"),
    "expertise_level": ("beginner", "intermediate", "advanced", "expert"),
    "industry_focus": ("technology", "healthcare", "finance", "ecommerce", "saas", "other"),
    "communication_tone": ("professional", "friendly", "casual", "formal"),
    "detail_level": ("minimal", "moderate", "comprehensive"),
}
AI_DEFAULTS: dict[str, str] = {
    "response_style": "balanced",
    "expertise_level": "intermediate",
    "industry_focus": "technology",
    "communication_tone": "professional",
    "detail_level": "moderate",
}
AI_LABELS = {
    "response_style": "Response style",
    "expertise_level": "Expertise level",
    "industry_focus": "Industry focus",
    "communication_tone": "Communication tone",
    "detail_level": "Detail level",
}

# --- preferences (user_preferences) ----------------------------------------------------------

PREFERENCE_FLAGS = (
    "email_notifications",
    "push_notifications",
    "marketing_emails",
    "weekly_reports",
    "ai_personalization",
    "data_collection",
)
PREFERENCE_DEFAULTS: dict[str, Any] = {
    "email_notifications": True,
    "push_notifications": False,
    "marketing_emails": True,
    "weekly_reports": True,
    "ai_personalization": True,
    "data_collection": True,
    "theme": "dark",
    "language": "en",
    "timezone": "UTC",
}
THEMES = ("dark", "light", "system")
_LANGUAGE_RE = re.compile(r"^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$")
TIMEZONE_MAX = 64

# --- security (user_security_settings) -------------------------------------------------------

SESSION_TIMEOUT_DAYS = (1, 7, 30, 90)
DEFAULT_SESSION_TIMEOUT_DAYS = 30
SECURITY_DEFAULTS: dict[str, Any] = {
    "two_factor_enabled": False,
    "session_timeout": DEFAULT_SESSION_TIMEOUT_DAYS,
    "login_notifications": True,
}


@dataclass(frozen=True)
class Validation:
    """Cleaned values of the submitted fields and one message per bad field."""

    values: dict[str, Any] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.errors


def _not_a_form() -> Validation:
    return Validation(errors={"form": "The submitted data is not a set of fields"})


def _one_line(value: str) -> str:
    return " ".join(value.split())


def _multi_line(value: str) -> str:
    return value.replace("\r\n", "\n").replace("\r", "\n").strip()


def normalize_url(value: str) -> str:
    """Trimmed; a bare 'example.com/x' gets 'https://' in front. '' stays ''."""
    text = value.strip()
    if text and "://" not in text and "." in text.split("/", 1)[0] and " " not in text:
        text = f"https://{text}"
    return text


def is_http_url(value: str) -> bool:
    """A web address a profile may link to: an http(s) URL by `domain.urls.is_http_url`
    whose host is also a plain domain name or IP address."""
    if len(value) > URL_MAX or not urls.is_http_url(value):
        return False
    parts = urlsplit(value)
    host = parts.netloc.rsplit(":", 1)[0] if parts.port is not None else parts.netloc
    return bool(_HOST_RE.match(host))


def clean_twitter_handle(value: str) -> str | None:
    """The handle without '@' ('' for empty), or None when it is not a valid handle."""
    text = value.strip()
    if not text:
        return ""
    match = _TWITTER_RE.match(text)
    return match.group(1) if match else None


def _clean_bio(text: str, label: str) -> tuple[str, str]:
    bio = _multi_line(text)
    if len(bio) > BIO_MAX:
        return "", f"{label} must be at most {BIO_MAX} characters"
    return bio, ""


def _clean_url(text: str, label: str) -> tuple[str, str]:
    url = normalize_url(text)
    if len(url) > URL_MAX:
        return "", f"{label} must be at most {URL_MAX} characters"
    if url and not is_http_url(url):
        return "", f"{label} must be a web address starting with http:// or https://"
    return url, ""


def _clean_twitter(text: str, label: str) -> tuple[str, str]:
    handle = clean_twitter_handle(text)
    if handle is None:
        return "", (
            f"{label} must be 1 to {TWITTER_MAX} letters, digits or underscores "
            "(an optional @ in front)"
        )
    return handle, ""


def _clean_short(text: str, label: str) -> tuple[str, str]:
    line = _one_line(text)
    if len(line) > SHORT_TEXT_MAX:
        return "", f"{label} must be at most {SHORT_TEXT_MAX} characters"
    return line, ""


#: How each profile field is cleaned: (value, '') or ('', the message); others are one line.
_PROFILE_CLEANERS = {
    "bio": _clean_bio,
    "website": _clean_url,
    "linkedin_url": _clean_url,
    "twitter_handle": _clean_twitter,
}


def _clean_profile_field(name: str, raw: Any) -> tuple[str, str]:
    label = PROFILE_LABELS[name]
    if raw is None:
        raw = ""
    if not isinstance(raw, str):
        return "", f"{label} must be text"
    return _PROFILE_CLEANERS.get(name, _clean_short)(raw, label)


def validate_profile(data: Mapping[str, Any]) -> Validation:
    """Check the profile fields present in `data` (P-PROF-2); email and avatar are not here."""
    if not isinstance(data, Mapping):
        return _not_a_form()
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name in PROFILE_FIELDS:
        if name not in data:
            continue
        value, error = _clean_profile_field(name, data[name])
        if error:
            errors[name] = error
        else:
            values[name] = value
    return Validation(values=values, errors=errors)


def validate_ai_settings(data: Mapping[str, Any]) -> Validation:
    """Check the AI personalisation choices present in `data` (P-PROF-3)."""
    if not isinstance(data, Mapping):
        return _not_a_form()
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name, choices in AI_CHOICES.items():
        if name not in data:
            continue
        raw = data[name]
        choice = raw.strip().lower() if isinstance(raw, str) else None
        if choice in choices:
            values[name] = choice
        else:
            errors[name] = f"{AI_LABELS[name]} must be one of: {', '.join(choices)}"
    return Validation(values=values, errors=errors)


def is_valid_timezone(value: str) -> bool:
    """Whether `value` names an IANA time zone known to this machine ('UTC' always is)."""
    if value == "UTC":
        return True
    if not value or len(value) > TIMEZONE_MAX or ".." in value or value.startswith("/"):
        return False
    try:
        ZoneInfo(value)
    except (ZoneInfoNotFoundError, ValueError, OSError):
        return False
    return True


def validate_preferences(data: Mapping[str, Any]) -> Validation:
    """Check the preferences present in `data` (P-PROF-7)."""
    if not isinstance(data, Mapping):
        return _not_a_form()
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    for name in PREFERENCE_FLAGS:
        if name in data:
            if isinstance(data[name], bool):
                values[name] = data[name]
            else:
                errors[name] = f"{name.replace('_', ' ').capitalize()} must be on or off"
    if "theme" in data:
        theme = data["theme"].strip().lower() if isinstance(data["theme"], str) else None
        if theme in THEMES:
            values["theme"] = theme
        else:
            errors["theme"] = f"Theme must be one of: {', '.join(THEMES)}"
    if "language" in data:
        lang = data["language"].strip() if isinstance(data["language"], str) else ""
        if _LANGUAGE_RE.match(lang):
            values["language"] = lang
        else:
            errors["language"] = "Language must be a language code such as 'en' or 'en-GB'"
    if "timezone" in data:
        tz = data["timezone"].strip() if isinstance(data["timezone"], str) else ""
        if is_valid_timezone(tz):
            values["timezone"] = tz
        else:
            errors["timezone"] = "Time zone must be a known zone such as 'UTC' or 'Europe/Paris'"
    return Validation(values=values, errors=errors)


def validate_security_settings(data: Mapping[str, Any]) -> Validation:
    """Check session_timeout (1, 7, 30 or 90 days) and login_notifications (P-PROF-4).

    Two-factor authentication is not set here: it changes only through the TOTP steps.
    """
    if not isinstance(data, Mapping):
        return _not_a_form()
    values: dict[str, Any] = {}
    errors: dict[str, str] = {}
    if "session_timeout" in data:
        raw = data["session_timeout"]
        days: int | None = None
        if isinstance(raw, int) and not isinstance(raw, bool):
            days = raw
        elif isinstance(raw, str) and raw.strip().isdigit():
            days = int(raw.strip())
        if days in SESSION_TIMEOUT_DAYS:
            values["session_timeout"] = days
        else:
            errors["session_timeout"] = "Session timeout must be 1, 7, 30 or 90 days"
    if "login_notifications" in data:
        if isinstance(data["login_notifications"], bool):
            values["login_notifications"] = data["login_notifications"]
        else:
            errors["login_notifications"] = "Login notifications must be on or off"
    if "two_factor_enabled" in data:
        errors["two_factor_enabled"] = (
            "Two-factor authentication is turned on or off with a verification code"
        )
    return Validation(values=values, errors=errors)
