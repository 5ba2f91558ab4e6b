"""Accounts on a real migrated SQLite database: sign-up, sign-in protection, first sign-in
initialisation (P-AUTH-3, P-AUTH-4), password change (P-PROF-5), two-factor (P-PROF-4) and
account deletion (P-PROF-2 Delete Account)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pyotp
import pytest
from argon2 import extract_parameters
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import passwords
from startup_toolkit.domain.passwords import HashParameters
from startup_toolkit.models import (
    LoginAttempt,
    Profile,
    SavedResult,
    SignInTicket,
    User,
    UserActivity,
    UserAiSettings,
    UserDocument,
    UserFavorite,
    UserNotification,
    UserPreferences,
    UserSecuritySettings,
    UserSession,
    UserStats,
    UserTotp,
)
from startup_toolkit.services import account_security, accounts, sessions, sign_in_throttle
from startup_toolkit.services.accounts import INVALID_CREDENTIALS
from startup_toolkit.settings import get_settings
from tests.support.founders import FIRST_STATS, signed_up, stats_figures

NOW = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)
PASSWORD = "correct horse battery"
IP = "203.0.113.7"


pytestmark = pytest.mark.usefixtures("cheap_hashing")


def _user(session: Session, user_id: str) -> User:
    session.expire_all()
    user = session.get(User, user_id)
    assert user is not None
    return user


def _count(session: Session, model: type, user_id: str) -> int:
    column = model.id if model is Profile else model.user_id
    return len(session.exec(select(model).where(column == user_id)).all())


# --- sign-up and first sign-in ---------------------------------------------------------------


def test_p_auth_3_sign_up_creates_the_first_sign_in_rows(
    session: Session, settings_env: pytest.MonkeyPatch
) -> None:
    """P-AUTH-3: stats (zeros, rank 999), welcome notification, 'Dashboard' activity."""
    settings_env.setenv("PRODUCT_NAME", "Unstuck")
    get_settings.cache_clear()
    user_id = signed_up(session, email="  Ada@Example.COM ", name="  Ada   Lovelace ")
    user = _user(session, user_id)
    assert (user.email, user.name) == ("ada@example.com", "Ada Lovelace")
    assert user.password_hash.startswith("$argon2id$") and PASSWORD not in user.password_hash
    assert len(user.id) >= 10

    profile = session.get(Profile, user_id)
    assert profile is not None and profile.full_name == "Ada Lovelace"

    stats = session.exec(select(UserStats).where(UserStats.user_id == user_id)).one()
    assert stats_figures(stats) == FIRST_STATS
    (note,) = session.exec(select(UserNotification).where(UserNotification.user_id == user_id))
    assert note.type == "success" and note.is_read is False
    assert note.message == (
        "Welcome to Unstuck! Your dashboard is ready to track your entrepreneurial journey."
    )
    (activity,) = session.exec(select(UserActivity).where(UserActivity.user_id == user_id))
    assert (activity.tool_name, activity.action) == (
        "Dashboard",
        "Account created and dashboard initialized",
    )
    for model in (UserAiSettings, UserPreferences, UserSecuritySettings):
        assert _count(session, model, user_id) == 1, model


def test_p_auth_3_welcome_uses_the_configured_product_name(
    session: Session, settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("PRODUCT_NAME", "Launchpad")
    get_settings.cache_clear()
    user_id = signed_up(session)
    note = session.exec(select(UserNotification).where(UserNotification.user_id == user_id)).one()
    assert note.message.startswith("Welcome to Launchpad! ")


def test_p_auth_3_initialisation_is_idempotent(session: Session) -> None:
    user_id = signed_up(session)
    assert accounts.initialize_user(session, user_id)
    assert accounts.authenticate(session, "ada@example.com", PASSWORD, IP).ok
    assert accounts.initialize_user(session, user_id)
    for model in (UserStats, UserNotification, UserActivity, UserAiSettings, UserPreferences):
        assert _count(session, model, user_id) == 1, model


def test_p_auth_3_existing_stats_mean_no_welcome(session: Session) -> None:
    user = User(
        email="old@example.com", name="Old", password_hash=passwords.hash_password(PASSWORD)
    )
    session.add(user)
    session.commit()
    session.add(UserStats(user_id=user.id, tools_used=4))
    session.commit()
    assert accounts.authenticate(session, "old@example.com", PASSWORD, IP).ok
    assert _count(session, UserNotification, user.id) == 0
    assert _count(session, UserActivity, user.id) == 0
    # the settings rows are still created
    assert _count(session, UserSecuritySettings, user.id) == 1


@pytest.mark.parametrize("bad_id", [None, 12345678901, "", "short-id1"])
def test_p_auth_4_initialisation_skipped_for_invalid_ids(session: Session, bad_id: object) -> None:
    """P-AUTH-4: skipped and treated as success for a missing or short id."""
    assert accounts.initialize_user(session, bad_id) is True
    assert session.exec(select(UserStats)).all() == []
    assert session.exec(select(UserNotification)).all() == []


def test_sign_up_refuses_a_duplicate_email_in_any_case(session: Session) -> None:
    signed_up(session)
    result = accounts.sign_up(session, "Other", " ADA@example.com", PASSWORD, PASSWORD)
    assert not result.ok and result.user_id is None
    assert result.message == "An account with this email already exists."
    assert result.errors == {"email": result.message}
    assert len(session.exec(select(User)).all()) == 1


@pytest.mark.parametrize(
    ("name", "email", "password", "confirm", "field", "message"),
    [
        ("", "a@example.com", PASSWORD, PASSWORD, "name", "Name is required"),
        ("x" * 201, "a@example.com", PASSWORD, PASSWORD, "name", "Name must be at most"),
        ("Ada", "not-an-email", PASSWORD, PASSWORD, "email", "Enter a valid email address"),
        ("Ada", "a@example.com", "short", "short", "password", "at least 8 characters"),
        ("Ada", "a@example.com", "x" * 129, "x" * 129, "password", "at most 128 characters"),
        ("Ada", "a@example.com", PASSWORD, PASSWORD + "!", "confirm", "do not match"),
    ],
)
def test_sign_up_validation(
    session: Session,
    name: str,
    email: str,
    password: str,
    confirm: str,
    field: str,
    message: str,
) -> None:
    result = accounts.sign_up(session, name, email, password, confirm)
    assert not result.ok and message in result.errors[field]
    assert session.exec(select(User)).all() == []


# --- sign-in ---------------------------------------------------------------------------------


def test_a_right_password_clears_the_address_s_failures(session: Session) -> None:
    user_id = signed_up(session)
    assert not accounts.authenticate(session, "ada@example.com", "wrong-password", IP).ok
    assert len(session.exec(select(LoginAttempt)).all()) == 1
    result = accounts.authenticate(session, " ADA@example.com ", PASSWORD, IP)
    assert result.ok and result.user_id == user_id and not result.totp_required
    assert session.exec(select(LoginAttempt)).all() == []


def test_wrong_password_and_unknown_email_look_the_same(
    session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """One generic message; an unknown email still costs one hash verification."""
    signed_up(session)
    burned: list[str] = []
    real_burn = passwords.burn_verification
    monkeypatch.setattr(passwords, "burn_verification", lambda p: burned.append(p) or real_burn(p))
    wrong = accounts.authenticate(session, "ada@example.com", "wrong-password", IP)
    unknown = accounts.authenticate(session, "nobody@example.com", "wrong-password", IP)
    invalid = accounts.authenticate(session, "not an email", "wrong-password", IP)
    assert wrong == unknown == invalid
    assert wrong.message == INVALID_CREDENTIALS == "Invalid email or password"
    assert wrong.user_id is None and wrong.errors == {}
    assert burned == ["wrong-password", "wrong-password"]  # unknown and invalid emails


def test_unknown_emails_wait_like_real_accounts(session: Session) -> None:
    """The wait schedule does not reveal whether an account exists (issue 27, item 5: per
    email and address, 5 s after the fifth failure, doubling)."""
    signed_up(session)

    def schedule(email: str, ip: str) -> list[int]:
        out, t = [], NOW
        for _ in range(7):
            result = accounts.authenticate(session, email, "wrong-pass", ip, now=t)
            out.append(result.retry_after)
            blocked = accounts.authenticate(session, email, "wrong-pass", ip, now=t)
            out.append(blocked.retry_after)
            t += timedelta(seconds=max(result.retry_after, 1))
        return out

    known = schedule("ada@example.com", "198.51.100.1")
    unknown = schedule("ghost@example.com", "198.51.100.2")
    assert known == unknown
    assert known == [0, 0, 0, 0, 5, 5, 10, 10, 20, 20, 40, 40, 80, 80]


def test_per_address_limit(session: Session) -> None:
    """At most 20 failures per address in 15 minutes, whatever the emails."""
    signed_up(session)
    for i in range(20):
        result = accounts.authenticate(session, f"guess{i}@example.com", "wrong-pass", IP, now=NOW)
        assert result.retry_after == 0
    blocked = accounts.authenticate(session, "ada@example.com", PASSWORD, IP, now=NOW)
    assert not blocked.ok and blocked.message == sign_in_throttle.wait_message(15 * 60)
    assert blocked.retry_after == 15 * 60
    # another address is not affected
    assert accounts.authenticate(session, "ada@example.com", PASSWORD, "198.51.100.9", now=NOW).ok
    # the window slides
    later = NOW + timedelta(minutes=15, seconds=1)
    assert accounts.authenticate(session, "ada@example.com", PASSWORD, IP, now=later).ok


def test_attempts_store_no_email_or_password(session: Session) -> None:
    accounts.authenticate(session, "ghost@example.com", "wrong-pass", IP)
    (row,) = session.exec(select(LoginAttempt)).all()
    assert row.ip_address == IP and "ghost" not in row.email_hash and len(row.email_hash) == 64


def test_hash_is_upgraded_when_parameters_change(session: Session) -> None:
    user_id = signed_up(session)
    old_hash = _user(session, user_id).password_hash
    assert extract_parameters(old_hash).time_cost == 1
    passwords.use_parameters(HashParameters(time_cost=2, memory_cost=16, parallelism=1))
    assert accounts.authenticate(session, "ada@example.com", PASSWORD, IP).ok
    new_hash = _user(session, user_id).password_hash
    assert new_hash != old_hash
    params = extract_parameters(new_hash)
    assert (params.time_cost, params.memory_cost) == (2, 16)
    assert accounts.authenticate(session, "ada@example.com", PASSWORD, IP).ok
    assert _user(session, user_id).password_hash == new_hash  # no rehash when current


# --- password change (P-PROF-5) --------------------------------------------------------------


def test_p_prof_5_change_password_keeps_this_session_and_ends_the_others(
    session: Session,
) -> None:
    user_id = signed_up(session)
    mine = sessions.create_session(session, user_id, "Firefox", IP)
    other = sessions.create_session(session, user_id, "Chrome", IP)
    ticket = sessions.create_sign_in_ticket(session, user_id)
    nonce = sessions.bind_sign_in_ticket(session, ticket)
    new = "a brand new passphrase"
    result = accounts.change_password(session, user_id, PASSWORD, new, new, mine, now=NOW)
    assert result.ok and result.message == "Password changed successfully"
    assert sessions.resolve_session(session, mine) == user_id
    assert sessions.resolve_session(session, other) is None
    assert sessions.redeem_sign_in_ticket(session, ticket, nonce) is None
    security = session.exec(
        select(UserSecuritySettings).where(UserSecuritySettings.user_id == user_id)
    ).one()
    assert security.password_last_changed == NOW.date()
    assert accounts.authenticate(session, "ada@example.com", new, IP).ok
    assert not accounts.authenticate(session, "ada@example.com", PASSWORD, IP).ok


@pytest.mark.parametrize(
    ("current", "new", "confirm", "message", "fields"),
    [
        ("", "", "", "All fields are required", {"current", "new", "confirm"}),
        (PASSWORD, "", "x", "All fields are required", {"new"}),
        (PASSWORD, "abcdefgh", "abcdefgX", "New passwords do not match", {"confirm"}),
        (PASSWORD, "short", "short", "Password must be at least 8 characters long", {"new"}),
        ("wrong-current", "abcdefgh1", "abcdefgh1", "Current password is incorrect", {"current"}),
        (PASSWORD, PASSWORD, PASSWORD, accounts.SAME_PASSWORD, {"new"}),
    ],
)
def test_p_prof_5_change_password_refusals(
    session: Session, current: str, new: str, confirm: str, message: str, fields: set[str]
) -> None:
    user_id = signed_up(session)
    other = sessions.create_session(session, user_id, "Chrome", IP)
    result = accounts.change_password(session, user_id, current, new, confirm, None)
    assert not result.ok and result.message == message and set(result.errors) == fields
    assert sessions.resolve_session(session, other) == user_id
    assert accounts.authenticate(session, "ada@example.com", PASSWORD, IP).ok


def test_wrong_current_password_counts_towards_the_lock(session: Session) -> None:
    user_id = signed_up(session)
    for _ in range(5):
        accounts.change_password(session, user_id, "wrong-one", "abcdefgh1", "abcdefgh1", None, NOW)
    locked = accounts.change_password(
        session, user_id, PASSWORD, "abcdefgh1", "abcdefgh1", None, NOW
    )
    assert not locked.ok and locked.retry_after == 1


# --- two-factor ------------------------------------------------------------------------------


def _enable_totp(session: Session, user_id: str, now: datetime = NOW) -> str:
    setup = account_security.begin_totp_setup(session, user_id).setup
    assert setup is not None
    secret, uri, qr = setup
    assert uri.startswith("otpauth://totp/") and "issuer=Unstuck" in uri
    assert qr.startswith("data:image/svg+xml")
    wrong = account_security.confirm_totp(session, user_id, "000000", now)
    assert not wrong.ok and wrong.message == "Invalid verification code"
    ok = account_security.confirm_totp(session, user_id, pyotp.TOTP(secret).at(now), now)
    assert ok.ok
    return secret


def test_p_prof_4_totp_setup_confirm_and_sign_in(session: Session) -> None:
    """P-PROF-4 two-factor toggle: on only after a valid code; then required at sign-in."""
    user_id = signed_up(session)
    setup = account_security.begin_totp_setup(session, user_id)
    assert setup.ok and setup.setup is not None
    security = accounts.get_security_settings(session, user_id)
    assert security is not None and not security.two_factor_enabled  # pending only
    secret = _enable_totp(session, user_id)
    session.expire_all()
    security = accounts.get_security_settings(session, user_id)
    assert security is not None and security.two_factor_enabled
    assert _user(session, user_id).totp_secret == secret

    later = NOW + timedelta(minutes=5)
    result = accounts.authenticate(session, "ada@example.com", PASSWORD, IP, now=later)
    assert result.ok and result.totp_required and result.user_id == user_id
    code = pyotp.TOTP(secret).at(later)
    bad = accounts.verify_totp_for_sign_in(session, user_id, "123", later)
    assert not bad.ok and bad.message == "Invalid verification code"
    good = accounts.verify_totp_for_sign_in(session, user_id, code, later)
    assert good.ok and good.user_id == user_id
    replay = accounts.verify_totp_for_sign_in(session, user_id, code, later)
    assert not replay.ok  # a code works once
    assert _user(session, user_id).failed_logins == 1


def test_wrong_totp_codes_lock_the_code_step(session: Session) -> None:
    user_id = signed_up(session)
    secret = _enable_totp(session, user_id)
    later = NOW + timedelta(minutes=5)
    good_code = pyotp.TOTP(secret).at(later)
    wrong = f"{(int(good_code) + 1) % 1_000_000:06d}"
    for _ in range(5):
        accounts.authenticate(session, "ada@example.com", PASSWORD, IP, now=later)
        accounts.verify_totp_for_sign_in(session, user_id, wrong, later)
    locked = accounts.verify_totp_for_sign_in(session, user_id, good_code, later)
    assert not locked.ok and locked.retry_after == 1
    # The password step is throttled per address only; the code step stays locked.
    again = accounts.authenticate(session, "ada@example.com", PASSWORD, IP, now=later)
    assert again.ok and again.totp_required
    assert not accounts.verify_totp_for_sign_in(session, user_id, good_code, later).ok


def test_disable_totp_needs_a_code_or_the_password(session: Session) -> None:
    user_id = signed_up(session)
    secret = _enable_totp(session, user_id)
    later = NOW + timedelta(minutes=5)
    refused = account_security.disable_totp(session, user_id, "not-my-password", later)
    assert not refused.ok
    assert account_security.disable_totp(session, user_id, PASSWORD, later).ok
    security = accounts.get_security_settings(session, user_id)
    assert security is not None and not security.two_factor_enabled
    assert _user(session, user_id).totp_secret is None
    assert not accounts.authenticate(session, "ada@example.com", PASSWORD, IP).totp_required
    # and with a code
    secret = _enable_totp(session, user_id, later)
    again = later + timedelta(minutes=1)
    assert account_security.disable_totp(session, user_id, pyotp.TOTP(secret).at(again), again).ok


def test_verify_totp_without_two_factor_is_a_no_op(session: Session) -> None:
    user_id = signed_up(session)
    assert accounts.verify_totp_for_sign_in(session, user_id, "", NOW).ok
    assert not account_security.confirm_totp(session, user_id, "123456", NOW).ok  # none pending


# --- deletion --------------------------------------------------------------------------------

OWNED = (
    UserSession,
    Profile,
    UserAiSettings,
    UserPreferences,
    UserSecuritySettings,
    UserActivity,
    UserNotification,
    UserFavorite,
    UserStats,
    SavedResult,
    UserDocument,
    SignInTicket,
    UserTotp,
)


def _fill(session: Session, user_id: str) -> None:
    sessions.create_session(session, user_id, "Chrome", IP)
    sessions.create_sign_in_ticket(session, user_id)
    account_security.begin_totp_setup(session, user_id)
    session.add_all(
        [
            UserFavorite(user_id=user_id, tool_name="AI Co-Founder", tool_path="/ai-cofounder"),
            SavedResult(user_id=user_id, tool_name="t", title="r", content={"a": 1}),
            UserDocument(user_id=user_id, name="d"),
        ]
    )
    session.commit()


def test_delete_account_needs_the_exact_email(session: Session) -> None:
    user_id = signed_up(session)
    for typed in ("", "someone@example.com", "ada@example"):
        result = account_security.delete_account(session, user_id, typed, PASSWORD)
        assert not result.ok and "email" in result.errors
    assert session.get(User, user_id) is not None


def test_delete_account_removes_every_row_of_the_user_only(
    session: Session, engine: Engine
) -> None:
    ada = signed_up(session)
    bob = signed_up(session, email="bob@example.com", name="Bob")
    _fill(session, ada)
    _fill(session, bob)
    accounts.authenticate(session, "ada@example.com", "wrong-pass", IP)
    token = sessions.create_session(session, ada, "Firefox", IP)
    before_bob = {m.__name__: _count(session, m, bob) for m in OWNED}
    assert all(before_bob.values())

    result = account_security.delete_account(session, ada, "  ADA@example.com ", PASSWORD)
    assert result.ok
    assert sessions.resolve_session(session, token) is None
    with engine.connect() as conn:
        for model in OWNED:
            table = model.__tablename__
            column = "id" if model is Profile else "user_id"
            left = conn.execute(
                text(f"SELECT COUNT(*) FROM {table} WHERE {column} = :u"), {"u": ada}
            ).scalar_one()
            assert left == 0, table
        assert (
            conn.execute(text("SELECT COUNT(*) FROM users WHERE id = :u"), {"u": ada}).scalar_one()
            == 0
        )
        assert conn.execute(text("SELECT COUNT(*) FROM login_attempts")).scalar_one() == 0
    session.expire_all()
    assert {m.__name__: _count(session, m, bob) for m in OWNED} == before_bob
    assert accounts.authenticate(session, "bob@example.com", PASSWORD, IP).ok


def test_account_view(session: Session) -> None:
    user_id = signed_up(session)
    view = accounts.account_view(session, user_id)
    assert view is not None
    assert (view.name, view.email, view.initials) == ("Ada Lovelace", "ada@example.com", "AL")
    assert accounts.account_view(session, "x" * 32) is None
    assert accounts.account_view(session, "short") is None
