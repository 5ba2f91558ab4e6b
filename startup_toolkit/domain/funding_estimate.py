"""The Funding Predictor's estimated analysis (T-FUND-2, spec section 8: 'estimated analysis'):
what the page shows when the AI cannot answer, and in demo mode. Pure: no I/O.

The estimate is honest about what it is: a transparent score from the founder's own numbers
against stage benchmarks, each factor shown with its points, and round sizes that are typical
for the stage, not a forecast for this company.

It tells one story (issue 28, item 4): its headline and amount follow from its own factors. A
market under $10M scores nothing and caps the estimate (funding is not called likely, the
amount is the stage's smallest typical round, the analysis says why), and the market
potential is on the same scale as the market factor ($1B+ is 100, as investors look for).
Beside the AI's prediction, `reading_gap` says in one line where the AI's reading and the
founder's inputs disagree widely.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from startup_toolkit.domain.funding import (
    MAX_RECOMMENDATIONS,
    STAGE_LABELS,
    FundingInput,
    FundingPrediction,
    Investor,
    KeyMetrics,
    money,
)


@dataclass(frozen=True)
class StageBenchmark:
    """What investors commonly expect at a stage, and the round sizes usually raised."""

    monthly_revenue: int
    customers: int
    round_low: int
    round_high: int
    investor_types: tuple[tuple[str, str], ...]  # (name, focus)


BENCHMARKS: dict[str, StageBenchmark] = {
    "pre-seed": StageBenchmark(
        0,
        10,
        250_000,
        1_000_000,
        (
            ("Angel investors", "First cheques on the team and the problem"),
            ("Pre-seed funds", "Small funds writing the first institutional cheque"),
            ("Accelerators", "Programmes trading a small stake for capital and support"),
        ),
    ),
    "seed": StageBenchmark(
        10_000,
        100,
        1_000_000,
        4_000_000,
        (
            ("Seed-stage venture funds", "Lead seed rounds on early traction"),
            ("Angel syndicates", "Groups of angels filling out a round"),
            ("Industry-focused seed funds", "Specialists in your market"),
        ),
    ),
    "series-a": StageBenchmark(
        100_000,
        1_000,
        5_000_000,
        15_000_000,
        (
            ("Series A venture funds", "Lead rounds on repeatable growth"),
            ("Your seed investors", "Pro-rata follow-on and introductions"),
            ("Corporate venture arms", "Strategic investors in your industry"),
        ),
    ),
    "series-b": StageBenchmark(
        400_000,
        5_000,
        15_000_000,
        40_000_000,
        (
            ("Growth-stage venture funds", "Scale proven go-to-market"),
            ("Crossover investors", "Late-stage funds with public-market experience"),
            ("Your existing investors", "Insider support for the round"),
        ),
    ),
}
LIKELY_FROM = 60  # estimated score from which funding is called likely
#: Below this market size the market factor scores nothing and no round is called likely.
MIN_VENTURE_MARKET = 10_000_000
#: A market this size or more is what investors look for: market potential 100.
VENTURE_MARKET = 1_000_000_000


@dataclass(frozen=True)
class Factor:
    """One line of the estimate: what was looked at, the points it earned and why."""

    name: str
    points: int
    most: int
    note: str


def _growth_factor(growth: float) -> Factor:
    points = 30 if growth >= 20 else 22 if growth >= 10 else 12 if growth >= 5 else 0
    return Factor("Monthly growth", points, 30, f"{growth:g}% a month, 10%+ is strong early on")


def _revenue_factor(revenue: int, bench: StageBenchmark, stage: str) -> Factor:
    label = STAGE_LABELS[stage]
    if bench.monthly_revenue == 0:
        points = 25 if revenue > 0 else 15
        note = "revenue is a bonus at pre-seed" if revenue == 0 else "early revenue at pre-seed"
    else:
        ratio = revenue / bench.monthly_revenue
        points = 25 if ratio >= 1 else 15 if ratio >= 0.5 else 5 if ratio > 0 else 0
        note = f"{money(revenue)}/month against about {money(bench.monthly_revenue)} at {label}"
    return Factor("Revenue for the stage", points, 25, note)


def _market_factor(market: int) -> Factor:
    points = 20 if market >= 1e9 else 14 if market >= 1e8 else 7 if market >= 1e7 else 0
    return Factor("Market size", points, 20, f"{money(market)}, investors look for $1B+")


def market_blocks(data: FundingInput) -> bool:
    """A market too small for a venture round (under $10M): it caps the estimate."""
    return data.market_size < MIN_VENTURE_MARKET


def _customer_factor(customers: int, bench: StageBenchmark) -> Factor:
    ratio = customers / bench.customers if bench.customers else 1
    points = 10 if ratio >= 1 else 5 if ratio >= 0.5 else 0
    return Factor(
        "Customers", points, 10, f"{customers:,} against about {bench.customers:,} for the stage"
    )


def _efficiency_factor(revenue: int, expenses: int) -> Factor:
    burn = expenses - revenue
    if burn <= 0:
        return Factor("Burn", 10, 10, "revenue covers expenses")
    multiple = burn / revenue if revenue else math.inf
    points = 5 if multiple <= 1 else 0
    return Factor("Burn", points, 10, f"burning {money(burn)}/month")


def _team_factor(team: int) -> Factor:
    points = 5 if 2 <= team <= 50 else 3
    return Factor("Team", points, 5, f"{team:,} people")


def estimate_factors(data: FundingInput) -> tuple[Factor, ...]:
    bench = BENCHMARKS[data.stage]
    return (
        _growth_factor(data.growth_rate),
        _revenue_factor(data.revenue, bench, data.stage),
        _market_factor(data.market_size),
        _customer_factor(data.customers, bench),
        _efficiency_factor(data.revenue, data.expenses),
        _team_factor(data.team_size),
    )


def estimate_score(data: FundingInput) -> int:
    """0-100: the sum of the factors' points (their maxima add up to 100)."""
    return sum(f.points for f in estimate_factors(data))


def likely(data: FundingInput) -> bool:
    """The estimate's verdict: a score from 60, in a market large enough for a round."""
    return estimate_score(data) >= LIKELY_FROM and not market_blocks(data)


def market_potential(market_size: int) -> int:
    """0-100 on a log scale, as the market factor reads sizes: $1M or less is 0, $10M 33,
    $100M 67, $1B or more (what investors look for) 100."""
    if market_size <= 1_000_000:
        return 0
    decades = math.log10(VENTURE_MARKET) - 6
    return max(0, min(100, round((math.log10(market_size) - 6) / decades * 100)))


def _recommendations(data: FundingInput, factors: tuple[Factor, ...]) -> list[str]:
    by_name = {f.name: f for f in factors}
    tips: list[str] = []
    if by_name["Monthly growth"].points < 22:
        tips.append(
            "Lift month-over-month growth above 10% for three months in a row before you "
            "raise: it is the first number investors ask for."
        )
    if by_name["Revenue for the stage"].points < 25:
        tips.append(
            f"Grow revenue toward {money(BENCHMARKS[data.stage].monthly_revenue)} a month, "
            f"or raise at an earlier stage where your numbers are ahead of the benchmark."
        )
    if by_name["Market size"].points < 14:
        tips.append(
            "Size your market bottom-up (customers x price) and show a path to a $1B+ "
            "opportunity through adjacent segments."
        )
    if by_name["Customers"].points < 10:
        tips.append("Turn pilots into paying customers and show retention by monthly cohort.")
    if by_name["Burn"].points < 10:
        tips.append("Show a plan that cuts burn or reaches break-even within 18 months.")
    tips += [
        "Prepare a data room: monthly metrics, cap table, financial model and customer references.",
        "Build a target list of 50 investors who have led rounds at your stage in your "
        "industry, and get warm introductions.",
    ]
    return tips[:MAX_RECOMMENDATIONS]


def _template_pitch(data: FundingInput, amount: str) -> str:
    stage = STAGE_LABELS[data.stage]
    revenue = (
        f"{money(data.revenue)} in monthly revenue growing {data.growth_rate:g}% a month"
        if data.revenue
        else "pre-revenue"
    )
    own = f" {data.pitch}" if data.pitch else ""
    return (
        f"We are a {data.team_size}-person team, {revenue}, with {data.customers:,} customers "
        f"in a {money(data.market_size)} market.{own} We are raising a {stage} round of about "
        f"{amount} to accelerate growth."
    )


def _amount(data: FundingInput, score: int) -> float:
    """The raise the estimate names: within the stage's typical range by the score when a
    round is likely, else the stage's smallest typical round (a market too small, or a
    score under 60, does not earn more)."""
    bench = BENCHMARKS[data.stage]
    if not likely(data):
        return bench.round_low
    return bench.round_low + (bench.round_high - bench.round_low) * score / 100


def _cap_line(data: FundingInput, score: int) -> str:
    """Why the estimate names the stage's smallest round ('' when the score earns more)."""
    if market_blocks(data):
        return (
            f" A market of {money(data.market_size)} is under the {money(MIN_VENTURE_MARKET)} "
            f"a venture round needs, so funding is not called likely whatever the other "
            f"numbers, and the amount is the stage's smallest typical round."
        )
    if score < LIKELY_FROM:
        return (
            f" Under {LIKELY_FROM} no round is called likely, and the amount is the stage's "
            f"smallest typical round."
        )
    return ""


def estimate(data: FundingInput) -> FundingPrediction:
    """The estimated analysis from the founder's own numbers (no AI)."""
    bench = BENCHMARKS[data.stage]
    factors = estimate_factors(data)
    score = sum(f.points for f in factors)
    amount = money(round(_amount(data, score), -4))
    lines = " ".join(f"{f.name} {f.points}/{f.most}: {f.note}." for f in factors)
    return FundingPrediction(
        success=likely(data),
        amount=amount,
        amountRange=f"{money(bench.round_low)} - {money(bench.round_high)}",
        investors=[
            Investor(
                name=name,
                focus=focus,
                reason=f"They commonly invest at the {STAGE_LABELS[data.stage]} stage.",
                contactInfo="Find active ones on Crunchbase or through founders they backed.",
            )
            for name, focus in bench.investor_types
        ],
        analysis=(
            f"Estimated readiness score {score}/100 for a {STAGE_LABELS[data.stage]} round "
            f"(funding likely from {LIKELY_FROM}).{_cap_line(data, score)} {lines}"
        ),
        keyMetrics=KeyMetrics(
            revenue=f"{money(data.revenue)}/month ({money(data.revenue * 12)}/year)",
            growthRate=f"{data.growth_rate:g}% a month",
            marketPotential=market_potential(data.market_size),
        ),
        rewrittenPitch=_template_pitch(data, amount),
        recommendations=_recommendations(data, factors),
    )


#: Below this market potential, "Funding Likely" needs saying what carries it (issue 17, item 5).
LOW_MARKET_POTENTIAL = 40
#: From this market potential, "Needs Improvement" says what holds the round back.
HIGH_MARKET_POTENTIAL = 70


def potential_color(potential: int) -> str:
    """The gauge's colour: red below 40, amber below 70, green from 70."""
    low, high = LOW_MARKET_POTENTIAL, HIGH_MARKET_POTENTIAL
    band = "red" if potential < low else "amber" if potential < high else "green"
    return f"var(--{band}-9)"


@dataclass(frozen=True)
class Drivers:
    """What a prediction rests on: the founder's numbers scored against the stage's
    benchmarks (`factors`), the strongest and weakest in a line (`summary`), and where the
    headline and the market potential seem to disagree, which factors carry it (`caution`)."""

    factors: tuple[Factor, ...]
    summary: str
    caution: str = ""


def _named(factors: Sequence[Factor]) -> str:
    return ", ".join(f"{f.name.lower()} ({f.points}/{f.most})" for f in factors)


def drivers(data: FundingInput, success: bool, potential: int) -> Drivers:
    """Why a result reads as it does, from the founder's own numbers."""
    factors = estimate_factors(data)
    # The strongest earn the largest share of their points (the heavier first); the weakest
    # lose the most points.
    ranked = sorted(factors, key=lambda f: (f.points / f.most, f.most), reverse=True)
    strong = [f for f in ranked if f.points * 2 >= f.most][:2]
    losing = sorted(factors, key=lambda f: f.most - f.points, reverse=True)
    weak = [f for f in losing if f.points * 2 < f.most][:2]
    parts = []
    if strong:
        parts.append(f"Strongest: {_named(strong)}.")
    if weak:
        parts.append(f"Weakest: {_named(weak)}.")
    caution = ""
    if success and potential < LOW_MARKET_POTENTIAL:
        carried = _named(strong) if strong else "the pitch rather than the numbers"
        caution = (
            f"Funding is called likely although market potential is only {potential}/100: it "
            f"rests on {carried}. Investors will ask about the market; be ready for it."
        )
    elif not success and potential >= HIGH_MARKET_POTENTIAL:
        held = _named(weak) if weak else "the stage's expectations"
        caution = (
            f"The market potential is high ({potential}/100); what holds the round back is {held}."
        )
    return Drivers(factors, " ".join(parts), caution)


# --- The AI's reading beside the founder's inputs (issue 28, item 4) ----------------------------

#: The AI's market potential this far from the inputs' is a wide disagreement, said on the page.
WIDE_GAP = 30
AI_READING = "The AI's reading"
FROM_INPUTS = "From your inputs"


def inputs_line(data: FundingInput) -> str:
    """The rule-based reading of the founder's numbers in one line, for beside the AI's."""
    verdict = "funding likely" if likely(data) else "funding not likely yet"
    return (
        f"Scored by the app's rules, not the AI: readiness {estimate_score(data)}/100 "
        f"({verdict}; likely from {LIKELY_FROM} in a market of {money(MIN_VENTURE_MARKET)}+), "
        f"market potential {market_potential(data.market_size)}/100."
    )


def _verdict_gap(data: FundingInput, ai_likely: bool) -> str:
    if ai_likely == likely(data):
        return ""
    score = estimate_score(data)
    if ai_likely:
        why = f"a market under {money(MIN_VENTURE_MARKET)}" if market_blocks(data) else "under 60"
        return (
            f"the AI calls funding likely, the score from your inputs does not ({score}/100, {why})"
        )
    return f"the AI does not call funding likely, the score from your inputs does ({score}/100)"


def reading_gap(data: FundingInput, prediction: FundingPrediction) -> str:
    """One line where the AI's prediction and the founder's inputs disagree widely (market
    potential 30+ points apart, or the verdict), with why they can differ; '' when they
    agree."""
    own = market_potential(data.market_size)
    theirs = prediction.keyMetrics.marketPotential
    parts = []
    if abs(theirs - own) >= WIDE_GAP:
        parts.append(
            f"the AI rates market potential {theirs}/100, your market size of "
            f"{money(data.market_size)} gives {own}/100"
        )
    if verdict := _verdict_gap(data, prediction.success):
        parts.append(verdict)
    if not parts:
        return ""
    return (
        f"The AI's reading and your inputs disagree: {'; '.join(parts)}. The AI also weighs "
        "your pitch and what it knows of the market; the app's score reads only the numbers "
        "you entered, so check them."
    )
