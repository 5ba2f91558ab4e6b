"""Two-factor recovery codes (issue 27, item 9; P-PROF-4 two-factor, P-MISC-3 /login) on a
real migrated database: ten codes when two-factor goes on, stored only salted and hashed,
each signing in once in place of the app's code (a wrong one counts as a failure, same lock),
a notification with the number left, new codes only with the password, none after two-factor
is turned off."""

from __future__ import annotations

import re
from datetime import UTC, datetime, timedelta

import pyotp
import pytest
from sqlmodel import Session, col, select

from startup_toolkit.domain import recovery_codes as domain
from startup_toolkit.models import User, UserNotification, UserRecoveryCode
from startup_toolkit.services import account_security, accounts, recovery_codes, user_settings
from startup_toolkit.services.account_security import (
    INCORRECT_PASSWORD,
    PASSWORD_NEEDED,
    PROOF,
    RECOVERY_NEEDS_TOTP,
)
from tests.support.founders import EMAIL, PASSWORD, signed_up

NOW = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)
LATER = NOW + timedelta(minutes=5)
IP = "198.51.100.7"
CODE_SHAPE = re.compile(rf"^[{domain.ALPHABET}]{{5}}-[{domain.ALPHABET}]{{5}}$")

pytestmark = pytest.mark.usefixtures("cheap_hashing")


def _enable(session: Session, user_id: str, now: datetime = NOW) -> tuple[str, list[str]]:
    """Turn two-factor on; its secret and the recovery codes the setup shows."""
    setup = account_security.begin_totp_setup(session, user_id).setup
    assert setup is not None
    result = account_security.confirm_totp(session, user_id, pyotp.TOTP(setup.secret).at(now), now)
    assert result.ok, result
    return setup.secret, list(result.codes)


def _rows(session: Session, user_id: str) -> list[UserRecoveryCode]:
    session.expire_all()
    query = select(UserRecoveryCode).where(UserRecoveryCode.user_id == user_id)
    return list(session.exec(query).all())


def _failures(session: Session, user_id: str) -> int:
    session.expire_all()
    user = session.get(User, user_id)
    assert user is not None
    return user.failed_logins


def _notes(session: Session, user_id: str) -> list[str]:
    session.expire_all()
    query = select(UserNotification.message).where(
        UserNotification.user_id == user_id,
        col(UserNotification.message).contains("recovery code"),
    )
    return list(session.exec(query).all())


def _sign_in(session: Session, code: str, now: datetime = LATER) -> accounts.AuthResult:
    """The password step, then `code` at the code step."""
    first = accounts.authenticate(session, EMAIL, PASSWORD, IP, now)
    assert first.ok and first.totp_required and first.user_id
    return accounts.verify_totp_for_sign_in(session, first.user_id, code, now)


def test_turning_two_factor_on_makes_ten_codes_stored_only_as_salted_hashes(
    session: Session,
) -> None:
    """Issue 27, item 9 (P-PROF-4): ten different codes shaped `abcde-fghij`; the table holds
    a salt and an HMAC-SHA256 per code, never the code in any form."""
    user_id = signed_up(session)
    _, codes = _enable(session, user_id)
    assert len(codes) == 10 == len(set(codes))
    assert all(CODE_SHAPE.match(code) for code in codes), codes
    rows = _rows(session, user_id)
    assert len(rows) == 10 and all(row.used_at is None for row in rows)
    assert len({row.salt for row in rows}) == 10
    stored = " ".join(f"{row.salt} {row.code_hash}" for row in rows)
    for code in codes:
        assert code not in stored and code.replace("-", "") not in stored
    assert all(re.fullmatch(r"[0-9a-f]{64}", row.code_hash) for row in rows)
    for code in codes:  # each code is one row's HMAC under that row's salt
        assert sum(domain.matches(row.salt, row.code_hash, code) for row in rows) == 1
    assert user_settings.settings_values(session, user_id).recovery_codes_left == 10  # type: ignore[union-attr]


def test_a_code_signs_in_once_and_is_marked_used(session: Session) -> None:
    """Issue 27, item 9 (P-MISC-3): a code in place of the app's code signs in, typed in
    capitals and without the dash too; used once, it is refused the next time."""
    user_id = signed_up(session)
    _, codes = _enable(session, user_id)
    typed = codes[3].upper().replace("-", " ")
    result = _sign_in(session, typed)
    assert result.ok and result.user_id == user_id and result.recovery_codes_left == 9
    used = [row for row in _rows(session, user_id) if row.used_at is not None]
    assert len(used) == 1 and domain.matches(used[0].salt, used[0].code_hash, codes[3])
    again = _sign_in(session, codes[3], LATER + timedelta(minutes=1))
    assert not again.ok and again.message == accounts.INVALID_CODE
    assert _failures(session, user_id) == 1
    assert recovery_codes.unused_count(session, user_id) == 9


def test_using_a_code_notifies_the_founder_with_the_number_left(session: Session) -> None:
    """Issue 27, item 9: each code used at sign-in leaves a notification saying so."""
    user_id = signed_up(session)
    _, codes = _enable(session, user_id)
    assert _sign_in(session, codes[0]).ok
    assert _notes(session, user_id) == [domain.used_message(recovery_codes.SIGN_IN, 9)]
    assert "9 recovery codes left" in _notes(session, user_id)[0]
    for n, code in enumerate(codes[1:], start=1):
        assert _sign_in(session, code, LATER + timedelta(minutes=n)).ok
    last = _notes(session, user_id)[-1]
    assert "No recovery codes left" in last and "Security tab" in last
    assert recovery_codes.unused_count(session, user_id) == 0


def test_wrong_codes_count_as_failures_like_wrong_app_codes(session: Session) -> None:
    """Issue 27, item 9: five wrong recovery codes lock the code step as five wrong app codes
    do; the right code is refused during the lock and accepted after it."""
    user_id = signed_up(session)
    _, codes = _enable(session, user_id)
    wrong = "aaaaa-aaaaa" if "aaaaa-aaaaa" not in codes else "bbbbb-bbbbb"
    for n in range(5):
        refused = _sign_in(session, wrong)
        assert not refused.ok and refused.message == accounts.INVALID_CODE
        assert _failures(session, user_id) == n + 1
    locked = _sign_in(session, codes[0])
    assert not locked.ok and locked.message == accounts.TOO_MANY_ATTEMPTS
    assert recovery_codes.unused_count(session, user_id) == 10
    after = _sign_in(session, codes[0], LATER + timedelta(minutes=1))
    assert after.ok and _failures(session, user_id) == 0


def test_the_app_code_still_works_beside_the_recovery_codes(session: Session) -> None:
    user_id = signed_up(session)
    secret, _ = _enable(session, user_id)
    result = _sign_in(session, pyotp.TOTP(secret).at(LATER))
    assert result.ok and result.recovery_codes_left is None
    assert recovery_codes.unused_count(session, user_id) == 10 and _notes(session, user_id) == []


def test_new_codes_need_the_password_and_replace_the_old_ones(session: Session) -> None:
    """Issue 27, item 9: no password costs nothing; a wrong one (or a code) counts as a
    failure and changes nothing; the password replaces all ten, and old ones stop working."""
    user_id = signed_up(session)
    secret, old = _enable(session, user_id)
    missing = account_security.new_recovery_codes(session, user_id, "", LATER)
    assert not missing.ok and missing.errors == {PROOF: PASSWORD_NEEDED}
    assert _failures(session, user_id) == 0
    for proof in ("not my password", pyotp.TOTP(secret).at(LATER), old[0]):
        refused = account_security.new_recovery_codes(session, user_id, proof, LATER)
        assert not refused.ok and refused.errors == {PROOF: INCORRECT_PASSWORD}
        assert refused.codes == ()
    assert _failures(session, user_id) == 3
    assert recovery_codes.unused_count(session, user_id) == 10

    made = account_security.new_recovery_codes(session, user_id, PASSWORD, LATER)
    assert made.ok and made.message == account_security.RECOVERY_CODES_CREATED
    assert len(made.codes) == 10 and not set(made.codes) & set(old)
    assert len(_rows(session, user_id)) == 10 and _failures(session, user_id) == 0
    assert not _sign_in(session, old[1]).ok
    assert _sign_in(session, made.codes[1], LATER + timedelta(minutes=1)).ok


def test_new_codes_need_two_factor_on(session: Session) -> None:
    user_id = signed_up(session)
    refused = account_security.new_recovery_codes(session, user_id, PASSWORD, NOW)
    assert not refused.ok and refused.message == RECOVERY_NEEDS_TOTP
    assert _rows(session, user_id) == []


def test_turning_two_factor_off_deletes_the_codes(session: Session) -> None:
    """Issue 27, item 9: off deletes every code; on again makes ten new ones."""
    user_id = signed_up(session)
    _, old = _enable(session, user_id)
    assert account_security.disable_totp(session, user_id, PASSWORD, LATER).ok
    assert _rows(session, user_id) == []
    assert user_settings.settings_values(session, user_id).recovery_codes_left == 0  # type: ignore[union-attr]
    again = LATER + timedelta(minutes=1)
    _, new = _enable(session, user_id, again)
    assert not set(new) & set(old)
    assert not _sign_in(session, old[0], again).ok


def test_a_code_confirms_a_change_in_the_security_settings(session: Session) -> None:
    """Issue 27, item 9: a recovery code also stands in for the app's code where a dialog
    asks for the password or a code; it is used up and the founder told."""
    user_id = signed_up(session)
    _, codes = _enable(session, user_id)
    off = account_security.turn_off_login_notifications(session, user_id, codes[0], LATER)
    assert off.ok and recovery_codes.unused_count(session, user_id) == 9
    assert _notes(session, user_id) == [domain.used_message("turn off login notifications", 9)]
    replay = account_security.delete_account(session, user_id, EMAIL, codes[0], LATER)
    assert not replay.ok and replay.message == accounts.INVALID_CODE_OR_PASSWORD
    assert account_security.disable_totp(session, user_id, codes[1], LATER).ok
    assert _rows(session, user_id) == []
    assert _notes(session, user_id)[-1] == domain.used_message(
        "turn off two-factor authentication", None
    )


def test_codes_of_one_founder_do_not_sign_in_another(session: Session) -> None:
    ada = signed_up(session)
    _, ada_codes = _enable(session, ada)
    grace = signed_up(session, "grace@example.com")
    _enable(session, grace)
    first = accounts.authenticate(session, "grace@example.com", PASSWORD, IP, LATER)
    assert first.totp_required
    refused = accounts.verify_totp_for_sign_in(session, grace, ada_codes[0], LATER)
    assert not refused.ok and recovery_codes.unused_count(session, ada) == 10
