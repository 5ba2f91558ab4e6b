"""What a tool run is, without I/O: the request a tool makes (`ToolRun`), how a run can end
(`RunStatus`), the tool's own texts for each failure (`RunTexts`, `Notice`) and the typed
outcome (`ToolOutcome`). The use case that carries it out is `services/tool_runs.run_tool`;
each tool's domain module builds its `ToolRun` and `RunTexts` from these."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Generic, TypeVar

from pydantic import BaseModel

from startup_toolkit.domain.research import OFF, ResearchStatus, Source
from startup_toolkit.domain.run_origin import Origin, from_status
from startup_toolkit.domain.workspace import KeepRun

R = TypeVar("R")

#: In a notice's text, stands for the reason the AI service gave (e.g. the budget message).
AI_REASON = "{reason}"
BUDGET_TITLE = "Daily AI limit reached"
#: The reason of a run not started because the database did not answer (issue 29).
DATABASE_DOWN = (
    "The app could not reach its database, so the run was not started and nothing was "
    "charged. What you entered is still here: Retry in a moment."
)
#: The reason of a run not started because the database refuses writes (read-only, or its
#: disk is full; issue 29): nothing could be recorded, so nothing was sent.
STORAGE_REFUSED = (
    "The app cannot save anything right now (its storage is read-only or full), so the run "
    "was not started and nothing was charged. What you entered is still here: Retry in a "
    "few minutes."
)


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
    #: The tool's quality gate (issue 15, item 7): its problems, one sentence each. A JSON
    #: reply with any is asked for once more, then is the tool's parse failure; a complete
    #: text reply with any is that failure at once, its problems the reason (issue 28).
    check: Callable[[R], Sequence[str]] | None = None
    #: The tool's finishing touch on the model's answer (clean up, apply the founder's numbers).
    finish: Callable[[R], R] | None = None
    #: Anyone may run it: signed-out visitors (within their address's limit) and signed-in
    #: founders without a subscription.
    visitors: bool = False
    #: How a completed run is kept in a signed-in founder's workspace (None: not kept).
    keep: KeepRun | None = None
    #: What Retry runs again after a stopped server interrupted the run (issue 29), for a run
    #: that is not kept itself (a Co-Founder reply: the founder's message); `again` says.
    retry: KeepRun | None = None
    #: The research plan: a focused prompt for a live web search made before the JSON call
    #: when the settings allow it ('' for none). Its pages become the result's evidence.
    research: str = ""

    @property
    def again(self) -> KeepRun | None:
        """What Retry needs to run this again: the tool's key and the founder's inputs."""
        return self.keep or self.retry


#: No stand-in result for these: the founder may not run the tool.
REFUSED: frozenset[RunStatus] = frozenset({RunStatus.NO_ACCESS, RunStatus.LIMITED})


def stand_in(make: Callable[[], R]) -> Callable[[RunStatus], R | None]:
    """A `ToolRun.fallback`: `make()` after a failure, but nothing for a refused run."""

    def fallback(status: RunStatus) -> R | None:
        return None if status in REFUSED else make()

    return fallback


@dataclass(frozen=True)
class ToolOutcome(Generic[R]):
    """How a run ended. `result` is the answer, the sample, or the tool's stand-in after a
    failure (then `notice` says what went wrong); None when there is nothing to show."""

    status: RunStatus
    result: R | None = None
    notice: Notice | None = None
    complete: bool = True  # False: a streamed reply stopped early by the tool's `on_text`
    run_id: int | None = None  # the kept run (`tool_runs`), when it was kept
    #: Whether live research happened before the answer, and the pages it read.
    research: ResearchStatus = OFF
    sources: tuple[Source, ...] = ()

    @property
    def ok(self) -> bool:
        return self.status in (RunStatus.AI, RunStatus.SAMPLE)

    @property
    def sample(self) -> bool:
        return self.status is RunStatus.SAMPLE

    @property
    def origin(self) -> Origin:
        """How its result was made: the AI's answer, demo mode's sample or the stand-in."""
        return from_status(self.status)
