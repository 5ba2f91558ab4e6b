"""The dashboard's saved-result actions of issue 14 without a browser, on a real database and
real sessions: Open in the tool, Delete asks first and Undo puts the result back, and the
share dialog's link (created for the founder's own result only, listed, revoked)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain.catalog import GROWTH_ENGINE, STARTUP_ARENA, VIABILITY_SCANNER
from startup_toolkit.domain.tools import result_path
from startup_toolkit.models import SavedResult
from startup_toolkit.services import saved_results, share_links, user_cache
from startup_toolkit.state.share import SHARE_PATH, ShareState
from tests.pages.dashboard.test_state import make_state
from tests.support.events import call, toast_text
from tests.support.founders import Founder, founder_fixture
from tests.support.kept import saved_result
from tests.support.tool_states import substate


@pytest.fixture(autouse=True)
def _setup(settings_env: pytest.MonkeyPatch, cheap_hashing: None) -> None:
    settings_env.setenv("ACCESS_MODE", "open")
    settings_env.setenv("PUBLIC_BASE_URL", "https://unstuck.example")
    user_cache.cache.clear()


user_a = founder_fixture("a@example.com")
user_b = founder_fixture("b@example.com")


def share_state(cookie: str) -> ShareState:
    return substate(ShareState, "/dashboard", cookie)


def run(coro: Any) -> str:
    """What the handler showed: its toasts' text ('' for none)."""
    return toast_text(call(coro))


def test_result_path_opens_only_tools_that_reopen_results() -> None:
    assert result_path(VIABILITY_SCANNER.name, 7) == f"{VIABILITY_SCANNER.path}?result=7"
    assert result_path(GROWTH_ENGINE.name, 3) == f"{GROWTH_ENGINE.path}?result=3"
    assert result_path(STARTUP_ARENA.name, 3) == ""
    assert result_path("Some Hub category", 3) == ""


def test_saved_cards_offer_open_in_the_tool(engine: Engine, user_a: Founder) -> None:
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    state = make_state(user_a[1])
    call(state.load())
    assert state.view.saved[0]["open"] == f"{GROWTH_ENGINE.path}?result={rid}"


def test_delete_asks_first_then_undo_puts_the_result_back(engine: Engine, user_a: Founder) -> None:
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    state = make_state(user_a[1])
    call(state.load())
    with Session(engine) as db:  # the confirm dialog asks in the browser; nothing gone yet
        assert db.get(SavedResult, rid) is not None
    evs = call(state.delete_result(str(rid)))
    assert "Result deleted successfully" in toast_text(evs) and "Undo" in str(evs[0].payload)
    assert state.view.saved == [] and state.view.saved_total == 0
    assert "Result restored" in toast_text(call(state.undo_delete()))
    assert [s["id"] for s in state.view.saved] == [str(rid)]  # the same result, under its own id
    with Session(engine) as db:
        row = db.get(SavedResult, rid)
        assert row is not None and row.title == "Plan" and row.user_id == user_a[0]
    assert call(state.undo_delete()) == []  # nothing left to undo


def test_restore_refuses_a_result_that_is_back_or_a_bad_snapshot(
    engine: Engine, user_a: Founder
) -> None:
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    with Session(engine) as db:
        snapshot = saved_results.take_saved_result(db, user_a[0], rid)
        assert snapshot is not None
        assert saved_results.restore_saved_result(db, user_a[0], snapshot) == rid
        assert saved_results.restore_saved_result(db, user_a[0], snapshot) is None
        assert saved_results.restore_saved_result(db, user_a[0], {"id": "x"}) is None
        assert saved_results.restore_saved_result(db, user_a[0], "nope") is None


def test_another_founders_result_is_neither_deleted_nor_undone(
    engine: Engine, user_a: Founder, user_b: Founder
) -> None:
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    b = make_state(user_b[1])
    call(b.load())
    assert "Failed to delete result" in toast_text(call(b.delete_result(str(rid))))
    assert call(b.undo_delete()) == []
    with Session(engine) as db:
        assert db.get(SavedResult, rid) is not None


def test_share_dialog_makes_lists_and_revokes_a_link(engine: Engine, user_a: Founder) -> None:
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    state = share_state(user_a[1])
    state.open_share("result", str(rid), "Plan")
    dialog = state.dialog
    assert dialog is not None and dialog.open and dialog.link == "" and dialog.expiry == "7"
    state.set_expiry("30")
    state.set_expiry("forever")  # not an offered choice: ignored
    assert state.dialog.expiry == "30"
    assert run(state.create_link()) == ""
    assert state.dialog.link.startswith(f"https://unstuck.example{SHARE_PATH}")
    token = state.dialog.link.rsplit("/", 1)[1]
    assert len(token) >= 22  # at least 128 bits, url-safe
    with Session(engine) as db:
        opened = share_links.open_link(db, token)
    assert (opened.kind, opened.target, opened.owner_id) == ("result", (rid,), user_a[0])
    assert [(r["title"], r["status"], r["kind"]) for r in state.links] == [
        ("Plan", "Active", "Saved result")
    ]
    assert state.links[0]["expires"] != ""
    assert "Link revoked" in run(state.revoke(state.links[0]["id"]))
    assert state.links[0]["status"] == "Revoked"
    with Session(engine) as db:
        assert share_links.open_link(db, token).problem == share_links.REVOKED
    state.set_dialog_open(False)
    assert state.dialog.link == "" and not state.dialog.open  # the token is shown once


def test_a_link_to_another_founders_result_is_refused(
    engine: Engine, user_a: Founder, user_b: Founder
) -> None:
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    b = share_state(user_b[1])
    b.open_share("result", str(rid), "Plan")
    assert "Could not create the link" in (run(b.create_link()))
    assert b.dialog.link == "" and b.links == []
    run(b.load_links())
    a = share_state(user_a[1])
    run(a.load_links())
    assert a.links == []  # nothing was made for anyone
    assert "Could not revoke" in (run(b.revoke("1")))


def test_signed_out_share_asks_to_sign_in(engine: Engine) -> None:
    state = share_state("")
    state.open_share("idea", "4", "My idea")
    assert "Please sign in to share" in (run(state.create_link()))
    state.open_share("secret", "4", "x")  # not a kind of link
    assert state.dialog is not None and state.dialog.kind == "idea"


def test_the_dashboards_load_lists_the_founders_links_in_the_same_event(
    engine: Engine, user_a: Founder
) -> None:
    """P-DASH-10, issue 12: the Shared Links card fills from the page's one load event."""
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    maker = share_state(user_a[1])
    maker.open_share("result", str(rid), "Plan")
    assert run(maker.create_link()) == ""
    dashboard = make_state(user_a[1])
    assert run(dashboard.load()) == ""
    links = dashboard.parent_state.get_substate(ShareState.get_full_name().split(".")[1:])
    assert [(r["title"], r["status"]) for r in links.links] == [("Plan", "Active")]
    assert links.links and dashboard.view.saved[0]["title"] == "Plan"


def test_a_link_to_a_deleted_result_is_listed_as_deleted_not_active(
    engine: Engine, user_a: Founder
) -> None:
    """Issue 27, item 1: a deleted object's links die for good, and the founder's list says
    so (no Revoke offered for a link that no longer opens)."""
    rid = saved_result(engine, user_a[0], GROWTH_ENGINE.name, title="Plan")
    state = share_state(user_a[1])
    state.open_share("result", str(rid), "Plan")
    assert run(state.create_link()) == ""
    with Session(engine) as db:
        assert saved_results.delete_saved_result(db, user_a[0], rid)
    run(state.load_links())
    assert [(r["title"], r["status"]) for r in state.links] == [("Plan", "Deleted")]
