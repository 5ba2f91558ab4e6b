"""The Startup Oracle's rules (T-ORA-1..5): the founder's startup data (validated, including
the copy kept in the browser under `startupOracleData`), the prediction the AI is asked for
(read leniently) with the spec's defaults, probability bands, the progress gauge, the Live
Pulse feed and voice commands, and what a run that gives no prediction says. Pure: no I/O.
Generated content (T-ORA-4) is in `oracle_content`.

Oracle result (spec ai-tools section 3): probability, risks, moves, funding, customers,
product. A reply holding none of them is a parse failure; the page then shows the general
prediction (probability 65) with the spec's warning.
"""

from __future__ import annotations

import html
import json
import random
import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any, TypeVar

from pydantic import field_validator, model_validator

from startup_toolkit.domain.reply_values import Lenient, clamp_score, plain_text, text_list
from startup_toolkit.domain.run_origin import ORIGIN_KEY, Origin
from startup_toolkit.domain.saved_results import html_list, iso_timestamp
from startup_toolkit.domain.tool_run import AI_REASON, Notice, RunTexts

T = TypeVar("T")

# --- Startup data (the input panel and the details form) ------------------------------------

STORAGE_KEY = "startupOracleData"
STAGES: tuple[tuple[str, str], ...] = (
    ("ideation", "Ideation"),
    ("mvp", "MVP"),
    ("launch", "Launch"),
    ("growth", "Growth"),
)
STAGE_VALUES = frozenset(value for value, _ in STAGES)
DEFAULT_STAGE = "ideation"
MAX_IDEA_LENGTH = 2000
MAX_CHALLENGE_LENGTH = 1000
MAX_FIGURE_LENGTH = 60
TEXT_INPUT_CAP = MAX_IDEA_LENGTH + 1000
MAX_STORED_CHARS = 20_000
FIELDS = ("businessIdea", "stage", "revenue", "users", "budget", "biggestChallenge")
_LIMITS = {
    "businessIdea": MAX_IDEA_LENGTH,
    "revenue": MAX_FIGURE_LENGTH,
    "users": MAX_FIGURE_LENGTH,
    "budget": MAX_FIGURE_LENGTH,
    "biggestChallenge": MAX_CHALLENGE_LENGTH,
}

IDEA_REQUIRED = "Please enter your business idea first"
IDEA_TOO_LONG = f"Please keep the business idea to {MAX_IDEA_LENGTH:,} characters."
CHALLENGE_TOO_LONG = f"Please keep the biggest challenge to {MAX_CHALLENGE_LENGTH:,} characters."
FIGURE_TOO_LONG = f"Please keep this to {MAX_FIGURE_LENGTH} characters."


@dataclass(frozen=True)
class StartupData:
    businessIdea: str = ""
    stage: str = DEFAULT_STAGE
    revenue: str = ""
    users: str = ""
    budget: str = ""
    biggestChallenge: str = ""

    def as_dict(self) -> dict[str, str]:
        return {name: getattr(self, name) for name in FIELDS}


def clean_field(name: str, value: Any) -> str:
    """What a field may hold while typing: text, capped a little above its limit so an
    over-long entry is kept (and reported) rather than silently cut."""
    if name == "stage":
        return value if value in STAGE_VALUES else DEFAULT_STAGE
    if not isinstance(value, str):
        return ""
    return value[: _LIMITS.get(name, MAX_FIGURE_LENGTH) + 1000]


def validate(fields: Mapping[str, Any]) -> tuple[StartupData | None, dict[str, str]]:
    """The trimmed startup data and no errors, or None and the message for each wrong field."""
    values = {name: clean_field(name, fields.get(name, "")).strip() for name in FIELDS}
    errors: dict[str, str] = {}
    if not values["businessIdea"]:
        errors["businessIdea"] = IDEA_REQUIRED
    elif len(values["businessIdea"]) > MAX_IDEA_LENGTH:
        errors["businessIdea"] = IDEA_TOO_LONG
    if len(values["biggestChallenge"]) > MAX_CHALLENGE_LENGTH:
        errors["biggestChallenge"] = CHALLENGE_TOO_LONG
    for name in ("revenue", "users", "budget"):
        if len(values[name]) > MAX_FIGURE_LENGTH:
            errors[name] = FIGURE_TOO_LONG
    return (None, errors) if errors else (StartupData(**values), {})


def input_problem(errors: Mapping[str, str]) -> tuple[str, str]:
    """The toast (title, detail) for details that cannot be sent: the idea's problem, else
    a general title with the first field's problem."""
    if "businessIdea" in errors:
        return errors["businessIdea"], ""
    return "Please check the details", next(iter(errors.values()), "")


def parse_stored(text: Any) -> dict[str, str]:
    """The fields from the browser's `startupOracleData` (untrusted): known keys only, text
    only, each within its limit; anything else is dropped."""
    if not isinstance(text, str) or not text or len(text) > MAX_STORED_CHARS:
        return {}
    try:
        data = json.loads(text)
    except ValueError:
        return {}
    if not isinstance(data, dict):
        return {}
    out: dict[str, str] = {}
    for name in FIELDS:
        value = data.get(name)
        if name == "stage":
            if value in STAGE_VALUES:
                out[name] = value
        elif isinstance(value, str):
            out[name] = value[: _LIMITS[name]]
    return out


def stored_json(fields: Mapping[str, Any]) -> str:
    """The text kept in the browser under `startupOracleData`."""
    return json.dumps(
        {name: clean_field(name, fields.get(name, ""))[: _LIMITS.get(name, 20)] for name in FIELDS},
        separators=(",", ":"),
    )


# --- Texts (spec sections 5 and 8) ------------------------------------------------------------

SUCCESS_TOAST = "Predictions generated successfully"
PARSE_WARNING = "Using general predictions due to processing error"
FAILED_TOAST = "Failed to generate predictions"
FAILED_DETAIL = "Please try or check your connection"
TRY_AGAIN = "Try Again"
WELCOME_TOAST = "Welcome to the Startup Oracle"
WELCOME_DETAIL = "Describe your business idea and press Solve Now to see your odds."
WELCOME_DELAY_SECONDS = 1.0
WELCOME_DURATION_MS = 5000
SAMPLE_LABEL = (
    "Sample prediction (demo mode): a built-in example, not an analysis of your idea. "
    "Set AI_API_KEY to get real predictions."
)
GENERAL_LABEL = (
    "General predictions: the AI reply could not be read, so these are general startup "
    "guidelines rather than an analysis of your idea."
)
#: A Solution Roadmap tab the reply left empty says so (issue 17, item 4), never a blank tab.
ROADMAP_MISSING = {
    "funding": "The prediction gave no funding steps this time. Solve again to ask for them.",
    "customers": "The prediction gave no customer steps this time. Solve again to ask for them.",
    "product": "The prediction gave no product steps this time. Solve again to ask for them.",
}
NO_RESULT = "No prediction available to download"
ORACLE_TEMPERATURE = 0.4
DEMO_SECONDS = 2.0  # demo mode: how long the sample prediction takes (content: half)
SIGN_IN_DETAIL = "Please log in to use the Startup Oracle"
NO_ACCESS = "A subscription is needed to use the Startup Oracle"
NO_ACCESS_DETAIL = "See the pricing page for plans."
DEMO_TOAST = "Sample prediction (demo mode)"
DEMO_DETAIL = "Set AI_API_KEY to get predictions for your idea."
#: An unreadable reply still shows a prediction (the general one) with the warning; the daily
#: limit's message replaces the failure's detail, an AI failure keeps it.
RUN_TEXTS = RunTexts(
    failed=Notice(FAILED_TOAST, FAILED_DETAIL),
    no_access=Notice(NO_ACCESS, NO_ACCESS_DETAIL),
    budget=Notice(FAILED_TOAST, AI_REASON),
    unreadable=Notice(PARSE_WARNING),
)

# --- Probability bands and the progress gauge ------------------------------------------------

DEFAULT_PROBABILITY = 65
HIGH_BAND = 70
MODERATE_BAND = 40
HIGH_LABEL = "High Success Potential"
MODERATE_LABEL = "Moderate Success Potential"
CHALLENGING_LABEL = "Challenging Success Outlook"
PROGRESS_TICK_SECONDS = 0.3
PROGRESS_STEP = 10
PROGRESS_CAP = 90
PROGRESS_RESET_SECONDS = 0.5


def band(probability: int) -> str:
    """The spec's label: 70 and above high, 40-69 moderate, below 40 challenging."""
    if probability >= HIGH_BAND:
        return HIGH_LABEL
    if probability >= MODERATE_BAND:
        return MODERATE_LABEL
    return CHALLENGING_LABEL


def band_color(probability: int) -> str:
    """The Radix colour of a band: green, amber or red."""
    if probability >= HIGH_BAND:
        return "green"
    return "amber" if probability >= MODERATE_BAND else "red"


def next_progress(progress: int) -> int:
    """One 300 ms tick of the gauge: +10, never above 90 until the prediction is in."""
    return min(PROGRESS_CAP, max(0, progress) + PROGRESS_STEP)


# --- Reply model ---------------------------------------------------------------------------------

MAX_ITEMS = 6
_ITEM_KEYS = ("text", "title", "risk", "move", "action", "step", "description", "name")
#: The lists of a prediction, in the order the page shows them.
LISTS = ("risks", "moves", "funding", "customers", "product")
#: How a part the reply left out is named (issue 28, item 5).
PART_NAMES = {
    "probability": "a success probability",
    "risks": "risks",
    "moves": "next moves",
    "funding": "funding steps",
    "customers": "customer steps",
    "product": "product steps",
}


class OracleResult(Lenient):
    probability: int = DEFAULT_PROBABILITY
    risks: list[str] = []
    moves: list[str] = []
    funding: list[str] = []
    customers: list[str] = []
    product: list[str] = []
    #: Set by the app after the reply, never from it (`with_missing`): the parts the AI's
    #: reply left out, by name; the rest is the AI's (issue 28, item 5).
    missing: list[str] = []

    @model_validator(mode="before")
    @classmethod
    def _shape(cls, data: Any) -> Any:
        if not isinstance(data, Mapping):
            raise ValueError("the reply is not an object")
        data = dict(data)
        for key, alias in (("probability", "successProbability"), ("moves", "nextMoves")):
            if key not in data and alias in data:
                data[key] = data[alias]
        roadmap = data.get("solutions") or data.get("roadmap")
        if isinstance(roadmap, Mapping):
            for key in ("funding", "customers", "product"):
                data.setdefault(key, roadmap.get(key))
        if not any(data.get(k) not in (None, "", []) for k in ("probability", "risks", "moves")):
            raise ValueError("the reply has no probability, risks or moves")
        if "probability" in data and clamp_score(data["probability"], -1) < 0:
            del data["probability"]  # unreadable: left out (and said so), not a silent 65
        return data

    @field_validator("missing", mode="before")
    @classmethod
    def _missing(cls, value: Any) -> list[str]:
        names = value if isinstance(value, list) else []
        return [name for name in PART_NAMES if name in names]

    @field_validator("probability", mode="before")
    @classmethod
    def _probability(cls, value: Any) -> int:
        return clamp_score(value, DEFAULT_PROBABILITY)

    @field_validator("risks", "moves", "funding", "customers", "product", mode="before")
    @classmethod
    def _items(cls, value: Any) -> list[str]:
        if isinstance(value, str):
            value = [line for line in re.split(r"\n+", value) if line.strip()]
        items = text_list(value, _ITEM_KEYS, 400, MAX_ITEMS)
        return [re.sub(r"^\s*(?:[-*•]|\d+[.)])\s*", "", item) for item in items]


def with_missing(result: OracleResult) -> OracleResult:
    """The AI's prediction with the parts its reply left out named (whatever the reply said
    of it): a partial reply is kept, and the page says what is missing."""
    given = "probability" in result.model_fields_set
    missing = ([] if given else ["probability"]) + [n for n in LISTS if not getattr(result, n)]
    return result.model_copy(update={"missing": missing})


def missing_note(missing: list[str]) -> str:
    """What the page says of the parts a prediction's reply left out ('' for none)."""
    names = [PART_NAMES[name] for name in PART_NAMES if name in missing]
    if not names:
        return ""
    listed = names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"
    note = f"The AI's reply left out {listed}; the rest of this prediction is the AI's."
    if "probability" in missing:
        note += (
            f" The {DEFAULT_PROBABILITY}% shown is the general default, not a prediction for "
            "your idea."
        )
    return f"{note} Solve again to ask for the missing parts."


def general_result() -> OracleResult:
    """The spec's defaults when the reply cannot be read (probability 65)."""
    return OracleResult(
        probability=DEFAULT_PROBABILITY,
        risks=[
            "Building before confirming that customers will pay",
            "Running out of cash before reaching a repeatable sales channel",
            "Competitors moving faster in the same niche",
        ],
        moves=[
            "Interview ten target customers this week about the problem",
            "Ship the smallest version that solves the core problem",
            "Track one activation metric and review it weekly",
        ],
        funding=[
            "Bootstrap to first revenue to keep control and options",
            "Apply to one accelerator that fits your stage",
        ],
        customers=[
            "List fifty people who have the problem and contact them personally",
            "Join the communities where they already discuss it",
        ],
        product=[
            "Cut the feature list to the one workflow customers value most",
            "Add a feedback prompt inside the product",
        ],
    )


def sample_result() -> OracleResult:
    """The built-in sample prediction of demo mode."""
    return OracleResult(
        probability=72,
        risks=[
            "Customer acquisition cost may exceed early revenue per customer",
            "A well-funded competitor could copy the core feature",
            "Founder time is split across too many priorities",
        ],
        moves=[
            "Run five paid pilots with a clear success metric",
            "Publish two case studies from the pilots",
            "Set a 12-month runway plan with monthly checkpoints",
        ],
        funding=[
            "Pre-seed from angels who know your industry",
            "Non-dilutive grants for early-stage innovation",
            "Revenue-based financing once monthly revenue is steady",
        ],
        customers=[
            "Founder-led sales to the first 20 customers",
            "Partnerships with communities your buyers trust",
            "A referral reward for early adopters",
        ],
        product=[
            "Focus the MVP on the one job customers hire it for",
            "Weekly release cycle driven by customer interviews",
            "Instrument activation and retention from day one",
        ],
    )


def result_title(result: OracleResult) -> str:
    return f"Startup Oracle Prediction - {result.probability}% ({band(result.probability)})"


def summary_text(result: OracleResult, data: StartupData) -> str:
    return (
        f"{band(result.probability)}: {result.probability}% success probability for "
        f"{plain_text(data.businessIdea, 120)}"
    )


#: What a prediction that is not the model's answer is shown as: demo mode's sample, or the
#: general predictions after the AI reply could not be used ('' for the AI's prediction).
DEMO_KIND = "demo"
GENERAL_KIND = "general"


def sample_kind(origin: Origin) -> str:
    """'' for the AI's prediction, 'demo' for demo mode's sample, else 'general'."""
    if origin is Origin.AI:
        return ""
    return DEMO_KIND if origin is Origin.SAMPLE else GENERAL_KIND


def save_content(result: OracleResult, data: StartupData, *, origin: Origin) -> dict[str, Any]:
    """The saved result's data: the input, the prediction and how it was made (`sample`:
    '' for the AI, 'demo' or 'general'; `origin`, issue 28)."""
    return {
        "input": data.as_dict(),
        "summary": summary_text(result, data),
        "band": band(result.probability),
        "prediction": result.model_dump(mode="json"),
        "sample": sample_kind(origin),
        ORIGIN_KEY: origin.value,
    }


def save_metadata(result: OracleResult, created_at: datetime, *, origin: Origin) -> dict[str, Any]:
    return {
        "generatedAt": iso_timestamp(created_at),
        "probability": result.probability,
        "sample": sample_kind(origin),
        ORIGIN_KEY: origin.value,
    }


def to_html(result: OracleResult, data: StartupData) -> str:
    """A readable HTML version for the dashboard (every value escaped)."""
    e = html.escape
    parts = [
        f"<h2>{e(result_title(result))}</h2>",
        f"<p><strong>Idea:</strong> {e(data.businessIdea)}</p>",
    ]
    for heading, items in (
        ("Risks", result.risks),
        ("Next strategic moves", result.moves),
        ("Funding", result.funding),
        ("Customers", result.customers),
        ("Product", result.product),
    ):
        parts += html_list(heading, (e(item) for item in items))
    return "".join(parts)


# --- Live Pulse (T-ORA-3) ------------------------------------------------------------------------

PULSE_SECONDS = 8.0
PULSE_CHANCE = 0.3
PULSE_KEEP = 5
PULSE_TYPES = ("opportunity", "risk", "trend")
PULSE_MAX_MINUTES = 30  # a tab that is closed without leaving the page stops its feed by then


@dataclass(frozen=True)
class PulseItem:
    id: int
    type: str
    text: str
    time: str


def pulse_source(result: OracleResult) -> dict[str, list[str]]:
    """The texts a pulse item is drawn from, per type (all from the founder's prediction)."""
    return {
        "opportunity": [f"Opportunity: {m}" for m in result.moves + result.funding],
        "risk": [f"Risk to watch: {r}" for r in result.risks],
        "trend": [f"Worth tracking: {c}" for c in result.customers + result.product],
    }


def local_time(now: datetime, offset_minutes: int) -> str:
    """HH:MM in the browser's time zone (`offset_minutes` as JavaScript's getTimezoneOffset)."""
    return (now - timedelta(minutes=offset_minutes)).strftime("%H:%M")


def maybe_pulse(
    result: OracleResult, rng: random.Random, next_id: int, now: datetime, offset_minutes: int
) -> PulseItem | None:
    """One 8 s tick: with a 30% chance a new item, drawn from the prediction."""
    if result.probability <= 0 or rng.random() >= PULSE_CHANCE:
        return None
    sources = {k: v for k, v in pulse_source(result).items() if v}
    if not sources:
        return None
    kind = rng.choice(sorted(sources))
    return PulseItem(next_id, kind, rng.choice(sources[kind]), local_time(now, offset_minutes))


def add_pulse(items: list[T], item: T) -> list[T]:
    """Newest first, the newest 5 kept."""
    return [item, *items][:PULSE_KEEP]


def valid_offset(value: Any) -> int:
    """A browser's time-zone offset in minutes (untrusted): -840..840, else 0 (UTC)."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != value:
        return 0
    return int(value) if -840 <= value <= 840 else 0


# --- Voice commands (T-ORA-5) ----------------------------------------------------------------

VOICE_CUSTOMERS = "customers"
VOICE_FUNDING = "funding"
VOICE_NOTICES = {
    VOICE_CUSTOMERS: (
        "Oracle command: find me customers",
        "See the Customers tab of the Solution Roadmap after a prediction.",
    ),
    VOICE_FUNDING: (
        "Oracle command: funding",
        "See the Funding tab of the Solution Roadmap after a prediction.",
    ),
}


def voice_command(text: Any) -> str | None:
    """'customers' or 'funding' when the phrase holds 'oracle' and one of those commands."""
    if not isinstance(text, str):
        return None
    spoken = " ".join(text.lower().split())
    if not re.search(r"\boracle\b", spoken):
        return None
    if "find me customers" in spoken:
        return VOICE_CUSTOMERS
    if "funding" in spoken:
        return VOICE_FUNDING
    return None
