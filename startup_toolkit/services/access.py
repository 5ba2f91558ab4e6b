"""Who may use what: the access mode and the server-side subscription check."""

from __future__ import annotations

from datetime import datetime

from sqlmodel import Session, col, select

from startup_toolkit.domain.billing import ACTIVE_STATUSES, is_active
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models.billing import Subscription
from startup_toolkit.services import billing
from startup_toolkit.settings import get_settings


def has_active_subscription(session: Session, user_id: str, now: datetime | None = None) -> bool:
    """True when Stripe last reported an active (or trialing) subscription still in its period."""
    now = now or utcnow()
    rows = session.exec(
        select(Subscription).where(
            Subscription.user_id == user_id, col(Subscription.status).in_(ACTIVE_STATUSES)
        )
    ).all()
    return any(is_active(r.status, r.current_period_end, now) for r in rows)


def may_use_tools(session: Session, user_id: str, now: datetime | None = None) -> bool:
    """The gate of P-AUTH-2: open mode lets every signed-in user in; subscription mode asks
    our subscriptions table (never the browser), and Stripe itself only when a paid period
    has just run out there (a renewal whose webhook we missed)."""
    if get_settings().effective_access_mode == "open":
        return True
    return has_active_subscription(session, user_id, now) or billing.revive_lapsed(
        session, user_id, now
    )
