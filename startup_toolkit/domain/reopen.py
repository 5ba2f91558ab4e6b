"""Reopening a kept run or a saved result in its tool, without I/O: what a tool page is
handed (`Reopened`: the tool's key, the inputs, the result as JSON, sample or not, when) and
how a saved result's stored payload (`domain/saved_results`) reads as such a run.

A saved result made from a kept run names it in its metadata (`runId`); the run is then
reopened instead. Older saved results, or ones whose run was pruned, reopen from the content
each tool saves (its `save_content`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from startup_toolkit.domain import tools
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.domain.run_origin import Origin

NOT_FOUND = "That result was not found"
RUN_PARAM = "run"
RESULT_PARAM = "result"
#: `?retry=<lease id>`: a run a stopped server interrupted, its inputs back in the form.
RETRY_PARAM = "retry"
RETRY_NOT_FOUND = "That interrupted run was not found"
RETRY_NOT_FOUND_DETAIL = (
    "It was already run again, or it is more than a week old. Fill in the form to run the tool."
)
RETRY_READY = "Your inputs are back"
RETRY_READY_DETAIL = (
    "Nothing was charged for the interrupted {tool} run. Run it again when you are ready."
)
#: The saved result's metadata key naming the kept run it was saved from.
RUN_ID_KEY = "runId"


@dataclass(frozen=True)
class Reopened:
    """A run to show again in its tool: as kept (`run_id` set) or as saved. `sample`: not
    the AI's answer; `origin` says which (demo mode's sample or the tool's stand-in)."""

    tool: str
    inputs: dict[str, Any]
    result: Any
    sample: bool
    created_at: datetime
    run_id: int | None = None
    idea_id: int | None = None
    idea_title: str = ""
    origin: Origin = Origin.AI

    @property
    def note(self) -> str:
        """What the note over it adds after its date: how it was made ('' for the AI's)."""
        return tools.origin_note(self.tool, self.origin)


@dataclass(frozen=True)
class Retry:
    """An interrupted run to run again: the kept run's tool key, the founder's inputs, and
    the run's name as the notice said it."""

    tool: str
    inputs: dict[str, Any]
    name: str = ""


def with_run_id(metadata: Mapping[str, Any], run_id: int | None) -> dict[str, Any]:
    """A save's metadata naming the kept run it comes from (unchanged without one)."""
    return {**metadata, RUN_ID_KEY: run_id} if run_id else dict(metadata)


def run_id_of(metadata: Any) -> int | None:
    """The kept run a saved result names (None for none or a bad value)."""
    if not isinstance(metadata, Mapping):
        return None
    return valid_row_id(metadata.get(RUN_ID_KEY), text=False)


def iso_utc(moment: datetime) -> str:
    """An aware ISO time (SQLite hands back naive UTC times), for the browser's locale date."""
    aware = moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat()


def from_saved(tool_name: Any, content: Any, created_at: datetime) -> Reopened | None:
    """A saved result's payload as the run that made it; None when its tool cannot reopen
    it or the payload is not one of a tool's own."""
    found = tools.from_saved(tool_name, content)
    if found is None:
        return None
    origin = tools.saved_origin(found)
    sample = found.sample or origin is not Origin.AI
    return Reopened(found.key, found.inputs, found.result, sample, created_at, origin=origin)
