"""A founder's work for the tests: a kept run, the idea it landed on, a saved result. Each
takes a `Session` or an `Engine` (then a session of its own)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.services import run_leases, saved_results, workspace
from tests.support.founders import opened


def idea_of(db: Session | Engine, user_id: str, run_id: int) -> int:
    """The id of the idea the kept run `run_id` belongs to."""
    with opened(db) as session:
        run = workspace.get_run(session, user_id, run_id)
    assert run is not None and run.idea_id is not None
    return run.idea_id


def kept_run(
    db: Session | Engine,
    user_id: str,
    text: str,
    result: Any = None,
    tool: str = tools.SCANNER.key,
    sample: bool = False,
    now: datetime | None = None,
) -> int:
    """The id of a run of `tool` on the idea `text` the founder kept (at `now`)."""
    keep = keys.KeepRun(tool, {"idea": text}, text)
    with opened(db) as session:
        run_id = workspace.keep_run(session, user_id, keep, result or {}, sample=sample, now=now)
    assert run_id is not None
    return run_id


def kept_idea(db: Session | Engine, user_id: str, text: str, result: Any = None) -> int:
    """The id of an idea of the founder's, made by a kept sample scan of `text`."""
    return idea_of(db, user_id, kept_run(db, user_id, text, result, sample=True))


def saved_result(
    db: Session | Engine,
    user_id: str,
    tool_name: str,
    content: Any = "Body",
    title: str = "A result",
    metadata: dict[str, Any] | None = None,
    now: datetime | None = None,
) -> int:
    """The id of a result the founder saved with Save Results (as analysis)."""
    request = SaveRequest(tool_name, title, content, "analysis", "", metadata or {})
    with opened(db) as session:
        done = saved_results.save_result(session, user_id, request, now=now)
    assert done.ok and done.result_id is not None, done
    return done.result_id


def interrupted_run(
    session: Session, user_id: str, keep: keys.KeepRun | None, tool: str = "Viability Scanner"
) -> int:
    """A run of `user_id` whose worker stopped, as another worker's sweep leaves it (its lease
    marked interrupted, holds released), keeping `keep` for its Retry; the lease's id."""
    lease = run_leases.open_lease(session, user_id, tool, "gone:1", keep)
    run_leases.interrupt(session, [lease])
    session.commit()
    return lease
