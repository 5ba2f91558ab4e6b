"""ProfileState without a browser, on a real migrated SQLite database and real sessions
(the HttpOnly cookie is put in the state tree's router headers, as Reflex does).

P-PROF-1 load and tabs, P-PROF-2 profile fields and Delete Account, P-PROF-3 AI settings,
P-PROF-4 security toggles and two-factor, P-PROF-5 change password, P-PROF-7 preferences,
P-AUTH-1 for handlers (signed out: nothing changes), P-AUTH-5 the /settings redirect.
"""

from __future__ import annotations

import asyncio
import dataclasses
from datetime import timedelta
from typing import Any

import pyotp
import pytest
import reflex as rx
from reflex.event import Event
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.components.page_route import SITE_PAGES
from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.models import (
    Profile,
    User,
    UserAiSettings,
    UserPreferences,
    UserSecuritySettings,
    UserSession,
)
from startup_toolkit.models.base import utcnow
from startup_toolkit.pages.account_deleted import DELETED_HEADING, account_deleted
from startup_toolkit.pages.profile.state import LOADING_TEXT, NEVER, ProfileState
from startup_toolkit.pages.profile.views import AiView
from startup_toolkit.pages.settings_redirect import REDIRECT_TEXT
from startup_toolkit.services import account_security, accounts, sessions
from startup_toolkit.state.auth import ACCOUNT_DELETED_PATH, AuthState
from startup_toolkit.state.navigation import NavigationState
from tests.support.events import drain, events, toasts
from tests.support.founders import PASSWORD, cookie_header, session_token, signed_up
from tests.support.tool_states import router

NEW_PASSWORD = "a brand new passphrase"
EMAIL = "ada@example.com"


pytestmark = pytest.mark.usefixtures("cheap_hashing")


# --------------------------------------------------------------------------- helpers


def make_root(cookie: str = "", path: str = "/profile") -> rx.State:
    root = rx.State(_reflex_internal_init=True)
    root.router = router(path, cookie)
    return root


def profile_state(root: rx.State) -> ProfileState:
    return root.get_substate(ProfileState.get_full_name().split("."))  # type: ignore[return-value]


@pytest.fixture
def user_id(engine: Engine) -> str:
    return signed_up(engine)


@pytest.fixture
def token(engine: Engine, user_id: str) -> str:
    return session_token(engine, user_id)


@pytest.fixture
def state(token: str) -> ProfileState:
    """A signed-in tab on /profile (not loaded yet)."""
    return profile_state(make_root(cookie_header(token, "theme=x; ")))


@pytest.fixture
def anonymous() -> ProfileState:
    return profile_state(make_root())


def assert_toast(specs: list[Any], level: str, text: str) -> str:
    found = toasts(specs)
    assert len(found) == 1, found
    assert f'["{level}"]' in found[0], found[0]
    assert text in found[0], found[0]
    return found[0]


def redirects(specs: list[Any]) -> list[str]:
    return [e.payload["path"] for e in events(specs) if e.name == "_redirect"]


def scripts(specs: list[Any]) -> list[str]:
    return [e.payload["javascript_code"] for e in events(specs) if e.name == "_call_script"]


def row(engine: Engine, model: Any, user_id: str) -> Any:
    key = model.id if model is Profile else model.user_id
    with Session(engine) as db:
        return db.exec(select(model).where(key == user_id)).first()


def snapshot(engine: Engine, user_id: str) -> tuple[Any, ...]:
    """Everything the profile page can change, as plain values."""
    with Session(engine) as db:
        user = db.get(User, user_id)
        parts: list[Any] = [None if user is None else (user.password_hash, user.totp_secret)]
        for model in (Profile, UserAiSettings, UserPreferences, UserSecuritySettings):
            key = model.id if model is Profile else model.user_id
            found = db.exec(select(model).where(key == user_id)).first()
            parts.append(None if found is None else found.model_dump())
        parts.append(len(db.exec(select(UserSession).where(UserSession.user_id == user_id)).all()))
    return tuple(parts)


def loaded(state: ProfileState) -> ProfileState:
    drain(state.load())
    assert state.profile is not None
    return state


# --------------------------------------------------------------------------- P-PROF-1


def test_p_prof_1_load_fills_every_field_with_the_spec_defaults(
    state: ProfileState, engine: Engine
) -> None:
    assert state.profile is None  # the page shows LOADING_TEXT until load finishes
    assert LOADING_TEXT == "Loading profile data..."
    specs = drain(state.load())
    assert toasts(specs) == [] and redirects(specs) == []
    assert state.profile is not None and state.tab == "profile"
    assert state.profile.full_name == "Ada Lovelace"  # the profile starts as the account name
    assert (
        state.profile.bio,
        state.profile.company,
        state.profile.website,
        state.profile.twitter_handle,
    ) == ("", "", "", "")
    assert (
        state.ai.response_style,
        state.ai.expertise_level,
        state.ai.industry_focus,
        state.ai.communication_tone,
        state.ai.detail_level,
    ) == ("balanced", "intermediate", "technology", "professional", "moderate")
    assert (
        state.preferences.email_notifications,
        state.preferences.push_notifications,
        state.preferences.marketing_emails,
        state.preferences.weekly_reports,
        state.preferences.ai_personalization,
        state.preferences.data_collection,
        state.preferences.theme,
        state.preferences.language,
        state.preferences.timezone,
    ) == (True, False, True, True, True, True, "dark", "en", "UTC")
    assert (
        state.security.two_factor_enabled,
        state.security.login_notifications,
        state.security.session_timeout,
    ) == (
        False,
        True,
        "30",
    )
    assert state.security.password_last_changed == NEVER


@pytest.mark.parametrize(
    ("query", "tab"),
    [
        ("", "profile"),
        ("?tab=profile", "profile"),
        ("?tab=ai-personalization", "ai-personalization"),
        ("?tab=security", "security"),
        ("?tab=billing", "profile"),
        ("?tab=%3Cscript%3E", "profile"),
    ],
)
def test_p_prof_1_tab_comes_from_the_query(token: str, query: str, tab: str) -> None:
    state = profile_state(make_root(cookie_header(token), f"/profile{query}"))
    drain(state.load())
    assert state.tab == tab


def test_p_prof_1_switching_tabs_updates_the_address_without_reload(state: ProfileState) -> None:
    loaded(state)
    spec = state.set_tab("security")
    assert state.tab == "security"
    (script,) = scripts([spec])
    assert "replaceState" in script and "'tab', \"security\"" in script
    assert "reload" not in script
    assert state.set_tab("nonsense") is None and state.tab == "security"


def test_p_prof_1_a_tab_used_by_another_account_shows_nothing_of_it(
    engine: Engine, state: ProfileState
) -> None:
    loaded(state)
    drain(state.save_profile({"company": "Analytical Engines"}))
    other = signed_up(engine, "grace@example.com")
    root = state.parent_state
    assert root is not None
    root.router = router("/profile", cookie_header(session_token(engine, other)))
    drain(state.load())
    assert state.profile.company == "" and state.profile.full_name == "Ada Lovelace"
    with Session(engine) as db:
        assert db.get(Profile, other).company == ""  # type: ignore[union-attr]


# --------------------------------------------------------------------------- P-PROF-2


def test_p_prof_2_bad_website_shows_the_field_message_and_keeps_the_input(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    loaded(state)
    form = {
        "full_name": "Ada King",
        "bio": "Building engines.",
        "company": "Analytical Engines",
        "location": "London",
        "website": "javascript:alert(1)",
        "linkedin_url": "",
        "twitter_handle": "ada",
    }
    specs = drain(state.save_profile(form))
    assert_toast(specs, "error", "Failed to update profile")
    assert state.profile_errors == {
        "website": "Website must be a web address starting with http:// or https://"
    }
    assert (state.profile.full_name, state.profile.company, state.profile.website) == (
        "Ada King",
        "Analytical Engines",
        "javascript:alert(1)",
    )
    assert any("profile-website" in s for s in scripts(specs))  # focus moves to the field
    assert row(engine, Profile, user_id).company == ""  # nothing stored
    # Typing in the field clears its message.
    state.set_profile_field("website", "example.com")
    assert state.profile_errors == {}


def test_p_prof_2_save_stores_cleaned_values(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    loaded(state)
    specs = drain(
        state.save_profile(
            {
                "full_name": "  Ada   King ",
                "company": "Analytical Engines",
                "website": "example.com",
                "linkedin_url": "https://linkedin.com/in/ada",
                "twitter_handle": "@ada_l",
            }
        )
    )
    assert_toast(specs, "success", "Profile updated successfully")
    stored = row(engine, Profile, user_id)
    assert (stored.full_name, stored.website, stored.twitter_handle) == (
        "Ada King",
        "https://example.com",
        "ada_l",
    )
    assert (
        state.profile.full_name,
        state.profile.website,
        state.profile.twitter_handle,
    ) == stored_values(stored)
    assert state.profile_errors == {}


def stored_values(stored: Profile) -> tuple[str, str, str]:
    return stored.full_name, stored.website, stored.twitter_handle


def test_p_prof_2_unknown_fields_are_ignored(state: ProfileState) -> None:
    loaded(state)
    state.set_profile_field("tab", "x")
    state.set_profile_field("_loaded_for", "x")
    assert state.tab == "profile" and state._loaded_for != "x"


def test_p_prof_2_delete_account_needs_the_typed_email(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    loaded(state)
    state.clear_dialog_errors(True)  # the dialog opens in the browser
    specs = drain(state.delete_account({"email": "someone@example.com", "proof": PASSWORD}))
    assert_toast(specs, "error", "The email does not match your account")
    assert state.dialog_errors == {"email": "The email does not match your account"}
    # Issue 13: the password too, with a message on its field when missing or wrong.
    for proof, message in (("", "Enter your password to confirm"), ("guess", "Incorrect password")):
        specs = drain(state.delete_account({"email": EMAIL, "proof": proof}))
        assert_toast(specs, "error", message)
        assert state.dialog_errors == {"proof": message}
    with Session(engine) as db:
        assert db.get(User, user_id) is not None

    specs = drain(state.delete_account({"email": " ADA@example.com ", "proof": PASSWORD}))
    last = events(specs)[-1]
    # The browser signs out and lands on a page that confirms the deletion (issue 28, item 11).
    assert last.name == "_call_script"
    script = str(last.payload["javascript_code"])
    assert "/api/auth/signout" in script and f"'{ACCOUNT_DELETED_PATH}'" in script
    assert (account_deleted, ACCOUNT_DELETED_PATH) in [(f, kw["route"]) for f, kw in SITE_PAGES]
    assert DELETED_HEADING in str(account_deleted())
    assert state.profile is None and state.ai is None  # nothing left in the tab
    with Session(engine) as db:
        assert db.get(User, user_id) is None
        assert db.get(Profile, user_id) is None
        assert db.exec(select(UserSession).where(UserSession.user_id == user_id)).first() is None


# --------------------------------------------------------------------------- P-PROF-7


def test_p_prof_7_preferences_save_on_change(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    loaded(state)
    specs = drain(state.save_preference("push_notifications", True))
    assert_toast(specs, "success", "Preferences updated successfully")
    assert state.preferences.push_notifications is True
    assert row(engine, UserPreferences, user_id).push_notifications is True

    specs = drain(state.save_preference("theme", "light"))
    assert_toast(specs, "success", "Preferences updated successfully")
    assert row(engine, UserPreferences, user_id).theme == "light"

    specs = drain(state.save_preference("timezone", "Asia/Kathmandu"))
    assert_toast(specs, "success", "Preferences updated successfully")
    assert state.preferences.timezone == "Asia/Kathmandu"


@pytest.mark.parametrize(
    ("name", "value"),
    [("theme", "neon"), ("timezone", "Mars/Olympus"), ("email_notifications", "yes")],
)
def test_p_prof_7_bad_preference_fails_and_keeps_the_old_value(
    state: ProfileState, engine: Engine, user_id: str, name: str, value: Any
) -> None:
    loaded(state)
    before = getattr(state.preferences, name)
    specs = drain(state.save_preference(name, value))
    assert_toast(specs, "error", "Failed to update preferences")
    assert getattr(state.preferences, name) == before
    assert getattr(row(engine, UserPreferences, user_id), name) == before


def test_p_prof_7_unknown_preference_is_ignored(state: ProfileState) -> None:
    loaded(state)
    assert drain(state.save_preference("tab", False)) == []
    assert state.tab == "profile" and state.preferences is not None


# --------------------------------------------------------------------------- P-PROF-3


def test_p_prof_3_ai_settings_are_saved(state: ProfileState, engine: Engine, user_id: str) -> None:
    loaded(state)
    state.set_ai_field("response_style", "detailed")
    state.set_ai_field("industry_focus", "saas")
    state.set_ai_field("communication_tone", "friendly")
    state.set_ai_field("detail_level", "everything")  # not a choice: ignored
    state.set_ai_field("tab", "concise")  # not a field: ignored
    assert state.ai.detail_level == "moderate" and state.tab == "profile"
    specs = drain(state.save_ai_settings())
    assert_toast(specs, "success", "AI settings updated successfully")
    stored = row(engine, UserAiSettings, user_id)
    assert (
        stored.response_style,
        stored.industry_focus,
        stored.communication_tone,
        stored.detail_level,
    ) == ("detailed", "saas", "friendly", "moderate")


def test_p_prof_3_tampered_ai_value_fails(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    loaded(state)
    # as if the browser had managed to set it
    state.ai = dataclasses.replace(state.ai, response_style="shouty")
    specs = drain(state.save_ai_settings())
    assert_toast(specs, "error", "Failed to update AI settings")
    assert row(engine, UserAiSettings, user_id).response_style == "balanced"


# --------------------------------------------------------------------------- P-PROF-4


def test_p_prof_4_toggles_and_timeout_save_immediately(
    state: ProfileState, engine: Engine, user_id: str, token: str
) -> None:
    loaded(state)
    # Turning login notifications off asks for the password first (issue 13).
    assert drain(state.set_login_notifications(False)) == []
    assert state.dialog == "notifications_off" and state.security.login_notifications is True
    drain(state.turn_off_login_notifications({"proof": "not my password"}))
    assert state.dialog_errors == {"proof": "Incorrect password"}
    assert row(engine, UserSecuritySettings, user_id).login_notifications is True
    specs = drain(state.turn_off_login_notifications({"proof": PASSWORD}))
    assert_toast(specs, "success", "Security settings updated successfully")
    assert state.security.login_notifications is False and state.dialog == ""
    assert row(engine, UserSecuritySettings, user_id).login_notifications is False
    # Turning them back on needs nothing.
    specs = drain(state.set_login_notifications(True))
    assert_toast(specs, "success", "Security settings updated successfully")
    assert row(engine, UserSecuritySettings, user_id).login_notifications is True

    specs = drain(state.set_session_timeout("7"))
    assert_toast(specs, "success", "Security settings updated successfully")
    assert state.security.session_timeout == "7"
    assert row(engine, UserSecuritySettings, user_id).session_timeout == 7
    with Session(engine) as db:
        live = db.exec(select(UserSession).where(UserSession.user_id == user_id)).one()
        assert live.expires_at - live.created_at == timedelta(days=7)  # re-dated

    specs = drain(state.set_session_timeout("5"))
    assert_toast(specs, "error", "Failed to update security settings")
    assert state.security.session_timeout == "7"
    assert row(engine, UserSecuritySettings, user_id).session_timeout == 7


def test_p_prof_4_two_factor_turns_on_only_after_a_valid_code(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    loaded(state)
    drain(state.toggle_two_factor(True))
    assert state.totp_setup.secret and state.security.two_factor_enabled is False
    assert state.totp_setup.qr.startswith("data:image/svg+xml")
    secret = state.totp_setup.secret
    assert len(secret) >= 16

    drain(state.confirm_two_factor({"code": "000000"}))
    assert state.dialog_errors == {"code": "Invalid verification code"}
    assert state.security.two_factor_enabled is False
    assert row(engine, UserSecuritySettings, user_id).two_factor_enabled is False

    specs = drain(state.confirm_two_factor({"code": pyotp.TOTP(secret).now()}))
    assert_toast(specs, "success", "Two-factor authentication enabled")
    assert state.security.two_factor_enabled and state.totp_setup is None
    assert row(engine, UserSecuritySettings, user_id).two_factor_enabled is True

    # Turning off asks for a code or the password.
    drain(state.toggle_two_factor(False))
    assert state.dialog == "totp_disable" and state.security.two_factor_enabled
    drain(state.disable_two_factor({"code_or_password": "wrong password"}))
    assert state.dialog_errors == {"code_or_password": "Invalid verification code or password"}
    assert state.security.two_factor_enabled
    specs = drain(state.disable_two_factor({"code_or_password": PASSWORD}))
    assert_toast(specs, "success", "Two-factor authentication disabled")
    assert state.security.two_factor_enabled is False and state.dialog == ""
    assert row(engine, UserSecuritySettings, user_id).two_factor_enabled is False


def test_p_prof_4_closing_the_setup_dialog_leaves_two_factor_off(state: ProfileState) -> None:
    loaded(state)
    drain(state.toggle_two_factor(True))
    state.close_dialog(False)
    assert state.totp_setup is None
    assert state.security.two_factor_enabled is False


# --------------------------------------------------------------------------- P-PROF-5


@pytest.mark.parametrize(
    ("form", "field", "message"),
    [
        (
            {
                "current_password": PASSWORD,
                "new_password": NEW_PASSWORD,
                "confirm_password": "x" * 30,
            },
            "confirm",
            "New passwords do not match",
        ),
        (
            {"current_password": PASSWORD, "new_password": "short", "confirm_password": "short"},
            "new",
            "Password must be at least 8 characters long",
        ),
        (
            {
                "current_password": "",
                "new_password": NEW_PASSWORD,
                "confirm_password": NEW_PASSWORD,
            },
            "current",
            "This field is required",
        ),
        (
            {
                "current_password": "not my password",
                "new_password": NEW_PASSWORD,
                "confirm_password": NEW_PASSWORD,
            },
            "current",
            "Current password is incorrect",
        ),
    ],
)
def test_p_prof_5_change_password_validation(
    state: ProfileState,
    engine: Engine,
    user_id: str,
    form: dict[str, str],
    field: str,
    message: str,
) -> None:
    loaded(state)
    before = snapshot(engine, user_id)
    state.clear_dialog_errors(True)  # the dialog opens in the browser
    specs = drain(state.change_password(form))
    toast = assert_toast(specs, "error", "Failed to change password")
    assert state.dialog_errors[field] == message
    if field != "current" or message != "This field is required":
        assert message in toast
    assert scripts(specs) == []
    assert snapshot(engine, user_id)[0] == before[0]  # the hash did not change


def test_p_prof_5_change_password_success(
    state: ProfileState, engine: Engine, user_id: str, token: str
) -> None:
    other = session_token(engine, user_id, "another device")
    loaded(state)
    state.clear_dialog_errors(True)  # the dialog opens in the browser
    specs = drain(
        state.change_password(
            {
                "current_password": PASSWORD,
                "new_password": NEW_PASSWORD,
                "confirm_password": NEW_PASSWORD,
            }
        )
    )
    assert "window.location.reload()" in scripts(specs)
    assert state.dialog_errors == {}
    with Session(engine) as db:
        assert accounts.authenticate(db, EMAIL, PASSWORD, "10.0.0.1").ok is False
        assert accounts.authenticate(db, EMAIL, NEW_PASSWORD, "10.0.0.1").ok is True
        assert sessions.resolve_session(db, token) == user_id  # this tab stays signed in
        assert sessions.resolve_session(db, other) is None  # other devices are signed out
    # After the reload, the page shows the toast and the new date.
    specs = drain(state.load())
    assert_toast(specs, "success", "Password changed successfully")
    today = utcnow().date()
    assert state.security.password_last_changed == f"{today:%B} {today.day}, {today.year}"
    assert toasts(drain(state.load())) == []  # once only


# --------------------------------------------------------------------------- issue 13


NOT_TEXT: list[Any] = [None, 0, 1.5, True, [], ["x"], {"a": "b"}]


@pytest.mark.parametrize("value", NOT_TEXT)
def test_save_profile_with_a_value_that_is_not_text_changes_nothing(
    state: ProfileState, engine: Engine, user_id: str, value: Any
) -> None:
    """Issue 13 finding 8 (P-PROF-2): a non-text field refuses the whole save; nothing is
    blanked, and the toast says it failed."""
    loaded(state)
    drain(state.save_profile({"company": "Analytical Engines", "bio": "Engines."}))
    before = snapshot(engine, user_id)
    form = {"full_name": "Ada King", "company": value, "bio": "Changed"}
    specs = drain(state.save_profile(form))
    assert_toast(specs, "error", "Failed to update profile")
    assert "Company must be text" in toasts(specs)[0]
    assert snapshot(engine, user_id) == before
    assert (state.profile.full_name, state.profile.company, state.profile.bio) == (
        "Ada Lovelace",
        "Analytical Engines",
        "Engines.",
    )


@pytest.mark.parametrize("form", [None, "company=x", ["company", "x"], 7])
def test_save_profile_with_a_form_that_is_not_a_form_changes_nothing(
    state: ProfileState, engine: Engine, user_id: str, form: Any
) -> None:
    loaded(state)
    before = snapshot(engine, user_id)
    assert_toast(drain(state.save_profile(form)), "error", "Failed to update profile")
    assert snapshot(engine, user_id) == before


def test_a_tab_that_never_loaded_the_profile_cannot_change_it(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    """Issue 13 finding 8: every change handler asks a tab that never loaded /profile for
    this user to reload; nothing changes."""
    before = snapshot(engine, user_id)
    for handler, call in HANDLER_CALLS.items():
        specs = drain(call(state))
        assert_toast(specs, "error", "Reload it and try again")
        assert redirects(specs) == [], handler
    assert drain(state.set_login_notifications(False)) != []  # the toast, no dialog
    assert state.dialog == "" and state.totp_setup is None
    assert snapshot(engine, user_id) == before


BAD_RAW_CALLS: dict[str, Any] = {
    "set_tab with a list": lambda s: s.set_tab(["security"]),
    "set_profile_field with a dict name": lambda s: s.set_profile_field({"a": 1}, "x"),
    "set_profile_field with a number": lambda s: s.set_profile_field("company", 5),
    "set_ai_field with a list name": lambda s: s.set_ai_field(["detail_level"], "minimal"),
    "set_ai_field with a dict value": lambda s: s.set_ai_field("detail_level", {}),
    "save_preference with a list name": lambda s: s.save_preference(["theme"], "light"),
    "save_preference with a text flag": lambda s: s.save_preference("weekly_reports", "no"),
    "save_browser_timezone with a number": lambda s: s.save_browser_timezone(3),
    "set_session_timeout with a list": lambda s: s.set_session_timeout(["1"]),
    "set_session_timeout with a float": lambda s: s.set_session_timeout(7.0),
    "set_login_notifications with text": lambda s: s.set_login_notifications("false"),
    "toggle_two_factor with text": lambda s: s.toggle_two_factor("true"),
    "toggle_two_factor with a number": lambda s: s.toggle_two_factor(1),
    "clear_dialog_errors with text": lambda s: s.clear_dialog_errors("yes"),
    "close_dialog with a list": lambda s: s.close_dialog([1]),
    "confirm_two_factor with a number": lambda s: s.confirm_two_factor({"code": 123456}),
    "disable_two_factor with a list": lambda s: s.disable_two_factor({"code_or_password": []}),
    "create_new_recovery_codes with a number": lambda s: s.create_new_recovery_codes(
        {"password": 5}
    ),
    "create_new_recovery_codes with a list": lambda s: s.create_new_recovery_codes(["x"]),
    "delete_account with non-text": lambda s: s.delete_account({"email": EMAIL, "proof": 0}),
    "turn_off_login_notifications with a dict": lambda s: s.turn_off_login_notifications(
        {"proof": {"a": 1}}
    ),
    "change_password with numbers": lambda s: s.change_password(
        {"current_password": 1, "new_password": 2, "confirm_password": 2}
    ),
}


@pytest.mark.parametrize("case", list(BAD_RAW_CALLS))
def test_raw_values_of_the_wrong_type_change_nothing(
    state: ProfileState, engine: Engine, user_id: str, case: str
) -> None:
    """Issue 13 finding 8: whatever a script sends, a handler neither raises nor stores it."""
    loaded(state)
    before, vars_before = snapshot(engine, user_id), state.dict()
    out = BAD_RAW_CALLS[case](state)
    specs = drain(out) if hasattr(out, "__aiter__") else [out]
    assert all("success" not in t for t in toasts(specs))
    assert snapshot(engine, user_id) == before
    name = state.get_full_name()
    changed = {
        var.removesuffix("_rx_state_")
        for var, value in state.dict()[name].items()
        if value != vars_before[name][var]
    }
    assert all(var.endswith(("_error", "_errors")) for var in changed), changed


def test_a_stale_tab_cannot_replace_the_two_factor_secret(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    """Issue 13 finding 2: a tab loaded before two-factor was turned on elsewhere asks for a
    new setup; the service refuses, the secret stays and the switch shows two-factor on."""
    loaded(state)
    with Session(engine) as db:
        setup = account_security.begin_totp_setup(db, user_id).setup
        assert setup is not None
        assert account_security.confirm_totp(db, user_id, pyotp.TOTP(setup.secret).now()).ok
    secret_before = snapshot(engine, user_id)[0]
    specs = drain(state.toggle_two_factor(True))
    assert_toast(specs, "error", "Two-factor authentication is already on")
    assert state.totp_setup is None
    assert state.security.two_factor_enabled is True
    specs = drain(state.confirm_two_factor({"code": pyotp.TOTP(setup.secret).now()}))
    assert "already on" in state.dialog_errors["code"]
    assert snapshot(engine, user_id)[0] == secret_before


# --------------------------------------------------------------------------- P-AUTH-1


HANDLER_CALLS: dict[str, Any] = {
    "save_profile": lambda s: s.save_profile({"company": "Hacked"}),
    "save_preference": lambda s: s.save_preference("marketing_emails", False),
    "save_ai_settings": lambda s: s.save_ai_settings(),
    "save_use_saved_work": lambda s: s.save_use_saved_work(False),
    "set_login_notifications": lambda s: s.set_login_notifications(False),
    "set_session_timeout": lambda s: s.set_session_timeout("1"),
    "toggle_two_factor": lambda s: s.toggle_two_factor(True),
    "confirm_two_factor": lambda s: s.confirm_two_factor({"code": "123456"}),
    "disable_two_factor": lambda s: s.disable_two_factor({"code_or_password": PASSWORD}),
    "ask_new_recovery_codes": lambda s: s.ask_new_recovery_codes(),
    "create_new_recovery_codes": lambda s: s.create_new_recovery_codes({"password": PASSWORD}),
    "change_password": lambda s: s.change_password(
        {
            "current_password": PASSWORD,
            "new_password": NEW_PASSWORD,
            "confirm_password": NEW_PASSWORD,
        }
    ),
    "delete_account": lambda s: s.delete_account({"email": EMAIL, "proof": PASSWORD}),
    "turn_off_login_notifications": lambda s: s.turn_off_login_notifications({"proof": PASSWORD}),
}


@pytest.mark.parametrize("handler", list(HANDLER_CALLS))
def test_p_auth_1_handlers_do_nothing_when_signed_out(
    anonymous: ProfileState, engine: Engine, user_id: str, handler: str
) -> None:
    before = snapshot(engine, user_id)
    anonymous.ai = AiView(response_style="concise")
    specs = drain(HANDLER_CALLS[handler](anonymous))
    assert redirects(specs) == ["/login?next=%2Fprofile"]
    assert toasts(specs) == []
    assert snapshot(engine, user_id) == before
    assert anonymous.totp_setup is None and anonymous.recovery_codes == []


def test_p_auth_1_load_while_signed_out_loads_nothing(anonymous: ProfileState) -> None:
    assert drain(anonymous.load()) == []  # AuthState.require_access redirects
    assert anonymous.profile is None  # the page keeps showing LOADING_TEXT


def test_p_auth_1_a_session_ended_elsewhere_clears_the_page(
    state: ProfileState, engine: Engine, token: str
) -> None:
    loaded(state)
    drain(state.save_profile({"company": "Analytical Engines"}))
    with Session(engine) as db:
        sessions.end_session(db, token)
    specs = drain(state.save_profile({"company": "Still me?"}))
    assert redirects(specs) == ["/login?next=%2Fprofile"]
    assert state.profile is None and state.security is None


def test_p_auth_1_login_redirect_keeps_the_tab(token: str, engine: Engine) -> None:
    state = profile_state(make_root("", "/profile?tab=security"))
    specs = drain(state.save_ai_settings())
    assert redirects(specs) == ["/login?next=%2Fprofile%3Ftab%3Dsecurity"]


def test_p_auth_1_the_page_sends_a_visitor_to_login_keeping_the_tab(engine: Engine) -> None:
    """The page's own guard (its first on_load) at /profile?tab=security, signed out."""
    auth = make_root("", "/profile?tab=security").get_substate(AuthState.get_full_name().split("."))
    (event,) = Event.from_event_type(asyncio.run(auth.require_access()))  # type: ignore[arg-type]
    assert event.name == "_redirect"
    assert event.payload["path"] == "/login?next=%2Fprofile%3Ftab%3Dsecurity"


# --------------------------------------------------------------------------- P-AUTH-5


def settings_state(cookie: str = "", path: str = "/settings") -> tuple[AuthState, NavigationState]:
    root = make_root(cookie, path)
    auth = root.get_substate(AuthState.get_full_name().split("."))
    redirect = root.get_substate(NavigationState.get_full_name().split("."))
    return auth, redirect  # type: ignore[return-value]


def test_p_auth_5_settings_sends_a_signed_in_user_to_profile(token: str) -> None:
    assert REDIRECT_TEXT == "Redirecting to profile settings..."
    auth, redirect = settings_state(f"{SESSION_COOKIE}={token}")
    assert asyncio.run(auth.require_access()) is None
    spec = asyncio.run(redirect.open_settings())
    (event,) = Event.from_event_type(spec)  # type: ignore[arg-type]
    assert event.payload["path"] == "/profile" and event.payload["replace"] is True

    auth, redirect = settings_state(f"{SESSION_COOKIE}={token}", "/settings?tab=security")
    asyncio.run(auth.require_access())
    (event,) = Event.from_event_type(asyncio.run(redirect.open_settings()))  # type: ignore[arg-type]
    assert event.payload["path"] == "/profile?tab=security"


def test_p_auth_5_settings_sends_a_visitor_to_login(engine: Engine) -> None:
    auth, redirect = settings_state()
    (event,) = Event.from_event_type(asyncio.run(auth.require_access()))  # type: ignore[arg-type]
    assert event.payload["path"] == "/login?next=%2Fsettings"
    assert asyncio.run(redirect.open_settings()) is None  # no second redirect
