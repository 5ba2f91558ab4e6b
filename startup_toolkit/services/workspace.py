"""The founder's workspace (issue 14): every completed tool run kept, runs grouped into ideas,
the newest `RUNS_KEPT_PER_TOOL` runs per founder and tool kept and older ones pruned.

`run_tool` keeps a run through `keep_run` after it completed; the pages read runs and ideas
through the functions below. Every function takes the database `Session` first and the
founder's id from the server-side session; every query is scoped by it."""

from __future__ import annotations

import logging
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import delete
from sqlalchemy.exc import SQLAlchemyError
from sqlmodel import Session, col, select

from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.models.workspace import Idea, ToolRunRecord
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

PICKER_SIZE = 20


# --- ideas ------------------------------------------------------------------------------------


_Row = TypeVar("_Row", Idea, ToolRunRecord)


def _own(session: Session, table: type[_Row], user_id: str, row_id: Any) -> _Row | None:
    """The founder's own row of `table` (None for another founder's, or a bad id)."""
    wanted = valid_row_id(row_id, text=False)
    if wanted is None or not is_valid_user_id(user_id):
        return None
    row = session.get(table, wanted)
    return row if row is not None and row.user_id == user_id else None


def get_idea(session: Session, user_id: str, idea_id: Any) -> Idea | None:
    """One of the founder's ideas (None for another founder's, or a bad id)."""
    return _own(session, Idea, user_id, idea_id)


def idea_for(
    session: Session, user_id: str, keep: rules.KeepRun, now: datetime | None = None
) -> Idea | None:
    """The idea a run belongs to: the founder's chosen idea, else the idea with the same text,
    else a new idea titled from the text; None when the run names neither."""
    now = now or utcnow()
    idea = get_idea(session, user_id, keep.idea_id) if keep.idea_id is not None else None
    key = rules.text_key(keep.idea_text)
    if idea is None and key:
        query = select(Idea).where(Idea.user_id == user_id, Idea.text_key == key)
        idea = session.exec(query.order_by(col(Idea.id))).first()
        if idea is None:
            idea = Idea(
                user_id=user_id,
                title=rules.title_from(keep.idea_text),
                description=keep.idea_text.strip()[: rules.MAX_DESCRIPTION],
                text_key=key,
                created_at=now,
                updated_at=now,
            )
    if idea is not None:
        idea.updated_at = now
        session.add(idea)
        session.flush()
    return idea


def list_ideas(session: Session, user_id: str) -> list[Idea]:
    """The founder's ideas, the most recently active first."""
    if not is_valid_user_id(user_id):
        return []
    query = select(Idea).where(Idea.user_id == user_id)
    return list(session.exec(query.order_by(col(Idea.updated_at).desc(), col(Idea.id).desc())))


def idea_choices(session: Session, user_id: str) -> list[tuple[int, str]]:
    """(id, title) of the founder's most recently active ideas, for "Run again on ..."."""
    return [(i.id, i.title) for i in list_ideas(session, user_id)[:PICKER_SIZE] if i.id]


def rename_idea(session: Session, user_id: str, idea_id: Any, title: Any) -> str | None:
    """Give one of the founder's ideas a new name; the name kept, or None when the idea is
    not theirs or the name is empty."""
    idea = get_idea(session, user_id, idea_id)
    name = rules.clean_title(title)
    if idea is None or name is None:
        return None
    idea.title = name
    session.add(idea)
    session.commit()
    return name


# --- runs -------------------------------------------------------------------------------------


def keep_run(
    session: Session,
    user_id: str,
    keep: rules.KeepRun,
    result: Any,
    *,
    sample: bool,
    origin: Origin | None = None,
    model: str = "",
    tokens: int = 0,
    duration_ms: int = 0,
    now: datetime | None = None,
) -> int | None:
    """Store one completed run for the founder under its idea and prune the tool's oldest
    runs past the setting; the run's id (None: not kept, e.g. no such user, logged).
    `origin` says how its result was made (None: demo mode's sample if `sample`, else the
    AI's answer); a stand-in is kept as not the AI's answer (`sample`)."""
    if not is_valid_user_id(user_id) or keep.tool not in tools.KEPT_KEYS:
        return None
    now = now or utcnow()
    origin = origin or (Origin.SAMPLE if sample else Origin.AI)
    try:
        idea = idea_for(session, user_id, keep, now)
        row = ToolRunRecord(
            user_id=user_id,
            idea_id=idea.id if idea else None,
            tool=keep.tool,
            input=rules.as_json(dict(keep.inputs)),
            result=rules.as_json(result),
            sample=sample or origin is not Origin.AI,
            origin=origin.value,
            model=(model or "")[:200],
            tokens=max(0, int(tokens)),
            duration_ms=max(0, int(duration_ms)),
            created_at=now,
        )
        session.add(row)
        session.flush()
        _prune(session, user_id, keep.tool, get_settings().runs_kept_per_tool)
        session.commit()
    except SQLAlchemyError:
        session.rollback()
        log.exception("Could not keep a %s run", keep.tool)
        return None
    return row.id


def _prune(session: Session, user_id: str, tool: str, kept: int) -> None:
    """Delete the founder's runs of `tool` beyond the newest `kept`."""
    older = (
        select(ToolRunRecord.id)
        .where(ToolRunRecord.user_id == user_id, ToolRunRecord.tool == tool)
        .order_by(col(ToolRunRecord.created_at).desc(), col(ToolRunRecord.id).desc())
        .offset(kept)
    )
    ids = list(session.exec(older))
    if ids:
        session.execute(delete(ToolRunRecord).where(col(ToolRunRecord.id).in_(ids)))


def get_run(session: Session, user_id: str, run_id: Any) -> ToolRunRecord | None:
    """One of the founder's kept runs (None for another founder's, or a bad id)."""
    return _own(session, ToolRunRecord, user_id, run_id)


def runs_of_idea(session: Session, user_id: str, idea_id: Any) -> list[ToolRunRecord]:
    """The runs of one of the founder's ideas, the newest first ([] for another's idea)."""
    idea = get_idea(session, user_id, idea_id)
    if idea is None:
        return []
    query = ToolRunRecord.newest_first(user_id).where(ToolRunRecord.idea_id == idea.id)
    return list(session.exec(query))


def runs_of_tool(session: Session, user_id: str, tool: str, limit: int = 50) -> list[ToolRunRecord]:
    """The founder's runs of one tool, the newest first."""
    if not is_valid_user_id(user_id):
        return []
    query = ToolRunRecord.newest_first(user_id).where(ToolRunRecord.tool == tool)
    return list(session.exec(query.limit(limit)))
