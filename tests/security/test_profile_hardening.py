"""The review's attacks on the profile page (issue 13 findings 2, 8 and 9), as raw Socket.IO
events against the production backend: from a tab signed in with a founder's cookie that never
loaded /profile, and from a tab that did.

* Finding 2: `toggle_two_factor(True)` + `confirm_two_factor` on an account whose two-factor is
  on must not replace the secret (P-PROF-4).
* Finding 9: Delete Account and turning two-factor or login notifications off need the
  password (or a code) (P-PROF-2, P-PROF-4).
* Finding 8: `save_profile` with values that are not text, or from a tab that never loaded the
  profile, changes nothing and does not say it succeeded (P-PROF-2).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pyotp
import pytest
from sqlmodel import select

from startup_toolkit.models import Profile, User, UserSecuritySettings
from startup_toolkit.pages.profile.state import ProfileState
from startup_toolkit.services import account_security
from tests.security.conftest import Founder, ProdApp
from tests.support.reflex_socket import Tab, delta_value

STATE = ProfileState.get_full_name()
PROFILE = "/profile"
SENTINEL_TABS = ("security", "ai-personalization")


class Page:
    """A raw tab on /profile. `run` sends one event, then a harmless `set_tab` whose update
    tells that the event before it (same tab, so handled first) has finished."""

    def __init__(self, tab: Tab) -> None:
        self.tab = tab
        self._flip = 0

    def run(self, handler: str, **payload: Any) -> list[dict[str, Any]]:
        self.tab.emit(f"{STATE}.{handler}", payload, PROFILE)
        self._flip += 1
        marker = SENTINEL_TABS[self._flip % 2]
        self.tab.emit(f"{STATE}.set_tab", {"value": marker}, PROFILE)

        def done(update: dict[str, Any]) -> bool:
            delta = (update.get("delta") or {}).get(STATE, {})
            return any(k.startswith("tab") and v == marker for k, v in delta.items())

        return self.tab.receive_until(done)


def said(updates: list[dict[str, Any]], text: str) -> bool:
    """Whether any update carries `text` (a toast's message, or a var's value)."""
    return text in json.dumps(updates)


def var(updates: list[dict[str, Any]], name: str, default: Any = None) -> Any:
    try:
        return delta_value(updates, STATE, name)
    except KeyError:
        return default


@pytest.fixture
def founder(make_founder) -> Founder:
    return make_founder()


@pytest.fixture
def fresh(prod: ProdApp, founder: Founder) -> Iterator[Page]:
    """A tab signed in as the founder that never loaded /profile."""
    tab = prod.tab(founder.cookie)
    try:
        yield Page(tab)
    finally:
        tab.close()


@pytest.fixture
def loaded(prod: ProdApp, founder: Founder) -> Iterator[Page]:
    """A tab signed in as the founder that loaded /profile."""
    tab = prod.tab(founder.cookie)
    try:
        updates = tab.open_page(PROFILE)
        assert delta_value(updates, STATE, "profile") is not None, prod.backend.tail()
        yield Page(tab)
    finally:
        tab.close()


def enable_two_factor(prod: ProdApp, founder: Founder) -> str:
    with prod.db() as db:
        started = account_security.begin_totp_setup(db, founder.user_id)
        assert started.setup is not None
        secret = started.setup.secret
        assert account_security.confirm_totp(db, founder.user_id, pyotp.TOTP(secret).now()).ok
    return secret


def stored(prod: ProdApp, founder: Founder) -> tuple[Any, ...]:
    """The founder's user row (None once deleted), profile and security settings."""
    with prod.db() as db:
        user = db.get(User, founder.user_id)
        profile = db.get(Profile, founder.user_id)
        security = db.exec(
            select(UserSecuritySettings).where(UserSecuritySettings.user_id == founder.user_id)
        ).first()
        return (
            None if user is None else (user.password_hash, user.totp_secret),
            None if profile is None else profile.model_dump(exclude={"updated_at"}),
            None if security is None else security.model_dump(exclude={"updated_at"}),
        )


def replace_secret(page: Page) -> None:
    """The attack: start a setup, read the new secret from the update, confirm its code."""
    updates = page.run("toggle_two_factor", value=True)
    secret = (var(updates, "totp_setup") or {}).get("secret", "")
    code = pyotp.TOTP(secret).now() if secret else "123456"
    page.run("confirm_two_factor", form_data={"code": code})


# --- finding 2 ---------------------------------------------------------------------------------


def test_a_tab_that_never_loaded_the_profile_cannot_replace_the_two_factor_secret(
    prod: ProdApp, founder: Founder, fresh: Page
) -> None:
    secret = enable_two_factor(prod, founder)
    before = stored(prod, founder)
    replace_secret(fresh)
    assert stored(prod, founder) == before
    assert before[0] is not None and before[0][1] == secret


def test_a_stale_profile_tab_cannot_replace_the_two_factor_secret(
    prod: ProdApp, founder: Founder, loaded: Page
) -> None:
    """The tab loaded /profile before two-factor went on elsewhere: its switch still shows off,
    so the state lets the setup through; the service refuses it."""
    enable_two_factor(prod, founder)
    before = stored(prod, founder)
    updates = loaded.run("toggle_two_factor", value=True)
    assert (var(updates, "totp_setup") or {}).get("secret", "") == ""
    assert said(updates, account_security.TOTP_ALREADY_ON)
    replace_secret(loaded)
    assert stored(prod, founder) == before


# --- finding 9 ---------------------------------------------------------------------------------


@pytest.mark.parametrize("proof", [None, "", "not the password"])
def test_delete_account_without_the_password_is_refused(
    prod: ProdApp, founder: Founder, loaded: Page, proof: str | None
) -> None:
    form = {"email": founder.email} if proof is None else {"email": founder.email, "proof": proof}
    updates = loaded.run("delete_account", form_data=form)
    expected = "Incorrect password" if proof else account_security.PASSWORD_NEEDED
    assert var(updates, "dialog_errors") == {account_security.PROOF: expected}
    assert stored(prod, founder)[0] is not None


def test_delete_account_from_a_tab_that_never_loaded_the_profile_is_refused(
    prod: ProdApp, founder: Founder, fresh: Page
) -> None:
    fresh.run("delete_account", form_data={"email": founder.email, "proof": founder.password})
    assert stored(prod, founder)[0] is not None


def test_turning_security_off_without_the_password_is_refused(
    prod: ProdApp, founder: Founder, loaded: Page
) -> None:
    """Login notifications: the switch only opens the dialog; the dialog wants the password.
    Two-factor: the same with a code or the password."""
    enable_two_factor(prod, founder)
    before = stored(prod, founder)
    updates = loaded.run("set_login_notifications", value=False)
    assert var(updates, "dialog") == "notifications_off"
    for form in ({}, {"proof": ""}, {"proof": "not the password"}):
        loaded.run("turn_off_login_notifications", form_data=form)
    for form in ({}, {"code_or_password": ""}, {"code_or_password": "not the password"}):
        loaded.run("disable_two_factor", form_data=form)
    assert stored(prod, founder) == before

    updates = loaded.run("turn_off_login_notifications", form_data={"proof": founder.password})
    assert var(updates, "security")["login_notifications"] is False
    security = stored(prod, founder)[2]
    assert security is not None and security["login_notifications"] is False


def test_a_tab_that_never_loaded_the_profile_cannot_turn_security_off(
    prod: ProdApp, founder: Founder, fresh: Page
) -> None:
    enable_two_factor(prod, founder)
    before = stored(prod, founder)
    fresh.run("set_login_notifications", value=False)
    fresh.run("turn_off_login_notifications", form_data={})
    fresh.run("disable_two_factor", form_data={"code_or_password": ""})
    assert stored(prod, founder) == before


# --- finding 8 ---------------------------------------------------------------------------------

NOT_TEXT: dict[str, Any] = {
    "full_name": 5,
    "bio": None,
    "company": ["Hacked"],
    "location": {"x": 1},
    "website": True,
    "linkedin_url": 1.5,
    "twitter_handle": [],
}


def test_save_profile_with_values_that_are_not_text_changes_nothing(
    prod: ProdApp, founder: Founder, loaded: Page
) -> None:
    loaded.run("save_profile", form_data={"company": "Analytical Engines", "bio": "Engines."})
    before = stored(prod, founder)
    assert before[1] is not None and before[1]["company"] == "Analytical Engines"
    for name, value in NOT_TEXT.items():
        updates = loaded.run("save_profile", form_data={"full_name": "Ada", name: value})
        assert said(updates, "Failed to update profile"), name
        assert not said(updates, "Profile updated successfully"), name
    updates = loaded.run("save_profile", form_data=NOT_TEXT)
    assert said(updates, "Failed to update profile")
    updates = loaded.run("save_profile", form_data="company=Hacked")
    assert said(updates, "Failed to update profile")
    assert stored(prod, founder) == before


def test_save_profile_from_a_tab_that_never_loaded_the_profile_changes_nothing(
    prod: ProdApp, founder: Founder, fresh: Page
) -> None:
    before = stored(prod, founder)
    updates = fresh.run("save_profile", form_data={"company": "Hacked", "full_name": ""})
    assert said(updates, "Reload it and try again")
    assert not said(updates, "Profile updated successfully")
    assert stored(prod, founder) == before
