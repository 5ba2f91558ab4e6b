"""Committing a session's changes where a database failure is an answer, not an error: the
changes are rolled back, the failure is logged on the caller's logger, and the caller hears
False."""

from __future__ import annotations

import logging

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session


def commit_or_log(session: Session, log: logging.Logger, what: str) -> bool:
    """Commit; on a database error roll back, log 'Could not <what>' and return False."""
    try:
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not %s", what)
        return False
    return True
