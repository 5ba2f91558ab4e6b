"""The Idea Incubator's demo-mode samples (T-IDEA-1): an illustrative analysis and stress test,
clearly labelled as samples, shown when no AI key is configured."""

from __future__ import annotations

from startup_toolkit.domain.incubator import (
    CompetitiveAnalysis,
    Competitor,
    ContingencyPlanning,
    IdeaAnalysis,
    MarketAnalysis,
    ProductStrategy,
    StrategicResponse,
    StressScenario,
    StressTest,
    ViabilityAssessment,
)
from startup_toolkit.domain.research import CitedClaim
from startup_toolkit.domain.scanner import NO_SOURCE, MarketFigure


def _claim(text: str) -> CitedClaim:
    return CitedClaim(text=text, source=NO_SOURCE)


SAMPLE_ANALYSIS = IdeaAnalysis(
    marketAnalysis=MarketAnalysis(
        overview=(
            "Sample result (demo mode): an illustrative analysis, not an assessment of your "
            "idea. The buyers have a frequent, costly problem and already pay for partial "
            "solutions, so demand is proven; the open question is how to reach them cheaply."
        ),
        size=MarketFigure(value="Sample figure: about $3.8B", source=NO_SOURCE),
        growth=MarketFigure(value="Sample figure: about 12% a year", source=NO_SOURCE),
        # The sample claims no sources: each claim cites nothing.
        trends=[
            _claim("Buyers consolidate tools and expect integrations out of the box."),
            _claim("AI assistance is becoming a baseline expectation."),
            _claim("Usage-based pricing is spreading among smaller customers."),
        ],
        challenges=[
            _claim("Paid acquisition is expensive in this category."),
            _claim("Incumbents bundle similar features for free."),
        ],
        opportunity=(
            "A narrow segment that incumbents serve poorly, won with a faster setup and "
            "outcome-focused onboarding."
        ),
    ),
    competitiveAnalysis=CompetitiveAnalysis(
        landscape="A few broad suites, many small point tools and a lot of manual work.",
        competitors=[
            Competitor(
                name="Incumbent Suite (sample)",
                description="An all-in-one platform for large teams.",
                marketPosition="Market leader",
                strengths=["Brand and distribution", "Broad feature set"],
                weaknesses=["Complex and slow to set up", "Expensive for small teams"],
                funding="Public company",
            ),
            Competitor(
                name="Budget Tool (sample)",
                description="A low-cost tool with the basics.",
                marketPosition="Value option",
                strengths=["Low price"],
                weaknesses=["Limited features", "Weak support"],
                funding="Bootstrapped",
            ),
            Competitor(
                name="Spreadsheets and consultants (sample)",
                description="What most small teams do today.",
                marketPosition="Default alternative",
                strengths=["Flexible", "Already paid for"],
                weaknesses=["Manual and error-prone"],
                funding="Not applicable",
            ),
            Competitor(
                name="Vertical Newcomer (sample)",
                description="A young startup aimed at a neighbouring segment.",
                marketPosition="Challenger",
                strengths=["Modern product"],
                weaknesses=["Small team"],
                funding="Seed",
            ),
        ],
        whitespace="Small teams who need results in a day, without a consultant.",
    ),
    productStrategy=ProductStrategy(
        description="A focused tool that automates the core workflow for one segment.",
        coreFeatures=[
            "Guided setup that works in under ten minutes",
            "Automation of the repetitive weekly task",
            "Dashboard of the three numbers that matter",
            "Integrations with the tools the segment already uses",
            "Team sharing and permissions",
        ],
        differentiators=[
            "Built for one segment instead of everyone",
            "Outcome-focused templates",
        ],
        businessModel="Monthly subscription per team with a usage tier.",
        scalability="Software margins; expansion to neighbouring segments once one is won.",
    ),
    viabilityAssessment=ViabilityAssessment(
        strengths=[
            "A proven, frequent pain",
            "Customers already pay for workarounds",
            "Low technical risk",
            "Clear expansion path",
        ],
        risks=[
            "High customer acquisition cost",
            "Incumbents copy the key feature",
            "Slow sales cycles with larger teams",
            "Churn among the smallest customers",
        ],
        challenges=["Finding a repeatable channel", "Pricing for small teams"],
        timeline="About 6 months to a paid pilot, 12-18 months to product-market fit.",
        fundingRequirement="About $500K pre-seed to reach the first 100 paying teams.",
    ),
)

SAMPLE_STRESS_TEST = StressTest(
    stressScenario=StressScenario(
        title="Sample scenario (demo mode): a funded competitor copies the core feature",
        description=(
            "Illustrative only. A well-funded competitor launches the same automation for "
            "free inside its existing suite and markets it to your segment."
        ),
        probability="Medium (sample)",
        impact="High: new sign-ups could halve within a quarter (sample).",
        timeline="6 to 12 months after launch (sample)",
    ),
    strategicResponse=StrategicResponse(
        immediateActions=[
            "Call your ten best customers and learn what would make them stay.",
            "Ship the integration the competitor's suite cannot offer.",
            "Lock in annual plans with a launch discount.",
            "Publish customer results that show outcomes, not features.",
        ],
        shortTermStrategy="Double down on the segment's specific workflow and support.",
        longTermAdaptation="Build a data advantage from the segment's usage that a suite lacks.",
        resourceRequirements="Two engineers for a quarter and a small customer-success budget.",
        successMetrics=["Monthly churn below 3%", "Net revenue retention above 100%"],
    ),
    contingencyPlanning=ContingencyPlanning(
        alternativeScenarios=[
            "Partner with the competitor as a specialised add-on.",
            "Move up-market to teams with stricter compliance needs.",
        ],
        riskMitigation=[
            "Keep 12 months of runway at all times.",
            "Diversify acquisition beyond one channel.",
        ],
        competitiveAdvantage="Depth in one segment and the speed of a small team.",
    ),
)
