"""Each JSON tool's required sections and the Scanner's score rules (issue 15, item 7): every
built-in sample passes its tool's gate; sparse replies and contradicting scores do not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from pydantic import BaseModel

from startup_toolkit.domain import funding, growth, incubator, oracle
from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS, SAMPLE_STRESS_TEST
from startup_toolkit.domain.tools import funding as funding_tool
from startup_toolkit.domain.tools import growth as growth_tool
from startup_toolkit.domain.tools import incubator as incubator_tool
from startup_toolkit.domain.tools import oracle as oracle_tool
from startup_toolkit.domain.tools import scanner as scanner_tool
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN


def category(name: str, score: int, assessment: str = "") -> dict[str, Any]:
    return {
        "category": name,
        "score": score,
        "assessment": assessment or f"{name}: a clear, specific assessment.",
        "reasoning": f"{name} reasoning.",
        "confidence": "medium",
    }


def scan(**changes: Any) -> rules.ScanResult:
    reply: dict[str, Any] = {
        "overallScore": 70,
        "overallAssessment": "Promising, in a crowded market.",
        "categories": [category(n, 70) for n in rules.CATEGORY_NAMES],
        "actionSteps": ["Interview 15 customers"],
        "competitors": [{"name": "Acme", "strengthScore": 70}],
        "marketInsights": {"keyTrends": ["Telehealth"], "challenges": ["Reimbursement"]},
    }
    return rules.ScanResult.model_validate({**reply, **changes})


@pytest.mark.parametrize(
    ("check", "sample"),
    [
        (scanner_tool.scan_problems, SAMPLE_SCAN),
        (incubator_tool.analysis_problems, SAMPLE_ANALYSIS),
        (incubator_tool.stress_problems, SAMPLE_STRESS_TEST),
        (growth_tool.growth_problems, growth.sample_strategy(500)),
        (oracle_tool.oracle_problems, oracle.sample_result()),
        (oracle_tool.oracle_problems, oracle.general_result()),
    ],
)
def test_every_sample_passes_its_tool_s_gate(
    check: Callable[[Any], list[str]], sample: BaseModel
) -> None:
    assert check(sample) == []


def test_a_full_scan_passes() -> None:
    assert scanner_tool.scan_problems(scan()) == []


def test_the_small_model_s_scan_is_refused_for_each_of_its_faults() -> None:
    """The reply from the issue: overall 0, three categories left at their defaults."""
    reply = scan(
        overallScore=0,
        categories=[
            category("Problem Validation", 70),
            category("Market Competition", 65),
            {"category": "Failure Risk", "score": 65, "assessment": ""},
        ],
    )
    (sections, overall) = scanner_tool.scan_problems(reply)
    assert sections == (
        "these required sections are empty or left at their default: categories: "
        "Failure Risk, categories: Monetization Potential, categories: Founder Fit"
    )
    assert overall == "overallScore is 0 while the category scores average 66"


def test_one_missing_category_is_tolerated_but_not_two() -> None:
    four = [category(n, 70) for n in rules.CATEGORY_NAMES[:4]]
    assert scanner_tool.scan_problems(scan(categories=four)) == []
    (problem,) = scanner_tool.scan_problems(scan(categories=four[:3]))
    assert "categories: Monetization Potential, categories: Founder Fit" in problem


def test_a_category_score_its_assessment_contradicts() -> None:
    cats = [category(n, 70) for n in rules.CATEGORY_NAMES]
    cats[3] = category("Monetization Potential", 85, "Very weak: nobody will pay for it.")
    assert scanner_tool.scan_problems(scan(categories=cats)) == [
        'Monetization Potential is scored 85 but its assessment calls it "very weak"'
    ]


def test_an_analysis_without_product_and_competitors_is_refused() -> None:
    reply = incubator.IdeaAnalysis.model_validate(
        {
            "marketAnalysis": {"overview": "A growing market.", "trends": ["Remote care"]},
            "viabilityAssessment": {"strengths": ["Team"], "risks": ["Churn"]},
            "productStrategy": {"description": "An app.", "coreFeatures": []},
        }
    )
    (problem,) = incubator_tool.analysis_problems(reply)
    assert problem.endswith("competitiveAnalysis.competitors, productStrategy.coreFeatures")


def test_a_stress_test_with_only_a_title_is_refused() -> None:
    reply = incubator.StressTest.model_validate(
        {"stressScenario": {"title": "A recession"}, "strategicResponse": {}}
    )
    (problem,) = incubator_tool.stress_problems(reply)
    assert "stressScenario.description, stressScenario.impact" in problem


def test_a_funding_prediction_of_only_a_verdict_is_refused() -> None:
    reply = funding.FundingPrediction.model_validate({"success": True, "analysis": "Good."})
    (problem,) = funding_tool.funding_problems(reply)
    assert problem.endswith("amount, investors, recommendations")
    full = funding.FundingPrediction.model_validate(
        {
            "success": True,
            "analysis": "Good.",
            "amount": "$500K",
            "investors": [{"name": "Seedcamp"}],
        }
    )
    assert funding_tool.funding_problems(full) == []  # one empty section (recommendations) is fine


def test_a_growth_strategy_of_steps_only_is_refused() -> None:
    reply = growth.GrowthStrategy.model_validate(
        {"summary": "Grow.", "growthSteps": ["Post daily"], "timeline": {"week1": " "}}
    )
    (problem,) = growth_tool.growth_problems(reply)
    assert problem.endswith("marketTrends, timeline, budgetAllocation")


def test_an_oracle_prediction_without_risks_or_moves_is_refused() -> None:
    reply = oracle.OracleResult.model_validate({"probability": 70, "risks": ["Cash"]})
    (problem,) = oracle_tool.oracle_problems(reply)
    assert problem.endswith("left at their default: moves")
    (problem,) = oracle_tool.oracle_problems(oracle.OracleResult.model_validate({"probability": 7}))
    assert problem.endswith("risks, moves")


def test_issue_28_an_oracle_prediction_without_its_roadmap_passes_the_gate() -> None:
    """Issue 28, item 5: probability, risks and moves are a usable prediction; the roadmap
    lists it left out are named on the page instead of the reply being thrown away."""
    reply = oracle.OracleResult.model_validate(
        {"probability": 70, "risks": ["Cash"], "moves": ["Sell"], "funding": []}
    )
    assert oracle_tool.oracle_problems(reply) == []
