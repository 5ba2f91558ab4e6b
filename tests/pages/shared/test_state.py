"""The read-only page of a share link (issue 14, item 7) without a browser, on a real database:
anyone holding a live link sees only what was shared; a revoked, expired or unknown link, or
one whose result was deleted, says why it does not open."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import scanner_export
from startup_toolkit.domain.catalog import VIABILITY_SCANNER
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.pages.shared.state import GONE, SharedState, token_of
from startup_toolkit.services import saved_results, share_links
from tests.support.founders import signed_in
from tests.support.tool_states import substate

IDEA = "Meal kits for night-shift nurses."


@pytest.fixture(autouse=True)
def _open(settings_env: pytest.MonkeyPatch) -> None:
    settings_env.setenv("ACCESS_MODE", "open")


def shared_scan(engine: Engine, expiry: str = "7") -> tuple[str, str, int]:
    """(owner id, token, saved result id) of a saved scan shared by a founder."""
    owner, _ = signed_in(engine, "owner@example.com")
    with Session(engine) as db:
        saved = saved_results.save_result(
            db,
            owner,
            SaveRequest(
                VIABILITY_SCANNER.name,
                scanner_export.result_title(SAMPLE_SCAN.overallScore),
                scanner_export.save_content(SAMPLE_SCAN, IDEA),
                "analysis",
                "",
                scanner_export.save_metadata(SAMPLE_SCAN, IDEA, utcnow()),
            ),
        )
        assert saved.result_id
        token = share_links.create_link(db, owner, "result", saved.result_id, expiry, "My scan")
    assert token
    return owner, token, saved.result_id


def open_page(token: str) -> SharedState:
    """The page as a signed-out visitor's tab at /shared/<token> loads it."""
    state = substate(SharedState, f"/shared/{token}")
    asyncio.run(state.load())
    return state


def test_token_of_reads_only_the_share_path() -> None:
    assert token_of("/shared/abc_DEF-1") == "abc_DEF-1"
    assert token_of("/shared/abc/") == "abc"
    assert token_of("/shared/a/b") == ""
    assert token_of("/dashboard") == ""


def test_a_live_link_shows_the_shared_result_to_a_visitor(engine: Engine) -> None:
    _, token, _ = shared_scan(engine)
    fresh = substate(SharedState, f"/shared/{token}")
    assert (fresh.report, fresh.problem) == (None, "")  # the page shows its spinner
    state = open_page(token)
    assert state.problem == "" and state.report is not None
    assert state.report.title == scanner_export.result_title(SAMPLE_SCAN.overallScore)
    headings = [s.heading for s in state.report.sections]
    assert headings  # the scan's sections
    charts = [s for s in state.report.sections if s.series]
    assert charts and {row["label"] for row in charts[0].chart} >= {
        c.category for c in SAMPLE_SCAN.categories
    }
    assert state.token == token  # its downloads


def test_revoked_expired_unknown_and_deleted_links_say_why(engine: Engine) -> None:
    owner, token, rid = shared_scan(engine)
    with Session(engine) as db:
        (link,) = share_links.list_links(db, owner)
        assert share_links.revoke_link(db, owner, link.id)
    revoked = open_page(token)
    assert revoked.problem == share_links.REVOKED and revoked.report is None
    assert revoked.token == ""

    assert open_page("x" * 43).problem == share_links.UNKNOWN
    assert open_page("short").problem == share_links.UNKNOWN

    with Session(engine) as db:
        token = share_links.create_link(
            db, owner, "result", rid, "7", "Old", now=utcnow() - timedelta(days=8)
        )
    assert token and open_page(token).problem == share_links.EXPIRED

    with Session(engine) as db:
        token = share_links.create_link(db, owner, "result", rid, "never", "Gone")
        assert token and saved_results.delete_saved_result(db, owner, rid)
    assert open_page(token).problem == GONE
