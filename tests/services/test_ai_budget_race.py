"""Issue 13, finding 6: parallel AI calls by a founder whose daily budget is nearly spent
(the review saw 8 of 8 run at 199,900 of 200,000 tokens). Each call holds its largest cost
under the founder's writer lock, so only the first passes, on SQLite and on PostgreSQL: each
hold in its own thread and database session, all released at once."""

from __future__ import annotations

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.models.ai import AiUsage
from startup_toolkit.services import ai_usage
from tests.support.founders import user
from tests.support.race import all_at_once

PARALLEL = 8
LIMIT = 200_000
CALL_MAXIMUM = 4_500  # a scan's max_tokens and prompt


def _founder_at_the_edge(engine: Engine) -> str:
    user_id = user(engine)
    with Session(engine) as db:
        db.add(AiUsage(user_id=user_id, tool_name="scanner", total_tokens=LIMIT - 100))
        db.commit()
    return user_id


def _race(engine: Engine) -> tuple[int, int]:
    """(calls that got a hold, calls refused)."""
    user_id = _founder_at_the_edge(engine)

    def call(_n: int) -> int | None:
        with Session(engine, expire_on_commit=False) as db:
            return ai_usage.hold(db, user_id, "scanner", CALL_MAXIMUM, LIMIT)

    outcomes = all_at_once(PARALLEL, call)
    held = [o for o in outcomes if isinstance(o, int)]
    refused = [o for o in outcomes if isinstance(o, ai_usage.BudgetSpent)]
    assert len(held) + len(refused) == PARALLEL, outcomes
    with Session(engine) as db:
        assert ai_usage.tokens_used_today(db, user_id) == LIMIT - 100 + CALL_MAXIMUM * len(held)
    return len(held), len(refused)


def test_one_call_passes_a_nearly_spent_budget_on_sqlite(engine: Engine) -> None:
    assert _race(engine) == (1, PARALLEL - 1)


@pytest.mark.postgres
def test_one_call_passes_a_nearly_spent_budget_on_postgresql(pg_engine: Engine) -> None:
    assert _race(pg_engine) == (1, PARALLEL - 1)
