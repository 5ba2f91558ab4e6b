"""The rows an outbox mails (contact messages, password reset links): which are due, the lease
a worker takes on one, and the next batch. A row's table has `id`, `status` ('pending' until
it is done), `next_attempt_at` and `lease_until`; workers share the table safely because only
the worker whose conditional UPDATE took the lease sends the row."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import or_, update
from sqlmodel import Session, select

#: How many due rows one pass takes on.
BATCH_SIZE = 20


def due(table: Any, now: datetime) -> tuple[Any, ...]:
    """SQL conditions on `table`: pending, due now and not leased by a live worker."""
    return (
        table.status == "pending",
        or_(table.next_attempt_at.is_(None), table.next_attempt_at <= now),
        or_(table.lease_until.is_(None), table.lease_until < now),
    )


def due_ids(session: Session, table: Any, now: datetime) -> list[int]:
    """The ids of the first `BATCH_SIZE` due rows of `table`, in id order."""
    query = select(table.id).where(*due(table, now)).order_by(table.id).limit(BATCH_SIZE)
    return [row_id for row_id in session.exec(query).all() if row_id is not None]


def claim(session: Session, table: Any, row_id: int, now: datetime, until: datetime) -> bool:
    """Take the lease on one due row until `until`; True only for the one caller whose UPDATE
    hit it."""
    result = session.exec(
        update(table).where(table.id == row_id, *due(table, now)).values(lease_until=until)
    )
    session.commit()
    return result.rowcount == 1
