# ruff: noqa: F811  (pytest fixtures imported from test_state)
"""The Security tab's recovery codes (issue 27, item 9; P-PROF-4 two-factor): shown once
right after two-factor goes on and dropped when their dialog closes, the number left, and
new codes behind the password (signed out and stale tabs: test_state's handler lists)."""

from __future__ import annotations

import pyotp
import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import recovery_codes as domain
from startup_toolkit.pages.profile.state import ProfileState
from startup_toolkit.services import accounts, recovery_codes
from tests.pages.profile.test_state import (  # noqa: F401  (fixtures: state, token, user_id)
    assert_toast,
    loaded,
    scripts,
    state,
    token,
    user_id,
)
from tests.support.events import drain
from tests.support.founders import PASSWORD

pytestmark = pytest.mark.usefixtures("cheap_hashing")


def _turn_on(state: ProfileState) -> list[str]:
    """Two-factor on through the tab; the codes its dialog shows."""
    drain(state.toggle_two_factor(True))
    secret = state.totp_setup.secret
    specs = drain(state.confirm_two_factor({"code": pyotp.TOTP(secret).now()}))
    assert_toast(specs, "success", "Two-factor authentication enabled")
    return list(state.recovery_codes)


def _unused(engine: Engine, user_id: str) -> int:
    with Session(engine) as db:
        return recovery_codes.unused_count(db, user_id)


def _signs_in(engine: Engine, user_id: str, code: str) -> bool:
    with Session(engine) as db:
        return accounts.verify_totp_for_sign_in(db, user_id, code).ok


def test_turning_two_factor_on_shows_ten_codes_once(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    """The setup dialog closes and the codes' dialog opens with ten codes; closing it drops
    them from the state, and a reload shows only how many are left."""
    loaded(state)
    codes = _turn_on(state)
    assert len(codes) == 10 and all(domain.looks_like_code(code) for code in codes)
    assert state.totp_setup is None and state.dialog == ""
    assert state.security.two_factor_enabled and state.security.recovery_codes_left == 10
    assert _unused(engine, user_id) == 10
    state.close_dialog(False)
    assert state.recovery_codes == []
    loaded(state)
    assert state.recovery_codes == [] and state.security.recovery_codes_left == 10
    assert _signs_in(engine, user_id, codes[0])
    loaded(state)
    assert state.security.recovery_codes_left == 9


def test_a_reload_drops_codes_still_on_show(state: ProfileState) -> None:
    loaded(state)
    assert _turn_on(state)
    loaded(state)
    assert state.recovery_codes == []


def test_new_codes_ask_for_the_password_and_replace_the_old_ones(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    loaded(state)
    old = _turn_on(state)
    state.close_dialog(False)
    assert drain(state.ask_new_recovery_codes()) == []
    assert state.dialog == "recovery_codes_new"
    for typed, message in (("", "Enter your password to confirm"), ("nope", "Incorrect password")):
        specs = drain(state.create_new_recovery_codes({"password": typed}))
        assert state.dialog_errors == {"password": message}
        assert any("recovery-codes-password" in s for s in scripts(specs))  # selected again
        assert state.recovery_codes == [] and state.dialog == "recovery_codes_new"
    assert _unused(engine, user_id) == 10

    specs = drain(state.create_new_recovery_codes({"password": PASSWORD}))
    assert_toast(specs, "success", "New recovery codes created")
    new = list(state.recovery_codes)
    assert len(new) == 10 and not set(new) & set(old)
    assert state.dialog == "" and state.dialog_errors == {}
    assert state.security.recovery_codes_left == 10
    assert not _signs_in(engine, user_id, old[0])
    assert _signs_in(engine, user_id, new[0])
    state.close_dialog(False)
    assert state.recovery_codes == []


def test_no_new_codes_while_two_factor_is_off(state: ProfileState, engine: Engine) -> None:
    loaded(state)
    assert drain(state.ask_new_recovery_codes()) == []
    assert state.dialog == ""
    drain(state.create_new_recovery_codes({"password": PASSWORD}))
    assert state.dialog_errors == {"password": "Turn on two-factor authentication first"}
    assert state.recovery_codes == []


def test_turning_two_factor_off_leaves_no_codes(
    state: ProfileState, engine: Engine, user_id: str
) -> None:
    loaded(state)
    _turn_on(state)
    state.close_dialog(False)
    drain(state.toggle_two_factor(False))
    drain(state.disable_two_factor({"code_or_password": PASSWORD}))
    assert state.security.two_factor_enabled is False
    assert state.security.recovery_codes_left == 0 and state.recovery_codes == []
    assert _unused(engine, user_id) == 0
