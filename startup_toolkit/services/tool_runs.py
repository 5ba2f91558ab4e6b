"""The one tool-run use case: every AI tool's run goes through `run_tool`.

A run, in order: may this founder use the tools (the subscription gate; visitors only where
the tool allows them, within their per-address limit), demo mode (the tool's built-in sample),
the daily budget and the AI call itself (a JSON reply validated by the tool's schema, a text
reply, or a streamed one), then the tool's own finishing touch. What comes back is a typed
`ToolOutcome`: the result and whether it is a sample, or why there is none, with the tool's own
texts for that case (`RunTexts`, from its domain module), and the tool's stand-in result where
it has one (an estimate, the sample).

A completed run (the model's answer or the sample) of a signed-in founder is kept in their
workspace when the `ToolRun` says how (`keep`): `services/workspace.keep_run`, with the tokens
and time it took; the outcome's `run_id` names the kept run. A research step before the call,
or exporting a result, are changes to this module only: the pages hand over a `ToolRun` and
show the outcome.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

from startup_toolkit.db import in_worker, run_in_session
from startup_toolkit.domain.tool_run import (
    AI_REASON,
    BUDGET_TITLE,
    Notice,
    RunStatus,
    RunTexts,
    ToolOutcome,
    ToolRun,
)
from startup_toolkit.services import access, ai, visitor_limits, workspace

log = logging.getLogger(__name__)

__all__ = [
    "AI_REASON",
    "BUDGET_TITLE",
    "Notice",
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
    visitor_address: str = "",
) -> ToolOutcome[R]:
    """Run `run` for `user_id` (None: a visitor) and say how it ended; never raises but for
    cancellation (cancelling closes a streamed reply)."""
    try:
        allowed = await _may_run(user_id, run)
    except Exception:  # the database may be unreachable: say so, keep the page
        log.exception("Could not check access to %s", run.tool)
        return _failure(run, RunStatus.FAILED)
    if not allowed:
        return _failure(run, RunStatus.NO_ACCESS)
    started = time.monotonic()
    if not ai.ai_available():
        if on_start is not None:
            on_start(RunStatus.SAMPLE)
        outcome = await _demo(run, on_text)
        return await _kept(user_id, run, outcome, ai.UsageTally(), started)
    # A thread: with Redis the count is a network round trip, kept off the event loop.
    allow = visitor_limits.allow_visitor_ai_call
    if user_id is None and not await asyncio.to_thread(allow, visitor_address):
        return _failure(run, RunStatus.LIMITED)
    if on_start is not None:
        on_start(RunStatus.AI)
    stream = _Stream()
    try:
        with ai.tally_usage() as usage:
            result = await _call(user_id, run, on_text, stream)
        if run.finish is not None:  # inside: a failing finishing touch is a failed run
            result = run.finish(result)
    except ai.AiParseError as exc:
        return _failure(run, RunStatus.UNREADABLE, exc.message)
    except ai.AiBudgetExceeded as exc:
        return _failure(run, RunStatus.BUDGET, exc.message)
    except ai.AiError as exc:
        log.warning("%s run failed: %s", run.tool, exc.message)
        return _failure(run, RunStatus.FAILED, exc.message)
    except Exception:
        log.exception("%s run failed", run.tool)
        return _failure(run, RunStatus.FAILED)
    outcome = ToolOutcome(RunStatus.AI, result, complete=stream.complete)
    return await _kept(user_id, run, outcome, usage, started)


async def _kept(
    user_id: str | None,
    run: ToolRun[R],
    outcome: ToolOutcome[R],
    usage: ai.UsageTally,
    started: float,
) -> ToolOutcome[R]:
    """The outcome, with the id of its run kept in the founder's workspace when it completed
    and the run says how to keep it. Keeping is silent: a failure is logged, the result shown."""
    if user_id is None or run.keep is None or outcome.result is None or not outcome.complete:
        return outcome
    try:
        run_id = await in_worker(
            workspace.keep_run,
            user_id,
            run.keep,
            outcome.result,
            sample=outcome.sample,
            model=usage.model,
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
