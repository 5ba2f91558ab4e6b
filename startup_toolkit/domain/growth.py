"""The Growth Engine's rules (T-GROW-1): the business form (product, audience, monthly budget
with the spec's default of 200), the growth strategy the AI is asked for (read leniently),
the built-in sample strategy with the spec's 40/25/15/10/10 budget split, and the blueprint a
founder saves or downloads (`growth_export`). Pure: no I/O.

Growth strategy (spec ai-tools section 3): summary; growthSteps (step, action,
expectedImpact, kpi, estimatedGrowth); marketTrends (trend, momentum, relevance); timeline
{week1..week4}; budgetAllocation (channel, percentage, amount). A reply without `summary` or
`growthSteps` is a parse failure. The budget's dollar amounts are always worked out here from
the founder's budget and the percentages (scaled to add up to 100), never taken from the model.
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping
from typing import Annotated, Any

from pydantic import Field, ValidationInfo, field_validator, model_validator

from startup_toolkit.domain.funding import parse_number, required_text
from startup_toolkit.domain.reply_fields import ScoreOr0, Text120, Text200, Text400, Text600
from startup_toolkit.domain.reply_values import (
    Lenient,
    clamp_score,
    first_text,
    plain_text,
    reply_entries,
)
from startup_toolkit.domain.research import (
    Benchmarks,
    Evidence,
    SourceNumbers,
)
from startup_toolkit.domain.tool_run import Notice, RunTexts

# --- Input ------------------------------------------------------------------------------------

DEFAULT_BUDGET = 200
MAX_BUDGET = 10_000_000
MAX_PRODUCT_LENGTH = 2000
MAX_AUDIENCE_LENGTH = 1000
TEXT_INPUT_CAP = MAX_PRODUCT_LENGTH + 1000

MISSING = "Missing information"
MISSING_DETAIL = "Please fill in all fields to generate your growth strategy"
BUDGET_INVALID = f"Monthly budget must be a number between $0 and ${MAX_BUDGET:,}."
PRODUCT_TOO_LONG = f"Please keep the product description to {MAX_PRODUCT_LENGTH:,} characters."
AUDIENCE_TOO_LONG = f"Please keep the audience to {MAX_AUDIENCE_LENGTH:,} characters."


def validate(product: Any, audience: Any, budget: Any) -> tuple[float | None, dict[str, str]]:
    """The budget in dollars and no errors, or None and the message for each wrong field."""
    errors: dict[str, str] = {}
    product = product.strip() if isinstance(product, str) else ""
    audience = audience.strip() if isinstance(audience, str) else ""
    if not product:
        errors["product"] = "Describe your product."
    elif len(product) > MAX_PRODUCT_LENGTH:
        errors["product"] = PRODUCT_TOO_LONG
    if not audience:
        errors["audience"] = "Describe your target audience."
    elif len(audience) > MAX_AUDIENCE_LENGTH:
        errors["audience"] = AUDIENCE_TOO_LONG
    amount = parse_number(budget)
    if amount is None or not 0 <= amount <= MAX_BUDGET:
        errors["budget"] = BUDGET_INVALID
    return (None, errors) if errors else (round(float(amount or 0), 2), {})


# --- Texts (spec sections 5 and 8) ----------------------------------------------------------------

SUCCESS_TOAST = "Growth strategy generated!"
FAILED_TOAST = "Strategy generation failed"
FAILED_DETAIL = "We couldn't complete your growth strategy. Please try again."
SAMPLE_LABEL = (
    "Sample strategy: a general blueprint with the standard 40/25/15/10/10 budget split, "
    "not tailored to your product."
)
DOWNLOAD_TOAST = "Blueprint downloaded"
SIGN_IN_DETAIL = "Please log in to generate a growth strategy"
NO_ACCESS = "A subscription is needed to generate a growth strategy"
NO_ACCESS_DETAIL = "See the pricing page for plans."
DEMO_TOAST = "Sample strategy (demo mode)"
DEMO_DETAIL = "Set AI_API_KEY to get a strategy for your product."
#: Whatever stops the AI (an error, the daily limit, an unreadable reply): the spec's toast.
_FAILED = Notice(FAILED_TOAST, FAILED_DETAIL)
RUN_TEXTS = RunTexts(failed=_FAILED, no_access=Notice(NO_ACCESS, NO_ACCESS_DETAIL), budget=_FAILED)
NO_RESULT = "No strategy available to download"
NO_RESULT_DETAIL = "Generate a growth strategy first."
WEEKS = ("week1", "week2", "week3", "week4")
MAX_STEPS = 8
MAX_TRENDS = 8
MAX_CHANNELS = 8
GROWTH_TEMPERATURE = 0.4
_MOMENTUM_WORDS = {
    "explosive": 95,
    "very high": 90,
    "surging": 90,
    "high": 80,
    "rising": 75,
    "strong": 75,
    "growing": 70,
    "medium": 50,
    "moderate": 50,
    "steady": 50,
    "stable": 45,
    "emerging": 40,
    "low": 25,
    "slowing": 20,
    "declining": 10,
}


def momentum_score(value: Any) -> int:
    """0-100 from a number ('72', '72%') or a word such as 'High' or 'Emerging'."""
    text = plain_text(value, 40).lower()
    if text in _MOMENTUM_WORDS:
        return _MOMENTUM_WORDS[text]
    # Longest first and whole words only, so 'slowing down' is not read as 'low'.
    for word in sorted(_MOMENTUM_WORDS, key=len, reverse=True):
        if re.search(rf"\b{re.escape(word)}\b", text):
            return _MOMENTUM_WORDS[word]
    return clamp_score(value, 50)


def momentum_label(score: int) -> str:
    return "High" if score >= 70 else "Medium" if score >= 40 else "Low"


# --- Reply models -------------------------------------------------------------------------------


class GrowthStep(Lenient):
    step: ScoreOr0 = 0
    action: Text600
    expectedImpact: Text400 = ""
    kpi: Text400 = ""
    estimatedGrowth: Text400 = ""
    #: Issue 15: the pages behind the estimate (a channel benchmark), as numbers and as written.
    sources: SourceNumbers = Field(default_factory=list)
    source: Text400 = ""

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        if isinstance(data, Mapping) and not plain_text(data.get("action")):
            data = {**data, "action": first_text(data, ("title", "description", "name"))}
        return data


def _named_by_title(data: Any, key: str) -> Any:
    """An entry of the reply without its `key` named by its "name" or "title" instead."""
    if isinstance(data, Mapping) and not plain_text(data.get(key)):
        data = {**data, key: first_text(data, ("name", "title"))}
    return data


class MarketTrend(Lenient):
    trend: Text200
    momentum: int = 50
    relevance: Text400 = ""
    sources: SourceNumbers = Field(default_factory=list)  # the pages behind it (issue 15)
    source: Text400 = ""

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        return _named_by_title(data, "trend")

    @field_validator("momentum", mode="before")
    @classmethod
    def _momentum(cls, value: Any) -> int:
        return momentum_score(value)


class BudgetLine(Lenient):
    channel: Text120 = ""  # a line without one is dropped by allocate(), not the whole reply
    percentage: float = 0
    amount: float = 0

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        return _named_by_title(data, "channel")

    @field_validator("percentage", "amount", mode="before")
    @classmethod
    def _number(cls, value: Any) -> float:
        number = parse_number(value)
        return max(0.0, number) if number is not None else 0.0


#: The strategy's lists of named entries: field -> (entry type, its name's field, most kept).
_NAMED_LISTS: dict[str, tuple[type, str, int]] = {
    "marketTrends": (MarketTrend, "trend", MAX_TRENDS),
    "budgetAllocation": (BudgetLine, "channel", MAX_CHANNELS),
}


def _week_text(value: Any) -> str:
    if isinstance(value, list):
        return "; ".join(t for t in (plain_text(v, 300) for v in value) if t)[:600]
    return plain_text(value, 600)


class GrowthStrategy(Lenient):
    """The JSON the Growth Engine asks for; `summary` and `growthSteps` are required."""

    summary: Annotated[str, required_text(3000, "the summary")]
    growthSteps: list[GrowthStep]
    marketTrends: list[MarketTrend] = Field(default_factory=list)
    timeline: dict[str, str] = Field(default_factory=dict)
    budgetAllocation: list[BudgetLine] = Field(default_factory=list)
    #: Issue 15: channel benchmarks (acquisition costs, conversion rates), each citing pages.
    benchmarks: Benchmarks = Field(default_factory=list)
    #: Set by the app after the reply (never from it): the research and the pages read.
    evidence: Evidence = Field(default_factory=Evidence)

    @field_validator("growthSteps", mode="before")
    @classmethod
    def _steps(cls, value: Any) -> Any:
        if not isinstance(value, list):
            return value
        return [
            {"action": item} if isinstance(item, str) else item
            for item in value
            if isinstance(item, str | Mapping | GrowthStep)
        ]

    @field_validator("growthSteps", mode="after")
    @classmethod
    def _numbered(cls, value: list[GrowthStep]) -> list[GrowthStep]:
        steps = [s for s in value if s.action][:MAX_STEPS]
        if not steps:
            raise ValueError("no growth steps")
        return [s.model_copy(update={"step": n}) for n, s in enumerate(steps, start=1)]

    @field_validator("marketTrends", "budgetAllocation", mode="before")
    @classmethod
    def _entries(cls, value: Any, info: ValidationInfo) -> list[Any]:
        kind, _, _ = _NAMED_LISTS[info.field_name]
        return reply_entries(value, kind | Mapping)

    @field_validator("marketTrends", "budgetAllocation", mode="after")
    @classmethod
    def _named(cls, value: list[Any], info: ValidationInfo) -> list[Any]:
        """The entries with a name (a trend, a channel), at most the field's maximum."""
        _, name, most = _NAMED_LISTS[info.field_name]
        return [entry for entry in value if getattr(entry, name)][:most]

    @field_validator("timeline", mode="before")
    @classmethod
    def _timeline(cls, value: Any) -> dict[str, str]:
        if isinstance(value, list):
            value = {f"week{n}": item for n, item in enumerate(value[:4], start=1)}
        if not isinstance(value, Mapping):
            return {}
        weeks = {str(k).lower().replace(" ", "").replace("_", ""): v for k, v in value.items()}
        return {week: _week_text(weeks.get(week)) for week in WEEKS if _week_text(weeks.get(week))}


# --- The budget, worked out from the founder's own figure --------------------------------------


def allocate(lines: list[BudgetLine], budget: float) -> list[BudgetLine]:
    """The channels with percentages scaled to add up to 100 (whole numbers) and amounts
    computed from `budget`. Channels without a share are dropped."""
    named = [line for line in lines if line.channel and line.percentage > 0]
    total = sum(line.percentage for line in named)
    if not named or total <= 0:
        return []
    exact = [line.percentage * 100 / total for line in named]
    whole = [math.floor(share) for share in exact]
    # Largest remainders get the points lost to rounding down, so the shares add up to 100.
    order = sorted(range(len(exact)), key=lambda i: exact[i] - whole[i], reverse=True)
    for i in order[: 100 - sum(whole)]:
        whole[i] += 1
    return [
        BudgetLine(channel=line.channel, percentage=pct, amount=round(budget * pct / 100, 2))
        for line, pct in zip(named, whole, strict=True)
    ]


def with_budget(strategy: GrowthStrategy, budget: float) -> GrowthStrategy:
    """The strategy with its budget lines recomputed from the founder's budget."""
    return strategy.model_copy(
        update={"budgetAllocation": allocate(strategy.budgetAllocation, budget)}
    )


def dollars(amount: float) -> str:
    """'$80', '$1,250', '$12.50'."""
    return f"${amount:,.0f}" if float(amount).is_integer() else f"${amount:,.2f}"


# --- The sample strategy (spec section 8, and demo mode) -----------------------------------------

SAMPLE_SPLIT: tuple[tuple[str, int], ...] = (
    ("Content and SEO", 40),
    ("Paid social ads", 25),
    ("Community and partnerships", 15),
    ("Email and referrals", 10),
    ("Experiments reserve", 10),
)


def sample_strategy(budget: float) -> GrowthStrategy:
    """The built-in blueprint shown when the AI cannot answer (and in demo mode)."""
    return GrowthStrategy(
        summary=(
            "Sample strategy (not tailored to your product): find one channel that brings "
            "customers at a cost you can afford, then double down. Start with content your "
            "audience searches for, test paid social in small batches, and turn early users "
            "into referrers."
        ),
        growthSteps=[
            GrowthStep(
                action="Interview 10 customers and write down the words they use for the problem.",
                expectedImpact="Messaging that converts",
                kpi="Interviews done",
                estimatedGrowth="Foundation",
            ),
            GrowthStep(
                action="Publish two search-focused articles a week on those problems.",
                expectedImpact="Steady organic traffic",
                kpi="Organic visits",
                estimatedGrowth="+10-20% traffic a month",
            ),
            GrowthStep(
                action="Run three small paid social tests with different hooks.",
                expectedImpact="Find a channel that pays back",
                kpi="Cost per signup",
                estimatedGrowth="+5-15% signups",
            ),
            GrowthStep(
                action="Add a referral prompt after the first success moment in the product.",
                expectedImpact="Word of mouth",
                kpi="Referral rate",
                estimatedGrowth="+5% signups",
            ),
            GrowthStep(
                action="Review the numbers weekly; cut the worst channel, double the best.",
                expectedImpact="Budget goes where it works",
                kpi="Payback period",
                estimatedGrowth="Compounding",
            ),
        ],
        marketTrends=[
            MarketTrend(
                trend="Short-form video discovery",
                momentum=85,
                relevance="Audiences find products through short clips more than search.",
            ),
            MarketTrend(
                trend="Community-led growth",
                momentum=70,
                relevance="Buyers trust peers and communities over ads.",
            ),
            MarketTrend(
                trend="AI-assisted search",
                momentum=75,
                relevance="Answers engines change how content is found; clear, expert content "
                "wins.",
            ),
            MarketTrend(
                trend="Rising paid acquisition costs",
                momentum=60,
                relevance="Paid channels need tight testing to stay profitable.",
            ),
        ],
        timeline={
            "week1": "Customer interviews; set up analytics and the three KPIs.",
            "week2": "Publish the first articles; launch the paid social tests.",
            "week3": "Add the referral prompt; read the first test results.",
            "week4": "Cut the weakest channel and move its budget to the strongest.",
        },
        budgetAllocation=allocate(
            [BudgetLine(channel=name, percentage=pct) for name, pct in SAMPLE_SPLIT], budget
        ),
    )


def finish_strategy(strategy: GrowthStrategy, budget: float) -> GrowthStrategy:
    """The AI's strategy with the budget worked out from the founder's figure; the sample's
    split when the model gave no usable one."""
    finished = with_budget(strategy, budget)
    if finished.budgetAllocation:
        return finished
    return finished.model_copy(
        update={"budgetAllocation": sample_strategy(budget).budgetAllocation}
    )


def success_detail(strategy: GrowthStrategy, budget: float) -> str:
    """The success toast's description."""
    return f"{len(strategy.growthSteps)} steps and a budget split for {dollars(budget)} a month."


# --- Saving and downloading ---------------------------------------------------------------------


def result_title(budget: float) -> str:
    return f"Growth Blueprint - {dollars(budget)}/month"
