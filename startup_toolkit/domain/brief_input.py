"""What a founder's brief (issue 30) works on, without I/O: one idea and, optional, the few
numbers the Funding Predictor and the Growth Engine use (stage, revenue, users, growth,
budget, audience). A number left empty takes its default, which the brief shows as an
assumption, never as the founder's fact; the Funding Predictor's other inputs (expenses, team
size, market size) are never asked and are always shown as assumed."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain import funding, growth, scanner
from startup_toolkit.domain.funding import METRIC_BY_NAME, STAGE_LABELS, parse_number

#: The idea's bounds: the Scanner's minimum, and the longest text every part takes in full
#: (the Funding Predictor's pitch and the Growth Engine's product).
MIN_IDEA = scanner.MIN_IDEA_LENGTH
MAX_IDEA = min(funding.MAX_PITCH_LENGTH, growth.MAX_PRODUCT_LENGTH)
IDEA_INPUT_CAP = MAX_IDEA + 1000
NUMBER_INPUT_CAP = 40

EMPTY_IDEA = "Describe the idea to brief."
SHORT_IDEA = f"Please describe the idea in at least {MIN_IDEA} characters."
LONG_IDEA = f"Please keep the idea to {MAX_IDEA:,} characters or fewer."
BAD_STAGE = "Choose a funding stage."

#: The defaults of the numbers a founder may give (what an idea without traction assumes).
DEFAULT_STAGE = "pre-seed"
DEFAULT_BUDGET = float(growth.DEFAULT_BUDGET)
DEFAULT_AUDIENCE = "Early adopters who feel this problem most"
DEFAULTS: dict[str, str] = {
    "stage": DEFAULT_STAGE,
    "revenue": "0",
    "users": "0",
    "growth": "0",
    "budget": str(growth.DEFAULT_BUDGET),
    "audience": DEFAULT_AUDIENCE,
}
#: The Funding Predictor's inputs a brief never asks for: always assumed.
ASSUMED_EXPENSES = 5_000
ASSUMED_TEAM = 2
ASSUMED_MARKET = int(METRIC_BY_NAME["market_size"].default)

#: The numbers' form labels, in the form's order.
LABELS: dict[str, str] = {
    "stage": "Funding stage",
    "revenue": "Monthly revenue (USD)",
    "users": "Users or customers",
    "growth": "Monthly growth (%)",
    "budget": "Monthly marketing budget (USD)",
    "audience": "Target audience",
}
FIELDS: tuple[str, ...] = tuple(LABELS)
#: Which funding metric bounds each number.
_METRIC = {"revenue": "revenue", "users": "customers", "growth": "growth_rate"}


@dataclass(frozen=True)
class BriefInput:
    """The checked idea and numbers a brief runs its parts on."""

    idea: str
    stage: str = DEFAULT_STAGE
    revenue: int = 0
    users: int = 0
    growth: float = 0.0
    budget: float = DEFAULT_BUDGET
    audience: str = DEFAULT_AUDIENCE


def check_idea(idea: Any) -> str:
    """The idea's problem ('' when it may be briefed)."""
    text = idea.strip() if isinstance(idea, str) else ""
    if not text:
        return EMPTY_IDEA
    if len(text) < MIN_IDEA:
        return SHORT_IDEA
    return LONG_IDEA if len(text) > MAX_IDEA else ""


def _given(values: Mapping[str, Any], name: str) -> str:
    value = values.get(name, "")
    return value.strip() if isinstance(value, str) else ""


def _number(name: str, text: str, errors: dict[str, str]) -> float | None:
    """A funding metric (its bounds) or the budget, read from what the founder typed."""
    label = LABELS[name]
    value = parse_number(text)
    if name == "budget":
        low, high = 0.0, float(growth.MAX_BUDGET)
    else:
        metric = METRIC_BY_NAME[_METRIC[name]]
        low, high = metric.low, metric.high
    if value is None:
        errors[name] = f"{label} must be a number."
    elif not low <= value <= high:
        errors[name] = f"{label} must be between {low:,.0f} and {high:,.0f}."
    else:
        return value
    return None


def read_input(idea: Any, values: Mapping[str, Any]) -> tuple[BriefInput | None, dict[str, str]]:
    """The brief's input, or the message of each field that is wrong ('idea' for the idea).
    An empty number takes its default."""
    errors: dict[str, str] = {}
    if problem := check_idea(idea):
        errors["idea"] = problem
    typed = {name: _given(values, name) or DEFAULTS[name] for name in FIELDS}
    if typed["stage"] not in STAGE_LABELS:
        errors["stage"] = BAD_STAGE
    if len(typed["audience"]) > growth.MAX_AUDIENCE_LENGTH:
        errors["audience"] = growth.AUDIENCE_TOO_LONG
    numbers = {n: _number(n, typed[n], errors) for n in ("revenue", "users", "growth", "budget")}
    if errors:
        return None, errors
    return (
        BriefInput(
            idea=str(idea).strip(),
            stage=typed["stage"],
            revenue=round(numbers["revenue"] or 0),
            users=round(numbers["users"] or 0),
            growth=round(numbers["growth"] or 0.0, 2),
            budget=round(numbers["budget"] or 0.0, 2),
            audience=typed["audience"],
        ),
        {},
    )


# --- What the parts are given ------------------------------------------------------------------


def funding_input(data: BriefInput) -> funding.FundingInput:
    """The Funding Predictor's input: the founder's numbers, the assumed others, the idea as
    the pitch."""
    return funding.FundingInput(
        revenue=data.revenue,
        expenses=ASSUMED_EXPENSES,
        growth_rate=data.growth,
        customers=data.users,
        team_size=ASSUMED_TEAM,
        market_size=ASSUMED_MARKET,
        stage=data.stage,
        pitch=data.idea,
    )


# --- The assumptions a brief shows --------------------------------------------------------------


@dataclass(frozen=True)
class Assumption:
    """One number a brief's parts used: `assumed` when it is a default, not the founder's."""

    label: str
    value: str
    assumed: bool


def _plain(value: Any) -> str:
    number = parse_number(value)
    if number is None:
        return str(value or "")
    return f"{number:,.0f}" if float(number).is_integer() else f"{number:,.2f}"


def _row(label: str, value: Any, default: float, shown: str) -> Assumption:
    """A number, assumed when it is the default."""
    return Assumption(label, shown, parse_number(value) == float(default))


def assumptions(
    funding_inputs: Mapping[str, Any] | None, growth_inputs: Mapping[str, Any] | None
) -> tuple[Assumption, ...]:
    """The numbers the Funding and Growth parts ran on (their kept inputs), each marked
    assumed when it is the brief's default; the Funding inputs a brief never asks for are
    always assumed."""
    rows: list[Assumption] = []
    if funding_inputs:
        f = funding_inputs
        stage = str(f.get("stage", ""))
        rows.append(
            Assumption(LABELS["stage"], STAGE_LABELS.get(stage, stage), stage == DEFAULTS["stage"])
        )
        rows.append(_row(LABELS["revenue"], f.get("revenue"), 0, f"${_plain(f.get('revenue'))}"))
        rows.append(_row(LABELS["users"], f.get("customers"), 0, _plain(f.get("customers"))))
        growth_rate = f"{_plain(f.get('growth_rate'))}%"
        rows.append(_row(LABELS["growth"], f.get("growth_rate"), 0, growth_rate))
        rows.append(Assumption("Monthly expenses (USD)", f"${_plain(f.get('expenses'))}", True))
        rows.append(Assumption("Team size", _plain(f.get("team_size")), True))
        rows.append(Assumption("Market size (USD)", f"${_plain(f.get('market_size'))}", True))
    if growth_inputs:
        g = growth_inputs
        budget = g.get("budget")
        rows.append(_row(LABELS["budget"], budget, DEFAULT_BUDGET, f"${_plain(budget)}"))
        audience = str(g.get("audience") or "")
        rows.append(Assumption(LABELS["audience"], audience, audience == DEFAULT_AUDIENCE))
    return tuple(rows)


def _typed(value: Any, default: str) -> str:
    """A kept number or text as the form shows it; '' for the default (shown as assumed)."""
    number = None if isinstance(value, str) else parse_number(value)
    if number is None:
        text = str(value or "").strip()
    else:
        text = str(int(number)) if float(number).is_integer() else str(number)
    return "" if text == default else text


def form_texts(
    funding_inputs: Mapping[str, Any] | None, growth_inputs: Mapping[str, Any] | None
) -> dict[str, str]:
    """The brief's form as the Funding and Growth parts were asked (their kept inputs)."""
    f, g = funding_inputs or {}, growth_inputs or {}
    given = {
        "stage": f.get("stage", ""),
        "revenue": f.get("revenue", ""),
        "users": f.get("customers", ""),
        "growth": f.get("growth_rate", ""),
        "budget": g.get("budget", ""),
        "audience": g.get("audience", ""),
    }
    return {name: _typed(given[name], DEFAULTS[name]) for name in FIELDS}
