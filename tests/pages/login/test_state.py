"""Issue 27, item 5, through the sign-in form's state (P-MISC-3 /login, P-AUTH-1): wrong
passwords from one tab's address make that address wait, with a message giving the time,
and never stop the owner signing in from another address. Issue 27, item 9: at the code
step a recovery code signs in once, and a wrong one counts as a wrong code. The real
migrated SQLite database; the service's clock is moved instead of sleeping."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from datetime import timedelta

import pyotp
import pytest
from reflex.istate.data import HeaderData, ReflexURL, RouterData, SessionData
from sqlalchemy.engine import Engine
from sqlmodel import Session, col, select

from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models import User, UserNotification
from startup_toolkit.pages.login import LoginState
from startup_toolkit.services import account_security, accounts, recovery_codes
from startup_toolkit.services import sign_in_throttle as throttle
from tests.support.founders import EMAIL, PASSWORD, signed_up

ATTACKER = "203.0.113.66"
OWNER = "198.51.100.20"
CROWD = [f"192.0.2.{n}" for n in range(1, 31)]


def _tab(ip: str, query: str = "") -> LoginState:
    """The sign-in form of a tab connected from `ip` (the page's address ending in `query`)."""
    root = LoginState.get_root_state()(_reflex_internal_init=True)
    root.router = RouterData(
        session=SessionData(client_ip=ip),
        headers=HeaderData(),
        url=ReflexURL(f"http://localhost:3000/login{query}"),
    )
    state = root.get_substate(LoginState.get_full_name().split("."))
    state.load()
    return state  # type: ignore[return-value]


def _submit(state: LoginState, password: str) -> object:
    return asyncio.run(state.sign_in({"email": EMAIL, "password": password}))


def _hands_over(answer: object) -> bool:
    """Whether the answer is the hand-over to the cookie route (a signed-in browser)."""
    return "/api/auth/complete?ticket=" in str(answer)


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Callable[[float], None]:
    """`advance(seconds)` moves the sign-in service's clock on."""
    now = [utcnow()]
    monkeypatch.setattr(accounts, "utcnow", lambda: now[0])

    def advance(seconds: float) -> None:
        now[0] = now[0] + timedelta(seconds=seconds)

    return advance


@pytest.fixture
def ada(engine: Engine, cheap_hashing: None) -> str:
    return signed_up(engine)


def test_another_address_signs_in_after_five_wrong_passwords(
    ada: str, clock: Callable[[float], None]
) -> None:
    """Issue 27, item 5 (P-MISC-3, P-AUTH-1): eight wrong passwords from address A (today
    five lock the account everywhere); the owner's tab at address B signs in at once."""
    attacker = _tab(ATTACKER)
    for _ in range(8):
        assert not _hands_over(_submit(attacker, "wrong-password"))
    assert attacker.error.startswith("Too many sign-in attempts")
    owner = _tab(OWNER)
    assert _hands_over(_submit(owner, PASSWORD))
    assert owner.error == "" and not owner.busy


def test_the_address_is_told_to_wait_then_signs_in_after_the_delay(
    ada: str, clock: Callable[[float], None]
) -> None:
    """Issue 27, item 5 (P-MISC-3, P-AUTH-1): at address A the fifth wrong password says to
    wait 5 seconds; the right password during the wait is told to wait (not 'Invalid email or
    password'); after the wait it signs in."""
    tab = _tab(ATTACKER)
    for _ in range(4):
        _submit(tab, "wrong-password")
        assert tab.error == accounts.INVALID_CREDENTIALS
    _submit(tab, "wrong-password")
    assert tab.error == "Invalid email or password. Please wait 5 seconds before trying again."

    clock(2)
    assert not _hands_over(_submit(tab, PASSWORD))
    assert tab.error == throttle.wait_message(3)
    assert "Invalid email or password" not in tab.error and not tab.busy

    clock(3)
    assert _hands_over(_submit(tab, PASSWORD))
    assert tab.error == ""


def test_a_crowd_of_addresses_is_slowed_and_the_owner_still_signs_in(
    ada: str, clock: Callable[[float], None]
) -> None:
    """Issue 27, item 5 (P-MISC-3, P-AUTH-1): thirty addresses with one wrong password each
    spend the account's budget; past it each failing address is told to wait at once, yet
    the owner's tab at a clean address signs in."""
    budget = throttle.ACCOUNT_BUDGET
    tabs = [_tab(ip) for ip in CROWD]
    for tab in tabs:
        _submit(tab, "wrong-password")
    assert [t.error for t in tabs[:budget]] == [accounts.INVALID_CREDENTIALS] * budget
    assert all("Please wait" in t.error for t in tabs[budget:])
    _submit(tabs[-1], PASSWORD)
    assert tabs[-1].error.startswith("Too many sign-in attempts")
    assert _hands_over(_submit(_tab(OWNER), PASSWORD))


# --- issue 27, item 9: recovery codes at the code step ----------------------------------------


@pytest.fixture
def ada_codes(engine: Engine, ada: str) -> list[str]:
    """Ada's recovery codes, two-factor on."""
    with Session(engine) as db:
        setup = account_security.begin_totp_setup(db, ada).setup
        assert setup is not None
        made = account_security.confirm_totp(db, ada, pyotp.TOTP(setup.secret).now())
    assert made.ok
    return list(made.codes)


def _at_code_step() -> LoginState:
    tab = _tab(OWNER)
    assert not _hands_over(_submit(tab, PASSWORD))
    assert tab.stage == "code" and tab.use_recovery_code is False
    return tab


def _verify(tab: LoginState, code: str) -> object:
    return asyncio.run(tab.verify_code({"code": code}))


def test_a_recovery_code_signs_in_once_and_notifies(
    engine: Engine, ada: str, ada_codes: list[str]
) -> None:
    """Issue 27, item 9 (P-MISC-3): 'Use a recovery code' asks for one; it signs in, is
    used up and leaves a notification with the number left; it does not work again."""
    tab = _at_code_step()
    tab.switch_code_kind()
    assert tab.use_recovery_code is True and tab.error == ""
    assert _hands_over(_verify(tab, ada_codes[0]))
    with Session(engine) as db:
        assert recovery_codes.unused_count(db, ada) == 9
        notes = db.exec(
            select(UserNotification.message).where(
                UserNotification.user_id == ada,
                col(UserNotification.message).contains("recovery code"),
            )
        ).all()
    assert len(notes) == 1 and "9 recovery codes left" in notes[0]
    again = _at_code_step()
    assert not _hands_over(_verify(again, ada_codes[0]))
    assert again.error == accounts.INVALID_CODE and again.stage == "code"


def test_wrong_recovery_codes_count_like_wrong_app_codes(
    engine: Engine, ada: str, ada_codes: list[str]
) -> None:
    """Issue 27, item 9: five wrong codes lock the code step; the sixth try, even a right
    code, is told to wait."""
    tab = _at_code_step()
    tab.switch_code_kind()
    for n in range(5):
        assert not _hands_over(_verify(tab, "zzzzz-zzzzz"))
        assert tab.error == accounts.INVALID_CODE
        with Session(engine) as db:
            assert db.get(User, ada).failed_logins == n + 1  # type: ignore[union-attr]
    assert not _hands_over(_verify(tab, ada_codes[0]))
    assert tab.error == accounts.TOO_MANY_ATTEMPTS


def test_switching_the_code_kind_clears_the_message_and_a_new_start_resets_it(
    ada: str, ada_codes: list[str]
) -> None:
    tab = _at_code_step()
    _verify(tab, "000000")
    assert tab.error == accounts.INVALID_CODE
    tab.switch_code_kind()
    assert tab.use_recovery_code and tab.error == ""
    tab.switch_code_kind()
    assert tab.use_recovery_code is False
    tab.switch_code_kind()
    tab.back_to_password()
    assert tab.stage == "password" and tab.use_recovery_code is False


@pytest.mark.parametrize(
    ("query", "target"),
    [
        ("", "%2Fdashboard"),
        ("?next=%2Fprofile", "%2Fprofile"),
        ("?next=%2F%2Fevil.example", "%2Fdashboard"),
    ],
)
def test_a_sign_in_goes_on_to_a_local_next_else_the_dashboard(
    ada: str, query: str, target: str
) -> None:
    """Where a sign-in goes on to is the server's own (issue 25: not sent to the browser)."""
    assert not {"next_path", "_next_path"} & set(LoginState.base_vars)
    answer = _submit(_tab(OWNER, query), PASSWORD)
    assert _hands_over(answer) and f"&next={target}" in str(answer)
