"""Each JSON tool's quality gate (issue 15, item 7): the sections its reply must fill and, for
the Scanner, the scores that must not contradict its text. A check takes the validated reply
and returns its problems, one sentence each (none: the reply may be shown); the AI service
asks once more naming them, then gives the tool's parse failure. Placeholder echoes are
checked for every tool by the AI service itself. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from startup_toolkit.domain import funding, growth, incubator, oracle
from startup_toolkit.domain import scanner as scan
from startup_toolkit.domain.reply_quality import (
    Section,
    empty_sections,
    overall_contradiction,
    score_text_contradiction,
    sections_problem,
)

Check = Callable[[Any], list[str]]


def _problems(reply: Any, sections: Sequence[Section]) -> list[str]:
    problem = sections_problem(empty_sections(reply, sections))
    return [problem] if problem else []


# --- Viability Scanner --------------------------------------------------------------------------


def _category(name: str) -> Section:
    """A category the reply left out (the neutral default) or without an assessment."""

    def read(result: scan.ScanResult) -> str:
        item = next(c for c in result.categories if c.category == name)
        if item.reasoning == scan.MISSING_CATEGORY_REASONING:
            return ""
        return item.assessment

    return Section(f"categories: {name}", read, (scan.DEFAULT_CATEGORY_ASSESSMENT,))


SCANNER_SECTIONS: tuple[Section, ...] = (
    Section("overallAssessment", lambda r: r.overallAssessment, (scan.DEFAULT_ASSESSMENT,)),
    *(_category(name) for name in scan.CATEGORY_NAMES),
    Section("actionSteps", lambda r: r.actionSteps),
    Section("competitors", lambda r: r.competitors),
    Section("marketInsights.keyTrends", lambda r: r.marketInsights.keyTrends),
    Section("marketInsights.challenges", lambda r: r.marketInsights.challenges),
)


def scan_problems(result: scan.ScanResult) -> list[str]:
    """Empty sections, the model's overall far from its own categories, and a category whose
    score its assessment contradicts. On the reply as read (its `overallScore` the model's)."""
    problems = _problems(result, SCANNER_SECTIONS)
    scores = [c.score for c in result.categories]
    if overall := overall_contradiction(result.overallScore, scores):
        problems.append(overall)
    for item in result.categories:
        if item.reasoning == scan.MISSING_CATEGORY_REASONING:
            continue
        if found := score_text_contradiction(item.category, item.score, item.assessment):
            problems.append(found)
    return problems


# --- Idea Incubator -----------------------------------------------------------------------------

ANALYSIS_SECTIONS: tuple[Section, ...] = (
    Section("marketAnalysis.overview", lambda r: r.marketAnalysis.overview),
    Section("marketAnalysis.trends", lambda r: r.marketAnalysis.trends),
    Section("competitiveAnalysis.competitors", lambda r: r.competitiveAnalysis.competitors),
    Section("productStrategy.description", lambda r: r.productStrategy.description),
    Section("productStrategy.coreFeatures", lambda r: r.productStrategy.coreFeatures),
    Section("viabilityAssessment.strengths", lambda r: r.viabilityAssessment.strengths),
    Section("viabilityAssessment.risks", lambda r: r.viabilityAssessment.risks),
)

STRESS_SECTIONS: tuple[Section, ...] = (
    Section("stressScenario.description", lambda r: r.stressScenario.description),
    Section("stressScenario.impact", lambda r: r.stressScenario.impact),
    Section("strategicResponse.immediateActions", lambda r: r.strategicResponse.immediateActions),
    Section("strategicResponse.shortTermStrategy", lambda r: r.strategicResponse.shortTermStrategy),
    Section("contingencyPlanning.riskMitigation", lambda r: r.contingencyPlanning.riskMitigation),
)


def analysis_problems(result: incubator.IdeaAnalysis) -> list[str]:
    return _problems(result, ANALYSIS_SECTIONS)


def stress_problems(result: incubator.StressTest) -> list[str]:
    return _problems(result, STRESS_SECTIONS)


# --- Funding Predictor, Growth Engine, Startup Oracle -------------------------------------------

FUNDING_SECTIONS: tuple[Section, ...] = (
    Section("analysis", lambda r: r.analysis, (funding.DEFAULT_ANALYSIS,)),
    Section("amount", lambda r: r.amount, (funding.NOT_AVAILABLE,)),
    Section("investors", lambda r: r.investors),
    Section("recommendations", lambda r: r.recommendations),
)

GROWTH_SECTIONS: tuple[Section, ...] = (
    Section("summary", lambda r: r.summary),
    Section("growthSteps", lambda r: r.growthSteps),
    Section("marketTrends", lambda r: r.marketTrends),
    Section("timeline", lambda r: {k: v for k, v in r.timeline.items() if v.strip()}),
    Section("budgetAllocation", lambda r: r.budgetAllocation),
)

ORACLE_SECTIONS: tuple[Section, ...] = tuple(
    Section(name, lambda r, name=name: getattr(r, name))
    for name in ("risks", "moves", "funding", "customers", "product")
)


def funding_problems(result: funding.FundingPrediction) -> list[str]:
    return _problems(result, FUNDING_SECTIONS)


def growth_problems(result: growth.GrowthStrategy) -> list[str]:
    return _problems(result, GROWTH_SECTIONS)


def oracle_problems(result: oracle.OracleResult) -> list[str]:
    return _problems(result, ORACLE_SECTIONS)
