"""Profile page data on a real database: P-PROF-2 (profile), P-PROF-3 (AI settings),
P-PROF-4 (security settings), P-PROF-7 (preferences)."""

from __future__ import annotations

from datetime import timedelta

from sqlmodel import Session, select

from startup_toolkit.models import (
    Profile,
    User,
    UserAiSettings,
    UserPreferences,
    UserSecuritySettings,
)
from startup_toolkit.models.base import utcnow
from startup_toolkit.services import user_settings as svc
from tests.support.founders import user


def test_p_prof_2_profile_starts_with_the_account_name(session: Session) -> None:
    user_id = user(session)
    profile = svc.get_profile(session, user_id)
    assert profile is not None and profile.id == user_id
    assert profile.full_name == "Ada Lovelace"
    assert (profile.bio, profile.website, profile.twitter_handle) == ("", "", "")
    assert svc.get_profile(session, user_id).created_at == profile.created_at  # type: ignore[union-attr]
    assert len(session.exec(select(Profile)).all()) == 1


def test_p_prof_2_update_profile(session: Session) -> None:
    user_id = user(session)
    before = svc.get_profile(session, user_id)
    assert before is not None
    stamp = before.updated_at
    result = svc.update_profile(
        session,
        user_id,
        {
            "full_name": " Ada King ",
            "bio": "Analyst",
            "company": "Engines Ltd",
            "location": "London",
            "website": "https://ada.example.com",
            "linkedin_url": "https://linkedin.com/in/ada",
            "twitter_handle": "@ada",
        },
    )
    assert result.ok and result.message == "Profile updated successfully"
    session.expire_all()
    row = session.get(Profile, user_id)
    assert row is not None
    assert (row.full_name, row.company, row.twitter_handle) == ("Ada King", "Engines Ltd", "ada")
    assert row.updated_at >= stamp
    # the account's name and email are not changed by the profile
    account = session.get(User, user_id)
    assert account is not None and (account.name, account.email) == (
        "Ada Lovelace",
        "ada@example.com",
    )


def test_p_prof_2_invalid_profile_changes_nothing(session: Session) -> None:
    user_id = user(session)
    result = svc.update_profile(
        session, user_id, {"full_name": "New", "website": "javascript:alert(1)"}
    )
    assert not result.ok and result.message == "Failed to update profile"
    assert set(result.errors) == {"website"}
    session.expire_all()
    assert svc.get_profile(session, user_id).full_name == "Ada Lovelace"  # type: ignore[union-attr]


def test_p_prof_3_ai_settings_defaults_and_update(session: Session) -> None:
    user_id = user(session)
    row = svc.get_ai_settings(session, user_id)
    assert row is not None
    assert (
        row.response_style,
        row.expertise_level,
        row.industry_focus,
        row.communication_tone,
        row.detail_level,
    ) == ("balanced", "intermediate", "technology", "professional", "moderate")
    old = row.updated_at
    result = svc.update_ai_settings(
        session, user_id, {"response_style": "concise", "industry_focus": "saas"}
    )
    assert result.ok and result.message == "AI settings updated successfully"
    session.expire_all()
    row = session.exec(select(UserAiSettings).where(UserAiSettings.user_id == user_id)).one()
    assert (row.response_style, row.industry_focus, row.detail_level) == (
        "concise",
        "saas",
        "moderate",
    )
    assert row.updated_at >= old
    bad = svc.update_ai_settings(session, user_id, {"response_style": "verbose"})
    assert not bad.ok and bad.message == "Failed to update AI settings"
    assert "response_style" in bad.errors


def test_p_prof_7_preferences_defaults_and_update(session: Session) -> None:
    user_id = user(session)
    row = svc.get_preferences(session, user_id)
    assert row is not None
    assert (
        row.email_notifications,
        row.push_notifications,
        row.marketing_emails,
        row.weekly_reports,
        row.ai_personalization,
        row.data_collection,
        row.theme,
        row.language,
        row.timezone,
    ) == (True, False, True, True, True, True, "dark", "en", "UTC")
    result = svc.update_preferences(
        session, user_id, {"marketing_emails": False, "theme": "light", "timezone": "Europe/Paris"}
    )
    assert result.ok and result.message == "Preferences updated successfully"
    session.expire_all()
    row = session.exec(select(UserPreferences).where(UserPreferences.user_id == user_id)).one()
    assert (row.marketing_emails, row.theme, row.timezone) == (False, "light", "Europe/Paris")
    bad = svc.update_preferences(session, user_id, {"theme": "neon"})
    assert not bad.ok and bad.message == "Failed to update preferences"


def test_p_prof_4_security_defaults_and_update(session: Session) -> None:
    user_id = user(session)
    row = svc.get_security_settings(session, user_id)
    assert row is not None
    assert (row.two_factor_enabled, row.session_timeout, row.login_notifications) == (
        False,
        30,
        True,
    )
    assert row.password_last_changed is None
    result = svc.update_security_settings(session, user_id, {"session_timeout": 90})
    assert result.ok and result.message == "Security settings updated successfully"
    # Turning login notifications off needs the password (account_security, issue 13).
    refused = svc.update_security_settings(session, user_id, {"login_notifications": False})
    assert not refused.ok
    assert refused.errors == {"login_notifications": svc.NOTIFICATIONS_OFF_NEEDS_PROOF}
    session.expire_all()
    row = session.exec(
        select(UserSecuritySettings).where(UserSecuritySettings.user_id == user_id)
    ).one()
    assert (row.session_timeout, row.login_notifications) == (90, True)
    for bad in ({"session_timeout": 14}, {"two_factor_enabled": True}):
        refused = svc.update_security_settings(session, user_id, bad)
        assert not refused.ok and refused.message == "Failed to update security settings"
    session.expire_all()
    row = session.exec(
        select(UserSecuritySettings).where(UserSecuritySettings.user_id == user_id)
    ).one()
    assert (row.session_timeout, row.two_factor_enabled) == (90, False)


def test_updates_set_updated_at(session: Session) -> None:
    user_id = user(session)
    row = svc.get_preferences(session, user_id)
    assert row is not None
    row.updated_at = utcnow() - timedelta(days=3)
    session.add(row)
    session.commit()
    assert svc.update_preferences(session, user_id, {"language": "fr"}).ok
    session.expire_all()
    fresh = session.exec(select(UserPreferences).where(UserPreferences.user_id == user_id)).one()
    assert utcnow() - fresh.updated_at < timedelta(minutes=1)


def test_unknown_users_get_nothing_created(session: Session) -> None:
    ghost = "f" * 32
    assert svc.get_profile(session, ghost) is None
    assert svc.get_ai_settings(session, ghost) is None
    assert svc.get_preferences(session, ghost) is None
    assert svc.get_security_settings(session, ghost) is None
    assert not svc.update_profile(session, ghost, {"bio": "x"}).ok
    assert not svc.update_ai_settings(session, ghost, {"detail_level": "minimal"}).ok
    assert not svc.update_preferences(session, ghost, {"theme": "light"}).ok
    assert not svc.update_security_settings(session, ghost, {"session_timeout": 7}).ok
    for model in (Profile, UserAiSettings, UserPreferences, UserSecuritySettings):
        assert session.exec(select(model)).all() == []


def test_get_is_idempotent(session: Session) -> None:
    user_id = user(session)
    for _ in range(3):
        svc.ensure_default_settings(session, user_id)
        svc.get_profile(session, user_id)
    for model in (Profile, UserAiSettings, UserPreferences, UserSecuritySettings):
        assert len(session.exec(select(model)).all()) == 1


def test_p_prof_1_settings_values_are_plain_values_with_defaults(session: Session) -> None:
    user_id = user(session)
    svc.update_ai_settings(session, user_id, {"response_style": "detailed"})
    values = svc.settings_values(session, user_id)
    assert values is not None
    assert values.profile["full_name"] == "Ada Lovelace"
    assert values.ai["response_style"] == "detailed"
    assert values.preferences["theme"] == "dark"
    assert (values.two_factor_enabled, values.login_notifications) == (False, True)
    assert values.session_timeout == "30" and values.password_last_changed is None
    assert svc.settings_values(session, "no-such-user") is None
