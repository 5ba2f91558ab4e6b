"""How a result was made (issue 28): the model's answer, demo mode's built-in sample, or the
tool's stand-in after the AI reply could not be used (an estimate, general predictions, the
sample strategy). Kept runs store it (`tool_runs.origin`), saved results carry it in their
content and metadata (`origin`), and every place that shows a result says which it is: a
stand-in made while an AI key was set never reads as demo mode, and never as the AI's answer.

Older rows recorded only a flag (`sample`, `estimated`): a kept run's flag meant demo mode
(stand-ins were not kept then); a saved result's flag may mean either, so it reads as
`BUILT_IN` (not the AI's answer; demo mode or a stand-in, unknown). Pure: no I/O."""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any

#: The saved result's content and metadata key (and the kept run's column) that records it.
ORIGIN_KEY = "origin"
#: Why a stand-in is shown instead of the AI's answer, in the words every label uses.
UNUSABLE = "the AI reply could not be used"
UNUSABLE_SHORT = "AI reply unusable"
DEMO_NOTE = " (a sample result, made in demo mode)"
SAMPLE_BADGE = "Sample"


class Origin(StrEnum):
    AI = "ai"  # the model's answer
    SAMPLE = "sample"  # demo mode (no AI key): the tool's built-in sample
    FALLBACK = "fallback"  # an AI key was set, the reply could not be used: the stand-in
    BUILT_IN = "built-in"  # an older saved result: not the AI's answer, which kind unknown


def from_status(status: str) -> Origin:
    """The origin of a run's result by how the run ended (`domain/tool_run.RunStatus`, whose
    "ai" and "sample" are these origins' values): a stand-in after any failure."""
    if status == Origin.AI.value:
        return Origin.AI
    return Origin.SAMPLE if status == Origin.SAMPLE.value else Origin.FALLBACK


def read(value: Any, *, sample: bool, legacy: Origin = Origin.SAMPLE) -> Origin:
    """A stored origin; a row without one (or with an unknown value) reads from its flag:
    `legacy` when it was not the AI's answer, else the AI."""
    if isinstance(value, str) and value in Origin._value2member_map_:
        return Origin(value)
    return legacy if sample else Origin.AI


def of_run(run: Any) -> Origin:
    """How a kept run's (`models.workspace.ToolRunRecord`) result was made; a row without a
    recorded origin reads from its flag (demo mode: stand-ins were not kept before)."""
    return read(getattr(run, ORIGIN_KEY, None), sample=bool(getattr(run, "sample", False)))


def of_saved(data: Mapping[str, Any], flag: Any, *, metadata: Any = None) -> Origin:
    """A saved result's origin: its recorded `origin` (in its content, else its metadata),
    else from its old flag (`sample`, `estimated`), which did not say which kind."""
    meta = metadata if isinstance(metadata, Mapping) else {}
    stored = data.get(ORIGIN_KEY, meta.get(ORIGIN_KEY))
    return read(stored, sample=bool(flag), legacy=Origin.BUILT_IN)


def of_saved_metadata(metadata: Any) -> Origin:
    """A saved result's origin from its metadata alone (what lists read): its recorded
    `origin`, else the flags each tool saved before issue 28 (the Oracle's 'demo' and
    'general', the Incubator's basis 'sample'; the funding estimate's basis and the Growth
    Engine's flag did not say which kind)."""
    meta = metadata if isinstance(metadata, Mapping) else {}
    stored = meta.get(ORIGIN_KEY)
    if isinstance(stored, str) and stored in Origin._value2member_map_:
        return Origin(stored)
    flag, basis = meta.get("sample"), meta.get("basis")
    if flag == "demo" or basis == "sample":
        return Origin.SAMPLE
    if flag == "general":
        return Origin.FALLBACK
    return Origin.BUILT_IN if flag is True or basis == "estimate" else Origin.AI


def is_ai(origin: Origin) -> bool:
    return origin is Origin.AI


def _not_ai(origin: Origin, *, sample: str, fallback: str, built_in: str) -> str:
    """The text for a result that is not the AI's answer, by how it was made ('' for the AI's)."""
    if origin is Origin.SAMPLE:
        return sample
    if origin is Origin.FALLBACK:
        return fallback
    return built_in if origin is Origin.BUILT_IN else ""


def reopened_note(origin: Origin, stand_in: str) -> str:
    """What the note over a reopened result adds after its date: '' for the AI's answer;
    `stand_in` names the tool's stand-in ('the built-in estimate from your numbers')."""
    return _not_ai(
        origin,
        sample=DEMO_NOTE,
        fallback=f" ({stand_in}, because {UNUSABLE})",
        built_in=f" ({stand_in}, not an AI result)",
    )


def badge(origin: Origin, stand_in: str) -> str:
    """The short label beside a kept or saved result in lists ('' for the AI's answer);
    `stand_in` is the tool's short name for its stand-in ('Estimate')."""
    return _not_ai(
        origin,
        sample=SAMPLE_BADGE,
        fallback=f"{stand_in} ({UNUSABLE_SHORT})",
        built_in=f"{stand_in} (not AI)",
    )
