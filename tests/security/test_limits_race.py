"""Issue 13, finding 6, as the review ran it against the production backend: 12 contact
submissions from 12 tabs of one address, sent at once, store at most the limit (5; the review
stored 9); 8 scans at once by a founder at the edge of the AI budget reach the model once. The
service-level races, on SQLite and PostgreSQL: tests/services/test_contact_race.py and
test_ai_budget_race.py."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

from sqlmodel import func, select

from startup_toolkit.models.ai import AiUsage
from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.pages.contact import ContactState
from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.settings import get_settings
from tests.security.conftest import Founder, ProdApp

PARALLEL = 12
PARALLEL_SCANS = 8


def _stored(prod: ProdApp, text: str) -> int:
    with prod.db() as db:
        count = select(func.count()).where(ContactMessage.message == text)
        return int(db.exec(count).one())


def test_parallel_contact_submissions_store_at_most_the_limit(prod: ProdApp) -> None:
    text = f"Parallel hello {time.time_ns()}"
    form = {"name": "Ada", "email": "ada@example.com", "message": text}
    tabs = [prod.tab() for _ in range(PARALLEL)]
    try:
        for tab in tabs:
            tab.open_page("/contact")
        for tab in tabs:
            tab.emit(f"{ContactState.get_full_name()}.submit", {"form_data": form}, "/contact")
        # every submission answered (its spinner shown, then gone): the count is final
        for tab in tabs:
            tab.receive_until(_went_back(ContactState.get_full_name(), "submitting"))
    finally:
        for tab in tabs:
            tab.close()
    stored = _stored(prod, text)
    assert 1 <= stored <= get_settings().contact_limit_count, prod.backend.tail()


def test_parallel_scans_at_the_edge_of_the_budget_reach_the_model_once(
    prod: ProdApp, make_founder: Callable[[], Founder]
) -> None:
    """8 tabs of one founder at 199,900 of 200,000 tokens press Launch Genesis Scan at once:
    the first scan holds its largest cost, so one reaches the model and seven are refused
    (the review saw all 8 run)."""
    founder = make_founder()
    limit = get_settings().ai_daily_tokens
    with prod.db() as db:
        db.add(AiUsage(user_id=founder.user_id, tool_name="scanner", total_tokens=limit - 100))
        db.commit()
    idea = f"A marketplace for parallel budget checks, run {time.time_ns()}"
    scanner = ScannerState.get_full_name()
    tabs = [prod.tab(founder.cookie) for _ in range(PARALLEL_SCANS)]
    try:
        for tab in tabs:
            tab.open_page("/scanner")
            tab.emit(f"{scanner}.set_idea", {"value": idea}, "/scanner")
        for tab in tabs:
            tab.emit(f"{scanner}.scan", {}, "/scanner")
        # every tab's scan has ended (answered or refused): no other scan can reach the model
        for tab in tabs:
            tab.receive_until(_went_back(scanner, "running"))
    finally:
        for tab in tabs:
            tab.close()
    assert _scans_sent(prod, idea) == 1, prod.backend.tail()


def _went_back(state: str, var: str) -> Callable[[dict[str, Any]], bool]:
    """Accepts the update that ends a tab's event: `state`'s `var` back to False after True."""
    seen: list[bool] = []

    def ended(update: dict[str, Any]) -> bool:
        for name, value in (update.get("delta") or {}).get(state, {}).items():
            if name == var or name.startswith(f"{var}_rx_state_"):
                seen.append(bool(value))
        return True in seen and seen[-1] is False

    return ended


def _scans_sent(prod: ProdApp, idea: str) -> int:
    """First attempts (system and user message) of a scan of `idea` the model received."""
    return sum(
        1
        for body in prod.ai.requests
        if len(body.get("messages") or []) == 2 and idea in body["messages"][1]["content"]
    )
