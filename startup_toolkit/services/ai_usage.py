"""Per-user AI token accounting over `ai_usage`: the daily budget (a day starts at 00:00 UTC)
and one row per AI call. Functions take the database `Session` first.

A call holds its largest possible cost before it is sent (`hold`): one row with the
request's maximum tokens, written while no other call of the same user can check the budget
(`db.one_writer_at_a_time`), so parallel calls cannot all pass a nearly spent budget. When
the call ends, `settle` turns the hold into the tokens really spent, or removes it when
nothing was spent. A hold of a tool run carries the run's lease (`services/run_leases`): when
the worker dies mid-call, another worker's sweep releases it with the run marked interrupted.
A hold of a call outside a leased run, left by a crashed worker, keeps counting its maximum:
the budget errs on the side of the founder's allowance, never past it."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy import delete, func, update
from sqlmodel import Session, select

from startup_toolkit.db import one_writer_at_a_time
from startup_toolkit.domain.allowance import Allowance, allowance
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models.ai import AiUsage
from startup_toolkit.services.commits import inserted
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)


def day_start(now: datetime | None = None) -> datetime:
    """00:00 UTC of the day `now` (default: the current time) falls in."""
    now = (now or utcnow()).astimezone(UTC)
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


class BudgetSpent(Exception):
    """The user's tokens today (holds of calls under way included) reached the daily limit."""


def tokens_used_today(
    session: Session, user_id: str, *, now: datetime | None = None, besides: int | None = None
) -> int:
    """Total tokens the user has spent (or holds) since 00:00 UTC; `besides` leaves one row
    out."""
    query = select(func.coalesce(func.sum(AiUsage.total_tokens), 0)).where(
        AiUsage.user_id == user_id, AiUsage.created_at >= day_start(now)
    )
    if besides is not None:
        query = query.where(AiUsage.id != besides)
    return int(session.exec(query).one() or 0)


def todays_allowance(session: Session, user_id: str, *, now: datetime | None = None) -> Allowance:
    """The founder's allowance today as shown: used and left of `AI_DAILY_TOKENS` (holds of
    calls under way included), or what applies instead (demo mode, no limit)."""
    settings = get_settings()
    now = now or utcnow()
    if not settings.ai_enabled or settings.ai_daily_tokens <= 0:
        return allowance(0, settings.ai_daily_tokens, now, ai_enabled=settings.ai_enabled)
    used = tokens_used_today(session, user_id, now=now)
    return allowance(used, settings.ai_daily_tokens, now)


def over_budget(
    session: Session, user_id: str | None, daily_limit: int, *, now: datetime | None = None
) -> bool:
    """Whether the user has used up `daily_limit` tokens today. Visitors (no user id) are
    not metered; a limit of 0 means no limit."""
    if not user_id or daily_limit <= 0:
        return False
    return tokens_used_today(session, user_id, now=now) >= daily_limit


def hold(
    session: Session,
    user_id: str | None,
    tool_name: str,
    tokens: int,
    daily_limit: int,
    lease_id: int | None = None,
) -> int | None:
    """Hold `tokens` of today's budget for one call about to be sent; the hold's row id, or
    None when nothing is metered (a visitor, or a user that no longer exists). Raises
    `BudgetSpent`, holding nothing, when the user had already used up `daily_limit` tokens
    (0: no limit), counting the holds of their calls under way.

    The row is written before the budget is counted, under the user's writer lock: on
    SQLite the write itself makes the next caller wait for this commit."""
    if not user_id:
        return None
    one_writer_at_a_time(session, f"ai-budget:{user_id}")
    tokens = max(0, int(tokens))
    row = AiUsage(
        user_id=user_id,
        tool_name=(tool_name or "unknown")[:100],
        prompt_tokens=0,
        completion_tokens=0,
        total_tokens=tokens,
        lease_id=lease_id,
    )
    if not inserted(session, row):
        log.warning("AI usage not metered: user %s does not exist", user_id)
        return None
    if daily_limit > 0 and tokens_used_today(session, user_id, besides=row.id) >= daily_limit:
        session.rollback()
        raise BudgetSpent()
    session.commit()
    return row.id


def settle(
    session: Session,
    hold_id: int | None,
    model: str | None = None,
    prompt_tokens: int = 0,
    completion_tokens: int = 0,
) -> None:
    """Turn a hold into what the call really spent; `model` None means nothing was spent
    (no response at all) and removes the hold."""
    if hold_id is None:
        return
    if model is None:
        session.execute(delete(AiUsage).where(AiUsage.id == hold_id))
    else:  # no longer open: the run's lease has no say over it any more
        prompt_tokens = max(0, int(prompt_tokens))
        completion_tokens = max(0, int(completion_tokens))
        session.execute(
            update(AiUsage)
            .where(AiUsage.id == hold_id)
            .values(
                model=model[:200],
                prompt_tokens=prompt_tokens,
                completion_tokens=completion_tokens,
                total_tokens=prompt_tokens + completion_tokens,
                lease_id=None,
            )
        )
    session.commit()
