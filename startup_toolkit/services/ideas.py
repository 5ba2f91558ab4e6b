"""The founder's ideas over time (issue 14, items 3 and 4): the list with each idea's latest
score and trend, one idea's timeline across tools, the diff of two of its scanner runs, and
2-4 ideas compared.

Every function takes the database `Session` and the founder's id from the server-side
session; every query is scoped by it, so another founder's idea or run reads as not found."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import func
from sqlmodel import Session, col, select

from startup_toolkit.domain import idea_history as history
from startup_toolkit.domain import run_origin, tools
from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.models.workspace import Idea, ToolRunRecord
from startup_toolkit.services.workspace import get_idea, get_run, list_ideas

#: Scanner runs offered in the diff pickers (the newest first).
PICKER_RUNS = 50


@dataclass(frozen=True)
class IdeaSummary:
    idea_id: int
    title: str
    latest: int | None  # the newest readable scan's score; None: no scan yet
    trend: tuple[int, ...]  # scan scores, oldest first
    last_activity: datetime
    runs: int


@dataclass(frozen=True)
class TimelineEntry:
    run_id: int
    tool: str
    tool_label: str
    at: datetime
    headline: str
    reopen_path: str
    sample: bool  # not the AI's answer (demo mode's sample or the tool's stand-in)
    #: How it was made, in the words the timeline shows ('' for the AI's answer): "Sample",
    #: or e.g. "Estimate (AI reply unusable)" (issue 28).
    basis: str = ""


@dataclass(frozen=True)
class IdeaTimeline:
    idea_id: int
    title: str
    description: str
    entries: tuple[TimelineEntry, ...]  # the newest first


@dataclass(frozen=True)
class ScanChoice:
    """A scanner run as the diff pickers offer it."""

    run_id: int
    at: datetime
    score: int | None


def _scanner_rows(session: Session, user_id: str, idea_ids: Iterable[int]) -> list[Any]:
    """(idea id, created at, result) of the founder's scanner runs on these ideas."""
    ids = list(idea_ids)
    if not ids:
        return []
    query = select(ToolRunRecord.idea_id, ToolRunRecord.created_at, ToolRunRecord.result).where(
        ToolRunRecord.user_id == user_id,
        ToolRunRecord.tool == tools.SCANNER.key,
        col(ToolRunRecord.idea_id).in_(ids),
    )
    return list(session.exec(query))


def idea_summaries(session: Session, user_id: str) -> list[IdeaSummary]:
    """The founder's ideas, the most recently active first, each with its latest scan score,
    the trend of its scores, its last activity and how many runs it has."""
    ideas = [i for i in list_ideas(session, user_id) if i.id is not None]
    if not ideas:
        return []
    ids = [i.id for i in ideas]
    counts = session.exec(
        select(ToolRunRecord.idea_id, func.count(), func.max(ToolRunRecord.created_at))
        .where(ToolRunRecord.user_id == user_id, col(ToolRunRecord.idea_id).in_(ids))
        .group_by(ToolRunRecord.idea_id)
    )
    runs = {idea_id: (n, newest) for idea_id, n, newest in counts}
    scans: dict[int, list[tuple[datetime, Any]]] = defaultdict(list)
    for idea_id, at, result in _scanner_rows(session, user_id, ids):
        scans[idea_id].append((at, result))
    out = []
    for idea in ideas:
        count, newest = runs.get(idea.id, (0, None))
        activity = [idea.updated_at] + ([newest] if newest else [])
        trend = history.trend(scans.get(idea.id, []), activity)
        out.append(
            IdeaSummary(
                idea_id=idea.id,  # type: ignore[arg-type]
                title=idea.title,
                latest=trend.latest,
                trend=trend.scores,
                last_activity=trend.last_activity or idea.updated_at,
                runs=count,
            )
        )
    return out


def idea_timeline(session: Session, user_id: str, idea_id: Any) -> IdeaTimeline | None:
    """One of the founder's ideas and its runs across tools, the newest first; None when the
    idea is not theirs."""
    idea = get_idea(session, user_id, idea_id)
    if idea is None or idea.id is None:
        return None
    query = ToolRunRecord.newest_first(user_id).where(ToolRunRecord.idea_id == idea.id)
    entries = tuple(
        TimelineEntry(
            run_id=run.id,  # type: ignore[arg-type]
            tool=run.tool,
            tool_label=history.tool_label(run.tool),
            at=run.created_at,
            headline=history.headline(run.tool, run.result),
            reopen_path=tools.reopen_path(run.tool, run.id),  # type: ignore[arg-type]
            sample=run.sample,
            basis=tools.origin_badge(run.tool, run_origin.of_run(run)),
        )
        for run in session.exec(query)
        if run.id is not None
    )
    return IdeaTimeline(idea.id, idea.title, idea.description, entries)


def scanner_runs(session: Session, user_id: str, idea_id: Any) -> list[ScanChoice]:
    """The scanner runs of one of the founder's ideas, the newest first ([] if not theirs)."""
    idea = get_idea(session, user_id, idea_id)
    if idea is None:
        return []
    query = (
        ToolRunRecord.newest_first(user_id)
        .where(ToolRunRecord.idea_id == idea.id, ToolRunRecord.tool == tools.SCANNER.key)
        .limit(PICKER_RUNS)
    )
    choices = []
    for run in session.exec(query):
        scan = history.read_scan(run.result)
        choices.append(ScanChoice(run.id, run.created_at, scan.overallScore if scan else None))  # type: ignore[arg-type]
    return choices


def _scanner_run(session: Session, user_id: str, run_id: Any) -> ToolRunRecord | None:
    run = get_run(session, user_id, run_id)
    return run if run is not None and run.tool == tools.SCANNER.key else None


def scan_diff_of(
    session: Session, user_id: str, run_a: Any, run_b: Any, idea_id: Any = None
) -> history.ScanDiff | None:
    """The diff from the older of two scanner runs to the newer; None unless both are the
    founder's scanner runs of the same idea (`idea_id`, when given)."""
    a, b = _scanner_run(session, user_id, run_a), _scanner_run(session, user_id, run_b)
    if a is None or b is None or a.idea_id is None or a.idea_id != b.idea_id:
        return None
    if idea_id is not None and valid_row_id(idea_id, text=False) != a.idea_id:
        return None
    older, newer = sorted((a, b), key=lambda r: (r.created_at, r.id or 0))
    return history.scan_diff(older.result, newer.result)


def _latest_results(session: Session, user_id: str, idea_id: int) -> dict[str, Any]:
    """The newest scanner, funding and growth run of an idea, by tool."""
    latest: dict[str, Any] = {}
    for tool in (tools.SCANNER.key, tools.FUNDING.key, tools.GROWTH.key):
        query = ToolRunRecord.newest_first(user_id).where(
            ToolRunRecord.idea_id == idea_id, ToolRunRecord.tool == tool
        )
        run = session.exec(query.limit(1)).first()
        if run is not None:
            latest[tool] = run
    return latest


def _basis(run: ToolRunRecord | None) -> str:
    """The label of a kept run that is not the AI's answer ('' for none, or the AI's)."""
    return tools.origin_badge(run.tool, run_origin.of_run(run)) if run is not None else ""


def compare_ideas(session: Session, user_id: str, ids: Any) -> history.Comparison | None:
    """2-4 of the founder's ideas side by side (ids as '3,7' or a list), in that order; None
    when the ids are not 2-4 ideas that are all theirs."""
    wanted = history.parse_ids(ids)
    if wanted is None or not is_valid_user_id(user_id):
        return None
    ideas: list[Idea] = []
    for idea_id in wanted:
        idea = get_idea(session, user_id, idea_id)
        if idea is None:
            return None
        ideas.append(idea)
    runs = []
    for idea in ideas:
        latest = _latest_results(session, user_id, idea.id)  # type: ignore[arg-type]
        scan = latest.get(tools.SCANNER.key)
        funding, growth = latest.get(tools.FUNDING.key), latest.get(tools.GROWTH.key)
        runs.append(
            history.IdeaRuns(
                idea_id=idea.id,  # type: ignore[arg-type]
                title=idea.title,
                scan=scan.result if scan else None,
                scanned_at=scan.created_at if scan else None,
                funding=funding.result if funding else None,
                growth=growth.result if growth else None,
                funding_basis=_basis(funding),
                growth_basis=_basis(growth),
            )
        )
    return history.compare(runs)
