"""The one tool-run use case: every AI tool's run goes through `run_tool`.

A run, in order: may this founder use the tools (the subscription gate; visitors only where
the tool allows them, within their per-address limit), demo mode (the tool's built-in sample),
the daily budget and the AI call itself (a JSON reply validated by the tool's schema, a text
reply, or a streamed one), then the tool's own finishing touch. What comes back is a typed
`ToolOutcome`: the result and whether it is a sample, or why there is none, with the tool's own
texts for that case (`RunTexts`, from its domain module), and the tool's stand-in result where
it has one (an estimate, the sample).

A completed run of a signed-in founder is kept in their workspace when the `ToolRun` says how
(`keep`): `services/workspace.keep_run`, with the tokens and time it took and how its result
was made (`domain/run_origin`): the model's answer, demo mode's sample, or (issue 28) the
tool's stand-in shown after the AI reply could not be used, labelled as such wherever it is
listed. The outcome's `run_id` names the kept run. Every run that gave the founder an answer
is their activity too, logged here once (`activity.log_run`: the dashboard's "Continue
with..." and Tools Used follow runs, not only saves).

Research (issue 15): a `ToolRun` with a research plan (`research`, a focused prompt) is, when
the settings allow it (`AI_WEB_RESEARCH`), researched first: one browser-search call within
`AI_RESEARCH_SECONDS`, its tokens in the founder's budget. The pages read become numbered
sources, given to the JSON call as fenced evidence, and the result's `evidence` (and the
outcome's `research` and `sources`). When research fails, times out or the model has no
browser search, the analysis goes on from the model's knowledge and the outcome says so.
`on_progress` hears what the research is doing ("Searching the web ... 3 sources read").
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from startup_toolkit.db import in_worker, run_in_session, writes_refused
from startup_toolkit.domain import research as evidence_rules
from startup_toolkit.domain.ai_request import QUEUED
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.research import Evidence, Page
from startup_toolkit.domain.tool_run import (
    AI_REASON,
    BUDGET_TITLE,
    DATABASE_DOWN,
    STORAGE_REFUSED,
    Notice,
    RunStatus,
    RunTexts,
    ToolOutcome,
    ToolRun,
)
from startup_toolkit.providers.ai import on_queued
from startup_toolkit.services import (
    access,
    activity,
    ai,
    run_leases,
    visitor_limits,
    workspace,
)
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

__all__ = [
    "AI_REASON",
    "BUDGET_TITLE",
    "Notice",
    "OnProgress",
    "OnStart",
    "OnText",
    "RunStatus",
    "RunTexts",
    "ToolOutcome",
    "ToolRun",
    "run_tool",
]

R = TypeVar("R")

#: Gets each streamed piece of text; returns False to stop the stream there.
OnText = Callable[[str], bool]
#: Told once the run goes ahead (access granted), before the sample or the AI call:
#: RunStatus.SAMPLE in demo mode, RunStatus.AI otherwise.
OnStart = Callable[[RunStatus], None]
#: Told what the research step is doing, in words the page can show.
OnProgress = Callable[[str], None]


@dataclass
class _Stream:
    parts: list[str] = field(default_factory=list)
    complete: bool = True

    @property
    def text(self) -> str:
        return "".join(self.parts)


async def run_tool(
    user_id: str | None,
    run: ToolRun[R],
    *,
    on_text: OnText | None = None,
    on_start: OnStart | None = None,
    on_progress: OnProgress | None = None,
    visitor_address: str = "",
) -> ToolOutcome[R]:
    """Run `run` for `user_id` (None: a visitor) and say how it ended; never raises but for
    cancellation (cancelling closes a streamed reply)."""
    try:
        allowed = await _may_run(user_id, run)
    except Exception:  # the database may be unreachable: say so, keep the page
        log.exception("Could not check access to %s", run.tool)
        return _failure(run, RunStatus.FAILED, DATABASE_DOWN)
    if not allowed:
        return _failure(run, RunStatus.NO_ACCESS)
    started = time.monotonic()
    if not ai.ai_available():
        if on_start is not None:
            on_start(RunStatus.SAMPLE)
        outcome = await _demo(run, on_text)
        return await _done(user_id, run, outcome, ai.UsageTally(), started)
    # A thread: with Redis the count is a network round trip, kept off the event loop.
    allow = visitor_limits.allow_visitor_ai_call
    if user_id is None and not await asyncio.to_thread(allow, visitor_address):
        return _failure(run, RunStatus.LIMITED)
    try:
        lease_id = await run_leases.started(user_id, run.tool, run.again) if user_id else None
    except Exception as exc:  # the database may be unreachable: say so before anything is sent
        log.exception("Could not start the %s run", run.tool)
        return _failure(run, RunStatus.FAILED, _storage_reason(exc))
    if on_start is not None:
        on_start(RunStatus.AI)
    return await _leased(user_id, run, lease_id, started, on_text, on_progress)


def _storage_reason(exc: BaseException) -> str:
    """Why a run could not start when the database failed: it refuses writes, or it is away."""
    return STORAGE_REFUSED if writes_refused(exc) else DATABASE_DOWN


async def _leased(
    user_id: str | None,
    run: ToolRun[R],
    lease_id: int | None,
    started: float,
    on_text: OnText | None,
    on_progress: OnProgress | None,
) -> ToolOutcome[R]:
    """The AI part of a run under its lease (issue 29): every call holds its budget under
    it; the lease goes when the run ends, or is marked interrupted when the run is cancelled
    (the worker shuts down), its holds released either way."""
    progress = _Progress(on_progress)
    queued, leased = on_queued.set(progress.queued), ai.run_lease.set(lease_id)
    interrupted = False
    try:
        outcome, usage = await _asked(user_id, run, on_text, progress.tell)
        # The answer, or the tool's stand-in after a failure (issue 28): kept, labelled.
        return await _done(user_id, run, outcome, usage, started)
    except asyncio.CancelledError:
        interrupted = True
        raise
    finally:
        on_queued.reset(queued)
        ai.run_lease.reset(leased)
        if lease_id is not None:
            await run_leases.ended(lease_id, interrupted=interrupted)


async def _asked(
    user_id: str | None, run: ToolRun[R], on_text: OnText | None, on_progress: OnProgress | None
) -> tuple[ToolOutcome[R], ai.UsageTally]:
    """The AI's answer (researched first where planned) with the run's finishing touch, or
    why there is none with the tool's stand-in; and what the calls spent."""
    stream = _Stream()
    usage = ai.UsageTally()
    try:
        with ai.tally_usage() as usage:
            result, evidence = await _answer(user_id, run, on_text, stream, on_progress)
        if run.finish is not None:  # inside: a failing finishing touch is a failed run
            result = run.finish(result)
    except ai.AiParseError as exc:
        return _failure(run, RunStatus.UNREADABLE, exc.message), usage
    except ai.AiBudgetExceeded as exc:
        return _failure(run, RunStatus.BUDGET, exc.message), usage
    except ai.AiError as exc:
        log.warning("%s run failed: %s", run.tool, exc.message)
        return _failure(run, RunStatus.FAILED, exc.message), usage
    except Exception:
        log.exception("%s run failed", run.tool)
        return _failure(run, RunStatus.FAILED), usage
    outcome = ToolOutcome(
        RunStatus.AI,
        result,
        complete=stream.complete,
        research=evidence.research,
        sources=tuple(evidence.sources),
    )
    return outcome, usage


async def _answer(
    user_id: str | None,
    run: ToolRun[R],
    on_text: OnText | None,
    into: _Stream,
    on_progress: OnProgress | None,
) -> tuple[R, Evidence]:
    """The research step (when planned and allowed), then the AI call with its evidence; a
    complete text reply that fails the tool's gate is its unreadable failure."""
    evidence, asked = await _researched(user_id, run, on_progress)
    result = await _call(user_id, asked, on_text, into)
    if run.schema is not None:  # whatever the model wrote there: what really happened
        result = evidence_rules.with_evidence(result, evidence)
    elif run.check is not None and into.complete and (problems := list(run.check(result))):
        raise ai.AiParseError(" ".join(problems))  # e.g. a text too short to be what was asked
    return result, evidence


class _Progress:
    """What a run tells the page, with the queued note while a request waits for a provider
    slot (issue 29, item 2) and the last words back once it goes ahead."""

    def __init__(self, on_progress: OnProgress | None) -> None:
        self._on_progress = on_progress
        self._last = ""

    def tell(self, text: str) -> None:
        self._last = text
        _tell(self._on_progress, text)

    def queued(self, waiting: bool) -> None:
        _tell(self._on_progress, QUEUED if waiting else self._last)


def _tell(on_progress: OnProgress | None, text: str) -> None:
    if on_progress is not None:
        on_progress(text)


@dataclass(frozen=True)
class Research:
    """What a run's web research read: its evidence, the pages, and the block its prompt
    carries ('' when no page was read)."""

    evidence: Evidence
    pages: tuple[Page, ...] = ()
    block: str = ""


async def research(user_id: str | None, run: ToolRun[Any]) -> Research:
    """The run's web research (`run.research`), once. Raises `ai.AiBudgetExceeded`,
    `ai.AiResearchUnavailable` and `ai.AiError` as the search does."""
    reply = await ai.research(
        user_id,
        run.tool,
        evidence_rules.RESEARCH_SYSTEM,
        run.research,
        seconds=get_settings().ai_research_seconds,
    )
    pages = reply.pages
    sources = evidence_rules.collect_sources(list(pages), utcnow().isoformat())
    if not sources:  # it answered without reading a page
        return Research(Evidence(research=evidence_rules.UNAVAILABLE))
    block = evidence_rules.evidence_block(sources, reply.text, list(pages))
    return Research(Evidence(research=evidence_rules.DONE, sources=sources), pages, block)


async def _researched(
    user_id: str | None, run: ToolRun[R], on_progress: OnProgress | None
) -> tuple[Evidence, ToolRun[R]]:
    """The research step when the run has a plan and the settings allow it: the evidence, and
    the run whose prompt carries it. A failed search is noted, never the end of the run (but
    a spent budget is: nothing more is sent)."""
    if not run.research or run.schema is None:
        return Evidence(), run
    if not get_settings().web_research_enabled:
        return Evidence(), replace(run, prompt=f"{run.prompt}\n\n{evidence_rules.NO_EVIDENCE}")
    _tell(on_progress, evidence_rules.SEARCHING)
    status = evidence_rules.FAILED
    try:
        found = await research(user_id, run)
    except ai.AiBudgetExceeded:
        raise
    except ai.AiResearchUnavailable as exc:
        log.info("%s research unavailable: %s", run.tool, exc.message)
        status = evidence_rules.UNAVAILABLE
    except ai.AiError as exc:
        log.warning("%s research failed: %s", run.tool, exc.message)
    else:
        if found.block:
            _tell(on_progress, evidence_rules.progress_text(len(found.evidence.sources)))
            return found.evidence, replace(run, prompt=f"{run.prompt}\n\n{found.block}")
        status = found.evidence.research
    _tell(on_progress, evidence_rules.WRITING_WITHOUT)
    no_evidence = f"{run.prompt}\n\n{evidence_rules.NO_EVIDENCE}"
    return Evidence(research=status), replace(run, prompt=no_evidence)


async def _done(
    user_id: str | None,
    run: ToolRun[R],
    outcome: ToolOutcome[R],
    usage: ai.UsageTally,
    started: float,
) -> ToolOutcome[R]:
    """A run that gave an answer (the model's or the sample): kept, and logged as the
    founder's activity, once (issue 28, item 11). Logging is silent: a failure is logged."""
    kept = await _kept(user_id, run, outcome, usage, started)
    if user_id is not None and outcome.ok and outcome.result is not None:
        try:
            await in_worker(activity.log_run, user_id, run.tool)
        except Exception:
            log.exception("Could not log the %s run as activity", run.tool)
    return kept


async def _kept(
    user_id: str | None,
    run: ToolRun[R],
    outcome: ToolOutcome[R],
    usage: ai.UsageTally,
    started: float,
) -> ToolOutcome[R]:
    """The outcome, with the id of its run kept in the founder's workspace when it completed
    (the answer, the sample, or the stand-in the founder is shown after a failure, each with
    its origin) and the run says how to keep it. Keeping is silent: a failure is logged, the
    result shown."""
    if user_id is None or run.keep is None or outcome.result is None or not outcome.complete:
        return outcome
    try:
        run_id = await in_worker(
            workspace.keep_run,
            user_id,
            run.keep,
            outcome.result,
            sample=outcome.sample,
            origin=outcome.origin,
            model=usage.model if outcome.status is RunStatus.AI else "",
            tokens=usage.tokens,
            duration_ms=int((time.monotonic() - started) * 1000),
        )
    except Exception:
        log.exception("Could not keep the %s run", run.tool)
        return outcome
    return replace(outcome, run_id=run_id)


async def _may_run(user_id: str | None, run: ToolRun[Any]) -> bool:
    if run.visitors:
        return True  # open to visitors, so to signed-in founders without a plan as well
    if user_id is None:
        return False
    return await asyncio.to_thread(run_in_session, access.may_use_tools, user_id)


def _failure(run: ToolRun[R], status: RunStatus, reason: str = "") -> ToolOutcome[R]:
    stand_in = run.fallback(status) if run.fallback is not None else None
    return ToolOutcome(status, stand_in, run.texts.notice(status, reason))


async def _demo(run: ToolRun[R], on_text: OnText | None) -> ToolOutcome[R]:
    sample = run.sample()
    if on_text is None or not isinstance(sample, str):
        await asyncio.sleep(run.demo_seconds)
        return ToolOutcome(RunStatus.SAMPLE, sample)
    shown: list[str] = []
    for piece in re.findall(r"\s*\S+", sample) or [sample]:
        await asyncio.sleep(run.demo_seconds)
        shown.append(piece)
        if not on_text(piece):  # stopped: like a streamed reply, what was shown so far
            partial: Any = "".join(shown)
            return ToolOutcome(RunStatus.SAMPLE, partial, complete=False)
    return ToolOutcome(RunStatus.SAMPLE, sample)


def _messages(run: ToolRun[Any]) -> list[dict[str, str]]:
    if run.history:
        return [dict(m) for m in run.history]
    return [{"role": "user", "content": run.prompt}]


async def _call(user_id: str | None, run: ToolRun[R], on_text: OnText | None, into: _Stream) -> R:
    if run.schema is not None:
        reply: Any = await ai.generate_json(
            user_id,
            run.tool,
            run.system,
            run.prompt,
            run.schema,
            temperature=run.temperature,
            check=run.check,
        )
        return reply
    if on_text is None:
        text: Any = await ai.generate_text(
            user_id,
            run.tool,
            run.system,
            run.prompt,
            temperature=run.temperature,
            max_tokens=run.max_tokens,
        )
        return text
    chat = ai.stream_chat(user_id, run.tool, run.system, _messages(run), max_tokens=run.max_tokens)
    try:
        async for delta in chat:
            into.parts.append(delta)
            if not on_text(delta):
                into.complete = False
                break
    finally:
        await chat.aclose()
    streamed: Any = into.text
    return streamed
