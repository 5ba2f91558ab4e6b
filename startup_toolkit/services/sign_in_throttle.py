"""Sign-in throttling (issue 27, item 5): wrong passwords slow down the address that typed
them, never the account's owner at another address. There is no account-wide lock.

Every count comes from `login_attempts` (one row per wrong password: the client address, the
SHA-256 of the normalised email, the time), so it holds across backend workers, and an email
without an account is throttled exactly like one with an account (no enumeration).

* Per (email, address): after `WAIT_AFTER_FAILURES` failures from one address for one email,
  that address waits before its next try for that email: 5 s, doubling with each further
  failure, at most 15 minutes. A right password from that address clears its failures.
* Per email across addresses: a budget of `ACCOUNT_BUDGET` failures in `ACCOUNT_WINDOW`.
  Past it, every failure makes its own address wait at once (5 s, doubling with each further
  `ACCOUNT_BUDGET` failures in the window, at most 15 minutes): a crowd of addresses gets
  about one guess per address per wait. An address without failures of its own never waits
  for the others' failures, so the owner's right password from it still signs in.
* Per address across emails: at most `IP_LIMIT` failures in `IP_WINDOW` (any email).
* A try during a wait is refused without checking the password and is not counted; the
  answer says how long to wait (`wait_message`).

Rows older than `ATTEMPT_RETENTION` are pruned as new ones arrive. An empty address (unknown
client) is one address shared by all such clients: callers pass the real client address.
"""

from __future__ import annotations

import math
from datetime import datetime, timedelta

from sqlalchemy import delete, func
from sqlmodel import Session, select

from startup_toolkit.db import one_writer_at_a_time
from startup_toolkit.models.security import LoginAttempt
from startup_toolkit.services.visitor_limits import oldest_counted

WAIT_AFTER_FAILURES = 5
FIRST_WAIT_SECONDS = 5
MAX_WAIT_SECONDS = 15 * 60
ACCOUNT_BUDGET = 10
ACCOUNT_WINDOW = timedelta(minutes=15)
IP_LIMIT = 20
IP_WINDOW = timedelta(minutes=15)
ATTEMPT_RETENTION = timedelta(hours=24)
IP_MAX = 64


def doubling_wait(step: int) -> int:
    """5 s at step 0, doubling with each step, at most 15 minutes; 0 for a negative step."""
    if step < 0:
        return 0
    return min(FIRST_WAIT_SECONDS * 2 ** min(step, 20), MAX_WAIT_SECONDS)


def address_wait(failures: int) -> int:
    """The wait after an address's `failures`-th failure for one email (0 below 5)."""
    return doubling_wait(failures - WAIT_AFTER_FAILURES)


def account_wait(failures_in_window: int) -> int:
    """The wait a failure brings its address while the email has `failures_in_window`
    failures (that one included) from all addresses in the window: 0 within the budget."""
    if failures_in_window <= ACCOUNT_BUDGET:
        return 0
    return doubling_wait((failures_in_window - ACCOUNT_BUDGET - 1) // ACCOUNT_BUDGET)


def describe_seconds(seconds: int) -> str:
    """'1 second', '45 seconds', '2 minutes' (rounded up), for the wait message."""
    if seconds < 60:
        return f"{seconds} second{'' if seconds == 1 else 's'}"
    minutes = math.ceil(seconds / 60)
    return f"{minutes} minute{'' if minutes == 1 else 's'}"


def wait_message(seconds: int) -> str:
    """What an address told to wait reads (never 'Invalid email or password')."""
    return (
        f"Too many sign-in attempts from this address. "
        f"Please wait {describe_seconds(seconds)} and try again."
    )


def failure_message(base: str, seconds: int) -> str:
    """A wrong password's answer `base`, and the wait it brought, if any."""
    if not seconds:
        return base
    return f"{base}. Please wait {describe_seconds(seconds)} before trying again."


def clean_address(ip_address: object) -> str:
    return str(ip_address or "")[:IP_MAX]


def _aware(moment: datetime, now: datetime) -> datetime:
    """Some drivers return naive UTC for aggregates."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=now.tzinfo)


def _seconds_until(moment: datetime, now: datetime) -> int:
    if moment <= now:
        return 0
    return max(1, math.ceil((moment - now).total_seconds()))


def hold_pair(session: Session, fingerprint: str, ip: str) -> None:
    """Serialise the tries of one (email, address) until the transaction ends (PostgreSQL),
    so parallel guesses from one address cannot all pass the check before any is counted."""
    one_writer_at_a_time(session, f"sign-in:{fingerprint}:{ip}")


def address_retry_after(session: Session, ip: str, now: datetime) -> int:
    """Seconds until this address may try again, any email (0 when under `IP_LIMIT`)."""
    if not ip:
        return 0
    oldest = oldest_counted(session, LoginAttempt, ip, now - IP_WINDOW, IP_LIMIT)
    if oldest is None:
        return 0
    return _seconds_until(_aware(oldest, now) + IP_WINDOW, now) or 1


def pair_retry_after(session: Session, fingerprint: str, ip: str, now: datetime) -> int:
    """Seconds until `ip` may try `fingerprint`'s password again (0: now).

    The wait runs from the pair's latest failure: the longer of the pair's own schedule and
    the account-wide one at the time of that failure."""
    stmt = select(func.count(), func.max(LoginAttempt.created_at)).where(
        LoginAttempt.email_hash == fingerprint,
        LoginAttempt.ip_address == ip,
        LoginAttempt.created_at >= now - ATTEMPT_RETENTION,
    )
    count, latest = session.exec(stmt).one()
    if not count or latest is None:
        return 0
    latest = _aware(latest, now)
    across = select(func.count()).where(
        LoginAttempt.email_hash == fingerprint,
        LoginAttempt.created_at > latest - ACCOUNT_WINDOW,
        LoginAttempt.created_at <= latest,
    )
    wait = max(address_wait(int(count)), account_wait(int(session.exec(across).one() or 0)))
    return _seconds_until(latest + timedelta(seconds=wait), now)


def record_failure(session: Session, fingerprint: str, ip: str, now: datetime) -> int:
    """Count one wrong password (no commit; prunes old rows); the wait it brings `ip`."""
    session.exec(delete(LoginAttempt).where(LoginAttempt.created_at < now - ATTEMPT_RETENTION))
    session.add(LoginAttempt(ip_address=ip, email_hash=fingerprint, created_at=now))
    session.flush()
    return pair_retry_after(session, fingerprint, ip, now)


def clear_pair(session: Session, fingerprint: str, ip: str) -> None:
    """A right password from `ip`: its failures for this email are forgotten (no commit)."""
    session.exec(
        delete(LoginAttempt).where(
            LoginAttempt.email_hash == fingerprint, LoginAttempt.ip_address == ip
        )
    )


def clear_email(session: Session, fingerprint: str) -> None:
    """A new password (change or reset): every address's failures for it are void (no
    commit); they were guesses at the old password."""
    session.exec(delete(LoginAttempt).where(LoginAttempt.email_hash == fingerprint))
