"""Issue 27, item 4: a reset finishes only in the browser that opened the link, driven
through Reflex's own event processor (account recovery behind P-MISC-3's /login has no
checklist ID of its own; its password rules are P-PROF-5's). Two connections share one tab
token (as a leaked token in a proxy log allows); only the one whose handshake carries the
browser's reset cookie can set the password, and the tab's server state never holds the
link's token, nor the nonce once that browser is gone.

The production backend is driven the same way in tests/security/test_reset_binding.py.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from reflex_base.event import Event
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import account_recovery as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.cookies import RESET_NONCE_COOKIE
from startup_toolkit.models.recovery import PasswordReset
from startup_toolkit.pages.account_recovery import ResetPasswordState
from startup_toolkit.services import account_recovery, accounts
from tests.pages.account_recovery.test_state import open_adas_link
from tests.support.tool_states import Recorder, Tab, in_processor

PASSWORD = "correct horse battery"
NEW_PASSWORD = "a brand new password"
ATTACKER_PASSWORD = "the attacker's password"
RESET = ResetPasswordState.get_full_name()


@pytest.fixture(autouse=True)
def _fresh_limits() -> Iterator[None]:
    account_recovery.reset_limits()
    yield
    account_recovery.reset_limits()


@pytest.fixture
def opened(engine: Engine, cheap_hashing: None) -> tuple[str, str]:
    """(the link's token, the nonce of the browser that opened it) for Ada's account."""
    return open_adas_link(engine)


def event(handler: str, cookie: str, **payload: Any) -> Event:
    """An event from a connection whose handshake carried `cookie` (the server puts the
    connection's headers into every event's router data)."""
    router = {
        "pathname": rules.RESET_PATH,
        "asPath": rules.RESET_PATH,
        "query": {},
        "headers": {"cookie": cookie},
    }
    return Event(name=f"{RESET}.{handler}", router_data=router, payload=payload)


async def send(tab: Tab, handler: str, cookie: str, **payload: Any) -> Any:
    """Run one handler for the tab's token from a connection with `cookie`; the state."""
    await (await tab.processor.enqueue(tab.token, event(handler, cookie, **payload)))
    return await tab.state()


async def stored(tab: Tab) -> str:
    """Everything the state manager keeps for the tab (every state of the tree)."""
    root = (await tab.state())._get_root_state()
    blobs, todo = [], [root]
    while todo:
        state = todo.pop()
        blobs.append(state._serialize())
        todo.extend(state.substates.values())
    return repr(blobs)


def password_works(engine: Engine, password: str) -> bool:
    with Session(engine) as db:
        return accounts.authenticate(db, "ada@example.com", password, "198.51.100.1").ok


def form(password: str) -> dict[str, str]:
    return {"new": password, "confirm": password}


def test_a_second_connection_with_the_tab_token_but_no_cookie_is_refused(
    engine: Engine, opened: tuple[str, str]
) -> None:
    """The review's attack: the victim opens the link (the form shows), the attacker
    connects with the same tab token and no cookie and sends the form: refused, with a
    clear message, nothing changed; the browser that opened the link then succeeds."""
    _, nonce = opened
    browser = f"{RESET_NONCE_COOKIE}={nonce}"

    async def run(tab: Tab, _: Recorder) -> None:
        await tab.prepare(browser)  # the tab's first page load (hydrate) is done
        assert (await send(tab, "load", browser)).stage == "form"
        for stranger in ("", "unstuck_session=someone-elses", f"{RESET_NONCE_COOKIE}={'A' * 43}"):
            refused = await send(tab, "set_new_password", stranger, form=form(ATTACKER_PASSWORD))
            assert refused.stage == "invalid"
            assert refused.invalid_reason in (rules.OPEN_IN_THIS_BROWSER, rules.LINK_INVALID)
        assert refused.invalid_reason == rules.LINK_INVALID  # a nonce, but not this link's
        no_cookie = await send(tab, "set_new_password", "", form=form(ATTACKER_PASSWORD))
        assert no_cookie.invalid_reason == rules.OPEN_IN_THIS_BROWSER
        assert password_works(engine, PASSWORD) and not password_works(engine, ATTACKER_PASSWORD)
        with Session(engine) as db:
            assert db.exec(select(PasswordReset)).one().used_at is None

        done = await send(tab, "set_new_password", browser, form=form(NEW_PASSWORD))
        assert done.stage == "done" and done.errors == {} and done.error == ""

    in_processor(ResetPasswordState, rules.RESET_PATH, run)
    assert password_works(engine, NEW_PASSWORD) and not password_works(engine, PASSWORD)


def test_the_tab_state_holds_no_token_after_use(engine: Engine, opened: tuple[str, str]) -> None:
    """Nothing in the tab's server state can finish a reset: not the link's token while the
    form shows nor after use, and not the nonce once another connection used the tab."""
    token, nonce = opened
    browser = f"{RESET_NONCE_COOKIE}={nonce}"

    async def run(tab: Tab, _: Recorder) -> None:
        await tab.prepare(browser)  # the tab's first page load (hydrate) is done
        assert (await send(tab, "load", browser)).stage == "form"
        while_open = await stored(tab)
        # The nonce is there only as Reflex keeps every connection's headers (router data),
        # which the next connection's replace; the handler reads the current connection's.
        assert token not in while_open and nonce in while_open
        assert (await send(tab, "set_new_password", browser, form=form(NEW_PASSWORD))).stage == (
            "done"
        )
        assert token not in await stored(tab)
        await send(tab, "load", "")  # the tab's next connection, without the cookie
        after = await stored(tab)
        assert token not in after and nonce not in after

    in_processor(ResetPasswordState, rules.RESET_PATH, run)


def test_the_tab_state_holds_no_token_after_expiry(engine: Engine, opened: tuple[str, str]) -> None:
    """A link that expired while its form was open: the form is refused, nothing changes,
    and nothing of the link is left in the tab's state."""
    token, nonce = opened
    browser = f"{RESET_NONCE_COOKIE}={nonce}"

    async def run(tab: Tab, _: Recorder) -> None:
        await tab.prepare(browser)  # the tab's first page load (hydrate) is done
        assert (await send(tab, "load", browser)).stage == "form"
        with Session(engine) as db:
            row = db.exec(select(PasswordReset)).one()
            row.expires_at = utcnow()
            db.add(row)
            db.commit()
        late = await send(tab, "set_new_password", browser, form=form(NEW_PASSWORD))
        assert late.stage == "invalid" and late.invalid_reason == rules.LINK_INVALID
        assert (await send(tab, "load", browser)).stage == "invalid"
        assert token not in await stored(tab)
        await send(tab, "load", "")
        assert nonce not in await stored(tab)

    in_processor(ResetPasswordState, rules.RESET_PATH, run)
    assert password_works(engine, PASSWORD)
