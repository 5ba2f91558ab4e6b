"""Issue 13, finding 6: the contact form's per-address limit holds under parallel
submissions (the review stored 9 of 12 parallel messages with a limit of 5), on SQLite and on
PostgreSQL: each submission its own thread and database session, all released at once."""

from __future__ import annotations

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, func, select

from startup_toolkit.models.contact import ContactMessage
from startup_toolkit.services.contact import submit_contact_message
from startup_toolkit.settings import get_settings
from tests.support.race import all_at_once

PARALLEL = 12
ADDRESS = "203.0.113.77"


def _race(engine: Engine) -> list[str]:
    def submit(n: int) -> str:
        with Session(engine, expire_on_commit=False) as db:
            result = submit_contact_message(
                db, f"Ada {n}", "ada@example.com", "Hello there", ADDRESS
            )
            return result.status

    return [str(outcome) for outcome in all_at_once(PARALLEL, submit)]


def _stored(engine: Engine) -> int:
    with Session(engine) as db:
        count = select(func.count()).where(ContactMessage.ip_address == ADDRESS)
        return int(db.exec(count).one())


def test_parallel_submissions_store_at_most_the_limit_on_sqlite(engine: Engine) -> None:
    limit = get_settings().contact_limit_count
    answers = _race(engine)
    assert _stored(engine) == limit
    assert sorted(answers) == sorted(["ok"] * limit + ["rate_limited"] * (PARALLEL - limit))


@pytest.mark.postgres
def test_parallel_submissions_store_at_most_the_limit_on_postgresql(pg_engine: Engine) -> None:
    limit = get_settings().contact_limit_count
    answers = _race(pg_engine)
    assert _stored(pg_engine) == limit
    assert sorted(answers) == sorted(["ok"] * limit + ["rate_limited"] * (PARALLEL - limit))
