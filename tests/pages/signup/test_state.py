"""Sign-up and account enumeration (issue 27, item 8; P-MISC-3 /signup): the trade-off chosen.

A new sign-up is signed in at once (P-MISC-3: after sign-up, /dashboard), so a sign-up with a
taken email cannot be answered like a new one without pretending to sign the visitor in. The
form keeps saying "An account with this email already exists.", with or without SMTP, and
every submission counts towards the client address's sign-up limit (5 an hour,
`visitor_limits.sign_ups`, shared through Redis with several workers): past it the address
is told to wait, whatever email it tries, so it learns nothing more. The real migrated SQLite
database and the real sign-up service.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from reflex.istate.data import HeaderData, ReflexURL, RouterData, SessionData
from sqlalchemy.engine import Engine

from startup_toolkit.pages.signup import TOO_MANY_SIGN_UPS, SignupState
from startup_toolkit.services import accounts, visitor_limits
from tests.support.founders import EMAIL, PASSWORD, signed_up

PROBER = "203.0.113.77"
NEIGHBOUR = "198.51.100.31"


@pytest.fixture(autouse=True)
def _limits() -> Iterator[None]:
    visitor_limits.reset()
    yield
    visitor_limits.reset()


@pytest.fixture(params=["without SMTP", "with SMTP"])
def smtp(request: pytest.FixtureRequest, settings_env: pytest.MonkeyPatch) -> str:
    """The same answers whether or not the server can mail (the trade-off holds for both)."""
    if request.param == "with SMTP":
        settings_env.setenv("SMTP_HOST", "127.0.0.1")
    else:
        settings_env.delenv("SMTP_HOST", raising=False)
    return str(request.param)


@pytest.fixture
def ada(engine: Engine, cheap_hashing: None) -> str:
    return signed_up(engine)


def _tab(ip: str) -> SignupState:
    """The sign-up form of a tab connected from `ip`."""
    root = SignupState.get_root_state()(_reflex_internal_init=True)
    root.router = RouterData(
        session=SessionData(client_ip=ip),
        headers=HeaderData(),
        url=ReflexURL("http://localhost:3000/signup"),
    )
    state = root.get_substate(SignupState.get_full_name().split("."))
    state.load()
    return state  # type: ignore[return-value]


def _submit(state: SignupState, email: str) -> object:
    form = {"name": "Someone", "email": email, "password": PASSWORD, "confirm": PASSWORD}
    return asyncio.run(state.sign_up(form))


def _hands_over(answer: object) -> bool:
    """Whether the answer is the hand-over to the cookie route (a signed-in browser)."""
    return "/api/auth/complete?ticket=" in str(answer)


@pytest.mark.usefixtures("smtp")
def test_a_taken_email_is_named_and_a_new_one_signs_in_at_once(ada: str) -> None:
    """issue 27, item 8 (P-MISC-3): why the answers differ. A new email is signed in at once,
    so the honest answer to a taken one is to say so (no account is made or touched)."""
    taken = _tab(PROBER)
    assert _submit(taken, EMAIL.upper()) is None
    assert taken.error == "" and taken.errors == {"email": accounts.EMAIL_TAKEN}
    fresh = _tab(PROBER)
    assert _hands_over(_submit(fresh, "grace@example.com"))
    assert fresh.error == "" and fresh.errors == {}


@pytest.mark.usefixtures("smtp")
def test_probing_for_accounts_is_limited_per_client_address(ada: str) -> None:
    """issue 27, item 8 (P-MISC-3): every submission counts, taken emails included; after 5 in
    an hour the address is told to wait, even for a taken email (nothing more is revealed),
    while another address still gets its answers."""
    prober = _tab(PROBER)
    for n in range(visitor_limits.sign_ups.limit):
        email = EMAIL if n % 2 == 0 else f"nobody{n}@example"  # taken, or refused as invalid
        assert not _hands_over(_submit(prober, email))
        assert prober.error != TOO_MANY_SIGN_UPS
    for email in (EMAIL, "grace@example.com"):
        assert _submit(prober, email) is None
        assert (prober.error, prober.errors) == (TOO_MANY_SIGN_UPS, {})
    assert accounts.EMAIL_TAKEN not in str(prober.errors)

    neighbour = _tab(NEIGHBOUR)
    assert _submit(neighbour, EMAIL) is None
    assert neighbour.errors == {"email": accounts.EMAIL_TAKEN}
