"""Shared data helpers for activity, notifications and stats (spec sections 5 and 8).

Convention: every function takes the database `Session` first and the user id as an
argument (from the server-side session, never from the browser), commits what it changes,
and returns True on success. As the spec says, a missing, non-string or short (< 10
characters) user id skips the work and counts as success (P-AUTH-4); a database error is
logged, rolled back and returns False.

The `add_*` variants only add to the session (no commit) so a caller can group several
writes in one transaction (see `services.accounts.initialize_user`).
"""

from __future__ import annotations

import logging
from datetime import UTC, timedelta
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, select

from startup_toolkit.domain.catalog import ALL_TOOLS
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.models.activity import UserActivity, UserNotification, UserStats
from startup_toolkit.services import user_cache
from startup_toolkit.services.commits import commit_or_log

log = logging.getLogger(__name__)

NOTIFICATION_TYPES = ("info", "success", "warning", "error")
#: Back-to-back runs of one tool this close together (a chat's turns, a quick re-run) are one
#: line of activity: the line is moved to the newest run instead of repeated.
RUN_LINE_WINDOW = timedelta(minutes=10)
TOOL_NAME_MAX = 100
ACTION_MAX = 500
MESSAGE_MAX = 1000
_TOOL_NAMES = frozenset(tool.name for tool in ALL_TOOLS)


def notification_type(value: Any) -> str:
    """error, warning and success are kept; anything else is info (spec section 3)."""
    text = value.strip().lower() if isinstance(value, str) else ""
    return text if text in NOTIFICATION_TYPES else "info"


def add_activity(session: Session, user_id: str, tool_name: str, action: str) -> UserActivity:
    """Add (not commit) one activity row."""
    row = UserActivity(
        user_id=user_id,
        tool_name=str(tool_name or "")[:TOOL_NAME_MAX],
        action=str(action or "")[:ACTION_MAX],
        created_at=utcnow(),
    )
    session.add(row)
    return row


def add_notification(session: Session, user_id: str, type_: str, message: str) -> UserNotification:
    """Add (not commit) one unread notification."""
    user_cache.invalidate_on_commit(session, user_id, "notifications")
    row = UserNotification(
        user_id=user_id,
        type=notification_type(type_),
        message=str(message or "")[:MESSAGE_MAX],
        is_read=False,
        created_at=utcnow(),
    )
    session.add(row)
    return row


def log_activity(session: Session, user_id: Any, tool_name: str, action: str) -> bool:
    """Record that the user did `action` in `tool_name` (skipped for an invalid id)."""
    if not is_valid_user_id(user_id):
        return True
    add_activity(session, user_id, tool_name, action)
    stored = commit_or_log(session, log, "store an activity")
    user_cache.invalidate(user_id, "activity", "stats")  # tools_used counts activity
    return stored


def run_action(tool_name: str) -> str:
    """The activity line of a tool run: 'Ran Startup Viability Scanner'."""
    return f"Ran {tool_name}"


def log_run(session: Session, user_id: Any, tool_name: str) -> bool:
    """A tool run of the founder is activity (issue 28, item 11): one line per run, or the
    line of the run just before it moved to now when that was the same tool within
    RUN_LINE_WINDOW; then tools_used is brought up to date (skipped for an invalid id).
    Saves log their own line (`saved_results.save_result`): a run is never counted twice."""
    if not is_valid_user_id(user_id):
        return True
    action = run_action(tool_name)[:ACTION_MAX]
    now = utcnow()
    latest = session.exec(UserActivity.newest_first(user_id).limit(1)).first()
    if latest is not None and (latest.tool_name, latest.action) == (tool_name, action):
        last = latest.created_at
        if now - (last if last.tzinfo else last.replace(tzinfo=UTC)) <= RUN_LINE_WINDOW:
            latest.created_at = now
            session.add(latest)
            stored = commit_or_log(session, log, "store an activity")
            user_cache.invalidate(user_id, "activity")
            return stored
    if not log_activity(session, user_id, tool_name, action):
        return False
    return update_tools_used(session, user_id) if tool_name in _TOOL_NAMES else True


def create_notification(session: Session, user_id: Any, type: str, message: str) -> bool:
    """Add an unread notification for the user (skipped for an invalid id)."""
    if not is_valid_user_id(user_id):
        return True
    add_notification(session, user_id, type, message)
    return commit_or_log(session, log, "store a notification")


def get_user_stats(session: Session, user_id: str) -> UserStats | None:
    """The user's stats row, if any."""
    return session.exec(select(UserStats).where(UserStats.user_id == user_id)).first()


def ensure_user_stats(session: Session, user_id: Any) -> bool:
    """Create the user's stats row (zeros, arena rank 999) when missing (skipped for an
    invalid id). A row created at the same moment by another request counts as success."""
    if not is_valid_user_id(user_id):
        return True
    try:
        if get_user_stats(session, user_id) is not None:
            return True
        session.add(UserStats(user_id=user_id, updated_at=utcnow()))
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        try:
            if get_user_stats(session, user_id) is not None:
                return True  # created meanwhile by a parallel request
        except SQLAlchemyError:
            session.rollback()
        log.exception("Could not create user stats")
        return False
    return True


def count_tools_used(session: Session, user_id: str) -> int:
    """How many different tools the user's activity names (rows under non-tool names such
    as 'Dashboard' do not count)."""
    names = session.exec(
        select(UserActivity.tool_name).where(UserActivity.user_id == user_id).distinct()
    ).all()
    return sum(1 for name in names if name in _TOOL_NAMES)


def update_tools_used(session: Session, user_id: Any) -> bool:
    """Set the user's stats `tools_used` to the number of distinct tools in their activity
    (spec platform section 7), creating the stats row when missing (skipped for an invalid id)."""
    if not is_valid_user_id(user_id):
        return True
    if not ensure_user_stats(session, user_id):
        return False
    try:
        stats = get_user_stats(session, user_id)
        if stats is None:
            return False
        stats.tools_used = count_tools_used(session, user_id)
        stats.updated_at = utcnow()
        session.add(stats)
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not update tools used")
        return False
    user_cache.invalidate(user_id, "stats")
    return True
