"""The tool recommender: its spec and its run (which of the product's tools fit an idea at
one stage). Anyone may run it; its runs are not kept."""

from __future__ import annotations

from dataclasses import dataclass

from startup_toolkit.domain import recommender as rules
from startup_toolkit.domain.prompts import recommender as prompt
from startup_toolkit.domain.tool_run import ToolRun
from startup_toolkit.domain.tools.spec import ToolSpec

KEY = "recommender"


@dataclass(frozen=True)
class RecommendForm:
    stage: rules.Stage
    idea: str


def recommend_run(form: RecommendForm, idea_id: int | None = None) -> ToolRun[rules.Found]:
    """The recommendations for `form`; the stage's usual tools when the AI cannot answer."""
    return ToolRun(
        tool=rules.TOOL_NAME,
        system=prompt.SYSTEM,
        prompt=prompt.user_prompt(form.idea, form.stage, rules.CANDIDATES),
        schema=rules.RecommendationReply,
        temperature=0.2,
        texts=rules.RUN_TEXTS,
        sample=lambda: rules.request_failure_fallback(form.stage),
        fallback=lambda status: rules.stand_in(status, form.stage),
        visitors=True,
    )


SPEC: ToolSpec[RecommendForm, rules.Found] = ToolSpec(
    key=KEY,
    label=rules.TOOL_NAME,
    timeline_label=rules.TOOL_NAME,
    stem="tool-recommendations",
    make_run=recommend_run,
    example=lambda: RecommendForm("early", "A marketplace that matches dog walkers with owners."),
    reopens=False,
    kept=False,
)
