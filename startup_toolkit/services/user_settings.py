"""The profile page's data: profile, AI personalisation, preferences, security settings.

Convention: every function takes the database `Session` first and the signed-in user's id
(from the server-side session, never from the browser), scopes every query by that id and
commits what it changes. `get_*` returns the user's row, creating it with the spec defaults
when missing (None only when the user does not exist). `update_*` validates the submitted
fields (unknown keys, and keys such as `id` or `user_id`, are ignored), stores them with a new
`updated_at` and returns a `SettingsResult` whose message is the spec's toast text.
Two-factor authentication is not changed here, nor are login notifications turned off: both
go through `services.account_security`, behind re-authentication.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import Any, TypeVar

from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, SQLModel, select

from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.profile import (
    AI_CHOICES,
    PREFERENCE_DEFAULTS,
    PROFILE_FIELDS,
    Validation,
    validate_ai_settings,
    validate_preferences,
    validate_profile,
    validate_security_settings,
)
from startup_toolkit.models.accounts import User
from startup_toolkit.models.settings import (
    Profile,
    UserAiSettings,
    UserPreferences,
    UserSecuritySettings,
)
from startup_toolkit.services import recovery_codes
from startup_toolkit.services.commits import done_or_log
from startup_toolkit.services.sessions import apply_session_timeout

log = logging.getLogger(__name__)

PROFILE_SAVED = "Profile updated successfully"
PROFILE_FAILED = "Failed to update profile"
AI_SAVED = "AI settings updated successfully"
AI_FAILED = "Failed to update AI settings"
PREFERENCES_SAVED = "Preferences updated successfully"
PREFERENCES_FAILED = "Failed to update preferences"
SECURITY_SAVED = "Security settings updated successfully"
SECURITY_FAILED = "Failed to update security settings"
NOTIFICATIONS_OFF_NEEDS_PROOF = "Turning off login notifications needs your password"

Row = TypeVar("Row", bound=SQLModel)


@dataclass(frozen=True)
class SettingsResult:
    """The outcome of an update: the toast text, field errors, and the stored row."""

    ok: bool
    message: str
    errors: dict[str, str] = field(default_factory=dict)
    row: Any = None


def _user_exists(session: Session, user_id: str) -> bool:
    return bool(
        isinstance(user_id, str)
        and session.exec(select(User.id).where(User.id == user_id)).first() is not None
    )


def _find(session: Session, model: type[Row], user_id: str) -> Row | None:
    key = model.id if model is Profile else model.user_id  # type: ignore[attr-defined]
    return session.exec(select(model).where(key == user_id)).first()


def _get_or_create(session: Session, model: type[Row], user_id: str, **extra: Any) -> Row | None:
    row = _find(session, model, user_id)
    if row is not None or not _user_exists(session, user_id):
        return row
    key = "id" if model is Profile else "user_id"
    row = model(**{key: user_id, **extra})
    session.add(row)
    try:
        session.commit()
    except IntegrityError:
        # Created at the same moment by another request: use that one.
        session.rollback()
        return _find(session, model, user_id)
    session.refresh(row)
    return row


def get_profile(session: Session, user_id: str) -> Profile | None:
    """The user's profile (full_name starts as the account name)."""
    row = _find(session, Profile, user_id)
    if row is not None:
        return row
    user = session.get(User, user_id) if isinstance(user_id, str) else None
    if user is None:
        return None
    return _get_or_create(session, Profile, user_id, full_name=user.name)


def get_ai_settings(session: Session, user_id: str) -> UserAiSettings | None:
    """The user's AI personalisation (defaults: balanced, intermediate, technology,
    professional, moderate)."""
    return _get_or_create(session, UserAiSettings, user_id)


def get_preferences(session: Session, user_id: str) -> UserPreferences | None:
    """The user's preferences (spec defaults)."""
    return _get_or_create(session, UserPreferences, user_id)


def get_security_settings(session: Session, user_id: str) -> UserSecuritySettings | None:
    """The user's security settings (2FA off, 30-day sessions, login notifications on)."""
    return _get_or_create(session, UserSecuritySettings, user_id)


@dataclass(frozen=True)
class SettingsValues:
    """Plain values of a founder's settings, for the profile page (no table rows)."""

    profile: dict[str, str]
    ai: dict[str, Any]
    use_saved_work: bool
    preferences: dict[str, Any]
    two_factor_enabled: bool
    login_notifications: bool
    session_timeout: str
    password_last_changed: date | None
    recovery_codes_left: int = 0


def settings_values(session: Session, user_id: str) -> SettingsValues | None:
    """The profile, AI settings, preferences and security settings (made with defaults when
    missing); None when the account is gone."""
    profile = get_profile(session, user_id)
    ai = get_ai_settings(session, user_id)
    prefs = get_preferences(session, user_id)
    security = get_security_settings(session, user_id)
    if profile is None or ai is None or prefs is None or security is None:
        return None
    return SettingsValues(
        profile={name: getattr(profile, name) or "" for name in PROFILE_FIELDS},
        ai={name: getattr(ai, name) for name in AI_CHOICES},
        use_saved_work=bool(ai.use_saved_work),
        preferences={name: getattr(prefs, name) for name in PREFERENCE_DEFAULTS},
        two_factor_enabled=bool(security.two_factor_enabled),
        login_notifications=bool(security.login_notifications),
        session_timeout=str(security.session_timeout),
        password_last_changed=security.password_last_changed,
        recovery_codes_left=recovery_codes.unused_count(session, user_id),
    )


def ensure_default_settings(session: Session, user_id: str) -> None:
    """Create the AI, preference and security rows that are missing."""
    get_ai_settings(session, user_id)
    get_preferences(session, user_id)
    get_security_settings(session, user_id)


def _update(
    session: Session,
    row: SQLModel | None,
    values: dict[str, Any],
    saved: str,
    failed: str,
    before_commit: Any = None,
) -> SettingsResult:
    if row is None:
        return SettingsResult(ok=False, message=failed)
    for name, value in values.items():
        setattr(row, name, value)
    row.updated_at = utcnow()  # type: ignore[attr-defined]
    session.add(row)

    def write() -> None:
        if before_commit is not None:
            before_commit()
        session.commit()

    if not done_or_log(session, log, f"save {type(row).__name__}", write):
        return SettingsResult(ok=False, message=failed)
    session.refresh(row)
    return SettingsResult(ok=True, message=saved, row=row)


@dataclass(frozen=True)
class _Part:
    """A part of the settings the founder edits as a form: its check, its row, its texts."""

    check: Callable[[Mapping[str, Any]], Validation]
    row: Callable[[Session, str], SQLModel | None]
    saved: str
    failed: str


_PROFILE = _Part(validate_profile, get_profile, PROFILE_SAVED, PROFILE_FAILED)
_AI = _Part(validate_ai_settings, get_ai_settings, AI_SAVED, AI_FAILED)
_PREFERENCES = _Part(validate_preferences, get_preferences, PREFERENCES_SAVED, PREFERENCES_FAILED)


def _update_part(
    session: Session, user_id: str, data: Mapping[str, Any], part: _Part
) -> SettingsResult:
    """The checked values stored on the part's row (read only then), or the fields refused."""
    check = part.check(data)
    if not check.ok:
        return SettingsResult(ok=False, message=part.failed, errors=dict(check.errors))
    return _update(session, part.row(session, user_id), check.values, part.saved, part.failed)


def update_profile(session: Session, user_id: str, data: Mapping[str, Any]) -> SettingsResult:
    """Validate and store profile fields (P-PROF-2); email and avatar are not editable here."""
    return _update_part(session, user_id, data, _PROFILE)


def update_ai_settings(session: Session, user_id: str, data: Mapping[str, Any]) -> SettingsResult:
    """Validate and store AI personalisation choices (P-PROF-3)."""
    return _update_part(session, user_id, data, _AI)


def set_use_saved_work(session: Session, user_id: str, on: Any) -> SettingsResult:
    """Turn "Use my saved work in the AI Co-Founder" on or off (issue 14); anything but a
    boolean is refused."""
    if not isinstance(on, bool):
        return SettingsResult(ok=False, message=AI_FAILED)
    row = get_ai_settings(session, user_id)
    return _update(session, row, {"use_saved_work": on}, AI_SAVED, AI_FAILED)


def uses_saved_work(session: Session, user_id: str) -> bool:
    """Whether the founder lets the AI Co-Founder read their saved work (on by default)."""
    row = _find(session, UserAiSettings, user_id)
    return True if row is None else bool(row.use_saved_work)


def update_preferences(session: Session, user_id: str, data: Mapping[str, Any]) -> SettingsResult:
    """Validate and store preferences (P-PROF-7)."""
    return _update_part(session, user_id, data, _PREFERENCES)


def update_security_settings(
    session: Session, user_id: str, data: Mapping[str, Any]
) -> SettingsResult:
    """Store session_timeout and login_notifications (P-PROF-4). A new timeout also re-dates
    the user's open sessions (lifetime counted from each session's start). Turning login
    notifications off is refused here: it needs the password
    (`account_security.turn_off_login_notifications`)."""
    check = validate_security_settings(data)
    if not check.ok:
        return SettingsResult(ok=False, message=SECURITY_FAILED, errors=dict(check.errors))
    row = get_security_settings(session, user_id)
    if check.values.get("login_notifications") is False and row and row.login_notifications:
        errors = {"login_notifications": NOTIFICATIONS_OFF_NEEDS_PROOF}
        return SettingsResult(ok=False, message=SECURITY_FAILED, errors=errors)
    days = check.values.get("session_timeout")

    def _redate() -> None:
        if days is not None:
            apply_session_timeout(session, user_id, days)

    return _update(session, row, check.values, SECURITY_SAVED, SECURITY_FAILED, _redate)
