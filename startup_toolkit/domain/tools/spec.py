"""What one AI tool is, in one place (`ToolSpec`): its key, names, page, how to make its run
(which carries its prompt, reply schema, quality check and sample), how its kept run reads as
a report and a timeline line, and how a saved result of it reopens. The registry
(`domain/tools/__init__.py`) lists the specs; every per-tool map the app needs is derived from
it. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, Generic, TypeVar

from startup_toolkit.domain.catalog import Tool
from startup_toolkit.domain.report_tools_base import ToolDoc
from startup_toolkit.domain.saved_work import WorkSummary
from startup_toolkit.domain.tool_run import ToolRun

F = TypeVar("F")
R = TypeVar("R")

SAMPLE_BASIS = "Sample result (demo mode)"
STAND_IN = "the tool's built-in result"
STAND_IN_BADGE = "Built-in result"


@dataclass(frozen=True)
class SavedRun:
    """A saved result's content read as the run that made it: the kept run's tool key, its
    input, its result, sample (or estimate) or not, and how it was made when the saved content
    says (`domain/run_origin`; '' reads from `sample`)."""

    key: str
    inputs: dict[str, Any]
    result: Any
    sample: bool = False
    origin: str = ""


@dataclass(frozen=True)
class ToolSpec(Generic[F, R]):
    """One AI tool. `make_run(form, idea_id)` builds what `services/tool_runs.run_tool` is
    asked for; `example()` is a form the tool accepts (its sample's input, and the tests')."""

    key: str  # the tool's one name: a kept run's `tool`, the owner of `?run=`
    label: str  # how a report names it
    timeline_label: str  # how an idea's timeline names its runs
    stem: str  # its downloads' file name before the timestamp
    make_run: Callable[[F, int | None], ToolRun[R]]
    example: Callable[[], F]
    #: The catalogue entry of the page that shows it (its name is a saved result's
    #: `tool_name`); None: no page of its own.
    page: Tool | None = None
    #: Its kept runs reopen on its page with `?run=ID` (needs `page`).
    reopens: bool = True
    #: Its completed runs are kept in the founder's workspace.
    kept: bool = True
    #: Its result as the parts of a report (raises when the stored JSON does not fit).
    report: Callable[[Mapping[str, Any], Any], ToolDoc] | None = None
    #: One line about a kept result for the idea's timeline (None: the result's gist).
    headline: Callable[[Any], str] | None = None
    #: A saved result's content (as the tool saves it) read as its run; None: not one of its.
    from_saved: Callable[[Mapping[str, Any]], SavedRun | None] | None = None
    #: A saved result's content as a report of its own (None: `from_saved`, then `report`).
    saved_report: Callable[[Mapping[str, Any]], ToolDoc] | None = None
    #: A saved result's content as the dashboard's HTML, made when it is read (None: the HTML
    #: stored with it), so what it shows follows today's rules (a scan's confidence).
    saved_html: Callable[[Mapping[str, Any]], str | None] | None = None
    #: What a report says a sample of it rests on.
    sample_basis: str = SAMPLE_BASIS
    #: Its stand-in after the AI reply could not be used (issue 28), as a reopened result's
    #: note names it ("the built-in estimate from your numbers") and as lists label it
    #: ("Estimate").
    stand_in: str = STAND_IN
    stand_in_badge: str = STAND_IN_BADGE
    #: What the Co-Founder's summary of an idea reads from its latest kept run (None: nothing).
    summary: WorkSummary | None = None

    @property
    def route(self) -> str:
        """The page its kept runs and saved results reopen on ('' for none)."""
        return self.page.path if self.page is not None and self.reopens else ""

    def example_run(self) -> ToolRun[R]:
        return self.make_run(self.example(), None)

    def missing(self) -> list[str]:
        """The parts this spec lacks for what it says it does (none: complete)."""
        lacks = [
            name
            for name in ("key", "label", "timeline_label", "stem")
            if not str(getattr(self, name)).strip()
        ]
        run = self.example_run()
        if not run.system.strip():
            lacks.append("prompt")
        if run.tool.strip() == "":
            lacks.append("run name")
        if run.sample() is None:
            lacks.append("sample")
        if self.kept:
            if run.schema is not None and run.check is None:
                lacks.append("check")  # a kept JSON result passes the quality gate
            if self.report is None:
                lacks.append("report")
            if run.keep is not None and run.keep.tool != self.key:
                lacks.append("keep key")
        elif run.keep is not None:
            lacks.append("kept")
        if self.reopens and self.page is None:
            lacks.append("page")
        if self.from_saved is not None and self.page is None:
            lacks.append("page of saved results")
        return lacks
