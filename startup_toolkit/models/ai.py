"""Tokens spent per AI call, for the daily budget and for cost reports, and the lease of each
AI run under way (issue 29, item 3)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import JSON, Column, Index
from sqlmodel import Field

from startup_toolkit.models.base import UserRow, utcnow


class AiUsage(UserRow, table=True):
    __tablename__ = "ai_usage"
    __table_args__ = (Index("ix_ai_usage_user_created", "user_id", "created_at"),)

    tool_name: str = Field(max_length=100)
    model: str = Field(default="", max_length=200)
    prompt_tokens: int = 0
    completion_tokens: int = 0
    total_tokens: int = 0
    #: While the call is under way: the lease of the run that holds it (None once settled,
    #: and for calls made outside a leased run).
    lease_id: int | None = Field(default=None, index=True)


class AiRunLease(UserRow, table=True):
    """A founder's AI run under way in one worker process, renewed while that process lives.
    A run that ends normally deletes its lease; one whose worker stopped (killed, or past the
    shutdown's grace period) is marked interrupted, its open holds released."""

    __tablename__ = "ai_run_leases"
    __table_args__ = (Index("ix_ai_run_leases_open", "interrupted_at", "beat_at"),)

    tool: str = Field(max_length=50)
    worker: str = Field(max_length=100)  # host, process id and a random start id
    beat_at: datetime = Field(default_factory=utcnow, nullable=False)
    interrupted_at: datetime | None = None
    #: What Retry runs again (issue 29): the kept run's tool key and the founder's inputs, as
    #: the run's `KeepRun` says ('' and None for a run that is not kept: no Retry). Kept only
    #: as long as the record (`run_leases.INTERRUPTED_KEPT`).
    tool_key: str = Field(default="", max_length=50)
    inputs: Any = Field(default=None, sa_column=Column(JSON, nullable=True))
    #: When the founder was told of the interruption (the notice shows once).
    told_at: datetime | None = None
