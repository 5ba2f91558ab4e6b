"""The one clock: now, timezone-aware in UTC."""

from __future__ import annotations

from datetime import UTC, datetime


def utcnow() -> datetime:
    """Now, timezone-aware in UTC (SQLModel's UTCDateTime columns refuse naive times)."""
    return datetime.now(UTC)
