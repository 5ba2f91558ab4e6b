"""Issue 27, item 5 (P-AUTH-1, P-MISC-3): the review locked a known email out of sign-in:
after 5 wrong passwords from any address the account refused even the right password
everywhere ('Invalid email or password'). Driven as the review did, with raw sign-in events
on the production backend, from two client addresses (X-Forwarded-For behind the one trusted
proxy hop the suite's backend is configured with)."""

from __future__ import annotations

import json
import time

from startup_toolkit.pages.login import LoginState
from startup_toolkit.services import accounts
from startup_toolkit.services import sign_in_throttle as throttle
from tests.security.conftest import AddressTab, Founder, ProdApp
from tests.support.reflex_socket import Tab, delta_value

LOGIN = LoginState.get_full_name()
ATTACKER = "203.0.113.66"
OWNER = "198.51.100.20"
HAND_OVER = "/api/auth/complete?ticket="


def _sign_in(tab: Tab, email: str, password: str) -> list[dict]:
    return tab.send(f"{LOGIN}.sign_in", path="/login", form={"email": email, "password": password})


def _signs_in(tab: Tab, email: str, password: str) -> bool:
    """Whether the right password gets the hand-over to the cookie route (a ticket)."""
    updates = _sign_in(tab, email, password)
    if HAND_OVER not in json.dumps(updates):
        if delta_value(updates, LOGIN, "error"):
            return False
        tab.receive_until(lambda update: HAND_OVER in json.dumps(update))
    return True


def test_wrong_passwords_from_one_address_do_not_lock_the_owner_out(
    prod: ProdApp, make_founder
) -> None:
    """Issue 27, item 5: five wrong passwords from address A, then: the owner's right
    password from address B signs in; A is told to wait (with the time, not 'Invalid email
    or password'); after the wait the right password from A signs in too."""
    founder: Founder = make_founder()
    attacker = AddressTab(prod.url, ATTACKER).connect()
    owner = AddressTab(prod.url, OWNER).connect()
    try:
        attacker.open_page("/login")
        errors = [
            delta_value(_sign_in(attacker, founder.email, "wrong password!"), LOGIN, "error")
            for _ in range(throttle.WAIT_AFTER_FAILURES)
        ]
        assert errors[:-1] == [accounts.INVALID_CREDENTIALS] * (len(errors) - 1)
        assert errors[-1] == throttle.failure_message(accounts.INVALID_CREDENTIALS, 5)
        started = time.monotonic()

        owner.open_page("/login")
        assert _signs_in(owner, founder.email, founder.password)

        told = delta_value(_sign_in(attacker, founder.email, founder.password), LOGIN, "error")
        assert told.startswith("Too many sign-in attempts from this address. Please wait")
        assert accounts.INVALID_CREDENTIALS not in told

        time.sleep(max(0.0, throttle.FIRST_WAIT_SECONDS + 0.5 - (time.monotonic() - started)))
        assert _signs_in(attacker, founder.email, founder.password)
    finally:
        attacker.close()
        owner.close()
