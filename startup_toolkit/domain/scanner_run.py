"""A Viability Scanner run (T-SCAN-2, T-SCAN-4): what `run_tool` is asked for, the scanner's
texts for each way a run can end without a result (panel, toast title, toast description),
and the demo mode's sample."""

from __future__ import annotations

from startup_toolkit.domain import reply_checks, workspace
from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain.catalog import VIABILITY_SCANNER
from startup_toolkit.domain.prompts import scanner as prompt
from startup_toolkit.domain.research import MARKET_TOPICS, research_prompt
from startup_toolkit.domain.scanner import (
    NO_SOURCE,
    CategoryScore,
    Competitor,
    Insight,
    MarketFigure,
    MarketInsights,
    ScanResult,
)
from startup_toolkit.domain.tool_run import AI_REASON, Notice, RunTexts, ToolRun

TOOL_NAME = VIABILITY_SCANNER.name
SIGN_IN_DETAIL = "Please log in to run a Genesis Scan"
NO_ACCESS = "A subscription is needed to run a Genesis Scan"
NO_ACCESS_DETAIL = "See the pricing page for plans."

RUN_TEXTS = RunTexts(
    failed=Notice(
        rules.SYSTEM_FAILED_TOAST, rules.SYSTEM_FAILED_TOAST_DETAIL, rules.SYSTEM_FAILED_PANEL
    ),
    no_access=Notice(NO_ACCESS, NO_ACCESS_DETAIL, NO_ACCESS),
    budget=Notice(rules.BUDGET_TOAST, AI_REASON, AI_REASON),
    unreadable=Notice(
        rules.PARSE_FAILED_TOAST, rules.PARSE_FAILED_TOAST_DETAIL, rules.PARSE_FAILED_PANEL
    ),
)


def scan_run(idea: str, idea_id: int | None = None) -> ToolRun[ScanResult]:
    """The Genesis scan of `idea` (kept under the founder's idea `idea_id`, else the idea of
    that text): a JSON reply validated as a `ScanResult`."""
    return ToolRun(
        tool=TOOL_NAME,
        system=prompt.SYSTEM,
        prompt=prompt.user_prompt(idea),
        schema=ScanResult,
        check=reply_checks.scan_problems,
        finish=rules.with_app_overall,
        temperature=rules.SCAN_TEMPERATURE,
        texts=RUN_TEXTS,
        sample=lambda: SAMPLE_SCAN,
        demo_seconds=rules.DEMO_SECONDS,  # read at each run: tests shorten it
        keep=workspace.KeepRun(workspace.SCANNER, {"idea": idea}, idea, idea_id),
        research=research_prompt(idea, MARKET_TOPICS),
    )


# --- Demo mode --------------------------------------------------------------------------------

SAMPLE_SCAN = ScanResult(
    overallScore=72,
    overallAssessment=(
        "Sample result (demo mode): this is an illustrative analysis, not an assessment of "
        "your idea. A focused problem with paying customers, in a crowded market where "
        "distribution and a clear wedge will decide the outcome."
    ),
    categories=[
        CategoryScore(
            category="Problem Validation",
            score=81,
            assessment="The pain is frequent and costly for the target customer.",
            reasoning="Founders describe the problem unprompted and already pay for "
            "workarounds, a strong sign of real demand.",
            confidence="medium",
        ),
        CategoryScore(
            category="Market Competition",
            score=58,
            assessment="Several funded players cover parts of the workflow.",
            reasoning="Incumbents own the broad category; a narrow segment with specific "
            "needs is the realistic way in.",
            confidence="medium",
        ),
        CategoryScore(
            category="Failure Risk",
            score=64,
            assessment="Moderate risk, mostly in customer acquisition cost.",
            reasoning="Technical risk is low, but paid channels are expensive in this space; "
            "early traction will need founder-led sales.",
            confidence="low",
        ),
        CategoryScore(
            category="Monetization Potential",
            score=77,
            assessment="A subscription with a usage tier fits how customers buy.",
            reasoning="Comparable tools charge $20-$60 per seat per month, and buyers have "
            "budget for this kind of tool.",
            confidence="medium",
        ),
        CategoryScore(
            category="Founder Fit",
            score=80,
            assessment="Relevant domain experience shortens the learning curve.",
            reasoning="Having lived the problem gives credible insight and access to the "
            "first customers.",
            confidence="high",
        ),
    ],
    actionSteps=[
        "Interview 15 target customers this month and record how they solve the problem today.",
        "Pick one narrow segment and write a one-sentence positioning against the incumbents.",
        "Build a clickable prototype of the core workflow and test it with 5 interviewees.",
        "Run a pre-sale or paid pilot to confirm willingness to pay before building more.",
        "Define three metrics (activation, weekly retention, CAC) and track them from day one.",
    ],
    competitors=[
        Competitor(
            name="Incumbent Suite (sample)",
            strengthScore=82,
            weakness="Broad and complex; slow to serve niche workflows.",
            differentiator="Purpose-built for one segment with a faster setup.",
        ),
        Competitor(
            name="Budget Tool (sample)",
            strengthScore=55,
            weakness="Limited features and weak support.",
            differentiator="Guided onboarding and outcome-focused templates.",
        ),
        Competitor(
            name="Spreadsheets and consultants (sample)",
            strengthScore=40,
            weakness="Manual, error-prone and hard to scale.",
            differentiator="Automates the repetitive work and keeps a single source of truth.",
        ),
    ],
    marketInsights=MarketInsights(
        size=MarketFigure(value="Sample figure: about $4.2B", source=NO_SOURCE),
        growthRate=MarketFigure(value="Sample figure: about 11% a year", source=NO_SOURCE),
        keyTrends=[
            Insight(text="Buyers consolidate tools and expect integrations out of the box."),
            Insight(text="AI assistance is becoming a baseline expectation in the category."),
            Insight(text="Usage-based pricing is spreading among smaller customers."),
        ],
        challenges=[
            Insight(text="High customer acquisition cost through paid channels."),
            Insight(text="Switching costs keep customers with incumbents."),
            Insight(text="Data privacy expectations raise the bar for trust."),
        ],
    ),
)
