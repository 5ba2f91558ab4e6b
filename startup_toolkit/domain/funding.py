"""The Funding Predictor's rules (T-FUND-1, T-FUND-2): the input metrics with the spec's
defaults and our bounds, the loading phases, the prediction the AI is asked for (read
leniently), the run's texts, and what a saved or downloaded prediction looks like. Pure: no I/O.

Funding input (spec ai-tools section 3): revenue, expenses, growth rate %, customer count, team
size, market size, funding stage (pre-seed, seed, series-a, series-b), pitch summary. Revenue
and expenses are monthly, in US dollars; growth is month over month.

Funding prediction: success, amount, amountRange, investors (name, focus, reason, contactInfo),
analysis, keyMetrics {revenue, growthRate, marketPotential 0-100}, rewrittenPitch,
recommendations. A reply without `success` or `analysis` is a parse failure.

The estimated analysis shown when the AI cannot answer is in `funding_estimate`.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Mapping
from dataclasses import asdict, dataclass
from datetime import datetime
from typing import Annotated, Any

from pydantic import BeforeValidator, Field, field_validator

from startup_toolkit.domain import tool_export
from startup_toolkit.domain.reply_fields import ScoreOr50, Text120, Text600, Text3000
from startup_toolkit.domain.reply_values import (
    Lenient,
    named_entries_field,
    plain_text,
    section_field,
    text_list,
)
from startup_toolkit.domain.report_evidence import cite_html, sources_html
from startup_toolkit.domain.research import (
    Benchmarks,
    Evidence,
    SourceNumbers,
    named_source_check,
)
from startup_toolkit.domain.run_origin import ORIGIN_KEY, Origin
from startup_toolkit.domain.saved_results import html_list, iso_timestamp
from startup_toolkit.domain.tool_run import AI_REASON, Notice, RunTexts

# --- Input (spec section 9 defaults; the bounds are ours) --------------------------------------

STAGES: tuple[tuple[str, str], ...] = (
    ("pre-seed", "Pre-seed"),
    ("seed", "Seed"),
    ("series-a", "Series A"),
    ("series-b", "Series B"),
)
STAGE_LABELS = dict(STAGES)
MAX_PITCH_LENGTH = 2000
PITCH_INPUT_CAP = MAX_PITCH_LENGTH + 1000


@dataclass(frozen=True)
class Metric:
    """One numeric input: its form label, default and bounds."""

    name: str
    label: str
    default: float
    low: float
    high: float
    integer: bool = True
    unit: str = ""  # shown in messages: "$", "%" or ""


METRICS: tuple[Metric, ...] = (
    Metric("revenue", "Monthly revenue (USD)", 50_000, 0, 10_000_000_000, unit="$"),
    Metric("expenses", "Monthly expenses (USD)", 30_000, 0, 10_000_000_000, unit="$"),
    Metric("growth_rate", "Monthly growth rate (%)", 15, -100, 1000, integer=False, unit="%"),
    Metric("customers", "Customers", 500, 0, 10_000_000_000),
    Metric("team_size", "Team size", 5, 1, 1_000_000),
    Metric("market_size", "Market size (USD)", 1_000_000, 0, 100_000_000_000_000, unit="$"),
)
METRIC_BY_NAME = {m.name: m for m in METRICS}
DEFAULT_STAGE = "seed"


@dataclass(frozen=True)
class FundingInput:
    revenue: int
    expenses: int
    growth_rate: float
    customers: int
    team_size: int
    market_size: int
    stage: str
    pitch: str


def default_form() -> dict[str, str]:
    """The form's starting values (spec: 50000, 30000, 15, 500 customers, team 5, 1000000,
    seed) as the text the inputs show."""
    values = {m.name: _plain_number(m.default) for m in METRICS}
    return {**values, "stage": DEFAULT_STAGE, "pitch": ""}


_SUFFIX = {"k": 1_000, "m": 1_000_000, "b": 1_000_000_000}
_NUMBER_TEXT = re.compile(r"^(-?\d+(?:\.\d+)?)([kmb])?$")


def parse_number(text: Any) -> float | None:
    """A number from what a founder types: '50000', '50,000', '$50k', '1.5M', '15%'."""
    if isinstance(text, bool):
        return None
    if isinstance(text, int | float):
        return float(text) if math.isfinite(text) else None
    if not isinstance(text, str):
        return None
    cleaned = re.sub(r"[\s,$_%]", "", text).lower()
    match = _NUMBER_TEXT.match(cleaned)
    if not match:
        return None
    return float(match.group(1)) * _SUFFIX.get(match.group(2) or "", 1)


def _plain_number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def _bound_text(metric: Metric, value: float) -> str:
    number = f"{value:,.0f}" if metric.integer or float(value).is_integer() else f"{value:g}"
    if metric.unit == "$":
        return f"${number}"
    return f"{number}%" if metric.unit == "%" else number


def parse_input(form: Mapping[str, Any]) -> tuple[FundingInput | None, dict[str, str]]:
    """The metrics from the form's texts, or the message for each field that is wrong."""
    errors: dict[str, str] = {}
    values: dict[str, float] = {}
    for metric in METRICS:
        raw = form.get(metric.name, "")
        if isinstance(raw, str) and not raw.strip():
            errors[metric.name] = f"{metric.label} is required."
            continue
        number = parse_number(raw)
        if number is None:
            errors[metric.name] = f"{metric.label} must be a number."
        elif not metric.low <= number <= metric.high:
            errors[metric.name] = (
                f"{metric.label} must be between {_bound_text(metric, metric.low)} and "
                f"{_bound_text(metric, metric.high)}."
            )
        else:
            values[metric.name] = round(number) if metric.integer else round(number, 2)
    stage = form.get("stage")
    if stage not in STAGE_LABELS:
        errors["stage"] = "Choose a funding stage."
    pitch = form.get("pitch", "")
    pitch = pitch.strip() if isinstance(pitch, str) else ""
    if len(pitch) > MAX_PITCH_LENGTH:
        errors["pitch"] = f"Please keep the pitch to {MAX_PITCH_LENGTH:,} characters or fewer."
    if errors:
        return None, errors
    return (
        FundingInput(
            revenue=int(values["revenue"]),
            expenses=int(values["expenses"]),
            growth_rate=float(values["growth_rate"]),
            customers=int(values["customers"]),
            team_size=int(values["team_size"]),
            market_size=int(values["market_size"]),
            stage=str(stage),
            pitch=pitch,
        ),
        {},
    )


# --- Loading phases (spec section 4) ------------------------------------------------------------

#: (seconds elapsed from which it shows, label)
PHASES: tuple[tuple[float, str], ...] = (
    (0.0, "Collecting Data"),
    (2.0, "Analyzing Market"),
    (5.0, "Modeling Financials"),
    (9.0, "Generating Prediction"),
)
PROGRESS_CAP = 95


def phase_label(elapsed: float) -> str:
    """The loading phase for the seconds since the prediction started."""
    return [label for start, label in PHASES if elapsed >= start][-1] if elapsed >= 0 else ""


def phase_progress(elapsed: float) -> int:
    """A progress value that rises quickly, then slowly, never past 95 before the end."""
    if elapsed <= 0:
        return 0
    return min(PROGRESS_CAP, round(PROGRESS_CAP * (1 - math.exp(-elapsed / 6))))


# --- Texts (spec sections 4, 5 and 8) -----------------------------------------------------------

LIKELY = "Funding Likely"
NEEDS_IMPROVEMENT = "Needs Improvement"
SUCCESS_TOAST = "Funding prediction complete!"
ESTIMATE_TOAST = "Funding prediction complete with estimated analysis!"
NO_RESULT = "No prediction available to download"
NO_RESULT_DETAIL = "Run a prediction first."
INVALID_INPUT = "Please check your metrics"
INVALID_INPUT_DETAIL = "Some fields need a valid value."
NOT_AVAILABLE = "Not available"
DEFAULT_ANALYSIS = "No analysis was returned."
ESTIMATE_LABEL = (
    "Estimated analysis: scored from your own numbers against stage benchmarks, without AI. "
    "Round sizes are typical for the stage, not a forecast for your company."
)
MAX_INVESTORS = 6
MAX_RECOMMENDATIONS = 8
FUNDING_TEMPERATURE = 0.3
SIGN_IN_DETAIL = "Please log in to run a funding prediction"
NO_ACCESS = "A subscription is needed to run a funding prediction"
NO_ACCESS_DETAIL = "See the pricing page for plans."
#: The estimate's toast description in demo mode, and when the AI gave no reason.
DEMO_DETAIL = "Demo mode: estimated from your numbers."
ESTIMATE_DETAIL = "Estimated from your numbers."
#: Why the estimate is shown instead of the AI's prediction, by cause.
DEMO_REASON = (
    "Demo mode: AI is not configured on this server, so this is the estimated analysis from "
    "your numbers."
)
FAILED_REASON = (
    "The AI could not complete the prediction, so this is the estimated analysis from your numbers."
)
#: An older saved estimate that did not record why it was made (demo mode or a failure).
BUILT_IN_REASON = "This is the estimated analysis from your numbers, not the AI's prediction."
#: Whatever stops the AI (an error, the daily limit, an unreadable reply), the page shows the
#: estimate; the toast tells the reason the AI service gave.
_ESTIMATED = Notice(ESTIMATE_TOAST, AI_REASON)
RUN_TEXTS = RunTexts(
    failed=_ESTIMATED,
    no_access=Notice(NO_ACCESS, NO_ACCESS_DETAIL),
    budget=_ESTIMATED,
    unreadable=_ESTIMATED,
)


def estimate_reason(origin: Origin) -> str:
    """Why the result on screen is the estimate, by how it was made ('' for the AI's)."""
    reasons = {
        Origin.SAMPLE: DEMO_REASON,
        Origin.FALLBACK: FAILED_REASON,
        Origin.BUILT_IN: BUILT_IN_REASON,
    }
    return reasons.get(origin, "")


def headline(success: bool) -> str:
    """'Funding Likely' if success, otherwise 'Needs Improvement'."""
    return LIKELY if success else NEEDS_IMPROVEMENT


# --- Reply models -----------------------------------------------------------------------------

_YES = frozenset({"true", "yes", "likely", "y", "1"})
_NO = frozenset({"false", "no", "unlikely", "n", "0"})


def required_text(limit: int, what: str) -> BeforeValidator:
    """Reads plain text cut to `limit` characters; an empty one fails the reply (`what` names
    the field in the error)."""

    def read(value: Any) -> str:
        text = plain_text(value, limit)
        if not text:
            raise ValueError(f"{what} is empty")
        return text

    return BeforeValidator(read)


def _flag(value: Any) -> bool:
    if isinstance(value, bool):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value > 0
    text = plain_text(value, 40).lower().strip(".! ")
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise ValueError("success is not a yes or no")


class Investor(Lenient):
    name: Text120
    focus: Text600 = ""
    reason: Text600 = ""
    contactInfo: Text600 = ""
    #: The numbers of the research pages behind the facts stated about them (issue 15).
    sources: SourceNumbers = Field(default_factory=list)

    _named_source = named_source_check()


class KeyMetrics(Lenient):
    revenue: str = NOT_AVAILABLE
    growthRate: str = NOT_AVAILABLE
    marketPotential: ScoreOr50 = 50

    @field_validator("revenue", "growthRate", mode="before")
    @classmethod
    def _figure(cls, value: Any) -> str:
        return plain_text(value, 200) or NOT_AVAILABLE


class FundingPrediction(Lenient):
    """The JSON the prediction asks for; `success` and `analysis` are required."""

    success: bool
    amount: str = NOT_AVAILABLE
    amountRange: str = ""
    investors: list[Investor] = Field(default_factory=list)
    analysis: Annotated[str, required_text(4000, "the analysis")]
    keyMetrics: KeyMetrics = Field(default_factory=KeyMetrics)
    rewrittenPitch: Text3000 = ""
    recommendations: list[str] = Field(default_factory=list)
    #: Issue 15: the pages behind the amount range (numbers, and the source as written) and
    #: the funding benchmarks the verdict rests on, each citing its pages.
    amountSources: SourceNumbers = Field(default_factory=list)
    amountSource: Text600 = ""
    benchmarks: Benchmarks = Field(default_factory=list)
    #: Set by the app after the reply (never from it): the research and the pages read.
    evidence: Evidence = Field(default_factory=Evidence)

    @field_validator("success", mode="before")
    @classmethod
    def _success(cls, value: Any) -> bool:
        return _flag(value)

    @field_validator("amount", mode="before")
    @classmethod
    def _amount(cls, value: Any) -> str:
        if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
            return money(value)
        return plain_text(value, 100) or NOT_AVAILABLE

    @field_validator("amountRange", mode="before")
    @classmethod
    def _range(cls, value: Any) -> str:
        if isinstance(value, Mapping):
            low, high = parse_number(value.get("min")), parse_number(value.get("max"))
            return f"{money(low)} - {money(high)}" if low and high else ""
        if isinstance(value, list) and len(value) == 2:
            low, high = parse_number(value[0]), parse_number(value[1])
            return f"{money(low)} - {money(high)}" if low and high else ""
        return plain_text(value, 100)

    _investors = named_entries_field("investors", Investor, MAX_INVESTORS)
    _metrics = section_field("keyMetrics", model=KeyMetrics)

    @field_validator("recommendations", mode="before")
    @classmethod
    def _recommendations(cls, value: Any) -> list[str]:
        return text_list(
            value, ("recommendation", "action", "text", "title"), 600, MAX_RECOMMENDATIONS
        )


# --- Money --------------------------------------------------------------------------------------


def money(value: float | None) -> str:
    """'$750K', '$2.5M', '$1.2B', '$900' (whole dollars below a thousand)."""
    if value is None:
        return NOT_AVAILABLE
    amount = abs(float(value))
    sign = "-" if value < 0 else ""
    for limit, suffix in ((1e9, "B"), (1e6, "M"), (1e3, "K")):
        # Rounded first, so 999,999 reads $1M rather than $1000K.
        scaled = round(amount / limit, 1)
        if scaled >= 1 and (limit > 1e3 or amount >= 1e3):
            return f"{sign}${scaled:.1f}".rstrip("0").rstrip(".") + suffix
    return f"{sign}${amount:,.0f}"


# --- Saving and downloading (T-FUND-2) ----------------------------------------------------------


def result_title(prediction: FundingPrediction) -> str:
    return f"Funding Prediction - {headline(prediction.success)} ({prediction.amount})"


def input_dict(data: FundingInput) -> dict[str, Any]:
    """The inputs under the spec's names."""
    values = asdict(data)
    return {
        "revenue": values["revenue"],
        "expenses": values["expenses"],
        "growthRate": values["growth_rate"],
        "customers": values["customers"],
        "teamSize": values["team_size"],
        "marketSize": values["market_size"],
        "fundingStage": values["stage"],
        "pitch": values["pitch"],
    }


def save_content(
    prediction: FundingPrediction, data: FundingInput, *, origin: Origin
) -> dict[str, Any]:
    """The saved prediction with its inputs; `estimated` (not the AI's) and, since issue 28,
    how it was made (`origin`: the AI, demo mode or the estimate after an unusable reply)."""
    return {
        "input": input_dict(data),
        "headline": headline(prediction.success),
        "summary": prediction.analysis,
        "prediction": prediction.model_dump(mode="json"),
        "estimated": origin is not Origin.AI,
        ORIGIN_KEY: origin.value,
    }


def save_metadata(
    prediction: FundingPrediction, data: FundingInput, predicted_at: datetime, *, origin: Origin
) -> dict[str, Any]:
    return {
        "predictionDate": iso_timestamp(predicted_at),
        "fundingStage": data.stage,
        "success": prediction.success,
        "basis": "ai" if origin is Origin.AI else "estimate",
        ORIGIN_KEY: origin.value,
    }


def export_json(
    prediction: FundingPrediction, data: FundingInput, predicted_at: datetime, *, origin: Origin
) -> str:
    """The Download Report file (pretty-printed JSON)."""
    return tool_export.export_json(
        result_title(prediction),
        save_metadata(prediction, data, predicted_at, origin=origin),
        save_content(prediction, data, origin=origin),
    )


def export_filename(predicted_at: datetime) -> str:
    """funding-prediction-{timestamp}.json (milliseconds)."""
    return tool_export.export_filename("funding-prediction", predicted_at)


def to_html(prediction: FundingPrediction, data: FundingInput, *, estimated: bool = False) -> str:
    """A readable HTML version for the dashboard (every value escaped). The AI's prediction
    shows its citations and the pages read (issue 15); the estimate, from the app's own stage
    table, neither."""
    e = html.escape
    m = prediction.keyMetrics
    read = prediction.evidence.sources
    cited_range = (
        ""
        if estimated
        else " " + cite_html(prediction.amountSources, prediction.amountSource, read)
    )
    parts = [
        f"<h2>{e(result_title(prediction))}</h2>",
        f"<p><strong>{e(headline(prediction.success))}</strong>: {e(prediction.amount)}"
        + (f" (range {e(prediction.amountRange)}{cited_range})" if prediction.amountRange else "")
        + "</p>",
        f"<p>{e(prediction.analysis)}</p>",
        *html_list(
            "Key metrics",
            [
                f"Revenue: {e(m.revenue)}",
                f"Growth rate: {e(m.growthRate)}",
                f"Market potential: {m.marketPotential}/100",
                f"Stage: {e(STAGE_LABELS[data.stage])}",
            ],
        ),
        *html_list(
            "Funding benchmarks",
            (f"{e(b.text)} {cite_html(b.sources, b.source, read)}" for b in prediction.benchmarks),
        ),
        *html_list(
            "Investors",
            (
                f"<strong>{e(i.name)}</strong>: {e(i.focus)}. {e(i.reason)} {e(i.contactInfo)} "
                f"{cite_html(i.sources, '', read)}"
                for i in prediction.investors
            ),
        ),
    ]
    if prediction.rewrittenPitch:
        parts.append(f"<h3>Rewritten pitch</h3><p>{e(prediction.rewrittenPitch)}</p>")
    parts += html_list("Recommendations", (e(r) for r in prediction.recommendations), "ol")
    if not estimated:
        parts += sources_html(prediction.evidence)
    return "".join(parts)
