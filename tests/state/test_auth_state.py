"""AuthState: the user comes from the HttpOnly session cookie; route guards P-AUTH-1, P-AUTH-2."""

from __future__ import annotations

import asyncio

import pytest
from reflex.event import Event
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain.cookies import SESSION_COOKIE
from startup_toolkit.models.base import utcnow
from startup_toolkit.models.billing import Subscription
from startup_toolkit.services import sessions
from startup_toolkit.state.auth import AuthState
from tests.support.founders import signed_in
from tests.support.tool_states import substate

pytestmark = pytest.mark.usefixtures("cheap_hashing")


def auth_state(cookie: str = "", path: str = "/dashboard") -> AuthState:
    return substate(AuthState, path, cookie)


def signed_in_cookie(engine: Engine, email: str = "ada@example.com") -> tuple[str, str]:
    """A founder's session cookie among the browser's other cookies."""
    user_id, cookie = signed_in(engine, email)
    return user_id, f"other=1; {cookie}"


def redirect_path(spec: object) -> str | None:
    if spec is None:
        return None
    (event,) = Event.from_event_type(spec)  # type: ignore[arg-type]
    assert event.name == "_redirect"
    return event.payload["path"]


def test_signed_out_visitor_is_sent_to_login_with_the_way_back(engine: Engine) -> None:
    """P-AUTH-1"""
    state = auth_state(path="/profile?tab=security")
    assert (
        redirect_path(asyncio.run(state.require_sign_in()))
        == "/login?next=%2Fprofile%3Ftab%3Dsecurity"
    )
    assert state.signed_in is False


def test_a_forged_or_unknown_cookie_is_nobody(engine: Engine) -> None:
    """P-AUTH-1: only a live server-side session counts."""
    state = auth_state(cookie=f"{SESSION_COOKIE}={'x' * 43}")
    assert redirect_path(asyncio.run(state.require_access())) == "/login?next=%2Fdashboard"


def test_signed_in_user_passes_and_header_vars_fill(engine: Engine) -> None:
    """P-AUTH-1, P-SHELL-4"""
    _, cookie = signed_in_cookie(engine)
    state = auth_state(cookie=cookie)
    assert asyncio.run(state.require_access()) is None
    assert (state.signed_in, state.user_name, state.user_email, state.user_initials) == (
        True,
        "Ada Lovelace",
        "ada@example.com",
        "AL",
    )


def test_signed_in_user_is_sent_from_login_to_dashboard(engine: Engine) -> None:
    """P-MISC-3: after sign-in the login page leads to /dashboard."""
    _, cookie = signed_in_cookie(engine)
    assert (
        redirect_path(asyncio.run(auth_state(cookie=cookie, path="/login").redirect_if_signed_in()))
        == "/dashboard"
    )
    assert asyncio.run(auth_state(path="/login").redirect_if_signed_in()) is None


def test_ended_session_signs_out_at_once(engine: Engine) -> None:
    """Sign-out elsewhere (or a password change) takes effect on the next check."""
    _, cookie = signed_in_cookie(engine)
    with Session(engine) as db:
        sessions.end_session(db, cookie.split("=", 2)[-1])
    assert (
        redirect_path(asyncio.run(auth_state(cookie=cookie).require_sign_in()))
        == "/login?next=%2Fdashboard"
    )


def test_subscription_mode_sends_unsubscribed_users_to_pricing(
    engine: Engine, settings_env: pytest.MonkeyPatch
) -> None:
    """P-AUTH-2: checked on the server against the subscriptions table."""
    settings_env.setenv("ACCESS_MODE", "subscription")
    from startup_toolkit.settings import get_settings

    get_settings.cache_clear()
    user_id, cookie = signed_in_cookie(engine)
    assert redirect_path(asyncio.run(auth_state(cookie=cookie).require_access())) == "/pricing"
    with Session(engine) as db:
        db.add(
            Subscription(
                user_id=user_id,
                stripe_subscription_id="sub_1",
                status="active",
                current_period_end=utcnow().replace(year=utcnow().year + 1),
            )
        )
        db.commit()
    assert asyncio.run(auth_state(cookie=cookie).require_access()) is None
    # The browser's own flag never grants access: only the table does.
    _, other = signed_in_cookie(engine, "bob@example.com")
    assert (
        redirect_path(
            asyncio.run(auth_state(cookie=other + "; isSubscribed=true").require_access())
        )
        == "/pricing"
    )


def test_open_mode_lets_every_signed_in_user_in(engine: Engine) -> None:
    """P-AUTH-2 (open access, the default without Stripe)"""
    _, cookie = signed_in_cookie(engine)
    assert asyncio.run(auth_state(cookie=cookie).require_access()) is None
