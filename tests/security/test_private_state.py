"""Findings 5, 8 and 9 of the review, against the production backend: a tab's private page
state does not outlive its session, ids from the browser of any size or type get the
handler's normal answer (never a traceback), and a saved result's HTML is sanitised when it
is read, not only when it is saved."""

from __future__ import annotations

import json
import uuid
from typing import Any

import httpx
import pytest

from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.models.results import SavedResult
from startup_toolkit.pages.dashboard.state import (
    MARK_READ_FAILED,
    RESULT_DELETE_FAILED,
    RESULT_LOAD_FAILED,
    DashboardState,
)
from startup_toolkit.services import activity, saved_results
from startup_toolkit.state.auth import AuthState
from tests.security.conftest import Founder, ProdApp
from tests.support.reflex_socket import Tab, delta_value, reconnect

NAME = "Grace Hopper"
DASHBOARD = DashboardState.get_full_name()


def _secret_result(prod: ProdApp, founder: Founder) -> str:
    """A saved result only this founder may see; its title."""
    title = f"Secret plan {uuid.uuid4().hex[:8]}"
    with prod.db() as db:
        outcome = saved_results.save_result(
            db, founder.user_id, SaveRequest("Startup Scanner", title, "Our unannounced pivot.")
        )
        assert outcome.ok, outcome.message
    return title


def _private_texts(founder: Founder, title: str) -> tuple[str, ...]:
    return (title, founder.email, NAME, "Our unannounced pivot")


def _leaks(updates: list[dict[str, Any]], founder: Founder, title: str) -> list[str]:
    text = json.dumps(updates)
    return [secret for secret in _private_texts(founder, title) if secret in text]


def _signed_in_dashboard(prod: ProdApp, founder: Founder, title: str) -> Tab:
    tab = prod.tab(founder.cookie)
    updates = tab.open_page("/dashboard")
    assert [s["title"] for s in delta_value(updates, DASHBOARD, "view")["saved"]] == [title]
    assert delta_value(updates, AuthState.get_full_name(), "user_email") == founder.email
    return tab


def test_an_old_tab_token_without_the_cookie_gets_nothing_private(
    prod: ProdApp, make_founder
) -> None:
    """Finding 5: the founder's tab token, presented again without the session cookie, is
    served a hydrate with none of the dashboard's rows, the email or the name."""
    founder = make_founder(NAME)
    title = _secret_result(prod, founder)
    tab = _signed_in_dashboard(prod, founder, title)
    tab.close()

    stale = reconnect(prod.url, tab.token)
    try:
        updates = stale.open_page("/dashboard")
        assert delta_value(updates, AuthState.get_full_name(), "signed_in") is False
        assert _leaks(updates, founder, title) == []
    finally:
        stale.close()


def test_after_sign_out_the_tab_shows_nothing_private(prod: ProdApp, make_founder) -> None:
    """Finding 5: after sign-out, reloading the same tab (even with the dead cookie the
    browser may still send) shows nothing of the account."""
    founder = make_founder(NAME)
    title = _secret_result(prod, founder)
    tab = _signed_in_dashboard(prod, founder, title)
    try:
        tab.emit(f"{AuthState.get_full_name()}.sign_out", {}, "/dashboard")
        tab.receive_until(lambda u: bool(u.get("events")))
    finally:
        tab.close()
    httpx.post(f"{prod.url}/api/auth/signout", headers={"Cookie": founder.cookie}, timeout=10)

    for cookie in (founder.cookie, ""):
        again = reconnect(prod.url, tab.token, cookie)
        try:
            updates = again.open_page("/dashboard")
            assert _leaks(updates, founder, title) == [], cookie
        finally:
            again.close()


def test_a_revoked_session_on_the_same_tab_gets_nothing_private(
    prod: ProdApp, make_founder
) -> None:
    """Finding 5: the session ended elsewhere (signed out in another tab); this tab
    reconnecting with its now dead cookie gets no private state."""
    founder = make_founder(NAME)
    title = _secret_result(prod, founder)
    tab = _signed_in_dashboard(prod, founder, title)
    tab.close()
    # Signed out in another tab of the browser: the route ends the session in the server.
    httpx.post(f"{prod.url}/api/auth/signout", headers={"Cookie": founder.cookie}, timeout=10)

    again = reconnect(prod.url, tab.token, founder.cookie)
    try:
        updates = again.open_page("/dashboard")
        assert _leaks(updates, founder, title) == []
    finally:
        again.close()


BAD_IDS: list[Any] = [
    2**63,
    2**64 + 5,
    -(2**63) - 1,
    -3,
    0,
    "9" * 40,
    "18446744073709551616",
    "-5",
    "1.5",
    1.5,
    True,
    None,
    [],
    {},
    "x" * 100_000,
]


def _toast_text(updates: list[dict[str, Any]]) -> str:
    return json.dumps([u.get("events") for u in updates])


@pytest.mark.parametrize(
    ("handler", "argument", "answer"),
    [
        ("open_result", "result_id", RESULT_LOAD_FAILED),
        ("delete_result", "result_id", RESULT_DELETE_FAILED),
        ("dismiss_notification", "notification_id", MARK_READ_FAILED),
    ],
)
def test_bad_ids_get_the_not_found_answer_and_no_traceback(
    prod: ProdApp, make_founder, handler: str, argument: str, answer: str
) -> None:
    """Finding 8: oversized, negative, non-integer and wrongly typed ids sent to the
    dashboard's handlers get the same toast as another user's id, and the server logs no
    traceback."""
    founder = make_founder(NAME)
    tab = prod.tab(founder.cookie)
    log_before = len(prod.backend.log_text())
    try:
        tab.open_page("/dashboard")
        for bad in BAD_IDS:
            tab.emit(f"{DASHBOARD}.{handler}", {argument: bad}, "/dashboard")
            updates = tab.receive_until(lambda u: bool(u.get("events")))
            assert answer in _toast_text(updates), (bad, updates)
    finally:
        tab.close()
    log = prod.backend.log_text()[log_before:]
    assert "Traceback" not in log and "OverflowError" not in log, log[-3000:]


def test_notification_page_handlers_take_bad_ids_quietly(prod: ProdApp, make_founder) -> None:
    """Finding 8: the same for the notifications page (mark read, delete)."""
    from startup_toolkit.pages.notifications import NotificationsState

    founder = make_founder(NAME)
    with prod.db() as db:
        activity.add_notification(db, founder.user_id, "info", "Welcome aboard")
        db.commit()
    state = NotificationsState.get_full_name()
    tab = prod.tab(founder.cookie)
    log_before = len(prod.backend.log_text())
    try:
        tab.open_page("/notifications")
        for handler in ("mark_read", "delete"):
            for bad in (2**64, -(2**64), "99999999999999999999", 1.5):
                tab.emit(f"{state}.{handler}", {"notification_id": bad}, "/notifications")
                tab.receive_until(lambda u: bool(u.get("events")))
    finally:
        tab.close()
    log = prod.backend.log_text()[log_before:]
    assert "Traceback" not in log and "OverflowError" not in log, log[-3000:]


def test_a_script_written_into_the_database_is_served_sanitised(
    prod: ProdApp, make_founder
) -> None:
    """Finding 9: a saved result whose HTML was written by an older version, or straight
    into the database, is sanitised again when the dashboard reads it."""
    founder = make_founder(NAME)
    with prod.db() as db:
        row = SavedResult(
            user_id=founder.user_id,
            tool_name="Startup Scanner",
            title="Old row",
            content={"rawContent": "plain"},
            formatted_content=(
                '<p onclick="alert(1)">Kept</p><script>alert("x")</script>'
                '<img src=x onerror="alert(2)"><a href="javascript:alert(3)">link</a>'
            ),
        )
        db.add(row)
        db.commit()
        result_id = row.id
    tab = prod.tab(founder.cookie)
    try:
        tab.open_page("/dashboard")
        updates = tab.send(f"{DASHBOARD}.open_result", "/dashboard", result_id=str(result_id))
        html = delta_value(updates, DASHBOARD, "detail")["html"]
    finally:
        tab.close()
    assert "Kept" in html
    for bad in ("<script", "onclick", "onerror", "<img", "javascript:", "alert"):
        assert bad not in html, html
