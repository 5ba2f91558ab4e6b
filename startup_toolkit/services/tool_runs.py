"""The one tool-run use case: every AI tool's run goes through `run_tool`.

A run, in order: may this founder use the tools (the subscription gate; visitors only where
the tool allows them, within their per-address limit), demo mode (the tool's built-in sample),
the daily budget and the AI call itself (a JSON reply validated by the tool's schema, a text
reply, or a streamed one), then the tool's own finishing touch. What comes back is a typed
`ToolOutcome`: the result and whether it is a sample, or why there is none, with the tool's own
texts for that case (`RunTexts`, from its domain module), and the tool's stand-in result where
it has one (an estimate, the sample).

Recording runs, a research step before the call, or exporting a result are changes to this
module only: the pages hand over a `ToolRun` and show the outcome.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Generic, TypeVar

from pydantic import BaseModel

from startup_toolkit.db import run_in_session
from startup_toolkit.services import access, ai, visitor_limits

log = logging.getLogger(__name__)

R = TypeVar("R")

#: In a notice's text, stands for the reason the AI service gave (e.g. the budget message).
AI_REASON = "{reason}"
BUDGET_TITLE = "Daily AI limit reached"


class RunStatus(StrEnum):
    AI = "ai"  # the model answered
    SAMPLE = "sample"  # demo mode: the tool's built-in sample
    NO_ACCESS = "no_access"  # not signed in, or no subscription
    LIMITED = "limited"  # a visitor's per-address allowance is used up
    BUDGET = "budget"  # the founder's daily allowance is spent: nothing was sent
    UNREADABLE = "unreadable"  # no usable JSON, even after one repair request
    FAILED = "failed"  # the provider or the database failed


@dataclass(frozen=True)
class Notice:
    """What a tool says when a run fails: a toast (title, detail) and its error panel's text.
    `AI_REASON` in a text is replaced by the reason the AI service gave."""

    title: str
    detail: str = ""
    panel: str = ""

    def with_reason(self, reason: str) -> Notice:
        return Notice(
            self.title.replace(AI_REASON, reason),
            self.detail.replace(AI_REASON, reason),
            self.panel.replace(AI_REASON, reason),
        )


@dataclass(frozen=True)
class RunTexts:
    """A tool's own texts for each way a run can end without the model's answer."""

    failed: Notice
    no_access: Notice
    budget: Notice = Notice(BUDGET_TITLE, AI_REASON, AI_REASON)
    unreadable: Notice | None = None  # None: the `failed` texts
    limited: Notice | None = None  # None: the `no_access` texts

    def notice(self, status: RunStatus, reason: str = "") -> Notice:
        by_status = {
            RunStatus.NO_ACCESS: self.no_access,
            RunStatus.LIMITED: self.limited or self.no_access,
            RunStatus.BUDGET: self.budget,
            RunStatus.UNREADABLE: self.unreadable or self.failed,
        }
        return by_status.get(status, self.failed).with_reason(reason)


@dataclass(frozen=True)
class ToolRun(Generic[R]):
    """What a tool asks for. `schema` set: a JSON reply validated by it; else a text reply
    (streamed when `run_tool` gets `on_text`). `history` (a chat's turns) replaces `prompt`."""

    tool: str
    system: str
    texts: RunTexts
    sample: Callable[[], R]  # demo mode's result
    prompt: str = ""
    history: Sequence[Mapping[str, str]] = ()
    schema: type[BaseModel] | None = None
    temperature: float | None = None
    max_tokens: int | None = None
    #: Demo mode: how long the sample takes, or for a streamed run, the pause before each word.
    demo_seconds: float = 0.0
    #: The tool's stand-in after a failure (an estimate, the sample), or None for none.
    fallback: Callable[[RunStatus], R | None] | None = None
    #: The tool's finishing touch on the model's answer (clean up, apply the founder's numbers).
    finish: Callable[[R], R] | None = None
    #: Anyone may run it: signed-out visitors (within their address's limit) and signed-in
    #: founders without a subscription.
    visitors: bool = False


@dataclass(frozen=True)
class ToolOutcome(Generic[R]):
    """How a run ended. `result` is the answer, the sample, or the tool's stand-in after a
    failure (then `notice` says what went wrong); None when there is nothing to show."""

    status: RunStatus
    result: R | None = None
    notice: Notice | None = None
    complete: bool = True  # False: a streamed reply stopped early by the tool's `on_text`

    @property
    def ok(self) -> bool:
        return self.status in (RunStatus.AI, RunStatus.SAMPLE)

    @property
    def sample(self) -> bool:
        return self.status is RunStatus.SAMPLE


#: Gets each streamed piece of text; returns False to stop the stream there.
OnText = Callable[[str], bool]


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
    if not ai.ai_available():
        return ToolOutcome(RunStatus.SAMPLE, await _demo(run, on_text))
    if user_id is None and not visitor_limits.allow_visitor_ai_call(visitor_address):
        return _failure(run, RunStatus.LIMITED)
    stream = _Stream()
    try:
        result = await _call(user_id, run, on_text, stream)
    except ai.AiParseError:
        return _failure(run, RunStatus.UNREADABLE)
    except ai.AiBudgetExceeded as exc:
        return _failure(run, RunStatus.BUDGET, exc.message)
    except ai.AiError as exc:
        log.warning("%s run failed: %s", run.tool, exc.message)
        return _failure(run, RunStatus.FAILED, exc.message)
    except Exception:
        log.exception("%s run failed", run.tool)
        return _failure(run, RunStatus.FAILED)
    if run.finish is not None:
        result = run.finish(result)
    return ToolOutcome(RunStatus.AI, result, complete=stream.complete)


async def _may_run(user_id: str | None, run: ToolRun[Any]) -> bool:
    if run.visitors:
        return True  # open to visitors, so to signed-in founders without a plan as well
    if user_id is None:
        return False
    return await asyncio.to_thread(run_in_session, access.may_use_tools, user_id)


def _failure(run: ToolRun[R], status: RunStatus, reason: str = "") -> ToolOutcome[R]:
    stand_in = run.fallback(status) if run.fallback is not None else None
    return ToolOutcome(status, stand_in, run.texts.notice(status, reason))


async def _demo(run: ToolRun[R], on_text: OnText | None) -> R:
    sample = run.sample()
    if on_text is None or not isinstance(sample, str):
        await asyncio.sleep(run.demo_seconds)
        return sample
    for piece in re.findall(r"\s*\S+", sample) or [sample]:
        await asyncio.sleep(run.demo_seconds)
        if not on_text(piece):
            break
    return sample


def _messages(run: ToolRun[Any]) -> list[dict[str, str]]:
    if run.history:
        return [dict(m) for m in run.history]
    return [{"role": "user", "content": run.prompt}]


async def _call(user_id: str | None, run: ToolRun[R], on_text: OnText | None, into: _Stream) -> R:
    if run.schema is not None:
        reply: Any = await ai.generate_json(
            user_id, run.tool, run.system, run.prompt, run.schema, temperature=run.temperature
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
