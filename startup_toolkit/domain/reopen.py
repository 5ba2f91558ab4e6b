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

from startup_toolkit.domain import workspace
from startup_toolkit.domain.catalog import (
    AI_COFOUNDER,
    FUNDING_PREDICTOR,
    GROWTH_ENGINE,
    IDEA_INCUBATOR,
    STARTUP_ORACLE,
    VIABILITY_SCANNER,
)
from startup_toolkit.domain.ids import valid_row_id

NOT_FOUND = "That result was not found"
RUN_PARAM = "run"
RESULT_PARAM = "result"
#: The saved result's metadata key naming the kept run it was saved from.
RUN_ID_KEY = "runId"

#: The funding form's field names by the spec's names in a saved result's `input`.
_FUNDING_FIELDS = {
    "revenue": "revenue",
    "expenses": "expenses",
    "growthRate": "growth_rate",
    "customers": "customers",
    "teamSize": "team_size",
    "marketSize": "market_size",
    "fundingStage": "stage",
    "pitch": "pitch",
}


@dataclass(frozen=True)
class Reopened:
    """A run to show again in its tool: as kept (`run_id` set) or as saved."""

    tool: str
    inputs: dict[str, Any]
    result: Any
    sample: bool
    created_at: datetime
    run_id: int | None = None
    idea_id: int | None = None
    idea_title: str = ""


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


def _dict(value: Any) -> dict[str, Any]:
    return dict(value) if isinstance(value, Mapping) else {}


def from_saved(tool_name: Any, content: Any, created_at: datetime) -> Reopened | None:
    """A saved result's payload as the run that made it; None when its tool cannot reopen
    it or the payload is not one of a tool's own."""
    if tool_name == AI_COFOUNDER.name and isinstance(_dict(content).get("messages"), list):
        return Reopened(
            workspace.COFOUNDER, {}, {"messages": content["messages"]}, False, created_at
        )
    data = _dict(content).get("data")
    if not isinstance(data, Mapping):
        return None
    if tool_name == VIABILITY_SCANNER.name and "result" in data:
        inputs = {"idea": str(data.get("idea") or "")}
        return Reopened(
            workspace.SCANNER, inputs, data["result"], bool(data.get("sample")), created_at
        )
    if tool_name == IDEA_INCUBATOR.name and "analysis" in data:
        idea, sample = str(data.get("idea") or ""), bool(data.get("sample"))
        if isinstance(data.get("stressTest"), Mapping):
            inputs = {"idea": idea, "analysis": data["analysis"]}
            return Reopened(workspace.STRESS_TEST, inputs, data["stressTest"], sample, created_at)
        return Reopened(workspace.INCUBATOR, {"idea": idea}, data["analysis"], sample, created_at)
    if tool_name == FUNDING_PREDICTOR.name and "prediction" in data:
        given = _dict(data.get("input"))
        inputs = {name: given[key] for key, name in _FUNDING_FIELDS.items() if key in given}
        sample = bool(data.get("estimated"))
        return Reopened(workspace.FUNDING, inputs, data["prediction"], sample, created_at)
    if tool_name == GROWTH_ENGINE.name and "strategy" in data:
        inputs = _dict(data.get("input"))
        sample = bool(data.get("sample"))
        return Reopened(workspace.GROWTH, inputs, data["strategy"], sample, created_at)
    if tool_name == STARTUP_ORACLE.name and "prediction" in data:
        inputs = _dict(data.get("input"))
        sample = bool(data.get("sample"))
        return Reopened(workspace.ORACLE, inputs, data["prediction"], sample, created_at)
    return None
