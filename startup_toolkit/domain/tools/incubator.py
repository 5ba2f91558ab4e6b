"""The Idea Incubator's two runs, each a spec: the analysis of an idea and the stress test of
that analysis. Their runs, quality gates, and how a saved incubator result (the analysis, with
the stress test when one was run) reads as its run or as a report."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain import incubator as rules
from startup_toolkit.domain import workspace
from startup_toolkit.domain.catalog import IDEA_INCUBATOR
from startup_toolkit.domain.incubator_sample import SAMPLE_ANALYSIS, SAMPLE_STRESS_TEST
from startup_toolkit.domain.prompts import incubator as prompt
from startup_toolkit.domain.reply_quality import Section, section_problems
from startup_toolkit.domain.report import Section as ReportSection
from startup_toolkit.domain.report_evidence import sources_section
from startup_toolkit.domain.report_text import text
from startup_toolkit.domain.report_tools_base import ToolDoc
from startup_toolkit.domain.report_tools_ideas import (
    incubator_doc,
    incubator_sections,
    stress_doc,
    stress_sections,
)
from startup_toolkit.domain.research import MARKET_TOPICS, research_prompt
from startup_toolkit.domain.saved_results import saved_data
from startup_toolkit.domain.saved_work import WorkSummary, dig, texts
from startup_toolkit.domain.saved_work import text as summary_text
from startup_toolkit.domain.tool_run import ToolRun
from startup_toolkit.domain.tools.spec import SavedRun, ToolSpec

ANALYSIS_KEY = "incubator"
STRESS_KEY = "stress-test"
TOOL_NAME = IDEA_INCUBATOR.name
DEMO_SECONDS = 1.5


@dataclass(frozen=True)
class AnalysisForm:
    idea: str
    idea_id: int | None = None  # the founder's idea it lands on (None: the idea of the text)


@dataclass(frozen=True)
class StressForm:
    idea: str
    analysis: rules.IdeaAnalysis
    idea_id: int | None = None


# --- Quality gates (issue 15, item 7) -----------------------------------------------------------

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


def analysis_problems(result: rules.IdeaAnalysis) -> list[str]:
    return section_problems(result, ANALYSIS_SECTIONS)


def stress_problems(result: rules.StressTest) -> list[str]:
    return section_problems(result, STRESS_SECTIONS)


# --- The runs -----------------------------------------------------------------------------------


def analysis_run(idea: str, idea_id: int | None = None) -> ToolRun[rules.IdeaAnalysis]:
    return ToolRun(
        tool=TOOL_NAME,
        system=prompt.ANALYSIS_SYSTEM,
        prompt=prompt.analysis_prompt(idea),
        schema=rules.IdeaAnalysis,
        check=analysis_problems,
        temperature=rules.ANALYSIS_TEMPERATURE,
        texts=rules.ANALYSIS_TEXTS,
        sample=lambda: SAMPLE_ANALYSIS,
        demo_seconds=DEMO_SECONDS,
        keep=workspace.KeepRun(ANALYSIS_KEY, {"idea": idea}, idea, idea_id),
        research=research_prompt(idea, MARKET_TOPICS),
    )


def stress_run(form: StressForm, idea_id: int | None = None) -> ToolRun[rules.StressTest]:
    inputs = {"idea": form.idea, "analysis": workspace.as_json(form.analysis)}
    return ToolRun(
        tool=TOOL_NAME,
        system=prompt.STRESS_SYSTEM,
        prompt=prompt.stress_prompt(form.idea, form.analysis),
        schema=rules.StressTest,
        check=stress_problems,
        temperature=rules.STRESS_TEMPERATURE,
        texts=rules.STRESS_TEXTS,
        sample=lambda: SAMPLE_STRESS_TEST,
        demo_seconds=DEMO_SECONDS,
        keep=workspace.KeepRun(STRESS_KEY, inputs, form.idea, idea_id),
    )


# --- Saved results ------------------------------------------------------------------------------


def from_saved(content: Mapping[str, Any]) -> SavedRun | None:
    """A saved incubator result: its stress test when it has one, else its analysis."""
    if (data := saved_data(content, "analysis")) is None:
        return None
    idea, sample = str(data.get("idea") or ""), bool(data.get("sample"))
    if isinstance(data.get("stressTest"), Mapping):
        inputs = {"idea": idea, "analysis": data["analysis"]}
        return SavedRun(STRESS_KEY, inputs, data["stressTest"], sample)
    return SavedRun(ANALYSIS_KEY, {"idea": idea}, data["analysis"], sample)


def saved_report(content: Mapping[str, Any]) -> ToolDoc:
    """A saved incubator result as one report: the idea, the analysis, the stress test."""
    data = content.get("data")
    if not isinstance(data, Mapping):
        raise ValueError("not an incubator result")
    analysis = rules.IdeaAnalysis.model_validate(data.get("analysis"))
    stress = rules.StressTest.model_validate(data["stressTest"]) if data.get("stressTest") else None
    idea = text(data.get("idea"), 5000)
    sections = (
        *incubator_sections(analysis, with_sources=False),
        *(stress_sections(stress) if stress else ()),
        sources_section(analysis.evidence),
    )
    return ToolDoc(
        title=rules.result_title(idea, stress),
        sections=((ReportSection("Idea", paragraphs=(idea,)),) if idea else ()) + sections,
        stem=ANALYSIS.stem,
        headline="",
    )


_EXAMPLE_IDEA = "A marketplace that matches dog walkers with busy owners."


def _stress_title(result: Any) -> list[str]:
    title = summary_text(dig(result, "stressScenario", "title"))
    return [title] if title else []


ANALYSIS: ToolSpec[AnalysisForm, rules.IdeaAnalysis] = ToolSpec(
    key=ANALYSIS_KEY,
    label=f"{IDEA_INCUBATOR.name}: idea analysis",
    timeline_label="Idea Incubator",
    stem="startup-analysis",
    make_run=lambda form, idea_id: analysis_run(form.idea, idea_id),
    example=lambda: AnalysisForm(_EXAMPLE_IDEA),
    page=IDEA_INCUBATOR,
    report=incubator_doc,
    from_saved=from_saved,
    saved_report=saved_report,
    summary=WorkSummary(
        risks=lambda result: texts(dig(result, "viabilityAssessment", "risks")), risks_rank=0
    ),
)

STRESS_TEST: ToolSpec[StressForm, rules.StressTest] = ToolSpec(
    key=STRESS_KEY,
    label=f"{IDEA_INCUBATOR.name}: stress test",
    timeline_label="Stress Test",
    stem="stress-test",
    make_run=stress_run,
    example=lambda: StressForm(_EXAMPLE_IDEA, SAMPLE_ANALYSIS),
    page=IDEA_INCUBATOR,
    report=stress_doc,
    summary=WorkSummary(
        risks=_stress_title,
        risks_rank=1,
        steps=lambda result: texts(dig(result, "strategicResponse", "immediateActions")),
        steps_rank=1,
    ),
)
