"""Committing a session's changes where a database failure is an answer, not an error: the
changes are rolled back, the failure is logged on the caller's logger, and the caller hears
False. `inserted` is the same for one new row that a key may refuse."""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy.exc import IntegrityError, SQLAlchemyError
from sqlmodel import Session


def done_or_log(
    session: Session, log: logging.Logger, what: str, work: Callable[[], object]
) -> bool:
    """Run `work` (which commits); on a database error roll back, log 'Could not <what>' and
    return False."""
    try:
        work()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not %s", what)
        return False
    return True


def commit_or_log(session: Session, log: logging.Logger, what: str) -> bool:
    """Commit; on a database error roll back, log 'Could not <what>' and return False."""
    return done_or_log(session, log, what, session.commit)


def inserted(session: Session, row: object) -> bool:
    """Add `row` and flush it; False, rolled back, when a unique or foreign key refuses it (a
    parallel request inserted it first, or what it points at is gone)."""
    session.add(row)
    try:
        session.flush()
    except IntegrityError:
        session.rollback()
        return False
    return True
