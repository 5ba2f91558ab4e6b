"""The founder's brief (issue 30): one idea through four registry tools at once, put together.
Pure: no I/O.

Its parts are registry tools (`BRIEF_PARTS`: the Scanner, the Incubator's analysis, the
Funding Predictor and the Growth Engine), each with how the brief's input becomes that tool's
form; a part's label, page and report are its `ToolSpec`'s. `compose` builds the brief from
the parts' latest results (any of them may be missing): the verdict and score, the five
categories, market size and growth with their citations, competitors, funding odds and range,
the growth plan and channel budget, top risks, the next three actions, one Sources list for
the whole brief (each page once, numbered in the parts' order) and an executive summary
written from the parts' own figures."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import datetime
from typing import Any

from pydantic import BaseModel

from startup_toolkit.domain import funding, growth, incubator, research, scanner, tools
from startup_toolkit.domain.brief_input import (
    Assumption,
    BriefInput,
    assumptions,
    form_texts,
    funding_input,
)
from startup_toolkit.domain.research import Evidence, Source
from startup_toolkit.domain.tool_run import RunStatus, ToolRun
from startup_toolkit.domain.tools.growth import GrowthForm
from startup_toolkit.domain.tools.incubator import AnalysisForm
from startup_toolkit.domain.tools.scanner import ScanForm
from startup_toolkit.domain.tools.spec import ToolSpec

#: The brief's page; `?idea=<id>` shows that idea's brief.
BRIEF_PATH = "/brief"


def brief_path(idea_id: int | str | None = None) -> str:
    """The brief page, of one of the founder's ideas when `idea_id` is given."""
    return f"{BRIEF_PATH}?idea={idea_id}" if idea_id not in (None, "") else BRIEF_PATH


# --- The parts ------------------------------------------------------------------------------


@dataclass(frozen=True)
class BriefPart:
    """One registry tool in the brief: its spec, how the brief's input becomes its form, the
    model its kept result reads as, and what the page says while it works."""

    spec: ToolSpec[Any, Any]
    form: Callable[[BriefInput], Any]
    model: type[BaseModel]
    working: str

    @property
    def key(self) -> str:
        return self.spec.key

    @property
    def label(self) -> str:
        return self.spec.timeline_label

    def run(self, data: BriefInput, idea_id: int | None) -> ToolRun[Any]:
        """The tool's own run (its `make_run`) on the brief's input, kept on `idea_id`."""
        return self.spec.make_run(self.form(data), idea_id)


BRIEF_PARTS: tuple[BriefPart, ...] = (
    BriefPart(tools.SCANNER, lambda d: ScanForm(d.idea), scanner.ScanResult, "Scoring viability"),
    BriefPart(
        tools.INCUBATOR,
        lambda d: AnalysisForm(d.idea),
        incubator.IdeaAnalysis,
        "Analysing market, competitors and risks",
    ),
    BriefPart(tools.FUNDING, funding_input, funding.FundingPrediction, "Predicting funding"),
    BriefPart(
        tools.GROWTH,
        lambda d: GrowthForm(d.idea, d.audience, d.budget),
        growth.GrowthStrategy,
        "Planning growth",
    ),
)
PART_KEYS: tuple[str, ...] = tuple(p.key for p in BRIEF_PARTS)
BY_KEY: dict[str, BriefPart] = {p.key: p for p in BRIEF_PARTS}
_SCANNER, _INCUBATOR, _FUNDING, _GROWTH = PART_KEYS

#: What a part says when it ended without a result (the tool's own texts speak of its page).
FAILED_TEXTS: dict[RunStatus, str] = {
    RunStatus.NO_ACCESS: "A subscription is needed for this part.",
    RunStatus.LIMITED: "A subscription is needed for this part.",
    RunStatus.BUDGET: "Today's AI allowance ran out before this part could run.",
    RunStatus.UNREADABLE: "The AI's answer for this part could not be read.",
    RunStatus.FAILED: "The AI service did not answer this part.",
}


def failed_text(status: RunStatus) -> str:
    """Why a part has no result, in the brief's words."""
    return FAILED_TEXTS.get(status, FAILED_TEXTS[RunStatus.FAILED])


@dataclass(frozen=True)
class PartResult:
    """A part's latest result: the tool's model, its inputs, sample (or estimate) or not, when,
    and its kept run."""

    key: str
    result: Any
    inputs: Mapping[str, Any] = field(default_factory=dict)
    sample: bool = False
    at: datetime | None = None
    run_id: int | None = None


def read_part(
    key: str,
    inputs: Any,
    result: Any,
    *,
    sample: bool = False,
    at: datetime | None = None,
    run_id: int | None = None,
) -> PartResult | None:
    """A kept run's result read as its part (None: not a part, or stored JSON that does not
    fit the tool's model any more)."""
    part = BY_KEY.get(key)
    if part is None:
        return None
    try:
        model = result if isinstance(result, part.model) else part.model.model_validate(result)
    except Exception:  # stored JSON can be anything: the part reads as missing
        return None
    kept = dict(inputs) if isinstance(inputs, Mapping) else {}
    return PartResult(key, model, kept, sample, at, run_id)


def _inputs(parts: Mapping[str, PartResult], key: str) -> Mapping[str, Any] | None:
    found = parts.get(key)
    return found.inputs if found is not None else None


def form_of(parts: Mapping[str, PartResult]) -> dict[str, str]:
    """The brief's form as its Funding and Growth parts were last asked."""
    return form_texts(_inputs(parts, _FUNDING), _inputs(parts, _GROWTH))


# --- Sources and citations ----------------------------------------------------------------------


@dataclass(frozen=True)
class BriefSource:
    """A page read by one or more parts, numbered once for the whole brief."""

    number: int
    title: str
    url: str
    site: str
    read_on: str  # YYYY-MM-DD
    parts: tuple[str, ...]  # the labels of the parts that read it


@dataclass(frozen=True)
class Cite:
    """A figure with its citation: verified (the brief's source `number`, its page's `label`
    and `url`), unverified, or none (then `label` says so, `number` is 0 and `url` '')."""

    text: str
    state: str = research.NONE
    number: int = 0
    label: str = research.NO_SOURCE
    url: str = ""


def merge_sources(
    evidences: Sequence[tuple[str, Evidence]],
) -> tuple[tuple[BriefSource, ...], dict[str, int]]:
    """The pages every part read, each once (URLs compared normalised), numbered from 1 in the
    parts' order; and the brief's number of each page by its normalised URL."""
    found: dict[str, tuple[Source, list[str]]] = {}
    for label, evidence in evidences:
        for source in evidence.sources:
            key = research.normalize_url(source.url)
            if not key:
                continue
            if key not in found:
                found[key] = (source, [])
            if label not in found[key][1]:
                found[key][1].append(label)
    merged = tuple(
        BriefSource(n, s.title or s.site or s.url, s.url, s.site, s.read_at[:10], tuple(labels))
        for n, (s, labels) in enumerate(found.values(), start=1)
    )
    return merged, {key: n for n, key in enumerate(found, start=1)}


def cite(
    text: str, numbers: Sequence[int], source: str, evidence: Evidence, by_url: Mapping[str, int]
) -> Cite:
    """A part's figure with its citation checked against the pages that part read, renumbered
    as the brief's source."""
    checked = research.check_citation(numbers, source, evidence.sources)
    number = by_url.get(research.normalize_url(checked.url), 0) if checked.url else 0
    if checked.state == research.VERIFIED and number:
        return Cite(text, research.VERIFIED, number, checked.title, checked.url)
    state = research.UNVERIFIED_STATE if checked.state == research.VERIFIED else checked.state
    return Cite(text, state, 0, research.Citation(state).label, "")


# --- The brief ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Category:
    name: str
    score: int
    assessment: str
    color: str


@dataclass(frozen=True)
class Competitor:
    name: str
    detail: str
    cite: Cite


@dataclass(frozen=True)
class FundingLine:
    headline: str  # 'Funding Likely' or 'Needs Improvement'
    likely: bool
    amount: str
    range: Cite  # the amount range with its citation ('' text: none given)
    potential: int  # market potential, 0-100
    stage: str


@dataclass(frozen=True)
class Channel:
    name: str
    percent: int
    amount: str


@dataclass(frozen=True)
class GrowthLine:
    summary: str
    steps: tuple[str, ...]
    channels: tuple[Channel, ...]
    budget: str  # the monthly budget the split is of


@dataclass(frozen=True)
class PartLine:
    """A part as the brief lists it: present or not, sample or not, when, where it reopens."""

    key: str
    label: str
    present: bool
    sample: bool = False
    basis: str = ""  # what a sample rests on ('' for the AI's)
    at: datetime | None = None
    reopen: str = ""


@dataclass(frozen=True)
class Brief:
    """The brief of one idea, from its parts' latest results (each section empty without its
    part)."""

    title: str
    summary: tuple[str, ...]
    parts: tuple[PartLine, ...]
    score: int | None = None
    verdict: str = ""
    verdict_color: str = "gray"
    categories: tuple[Category, ...] = ()
    market_size: Cite | None = None
    market_growth: Cite | None = None
    competitors: tuple[Competitor, ...] = ()
    funding: FundingLine | None = None
    growth: GrowthLine | None = None
    risks: tuple[str, ...] = ()
    actions: tuple[str, ...] = ()
    sources: tuple[BriefSource, ...] = ()
    assumptions: tuple[Assumption, ...] = ()
    unresearched: tuple[str, ...] = ()  # labels of parts whose figures were not researched

    @property
    def complete(self) -> bool:
        return all(p.present for p in self.parts)

    @property
    def empty(self) -> bool:
        return not any(p.present for p in self.parts)


MAX_COMPETITORS = 6
TOP_RISKS = 3
NEXT_ACTIONS = 3
PLAN_STEPS = 5


def _result(parts: Mapping[str, PartResult], key: str) -> Any:
    found = parts.get(key)
    return found.result if found is not None else None


def _part_lines(parts: Mapping[str, PartResult]) -> tuple[PartLine, ...]:
    lines = []
    for part in BRIEF_PARTS:
        found = parts.get(part.key)
        if found is None:
            lines.append(PartLine(part.key, part.label, False))
            continue
        basis = part.spec.sample_basis if found.sample else ""
        reopen = tools.reopen_path(part.key, found.run_id) if found.run_id else ""
        lines.append(PartLine(part.key, part.label, True, found.sample, basis, found.at, reopen))
    return tuple(lines)


def _available(figure: scanner.MarketFigure) -> bool:
    return bool(figure.value.strip()) and figure.value != scanner.NOT_AVAILABLE


def _market(
    scan: scanner.ScanResult | None,
    analysis: incubator.IdeaAnalysis | None,
    by_url: Mapping[str, int],
) -> tuple[Cite | None, Cite | None]:
    """Market size and growth with their citations: the Scanner's, else the Incubator's."""
    figures: list[tuple[scanner.MarketFigure, scanner.MarketFigure, Evidence]] = []
    if scan is not None:
        m = scan.marketInsights
        figures.append((m.size, m.growthRate, scan.evidence))
    if analysis is not None:
        m2 = analysis.marketAnalysis
        figures.append((m2.size, m2.growth, analysis.evidence))
    size = next(((f, e) for f, _, e in figures if _available(f)), None)
    rate = next(((g, e) for _, g, e in figures if _available(g)), None)

    def cited(found: tuple[scanner.MarketFigure, Evidence] | None) -> Cite | None:
        if found is None:
            return None
        figure, evidence = found
        return cite(figure.value, figure.sources, figure.source, evidence, by_url)

    return cited(size), cited(rate)


def _competitors(
    scan: scanner.ScanResult | None,
    analysis: incubator.IdeaAnalysis | None,
    by_url: Mapping[str, int],
) -> tuple[Competitor, ...]:
    """The Scanner's competitors, then the Incubator's others (one line per name)."""
    rows: list[Competitor] = []
    seen: set[str] = set()

    def add(name: str, detail: str, numbers: Sequence[int], evidence: Evidence) -> None:
        key = " ".join(name.lower().split())
        if key and key not in seen and len(rows) < MAX_COMPETITORS:
            seen.add(key)
            rows.append(Competitor(name, detail, cite(name, numbers, "", evidence, by_url)))

    if scan is not None:
        for c in scan.competitors:
            said = (("Weakness", c.weakness), ("Your edge", c.differentiator))
            detail = " ".join(_sentence(f"{label}: {text}") for label, text in said if text)
            add(c.name, detail, c.sources, scan.evidence)
    if analysis is not None:
        for c2 in analysis.competitiveAnalysis.competitors:
            add(c2.name, c2.description or c2.marketPosition, c2.sources, analysis.evidence)
    return tuple(rows)


def _funding(
    prediction: funding.FundingPrediction | None,
    inputs: Mapping[str, Any],
    by_url: Mapping[str, int],
) -> FundingLine | None:
    if prediction is None:
        return None
    stage = str(inputs.get("stage", ""))
    return FundingLine(
        headline=funding.headline(prediction.success),
        likely=prediction.success,
        amount=prediction.amount,
        range=cite(
            prediction.amountRange,
            prediction.amountSources,
            prediction.amountSource,
            prediction.evidence,
            by_url,
        ),
        potential=prediction.keyMetrics.marketPotential,
        stage=funding.STAGE_LABELS.get(stage, stage),
    )


def _budget(inputs: Mapping[str, Any]) -> float:
    value = funding.parse_number(inputs.get("budget"))
    return value if value is not None and value >= 0 else 0.0


def _growth(strategy: growth.GrowthStrategy | None, inputs: Mapping[str, Any]) -> GrowthLine | None:
    if strategy is None:
        return None
    steps = tuple(s.action for s in strategy.growthSteps if s.action)[:PLAN_STEPS]
    channels = tuple(
        Channel(b.channel, round(b.percentage), growth.dollars(b.amount))
        for b in strategy.budgetAllocation
        if b.channel
    )
    return GrowthLine(strategy.summary, steps, channels, growth.dollars(_budget(inputs)))


def _risks(
    scan: scanner.ScanResult | None, analysis: incubator.IdeaAnalysis | None
) -> tuple[str, ...]:
    """The Incubator's top risks, else the Scanner's market challenges."""
    if analysis is not None and incubator.top_risks(analysis):
        return tuple(incubator.top_risks(analysis))[:TOP_RISKS]
    if scan is not None:
        return tuple(c.text for c in scan.marketInsights.challenges if c.text)[:TOP_RISKS]
    return ()


def _actions(parts: Mapping[str, PartResult]) -> tuple[str, ...]:
    """The next three actions: the Scanner's steps, then the growth plan's, then the funding
    recommendations, each once."""
    scan, strategy = _result(parts, _SCANNER), _result(parts, _GROWTH)
    prediction = _result(parts, _FUNDING)
    candidates = [
        *(scan.actionSteps if scan is not None else []),
        *([s.action for s in strategy.growthSteps] if strategy is not None else []),
        *(prediction.recommendations if prediction is not None else []),
    ]
    actions: list[str] = []
    for action in candidates:
        if action and action not in actions:
            actions.append(action)
    return tuple(actions[:NEXT_ACTIONS])


def compose(title: str, parts: Mapping[str, PartResult]) -> Brief:
    """The brief of the idea titled `title` from its parts' latest results (by part key)."""
    known = {k: v for k, v in parts.items() if k in BY_KEY}
    scan: scanner.ScanResult | None = _result(known, _SCANNER)
    analysis: incubator.IdeaAnalysis | None = _result(known, _INCUBATOR)
    prediction: funding.FundingPrediction | None = _result(known, _FUNDING)
    strategy: growth.GrowthStrategy | None = _result(known, _GROWTH)
    evidences = [(BY_KEY[k].label, known[k].result.evidence) for k in PART_KEYS if k in known]
    sources, by_url = merge_sources(evidences)
    size, rate = _market(scan, analysis, by_url)
    funding_inputs, growth_inputs = _inputs(known, _FUNDING), _inputs(known, _GROWTH)
    verdict = scanner.verdict(scan.overallScore) if scan is not None else None
    brief = Brief(
        title=title,
        summary=(),
        parts=_part_lines(known),
        score=scan.overallScore if scan is not None else None,
        verdict=verdict.label if verdict else "",
        verdict_color=verdict.color if verdict else "gray",
        categories=tuple(
            Category(c.category, c.score, c.assessment, scanner.score_color(c.score))
            for c in (scan.categories if scan is not None else [])
        ),
        market_size=size,
        market_growth=rate,
        competitors=_competitors(scan, analysis, by_url),
        funding=_funding(prediction, funding_inputs or {}, by_url),
        growth=_growth(strategy, growth_inputs or {}),
        risks=_risks(scan, analysis),
        actions=_actions(known),
        sources=sources,
        assumptions=assumptions(funding_inputs, growth_inputs),
        unresearched=tuple(label for label, e in evidences if not e.done),
    )
    return _with_summary(brief)


# --- The executive summary ----------------------------------------------------------------------


def _sentence(text: str) -> str:
    text = " ".join(text.split()).rstrip()
    return text if text.endswith((".", "!", "?", "…")) else f"{text}."


def summary(brief: Brief) -> tuple[str, ...]:
    """The executive summary, written by the app from the parts' figures (no figure the
    parts lack): one sentence per finding, then what is missing."""
    lines: list[str] = []
    if brief.score is not None:
        line = f"Viability {brief.score}/100: {brief.verdict}."
        if brief.categories:
            best = max(brief.categories, key=lambda c: c.score)
            worst = min(brief.categories, key=lambda c: c.score)
            line += (
                f" Strongest: {best.name} ({best.score}); weakest: {worst.name} ({worst.score})."
            )
        lines.append(line)
    market = [
        f"{label} {c.text}"
        for label, c in (("size", brief.market_size), ("growth", brief.market_growth))
        if c is not None
    ]
    if market:
        lines.append(_sentence(f"Market {'; '.join(market)}"))
    if brief.funding is not None:
        f = brief.funding
        line = f"Funding: {f.headline}"
        if f.amount and f.amount != funding.NOT_AVAILABLE:
            line += f", about {f.amount}"
        if f.range.text:
            line += f" (range {f.range.text})"
        lines.append(_sentence(f"{line} at the {f.stage} stage" if f.stage else line))
    if brief.growth is not None:
        g = brief.growth
        line = f"Growth: a plan on a {g.budget} monthly budget"
        if g.channels:
            top = max(g.channels, key=lambda c: c.percent)
            line += f", led by {top.name} ({top.percent}%)"
        lines.append(_sentence(line))
    if brief.risks:
        lines.append(_sentence(f"Top risk: {brief.risks[0]}"))
    if brief.actions:
        lines.append(_sentence(f"First action: {brief.actions[0]}"))
    missing = [p.label for p in brief.parts if not p.present]
    if missing:
        lines.append(f"Not in this brief yet: {', '.join(missing)}.")
    return tuple(lines)


def _with_summary(brief: Brief) -> Brief:
    return replace(brief, summary=summary(brief))
