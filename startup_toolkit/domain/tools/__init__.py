"""The registry of the AI tools: one `ToolSpec` per tool, each in its own home
(`domain/tools/<tool>.py`), listed once in `TOOLS`. Every per-tool map the app needs (the kept
runs' keys, where a run reopens, report labels and file names, timeline labels and headlines,
how a saved result reads as its run) is derived here from that list. Pure: no I/O.

Adding a tool: its home exports its spec; one entry in `TOOLS` (README, "Adding a tool")."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from startup_toolkit.domain import run_origin
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.tools import (
    cofounder,
    funding,
    growth,
    hub_document,
    incubator,
    oracle,
    recommender,
    scanner,
)
from startup_toolkit.domain.tools.spec import STAND_IN, STAND_IN_BADGE, SavedRun, ToolSpec

TOOLS: tuple[ToolSpec[Any, Any], ...] = (
    scanner.SPEC,
    incubator.ANALYSIS,
    incubator.STRESS_TEST,
    funding.SPEC,
    growth.SPEC,
    oracle.PREDICTION,
    oracle.CONTENT,
    hub_document.SPEC,
    cofounder.SPEC,
    recommender.SPEC,
)

# The specs other modules name for what only that tool does (the Scanner's scores, ...).
SCANNER = scanner.SPEC
INCUBATOR = incubator.ANALYSIS
STRESS_TEST = incubator.STRESS_TEST
FUNDING = funding.SPEC
GROWTH = growth.SPEC
ORACLE = oracle.PREDICTION
ORACLE_CONTENT = oracle.CONTENT
HUB_DOCUMENT = hub_document.SPEC
COFOUNDER = cofounder.SPEC
RECOMMENDER = recommender.SPEC

BY_KEY: dict[str, ToolSpec[Any, Any]] = {t.key: t for t in TOOLS}
#: The tools whose completed runs are kept (`tool_runs.tool`).
KEPT_KEYS: tuple[str, ...] = tuple(t.key for t in TOOLS if t.kept)
#: The tool pages that reopen a kept run (`?run=ID`) or a saved result (`?result=ID`).
RESULT_PAGES: frozenset[str] = frozenset(t.route for t in TOOLS if t.route)


def spec(key: Any) -> ToolSpec[Any, Any] | None:
    return BY_KEY.get(key) if isinstance(key, str) else None


def reopen_path(key: str, run_id: int) -> str:
    """Where a kept run opens in its tool, its result shown ('' for a tool without a page)."""
    found = spec(key)
    return f"{found.route}?run={run_id}" if found is not None and found.route else ""


def retry_path(key: str, lease_id: int) -> str:
    """Where Retry opens tool `key` with an interrupted run's inputs back in the form ('' for
    a tool without a page)."""
    found = spec(key)
    return f"{found.route}?retry={lease_id}" if found is not None and found.route else ""


def saved_spec(tool_name: Any) -> ToolSpec[Any, Any] | None:
    """The tool whose saved results carry the catalogue name `tool_name`."""
    return next(
        (
            t
            for t in TOOLS
            if t.from_saved is not None and t.page is not None and t.page.name == tool_name
        ),
        None,
    )


def result_path(tool_name: str, result_id: int) -> str:
    """Where a saved result of the catalogue tool named `tool_name` opens in that tool, its
    result shown ('' when the tool cannot reopen one)."""
    found = saved_spec(tool_name)
    return f"{found.route}?result={result_id}" if found is not None and found.route else ""


def from_saved(tool_name: Any, content: Any) -> SavedRun | None:
    """A saved result's content read as the run that made it; None when its tool cannot
    reopen it or the content is not one the tool saves."""
    found = saved_spec(tool_name)
    if found is None or found.from_saved is None or not isinstance(content, Mapping):
        return None
    return found.from_saved(content)


def saved_html(tool_name: Any, content: Any) -> str | None:
    """A saved result's HTML as its tool makes it today (None: the tool keeps the HTML stored
    with it, or the content is not one it saves)."""
    found = saved_spec(tool_name)
    if found is None or found.saved_html is None or not isinstance(content, Mapping):
        return None
    try:
        return found.saved_html(content)
    except (ValueError, TypeError, KeyError):  # stored content the tool cannot read
        return None


def origin_note(key: Any, origin: Origin) -> str:
    """What the note over a reopened result of tool `key` says of how it was made ('' for the
    AI's answer)."""
    found = spec(key)
    return run_origin.reopened_note(origin, found.stand_in if found else STAND_IN)


def origin_badge(key: Any, origin: Origin) -> str:
    """The label beside a kept or saved result of tool `key` in lists ('' for the AI's)."""
    found = spec(key)
    return run_origin.badge(origin, found.stand_in_badge if found else STAND_IN_BADGE)


def saved_origin(found: SavedRun) -> Origin:
    """How a saved result read as its run was made (`SavedRun.origin`, else its flag)."""
    return run_origin.read(found.origin, sample=found.sample)


__all__ = [
    "BY_KEY",
    "COFOUNDER",
    "FUNDING",
    "GROWTH",
    "HUB_DOCUMENT",
    "INCUBATOR",
    "KEPT_KEYS",
    "ORACLE",
    "ORACLE_CONTENT",
    "RECOMMENDER",
    "RESULT_PAGES",
    "SCANNER",
    "STRESS_TEST",
    "TOOLS",
    "SavedRun",
    "ToolSpec",
    "from_saved",
    "origin_badge",
    "origin_note",
    "reopen_path",
    "result_path",
    "retry_path",
    "saved_html",
    "saved_origin",
    "saved_spec",
    "spec",
]
