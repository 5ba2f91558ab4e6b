"""The weekly watch on an idea's brief (issue 30, item 2): the watch, each re-check claimed
once across workers on (idea, period), and the founder's one digest per period."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index, UniqueConstraint
from sqlmodel import Field

from startup_toolkit.models.base import OutboxDelivery, UserRow, utcnow


class IdeaWatch(UserRow, table=True):
    """A founder's watch on one of their ideas: re-checked every interval while active."""

    __tablename__ = "idea_watches"
    __table_args__ = (
        UniqueConstraint("idea_id", name="uq_idea_watches_idea"),
        Index("ix_idea_watches_status_next", "status", "next_check_at"),
    )

    idea_id: int = Field(foreign_key="ideas.id", ondelete="CASCADE")
    # active: re-checked when due; paused: kept, not checked (Resume picks it up again).
    status: str = Field(default="active", max_length=20)
    next_check_at: datetime = Field(default_factory=utcnow, nullable=False)
    # The inputs of the last model call (domain/watch.fingerprint): the same again skips it.
    fingerprint: str = Field(default="", max_length=64)
    updated_at: datetime = Field(default_factory=utcnow, nullable=False)


class WatchCheck(UserRow, table=True):
    """One re-check of a watched idea. The row is the claim: only one worker inserts the row
    of (idea, period), so a period's check runs once however many workers run the schedule."""

    __tablename__ = "watch_checks"
    __table_args__ = (
        UniqueConstraint("idea_id", "period", name="uq_watch_checks_idea_period"),
        Index("ix_watch_checks_watch_created", "watch_id", "created_at"),
        Index("ix_watch_checks_user_digest", "user_id", "digest_id"),
    )

    watch_id: int = Field(foreign_key="idea_watches.id", ondelete="CASCADE")
    idea_id: int = Field(foreign_key="ideas.id", ondelete="CASCADE")
    period: int  # the scheduled time, in whole intervals since the epoch
    # running, first (the watch's baseline), changed, unchanged, failed, skipped (allowance)
    status: str = Field(default="running", max_length=20)
    lease_until: datetime | None = None  # a running check past it was left by a dead worker
    run_id: int | None = None  # the run this check kept (none: skipped, failed, unchanged)
    compared_id: int | None = None  # the earlier run it was compared with
    changes: list[dict[str, Any]] = Field(
        default_factory=list, sa_column=Column(JSON, nullable=False, default=list)
    )
    note: str = Field(default="", max_length=1000)  # why it failed or was skipped
    finished_at: datetime | None = None
    # The digest that told the founder (None: not yet, or nothing to tell).
    digest_id: int | None = Field(
        default=None, foreign_key="watch_digests.id", ondelete="SET NULL", nullable=True
    )


class WatchDigest(OutboxDelivery, UserRow, table=True):
    """The founder's one message for a period: made once (unique on founder and period) with
    its notification; mailed from the row like the outbox's (a leased claim, so a retry never
    sends it twice). Only the hash of its links' token is kept."""

    __tablename__ = "watch_digests"
    __table_args__ = (
        UniqueConstraint("user_id", "period", name="uq_watch_digests_user_period"),
        Index("ix_watch_digests_status_next", "status", "next_attempt_at"),
    )

    period: int
    # The notification's text; the email is written from the digest's checks when mailed.
    message: str = Field(default="", max_length=1000)
    token_hash: str = Field(default="", max_length=64, index=True)
    # Its status (OutboxDelivery) is "stored" when not mailed: no SMTP, or unsubscribed.
    sent_at: datetime | None = None
