"""Every service that takes a user id scopes its work to that user (DESIGN.md: 'Every read,
update and delete of a user's row is scoped by that id'; spec section 6; P-AUTH-1 data side).

Two users, A and B. Each call is made as B with A's data, ids, tokens, codes or email; A's
rows must read back exactly as before, and B never gets A's data.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

import pyotp
import pytest
from sqlalchemy import text
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import totp
from startup_toolkit.models import UserTotp
from startup_toolkit.services import account_security, accounts, activity, sessions, user_settings

NOW = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)
A_PASSWORD = "alpha password 1"
B_PASSWORD = "bravo password 2"

# Every table with rows owned by a user, and the column naming the owner.
OWNED_TABLES = {
    "users": "id",
    "profiles": "id",
    "sessions": "user_id",
    "sign_in_tickets": "user_id",
    "user_totp": "user_id",
    "user_ai_settings": "user_id",
    "user_preferences": "user_id",
    "user_security_settings": "user_id",
    "user_activity": "user_id",
    "user_notifications": "user_id",
    "user_stats": "user_id",
    "user_favorites": "user_id",
    "saved_results": "user_id",
    "user_documents": "user_id",
}


pytestmark = pytest.mark.usefixtures("cheap_hashing")


@dataclass
class World:
    a: str
    b: str
    a_token: str
    b_token: str
    a_ticket: str
    a_secret: str
    a_pending_secret: str


def _snapshot(engine: Engine, user_id: str) -> dict[str, list[tuple[Any, ...]]]:
    out = {}
    with engine.connect() as conn:
        for table, column in OWNED_TABLES.items():
            rows = conn.execute(
                text(f"SELECT * FROM {table} WHERE {column} = :u ORDER BY 1"), {"u": user_id}
            ).all()
            out[table] = [tuple(r) for r in rows]
    return out


@pytest.fixture
def world(session: Session) -> World:
    a = accounts.sign_up(session, "Alice Able", "alice@example.com", A_PASSWORD, A_PASSWORD)
    b = accounts.sign_up(session, "Bob Baker", "bob@example.com", B_PASSWORD, B_PASSWORD)
    assert a.ok and b.ok and a.user_id and b.user_id
    a_token = sessions.create_session(session, a.user_id, "Firefox", "192.0.2.1", now=NOW)
    b_token = sessions.create_session(session, b.user_id, "Chrome", "192.0.2.2", now=NOW)
    a_ticket = sessions.create_sign_in_ticket(session, a.user_id)
    setup = account_security.begin_totp_setup(session, a.user_id).setup
    assert setup is not None
    assert account_security.confirm_totp(
        session, a.user_id, pyotp.TOTP(setup.secret).at(NOW), NOW
    ).ok
    # A pending secret next to the active one (setup itself is refused while two-factor is on).
    pending = totp.new_secret()
    totp_row = session.get(UserTotp, a.user_id)
    assert totp_row is not None
    totp_row.pending_secret = pending
    session.commit()
    user_settings.update_profile(session, a.user_id, {"bio": "A's bio", "company": "A Corp"})
    user_settings.update_ai_settings(session, a.user_id, {"detail_level": "comprehensive"})
    user_settings.update_preferences(session, a.user_id, {"theme": "light"})
    user_settings.update_security_settings(session, a.user_id, {"session_timeout": 90})
    activity.log_activity(session, a.user_id, "Funding Predictor", "A's activity")
    return World(
        a=a.user_id,
        b=b.user_id,
        a_token=a_token,
        b_token=b_token,
        a_ticket=a_ticket,
        a_secret=setup.secret,
        a_pending_secret=pending,
    )


LATER = NOW + timedelta(minutes=10)

# Each case: a name and a call made as B with A's data. The call may return anything.
CASES: list[tuple[str, Callable[[Session, World], Any]]] = [
    ("get_profile", lambda s, w: user_settings.get_profile(s, w.b)),
    (
        "update_profile with A's id in the data",
        lambda s, w: user_settings.update_profile(
            s, w.b, {"id": w.a, "user_id": w.a, "bio": "hijacked", "full_name": "Mallory"}
        ),
    ),
    ("get_ai_settings", lambda s, w: user_settings.get_ai_settings(s, w.b)),
    (
        "update_ai_settings with A's id",
        lambda s, w: user_settings.update_ai_settings(
            s, w.b, {"user_id": w.a, "id": 1, "detail_level": "minimal"}
        ),
    ),
    ("get_preferences", lambda s, w: user_settings.get_preferences(s, w.b)),
    (
        "update_preferences with A's id",
        lambda s, w: user_settings.update_preferences(s, w.b, {"user_id": w.a, "theme": "dark"}),
    ),
    ("get_security_settings", lambda s, w: user_settings.get_security_settings(s, w.b)),
    (
        "update_security_settings with A's id",
        lambda s, w: user_settings.update_security_settings(
            s, w.b, {"user_id": w.a, "session_timeout": 1, "login_notifications": False}
        ),
    ),
    (
        "change_password with A's password and A's token",
        lambda s, w: accounts.change_password(
            s, w.b, A_PASSWORD, "new password 99", "new password 99", w.a_token, LATER
        ),
    ),
    (
        "change_password of B keeping A's token",
        lambda s, w: accounts.change_password(
            s, w.b, B_PASSWORD, "new password 99", "new password 99", w.a_token, LATER
        ),
    ),
    (
        "end_other_sessions keeping A's token",
        lambda s, w: sessions.end_other_sessions(s, w.b, w.a_token),
    ),
    ("end_all_sessions", lambda s, w: sessions.end_all_sessions(s, w.b)),
    (
        "delete_account with A's email",
        lambda s, w: account_security.delete_account(s, w.b, "alice@example.com", A_PASSWORD),
    ),
    (
        "disable_totp with A's password",
        lambda s, w: account_security.disable_totp(s, w.b, A_PASSWORD, LATER),
    ),
    (
        "disable_totp with A's code",
        lambda s, w: account_security.disable_totp(s, w.b, pyotp.TOTP(w.a_secret).at(LATER), LATER),
    ),
    ("begin_totp_setup", lambda s, w: account_security.begin_totp_setup(s, w.b)),
    (
        "confirm_totp with a code of A's pending secret",
        lambda s, w: account_security.confirm_totp(
            s, w.b, pyotp.TOTP(w.a_pending_secret).at(LATER), LATER
        ),
    ),
    (
        "verify_totp_for_sign_in with A's code",
        lambda s, w: accounts.verify_totp_for_sign_in(
            s, w.b, pyotp.TOTP(w.a_secret).at(LATER), LATER
        ),
    ),
    ("initialize_user", lambda s, w: accounts.initialize_user(s, w.b)),
    ("account_view", lambda s, w: accounts.account_view(s, w.b)),
    ("log_activity", lambda s, w: activity.log_activity(s, w.b, "Dashboard", "B")),
    ("create_notification", lambda s, w: activity.create_notification(s, w.b, "info", "B")),
    ("ensure_user_stats", lambda s, w: activity.ensure_user_stats(s, w.b)),
    ("create_sign_in_ticket", lambda s, w: sessions.create_sign_in_ticket(s, w.b)),
    ("create_session", lambda s, w: sessions.create_session(s, w.b, "Chrome", "192.0.2.2")),
]


@pytest.mark.parametrize(("name", "call"), CASES, ids=[c[0] for c in CASES])
def test_b_cannot_read_change_or_delete_a_rows(
    session: Session, engine: Engine, world: World, name: str, call: Callable[[Session, World], Any]
) -> None:
    before = _snapshot(engine, world.a)
    assert all(before[t] for t in ("users", "profiles", "sessions", "user_totp")), before
    result = call(session, world)
    session.expire_all()
    assert _snapshot(engine, world.a) == before, name
    # Nothing returned to B carries A's id or A's private values.
    shown = repr(result)
    for secret in (world.a, "A's bio", "A Corp", world.a_secret, world.a_pending_secret):
        assert secret not in shown, (name, secret)
    # A can still sign in with their own token and password.
    assert sessions.resolve_session(session, world.a_token, now=LATER) == world.a
    assert accounts.authenticate(session, "alice@example.com", A_PASSWORD, "192.0.2.9", LATER).ok


def test_reads_return_b_rows(session: Session, world: World) -> None:
    profile = user_settings.get_profile(session, world.b)
    assert profile is not None and profile.id == world.b and profile.full_name == "Bob Baker"
    ai = user_settings.get_ai_settings(session, world.b)
    assert ai is not None and ai.user_id == world.b and ai.detail_level == "moderate"
    prefs = user_settings.get_preferences(session, world.b)
    assert prefs is not None and prefs.user_id == world.b and prefs.theme == "dark"
    sec = user_settings.get_security_settings(session, world.b)
    assert sec is not None and sec.user_id == world.b and sec.session_timeout == 30
    assert not sec.two_factor_enabled


def test_b_updates_land_on_b(session: Session, world: World) -> None:
    result = user_settings.update_profile(session, world.b, {"id": world.a, "bio": "B's bio"})
    assert result.ok and result.row.id == world.b and result.row.bio == "B's bio"


def test_tokens_and_tickets_map_to_their_owner(session: Session, world: World) -> None:
    assert sessions.resolve_session(session, world.b_token, now=LATER) == world.b
    a_nonce = sessions.bind_sign_in_ticket(session, world.a_ticket)
    assert sessions.redeem_sign_in_ticket(session, world.a_ticket, a_nonce) == world.a
    b_ticket = sessions.create_sign_in_ticket(session, world.b)
    b_nonce = sessions.bind_sign_in_ticket(session, b_ticket)
    assert sessions.redeem_sign_in_ticket(session, b_ticket, b_nonce) == world.b
