"""Per-user AI token accounting over `ai_usage`: the daily budget (a day starts at 00:00 UTC)
and one row per AI call. Functions take the database `Session` first."""

from __future__ import annotations

import logging
from datetime import UTC, datetime

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, select

from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models.ai import AiUsage

log = logging.getLogger(__name__)


def day_start(now: datetime | None = None) -> datetime:
    """00:00 UTC of the day `now` (default: the current time) falls in."""
    now = (now or utcnow()).astimezone(UTC)
    return now.replace(hour=0, minute=0, second=0, microsecond=0)


def tokens_used_today(session: Session, user_id: str, *, now: datetime | None = None) -> int:
    """Total tokens the user has spent since 00:00 UTC."""
    total = session.exec(
        select(func.coalesce(func.sum(AiUsage.total_tokens), 0)).where(
            AiUsage.user_id == user_id, AiUsage.created_at >= day_start(now)
        )
    ).one()
    return int(total or 0)


def over_budget(
    session: Session, user_id: str | None, daily_limit: int, *, now: datetime | None = None
) -> bool:
    """Whether the user has used up `daily_limit` tokens today. Visitors (no user id) are
    not metered; a limit of 0 means no limit."""
    if not user_id or daily_limit <= 0:
        return False
    return tokens_used_today(session, user_id, now=now) >= daily_limit


def record_usage(
    session: Session,
    user_id: str | None,
    tool_name: str,
    model: str,
    prompt_tokens: int,
    completion_tokens: int,
) -> AiUsage | None:
    """Store one call's tokens; nothing for visitors or for a user that no longer exists."""
    if not user_id:
        return None
    prompt_tokens = max(0, int(prompt_tokens))
    completion_tokens = max(0, int(completion_tokens))
    row = AiUsage(
        user_id=user_id,
        tool_name=(tool_name or "unknown")[:100],
        model=(model or "")[:200],
        prompt_tokens=prompt_tokens,
        completion_tokens=completion_tokens,
        total_tokens=prompt_tokens + completion_tokens,
    )
    session.add(row)
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        log.warning("AI usage not recorded: user %s does not exist", user_id)
        return None
    session.refresh(row)
    return row
