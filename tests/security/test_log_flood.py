"""Issue 27, item 3: nobody can flood the log with tracebacks. The review's two attacks, each
sent many times on the production backend: (a) an unauthenticated socket's event nested
~1,100 levels deep (12,370 RecursionError tracebacks in 10 s before), (b) `sign_in` with a
list for its form (one AttributeError traceback per event before). Each kind now leaves at
most one line a minute and no traceback, each event gets the malformed-event answer, and the
socket keeps working.
"""

from __future__ import annotations

import json
from typing import Any

from startup_toolkit.pages.login import LoginState
from tests.security.conftest import ProdApp
from tests.security.test_log_canary import _round_trip, _settled_log
from tests.support.reflex_socket import NAMESPACE, ROUTER_DATA, Tab

SIGN_IN = f"{LoginState.get_full_name()}.sign_in"
TIMES = 200


def _deep_frame() -> str:
    nested = "[" * 1100 + "1" + "]" * 1100
    router = json.dumps({**ROUTER_DATA, "pathname": "/login", "asPath": "/login"})
    return f'42{NAMESPACE},["event",{{"payload":{{"v":{nested}}},"router_data":{router}}}]'


def _answers(tab: Tab, count: int) -> list[dict[str, Any]]:
    """The first `count` updates carrying the malformed-event answer (a toast)."""
    seen: list[dict[str, Any]] = []

    def done(update: dict[str, Any]) -> bool:
        if "An error occurred." in json.dumps(update.get("events") or []):
            seen.append(update)
        return len(seen) >= count

    tab.receive_until(done)
    return seen


def _flood(prod: ProdApp, send: Any) -> str:
    """What the log gained while one fresh, signed-out tab sent `send` TIMES times."""
    tab = prod.tab()
    tab.open_page("/login")
    before = len(_settled_log(prod, quiet=1.0))
    try:
        for _ in range(TIMES):
            send(tab)
        assert len(_answers(tab, TIMES)) == TIMES
        _round_trip(tab)  # the socket still serves real events
    finally:
        tab.close()
    return _settled_log(prod)[before:]


def _assert_quiet(added: str, kind: str) -> None:
    lines = [line for line in added.splitlines() if line.strip()]
    assert "Traceback" not in added, added[:4000]
    assert "RecursionError" not in added and "AttributeError" not in added, added[:4000]
    assert len(lines) <= 2, f"{TIMES} events left {len(lines)} lines:\n{added[:4000]}"
    assert all(kind in line for line in lines), added


def test_deeply_nested_events_leave_at_most_one_line(prod: ProdApp) -> None:
    """Attack (a): the bound applies before the socket decodes the frame."""
    added = _flood(prod, lambda tab: tab._ws.send(_deep_frame()))
    _assert_quiet(added, "nested too deep")


def test_sign_in_with_a_list_leaves_at_most_one_line(prod: ProdApp) -> None:
    """Attack (b): the handler's arguments are checked against its type hints first."""
    added = _flood(prod, lambda tab: tab.emit(SIGN_IN, {"form": ["x"]}, "/login"))
    _assert_quiet(added, "payload does not fit the handler")
