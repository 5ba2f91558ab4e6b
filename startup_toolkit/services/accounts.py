"""Accounts: sign-up, sign-in checks (with the two-factor code), first sign-in initialisation
and password change. Two-factor setup and removal and account deletion are in
`services.account_security`.

Convention: every function takes the database `Session` first and commits what it changes.
User mistakes come back as result dataclasses (`ok`, `message`, field `errors`), never as
exceptions. The user id always comes from the server-side session.

Sign-in protection (DESIGN.md "Identity and sessions"; issue 27, item 5):
* Wrong passwords are throttled per (email, client address), with an account-wide budget that
  slows a crowd of addresses, never with a lock of the account: `services.sign_in_throttle`.
  An address told to wait gets a message saying how long (`retry_after` too), for an unknown
  email exactly as for a real one; the owner's right password from another address signs in.
* One message, 'Invalid email or password', for an unknown email and a wrong password. An
  unknown email still costs one Argon2 verification, so timing does not tell whether the
  account exists.
* A wrong two-factor code (or recovery code) at sign-in, a wrong current password and a wrong
  re-authentication proof (all need the password or a session of the account) count on the account
  (`users.failed_logins`): after 5, each further one locks those steps for 2^(n-5) seconds,
  at most 15 minutes (`users.locked_until`); only a right code or password resets it.
"""

from __future__ import annotations

import logging
import math
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import Any, NamedTuple, TypeVar

from sqlalchemy import update
from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session, select

from startup_toolkit.domain import passwords, totp
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.identity import (
    clean_name,
    email_error,
    email_fingerprint,
    initials,
    is_valid_email,
    is_valid_user_id,
    name_error,
    normalize_email,
)
from startup_toolkit.models.accounts import User
from startup_toolkit.models.activity import UserStats
from startup_toolkit.models.security import UserTotp
from startup_toolkit.models.settings import Profile
from startup_toolkit.services import recovery_codes, sessions, user_cache
from startup_toolkit.services import sign_in_throttle as throttle
from startup_toolkit.services.activity import add_activity, add_notification, get_user_stats
from startup_toolkit.services.commits import done_or_log
from startup_toolkit.services.credentials import store_password_uncommitted
from startup_toolkit.services.user_settings import ensure_default_settings, get_security_settings
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

# The lock of the steps after the password (codes, re-authentication)
LOCK_AFTER_FAILURES = 5
LOCK_MAX_SECONDS = 15 * 60

# Messages
INVALID_CREDENTIALS = "Invalid email or password"
EMAIL_TAKEN = "An account with this email already exists."
SIGN_UP_FAILED = "Could not create the account. Please try again."
FIX_FIELDS = "Please correct the highlighted fields"
PASSWORD_CHANGED = "Password changed successfully"
PASSWORD_CHANGE_FAILED = "Failed to change password"
ALL_FIELDS_REQUIRED = "All fields are required"
CURRENT_INCORRECT = "Current password is incorrect"
SAME_PASSWORD = "New password must be different from the current one"
TOO_MANY_ATTEMPTS = "Too many attempts. Please wait and try again."
INVALID_CODE = "Invalid verification code"
INVALID_CODE_OR_PASSWORD = "Invalid verification code or password"
TOTP_NOT_STARTED = "Start two-factor setup first"
TOTP_ENABLED = "Two-factor authentication enabled"
TOTP_DISABLED = "Two-factor authentication disabled"
EMAIL_MISMATCH = "The email does not match your account"
ACCOUNT_DELETED = "Your account has been deleted"
ACCOUNT_NOT_FOUND = "Account not found"

WELCOME_TOOL = "Dashboard"
WELCOME_ACTION = "Account created and dashboard initialized"


def welcome_message(product_name: str) -> str:
    return (
        f"Welcome to {product_name}! Your dashboard is ready to track your entrepreneurial journey."
    )


@dataclass(frozen=True)
class Result:
    """The outcome of a user action: `message` is ready for a toast, `errors` by field."""

    ok: bool
    message: str = ""
    errors: dict[str, str] = field(default_factory=dict)
    retry_after: int = 0


@dataclass(frozen=True)
class SignUpResult(Result):
    user_id: str | None = None


@dataclass(frozen=True)
class AuthResult(Result):
    """`ok` with `totp_required`: the password was right, a code is still needed
    (`verify_totp_for_sign_in`) before a session may be created."""

    user_id: str | None = None
    totp_required: bool = False
    #: After a recovery code was used at the code step: how many unused ones are left.
    recovery_codes_left: int | None = None


R = TypeVar("R", bound=Result)


class TotpSetup(NamedTuple):
    """What the setup dialog shows: the secret (for manual entry), its URI and QR code."""

    secret: str
    uri: str
    qr_svg_data_uri: str


@dataclass(frozen=True)
class AccountView:
    """What the header, dashboard and profile show about the signed-in user."""

    user_id: str
    name: str
    email: str
    avatar_url: str
    initials: str


# --- helpers ---------------------------------------------------------------------------------


def lockout_seconds(consecutive_failures: int) -> int:
    """The lock after `consecutive_failures` failures: 0 below 5, then 1, 2, 4 ... <= 900 s."""
    if consecutive_failures < LOCK_AFTER_FAILURES:
        return 0
    exponent = min(consecutive_failures - LOCK_AFTER_FAILURES, 20)
    return min(2**exponent, LOCK_MAX_SECONDS)


def _seconds_until(moment: datetime | None, now: datetime) -> int:
    if moment is None or moment <= now:
        return 0
    return max(1, math.ceil((moment - now).total_seconds()))


def _find_user_by_email(session: Session, email: str) -> User | None:
    return session.exec(select(User).where(User.email == email)).first()


def get_user(session: Session, user_id: str) -> User | None:
    """The user row for an id from the server-side session."""
    if not is_valid_user_id(user_id):
        return None
    return session.get(User, user_id)


def account_view(session: Session, user_id: str) -> AccountView | None:
    """Name, email, avatar and initials of the user (None when the account is gone)."""
    user = get_user(session, user_id)
    if user is None:
        return None
    return AccountView(
        user_id=user.id,
        name=user.name,
        email=user.email,
        avatar_url=user.avatar_url,
        initials=initials(user.name, user.email),
    )


def cached_account_view(session: Session, user_id: str) -> AccountView | None:
    """`account_view`, kept a while per user: the name, email and avatar are set at sign-up
    and never change; deleting the account forgets it."""
    return user_cache.remember("account", user_id, 300.0, lambda: account_view(session, user_id))


def _register_failure(session: Session, user: User, now: datetime) -> int:
    """Count a failed check against the account (no commit); the new lock in seconds.

    The count is incremented in SQL so parallel attempts cannot overwrite each other."""
    session.exec(
        update(User).where(User.id == user.id).values(failed_logins=User.failed_logins + 1)
    )
    session.refresh(user, ["failed_logins"])
    lock = lockout_seconds(user.failed_logins)
    if lock:
        user.locked_until = now + timedelta(seconds=lock)
        session.add(user)
    return lock


def _locked_out(user: User, now: datetime, kind: type[R]) -> R | None:
    """The refusal while the account is locked after failed checks; None when it is not."""
    locked_for = _seconds_until(user.locked_until, now)
    if not locked_for:
        return None
    return kind(ok=False, message=TOO_MANY_ATTEMPTS, retry_after=locked_for)


def _refused(
    session: Session, user: User, now: datetime, message: str, field_name: str, kind: type[R]
) -> R:
    """Count a wrong password or code against the account, then refuse with `message` on
    `field_name` (and the lock it brought, if any)."""
    lock = _register_failure(session, user, now)
    session.commit()
    return kind(ok=False, message=message, errors={field_name: message}, retry_after=lock)


def _clear_failures(user: User) -> None:
    user.failed_logins = 0
    user.locked_until = None


def _totp_state(session: Session, user_id: str) -> UserTotp | None:
    return session.exec(select(UserTotp).where(UserTotp.user_id == user_id)).first()


# --- first sign-in initialisation ------------------------------------------------------------


def initialize_user(session: Session, user_id: Any) -> bool:
    """P-AUTH-3, idempotent: when the user has no stats row, create it (zeros, arena rank
    999) with the welcome notification and the 'Account created' activity, in one
    transaction; also create missing settings rows. Skipped (True) for an invalid id."""
    if not is_valid_user_id(user_id):
        return True

    def initialise() -> None:
        if get_user_stats(session, user_id) is None:
            session.add(UserStats(user_id=user_id, updated_at=utcnow()))
            add_notification(session, user_id, "success", welcome_message(_product()))
            add_activity(session, user_id, WELCOME_TOOL, WELCOME_ACTION)
            try:
                session.commit()
            except IntegrityError:
                session.rollback()  # another request initialised the user first
        ensure_default_settings(session, user_id)

    return done_or_log(session, log, "initialise user data", initialise)


def _product() -> str:
    return get_settings().product_name


# --- sign-up and sign-in ---------------------------------------------------------------------


def sign_up(session: Session, name: str, email: str, password: str, confirm: str) -> SignUpResult:
    """Create an account (user, profile, first sign-in data). Fields: name, email,
    password, confirm."""
    errors: dict[str, str] = {}
    if problem := name_error(name):
        errors["name"] = problem
    if problem := email_error(email):
        errors["email"] = problem
    if problem := passwords.password_error(password):
        errors["password"] = problem
    elif password != confirm:
        errors["confirm"] = "Passwords do not match"
    if errors:
        return SignUpResult(ok=False, message=next(iter(errors.values())), errors=errors)

    address = normalize_email(email)
    if _find_user_by_email(session, address) is not None:
        return SignUpResult(ok=False, message=EMAIL_TAKEN, errors={"email": EMAIL_TAKEN})

    display_name = clean_name(name)
    user = User(email=address, name=display_name, password_hash=passwords.hash_password(password))
    session.add(user)
    try:
        session.flush()
        session.add(Profile(id=user.id, full_name=display_name))
        session.commit()
    except IntegrityError:
        session.rollback()
        if _find_user_by_email(session, address) is not None:
            return SignUpResult(ok=False, message=EMAIL_TAKEN, errors={"email": EMAIL_TAKEN})
        log.exception("Could not create an account")
        return SignUpResult(ok=False, message=SIGN_UP_FAILED)
    user_id = user.id
    initialize_user(session, user_id)
    return SignUpResult(ok=True, message="Account created", user_id=user_id)


def authenticate(
    session: Session,
    email: str,
    password: str,
    ip_address: str,
    now: datetime | None = None,
) -> AuthResult:
    """Check an email and password from the client at `ip_address` (throttled per email and
    address: `services.sign_in_throttle`). Success says whether a TOTP code is still needed."""
    now = now or utcnow()
    ip = throttle.clean_address(ip_address)
    password = password if isinstance(password, str) else ""
    address = normalize_email(email)
    fingerprint = email_fingerprint(address)

    throttle.hold_pair(session, fingerprint, ip)
    wait = throttle.address_retry_after(session, ip, now) or throttle.pair_retry_after(
        session, fingerprint, ip, now
    )
    if wait:
        session.rollback()
        return AuthResult(ok=False, message=throttle.wait_message(wait), retry_after=wait)

    user = _find_user_by_email(session, address) if is_valid_email(address) else None
    if user is None or len(password) > passwords.MAX_LENGTH:
        passwords.burn_verification(password)
        good = False
    else:
        good = passwords.verify_password(user.password_hash, password)
    if user is None or not good:
        wait = throttle.record_failure(session, fingerprint, ip, now)
        session.commit()
        message = throttle.failure_message(INVALID_CREDENTIALS, wait)
        return AuthResult(ok=False, message=message, retry_after=wait)

    throttle.clear_pair(session, fingerprint, ip)
    if passwords.needs_rehash(user.password_hash):
        user.password_hash = passwords.hash_password(password)
        user.updated_at = now
    security = get_security_settings(session, user.id)
    totp_required = bool(security and security.two_factor_enabled and user.totp_secret)
    if not totp_required:
        _clear_failures(user)
    session.add(user)
    session.commit()
    user_id = user.id
    initialize_user(session, user_id)
    return AuthResult(ok=True, user_id=user_id, totp_required=totp_required)


# --- password --------------------------------------------------------------------------------


def change_password(
    session: Session,
    user_id: str,
    current: str,
    new: str,
    confirm: str,
    keep_token: str | None,
    now: datetime | None = None,
) -> Result:
    """P-PROF-5: check the current password, store the new one, record the date and end
    every other session (the one with `keep_token` stays). Fields: current, new, confirm."""
    now = now or utcnow()
    values = {"current": current, "new": new, "confirm": confirm}
    errors = {
        key: "This field is required"
        for key, value in values.items()
        if not isinstance(value, str) or not value
    }
    if errors:
        return Result(ok=False, message=ALL_FIELDS_REQUIRED, errors=errors)
    errors = passwords.new_password_errors(new, confirm)
    if errors:
        return Result(ok=False, message=next(iter(errors.values())), errors=errors)

    user = get_user(session, user_id)
    if user is None:
        return Result(ok=False, message=PASSWORD_CHANGE_FAILED)
    if locked := _locked_out(user, now, Result):
        return locked
    if len(current) > passwords.MAX_LENGTH or not passwords.verify_password(
        user.password_hash, current
    ):
        return _refused(session, user, now, CURRENT_INCORRECT, "current", Result)
    if new == current:
        return Result(ok=False, message=SAME_PASSWORD, errors={"new": SAME_PASSWORD})

    try:
        store_password_uncommitted(session, user, passwords.hash_password(new), now)
        sessions.end_other_sessions_uncommitted(session, user_id, keep_token)
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not change a password")
        return Result(ok=False, message=PASSWORD_CHANGE_FAILED)
    return Result(ok=True, message=PASSWORD_CHANGED)


# --- two-factor authentication (TOTP) --------------------------------------------------------


def _accept_code(state: UserTotp | None, secret: str | None, code: str, now: datetime) -> bool:
    """Whether `code` is valid now and newer than the last accepted one (marks it used)."""
    if not secret:
        return False
    step = totp.matching_step(secret, code, now)
    last = state.last_used_step if state is not None else 0
    if step is None or step <= last:
        return False
    if state is not None:
        state.last_used_step = step
        state.updated_at = now
    return True


def verify_totp_for_sign_in(
    session: Session, user_id: str, code: str, now: datetime | None = None
) -> AuthResult:
    """The second sign-in step: a current, unused code from the authenticator app, or an
    unused recovery code (marked used; the founder is notified with the number left). Wrong
    codes of either kind count as failed sign-ins (same lock as passwords); a right one resets
    the count."""
    now = now or utcnow()
    user = get_user(session, user_id)
    if user is None:
        return AuthResult(ok=False, message=INVALID_CODE)
    if locked := _locked_out(user, now, AuthResult):
        return locked
    security = get_security_settings(session, user_id)
    if security is None or not security.two_factor_enabled or not user.totp_secret:
        return AuthResult(ok=True, user_id=user.id)
    state = _totp_state(session, user_id)
    if state is None:
        state = UserTotp(user_id=user_id)
    left: int | None = None
    if _accept_code(state, user.totp_secret, code, now):
        session.add(state)
    elif (left := recovery_codes.use_uncommitted(session, user.id, code, now)) is not None:
        recovery_codes.notify_used(session, user.id, recovery_codes.SIGN_IN, left)
    else:
        return _refused(session, user, now, INVALID_CODE, "code", AuthResult)
    _clear_failures(user)
    session.add(user)
    session.commit()
    return AuthResult(ok=True, user_id=user.id, recovery_codes_left=left)
