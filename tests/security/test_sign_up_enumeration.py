"""Issue 27, item 8, sign-up enumeration (P-AUTH-1): the chosen trade-off (README, "Sign-up
names a taken email, and only five times an hour per address"). Driven as the review did, with
raw sign-up events on the production backend: one address may learn that an email is taken a
handful of times, then is refused before the accounts are even looked at; another address is
not affected."""

from __future__ import annotations

from collections.abc import Callable

from startup_toolkit.pages.signup import TOO_MANY_SIGN_UPS, SignupState
from startup_toolkit.services import accounts
from tests.security.conftest import AddressTab, Founder, ProdApp
from tests.support.reflex_socket import delta_value

SIGNUP = SignupState.get_full_name()


def _sign_up(tab: AddressTab, email: str) -> tuple[str, str]:
    """(the form's error, the email field's error) the page shows after a sign-up."""
    form = {"name": "Mallory", "email": email, "password": "p4ssword!!", "confirm": "p4ssword!!"}
    updates = tab.send(f"{SIGNUP}.sign_up", path="/signup", form=form)
    error = delta_value(updates, SIGNUP, "error")
    errors = delta_value(updates, SIGNUP, "errors")
    return error, errors.get("email", "")


def test_a_taken_email_is_named_only_a_few_times_per_address(
    prod: ProdApp, make_founder: Callable[[], Founder]
) -> None:
    ada = make_founder()
    prober = AddressTab(prod.url, "203.0.113.90").connect()
    other = AddressTab(prod.url, "198.51.100.90").connect()
    try:
        answers = [_sign_up(prober, ada.email) for _ in range(7)]
        assert answers[:5] == [("", accounts.EMAIL_TAKEN)] * 5
        assert answers[5:] == [(TOO_MANY_SIGN_UPS, "")] * 2  # refused before any lookup
        assert _sign_up(other, ada.email) == ("", accounts.EMAIL_TAKEN)
    finally:
        prober.close()
        other.close()
