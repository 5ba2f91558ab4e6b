"""Saving tool results for the signed-in user, and reading or deleting their own results.

`save_result` follows the spec (ai-tools section 7 "Saving a result"): the saved-result
payload is stored, then a tool-usage record is made: an activity 'Saved {title}' under the
tool and the user's `tools_used` stat brought up to date. The user id always comes from the
server-side session; every query here is scoped by it.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, select

from startup_toolkit.domain import saved_results as payloads
from startup_toolkit.domain import tools
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.models.results import SavedResult
from startup_toolkit.services import activity, user_cache
from startup_toolkit.services.commits import commit_or_log

log = logging.getLogger(__name__)

SAVE_FAILED = "Failed to save result"
SAVE_FAILED_DETAIL = "Please try again"
DEFAULT_LIST_LIMIT = 50
HEX = frozenset("0123456789abcdef")


@dataclass(frozen=True)
class SaveOutcome:
    """What happened to one save: `message`/`description` are ready for a toast."""

    ok: bool
    message: str
    description: str = ""
    result_id: int | None = None


def save_activity_action(title: str) -> str:
    return f"Saved {title}"


def save_result(
    session: Session,
    user_id: Any,
    request: payloads.SaveRequest,
    *,
    now: datetime | None = None,
) -> SaveOutcome:
    """Store one result for `user_id`, log 'Saved {title}' under the tool and update the
    user's tools_used (the fields are checked by `domain.saved_results.build_payload`).
    Without a (valid) user id nothing is stored: 'Authentication required' / 'Please log in
    to save results'."""
    if not is_valid_user_id(user_id):
        return SaveOutcome(False, payloads.AUTH_REQUIRED, payloads.AUTH_REQUIRED_DETAIL)
    try:
        payload = payloads.build_payload(request, now=now or utcnow())
    except payloads.PayloadError as exc:
        return SaveOutcome(False, exc.message, exc.description)

    row = SavedResult(
        user_id=user_id,
        tool_name=payload.tool_name,
        title=payload.title,
        content=payload.content,
        content_type=payload.content_type,
        formatted_content=payload.formatted_content,
        result_metadata=payload.metadata,
        created_at=now or utcnow(),
    )
    try:
        session.add(row)
        activity.add_activity(
            session, user_id, payload.tool_name, save_activity_action(payload.title)
        )
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not save a result")
        return SaveOutcome(False, SAVE_FAILED, SAVE_FAILED_DETAIL)

    user_cache.invalidate(user_id, "activity", "saved")
    # The result is stored; a stats hiccup is logged by the helper and does not undo it.
    activity.update_tools_used(session, user_id)
    return SaveOutcome(True, payloads.SAVED, result_id=row.id)


def list_saved_results(
    session: Session, user_id: str, limit: int = DEFAULT_LIST_LIMIT
) -> list[SavedResult]:
    """The user's saved results, newest first."""
    if not is_valid_user_id(user_id):
        return []
    return list(session.exec(SavedResult.newest_first(user_id).limit(max(0, limit))).all())


def get_saved_result(session: Session, user_id: str, result_id: Any) -> SavedResult | None:
    """One of the user's own saved results (None for another user's id or a bad id)."""
    row_id = valid_row_id(result_id, text=False)
    if not is_valid_user_id(user_id) or row_id is None:
        return None
    return session.exec(
        select(SavedResult).where(SavedResult.id == row_id, SavedResult.user_id == user_id)
    ).first()


def readable_html(row: SavedResult) -> str:
    """The row's HTML sanitised again on the way out: a row written by an older version, or
    straight into the database, is held to today's rules before any page renders it. A tool
    that makes its saved results' HTML when read (the Scanner) makes it from the content."""
    made = tools.saved_html(row.tool_name, row.content)
    return payloads.sanitize_html(made if made is not None else row.formatted_content)


def delete_saved_result(session: Session, user_id: str, result_id: Any) -> bool:
    """Delete one of the user's own saved results; False when there is no such result of
    theirs or the database fails."""
    return take_saved_result(session, user_id, result_id) is not None


def take_saved_result(session: Session, user_id: str, result_id: Any) -> dict[str, Any] | None:
    """Delete one of the user's own saved results and give back what Undo needs to put it
    back (`restore_saved_result`); None when there is no such result of theirs or the
    database fails."""
    row = get_saved_result(session, user_id, result_id)
    if row is None:
        return None
    snapshot = {
        "id": row.id,
        "public_id": row.public_id,
        "tool_name": row.tool_name,
        "title": row.title,
        "content": row.content,
        "content_type": row.content_type,
        "formatted_content": row.formatted_content,
        "metadata": row.result_metadata,
        "created_at": row.created_at.isoformat(),
    }
    session.delete(row)
    if not commit_or_log(session, log, "delete a saved result"):
        return None
    return snapshot


def _is_public_id(value: Any) -> bool:
    return isinstance(value, str) and len(value) == 32 and all(c in HEX for c in value)


def restore_saved_result(session: Session, user_id: str, snapshot: Any) -> int | None:
    """Put back, under its own id and public id, a result of the user's that
    `take_saved_result` removed (its share links open again: issue 27, item 1); the id, or
    None when the snapshot is not one or the result is back already."""
    if not is_valid_user_id(user_id) or not isinstance(snapshot, dict):
        return None
    row_id = valid_row_id(snapshot.get("id"), text=False)
    try:
        created_at = datetime.fromisoformat(str(snapshot.get("created_at")))
    except ValueError:
        return None
    if row_id is None or session.get(SavedResult, row_id) is not None:
        return None
    public_id = snapshot.get("public_id")
    kept = {"public_id": public_id} if _is_public_id(public_id) else {}
    session.add(
        SavedResult(
            id=row_id,
            **kept,
            user_id=user_id,
            tool_name=str(snapshot.get("tool_name", ""))[: payloads.TOOL_NAME_MAX],
            title=str(snapshot.get("title", ""))[: payloads.TITLE_MAX],
            content=snapshot.get("content"),
            content_type=str(snapshot.get("content_type", "text"))[: payloads.CONTENT_TYPE_MAX],
            formatted_content=str(snapshot.get("formatted_content", "")),
            result_metadata=dict(snapshot.get("metadata") or {}),
            created_at=created_at,
        )
    )
    if not commit_or_log(session, log, "restore a saved result"):
        return None
    return row_id
