"""The founder's brief (issue 30): run an idea through the brief's registry tools at the same
time, within the daily AI allowance, and read the brief back from the idea's latest kept runs.

Every part is the tool's own run (`BriefPart.run`: its spec's `make_run`) through the one
tool-run use case, `services/tool_runs.run_tool`, which keeps each completed run on the idea
as the tool's page would. Before a brief starts, `budget_check` says what it may cost at most
and whether that fits today's allowance. Functions that touch the database take the
`Session` first and the founder's id from the server-side session; every query is scoped by
it, so another founder's idea reads as not found."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlmodel import Session

from startup_toolkit.domain import brief as rules
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.brief import BRIEF_PARTS, BY_KEY, Brief, PartResult
from startup_toolkit.domain.brief_budget import BudgetNote, budget_note
from startup_toolkit.domain.brief_input import IDEA_INPUT_CAP, MAX_IDEA, BriefInput
from startup_toolkit.domain.brief_report import brief_report
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.growth import MAX_AUDIENCE_LENGTH
from startup_toolkit.domain.report import Report
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.tool_run import ToolOutcome
from startup_toolkit.models.workspace import ToolRunRecord
from startup_toolkit.services import ai, ai_usage, workspace
from startup_toolkit.services.tool_runs import run_tool
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

#: Told what a part's research step is doing: (part key, words the page can show).
OnPartProgress = Callable[[str, str], None]
#: Told as each part ends: (part key, its outcome).
OnPartDone = Callable[[str, ToolOutcome[Any]], Awaitable[None]]


# --- Before it starts ---------------------------------------------------------------------------


def ceiling(data: BriefInput | None = None, keys_: Iterable[str] | None = None) -> int:
    """The most tokens the parts named (all by default) can hold against the allowance for
    `data` (None: the longest idea and audience a brief takes)."""
    data = data or BriefInput("x" * MAX_IDEA, audience="x" * MAX_AUDIENCE_LENGTH)
    research = get_settings().web_research_enabled
    total = 0
    for key in keys_ or rules.PART_KEYS:
        run = BY_KEY[key].run(data, None)
        plan = run.research if research else ""
        total += ai.json_run_ceiling(run.system, run.prompt, research=plan)
    return total


def budget_check(
    session: Session,
    user_id: str,
    data: BriefInput | None = None,
    keys_: Iterable[str] | None = None,
    *,
    now: datetime | None = None,
) -> BudgetNote:
    """Whether a brief (or the parts named) fits the founder's allowance today, and what the
    page says about it before it starts."""
    wanted = tuple(keys_ or rules.PART_KEYS)
    allowance = ai_usage.todays_allowance(session, user_id, now=now)
    return budget_note(allowance, ceiling(data, wanted), len(wanted))


@dataclass(frozen=True)
class OpenedIdea:
    """The idea a brief lands on."""

    idea_id: int
    title: str


def open_idea(session: Session, user_id: str, text: str, idea_id: Any = None) -> OpenedIdea | None:
    """The founder's idea a brief of `text` lands on: the idea chosen (when it is theirs),
    else the idea of that text, made when there is none; None for no idea at all."""
    keep = keys.KeepRun("", {}, text, idea_id if isinstance(idea_id, int) else None)
    idea = workspace.idea_for(session, user_id, keep)
    if idea is None or idea.id is None:
        session.rollback()
        return None
    session.commit()
    return OpenedIdea(idea.id, idea.title)


# --- Running the parts ---------------------------------------------------------------------------


async def run_part(
    user_id: str,
    key: str,
    data: BriefInput,
    idea_id: int | None,
    on_progress: Callable[[str], None] | None = None,
) -> ToolOutcome[Any]:
    """One part: the tool's own run on the brief's input, kept on the idea; never raises."""
    return await run_tool(user_id, BY_KEY[key].run(data, idea_id), on_progress=on_progress)


async def run_parts(
    user_id: str,
    data: BriefInput,
    idea_id: int | None,
    keys_: Iterable[str] = rules.PART_KEYS,
    *,
    on_progress: OnPartProgress | None = None,
    on_done: OnPartDone | None = None,
) -> dict[str, ToolOutcome[Any]]:
    """Run the parts named at the same time; each one's outcome by key. `on_done` hears each
    part as it ends (a failure there is logged: the other parts go on)."""

    async def one(key: str) -> ToolOutcome[Any]:
        heard = (lambda text: on_progress(key, text)) if on_progress is not None else None
        outcome = await run_part(user_id, key, data, idea_id, heard)
        if on_done is not None:
            try:
                await on_done(key, outcome)
            except Exception:
                log.exception("Could not show the brief's %s part", key)
        return outcome

    wanted = [k for k in dict.fromkeys(keys_) if k in BY_KEY]
    outcomes = await asyncio.gather(*(one(k) for k in wanted))
    return dict(zip(wanted, outcomes, strict=True))


def outcome_part(
    key: str, data: BriefInput, outcome: ToolOutcome[Any], at: datetime | None = None
) -> PartResult | None:
    """A part's outcome as the brief reads it (None: no result to show). A failure's
    stand-in is not a part: it was not kept."""
    if not outcome.ok or outcome.result is None:
        return None
    run = BY_KEY[key].run(data, None)
    inputs = run.keep.inputs if run.keep is not None else {}
    return rules.read_part(
        key, inputs, outcome.result, sample=outcome.sample, at=at or utcnow(), run_id=outcome.run_id
    )


# --- Reading it back ---------------------------------------------------------------------------


@dataclass(frozen=True)
class KeptBrief:
    """One of the founder's ideas with the latest kept run of each part, and the brief's form
    as those runs were asked (a default left empty)."""

    idea_id: int
    title: str
    idea: str
    parts: dict[str, PartResult]
    form: dict[str, str]

    @property
    def brief(self) -> Brief:
        return rules.compose(self.title, self.parts)


def _latest(session: Session, user_id: str, idea_id: int, key: str) -> ToolRunRecord | None:
    """The part's newest kept answer: a stand-in kept after a failed run (issue 28) is not
    one, as the brief showed that part failed with Retry."""
    query = ToolRunRecord.newest_first(user_id).where(
        ToolRunRecord.idea_id == idea_id,
        ToolRunRecord.tool == key,
        ToolRunRecord.origin != Origin.FALLBACK.value,
    )
    return session.exec(query.limit(1)).first()


def kept_brief(session: Session, user_id: str, idea_id: Any) -> KeptBrief | None:
    """One of the founder's ideas and its parts' latest kept runs (None: not their idea)."""
    idea = workspace.get_idea(session, user_id, idea_id)
    if idea is None or idea.id is None:
        return None
    parts: dict[str, PartResult] = {}
    for part in BRIEF_PARTS:
        run = _latest(session, user_id, idea.id, part.key)
        if run is None:
            continue
        found = rules.read_part(
            part.key, run.input, run.result, sample=run.sample, at=run.created_at, run_id=run.id
        )
        if found is not None:
            parts[part.key] = found
    text = idea.description[:IDEA_INPUT_CAP]
    return KeptBrief(idea.id, idea.title, text, parts, rules.form_of(parts))


def brief_report_of(
    session: Session, user_id: str, idea_id: Any, *, now: datetime | None = None
) -> Report | None:
    """The brief of one of the founder's ideas as a report (None: not their idea)."""
    kept = kept_brief(session, user_id, idea_id)
    return brief_report(kept.brief, now or utcnow()) if kept is not None else None
