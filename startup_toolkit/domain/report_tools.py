"""Each tool's result as the parts of a `Report` (`ToolDoc`): its title, sections, file stem
and a one-line headline, read through the tool's own result model and labels. A builder
raises (pydantic's ValidationError, ValueError, TypeError) when the stored JSON no longer
fits the model; `report_builders` then falls back to a generic report. Pure: no I/O."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from startup_toolkit.domain import funding, growth, incubator, oracle, research, scanner
from startup_toolkit.domain import oracle_content as content_rules
from startup_toolkit.domain import report_evidence as evidence
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.catalog import (
    AI_COFOUNDER,
    FUNDING_PREDICTOR,
    GROWTH_ENGINE,
    IDEA_INCUBATOR,
    STARTUP_ORACLE,
    VIABILITY_SCANNER,
)
from startup_toolkit.domain.cofounder import save_title as chat_title
from startup_toolkit.domain.report import Link, ScoreChart, Section
from startup_toolkit.domain.report_text import line, lines, source_link, table, text, text_sections
from startup_toolkit.domain.saved_results import slugify

HEADLINE_MAX = 160

#: How each tool is named in a report.
TOOL_LABELS: dict[str, str] = {
    keys.SCANNER: VIABILITY_SCANNER.name,
    keys.INCUBATOR: f"{IDEA_INCUBATOR.name}: idea analysis",
    keys.STRESS_TEST: f"{IDEA_INCUBATOR.name}: stress test",
    keys.FUNDING: FUNDING_PREDICTOR.name,
    keys.GROWTH: GROWTH_ENGINE.name,
    keys.ORACLE: f"{STARTUP_ORACLE.name}: prediction",
    keys.ORACLE_CONTENT: f"{STARTUP_ORACLE.name}: generated content",
    keys.HUB_DOCUMENT: "Solutions Hub document",
    keys.COFOUNDER: AI_COFOUNDER.name,
}
#: Each tool's download name before its timestamp (the tools' own JSON downloads use these).
TOOL_STEMS: dict[str, str] = {
    keys.SCANNER: "viability-analysis",
    keys.INCUBATOR: "startup-analysis",
    keys.STRESS_TEST: "stress-test",
    keys.FUNDING: "funding-prediction",
    keys.GROWTH: "growth-blueprint",
    keys.ORACLE: "oracle-prediction",
    keys.ORACLE_CONTENT: "oracle-content",
    keys.HUB_DOCUMENT: "solutions-document",
    keys.COFOUNDER: "cofounder-chat",
}


@dataclass(frozen=True)
class ToolDoc:
    title: str
    sections: tuple[Section, ...]
    stem: str
    headline: str


def _short(value: str, limit: int = HEADLINE_MAX) -> str:
    return value if len(value) <= limit else value[: limit - 1].rstrip() + "…"


def _idea_section(value: Any, heading: str = "Idea") -> tuple[Section, ...]:
    idea = text(value, 5000)
    return (Section(heading, paragraphs=(idea,)),) if idea else ()


def _sources(*sources: Any) -> tuple[Link, ...]:
    """The cited sources, each once, without the 'no source' placeholder."""
    found: dict[str, Link] = {}
    for source in sources:
        item = source_link(source)
        if item is not None and item.title != scanner.NO_SOURCE:
            found.setdefault(item.title + item.url, item)
    return tuple(found.values())


def _sections(*items: Section | None) -> tuple[Section, ...]:
    """The sections that hold something."""
    return tuple(
        s
        for s in items
        if s is not None and (s.paragraphs or s.bullets or s.table or s.chart or s.sources)
    )


def _paragraphs(*pairs: tuple[str, Any]) -> tuple[str, ...]:
    """'Label: value' for each pair with a value; a pair with an empty label is the value."""
    out = []
    for label, value in pairs:
        plain = text(value)
        if plain:
            out.append(f"{label}: {plain}" if label else plain)
    return tuple(out)


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
    categories = table(
        ("Category", "Score", "Confidence", "Assessment", "Reasoning"),
        (
            (c.category, f"{c.score}/100", c.confidence, c.assessment, c.reasoning)
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
    sections = _sections(
        *_idea_section(inputs.get("idea")),
        Section(
            "Verdict",
            paragraphs=(f"{band.label}: {scan.overallScore}/100", text(scan.overallAssessment)),
        ),
        Section("Scores", chart=chart, table=categories),
        Section("Competitors", table=competitors, bullets=competitor_sources),
        Section("Action steps", bullets=lines(scan.actionSteps)),
        Section(
            "Market",
            paragraphs=_paragraphs(
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
        stem=TOOL_STEMS[keys.SCANNER],
        headline=f"Viability {scan.overallScore}/100 ({band.label})",
    )


# --- Idea Incubator ---------------------------------------------------------------------------


def incubator_sections(analysis: incubator.IdeaAnalysis) -> tuple[Section, ...]:
    m, c = analysis.marketAnalysis, analysis.competitiveAnalysis
    p, v = analysis.productStrategy, analysis.viabilityAssessment
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
    return _sections(
        Section(
            "Market analysis",
            paragraphs=_paragraphs(
                ("", m.overview),
                ("Size", f"{m.size.value} (source: {m.size.source})"),
                ("Growth", f"{m.growth.value} (source: {m.growth.source})"),
                ("Opportunity", m.opportunity),
            ),
            sources=_sources(m.size.source, m.growth.source),
        ),
        Section("Market trends", bullets=lines(m.trends)),
        Section("Market challenges", bullets=lines(m.challenges)),
        Section(
            "Competitive analysis",
            paragraphs=_paragraphs(("Landscape", c.landscape), ("Whitespace", c.whitespace)),
            table=competitors,
        ),
        Section(
            "Product strategy",
            paragraphs=_paragraphs(
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
            paragraphs=_paragraphs(
                ("Timeline", v.timeline), ("Funding requirement", v.fundingRequirement)
            ),
        ),
    )


def incubator_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    analysis = incubator.IdeaAnalysis.model_validate(result)
    idea = text(inputs.get("idea"), 5000)
    return ToolDoc(
        title=incubator.result_title(idea),
        sections=(*_idea_section(idea), *incubator_sections(analysis)),
        stem=TOOL_STEMS[keys.INCUBATOR],
        headline=_short(f"Idea analysis: {line(analysis.marketAnalysis.overview)}"),
    )


def stress_sections(stress: incubator.StressTest) -> tuple[Section, ...]:
    s, r, k = stress.stressScenario, stress.strategicResponse, stress.contingencyPlanning
    return _sections(
        Section(
            f"Stress scenario: {line(s.title, 200)}",
            paragraphs=_paragraphs(
                ("", s.description),
                ("Probability", s.probability),
                ("Impact", s.impact),
                ("Timeline", s.timeline),
            ),
        ),
        Section("Immediate actions", bullets=lines(r.immediateActions)),
        Section(
            "Strategic response",
            paragraphs=_paragraphs(
                ("Short-term strategy", r.shortTermStrategy),
                ("Long-term adaptation", r.longTermAdaptation),
                ("Resource requirements", r.resourceRequirements),
            ),
        ),
        Section("Success metrics", bullets=lines(r.successMetrics)),
        Section("Alternative scenarios", bullets=lines(k.alternativeScenarios)),
        Section("Risk mitigation", bullets=lines(k.riskMitigation)),
        Section("Competitive advantage", paragraphs=_paragraphs(("", k.competitiveAdvantage))),
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
        sections=(*_idea_section(inputs.get("idea")), *stress_sections(stress)),
        stem=TOOL_STEMS[keys.STRESS_TEST],
        headline=_short(f"Stress test: {line(s.title)}" + (f" ({detail})" if detail else "")),
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
    amount = prediction.amount + (
        f" (range {prediction.amountRange})" if prediction.amountRange else ""
    )
    sections = _sections(
        *_idea_section(inputs.get("pitch"), "Pitch"),
        Section("Your numbers", table=table(("Metric", "Value"), _funding_inputs(inputs))),
        Section(
            "Prediction",
            paragraphs=(f"{verdict}: {line(amount)}", text(prediction.analysis)),
            table=table(
                ("Key metric", "Value"),
                (
                    ("Revenue", m.revenue),
                    ("Growth rate", m.growthRate),
                    ("Market potential", f"{m.marketPotential}/100"),
                ),
            ),
        ),
        Section(
            "Investors",
            table=table(
                ("Investor", "Focus", "Why", "Contact"),
                ((i.name, i.focus, i.reason, i.contactInfo) for i in prediction.investors),
            ),
        ),
        Section("Rewritten pitch", paragraphs=_paragraphs(("", prediction.rewrittenPitch))),
        Section("Recommendations", bullets=lines(prediction.recommendations)),
    )
    return ToolDoc(
        title=funding.result_title(prediction),
        sections=sections,
        stem=TOOL_STEMS[keys.FUNDING],
        headline=_short(f"{verdict}, {line(prediction.amount, 60)}"),
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
    sections = _sections(
        Section(
            "Business",
            paragraphs=_paragraphs(
                ("Product", inputs.get("product")),
                ("Audience", inputs.get("audience")),
                ("Monthly budget", growth.dollars(budget) if budget is not None else ""),
            ),
        ),
        Section("Summary", paragraphs=_paragraphs(("", strategy.summary))),
        Section(
            "Growth steps",
            table=table(
                ("Step", "Action", "Expected impact", "KPI", "Estimated growth"),
                (
                    (str(s.step), s.action, s.expectedImpact, s.kpi, s.estimatedGrowth)
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
                ("Trend", "Momentum", "Relevance"),
                (
                    (
                        t.trend,
                        f"{t.momentum}/100 ({growth.momentum_label(t.momentum)})",
                        t.relevance,
                    )
                    for t in trends
                ),
            ),
        ),
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
    )
    title = growth.result_title(budget) if budget is not None else "Growth Blueprint"
    return ToolDoc(
        title=title,
        sections=sections,
        stem=TOOL_STEMS[keys.GROWTH],
        headline=_short(
            f"Growth blueprint: {len(strategy.growthSteps)} steps"
            + (f" for {growth.dollars(budget)}/month" if budget is not None else "")
        ),
    )


# --- Startup Oracle ---------------------------------------------------------------------------


def _oracle_inputs(inputs: Mapping[str, Any]) -> tuple[Section, ...]:
    stage = line(inputs.get("stage"), 40)
    stages = dict(oracle.STAGES)
    return _sections(
        *_idea_section(inputs.get("businessIdea")),
        Section(
            "Details",
            paragraphs=_paragraphs(
                ("Stage", stages.get(stage, stage)),
                ("Revenue", inputs.get("revenue")),
                ("Users", inputs.get("users")),
                ("Budget", inputs.get("budget")),
                ("Biggest challenge", inputs.get("biggestChallenge")),
            ),
        ),
    )


def oracle_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    prediction = oracle.OracleResult.model_validate(result)
    band = oracle.band(prediction.probability)
    sections = _sections(
        *_oracle_inputs(inputs),
        Section(
            "Success probability",
            paragraphs=(f"{prediction.probability}% ({band})",),
            chart=ScoreChart(("Probability",), (("Success", (prediction.probability,)),)),
        ),
        Section("Risks", bullets=lines(prediction.risks)),
        Section("Next strategic moves", bullets=lines(prediction.moves)),
        Section("Funding", bullets=lines(prediction.funding)),
        Section("Customers", bullets=lines(prediction.customers)),
        Section("Product", bullets=lines(prediction.product)),
    )
    return ToolDoc(
        title=oracle.result_title(prediction),
        sections=sections,
        stem=TOOL_STEMS[keys.ORACLE],
        headline=f"Success probability {prediction.probability}% ({band})",
    )


# --- Text results: generated content, hub documents -------------------------------------------


def _text_result(result: Any) -> str:
    body = text(result, 60_000) if isinstance(result, str) else ""
    if not body:
        raise ValueError("the result holds no text")
    return body


def _first_line(body: str) -> str:
    for section in text_sections(body):
        for item in (*section.paragraphs, *section.bullets):
            return line(item)
        if section.heading:
            return section.heading
    return ""


def oracle_content_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    body = _text_result(result)
    kind = content_rules.CONTENT_BY_KIND.get(line(inputs.get("content"), 40))
    label = kind.title if kind else "Generated content"
    data = inputs.get("data")
    idea = data.get("businessIdea") if isinstance(data, Mapping) else None
    return ToolDoc(
        title=label,
        sections=(*_idea_section(idea), *text_sections(body, label)),
        stem=slugify(kind.title) if kind else TOOL_STEMS[keys.ORACLE_CONTENT],
        headline=_short(f"{label}: {_first_line(body)}"),
    )


def hub_document_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    body = _text_result(result)
    title = line(inputs.get("title"), 200) or "Solutions Hub document"
    return ToolDoc(
        title=title,
        sections=text_sections(body),
        stem=slugify(title, TOOL_STEMS[keys.HUB_DOCUMENT]),
        headline=_short(f"Document: {title}"),
    )


# --- AI Co-Founder ----------------------------------------------------------------------------


def chat_messages(result: Any) -> list[tuple[str, str]]:
    """(role, text) of a conversation kept as a list of messages or {messages: [...]}."""
    items = result.get("messages") if isinstance(result, Mapping) else result
    if not isinstance(items, list):
        raise ValueError("the result is not a conversation")
    messages = [
        (m["role"], text(m.get("content")))
        for m in items
        if isinstance(m, Mapping) and m.get("role") in ("user", "assistant")
    ]
    messages = [(role, body) for role, body in messages if body]
    if not messages:
        raise ValueError("the conversation is empty")
    return messages


def cofounder_doc(inputs: Mapping[str, Any], result: Any) -> ToolDoc:
    messages = chat_messages(result)
    first = next((body for role, body in messages if role == "user"), messages[0][1])
    sections = tuple(
        Section(
            "You" if role == "user" else AI_COFOUNDER.name,
            paragraphs=tuple(p for p in body.split("\n\n") if p.strip()),
        )
        for role, body in messages
    )
    return ToolDoc(
        title=chat_title(len(messages)),
        sections=sections,
        stem=TOOL_STEMS[keys.COFOUNDER],
        headline=_short(f"Conversation, {len(messages)} messages: {line(first)}"),
    )


BUILDERS: dict[str, Callable[[Mapping[str, Any], Any], ToolDoc]] = {
    keys.SCANNER: scanner_doc,
    keys.INCUBATOR: incubator_doc,
    keys.STRESS_TEST: stress_doc,
    keys.FUNDING: funding_doc,
    keys.GROWTH: growth_doc,
    keys.ORACLE: oracle_doc,
    keys.ORACLE_CONTENT: oracle_content_doc,
    keys.HUB_DOCUMENT: hub_document_doc,
    keys.COFOUNDER: cofounder_doc,
}
