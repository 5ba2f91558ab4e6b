"""The Funding Predictor: its spec, its run (the estimate from the founder's own numbers in
demo mode and whenever the AI cannot answer), its quality gate, its timeline headline and how
a saved prediction reads as its run."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from startup_toolkit.domain import funding as rules
from startup_toolkit.domain import funding_estimate as estimates
from startup_toolkit.domain import run_origin, workspace
from startup_toolkit.domain.catalog import FUNDING_PREDICTOR
from startup_toolkit.domain.prompts import funding as prompt
from startup_toolkit.domain.reply_quality import Section, section_problems
from startup_toolkit.domain.report_tools_money import funding_doc
from startup_toolkit.domain.run_gist import gist
from startup_toolkit.domain.saved_results import saved_data, saved_inputs
from startup_toolkit.domain.saved_work import WorkSummary, dig, text
from startup_toolkit.domain.tool_run import ToolRun, stand_in
from startup_toolkit.domain.tools.spec import SavedRun, ToolSpec

KEY = "funding"
TOOL_NAME = FUNDING_PREDICTOR.name
DEMO_SECONDS = 2.5
ESTIMATE_BASIS = "Estimate from your numbers (no AI)"

#: The funding form's field names by the spec's names in a saved result's `input`.
_SAVED_FIELDS = {
    "revenue": "revenue",
    "expenses": "expenses",
    "growthRate": "growth_rate",
    "customers": "customers",
    "teamSize": "team_size",
    "marketSize": "market_size",
    "fundingStage": "stage",
    "pitch": "pitch",
}

SECTIONS: tuple[Section, ...] = (
    Section("analysis", lambda r: r.analysis, (rules.DEFAULT_ANALYSIS,)),
    Section("amount", lambda r: r.amount, (rules.NOT_AVAILABLE,)),
    Section("investors", lambda r: r.investors),
    Section("recommendations", lambda r: r.recommendations),
)


def funding_problems(result: rules.FundingPrediction) -> list[str]:
    return section_problems(result, SECTIONS)


def prediction_run(
    data: rules.FundingInput, idea_id: int | None = None
) -> ToolRun[rules.FundingPrediction]:
    """The AI run for `data`; the estimate from the founder's numbers in demo mode and
    whenever the AI cannot answer."""
    return ToolRun(
        tool=TOOL_NAME,
        system=prompt.SYSTEM,
        prompt=prompt.user_prompt(data),
        schema=rules.FundingPrediction,
        check=funding_problems,
        temperature=rules.FUNDING_TEMPERATURE,
        texts=rules.RUN_TEXTS,
        sample=lambda: estimates.estimate(data),
        demo_seconds=DEMO_SECONDS,
        fallback=stand_in(lambda: estimates.estimate(data)),
        keep=workspace.KeepRun(KEY, workspace.as_json(data), data.pitch, idea_id),
        research=prompt.research_request(data),
    )


def headline(result: Any) -> str:
    """'Likely to secure funding (about $1.5M)' ('' for a result of another shape)."""
    if not isinstance(result, Mapping) or "success" not in result:
        return ""
    amount = gist(result.get("amount")) or rules.NOT_AVAILABLE
    return f"{rules.headline(bool(result.get('success')))} ({amount})"


def from_saved(content: Mapping[str, Any]) -> SavedRun | None:
    if (data := saved_data(content, "prediction")) is None:
        return None
    given = saved_inputs(data)
    inputs = {name: given[key] for key, name in _SAVED_FIELDS.items() if key in given}
    estimated = bool(data.get("estimated"))
    origin = run_origin.of_saved(data, estimated)
    return SavedRun(KEY, inputs, data["prediction"], estimated, origin.value)


def example() -> rules.FundingInput:
    data, _ = rules.parse_input(rules.default_form())
    assert data is not None  # the spec's default metrics are valid
    return data


def _summary_line(result: Any, when: str) -> str:
    """The Co-Founder's summary line of a prediction: likely or not, and its amount."""
    success = dig(result, "success")
    if not isinstance(success, bool):
        return ""
    amount = text(dig(result, "amountRange"), 60) or text(dig(result, "amount"), 60)
    verdict = "funding likely" if success else "funding unlikely for now"
    return f"Funding{when}: {verdict}" + (f", {amount}" if amount else "")


SPEC: ToolSpec[rules.FundingInput, rules.FundingPrediction] = ToolSpec(
    key=KEY,
    label=FUNDING_PREDICTOR.name,
    timeline_label="Funding Predictor",
    stem="funding-prediction",
    make_run=prediction_run,
    example=example,
    page=FUNDING_PREDICTOR,
    report=funding_doc,
    headline=headline,
    from_saved=from_saved,
    sample_basis=ESTIMATE_BASIS,
    stand_in="the built-in estimate from your numbers",
    stand_in_badge="Estimate",
    summary=WorkSummary(line=_summary_line),
)
