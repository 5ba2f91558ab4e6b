"""Issue 27, item 5: nobody can lock a known email out of sign-in. Wrong passwords are
throttled per (email, client address) with growing waits, and a crowd of addresses is slowed
by an account-wide budget, never by a lock of the account: the owner's right password from an
address without failures of its own signs in (P-AUTH-1, P-MISC-3: signing in at /login).

On the real migrated SQLite database, through `accounts.authenticate` with a fixed clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest
from sqlmodel import Session, select

from startup_toolkit.domain.identity import email_fingerprint
from startup_toolkit.models import LoginAttempt
from startup_toolkit.services import accounts
from startup_toolkit.services import sign_in_throttle as throttle
from startup_toolkit.services.accounts import INVALID_CREDENTIALS
from tests.support.founders import EMAIL, PASSWORD, signed_up

NOW = datetime(2026, 3, 1, 12, 0, 0, tzinfo=UTC)
ATTACKER = "203.0.113.66"
OWNER = "198.51.100.20"
WRONG = "wrong-password"

pytestmark = pytest.mark.usefixtures("cheap_hashing")


def _try(session: Session, password: str, ip: str, at: datetime) -> accounts.AuthResult:
    return accounts.authenticate(session, EMAIL, password, ip, now=at)


def test_the_wait_schedules() -> None:
    """Issue 27, item 5: per address 5 s after the fifth failure, doubling, at most 15
    minutes; account-wide nothing within the budget, then 5 s doubling per further budget."""
    assert [throttle.address_wait(n) for n in range(1, 9)] == [0, 0, 0, 0, 5, 10, 20, 40]
    assert throttle.address_wait(12) == 640 and throttle.address_wait(13) == 900
    assert throttle.address_wait(400) == throttle.MAX_WAIT_SECONDS == 900
    budget = throttle.ACCOUNT_BUDGET
    assert throttle.account_wait(budget) == 0
    assert throttle.account_wait(budget + 1) == throttle.account_wait(2 * budget) == 5
    assert throttle.account_wait(2 * budget + 1) == 10
    assert throttle.account_wait(10_000) == 900
    assert throttle.wait_message(1) == (
        "Too many sign-in attempts from this address. Please wait 1 second and try again."
    )
    assert "wait 2 minutes" in throttle.wait_message(61)


def test_failures_from_one_address_never_refuse_the_owner_elsewhere(session: Session) -> None:
    """Issue 27, item 5 (P-AUTH-1): the review's attack. Today 5 wrong passwords from any
    address refuse the right one everywhere; now address B signs in at once, and at every
    moment of A's waits."""
    user_id = signed_up(session)
    for _ in range(8):
        assert not _try(session, WRONG, ATTACKER, NOW).ok
    result = _try(session, PASSWORD, OWNER, NOW)
    assert result.ok and result.user_id == user_id
    # The attacker keeps one wrong try going every 15 minutes: nothing changes for the owner.
    later = NOW
    for _ in range(4):
        later += timedelta(minutes=15)
        _try(session, WRONG, ATTACKER, later)
        assert _try(session, PASSWORD, OWNER, later).ok


def test_the_address_itself_waits_a_growing_delay_and_is_told_so(session: Session) -> None:
    """Issue 27, item 5 (P-AUTH-1): from address A, the fifth wrong password brings a 5 s
    wait; during it even the right password is refused with a message giving the time (not
    'Invalid email or password') and is not counted; after it the right password signs in."""
    user_id = signed_up(session)
    results = [_try(session, WRONG, ATTACKER, NOW) for _ in range(5)]
    assert [r.retry_after for r in results] == [0, 0, 0, 0, 5]
    assert [r.message for r in results[:4]] == [INVALID_CREDENTIALS] * 4
    assert results[4].message == (
        "Invalid email or password. Please wait 5 seconds before trying again."
    )

    waiting = _try(session, PASSWORD, ATTACKER, NOW + timedelta(seconds=2))
    assert not waiting.ok and waiting.retry_after == 3
    assert waiting.message == throttle.wait_message(3)
    assert "Invalid email or password" not in waiting.message
    fingerprint = email_fingerprint(EMAIL)
    rows = session.exec(select(LoginAttempt).where(LoginAttempt.email_hash == fingerprint))
    assert len(rows.all()) == 5  # a try during the wait is not counted

    # Each further failure doubles the wait.
    t = NOW + timedelta(seconds=5)
    assert _try(session, WRONG, ATTACKER, t).retry_after == 10
    t += timedelta(seconds=10)
    assert _try(session, WRONG, ATTACKER, t).retry_after == 20
    assert _try(session, PASSWORD, ATTACKER, t + timedelta(seconds=19)).retry_after == 1

    # After the wait the right password from A signs in, and A starts afresh.
    ok = _try(session, PASSWORD, ATTACKER, t + timedelta(seconds=20))
    assert ok.ok and ok.user_id == user_id
    assert session.exec(select(LoginAttempt)).all() == []


def test_many_addresses_are_slowed_but_the_owner_is_never_refused(session: Session) -> None:
    """Issue 27, item 5 (P-AUTH-1): a crowd of addresses, each trying fewer than 5 wrong
    passwords, spends the account's budget; past it every failure makes its own address wait
    (the account-wide effect), growing with the crowd, while the owner's right password from
    a clean address signs in throughout."""
    user_id = signed_up(session)
    budget = throttle.ACCOUNT_BUDGET
    crowd = [f"192.0.2.{n}" for n in range(1, 101)]

    first = [_try(session, WRONG, ip, NOW) for ip in crowd[:budget]]
    assert [r.retry_after for r in first] == [0] * budget  # within the budget: no wait yet

    # Past the budget each address's first failure already brings it a wait ...
    past = _try(session, WRONG, crowd[budget], NOW)
    assert past.retry_after == 5
    refused = _try(session, PASSWORD, crowd[budget], NOW)
    assert not refused.ok and refused.message == throttle.wait_message(5)
    # ... while an address without failures of its own is not slowed: the owner signs in.
    assert _try(session, PASSWORD, OWNER, NOW).user_id == user_id

    # The wait grows with the crowd: 100 addresses in the window mean minutes, not seconds.
    waits = [_try(session, WRONG, ip, NOW).retry_after for ip in crowd[budget + 1 :]]
    assert waits == sorted(waits) and waits[-1] >= 160
    again = [_try(session, WRONG, ip, NOW + timedelta(seconds=30)) for ip in crowd[-10:]]
    assert all(not r.ok and r.message.startswith("Too many sign-in") for r in again)
    owner = _try(session, PASSWORD, OWNER, NOW + timedelta(seconds=30))
    assert owner.ok and owner.user_id == user_id

    # Unknown emails see the same account-wide effect (it reveals no account).
    ghost = [accounts.authenticate(session, "ghost@example.com", WRONG, ip, NOW) for ip in crowd]
    assert [r.retry_after for r in ghost][: budget + 2] == [0] * budget + [5, 5]


def test_the_window_passes_and_the_budget_is_free_again(session: Session) -> None:
    """Issue 27, item 5: the account-wide budget counts failures in the last 15 minutes."""
    signed_up(session)
    for n in range(throttle.ACCOUNT_BUDGET):
        _try(session, WRONG, f"192.0.2.{n + 1}", NOW)
    assert _try(session, WRONG, "192.0.2.200", NOW).retry_after == 5
    later = NOW + throttle.ACCOUNT_WINDOW + timedelta(seconds=1)
    assert _try(session, WRONG, "192.0.2.201", later).retry_after == 0
