"""The Viability Scanner's rules (T-SCAN-1..5): input bounds and hint, the scan result the AI
is asked for (with the spec's defaults), verdict bands and the spec's error texts. Pure: no
I/O. A saved scan's shape is in `scanner_export`, the run (its texts and the demo-mode
sample) in `scanner_run`.

Scan result (spec ai-tools section 3): overallScore, overallAssessment, categories (the five,
each with score, assessment, reasoning and confidence), actionSteps, competitors (name,
strengthScore, weakness, differentiator) and marketInsights (size and growthRate with their
sources, keyTrends, challenges). A reply without `categories` or `actionSteps` is a parse
failure; a missing score is 65, a missing assessment a generic sentence, missing lists empty.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from statistics import fmean
from typing import Annotated, Any, Literal

from pydantic import BeforeValidator, Field, ValidationError, field_validator, model_validator

from startup_toolkit.domain import reply_values
from startup_toolkit.domain.idea_text import IDEA_INPUT_CAP as IDEA_INPUT_CAP
from startup_toolkit.domain.idea_text import MAX_IDEA_LENGTH as MAX_IDEA_LENGTH
from startup_toolkit.domain.idea_text import TOO_LONG as TOO_LONG
from startup_toolkit.domain.idea_text import TOO_LONG_DETAIL as TOO_LONG_DETAIL
from startup_toolkit.domain.idea_text import idea_length as idea_length
from startup_toolkit.domain.reply_values import Lenient as _Lenient
from startup_toolkit.domain.reply_values import first_text as _first_text
from startup_toolkit.domain.reply_values import (
    named_entries_field,
    reply_entries,
    section_field,
    text_entry,
)
from startup_toolkit.domain.reply_values import plain_text as _text
from startup_toolkit.domain.research import Evidence, SourceNumbers, named_source_check

# --- Business constants (spec section 9) -------------------------------------------------------

MIN_IDEA_LENGTH = 20
PROGRESS_TICK_SECONDS = 0.3
PROGRESS_STEP_MAX = 10
PROGRESS_CAP = 95
#: The success toast comes this long after the result; the analysing flag clears then too.
FINISH_DELAY_SECONDS = 0.5
#: How long the demo mode's progress animation runs before the sample appears.
DEMO_SECONDS = 2.4
FALLBACK_SCORE = 65
ACTION_STEPS_REQUESTED = 5
MAX_ACTION_STEPS = 10
MAX_COMPETITORS = 6
MAX_INSIGHTS = 8
#: Low, so the same idea gives the same score within a few points.
SCAN_TEMPERATURE = 0.2
MAX_TEXT = 2000

CATEGORY_NAMES: tuple[str, ...] = (
    "Problem Validation",
    "Market Competition",
    "Failure Risk",
    "Monetization Potential",
    "Founder Fit",
)
#: Short names for the chart's axis.
CATEGORY_SHORT_NAMES: dict[str, str] = {
    "Problem Validation": "Problem",
    "Market Competition": "Market",
    "Failure Risk": "Risk",
    "Monetization Potential": "Revenue",
    "Founder Fit": "Founder",
}
_CATEGORY_KEYWORDS: dict[str, tuple[str, ...]] = {
    "Problem Validation": ("problem", "validation", "pain"),
    "Market Competition": ("market", "competition", "competitive", "competitor"),
    "Failure Risk": ("risk", "failure"),
    "Monetization Potential": ("monetization", "monetisation", "revenue", "business model"),
    "Founder Fit": ("founder", "team"),
}

Confidence = Literal["low", "medium", "high"]
CONFIDENCE_LEVELS: tuple[Confidence, ...] = ("low", "medium", "high")

# --- Texts (spec sections 5 and 8) -----------------------------------------------------------

TOO_SHORT = "Please provide more details about your startup idea"
TOO_SHORT_DETAIL = (
    f"We need at least {MIN_IDEA_LENGTH} characters to perform a meaningful analysis."
)
READY_HINT = "Ready for Genesis Engine analysis"

PARSE_FAILED_PANEL = (
    "Analysis parsing failed. Please try again with more specific details about your "
    "business model and target market."
)
PARSE_FAILED_TOAST = "Analysis Error"
PARSE_FAILED_TOAST_DETAIL = "Couldn't process the analysis. Please try again."
SYSTEM_FAILED_PANEL = "Analysis system error. Please check your connection and try again."
SYSTEM_FAILED_TOAST = "Analysis Failed"
SYSTEM_FAILED_TOAST_DETAIL = "System error occurred. Please try again."
BUDGET_TOAST = "Daily AI allowance used"
SUCCESS_TOAST = "Genesis Scan complete!"
NO_RESULT = "No analysis available to download"
NO_RESULT_DETAIL = "Run a Genesis Scan first."

DEFAULT_ASSESSMENT = (
    "The analysis did not include a written assessment. Review the category scores and "
    "action steps for the details."
)
DEFAULT_CATEGORY_ASSESSMENT = "No assessment was returned for this category."
MISSING_CATEGORY_REASONING = (
    "The analysis did not cover this category, so it shows a neutral default score."
)
NO_SOURCE = "No recent data/source available"
NOT_AVAILABLE = "Not available"
SAMPLE_LABEL = "Sample result (demo mode)"


# --- Input ------------------------------------------------------------------------------------


def validate_idea(idea: Any) -> tuple[str, str] | None:
    """(title, detail) of the error for this idea, or None when it may be scanned."""
    length = idea_length(idea)
    if length < MIN_IDEA_LENGTH:
        return TOO_SHORT, TOO_SHORT_DETAIL
    if length > MAX_IDEA_LENGTH:
        return TOO_LONG, TOO_LONG_DETAIL
    return None


# --- Bands ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Verdict:
    label: str
    color: str  # Radix colour name


HIGHLY_VIABLE = Verdict("Highly Viable", "green")
POTENTIALLY_VIABLE = Verdict("Potentially Viable", "amber")
NEEDS_RETHINKING = Verdict("Needs Rethinking", "red")


def verdict(score: int) -> Verdict:
    """80 and above Highly Viable (green); 60-79 Potentially Viable (amber); below 60 Needs
    Rethinking (red)."""
    if score >= 80:
        return HIGHLY_VIABLE
    if score >= 60:
        return POTENTIALLY_VIABLE
    return NEEDS_RETHINKING


def score_color(score: int) -> str:
    """The same thresholds colour the category scores."""
    return verdict(score).color


# --- Reply models -----------------------------------------------------------------------------


def clamp_score(value: Any, default: int = FALLBACK_SCORE) -> int:
    """0-100 from a number or text such as '72', '72%' or '72/100'; `default` otherwise."""
    return reply_values.clamp_score(value, default)


#: How much each category counts in the overall score (issue 15, item 6: the spec gives no
#: weights, so they are equal).
CATEGORY_WEIGHTS: dict[str, float] = dict.fromkeys(CATEGORY_NAMES, 1.0)


def overall_score(scores: Sequence[int], weights: Sequence[float] | None = None) -> int:
    """The app's overall score: the weighted average of the category scores, halves rounded
    up (the same categories always give the same overall, whatever the model says)."""
    if not scores:
        return FALLBACK_SCORE
    weights = list(weights) if weights is not None else [1.0] * len(scores)
    average = fmean(scores, weights)
    return max(0, min(100, int(average + 0.5)))


def _model_overall(value: Any) -> int | None:
    """The model's own overall score as it gave it (None when it gave none)."""
    if value is None:
        return None
    score = reply_values.clamp_score(value, -1)
    return None if score < 0 else score


def _text_or(default: str, limit: int = MAX_TEXT) -> BeforeValidator:
    """Reads plain text cut to `limit` characters; `default` when there is none."""

    def read(value: Any) -> str:
        return _text(value, limit) or default

    return BeforeValidator(read)


def _score_or(default: int) -> BeforeValidator:
    """Reads a 0-100 score; `default` when there is none."""

    def read(value: Any) -> int:
        return clamp_score(value, default)

    return BeforeValidator(read)


#: Plain text (cut to 2000 characters); "" when the reply has none.
_Text = Annotated[str, _text_or("")]
#: A 0-100 score; FALLBACK_SCORE when the reply has none that can be read.
_Score = Annotated[int, _score_or(FALLBACK_SCORE)]


class CategoryScore(_Lenient):
    """One of the five categories. A higher score is always better (for Failure Risk: safer)."""

    category: Annotated[str, _text_or("", 100)]
    score: _Score = FALLBACK_SCORE
    assessment: Annotated[str, _text_or(DEFAULT_CATEGORY_ASSESSMENT)] = DEFAULT_CATEGORY_ASSESSMENT
    reasoning: _Text = ""
    confidence: Confidence = "medium"

    @model_validator(mode="before")
    @classmethod
    def _aliases(cls, data: Any) -> Any:
        if isinstance(data, Mapping):
            data = dict(data)
            if not _text(data.get("category")):
                data["category"] = _first_text(data, ("name", "title"))
        return data

    @field_validator("confidence", mode="before")
    @classmethod
    def _confidence(cls, value: Any) -> str:
        text = _text(value, 20).lower()
        return text if text in CONFIDENCE_LEVELS else "medium"


class Competitor(_Lenient):
    name: Annotated[str, _text_or("", 120)]
    strengthScore: Annotated[int, _score_or(50)] = 50
    weakness: _Text = ""
    differentiator: _Text = ""
    #: The numbers of the research sources behind the facts about them (issue 15).
    sources: SourceNumbers = Field(default_factory=list)

    _named_source = named_source_check()


class MarketFigure(_Lenient):
    """A market figure and where it comes from: the numbers of the research sources behind
    it, and the source as the model wrote it (a publisher, a URL, or NO_SOURCE)."""

    value: Annotated[str, _text_or(NOT_AVAILABLE, 300)] = NOT_AVAILABLE
    source: Annotated[str, _text_or(NO_SOURCE, 300)] = NO_SOURCE
    sources: SourceNumbers = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        if isinstance(data, str | int | float) and not isinstance(data, bool):
            return {"value": data}
        if isinstance(data, Mapping) and "value" not in data:
            data = {**data, "value": _first_text(data, ("figure", "amount", "estimate", "text"))}
        return data


class Insight(_Lenient):
    """A key trend or a challenge, with its source when it cites a figure."""

    text: Annotated[str, _text_or("", 500)]
    source: Annotated[str, _text_or("", 300)] = ""
    sources: SourceNumbers = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _from_text(cls, data: Any) -> Any:
        return text_entry(data, ("trend", "challenge", "title", "name"))


def _insights(value: Any) -> list[Any]:
    return reply_entries(value, str | Mapping | Insight)


class MarketInsights(_Lenient):
    size: MarketFigure = Field(default_factory=MarketFigure)
    growthRate: MarketFigure = Field(default_factory=MarketFigure)
    keyTrends: list[Insight] = Field(default_factory=list)
    challenges: list[Insight] = Field(default_factory=list)

    @model_validator(mode="before")
    @classmethod
    def _sources(cls, data: Any) -> Any:
        """Also accept flat `sizeSource` / `growthRateSource` next to plain figures."""
        if isinstance(data, MarketInsights):
            return data
        if not isinstance(data, Mapping):
            return {}
        data = dict(data)
        for key in ("size", "growthRate"):
            value, source = data.get(key), data.get(f"{key}Source")
            if value is None:
                data.pop(key, None)
            elif source is not None and not isinstance(value, Mapping):
                data[key] = {"value": value, "source": source}
        return data

    @field_validator("keyTrends", "challenges", mode="before")
    @classmethod
    def _lists(cls, value: Any) -> list[Any]:
        return _insights(value)

    @field_validator("keyTrends", "challenges", mode="after")
    @classmethod
    def _non_empty(cls, value: list[Insight]) -> list[Insight]:
        return [i for i in value if i.text][:MAX_INSIGHTS]


def _canonical(name: str, taken: set[str]) -> str | None:
    """The spec's category this name stands for (exact first, then by keyword)."""
    lowered = name.lower()
    for canonical in CATEGORY_NAMES:
        if canonical.lower() == lowered and canonical not in taken:
            return canonical
    for canonical in CATEGORY_NAMES:
        if canonical in taken:
            continue
        if any(word in lowered for word in _CATEGORY_KEYWORDS[canonical]):
            return canonical
    return None


def _missing_category(name: str) -> CategoryScore:
    return CategoryScore(
        category=name,
        score=FALLBACK_SCORE,
        assessment=DEFAULT_CATEGORY_ASSESSMENT,
        reasoning=MISSING_CATEGORY_REASONING,
        confidence="low",
    )


class ScanResult(_Lenient):
    """The JSON the scan asks for. `categories` and `actionSteps` are required (else the
    reply is a parse failure); the categories come out as exactly the spec's five, in order.
    A run's `overallScore` is the app's (`with_app_overall`); the model's own is kept in
    `modelOverallScore` (None: a run from before the app computed it)."""

    overallScore: _Score = FALLBACK_SCORE
    modelOverallScore: Annotated[int | None, BeforeValidator(_model_overall)] = None
    overallAssessment: Annotated[str, _text_or(DEFAULT_ASSESSMENT)] = DEFAULT_ASSESSMENT
    categories: list[CategoryScore]
    actionSteps: list[str]
    competitors: list[Competitor] = Field(default_factory=list)
    marketInsights: MarketInsights = Field(default_factory=MarketInsights)
    #: Set by the app after the reply (never from it): the research and the pages read.
    evidence: Evidence = Field(default_factory=Evidence)

    @field_validator("categories", mode="before")
    @classmethod
    def _category_items(cls, value: Any) -> Any:
        if isinstance(value, Mapping):  # {"Problem Validation": {...}, ...}
            value = [
                {"category": name, **item} if isinstance(item, Mapping) else {"category": name}
                for name, item in value.items()
            ]
        if isinstance(value, list):
            return [item for item in value if isinstance(item, Mapping | CategoryScore)]
        return value

    @field_validator("categories", mode="after")
    @classmethod
    def _five(cls, value: list[CategoryScore]) -> list[CategoryScore]:
        """Map the reply's categories onto the five; unknown ones are dropped, missing ones
        get the neutral default (score 65, low confidence, said so)."""
        found: dict[str, CategoryScore] = {}
        for item in value:
            canonical = _canonical(item.category, set(found))
            if canonical is not None:
                found[canonical] = item.model_copy(update={"category": canonical})
        if not found:
            raise ValueError("none of the five categories is in the reply")
        return [found.get(name) or _missing_category(name) for name in CATEGORY_NAMES]

    @field_validator("actionSteps", mode="before")
    @classmethod
    def _steps(cls, value: Any) -> Any:
        if not isinstance(value, list):
            return value
        steps = []
        for item in value:
            if isinstance(item, Mapping):
                text = _first_text(item, ("step", "action", "title", "description", "text"))
            else:
                text = _text(item, 600)
            text = re.sub(r"^\s*(?:step\s*)?\d+\s*[.):-]\s*", "", text, flags=re.IGNORECASE)
            if text:
                steps.append(text[:600])
        return steps[:MAX_ACTION_STEPS]

    _competitors = named_entries_field("competitors", Competitor, MAX_COMPETITORS)
    _market = section_field("marketInsights", model=MarketInsights)


def with_app_overall(result: ScanResult) -> ScanResult:
    """A scan run's finishing touch (issue 15, item 6): the overall score computed from the
    five categories (`overall_score`, `CATEGORY_WEIGHTS`), the model's own kept beside it."""
    scores = [c.score for c in result.categories]
    weights = [CATEGORY_WEIGHTS.get(c.category, 1.0) for c in result.categories]
    return result.model_copy(
        update={
            "modelOverallScore": result.overallScore,
            "overallScore": overall_score(scores, weights),
        }
    )


UNREADABLE_SCAN = "This scan's result can no longer be read."


def read_scan(result: Any) -> ScanResult | None:
    """A kept scanner result as a `ScanResult`; None when it cannot be read."""
    if isinstance(result, ScanResult):
        return result
    if not isinstance(result, Mapping):
        return None
    try:
        return ScanResult.model_validate(result)
    except (ValidationError, ValueError, TypeError):
        return None
