"""Profile page rules: P-PROF-2 (profile fields), P-PROF-3 (AI choices), P-PROF-4 (security),
P-PROF-7 (preferences)."""

from __future__ import annotations

import pytest

from startup_toolkit.domain import profile as rules


def test_p_prof_2_fields_are_cleaned() -> None:
    """P-PROF-2: the seven profile fields, trimmed; twitter stored without '@'."""
    check = rules.validate_profile(
        {
            "full_name": "  Ada   Lovelace ",
            "bio": "  Line one\r\nLine two  ",
            "company": " Analytical Engines ",
            "location": " London ",
            "website": " https://ada.example.com ",
            "linkedin_url": "linkedin.com/in/ada",
            "twitter_handle": " @ada_l ",
            "email": "ignored@example.com",
            "id": "someone-else",
        }
    )
    assert check.ok
    assert check.values == {
        "full_name": "Ada Lovelace",
        "bio": "Line one\nLine two",
        "company": "Analytical Engines",
        "location": "London",
        "website": "https://ada.example.com",
        "linkedin_url": "https://linkedin.com/in/ada",
        "twitter_handle": "ada_l",
    }


def test_p_prof_2_empty_values_are_allowed() -> None:
    check = rules.validate_profile({name: "" for name in rules.PROFILE_FIELDS})
    assert check.ok and set(check.values.values()) == {""}
    assert rules.validate_profile({"website": None}).values == {"website": ""}


@pytest.mark.parametrize(
    ("name", "value", "fragment"),
    [
        ("full_name", "x" * 201, "Full name must be at most 200 characters"),
        ("company", "x" * 201, "Company must be at most 200 characters"),
        ("location", "x" * 201, "Location must be at most 200 characters"),
        ("bio", "x" * 2001, "Bio must be at most 2000 characters"),
        ("website", "javascript:alert(1)", "Website must be a web address"),
        ("website", "ftp://example.com", "Website must be a web address"),
        ("website", "https://user:pw@example.com", "Website must be a web address"),
        ("website", "https://exa mple.com", "Website must be a web address"),
        ("website", "https://example.com/" + "x" * 2000, "Website must be at most 2000"),
        ("linkedin_url", "not a url", "LinkedIn URL must be a web address"),
        ("twitter_handle", "@this_handle_is_too_long", "Twitter handle must be 1 to 15"),
        ("twitter_handle", "bad-handle", "Twitter handle must be 1 to 15"),
        ("twitter_handle", "@", "Twitter handle must be 1 to 15"),
        ("full_name", 42, "Full name must be text"),
    ],
)
def test_p_prof_2_bad_fields_have_clear_messages(name: str, value: object, fragment: str) -> None:
    check = rules.validate_profile({name: value})
    assert not check.ok and fragment in check.errors[name]
    assert name not in check.values


def test_limits_are_inclusive() -> None:
    check = rules.validate_profile(
        {"full_name": "x" * 200, "bio": "x" * 2000, "twitter_handle": "a" * 15}
    )
    assert check.ok


@pytest.mark.parametrize(
    "url",
    [
        "http://example.com",
        "https://example.com:8443/a?b=c#d",
        "HTTPS://EXAMPLE.COM",
        "http://[::1]/",
    ],
)
def test_accepted_urls(url: str) -> None:
    assert rules.is_http_url(url)


def test_p_prof_3_ai_choices_and_defaults() -> None:
    """P-PROF-3: the spec's allowed values and defaults."""
    assert rules.AI_DEFAULTS == {
        "response_style": "balanced",
        "expertise_level": "intermediate",
        "industry_focus": "technology",
        "communication_tone": "professional",
        "detail_level": "moderate",
    }
    assert rules.AI_CHOICES["industry_focus"] == (
        "technology",
        "healthcare",
        "finance",
        "ecommerce",
        "saas",
        "other",
    )
    ok = rules.validate_ai_settings({"response_style": " Detailed ", "industry_focus": "other"})
    assert ok.ok and ok.values == {"response_style": "detailed", "industry_focus": "other"}
    bad = rules.validate_ai_settings({"expertise_level": "guru", "detail_level": 3})
    assert set(bad.errors) == {"expertise_level", "detail_level"}
    assert "beginner, intermediate, advanced, expert" in bad.errors["expertise_level"]


def test_p_prof_4_session_timeout_and_toggles() -> None:
    """P-PROF-4: session timeout 1/7/30/90 days; login notifications on/off."""
    assert rules.SESSION_TIMEOUT_DAYS == (1, 7, 30, 90)
    assert rules.SECURITY_DEFAULTS["session_timeout"] == 30
    for days in (1, 7, 30, 90, "7"):
        assert rules.validate_security_settings({"session_timeout": days}).ok
    for days in (0, 2, 365, -1, True, "week", None):
        check = rules.validate_security_settings({"session_timeout": days})
        assert check.errors == {"session_timeout": "Session timeout must be 1, 7, 30 or 90 days"}
    assert rules.validate_security_settings({"login_notifications": False}).values == {
        "login_notifications": False
    }
    assert not rules.validate_security_settings({"login_notifications": "yes"}).ok
    assert (
        "two_factor_enabled"
        in rules.validate_security_settings({"two_factor_enabled": True}).errors
    )


def test_p_prof_7_preferences() -> None:
    """P-PROF-7: preference flags, theme, language and time zone."""
    assert rules.PREFERENCE_DEFAULTS == {
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
    good = rules.validate_preferences(
        {"push_notifications": True, "theme": "Light", "language": "en-GB", "timezone": "UTC"}
    )
    assert good.ok
    assert good.values == {
        "push_notifications": True,
        "theme": "light",
        "language": "en-GB",
        "timezone": "UTC",
    }
    bad = rules.validate_preferences(
        {"weekly_reports": "yes", "theme": "neon", "language": "english!", "timezone": "Mars/Base"}
    )
    assert set(bad.errors) == {"weekly_reports", "theme", "language", "timezone"}
    assert rules.is_valid_timezone("Europe/Paris")
    assert not rules.is_valid_timezone("../../etc/passwd")


@pytest.mark.parametrize(
    "validate",
    [
        rules.validate_profile,
        rules.validate_ai_settings,
        rules.validate_preferences,
        rules.validate_security_settings,
    ],
)
def test_non_mapping_input_is_refused(validate: object) -> None:
    for junk in (None, ["bio"], "bio", 3):
        check = validate(junk)  # type: ignore[operator]
        assert not check.ok and check.values == {}
