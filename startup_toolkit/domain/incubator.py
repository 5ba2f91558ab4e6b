"""The Idea Incubator's rules (T-IDEA-1, T-AI-5): input bounds, the idea analysis and the stress
test the AI is asked for (read leniently), how many items the views show, the spec's texts
(with each run's texts for its failures), and what a saved or downloaded analysis looks like.
The demo-mode samples are in `incubator_sample`. Pure: no I/O.

Idea analysis (spec ai-tools section 3): marketAnalysis {overview, size, growth, trends,
challenges, opportunity}; competitiveAnalysis {landscape, competitors (name, description,
marketPosition, strengths, weaknesses, funding), whitespace}; productStrategy {description,
coreFeatures, differentiators, businessModel, scalability}; viabilityAssessment {strengths,
risks, challenges, timeline, fundingRequirement}. A reply without a market overview or without
a viability assessment is a parse failure; every other part has a default.

Stress test: stressScenario {title, description, probability, impact, timeline};
strategicResponse {immediateActions, shortTermStrategy, longTermAdaptation,
resourceRequirements, successMetrics}; contingencyPlanning {alternativeScenarios,
riskMitigation, competitiveAdvantage}. A reply without a scenario title or a strategic response
is a parse failure.

Market size and growth are figures with a source (publisher and year) or NO_SOURCE, as in the
scanner. Market trends and challenges are cited claims (issue 15: a text with the numbers of the
research pages behind it); a plain string, as older runs and saved results hold, is a claim
citing nothing.
"""

from __future__ import annotations

import html
from collections.abc import Mapping
from dataclasses import replace
from datetime import datetime
from typing import Any

from pydantic import Field, field_validator, model_validator

from startup_toolkit.domain import tool_export
from startup_toolkit.domain.idea_text import IDEA_INPUT_CAP as IDEA_INPUT_CAP
from startup_toolkit.domain.idea_text import MAX_IDEA_LENGTH as MAX_IDEA_LENGTH
from startup_toolkit.domain.idea_text import TOO_LONG as TOO_LONG
from startup_toolkit.domain.idea_text import TOO_LONG_DETAIL as TOO_LONG_DETAIL
from startup_toolkit.domain.idea_text import idea_length as idea_length
from startup_toolkit.domain.reply_values import (
    Lenient,
    first_text,
    named_entries_field,
    plain_text,
    section_field,
    text_field,
    text_list,
)
from startup_toolkit.domain.report_evidence import cite_html, sources_html
from startup_toolkit.domain.research import (
    CitedClaim,
    Evidence,
    Source,
    SourceNumbers,
    cited_claims,
    named_source_check,
)
from startup_toolkit.domain.saved_results import iso_timestamp
from startup_toolkit.domain.scanner import NO_SOURCE as NO_SOURCE  # prompts read it here
from startup_toolkit.domain.scanner import MarketFigure
from startup_toolkit.domain.tool_run import AI_REASON, Notice, RunTexts

# --- Business constants (spec section 9; the idea's bounds, the scanner's, are in idea_text) ---

TOP_COMPETITORS = 3
TOP_FEATURES = 4
TOP_STRENGTHS = 3
TOP_RISKS = 3
TOP_ACTIONS = 3
#: What a reply may hold per list (the download keeps them all; the views show the top ones).
MAX_ITEMS = 8
MAX_COMPETITORS = 6
ANALYSIS_TEMPERATURE = 0.3
#: A little higher: the scenario should be imaginative, the response still concrete.
STRESS_TEMPERATURE = 0.4
TITLE_IDEA_CHARS = 60

# --- Texts (spec sections 5 and 8) ---------------------------------------------------------------

EMPTY_IDEA = "Please enter your startup idea description"
EMPTY_IDEA_DETAIL = "Describe the problem, who has it and how you solve it."
NEED_ANALYSIS = "Please generate an idea analysis first"
NEED_ANALYSIS_DETAIL = "The stress test builds on the analysis of your idea."
ANALYSIS_PARSE_FAILED = "Analysis generation failed. Please try again with more specific details."
ANALYSIS_FAILED = "Analysis generation failed. Please try again."
STRESS_FAILED = "Stress test generation failed. Please try again."
BUDGET_TOAST = "Daily AI allowance used"
ANALYSIS_TOAST = "Professional analysis complete!"
STRESS_TOAST = "Stress test complete!"
NO_RESULT = "No analysis available to download"
NO_RESULT_DETAIL = "Generate an idea analysis first."
SAMPLE_LABEL = "Sample result (demo mode)"
SIGN_IN_DETAIL = "Please log in to analyse an idea"
NO_ACCESS = "A subscription is needed to use the Idea Incubator"
NO_ACCESS_DETAIL = "See the pricing page for plans."

#: How the analysis can fail: the AI's own message where it gave one.
ANALYSIS_TEXTS = RunTexts(
    failed=Notice(ANALYSIS_FAILED, AI_REASON),
    no_access=Notice(NO_ACCESS, NO_ACCESS_DETAIL),
    budget=Notice(BUDGET_TOAST, AI_REASON),
    unreadable=Notice(ANALYSIS_PARSE_FAILED),
)
#: How the stress test can fail: the analysis's texts for access and budget, one text for
#: every other failure.
STRESS_TEXTS = replace(
    ANALYSIS_TEXTS, failed=Notice(STRESS_FAILED), unreadable=Notice(STRESS_FAILED)
)

_ITEM_KEYS = (
    "text",
    "title",
    "name",
    "item",
    "action",
    "feature",
    "strength",
    "risk",
    "challenge",
    "trend",
    "metric",
    "scenario",
    "description",
)


# --- Input ------------------------------------------------------------------------------------


def validate_idea(idea: Any) -> tuple[str, str] | None:
    """(title, detail) of the error for this idea, or None when it may be analysed."""
    length = idea_length(idea)
    if length == 0:
        return EMPTY_IDEA, EMPTY_IDEA_DETAIL
    if length > MAX_IDEA_LENGTH:
        return TOO_LONG, TOO_LONG_DETAIL
    return None


# --- Reading values leniently --------------------------------------------------------------------


def prose(value: Any, limit: int = 1500) -> str:
    """Text from a string or a number; a list of items becomes one line joined by '; '."""
    if isinstance(value, list):
        return plain_text("; ".join(text_list(value, _ITEM_KEYS, limit, MAX_ITEMS)), limit)
    if isinstance(value, Mapping):
        return plain_text("; ".join(text_list(list(value.values()), (), limit, MAX_ITEMS)), limit)
    return plain_text(value, limit)


def items(value: Any, limit: int = 500, most: int = MAX_ITEMS) -> list[str]:
    """A list of short texts from a list (of strings or objects) or a single string."""
    if isinstance(value, str | int | float) and not isinstance(value, bool):
        value = [value]
    return text_list(value, _ITEM_KEYS, limit, most)


def cited_items(value: Any, most: int = MAX_ITEMS) -> list[CitedClaim]:
    """Cited claims from a list of strings or objects ({"text"|"trend"|"challenge"|...,
    "sources", "source"}) or a single string; those without a text are dropped."""
    listed = value if isinstance(value, list) else [value]
    read: list[Any] = []
    for item in listed:
        if isinstance(item, CitedClaim):
            read.append(item)
        elif isinstance(item, Mapping):
            text = plain_text(item.get("text")) or first_text(item, _ITEM_KEYS, 500)
            read.append({**item, "text": text})
        else:
            read.append(plain_text(item, 500))  # a number is text; anything else ''
    return cited_claims(read, most)


class _Items(Lenient):
    """Lists of texts in subclasses go through `items`; texts through `prose`."""

    @model_validator(mode="before")
    @classmethod
    def _read(cls, data: Any) -> Any:
        if not isinstance(data, Mapping):
            return data
        data = dict(data)
        for name, info in cls.model_fields.items():
            if name not in data or info.annotation not in (str, list[str]):
                continue
            data[name] = items(data[name]) if info.annotation == list[str] else prose(data[name])
        return data


# --- The idea analysis ------------------------------------------------------------------------


class MarketAnalysis(_Items):
    overview: str
    size: MarketFigure = Field(default_factory=MarketFigure)
    growth: MarketFigure = Field(default_factory=MarketFigure)
    trends: list[CitedClaim] = Field(default_factory=list)
    challenges: list[CitedClaim] = Field(default_factory=list)
    opportunity: str = ""

    _overview = text_field("overview", missing="the market overview is empty")

    @field_validator("trends", "challenges", mode="before")
    @classmethod
    def _claims(cls, value: Any) -> list[CitedClaim]:
        return cited_items(value)

    @field_validator("size", "growth", mode="before")
    @classmethod
    def _figure(cls, value: Any) -> Any:
        if value is None or isinstance(value, bool | list):
            return {}
        return value


class Competitor(_Items):
    name: str
    description: str = ""
    marketPosition: str = ""
    strengths: list[str] = Field(default_factory=list)
    weaknesses: list[str] = Field(default_factory=list)
    funding: str = ""
    #: The numbers of the research pages behind the facts about them (issue 15).
    sources: SourceNumbers = Field(default_factory=list)

    _name = text_field("name", 120)
    _named_source = named_source_check()


class CompetitiveAnalysis(_Items):
    landscape: str = ""
    competitors: list[Competitor] = Field(default_factory=list)
    whitespace: str = ""

    _competitors = named_entries_field("competitors", Competitor, MAX_COMPETITORS)


class ProductStrategy(_Items):
    description: str = ""
    coreFeatures: list[str] = Field(default_factory=list)
    differentiators: list[str] = Field(default_factory=list)
    businessModel: str = ""
    scalability: str = ""


class ViabilityAssessment(_Items):
    strengths: list[str] = Field(default_factory=list)
    risks: list[str] = Field(default_factory=list)
    challenges: list[str] = Field(default_factory=list)
    timeline: str = ""
    fundingRequirement: str = ""


class IdeaAnalysis(Lenient):
    """The JSON the analysis asks for; `marketAnalysis` (with an overview) and
    `viabilityAssessment` are required, the other sections default to empty."""

    marketAnalysis: MarketAnalysis
    competitiveAnalysis: CompetitiveAnalysis = Field(default_factory=CompetitiveAnalysis)
    productStrategy: ProductStrategy = Field(default_factory=ProductStrategy)
    viabilityAssessment: ViabilityAssessment
    #: Set by the app after the reply (never from it): the research and the pages read.
    evidence: Evidence = Field(default_factory=Evidence)

    _optional = section_field("competitiveAnalysis", "productStrategy", model=Lenient)


# --- The stress test ----------------------------------------------------------------------------


class StressScenario(_Items):
    title: str
    description: str = ""
    probability: str = ""
    impact: str = ""
    timeline: str = ""

    _title = text_field("title", 200, missing="the scenario has no title")


class StrategicResponse(_Items):
    immediateActions: list[str] = Field(default_factory=list)
    shortTermStrategy: str = ""
    longTermAdaptation: str = ""
    resourceRequirements: str = ""
    successMetrics: list[str] = Field(default_factory=list)


class ContingencyPlanning(_Items):
    alternativeScenarios: list[str] = Field(default_factory=list)
    riskMitigation: list[str] = Field(default_factory=list)
    competitiveAdvantage: str = ""


class StressTest(Lenient):
    """The JSON the stress test asks for; `stressScenario` (with a title) and
    `strategicResponse` are required, contingency planning defaults to empty."""

    stressScenario: StressScenario
    strategicResponse: StrategicResponse
    contingencyPlanning: ContingencyPlanning = Field(default_factory=ContingencyPlanning)

    _optional = section_field("contingencyPlanning", model=Lenient)


# --- What the views show ----------------------------------------------------------------------


def top_competitors(analysis: IdeaAnalysis) -> list[Competitor]:
    return analysis.competitiveAnalysis.competitors[:TOP_COMPETITORS]


def top_features(analysis: IdeaAnalysis) -> list[str]:
    return analysis.productStrategy.coreFeatures[:TOP_FEATURES]


def top_strengths(analysis: IdeaAnalysis) -> list[str]:
    return analysis.viabilityAssessment.strengths[:TOP_STRENGTHS]


def top_risks(analysis: IdeaAnalysis) -> list[str]:
    return analysis.viabilityAssessment.risks[:TOP_RISKS]


def top_actions(stress: StressTest) -> list[str]:
    return stress.strategicResponse.immediateActions[:TOP_ACTIONS]


# --- Saving and downloading (T-AI-5, T-IDEA-1) -------------------------------------------------


def short_idea(idea: str, limit: int = TITLE_IDEA_CHARS) -> str:
    return plain_text(idea, limit)


def result_title(idea: str, stress: StressTest | None = None) -> str:
    kind = "Idea Analysis + Stress Test" if stress is not None else "Idea Analysis"
    return f"{kind} - {short_idea(idea)}"


def save_content(
    analysis: IdeaAnalysis, idea: str, stress: StressTest | None = None, *, sample: bool = False
) -> dict[str, Any]:
    """What is saved and downloaded: the idea, the analysis and the stress test if any."""
    content: dict[str, Any] = {
        "idea": idea,
        "summary": analysis.marketAnalysis.overview,
        "analysis": analysis.model_dump(mode="json"),
    }
    if stress is not None:
        content["stressTest"] = stress.model_dump(mode="json")
    content["sample"] = sample
    return content


def save_metadata(
    idea: str, analysed_at: datetime, stress: StressTest | None = None, *, sample: bool = False
) -> dict[str, Any]:
    return {
        "analysisDate": iso_timestamp(analysed_at),
        "ideaLength": len(idea),
        "hasStressTest": stress is not None,
        "basis": "sample" if sample else "ai",
    }


def export_json(
    analysis: IdeaAnalysis,
    idea: str,
    analysed_at: datetime,
    stress: StressTest | None = None,
    *,
    sample: bool = False,
) -> str:
    """The download (pretty-printed JSON)."""
    return tool_export.export_json(
        result_title(idea, stress),
        save_metadata(idea, analysed_at, stress, sample=sample),
        save_content(analysis, idea, stress, sample=sample),
    )


def export_filename(at: datetime) -> str:
    """startup-analysis-{timestamp}.json (milliseconds)."""
    return tool_export.export_filename("startup-analysis", at)


def _li(values: list[str]) -> str:
    return "".join(f"<li>{html.escape(v)}</li>" for v in values)


def _list_block(title: str, values: list[str]) -> str:
    return f"<h4>{html.escape(title)}</h4><ul>{_li(values)}</ul>" if values else ""


def _cited_block(title: str, claims: list[CitedClaim], read: list[Source]) -> str:
    """A list of claims, each with its checked citation."""
    if not claims:
        return ""
    rows = "".join(
        f"<li>{html.escape(c.text)} {cite_html(c.sources, c.source, read)}</li>" for c in claims
    )
    return f"<h4>{html.escape(title)}</h4><ul>{rows}</ul>"


def _line(label: str, value: str) -> str:
    return f"<p><strong>{html.escape(label)}:</strong> {html.escape(value)}</p>" if value else ""


def to_html(analysis: IdeaAnalysis, idea: str, stress: StressTest | None = None) -> str:
    """A readable HTML version for the dashboard (every value escaped)."""
    e = html.escape
    m, c = analysis.marketAnalysis, analysis.competitiveAnalysis
    p, v = analysis.productStrategy, analysis.viabilityAssessment
    read = analysis.evidence.sources
    parts = [
        f"<h2>{e(result_title(idea, stress))}</h2>",
        f"<h3>Idea</h3><p>{e(idea)}</p>",
        "<h3>Market analysis</h3>",
        f"<p>{e(m.overview)}</p>",
        f"<p><strong>Size:</strong> {e(m.size.value)} "
        f"{cite_html(m.size.sources, m.size.source, read)}</p>",
        f"<p><strong>Growth:</strong> {e(m.growth.value)} "
        f"{cite_html(m.growth.sources, m.growth.source, read)}</p>",
        _cited_block("Trends", m.trends, read),
        _cited_block("Challenges", m.challenges, read),
        _line("Opportunity", m.opportunity),
        "<h3>Competitive analysis</h3>",
        _line("Landscape", c.landscape),
    ]
    if c.competitors:
        parts.append("<ul>")
        parts += [
            f"<li><strong>{e(x.name)}</strong>"
            + (f" ({e(x.marketPosition)})" if x.marketPosition else "")
            + f". {e(x.description)}"
            + (f" Strengths: {e('; '.join(x.strengths))}." if x.strengths else "")
            + (f" Weaknesses: {e('; '.join(x.weaknesses))}." if x.weaknesses else "")
            + (f" Funding: {e(x.funding)}." if x.funding else "")
            + f" {cite_html(x.sources, '', read)}"
            + "</li>"
            for x in c.competitors
        ]
        parts.append("</ul>")
    parts += [
        _line("Whitespace", c.whitespace),
        "<h3>Product strategy</h3>",
        f"<p>{e(p.description)}</p>" if p.description else "",
        _list_block("Core features", p.coreFeatures),
        _list_block("Differentiators", p.differentiators),
        _line("Business model", p.businessModel),
        _line("Scalability", p.scalability),
        "<h3>Viability assessment</h3>",
        _list_block("Strengths", v.strengths),
        _list_block("Risks", v.risks),
        _list_block("Challenges", v.challenges),
        _line("Timeline", v.timeline),
        _line("Funding requirement", v.fundingRequirement),
    ]
    if stress is not None:
        s, r, k = stress.stressScenario, stress.strategicResponse, stress.contingencyPlanning
        parts += [
            f"<h3>Stress test: {e(s.title)}</h3>",
            f"<p>{e(s.description)}</p>" if s.description else "",
            _line("Probability", s.probability),
            _line("Impact", s.impact),
            _line("Timeline", s.timeline),
            _list_block("Immediate actions", r.immediateActions),
            _line("Short-term strategy", r.shortTermStrategy),
            _line("Long-term adaptation", r.longTermAdaptation),
            _line("Resource requirements", r.resourceRequirements),
            _list_block("Success metrics", r.successMetrics),
            _list_block("Alternative scenarios", k.alternativeScenarios),
            _list_block("Risk mitigation", k.riskMitigation),
            _line("Competitive advantage", k.competitiveAdvantage),
        ]
    parts += sources_html(analysis.evidence)
    return "".join(part for part in parts if part)
