"""The Viability Scanner (T-SCAN-2, T-SCAN-4): its spec, the run `run_tool` is asked for, the
texts for each way a run can end without a result (panel, toast title, toast description), its
quality gate, how a saved scan reads as its run, and the demo mode's sample."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain import scanner_export, workspace
from startup_toolkit.domain.catalog import VIABILITY_SCANNER
from startup_toolkit.domain.prompts import scanner as prompt
from startup_toolkit.domain.reply_quality import (
    Section,
    overall_contradiction,
    score_text_contradiction,
    section_problems,
)
from startup_toolkit.domain.report_tools_ideas import scanner_doc
from startup_toolkit.domain.research import MARKET_TOPICS, research_prompt
from startup_toolkit.domain.saved_results import saved_data
from startup_toolkit.domain.saved_work import WorkSummary, dig, score, text, texts
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
from startup_toolkit.domain.tools.spec import SavedRun, ToolSpec

KEY = "scanner"
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


@dataclass(frozen=True)
class ScanForm:
    """What a scan works on: the idea's text."""

    idea: str


def scan_run(idea: str, idea_id: int | None = None) -> ToolRun[ScanResult]:
    """The Genesis scan of `idea` (kept under the founder's idea `idea_id`, else the idea of
    that text): a JSON reply validated as a `ScanResult`."""
    return ToolRun(
        tool=TOOL_NAME,
        system=prompt.SYSTEM,
        prompt=prompt.user_prompt(idea),
        schema=ScanResult,
        check=scan_problems,
        finish=rules.with_app_overall,
        temperature=rules.SCAN_TEMPERATURE,
        texts=RUN_TEXTS,
        sample=lambda: SAMPLE_SCAN,
        demo_seconds=rules.DEMO_SECONDS,  # read at each run: tests shorten it
        keep=workspace.KeepRun(KEY, {"idea": idea}, idea, idea_id),
        research=research_prompt(idea, MARKET_TOPICS),
    )


# --- Quality gate (issue 15, item 7) ------------------------------------------------------------


def _category(name: str) -> Section:
    """A category the reply left out (the neutral default) or without an assessment."""

    def read(result: ScanResult) -> str:
        item = next(c for c in result.categories if c.category == name)
        if item.reasoning == rules.MISSING_CATEGORY_REASONING:
            return ""
        return item.assessment

    return Section(f"categories: {name}", read, (rules.DEFAULT_CATEGORY_ASSESSMENT,))


SECTIONS: tuple[Section, ...] = (
    Section("overallAssessment", lambda r: r.overallAssessment, (rules.DEFAULT_ASSESSMENT,)),
    *(_category(name) for name in rules.CATEGORY_NAMES),
    Section("actionSteps", lambda r: r.actionSteps),
    Section("competitors", lambda r: r.competitors),
    Section("marketInsights.keyTrends", lambda r: r.marketInsights.keyTrends),
    Section("marketInsights.challenges", lambda r: r.marketInsights.challenges),
)


def scan_problems(result: ScanResult) -> list[str]:
    """Empty sections, the model's overall far from its own categories, and a category whose
    score its assessment contradicts. On the reply as read (its `overallScore` the model's)."""
    problems = section_problems(result, SECTIONS)
    scores = [c.score for c in result.categories]
    if overall := overall_contradiction(result.overallScore, scores):
        problems.append(overall)
    for item in result.categories:
        if item.reasoning == rules.MISSING_CATEGORY_REASONING:
            continue
        if found := score_text_contradiction(item.category, item.score, item.assessment):
            problems.append(found)
    return problems


# --- Kept and saved scans -----------------------------------------------------------------------


def headline(result: Any) -> str:
    """'Score 72/100: Potentially Viable' for an idea's timeline."""
    scan = rules.read_scan(result)
    if scan is None:
        return rules.UNREADABLE_SCAN
    return f"Score {scan.overallScore}/100: {rules.verdict(scan.overallScore).label}"


def from_saved(content: Mapping[str, Any]) -> SavedRun | None:
    if (data := saved_data(content, "result")) is None:
        return None
    inputs = {"idea": str(data.get("idea") or "")}
    return SavedRun(KEY, inputs, data["result"], bool(data.get("sample")))


def saved_html(content: Mapping[str, Any]) -> str | None:
    """A saved scan as the dashboard shows it, made when read: the confidence the Scanner
    page shows, also for scans saved before it did (issue 28, item 7)."""
    saved = from_saved(content)
    if saved is None:
        return None
    return scanner_export.to_html(ScanResult.model_validate(saved.result), saved.inputs["idea"])


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


def _summary_line(result: Any, when: str) -> str:
    """The Co-Founder's summary line of a scan: its score and category scores."""
    overall = score(dig(result, "overallScore"))
    categories = dig(result, "categories")
    scores = []
    for item in categories if isinstance(categories, list) else []:
        name, value = text(dig(item, "category"), 40), score(dig(item, "score"))
        if name and value is not None:
            scores.append(f"{name} {value}")
    if overall is None and not scores:
        return ""
    head = f"Viability score{when}: {overall if overall is not None else '?'}/100"
    return head + (f"; {', '.join(scores)}" if scores else "")


#: The scan leads the summary; its market challenges are the risks when no analysis or stress
#: test names any, its action steps the first next steps.
SUMMARY = WorkSummary(
    line=_summary_line,
    leads=True,
    risks=lambda result: texts(dig(result, "marketInsights", "challenges"), "text"),
    risks_rank=2,
    steps=lambda result: texts(dig(result, "actionSteps")),
    steps_rank=0,
)


SPEC: ToolSpec[ScanForm, ScanResult] = ToolSpec(
    key=KEY,
    label=VIABILITY_SCANNER.name,
    timeline_label="Viability Scanner",
    stem="viability-analysis",
    make_run=lambda form, idea_id: scan_run(form.idea, idea_id),
    example=lambda: ScanForm("A marketplace that matches dog walkers with busy owners."),
    page=VIABILITY_SCANNER,
    report=scanner_doc,
    headline=headline,
    from_saved=from_saved,
    saved_html=saved_html,
    summary=SUMMARY,
)
