"""The watch's schedule (issue 30, item 2): every worker runs `run_watch_worker` (a Reflex
lifespan task); each `watch_pass` claims the due checks and runs them, then makes the
founders' digests (services/watch_digest.py).

A check runs once across workers: its claim is the row of (idea, period) in `watch_checks`,
which only one worker can insert (a unique constraint); the winner moves the watch's next
check one interval on, plus jitter. A running claim whose lease ran out (its worker died) is
taken over by a conditional UPDATE. The state is all in the database, so a restart picks up
where the schedule was.

A check is the brief's research and Scanner on the idea, through the same gates as the
brief: the founder's access, `services/brief.budget_check` before it starts (out of allowance:
skipped, with a notice), the budget held by every AI call. The research runs first; when the
pages read, the Scanner's prompt and the model are all what the last check asked
(`domain/watch.fingerprint`), the model is not asked again and the check reports no change.
Otherwise the Scanner runs through `run_tool` on those pages (the research is not repeated),
keeps its run on the idea as the brief does, and `domain/watch.judge` says what changed."""

from __future__ import annotations

import asyncio
import logging
import random
from collections.abc import Callable
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import update
from sqlmodel import Session, col, select

from startup_toolkit.db import in_worker
from startup_toolkit.domain import research as evidence_rules
from startup_toolkit.domain import watch as rules
from startup_toolkit.domain.brief import BY_KEY, read_part
from startup_toolkit.domain.brief_input import IDEA_INPUT_CAP, BriefInput
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.research import Evidence
from startup_toolkit.domain.tool_run import RunStatus, ToolRun
from startup_toolkit.models.watch import IdeaWatch, WatchCheck
from startup_toolkit.models.workspace import Idea, ToolRunRecord
from startup_toolkit.services import access, activity, ai, watch_digest
from startup_toolkit.services import brief as brief_service
from startup_toolkit.services.commits import inserted
from startup_toolkit.services.tool_runs import Research, research, run_tool
from startup_toolkit.services.watch import ACTIVE, SCANNER
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

#: How long a claim holds: the research, the Scanner's call and its retries, with margin.
LEASE = timedelta(minutes=15)
BATCH_SIZE = 50
NOTE_MAX = 1000

SKIPPED_ALLOWANCE = (
    'Weekly watch: "{title}" was not re-checked, as your AI allowance left today was not '
    "enough. It is checked again at its next date."
)
SKIPPED_ACCESS = (
    'Weekly watch: "{title}" was not re-checked: re-checks need a subscription, like the '
    "tools. It is checked again at its next date."
)
SAME_INPUTS = "Same pages, prompt and model as the last check: the model was not asked again."
RESEARCH_FAILED = "The web research for this check did not answer: nothing was compared."
IDEA_GONE = "The idea is no longer there."
CHECK_FAILED = "The check failed unexpectedly: nothing was compared."


@dataclass(frozen=True)
class Claimed:
    """A check this worker holds."""

    check_id: int
    watch_id: int
    user_id: str
    idea_id: int
    fingerprint: str


@dataclass(frozen=True)
class Context:
    """What a check starts from: the idea, the watch's earlier runs (oldest first), whether
    the founder may run it and whether it fits the allowance."""

    title: str
    data: BriefInput
    history: tuple[tuple[int, rules.Facts], ...]
    allowed: bool
    fits: bool


# --- Claims -----------------------------------------------------------------------------------


def due_watch_ids(session: Session, now: datetime) -> list[int]:
    """The active watches whose check is due, soonest first."""
    query = (
        select(IdeaWatch.id)
        .where(IdeaWatch.status == ACTIVE, IdeaWatch.next_check_at <= now)
        .order_by(col(IdeaWatch.next_check_at))
        .limit(BATCH_SIZE)
    )
    return [i for i in session.exec(query).all() if i is not None]


def claim(session: Session, watch_id: int, now: datetime, draw: float) -> Claimed | None:
    """Claim the due check of one watch (None: not due, or another worker holds it) and move
    the watch's next check one interval on, `draw` (0 to 1) of the jitter later."""
    row = session.get(IdeaWatch, watch_id, populate_existing=True)
    if row is None or row.id is None or row.status != ACTIVE or row.next_check_at > now:
        return None
    interval = get_settings().watch_interval
    period = rules.period_of(row.next_check_at, interval)
    check = WatchCheck(
        user_id=row.user_id,
        watch_id=row.id,
        idea_id=row.idea_id,
        period=period,
        status=rules.RUNNING,
        lease_until=now + LEASE,
        created_at=now,
    )
    if not inserted(session, check):
        check = _take_over(session, row.idea_id, period, now)
        if check is None:
            return None
        row = session.get(IdeaWatch, watch_id, populate_existing=True)
        if row is None:
            return None
    if check.id is None:
        return None
    row.next_check_at = rules.next_check(now, interval, draw)
    session.add(row)
    session.commit()
    return Claimed(check.id, watch_id, row.user_id, row.idea_id, row.fingerprint)


def _take_over(session: Session, idea_id: int, period: int, now: datetime) -> WatchCheck | None:
    """The claim of (idea, period) when its worker died (its lease ran out), else None."""
    taken = session.exec(
        update(WatchCheck)
        .where(
            col(WatchCheck.idea_id) == idea_id,
            col(WatchCheck.period) == period,
            col(WatchCheck.status) == rules.RUNNING,
            col(WatchCheck.lease_until) < now,
        )
        .values(lease_until=now + LEASE)
    )
    if taken.rowcount != 1:
        session.commit()
        return None
    query = select(WatchCheck).where(WatchCheck.idea_id == idea_id, WatchCheck.period == period)
    return session.exec(query).first()


# --- One check -----------------------------------------------------------------------------------


def _history(session: Session, claimed: Claimed) -> tuple[tuple[int, rules.Facts], ...]:
    """The runs the watch's earlier checks kept (at most `RECENT_RUNS`), oldest first."""
    query = (
        WatchCheck.newest_first(claimed.user_id)
        .where(
            WatchCheck.watch_id == claimed.watch_id,
            col(WatchCheck.run_id).is_not(None),
            WatchCheck.id != claimed.check_id,
        )
        .limit(rules.RECENT_RUNS)
    )
    found: list[tuple[int, rules.Facts]] = []
    for check in session.exec(query).all():
        run = session.get(ToolRunRecord, check.run_id)
        if run is None or run.id is None or run.user_id != claimed.user_id:
            continue
        part = read_part(SCANNER, run.input, run.result)
        if part is not None:
            found.append((run.id, rules.facts_of(part.result)))
    return tuple(reversed(found))


def context(session: Session, claimed: Claimed) -> Context | None:
    """What the check starts from (None: the idea is gone)."""
    idea = session.get(Idea, claimed.idea_id)
    if idea is None or idea.user_id != claimed.user_id:
        return None
    data = BriefInput(idea.description[:IDEA_INPUT_CAP] or idea.title)
    allowed = access.may_use_tools(session, claimed.user_id)
    note = brief_service.budget_check(session, claimed.user_id, data, (SCANNER,))
    return Context(idea.title, data, _history(session, claimed), allowed, note.fits)


@dataclass(frozen=True)
class Asked:
    """The run the Scanner makes on the research done, and the fingerprint of its inputs."""

    run: ToolRun[Any]
    fingerprint: str


async def researched(user_id: str, run: ToolRun[Any]) -> Asked:
    """The research step as `run_tool` makes it, made here first so its pages can be compared
    before the model is asked: the run then carries them and researches nothing more. Raises
    `ai.AiBudgetExceeded`, and `ai.AiError` when the research failed (a failed check)."""
    settings = get_settings()
    if not ai.ai_available():  # demo mode: the sample, nothing asked
        return Asked(run, rules.fingerprint("demo", run.system, run.prompt, ()))
    found = Research(Evidence())
    if run.research and settings.web_research_enabled:
        try:
            found = await research(user_id, run)
        except ai.AiResearchUnavailable:
            found = Research(Evidence(research=evidence_rules.UNAVAILABLE))
    evidence, block = found.evidence, found.block or evidence_rules.NO_EVIDENCE
    read = [(p.url, p.title, p.content) for p in found.pages]
    fingerprint = rules.fingerprint(settings.ai_model, run.system, run.prompt, read)
    finish = run.finish

    def with_pages(result: Any) -> Any:
        done = finish(result) if finish is not None else result
        return evidence_rules.with_evidence(done, evidence)

    asked = replace(run, research="", prompt=f"{run.prompt}\n\n{block}", finish=with_pages)
    return Asked(asked, fingerprint)


@dataclass(frozen=True)
class Ended:
    """How a check ended, to be written on its row."""

    status: str
    note: str = ""
    changes: tuple[rules.Change, ...] = ()
    run_id: int | None = None
    compared_id: int | None = None
    fingerprint: str = ""  # the inputs asked (kept on the watch when the check succeeded)
    notice: str = ""  # a notification to the founder now (a skipped check)


def finish(session: Session, claimed: Claimed, ended: Ended, now: datetime) -> None:
    """Write how the check ended; a successful one's inputs become the watch's fingerprint."""
    check = session.get(WatchCheck, claimed.check_id, populate_existing=True)
    if check is None:
        return
    check.status = ended.status
    check.note = ended.note[:NOTE_MAX]
    check.changes = [c.as_row() for c in ended.changes]
    check.run_id, check.compared_id = ended.run_id, ended.compared_id
    check.finished_at, check.lease_until = now, None
    session.add(check)
    watch = session.get(IdeaWatch, claimed.watch_id)
    if watch is not None and ended.fingerprint and ended.status in rules.SUCCEEDED:
        watch.fingerprint = ended.fingerprint
        session.add(watch)
    if ended.notice:
        activity.add_notification(session, claimed.user_id, "warning", ended.notice)
    session.commit()


async def run_check(claimed: Claimed) -> Ended:
    """The check itself; never raises (a failure is a failed check)."""
    ctx = await in_worker(context, claimed)
    if ctx is None:
        return Ended(rules.FAILED, IDEA_GONE)
    if not ctx.allowed:
        return Ended(rules.SKIPPED, "No access", notice=SKIPPED_ACCESS.format(title=ctx.title))
    skipped = Ended(
        rules.SKIPPED, "Out of AI allowance", notice=SKIPPED_ALLOWANCE.format(title=ctx.title)
    )
    if not ctx.fits:
        return skipped
    compared = ctx.history[-1][0] if ctx.history else None
    try:
        asked = await researched(claimed.user_id, BY_KEY[SCANNER].run(ctx.data, claimed.idea_id))
    except ai.AiBudgetExceeded:
        return skipped
    except ai.AiError as exc:
        log.warning("Watch research failed: %s", exc.message)
        return Ended(rules.FAILED, RESEARCH_FAILED)
    if ctx.history and asked.fingerprint == claimed.fingerprint:
        return Ended(rules.UNCHANGED, SAME_INPUTS, compared_id=compared)
    outcome = await run_tool(claimed.user_id, asked.run)
    if outcome.status is RunStatus.BUDGET:
        return skipped
    if not outcome.ok or outcome.result is None:
        notice = outcome.notice
        reason = " ".join(t for t in (notice.title, notice.detail) if t) if notice else ""
        return Ended(rules.FAILED, reason or CHECK_FAILED)
    found = rules.judge([facts for _, facts in ctx.history], rules.facts_of(outcome.result))
    return Ended(
        found.status,
        changes=found.changes,
        run_id=outcome.run_id,
        compared_id=compared,
        fingerprint=asked.fingerprint,
    )


async def _checked(claimed: Claimed, now: datetime) -> None:
    try:
        ended = await run_check(claimed)
    except Exception:
        log.exception("Watch check %s failed", claimed.check_id)
        ended = Ended(rules.FAILED, CHECK_FAILED)
    await in_worker(finish, claimed, ended, now)


# --- The pass and the worker ---------------------------------------------------------------------


async def watch_pass(
    *, now: datetime | None = None, draw: Callable[[], float] = random.random
) -> int:
    """One pass: claim and run every due check, then make the digests that are due; how many
    checks this worker ran. `now` fixes the clock (tests)."""
    at = now or utcnow()
    ran = 0
    for watch_id in await in_worker(due_watch_ids, at):
        claimed = await in_worker(claim, watch_id, at, draw())
        if claimed is None:
            continue
        await _checked(claimed, now or utcnow())
        ran += 1
    if await in_worker(watch_digest.make_digests, now or utcnow()):
        watch_digest.mail_soon()
    return ran


async def run_watch_worker() -> None:
    """Forever: one pass, then sleep `watch_poll_seconds` (plus a little jitter, so workers
    do not knock at the same moment). Never crashes."""
    while True:
        try:
            await watch_pass()
        except Exception:
            log.exception("Watch pass failed; trying again later.")
        poll = get_settings().watch_poll_seconds
        await asyncio.sleep(poll * (1 + random.random() / 10))
