"""Issue 13, finding 6, as the review ran it: 12 contact submissions from 12 tabs of one
address, sent at once to the production backend, store at most the limit (5); the review
stored 9. The service-level race, on SQLite and PostgreSQL: tests/services/test_contact_race.py.
"""

from __future__ import annotations

import time

from sqlmodel import func, select

from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.pages.contact import ContactState
from startup_toolkit.settings import get_settings
from tests.security.conftest import ProdApp

PARALLEL = 12


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
        # Wait until the stored count stops changing (every submission answered).
        deadline, seen = time.monotonic() + 30, -1
        while time.monotonic() < deadline and ((now := _stored(prod, text)) != seen or not now):
            seen = now
            time.sleep(1.5)
    finally:
        for tab in tabs:
            tab.close()
    stored = _stored(prod, text)
    assert 1 <= stored <= get_settings().contact_limit_count, prod.backend.tail()
