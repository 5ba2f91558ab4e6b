"""The Growth Engine: its spec, its run (the sample strategy in demo mode and whenever the AI
cannot answer; the budget split always worked out from the founder's budget), its quality gate
and how a saved strategy reads as its run."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain import growth as rules
from startup_toolkit.domain import run_origin, workspace
from startup_toolkit.domain.catalog import GROWTH_ENGINE
from startup_toolkit.domain.prompts import growth as prompt
from startup_toolkit.domain.reply_quality import Section, section_problems
from startup_toolkit.domain.report_tools_money import growth_doc
from startup_toolkit.domain.saved_results import saved_data, saved_inputs
from startup_toolkit.domain.saved_work import WorkSummary, dig, text, texts
from startup_toolkit.domain.tool_run import ToolRun, stand_in
from startup_toolkit.domain.tools.spec import SavedRun, ToolSpec

KEY = "growth"
TOOL_NAME = GROWTH_ENGINE.name
DEMO_SECONDS = 2.0


@dataclass(frozen=True)
class GrowthForm:
    """What a strategy is generated from: the checked product, audience and budget."""

    product: str
    audience: str
    budget: float


SECTIONS: tuple[Section, ...] = (
    Section("summary", lambda r: r.summary),
    Section("growthSteps", lambda r: r.growthSteps),
    Section("marketTrends", lambda r: r.marketTrends),
    Section("timeline", lambda r: {k: v for k, v in r.timeline.items() if v.strip()}),
    Section("budgetAllocation", lambda r: r.budgetAllocation),
)


def growth_problems(result: rules.GrowthStrategy) -> list[str]:
    return section_problems(result, SECTIONS)


def strategy_run(form: GrowthForm, idea_id: int | None = None) -> ToolRun[rules.GrowthStrategy]:
    """The AI run for `form`; the sample strategy in demo mode and whenever the AI cannot
    answer; the AI's budget split worked out from the founder's budget."""
    return ToolRun(
        tool=TOOL_NAME,
        system=prompt.SYSTEM,
        prompt=prompt.user_prompt(form.product, form.audience, form.budget),
        schema=rules.GrowthStrategy,
        check=growth_problems,
        temperature=rules.GROWTH_TEMPERATURE,
        texts=rules.RUN_TEXTS,
        sample=lambda: rules.sample_strategy(form.budget),
        demo_seconds=DEMO_SECONDS,
        fallback=stand_in(lambda: rules.sample_strategy(form.budget)),
        finish=lambda strategy: rules.finish_strategy(strategy, form.budget),
        keep=workspace.KeepRun(KEY, workspace.as_json(form), form.product, idea_id),
        research=prompt.research_request(form.product, form.audience, form.budget),
    )


def from_saved(content: Mapping[str, Any]) -> SavedRun | None:
    if (data := saved_data(content, "strategy")) is None:
        return None
    sample = bool(data.get("sample"))
    origin = run_origin.of_saved(data, sample)
    return SavedRun(KEY, saved_inputs(data), data["strategy"], sample, origin.value)


def _summary_line(result: Any, when: str) -> str:
    """The Co-Founder's summary line of a strategy: the first sentence of its summary."""
    summary = dig(result, "summary")
    if not isinstance(summary, str):
        return ""
    first = text(re.split(r"(?<=[.!?])\s", summary.strip(), maxsplit=1)[0], 220)
    return f"Growth plan{when}: {first}" if first else ""


SPEC: ToolSpec[GrowthForm, rules.GrowthStrategy] = ToolSpec(
    key=KEY,
    label=GROWTH_ENGINE.name,
    timeline_label="Growth Engine",
    stem="growth-blueprint",
    make_run=strategy_run,
    example=lambda: GrowthForm(
        "A habit-tracking app", "Busy professionals in their 30s", float(rules.DEFAULT_BUDGET)
    ),
    page=GROWTH_ENGINE,
    report=growth_doc,
    from_saved=from_saved,
    stand_in="the built-in sample strategy",
    stand_in_badge="Sample strategy",
    summary=WorkSummary(
        line=_summary_line,
        steps=lambda result: texts(dig(result, "growthSteps"), "action"),
        steps_rank=2,
    ),
)
