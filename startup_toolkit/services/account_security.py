"""Sensitive account changes, each behind re-authentication: two-factor setup and removal,
its recovery codes, turning login notifications off, and account deletion.

Same conventions as `services.accounts` (the session first, commits what it changes, user
mistakes as `Result`s). Re-authentication (`_check_identity`) takes the account password, or,
with two-factor on, a current unused code from the authenticator app or an unused recovery
code (used up, and the founder notified). A wrong one counts as a failed sign-in (same lock
as `services.accounts`), so these dialogs cannot be used to guess the password. Two-factor
setup is refused while two-factor is on: a new secret replaces the old one only after
two-factor was turned off with a code or the password.

Recovery codes (issue 27, item 9): turning two-factor on makes ten (`services.recovery_codes`),
which the setup's result carries to be shown once; new ones replace them only with the account
password (`new_recovery_codes`: a stolen code or a phone is not enough to replace the owner's
way back in); turning two-factor off deletes them.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime

from sqlalchemy import delete
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session

from startup_toolkit.domain import passwords, totp
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.identity import email_fingerprint, normalize_email
from startup_toolkit.models.accounts import User
from startup_toolkit.models.security import UserTotp
from startup_toolkit.models.settings import UserSecuritySettings
from startup_toolkit.services import recovery_codes, sessions, user_cache
from startup_toolkit.services.accounts import (
    ACCOUNT_DELETED,
    ACCOUNT_NOT_FOUND,
    EMAIL_MISMATCH,
    INVALID_CODE,
    INVALID_CODE_OR_PASSWORD,
    TOTP_DISABLED,
    TOTP_ENABLED,
    TOTP_NOT_STARTED,
    Result,
    TotpSetup,
    _accept_code,
    _clear_failures,
    _locked_out,
    _product,
    _refused,
    _totp_state,
    get_user,
)
from startup_toolkit.services.sign_in_throttle import clear_email
from startup_toolkit.services.user_settings import (
    SECURITY_FAILED,
    SECURITY_SAVED,
    get_security_settings,
)

log = logging.getLogger(__name__)

#: The form field the password or code is typed in (the key of `Result.errors`).
PROOF = "proof"
PASSWORD_NEEDED = "Enter your password to confirm"
PASSWORD_OR_CODE_NEEDED = "Enter your password or a code from your authenticator app to confirm"
INCORRECT_PASSWORD = "Incorrect password"
TOTP_ALREADY_ON = (
    "Two-factor authentication is already on. To use a new authenticator, turn it off first "
    "with a code or your password."
)
DELETE_FAILED = "Failed to delete account"
RECOVERY_NEEDS_TOTP = "Turn on two-factor authentication first"
RECOVERY_CODES_CREATED = "New recovery codes created"
RECOVERY_CODES_FAILED = "Could not create new recovery codes"


@dataclass(frozen=True)
class SetupResult(Result):
    """`ok` with what the setup dialog shows (`setup`); otherwise the refusal."""

    setup: TotpSetup | None = None


@dataclass(frozen=True)
class CodesResult(Result):
    """`ok` with the new recovery codes (`codes`), to be shown once; otherwise the refusal."""

    codes: tuple[str, ...] = ()


def _two_factor_on(user: User, security: UserSecuritySettings | None) -> bool:
    return bool(security is not None and security.two_factor_enabled and user.totp_secret)


def _account(session: Session, user_id: str) -> tuple[User, UserSecuritySettings] | None:
    """The user and their security settings; None when there is no such user."""
    user = get_user(session, user_id)
    security = get_security_settings(session, user_id) if user is not None else None
    return None if user is None or security is None else (user, security)


def _commit_new_codes(session: Session, user_id: str, now: datetime, message: str) -> CodesResult:
    """Commit with ten new recovery codes in place of the user's old ones (in the result, to
    be shown once)."""
    codes = recovery_codes.replace_uncommitted(session, user_id, now)
    session.commit()
    return CodesResult(ok=True, message=message, codes=tuple(codes))


def _check_identity(
    session: Session,
    user: User,
    security: UserSecuritySettings | None,
    proof: object,
    now: datetime,
    action: str,
    codes_stay: bool = True,
) -> Result | None:
    """None when `proof` is the account password or, with two-factor on, a current unused
    code or an unused recovery code (marked used, with a notification that it was used to
    `action` and, when `codes_stay`, how many are left; the failure count is cleared, nothing
    committed). Otherwise the refusal, on the `proof` field: a missing proof costs nothing, a
    wrong one counts as a failure."""
    if locked := _locked_out(user, now, Result):
        return locked
    value = proof if isinstance(proof, str) else ""
    with_code = _two_factor_on(user, security)
    if not value.strip():
        needed = PASSWORD_OR_CODE_NEEDED if with_code else PASSWORD_NEEDED
        return Result(ok=False, message=needed, errors={PROOF: needed})
    state = _totp_state(session, user.id)
    accepted = with_code and totp.looks_like_code(value)
    accepted = accepted and _accept_code(state, user.totp_secret, value, now)
    if not accepted and with_code:
        left = recovery_codes.use_uncommitted(session, user.id, value, now)
        if left is not None:
            accepted = True
            recovery_codes.notify_used(session, user.id, action, left if codes_stay else None)
    if not accepted and len(value) <= passwords.MAX_LENGTH:
        accepted = passwords.verify_password(user.password_hash, value)
    if not accepted:
        wrong = INVALID_CODE_OR_PASSWORD if with_code else INCORRECT_PASSWORD
        return _refused(session, user, now, wrong, PROOF, Result)
    _clear_failures(user)
    session.add(user)
    if state is not None:
        session.add(state)
    return None


# --- two-factor authentication (TOTP) --------------------------------------------------------


def begin_totp_setup(session: Session, user_id: str) -> SetupResult:
    """Store a new pending secret and return it with its otpauth URI and QR code. Refused
    while two-factor is on (the active secret stays); two-factor stays off until
    `confirm_totp` accepts a code for the new secret."""
    user = get_user(session, user_id)
    if user is None:
        return SetupResult(ok=False, message=SECURITY_FAILED)
    if _two_factor_on(user, get_security_settings(session, user_id)):
        return SetupResult(ok=False, message=TOTP_ALREADY_ON)
    secret = totp.new_secret()
    state = _totp_state(session, user_id) or UserTotp(user_id=user_id)
    state.pending_secret = secret
    state.updated_at = utcnow()
    session.add(state)
    session.commit()
    uri = totp.provisioning_uri(secret, user.email, _product())
    setup = TotpSetup(secret=secret, uri=uri, qr_svg_data_uri=totp.qr_svg_data_uri(uri))
    return SetupResult(ok=True, setup=setup)


def confirm_totp(
    session: Session, user_id: str, code: str, now: datetime | None = None
) -> CodesResult:
    """Turn two-factor on when `code` is valid for the pending secret, with ten new recovery
    codes (in the result, to be shown once). Refused while it is already on: the active
    secret is not replaced."""
    user = get_user(session, user_id)
    state = _totp_state(session, user_id) if user is not None else None
    security = get_security_settings(session, user_id) if user is not None else None
    if user is not None and _two_factor_on(user, security):
        return CodesResult(ok=False, message=TOTP_ALREADY_ON, errors={"code": TOTP_ALREADY_ON})
    if user is None or state is None or not state.pending_secret:
        return CodesResult(ok=False, message=TOTP_NOT_STARTED)
    step = totp.matching_step(state.pending_secret, code, now)
    if security is None or step is None:
        return CodesResult(ok=False, message=INVALID_CODE, errors={"code": INVALID_CODE})
    changed = utcnow()
    user.totp_secret = state.pending_secret
    user.updated_at = changed
    state.pending_secret = None
    state.last_used_step = step
    state.updated_at = changed
    security.two_factor_enabled = True
    security.updated_at = changed
    session.add_all([user, state, security])
    return _commit_new_codes(session, user_id, changed, TOTP_ENABLED)


def disable_totp(
    session: Session, user_id: str, code_or_password: str, now: datetime | None = None
) -> Result:
    """Turn two-factor off after a current code, a recovery code or the account password; the
    recovery codes are deleted."""
    now = now or utcnow()
    if (account := _account(session, user_id)) is None:
        return Result(ok=False, message=INVALID_CODE_OR_PASSWORD)
    user, security = account
    action = "turn off two-factor authentication"
    if refused := _check_identity(session, user, security, code_or_password, now, action, False):
        return refused
    user.totp_secret = None
    user.updated_at = now
    state = _totp_state(session, user_id)
    if state is not None:
        state.pending_secret = None
        session.add(state)
    security.two_factor_enabled = False
    security.updated_at = now
    session.add_all([user, security])
    recovery_codes.delete_uncommitted(session, user_id)
    session.commit()
    return Result(ok=True, message=TOTP_DISABLED)


def new_recovery_codes(
    session: Session, user_id: str, password: object, now: datetime | None = None
) -> CodesResult:
    """Replace every recovery code of the user with ten new ones (in the result, to be shown
    once), after the account password: no code stands in for it here. A wrong password counts
    as a failure, as at sign-in; two-factor must be on."""
    now = now or utcnow()
    if (account := _account(session, user_id)) is None:
        return CodesResult(ok=False, message=RECOVERY_CODES_FAILED)
    user, security = account
    if not _two_factor_on(user, security):
        return CodesResult(ok=False, message=RECOVERY_NEEDS_TOTP)
    if locked := _locked_out(user, now, CodesResult):
        return locked
    value = password if isinstance(password, str) else ""
    if not value:
        return CodesResult(ok=False, message=PASSWORD_NEEDED, errors={PROOF: PASSWORD_NEEDED})
    if len(value) > passwords.MAX_LENGTH or not passwords.verify_password(
        user.password_hash, value
    ):
        return _refused(session, user, now, INCORRECT_PASSWORD, PROOF, CodesResult)
    _clear_failures(user)
    session.add(user)
    return _commit_new_codes(session, user_id, now, RECOVERY_CODES_CREATED)


# --- login notifications ---------------------------------------------------------------------


def turn_off_login_notifications(
    session: Session, user_id: str, proof: str, now: datetime | None = None
) -> Result:
    """P-PROF-4: stop the sign-in notifications, after the password (or a code). Turning them
    on needs nothing (`user_settings.update_security_settings`)."""
    now = now or utcnow()
    if (account := _account(session, user_id)) is None:
        return Result(ok=False, message=SECURITY_FAILED)
    user, security = account
    if not security.login_notifications:
        return Result(ok=True, message=SECURITY_SAVED)
    action = "turn off login notifications"
    if refused := _check_identity(session, user, security, proof, now, action):
        return refused
    security.login_notifications = False
    security.updated_at = now
    session.add(security)
    session.commit()
    return Result(ok=True, message=SECURITY_SAVED)


# --- deletion --------------------------------------------------------------------------------


def delete_account(
    session: Session,
    user_id: str,
    typed_email: str,
    proof: str,
    now: datetime | None = None,
) -> Result:
    """Delete the account when `typed_email` is its email and `proof` its password (or, with
    two-factor on, a current code): the user row goes and, by ON DELETE CASCADE, every row the
    user owns (sessions included)."""
    user = get_user(session, user_id)
    if user is None:
        return Result(ok=False, message=ACCOUNT_NOT_FOUND)
    typed = normalize_email(typed_email) if isinstance(typed_email, str) else ""
    if not typed or typed != user.email:
        return Result(ok=False, message=EMAIL_MISMATCH, errors={"email": EMAIL_MISMATCH})
    security = get_security_settings(session, user_id)
    action = "delete your account"
    if refused := _check_identity(session, user, security, proof, now or utcnow(), action):
        return refused
    fingerprint = email_fingerprint(user.email)
    try:
        clear_email(session, fingerprint)
        sessions.forget_user_sessions(session, user_id)
        session.exec(delete(User).where(User.id == user_id))
        user_cache.invalidate_on_commit(session, user_id, "account")
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not delete an account")
        return Result(ok=False, message=DELETE_FAILED)
    session.expunge_all()
    return Result(ok=True, message=ACCOUNT_DELETED)
