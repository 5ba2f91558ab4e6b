"""The Funding Predictor's and the Growth Engine's results as the parts of a `Report`
(`ToolDoc`). Pure: no I/O."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from startup_toolkit.domain import funding, growth, research
from startup_toolkit.domain import report_evidence as evidence
from startup_toolkit.domain.report import ScoreChart, Section
from startup_toolkit.domain.report_text import line, lines, table
from startup_toolkit.domain.report_tools_base import (
    ToolDoc,
    filled,
    idea_section,
    paragraphs,
    short,
)

# --- Funding Predictor ------------------------------------------------------------------------

#: The founder's numbers: (label, key as kept with a run, key as saved with a result).
_FUNDING_INPUTS = (
    ("Monthly revenue", "revenue", "revenue", True),
    ("Monthly expenses", "expenses", "expenses", True),
    ("Growth rate (%)", "growth_rate", "growthRate", False),
    ("Customers", "customers", "customers", False),
    ("Team size", "team_size", "teamSize", False),
    ("Market size", "market_size", "marketSize", True),
)


def _funding_inputs(inputs: Mapping[str, Any]) -> tuple[tuple[str, str], ...]:
    rows = []
    for label, kept, saved, dollars in _FUNDING_INPUTS:
        value = inputs.get(kept, inputs.get(saved))
        if isinstance(value, int | float) and not isinstance(value, bool):
            rows.append((label, funding.money(value) if dollars else f"{value:g}"))
    stage = line(inputs.get("stage", inputs.get("fundingStage")), 40)
    if stage:
        rows.append(("Funding stage", funding.STAGE_LABELS.get(stage, stage)))
    return tuple(rows)


def funding_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    prediction = funding.FundingPrediction.model_validate(result)
    m = prediction.keyMetrics
    verdict = funding.headline(prediction.success)
    read = prediction.evidence.sources
    amount_range = (
        evidence.cited(
            prediction.amountRange, prediction.amountSources, prediction.amountSource, read
        )
        if prediction.amountRange
        else ""
    )
    citations = [
        research.check_citation(prediction.amountSources, prediction.amountSource, read),
        *(research.check_citation(b.sources, b.source, read) for b in prediction.benchmarks),
        *(research.check_citation(i.sources, "", read) for i in prediction.investors),
    ]
    sections = filled(
        *idea_section(inputs.get("pitch"), "Pitch"),
        Section("Your numbers", table=table(("Metric", "Value"), _funding_inputs(inputs))),
        Section(
            "Prediction",
            paragraphs=paragraphs(
                ("", f"{verdict}: {line(prediction.amount)}"),
                ("Typical range", amount_range),
                ("", prediction.analysis),
            ),
            table=table(
                ("Key metric", "Value"),
                (
                    ("Revenue", m.revenue),
                    ("Growth rate", m.growthRate),
                    ("Market potential", f"{m.marketPotential}/100"),
                ),
            ),
        ),
        evidence.benchmarks_section("Funding benchmarks", prediction.benchmarks, read, citations),
        Section(
            "Investors",
            table=table(
                ("Investor", "Focus", "Why", "Contact"),
                ((i.name, i.focus, i.reason, i.contactInfo) for i in prediction.investors),
            ),
            bullets=tuple(
                evidence.cited(i.name, i.sources, "", read) for i in prediction.investors
            ),
        ),
        Section("Rewritten pitch", paragraphs=paragraphs(("", prediction.rewrittenPitch))),
        Section("Recommendations", bullets=lines(prediction.recommendations)),
        evidence.sources_section(prediction.evidence),
    )
    return ToolDoc(
        title=funding.result_title(prediction),
        sections=sections,
        stem="",
        headline=short(f"{verdict}, {line(prediction.amount, 60)}"),
    )


# --- Growth Engine ----------------------------------------------------------------------------


def _budget(inputs: Mapping[str, Any]) -> float | None:
    value = inputs.get("budget")
    if isinstance(value, int | float) and not isinstance(value, bool) and value >= 0:
        return float(value)
    return None


def growth_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    strategy = growth.GrowthStrategy.model_validate(result)
    budget = _budget(inputs)
    trends = strategy.marketTrends
    read = strategy.evidence.sources
    steps = [s for s in strategy.growthSteps if s.estimatedGrowth]
    citations = [
        *(research.check_citation(s.sources, s.source, read) for s in steps),
        *(research.check_citation(t.sources, t.source, read) for t in trends),
        *(research.check_citation(b.sources, b.source, read) for b in strategy.benchmarks),
    ]

    def estimate(step: growth.GrowthStep) -> str:
        if not step.estimatedGrowth:
            return ""
        return evidence.cited(step.estimatedGrowth, step.sources, step.source, read)

    sections = filled(
        Section(
            "Business",
            paragraphs=paragraphs(
                ("Product", inputs.get("product")),
                ("Audience", inputs.get("audience")),
                ("Monthly budget", growth.dollars(budget) if budget is not None else ""),
            ),
        ),
        Section("Summary", paragraphs=paragraphs(("", strategy.summary))),
        Section(
            "Growth steps",
            table=table(
                ("Step", "Action", "Expected impact", "KPI", "Estimated growth"),
                (
                    (str(s.step), s.action, s.expectedImpact, s.kpi, estimate(s))
                    for s in strategy.growthSteps
                ),
            ),
        ),
        Section(
            "Four-week timeline",
            bullets=tuple(
                f"Week {week[-1]}: {line(strategy.timeline[week])}"
                for week in growth.WEEKS
                if week in strategy.timeline
            ),
        ),
        Section(
            "Trend radar",
            chart=ScoreChart(("Momentum",), tuple((t.trend, (t.momentum,)) for t in trends))
            if trends
            else None,
            table=table(
                ("Trend", "Momentum", "Relevance", "Source"),
                (
                    (
                        t.trend,
                        f"{t.momentum}/100 ({growth.momentum_label(t.momentum)})",
                        t.relevance,
                        evidence.citation_text(research.check_citation(t.sources, t.source, read)),
                    )
                    for t in trends
                ),
            ),
        ),
        evidence.benchmarks_section("Channel benchmarks", strategy.benchmarks, read, citations),
        Section(
            "Budget allocation",
            table=table(
                ("Channel", "Share", "Amount"),
                (
                    (b.channel, f"{b.percentage:g}%", growth.dollars(b.amount))
                    for b in strategy.budgetAllocation
                ),
            ),
        ),
        evidence.sources_section(strategy.evidence),
    )
    title = growth.result_title(budget) if budget is not None else "Growth Blueprint"
    return ToolDoc(
        title=title,
        sections=sections,
        stem="",
        headline=short(
            f"Growth blueprint: {len(strategy.growthSteps)} steps"
            + (f" for {growth.dollars(budget)}/month" if budget is not None else "")
        ),
    )
