"""Exports and share pages (issue 14): the `Report` of a founder's saved result, kept run,
idea timeline, comparison of ideas or an idea's brief (issue 30), and the file it downloads
as (Markdown or PDF).

Every lookup is scoped by the founder's id, which comes from the server-side session (or,
for a share link, from the link's owner): another founder's id gives None, never their data.
Functions take the database `Session` first."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from startup_toolkit.domain import report_builders as builders
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.domain.report import Report
from startup_toolkit.domain.report_comparison import comparison_report
from startup_toolkit.domain.report_markdown import to_markdown
from startup_toolkit.providers.pdf_report import to_pdf
from startup_toolkit.services import brief, export_cache, ideas, saved_results, workspace
from startup_toolkit.services.sessions import hash_token
from startup_toolkit.services.share_links import BRIEF, COMPARISON, IDEA, RESULT, RUN, OpenedLink

KINDS = (RESULT, RUN, IDEA, COMPARISON, BRIEF)
MARKDOWN, PDF = "md", "pdf"
FORMATS = {
    MARKDOWN: "text/markdown; charset=utf-8",
    PDF: "application/pdf",
}


@dataclass(frozen=True)
class ExportFile:
    """A download: its bytes, content type and file name."""

    body: bytes
    media_type: str
    filename: str


def _one(ids: Any) -> int | None:
    """The single row id in `ids` (an id, or a sequence holding exactly one)."""
    if isinstance(ids, Sequence) and not isinstance(ids, str):
        return valid_row_id(ids[0], text=False) if len(ids) == 1 else None
    return valid_row_id(ids, text=False)


def _result_report(session: Session, user_id: str, result_id: int) -> Report | None:
    row = saved_results.get_saved_result(session, user_id, result_id)
    if row is None:
        return None
    metadata = row.result_metadata if isinstance(row.result_metadata, dict) else {}
    run_id = valid_row_id(metadata.get("runId"))
    run = workspace.get_run(session, user_id, run_id) if run_id is not None else None
    if run is not None:
        return builders.report_from_saved_run(row.title, run, row.created_at)
    return builders.report_from_saved(
        row.tool_name, row.title, row.content, metadata, row.created_at
    )


def _idea_report(
    session: Session, user_id: str, idea_id: int, now: datetime | None
) -> Report | None:
    idea = workspace.get_idea(session, user_id, idea_id)
    if idea is None:
        return None
    runs = workspace.runs_of_idea(session, user_id, idea.id)
    return builders.idea_report(idea.title, idea.description, runs, now or utcnow())


def report_for(
    session: Session, user_id: str, kind: Any, ids: Any, *, now: datetime | None = None
) -> Report | None:
    """The report of the founder's own saved result ("result"), kept run ("run"), idea
    timeline ("idea"), 2-4 ideas compared ("comparison") or an idea's brief ("brief"); None
    for another founder's, a missing one, a bad id or kind."""
    if kind == COMPARISON:
        compared = ideas.compare_ideas(session, user_id, ids)
        return comparison_report(compared, now or utcnow()) if compared else None
    row_id = _one(ids)
    if row_id is None or not isinstance(user_id, str):
        return None
    if kind == RESULT:
        return _result_report(session, user_id, row_id)
    if kind == RUN:
        run = workspace.get_run(session, user_id, row_id)
        return builders.report_from_run(run) if run is not None else None
    if kind == IDEA:
        return _idea_report(session, user_id, row_id, now)
    if kind == BRIEF:
        return brief.brief_report_of(session, user_id, row_id, now=now)
    return None


def report_for_share(session: Session, opened: OpenedLink) -> Report | None:
    """What a share link shows: its owner's shared thing (None when the link does not open,
    or the thing is gone)."""
    if opened.problem or not opened.owner_id:
        return None
    return report_for(session, opened.owner_id, opened.kind, opened.target)


def render_body(report: Report, fmt: str) -> bytes:
    """The report's bytes as Markdown or PDF (CPU work: a PDF takes about 0.1 s; the routes
    hand it to the export pool, `startup_toolkit.export_pool`). ValueError for another format."""
    if fmt == MARKDOWN:
        return to_markdown(report).encode("utf-8")
    if fmt == PDF:
        return to_pdf(report)
    raise ValueError(f"no export format {fmt!r}")


def file_of(report: Report, fmt: str, body: bytes) -> ExportFile:
    """The download of `report` in `fmt` whose bytes are `body` (rendered now or kept)."""
    return ExportFile(body, FORMATS[fmt], f"{report.file_stem}.{fmt}")


def render(report: Report, fmt: str) -> ExportFile | None:
    """The report as a Markdown or PDF file (None for another format)."""
    if fmt not in FORMATS:
        return None
    return file_of(report, fmt, render_body(report, fmt))


def shared_file_key(token: str, fmt: str, report: Report) -> str:
    """The export cache's key of a share link's file (`services/export_cache.file_key`)."""
    return export_cache.file_key(hash_token(token), fmt, report)


def parse_target(kind: Any, target: Any) -> tuple[int, ...] | None:
    """The ids in a download's address: one id, or 2 to 4 ids joined by '-' for a
    comparison; None when they are not."""
    if kind not in KINDS or not isinstance(target, str) or len(target) > 100:
        return None
    parts = target.split("-") if kind == COMPARISON else [target]
    ids = tuple(valid_row_id(p) for p in parts)
    if None in ids or len(set(ids)) != len(ids):
        return None
    wanted = (2, 4) if kind == COMPARISON else (1, 1)
    return ids if wanted[0] <= len(ids) <= wanted[1] else None  # type: ignore[return-value]
