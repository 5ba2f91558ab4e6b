"""The recovery pages' states without a browser: without SMTP the forgot page says so and
queues nothing; bad input gets its message; the reset page offers the form only for a live
link (issue 13, account recovery); without email the page says so once, with the contact page
as the way to a link, decided at load (issue 28, item 10)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.domain.cookies import RESET_NONCE_COOKIE
from startup_toolkit.domain.identity import EMAIL_INVALID
from startup_toolkit.domain.passwords import MISMATCH
from startup_toolkit.models.recovery import PasswordReset
from startup_toolkit.pages.account_recovery import (
    ForgotPasswordState,
    ResetPasswordState,
    forgot_password,
)
from startup_toolkit.services import account_recovery, accounts
from startup_toolkit.settings import get_settings
from tests.support.tool_states import substate

PASSWORD = "correct horse battery"


@pytest.fixture(autouse=True)
def _fresh_limits() -> Iterator[None]:
    account_recovery.reset_limits()
    yield
    account_recovery.reset_limits()


def open_adas_link(engine: Engine) -> tuple[str, str]:
    """Sign Ada up, issue her a reset link and open it: (the link's token, the nonce of the
    browser that opened it)."""
    with Session(engine) as db:
        assert accounts.sign_up(db, "Ada Lovelace", "ada@example.com", PASSWORD, PASSWORD).ok
        token = account_recovery.issue_link(db, "ada@example.com")
        assert token
        link = account_recovery.open_link(db, token)
    assert link
    return token, link.nonce


def test_without_smtp_the_forgot_page_says_email_is_not_configured(engine: Engine) -> None:
    assert not get_settings().smtp_enabled
    state = substate(ForgotPasswordState, rules.FORGOT_PATH)
    state.load()
    assert state.email_ready is False
    asyncio.run(state.request_link({"email": "ada@example.com"}))
    assert state.email_ready is False and state.sent_note == ""
    with Session(engine) as db:
        assert db.exec(select(PasswordReset)).all() == []


def test_a_malformed_email_gets_its_message(engine: Engine, settings_env) -> None:
    settings_env.setenv("SMTP_HOST", "127.0.0.1")
    get_settings.cache_clear()
    state = substate(ForgotPasswordState, rules.FORGOT_PATH)
    state.load()
    asyncio.run(state.request_link({"email": "not-an-email"}))
    assert state.errors == {"email": EMAIL_INVALID} and state.sent_note == ""
    asyncio.run(state.request_link({"email": ["not", "text"]}))  # raw events carry anything
    assert state.errors == {"email": "Email is required"}


def test_a_well_formed_email_gets_the_sent_answer_in_place_of_the_form(
    engine: Engine, settings_env
) -> None:
    """The same answer for any well-formed email: the note that replaces the form (issue 25:
    the note is the answer's presence, no `sent` flag beside it)."""
    settings_env.setenv("SMTP_HOST", "127.0.0.1")
    get_settings.cache_clear()
    state = substate(ForgotPasswordState, rules.FORGOT_PATH)
    state.load()
    assert state.sent_note == "" and state.email_ready is True
    asyncio.run(state.request_link({"email": "nobody@example.com"}))
    assert state.sent_note == rules.SENT and state.errors == {} and state.error == ""
    state.load()  # opening the page again shows the form
    assert state.sent_note == ""


def test_the_reset_page_offers_the_form_only_for_a_live_link(
    engine: Engine, cheap_hashing: None
) -> None:
    """The form only in a browser holding the nonce of a live link it opened (issue 27,
    item 4); an address with the token in it is sent to be bound, or told it is dead."""
    token, nonce = open_adas_link(engine)
    forged = substate(ResetPasswordState, f"{rules.RESET_PATH}?token={'A' * 43}")
    assert asyncio.run(forged.load()) is None
    assert forged.stage == "invalid" and forged.invalid_reason == rules.LINK_INVALID

    bounced = substate(ResetPasswordState, f"{rules.RESET_PATH}?token={token}")
    script = asyncio.run(bounced.load())
    assert f"{rules.OPEN_PATH}?token={token}" in str(script) and bounced.stage == "checking"

    no_cookie = substate(ResetPasswordState, rules.RESET_PATH)
    asyncio.run(no_cookie.load())
    assert no_cookie.stage == "invalid"
    assert no_cookie.invalid_reason == rules.OPEN_IN_THIS_BROWSER

    cookie = f"{RESET_NONCE_COOKIE}={nonce}"
    state = substate(ResetPasswordState, rules.RESET_PATH, cookie)
    asyncio.run(state.load())
    assert state.stage == "form"
    asyncio.run(state.set_new_password({"new": "new password 1", "confirm": "new password 2"}))
    assert state.stage == "form" and state.errors == {"confirm": MISMATCH}
    asyncio.run(state.set_new_password({"new": "new password 1", "confirm": "new password 1"}))
    assert state.stage == "done" and state.errors == {}
    asyncio.run(state.set_new_password({"new": "new password 1", "confirm": "new password 1"}))
    assert state.stage == "invalid" and state.invalid_reason == rules.LINK_INVALID


# --- Issue 28, item 10: without email, the page says the true thing once --------------------


def test_issue_28_item_10_which_way_is_decided_at_load_not_at_build(
    engine: Engine, settings_env: pytest.MonkeyPatch
) -> None:
    """The built page is the same with and without mail; the state decides at load (nothing
    shown as the form or the note before: `email_ready` is None)."""
    built_without = str(forgot_password())
    settings_env.setenv("SMTP_HOST", "127.0.0.1")
    get_settings.cache_clear()
    assert str(forgot_password()) == built_without
    state = substate(ForgotPasswordState, rules.FORGOT_PATH)
    assert state.email_ready is None  # not a guess painted before the load
    state.load()
    assert state.email_ready is True


def test_issue_28_item_10_without_email_one_true_sentence_and_the_contact_route(
    engine: Engine,
) -> None:
    assert not get_settings().smtp_enabled
    state = substate(ForgotPasswordState, rules.FORGOT_PATH)
    state.load()
    assert state.email_ready is False
    page = str(forgot_password())
    assert "We will email you a link" not in page  # no promise the note then takes back
    assert "Ask the person who runs this server" not in page  # no way to reach them
    assert page.count(rules.EMAIL_NOT_CONFIGURED) == 1 and rules.CONTACT_FOR_LINK in page
    note = page[page.index('className:"forgot-no-email"') : page.index(rules.CONTACT_FOR_LINK)]
    assert rules.EMAIL_NOT_CONFIGURED in note  # said once, in the note
    assert f'to:"/contact"}},"{rules.CONTACT_LINK_TEXT}"' in note  # a link to /contact
