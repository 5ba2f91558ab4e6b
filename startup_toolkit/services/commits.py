"""Committing a session's changes where a database failure is an answer, not an error: the
changes are rolled back, the failure is logged on the caller's logger, and the caller hears
False."""

from __future__ import annotations

import logging
from collections.abc import Callable

from sqlalchemy.exc import SQLAlchemyError
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
