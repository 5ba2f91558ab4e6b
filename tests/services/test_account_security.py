"""Re-authentication for sensitive account changes (issue 13 findings 2 and 9), on a real
migrated database: two-factor setup refused while two-factor is on, and the password (or a
current code) for turning two-factor or login notifications off and for Delete Account
(P-PROF-2, P-PROF-4)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pyotp
import pytest
from sqlmodel import Session, select

from startup_toolkit.models import User, UserSecuritySettings, UserTotp
from startup_toolkit.services import account_security, accounts, user_settings
from startup_toolkit.services.account_security import (
    INCORRECT_PASSWORD,
    PASSWORD_NEEDED,
    PASSWORD_OR_CODE_NEEDED,
    PROOF,
    TOTP_ALREADY_ON,
)
from tests.support.founders import signed_up

NOW = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)
LATER = NOW + timedelta(minutes=5)
PASSWORD = "correct horse battery"
EMAIL = "ada@example.com"

pytestmark = pytest.mark.usefixtures("cheap_hashing")


def _enable(session: Session, user_id: str, now: datetime = NOW) -> str:
    started = account_security.begin_totp_setup(session, user_id)
    assert started.ok and started.setup is not None
    secret = started.setup.secret
    assert account_security.confirm_totp(session, user_id, pyotp.TOTP(secret).at(now), now).ok
    return secret


def _active_secret(session: Session, user_id: str) -> str | None:
    session.expire_all()
    user = session.get(User, user_id)
    assert user is not None
    return user.totp_secret


def _security(session: Session, user_id: str) -> UserSecuritySettings:
    session.expire_all()
    return session.exec(
        select(UserSecuritySettings).where(UserSecuritySettings.user_id == user_id)
    ).one()


# --- finding 2: the two-factor secret ---------------------------------------------------------


def test_setup_is_refused_while_two_factor_is_on(session: Session) -> None:
    """P-PROF-4: a second setup cannot replace the active secret, nor plant a pending one."""
    user_id = signed_up(session)
    secret = _enable(session, user_id)
    refused = account_security.begin_totp_setup(session, user_id)
    assert not refused.ok and refused.setup is None and refused.message == TOTP_ALREADY_ON
    totp_row = session.get(UserTotp, user_id)
    assert totp_row is not None and totp_row.pending_secret is None
    assert _active_secret(session, user_id) == secret


def test_confirm_is_refused_while_two_factor_is_on(session: Session) -> None:
    """Even a pending secret left in the table (an old setup) cannot replace the active one."""
    user_id = signed_up(session)
    secret = _enable(session, user_id)
    planted = pyotp.random_base32()
    totp_row = session.get(UserTotp, user_id)
    assert totp_row is not None
    totp_row.pending_secret = planted
    session.commit()
    refused = account_security.confirm_totp(session, user_id, pyotp.TOTP(planted).at(LATER), LATER)
    assert not refused.ok and refused.message == TOTP_ALREADY_ON
    assert _active_secret(session, user_id) == secret


def test_a_new_secret_needs_two_factor_off_first_with_the_password(session: Session) -> None:
    """Replacing the secret: turn two-factor off (password or code), then set up again."""
    user_id = signed_up(session)
    old = _enable(session, user_id)
    assert not account_security.disable_totp(session, user_id, "", LATER).ok
    assert account_security.disable_totp(session, user_id, PASSWORD, LATER).ok
    new = _enable(session, user_id, LATER)
    assert new != old and _active_secret(session, user_id) == new


# --- finding 9: re-authentication -------------------------------------------------------------


@pytest.mark.parametrize(
    ("proof", "message"),
    [
        ("", PASSWORD_NEEDED),
        ("   ", PASSWORD_NEEDED),
        (None, PASSWORD_NEEDED),
        (12, PASSWORD_NEEDED),
        ("not my password", INCORRECT_PASSWORD),
        ("123456", INCORRECT_PASSWORD),
    ],
)
def test_delete_account_needs_the_password(session: Session, proof: object, message: str) -> None:
    """P-PROF-2 Delete Account: the right email is not enough."""
    user_id = signed_up(session)
    result = account_security.delete_account(session, user_id, EMAIL, proof, NOW)  # type: ignore[arg-type]
    assert not result.ok and result.message == message and result.errors == {PROOF: message}
    assert session.get(User, user_id) is not None
    assert account_security.delete_account(session, user_id, EMAIL, PASSWORD, NOW).ok
    session.expire_all()
    assert session.get(User, user_id) is None


def test_delete_account_with_two_factor_takes_a_code_once(session: Session) -> None:
    user_id = signed_up(session)
    secret = _enable(session, user_id)
    missing = account_security.delete_account(session, user_id, EMAIL, "", LATER)
    assert missing.message == PASSWORD_OR_CODE_NEEDED
    code = pyotp.TOTP(secret).at(LATER)
    # A code already used (here at sign-in) does not count.
    assert accounts.verify_totp_for_sign_in(session, user_id, code, LATER).ok
    replay = account_security.delete_account(session, user_id, EMAIL, code, LATER)
    assert not replay.ok and replay.message == accounts.INVALID_CODE_OR_PASSWORD
    again = LATER + timedelta(minutes=1)
    fresh = pyotp.TOTP(secret).at(again)
    assert account_security.delete_account(session, user_id, EMAIL, fresh, again).ok


def test_wrong_passwords_in_a_dialog_lock_the_account(session: Session) -> None:
    """A dialog is no way round the sign-in lock: five wrong passwords lock the account."""
    user_id = signed_up(session)
    for _ in range(5):
        account_security.turn_off_login_notifications(session, user_id, "guess", NOW)
    locked = account_security.delete_account(session, user_id, EMAIL, PASSWORD, NOW)
    assert not locked.ok and locked.message == accounts.TOO_MANY_ATTEMPTS
    assert session.get(User, user_id) is not None


def test_login_notifications_go_off_only_with_the_password(session: Session) -> None:
    """P-PROF-4 login notifications: off needs the password; on needs nothing."""
    user_id = signed_up(session)
    plain = user_settings.update_security_settings(session, user_id, {"login_notifications": False})
    assert not plain.ok and "login_notifications" in plain.errors
    assert _security(session, user_id).login_notifications is True
    for proof, message in (("", PASSWORD_NEEDED), ("guess", INCORRECT_PASSWORD)):
        refused = account_security.turn_off_login_notifications(session, user_id, proof, NOW)
        assert not refused.ok and refused.errors == {PROOF: message}
    assert _security(session, user_id).login_notifications is True
    assert account_security.turn_off_login_notifications(session, user_id, PASSWORD, NOW).ok
    assert _security(session, user_id).login_notifications is False
    # Already off: nothing to confirm. Back on: no password.
    assert account_security.turn_off_login_notifications(session, user_id, "", NOW).ok
    on = user_settings.update_security_settings(session, user_id, {"login_notifications": True})
    assert on.ok and _security(session, user_id).login_notifications is True


def test_turning_two_factor_off_needs_a_code_or_the_password(session: Session) -> None:
    user_id = signed_up(session)
    secret = _enable(session, user_id)
    for proof in ("", "guess", "000000", None):
        refused = account_security.disable_totp(session, user_id, proof, LATER)  # type: ignore[arg-type]
        assert not refused.ok and PROOF in refused.errors
    assert _active_secret(session, user_id) == secret
    assert account_security.disable_totp(session, user_id, pyotp.TOTP(secret).at(LATER), LATER).ok
    assert _active_secret(session, user_id) is None
