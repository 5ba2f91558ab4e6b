"""The Viability Scanner's and the Idea Incubator's results as the parts of a `Report`
(`ToolDoc`), each figure with its checked citation (issue 15), a scan's confidence the app's
own from its evidence, as its page shows it (issue 28, item 7). Pure: no I/O."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from startup_toolkit.domain import incubator, research, scanner
from startup_toolkit.domain import report_evidence as evidence
from startup_toolkit.domain.evidence_confidence import result_confidence
from startup_toolkit.domain.report import ScoreChart, Section
from startup_toolkit.domain.report_text import line, lines, table, text
from startup_toolkit.domain.report_tools_base import (
    ToolDoc,
    filled,
    idea_section,
    paragraphs,
    short,
)

# --- Viability Scanner ------------------------------------------------------------------------


def scanner_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    scan = scanner.ScanResult.model_validate(result)
    band = scanner.verdict(scan.overallScore)
    m = scan.marketInsights
    chart = ScoreChart(
        series=("Score",),
        groups=(
            ("Overall", (scan.overallScore,)),
            *((c.category, (c.score,)) for c in scan.categories),
        ),
    )
    confidence = result_confidence(scan)
    categories = table(
        ("Category", "Score", "Confidence", "Assessment", "Reasoning"),
        (
            (
                c.category,
                f"{c.score}/100",
                confidence.categories[c.category].level,
                c.assessment,
                c.reasoning,
            )
            for c in scan.categories
        ),
    )
    read = scan.evidence.sources
    competitors = table(
        ("Competitor", "Strength", "Weakness", "Differentiator"),
        (
            (c.name, f"{c.strengthScore}/100", c.weakness, c.differentiator)
            for c in scan.competitors
        ),
    )
    competitor_sources = tuple(
        evidence.cited(c.name, c.sources, "", read) for c in scan.competitors
    )
    figures = [m.size, m.growthRate]
    insights = [*m.keyTrends, *m.challenges]
    citations = [
        research.check_citation(item.sources, item.source, read) for item in [*figures, *insights]
    ] + [research.check_citation(c.sources, "", read) for c in scan.competitors]
    sections = filled(
        *idea_section(inputs.get("idea")),
        Section(
            "Verdict",
            paragraphs=(
                f"{band.label}: {scan.overallScore}/100",
                text(scan.overallAssessment),
                f"Overall confidence: {confidence.overall.note}",
            ),
        ),
        Section("Scores", chart=chart, table=categories),
        Section("Competitors", table=competitors, bullets=competitor_sources),
        Section("Action steps", bullets=lines(scan.actionSteps)),
        Section(
            "Market",
            paragraphs=paragraphs(
                ("Size", evidence.cited(m.size.value, m.size.sources, m.size.source, read)),
                (
                    "Growth rate",
                    evidence.cited(
                        m.growthRate.value, m.growthRate.sources, m.growthRate.source, read
                    ),
                ),
            ),
            bullets=(
                *(
                    f"Trend: {evidence.cited(t.text, t.sources, t.source, read)}"
                    for t in m.keyTrends
                ),
                *(
                    f"Challenge: {evidence.cited(c.text, c.sources, c.source, read)}"
                    for c in m.challenges
                ),
            ),
            sources=evidence.verified_links(citations),
        ),
        evidence.sources_section(scan.evidence),
    )
    return ToolDoc(
        title=f"Viability Analysis - Score: {scan.overallScore}/100",
        sections=sections,
        stem="",
        headline=f"Viability {scan.overallScore}/100 ({band.label})",
    )


# --- Idea Incubator ---------------------------------------------------------------------------


def incubator_sections(
    analysis: incubator.IdeaAnalysis, *, with_sources: bool = True
) -> tuple[Section, ...]:
    """The analysis; its market figures, trends, challenges and competitors with their checked
    citations (issue 15), and the pages read (or the note that there was no live research) unless
    `with_sources` is False (a report that adds a stress test puts them last)."""
    m, c = analysis.marketAnalysis, analysis.competitiveAnalysis
    p, v = analysis.productStrategy, analysis.viabilityAssessment
    read = analysis.evidence.sources
    competitors = table(
        ("Competitor", "Position", "Description", "Strengths", "Weaknesses", "Funding"),
        (
            (
                x.name,
                x.marketPosition,
                x.description,
                "; ".join(x.strengths),
                "; ".join(x.weaknesses),
                x.funding,
            )
            for x in c.competitors
        ),
    )
    claims = [m.size, m.growth, *m.trends, *m.challenges]
    citations = [research.check_citation(f.sources, f.source, read) for f in claims] + [
        research.check_citation(x.sources, "", read) for x in c.competitors
    ]
    return filled(
        Section(
            "Market analysis",
            paragraphs=paragraphs(
                ("", m.overview),
                ("Size", evidence.cited(m.size.value, m.size.sources, m.size.source, read)),
                (
                    "Growth",
                    evidence.cited(m.growth.value, m.growth.sources, m.growth.source, read),
                ),
                ("Opportunity", m.opportunity),
            ),
            sources=evidence.verified_links(citations),
        ),
        Section(
            "Market trends",
            bullets=evidence.cited_lines(m.trends, read),
        ),
        Section(
            "Market challenges",
            bullets=evidence.cited_lines(m.challenges, read),
        ),
        Section(
            "Competitive analysis",
            paragraphs=paragraphs(("Landscape", c.landscape), ("Whitespace", c.whitespace)),
            table=competitors,
            bullets=tuple(evidence.cited(x.name, x.sources, "", read) for x in c.competitors),
        ),
        Section(
            "Product strategy",
            paragraphs=paragraphs(
                ("", p.description),
                ("Business model", p.businessModel),
                ("Scalability", p.scalability),
            ),
        ),
        Section("Core features", bullets=lines(p.coreFeatures)),
        Section("Differentiators", bullets=lines(p.differentiators)),
        Section("Strengths", bullets=lines(v.strengths)),
        Section("Risks", bullets=lines(v.risks)),
        Section("Challenges", bullets=lines(v.challenges)),
        Section(
            "Timeline and funding",
            paragraphs=paragraphs(
                ("Timeline", v.timeline), ("Funding requirement", v.fundingRequirement)
            ),
        ),
        evidence.sources_section(analysis.evidence) if with_sources else None,
    )


def incubator_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    analysis = incubator.IdeaAnalysis.model_validate(result)
    idea = text(inputs.get("idea"), 5000)
    return ToolDoc(
        title=incubator.result_title(idea),
        sections=(*idea_section(idea), *incubator_sections(analysis)),
        stem="",
        headline=short(f"Idea analysis: {line(analysis.marketAnalysis.overview)}"),
    )


def stress_sections(stress: incubator.StressTest) -> tuple[Section, ...]:
    s, r, k = stress.stressScenario, stress.strategicResponse, stress.contingencyPlanning
    return filled(
        Section(
            f"Stress scenario: {line(s.title, 200)}",
            paragraphs=paragraphs(
                ("", s.description),
                ("Probability", s.probability),
                ("Impact", s.impact),
                ("Timeline", s.timeline),
            ),
        ),
        Section("Immediate actions", bullets=lines(r.immediateActions)),
        Section(
            "Strategic response",
            paragraphs=paragraphs(
                ("Short-term strategy", r.shortTermStrategy),
                ("Long-term adaptation", r.longTermAdaptation),
                ("Resource requirements", r.resourceRequirements),
            ),
        ),
        Section("Success metrics", bullets=lines(r.successMetrics)),
        Section("Alternative scenarios", bullets=lines(k.alternativeScenarios)),
        Section("Risk mitigation", bullets=lines(k.riskMitigation)),
        Section("Competitive advantage", paragraphs=paragraphs(("", k.competitiveAdvantage))),
    )


def stress_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    stress = incubator.StressTest.model_validate(result)
    s = stress.stressScenario
    detail = ", ".join(
        f"{label} {line(value, 40)}"
        for label, value in (("probability", s.probability), ("impact", s.impact))
        if line(value)
    )
    return ToolDoc(
        title=f"Stress Test - {line(s.title, 120)}",
        sections=(*idea_section(inputs.get("idea")), *stress_sections(stress)),
        stem="",
        headline=short(f"Stress test: {line(s.title)}" + (f" ({detail})" if detail else "")),
    )
