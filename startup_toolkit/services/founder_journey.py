"""The founder's journey that tailors the Solutions Hub's generator (P-HUB-8): the tools they
ran (their kept runs, most used first), their favourite tools and the documents and results
they saved (newest first). Every query is scoped by the founder's id from the server-side
session."""

from __future__ import annotations

from sqlalchemy import func
from sqlmodel import Session, col, select

from startup_toolkit.domain.idea_history import tool_label
from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.domain.prompts.solutions import MAX_ITEMS, Journey
from startup_toolkit.models.results import SavedResult, UserDocument
from startup_toolkit.models.workspace import ToolRunRecord
from startup_toolkit.services import favorites


def _tools(session: Session, user_id: str) -> tuple[tuple[str, int], ...]:
    runs = func.count(col(ToolRunRecord.id))
    rows = session.exec(
        select(ToolRunRecord.tool, runs)
        .where(ToolRunRecord.user_id == user_id)
        .group_by(col(ToolRunRecord.tool))
        .order_by(runs.desc(), func.max(ToolRunRecord.created_at).desc())
        .limit(MAX_ITEMS)
    ).all()
    return tuple((tool_label(tool), int(count)) for tool, count in rows)


def _documents(session: Session, user_id: str) -> tuple[str, ...]:
    documents = session.exec(
        UserDocument.newest_first(
            user_id, select(UserDocument.name, UserDocument.created_at)
        ).limit(MAX_ITEMS)
    ).all()
    results = session.exec(
        SavedResult.newest_first(
            user_id, select(SavedResult.title, SavedResult.tool_name, SavedResult.created_at)
        ).limit(MAX_ITEMS)
    ).all()
    both = [(d.created_at, d.name) for d in documents]
    both += [(r.created_at, f"{r.title} ({r.tool_name})") for r in results]
    return tuple(name for _, name in sorted(both, key=lambda x: x[0], reverse=True))


def journey(session: Session, user_id: str) -> Journey:
    """The founder's journey so far (empty for an unknown id)."""
    if not is_valid_user_id(user_id):
        return Journey()
    return Journey(
        tools=_tools(session, user_id),
        favorites=tuple(f.tool_name for f in favorites.list_favorites(session, user_id)),
        documents=_documents(session, user_id)[:MAX_ITEMS],
    )
