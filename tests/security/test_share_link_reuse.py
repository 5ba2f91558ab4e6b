"""The review's share-link attack (issue 27, item 1; checklist T-SCAN-5 share, P-DASH-5
delete), against the production backend: a founder shares saved result N with a link that
never expires, deletes it from the dashboard (the real Socket.IO event), and saves a new
result, which SQLite gives the same id. The old link, page and downloads, must not show it.
"""

from __future__ import annotations

from collections.abc import Callable

import httpx

from startup_toolkit.pages.dashboard.state import DashboardState
from startup_toolkit.pages.shared.state import SharedState
from startup_toolkit.services import saved_results, share_links
from tests.security.conftest import Founder, ProdApp
from tests.support.kept import saved_result
from tests.support.reflex_socket import delta_value

SHARED = SharedState.get_full_name()
DASHBOARD = DashboardState.get_full_name()
SECRET = "Never shared: the pivot plan"


def _visit(prod: ProdApp, token: str) -> tuple[str, bool, dict[str, httpx.Response]]:
    """What a signed-out visitor with the link gets: the page's problem, whether it shows a
    report, and the .md and .pdf downloads."""
    tab = prod.tab()
    try:
        loaded = tab.open_page(f"/shared/{token}")
    finally:
        tab.close()
    try:
        problem = delta_value(loaded, SHARED, "problem")
    except KeyError:
        problem = ""
    try:
        shown = delta_value(loaded, SHARED, "report") is not None
    except KeyError:
        shown = False
    with httpx.Client(base_url=prod.url, timeout=30) as http:
        files = {fmt: http.get(f"/api/shared/{token}.{fmt}") for fmt in ("md", "pdf")}
    return problem, shown, files


def test_an_old_link_does_not_show_a_result_saved_under_a_reused_id(
    prod: ProdApp, make_founder: Callable[[], Founder]
) -> None:
    ada = make_founder()
    with prod.db() as db:
        rid = saved_result(db, ada.user_id, "Startup Viability Scanner", "Shared", "Shared plan")
        token = share_links.create_link(db, ada.user_id, "result", rid, "never", "Plan")
    assert token is not None
    problem, shown, files = _visit(prod, token)
    assert (problem, shown) == ("", True)
    assert [r.status_code for r in files.values()] == [200, 200]
    assert "Shared plan" in files["md"].text

    tab = prod.tab(ada.cookie)
    try:
        tab.open_page("/dashboard")
        tab.send(f"{DASHBOARD}.delete_result", "/dashboard", result_id=rid)
    finally:
        tab.close()
    with prod.db() as db:
        assert saved_results.get_saved_result(db, ada.user_id, rid) is None, prod.backend.tail()
        assert saved_result(db, ada.user_id, "Startup Viability Scanner", SECRET, SECRET) == rid

    problem, shown, files = _visit(prod, token)
    assert all(SECRET not in r.text for r in files.values())
    assert [r.status_code for r in files.values()] == [404, 404]
    assert not shown
    assert problem == share_links.GONE
