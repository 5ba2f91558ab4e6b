"""Private page state belongs to the session that filled it (finding 5 of issue 13): the
middleware, the auth guards and sign-out reset it, on a real database and real sessions.

The production backend is driven the same way in tests/security/test_private_state.py.
"""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
import reflex as rx
from reflex_base.event import Event
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain.catalog import GROWTH_ENGINE
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.pages.dashboard.state import DashboardState
from startup_toolkit.pages.oracle.state import OracleState, PredictionView
from startup_toolkit.pages.profile.state import ProfileState
from startup_toolkit.pages.profile.views import ProfileView
from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.services import saved_results, sessions
from startup_toolkit.state import private_state
from startup_toolkit.state.auth import AuthState
from startup_toolkit.state.private_state import (
    PrivateStateGuard,
    cookie_fingerprint,
    private_state_classes,
)
from tests.support.founders import open_access, signed_in
from tests.support.tool_states import router

Ada = tuple[rx.State, str, str]  # (tab, Cookie header, saved result title)
HYDRATE = Event(name=f"{rx.State.get_full_name()}.hydrate_and_load")
ROUTE = "/dashboard"


_setup = open_access()


def tab(cookie: str) -> rx.State:
    """A fresh state tree, as a tab presenting `cookie` has it."""
    root = rx.State(_reflex_internal_init=True)
    root.router = router(ROUTE, cookie)
    return root


def sub(root: rx.State, cls: type[Any]) -> Any:
    return root.get_substate(cls.get_full_name().split("."))


def reconnect(root: rx.State, cookie: str, event: Event = HYDRATE) -> None:
    """The same tab (same server-side state) on a new connection with `cookie`."""
    root.router = router(ROUTE, cookie)
    asyncio.run(PrivateStateGuard().preprocess(app=None, state=root, event=event))  # type: ignore[arg-type]


def fill(engine: Engine, root: rx.State, user_id: str) -> str:
    """The dashboard and header of `root` loaded for `user_id`; the saved result's title."""
    title = f"Secret {user_id[:6]}"
    with Session(engine) as db:
        assert saved_results.save_result(
            db, user_id, SaveRequest(GROWTH_ENGINE.name, title, "Body")
        ).ok
    reconnect(root, root.router.headers.cookie)
    asyncio.run(sub(root, AuthState).load())
    asyncio.run(sub(root, DashboardState).load())
    assert [s["title"] for s in sub(root, DashboardState).view.saved] == [title]
    return title


def shown(root: rx.State) -> str:
    """Everything a hydrate would send the browser."""
    return repr(root.dict())


@pytest.fixture
def ada(engine: Engine) -> Ada:
    """(tab, Cookie header, saved result title) of a founder whose dashboard is loaded."""
    user_id, cookie = signed_in(engine)
    root = tab(cookie)
    return root, cookie, fill(engine, root, user_id)


def test_every_state_with_a_users_data_is_private() -> None:
    names = {cls.__name__ for cls in private_state_classes()}
    assert {
        "AuthState",
        "DashboardState",
        "ProfileState",
        "ToolPageState",
        "NotificationsState",
        "SolutionsState",
        "CofounderState",
        "ScannerState",
        "IncubatorState",
        "GrowthState",
        "FundingState",
        "OracleState",
        "OracleContentState",
        "RecommenderState",
        "ArenaState",
    } <= names
    assert not {"LoginState", "SignupState", "PricingState"} & names


def test_the_tab_token_without_the_cookie_gets_nothing(ada: Ada) -> None:
    root, _, title = ada
    assert title in shown(root) and "ada@example.com" in shown(root)

    reconnect(root, "")
    assert title not in shown(root)
    assert "ada@example.com" not in shown(root) and "Ada Lovelace" not in shown(root)
    assert sub(root, DashboardState).view is None  # the page's defaults again: loading


def test_another_users_cookie_gets_nothing_of_the_first(engine: Engine, ada: Ada) -> None:
    root, _, title = ada
    _, other = signed_in(engine, "bob@example.com")
    reconnect(root, other, Event(name=f"{DashboardState.get_full_name()}.set_detail_open"))
    assert title not in shown(root) and "ada@example.com" not in shown(root)


def test_a_session_ended_elsewhere_gets_nothing_at_the_next_page_load(
    engine: Engine, ada: Ada
) -> None:
    root, cookie, title = ada
    with Session(engine) as db:
        sessions.end_session(db, cookie.split("=", 1)[1])
    reconnect(root, cookie)
    assert title not in shown(root) and "ada@example.com" not in shown(root)


def test_the_same_session_keeps_its_state_without_a_lookup_per_event(
    ada: Ada, monkeypatch: pytest.MonkeyPatch
) -> None:
    root, cookie, title = ada

    def no_lookup(*_: Any) -> None:
        raise AssertionError("the session was looked up for an ordinary event")

    monkeypatch.setattr(private_state, "resolve_session", no_lookup)
    reconnect(root, cookie, Event(name=f"{DashboardState.get_full_name()}.set_detail_open"))
    assert title in shown(root)


def test_a_page_load_that_cannot_check_the_session_forgets(
    ada: Ada, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database is down at a page load: the safe side is to show nothing."""
    root, cookie, title = ada

    def down(*_: Any) -> None:
        raise OSError("database unreachable")

    monkeypatch.setattr(private_state, "resolve_session", down)
    reconnect(root, cookie)
    assert title not in shown(root)


def test_the_guard_of_a_page_forgets_when_there_is_no_session(engine: Engine, ada: Ada) -> None:
    """The on_load guard (P-AUTH-1) settles what is loaded with the user it found."""
    root, cookie, title = ada
    with Session(engine) as db:
        sessions.end_session(db, cookie.split("=", 1)[1])
    asyncio.run(sub(root, AuthState).require_sign_in())
    assert title not in shown(root) and "ada@example.com" not in shown(root)


def test_sign_out_forgets_every_private_state(ada: Ada) -> None:
    root, _, title = ada
    profile = sub(root, ProfileState)
    profile.profile = ProfileView(full_name="Ada Lovelace")
    asyncio.run(sub(root, AuthState).sign_out())
    assert title not in shown(root) and "Ada Lovelace" not in shown(root)
    assert all(s._owner_user == "" for s in private_state._loaded_private(root))


def test_forgetting_keeps_browser_storage_and_makes_running_work_stale(engine: Engine) -> None:
    """The browser's own storage is the browser's; a tool's run counter only moves on, so a
    run started for the previous owner finds itself stale."""
    _, cookie = signed_in(engine)
    root = tab(cookie)
    reconnect(root, cookie)
    oracle, scanner = sub(root, OracleState), sub(root, ScannerState)
    oracle.stored, oracle.result = '{"idea": "x"}', PredictionView()
    scanner._run, scanner.running, scanner.idea = 3, True, "An idea"
    reconnect(root, "")
    assert oracle.stored == '{"idea": "x"}' and oracle.result is None
    assert scanner._run == 4 and scanner.running is False and scanner.idea == ""


def test_cookie_fingerprints_tell_cookies_apart_without_keeping_them() -> None:
    assert cookie_fingerprint("") == ""
    first, second = cookie_fingerprint("a" * 43), cookie_fingerprint("b" * 43)
    assert first != second and len(first) == 24
    assert "a" * 10 not in first and first != sessions.hash_token("a" * 43)[:24]
