"""What a tool page reopens (`?run=ID`, `?result=ID`): one of the founder's kept runs, or one
of their saved results (through the run it was saved from while that run is still kept, else
its saved content). Another founder's id, an unknown one or a bad one: None."""

from __future__ import annotations

from typing import Any

from sqlmodel import Session

from startup_toolkit.domain import reopen as rules
from startup_toolkit.domain import run_origin
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.models.workspace import ToolRunRecord
from startup_toolkit.services import saved_results, workspace


def _reopened(session: Session, user_id: str, run: ToolRunRecord) -> rules.Reopened:
    idea = workspace.get_idea(session, user_id, run.idea_id) if run.idea_id else None
    return rules.Reopened(
        tool=run.tool,
        inputs=dict(run.input or {}),
        result=run.result,
        sample=run.sample,
        created_at=run.created_at,
        run_id=run.id,
        idea_id=idea.id if idea else None,
        idea_title=idea.title if idea else "",
        origin=run_origin.of_run(run),
    )


def reopen_run(session: Session, user_id: str, run_id: Any) -> rules.Reopened | None:
    """One of the founder's kept runs, ready to show again."""
    run = workspace.get_run(session, user_id, run_id)
    return _reopened(session, user_id, run) if run is not None else None


def reopen_saved(session: Session, user_id: str, result_id: Any) -> rules.Reopened | None:
    """One of the founder's saved results: its run while kept, else what was saved."""
    row = saved_results.get_saved_result(session, user_id, result_id)
    if row is None:
        return None
    run_id = rules.run_id_of(row.result_metadata)
    run = workspace.get_run(session, user_id, run_id) if run_id is not None else None
    if run is not None:
        return _reopened(session, user_id, run)
    return rules.from_saved(row.tool_name, row.content, row.created_at)


def reopen(session: Session, user_id: str, kind: str, row_id: Any) -> rules.Reopened | None:
    """`kind` "run" (a kept run) or "result" (a saved result); `row_id` as the address
    gives it (text)."""
    row_id = valid_row_id(row_id)
    if row_id is None:
        return None
    if kind == rules.RUN_PARAM:
        return reopen_run(session, user_id, row_id)
    if kind == rules.RESULT_PARAM:
        return reopen_saved(session, user_id, row_id)
    return None
