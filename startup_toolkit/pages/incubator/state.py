"""The Idea Incubator's state (T-IDEA-1, T-AI-5): the idea, the tabs, the two AI runs (the
analysis, then a stress test of it) through `run_tool`, and save and download.

Each AI run is a background task that takes the tab's state lock only to write; a second
click while one runs starts nothing. Idea Input drops a running one: it writes nothing.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Callable
from datetime import datetime
from typing import Any, ClassVar, TypeVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import idea_text, tools
from startup_toolkit.domain import incubator as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.tools.incubator import (
    TOOL_NAME,
    AnalysisForm,
    StressForm,
    analysis_run,
    stress_run,
)
from startup_toolkit.services.tool_runs import ToolOutcome, run_tool
from startup_toolkit.state import toasts
from startup_toolkit.state.evidence import CitedRow, EvidenceView, cited_row, source_rows
from startup_toolkit.state.idea_choice import IdeaChoiceMixin
from startup_toolkit.state.idea_input import IdeaInputMixin
from startup_toolkit.state.reopen import ReopenMixin
from startup_toolkit.state.tool_outcome import (
    finish_run,
    json_download,
    notice_toast,
    signed_out_toast,
)
from startup_toolkit.state.tool_result import ResearchProgressMixin, SaveResultMixin
from startup_toolkit.state.tool_run import ClaimedRun, ToolRunMixin

#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
TOAST_ID = "incubator-status"
#: `IncubatorState.run_kind` while each run is under way.
ANALYSIS = "analysis"
STRESS = "stress"

R = TypeVar("R")


# --- What a run works on -------------------------------------------------------------------------


def failure_toast(outcome: ToolOutcome[Any]) -> EventSpec:
    """The run's own error toast for how it failed."""
    notice = outcome.notice
    assert notice is not None  # a run that did not succeed always says why
    return notice_toast(notice)


def ended_toast(outcome: ToolOutcome[R], title: str, detail: Callable[[R], str]) -> EventSpec:
    """At the end of a run: its failure toast, or `title` with the sample's label (demo mode)
    or what `detail` says of the result."""
    if not outcome.ok or outcome.result is None:
        return failure_toast(outcome)
    described = rules.SAMPLE_LABEL if outcome.sample else detail(outcome.result)
    return toasts.success(title, description=described)


# --- What the views render --------------------------------------------------------------------


@dataclasses.dataclass
class CompetitorRow:
    name: str = ""
    description: str = ""
    position: str = ""
    strengths: str = ""
    weaknesses: str = ""
    funding: str = ""
    cite: CitedRow = dataclasses.field(default_factory=CitedRow)


@dataclasses.dataclass
class AnalysisView(EvidenceView):
    """The analysis as the Analysis Results tab renders it."""

    sample: bool = False  # the demo-mode sample
    overview: str = ""
    size: CitedRow = dataclasses.field(default_factory=CitedRow)
    growth: CitedRow = dataclasses.field(default_factory=CitedRow)
    trends: list[CitedRow] = dataclasses.field(default_factory=list)
    market_challenges: list[CitedRow] = dataclasses.field(default_factory=list)
    opportunity: str = ""
    landscape: str = ""
    competitors: list[CompetitorRow] = dataclasses.field(default_factory=list)
    whitespace: str = ""
    product: str = ""
    features: list[str] = dataclasses.field(default_factory=list)
    differentiators: list[str] = dataclasses.field(default_factory=list)
    business_model: str = ""
    scalability: str = ""
    strengths: list[str] = dataclasses.field(default_factory=list)
    risks: list[str] = dataclasses.field(default_factory=list)
    challenges: list[str] = dataclasses.field(default_factory=list)
    timeline: str = ""
    funding: str = ""


@dataclasses.dataclass
class StressView:
    """The stress test as the Stress Test tab renders it."""

    sample: bool = False  # the demo-mode sample
    title: str = ""
    description: str = ""
    probability: str = ""
    impact: str = ""
    timeline: str = ""
    actions: list[str] = dataclasses.field(default_factory=list)
    short_term: str = ""
    long_term: str = ""
    resources: str = ""
    metrics: list[str] = dataclasses.field(default_factory=list)
    alternatives: list[str] = dataclasses.field(default_factory=list)
    mitigation: list[str] = dataclasses.field(default_factory=list)
    advantage: str = ""


@dataclasses.dataclass
class RunFailure:
    """Issue 17, item 3: the error panel of a run that did not finish (Retry keeps the idea
    and the analysis); `kind` (ANALYSIS or STRESS, '' = no panel) says which run Retry starts
    again."""

    kind: str = ""
    text: str = ""


@dataclasses.dataclass(frozen=True)
class Analysed:
    """The analysis on screen as the model gave it, for the stress test, save and download."""

    analysis: rules.IdeaAnalysis
    idea: str
    analysed_at: datetime
    sample: bool


@dataclasses.dataclass(frozen=True)
class Stressed:
    """The stress test on screen as the model gave it, for save and download."""

    stress: rules.StressTest
    sample: bool


def analysis_view(analysed: Analysed | None) -> AnalysisView | None:
    """The analysis as shown: the spec's top 3 competitors, 4 features, 3 strengths, 3 risks."""
    if analysed is None:
        return None
    analysis = analysed.analysis
    m, c = analysis.marketAnalysis, analysis.competitiveAnalysis
    p, v = analysis.productStrategy, analysis.viabilityAssessment
    read = analysis.evidence.sources
    return AnalysisView(
        sample=analysed.sample,
        research=analysis.evidence.research,
        sources=source_rows(analysis.evidence),
        overview=m.overview,
        size=cited_row(m.size.value, m.size.sources, m.size.source, read),
        growth=cited_row(m.growth.value, m.growth.sources, m.growth.source, read),
        trends=[cited_row(t.text, t.sources, t.source, read) for t in m.trends],
        market_challenges=[cited_row(c.text, c.sources, c.source, read) for c in m.challenges],
        opportunity=m.opportunity,
        landscape=c.landscape,
        competitors=[
            CompetitorRow(
                name=x.name,
                description=x.description,
                position=x.marketPosition,
                strengths="; ".join(x.strengths),
                weaknesses="; ".join(x.weaknesses),
                funding=x.funding,
                cite=cited_row(x.name, x.sources, "", read),
            )
            for x in rules.top_competitors(analysis)
        ],
        whitespace=c.whitespace,
        product=p.description,
        features=rules.top_features(analysis),
        differentiators=list(p.differentiators),
        business_model=p.businessModel,
        scalability=p.scalability,
        strengths=rules.top_strengths(analysis),
        risks=rules.top_risks(analysis),
        challenges=list(v.challenges),
        timeline=v.timeline,
        funding=v.fundingRequirement,
    )


def stress_view(stressed: Stressed | None) -> StressView | None:
    """The stress test as shown: the spec's top 3 immediate actions."""
    if stressed is None:
        return None
    stress = stressed.stress
    s, r, k = stress.stressScenario, stress.strategicResponse, stress.contingencyPlanning
    return StressView(
        sample=stressed.sample,
        title=s.title,
        description=s.description,
        probability=s.probability,
        impact=s.impact,
        timeline=s.timeline,
        actions=rules.top_actions(stress),
        short_term=r.shortTermStrategy,
        long_term=r.longTermAdaptation,
        resources=r.resourceRequirements,
        metrics=list(r.successMetrics),
        alternatives=list(k.alternativeScenarios),
        mitigation=list(k.riskMitigation),
        advantage=k.competitiveAdvantage,
    )


# --- The state ----------------------------------------------------------------------------------


@dataclasses.dataclass(frozen=True)
class Stored:
    """The shown results as the model gave them, for the stress test, save and download."""

    analysis: rules.IdeaAnalysis
    idea: str
    analysed_at: datetime
    stress: rules.StressTest | None
    sample: bool  # the analysis is the demo-mode sample


class IncubatorState(
    IdeaChoiceMixin,
    ReopenMixin,
    IdeaInputMixin,
    ResearchProgressMixin,
    SaveResultMixin,
    ToolRunMixin,
    rx.State,
):
    reopen_tools: ClassVar[frozenset[str]] = frozenset({tools.INCUBATOR.key, tools.STRESS_TEST.key})
    tab: str = "input"
    run_kind: str = ""  # ANALYSIS or STRESS: which run `running` is about
    elapsed: int = 0  # whole seconds the current analysis has run
    # What the result tabs show (None: none): built from `_analysed` and `_stressed` only
    # (`_put_*`).
    analysis: AnalysisView | None = None
    stress: StressView | None = None
    failure: RunFailure | None = None  # the error panel: None while there is no failure

    _analysed: Analysed | None = None
    _stressed: Stressed | None = None

    # -- input and tabs --------------------------------------------------------------------

    def _idea_problem(self, idea: str) -> tuple[str, str] | None:
        return rules.validate_idea(idea)

    @rx.event
    def set_tab(self, value: str) -> None:
        """T-IDEA-1: Idea Input resets both results; the others need their result."""
        if value == "input":
            self._drop_run()
            self._clear_results()
            self.tab = "input"
        elif value == "analysis" and self.analysis is not None:
            self.tab = "analysis"
        elif value == "stress" and self.stress is not None:
            self.tab = "stress"

    def _put_analysis(self, analysed: Analysed | None) -> None:
        """The analysis on screen (None: none) and its view; a stress test of another
        analysis goes."""
        self._analysed = analysed
        self.analysis = analysis_view(analysed)
        self._put_stress(None)

    def _put_stress(self, stressed: Stressed | None) -> None:
        """The stress test on screen (None: none) and its view."""
        self._stressed = stressed
        self.stress = stress_view(stressed)

    def _clear_error(self) -> None:
        self.failure = None

    def _failed(self, outcome: ToolOutcome[Any], kind: str) -> None:
        """The error panel of a run that ended without a result."""
        notice = outcome.notice
        text = (notice.panel or notice.title) if notice else rules.ANALYSIS_FAILED
        detail = notice.detail if notice and notice.detail not in ("", text) else ""
        self.failure = RunFailure(kind, f"{text} {detail}".strip())
        self.research_progress = ""

    def _clear_results(self) -> None:
        self._clear_error()
        self._put_analysis(None)
        self.research_progress = ""
        self._forget_reopened()

    def _show_analysis(
        self, analysis: rules.IdeaAnalysis, idea: str, sample: bool, at: datetime | None = None
    ) -> None:
        self._put_analysis(Analysed(analysis, idea, at or utcnow(), sample))
        self.research_progress = ""
        self.tab = "analysis"

    def _show_stress(self, stress: rules.StressTest, sample: bool) -> None:
        self._put_stress(Stressed(stress, sample))
        self.tab = "stress"

    def _end_analysis(self, outcome: ToolOutcome[rules.IdeaAnalysis], idea: str) -> None:
        if outcome.result is not None:
            self._show_analysis(outcome.result, idea, outcome.sample)
            self._run_id = outcome.run_id
        else:
            self._failed(outcome, ANALYSIS)

    def _end_stress(self, outcome: ToolOutcome[rules.StressTest]) -> None:
        if outcome.result is not None:
            self._show_stress(outcome.result, outcome.sample)
            self._run_id = outcome.run_id  # the stress test's run holds the analysis too
        else:
            self._failed(outcome, STRESS)

    @rx.event
    async def retry(self) -> EventSpec | None:
        """The error panel's Retry: the run that failed, again."""
        stress = self.failure is not None and self.failure.kind == STRESS
        return await (self.stress_test() if stress else self.analyse())

    @rx.event
    def dismiss_error(self) -> None:
        """The error panel's Edit: back to what the founder entered (kept)."""
        self._clear_error()

    # -- reopen and the idea picker (issue 14) ----------------------------------------------

    def _reopen(
        self, tool: str, inputs: dict[str, Any], result: Any, sample: bool, created_at: datetime
    ) -> bool:
        """A kept or saved analysis (a stress test's run: its analysis, then the test)."""
        stress = rules.StressTest.model_validate(result) if tool == tools.STRESS_TEST.key else None
        analysis = rules.IdeaAnalysis.model_validate(
            inputs.get("analysis") if stress is not None else result
        )
        idea = inputs.get("idea")
        idea = idea[: idea_text.IDEA_INPUT_CAP] if isinstance(idea, str) else ""
        self._clear_results()
        self.idea, self.validation = idea, ""
        self._show_analysis(analysis, idea, sample, created_at)
        if stress is not None:
            self._show_stress(stress, sample)
        return True

    def _reopen_clear(self) -> None:
        self._clear_results()
        self.tab = "input"

    def _restore_form(self, tool: str, inputs: dict[str, Any]) -> bool:
        """An interrupted analysis's idea back in the form; an interrupted stress test's idea
        with the analysis it tests, to test it again (issue 29)."""
        idea = inputs.get("idea")
        if not isinstance(idea, str) or not idea.strip():
            return False
        self.idea, self.validation = idea[: idea_text.IDEA_INPUT_CAP], ""
        if tool == tools.STRESS_TEST.key:
            analysis = rules.IdeaAnalysis.model_validate(inputs.get("analysis"))
            self._show_analysis(analysis, self.idea, sample=False)
        return True

    def _fill_idea_text(self, text: str) -> None:
        self.set_idea(text)

    def _stored(self) -> Stored | None:
        analysed, stressed = self._analysed, self._stressed
        if analysed is None:
            return None
        return Stored(
            analysed.analysis,
            analysed.idea,
            analysed.analysed_at,
            stressed.stress if stressed is not None else None,
            analysed.sample,
        )

    async def _claim(self, form_type: type) -> ClaimedRun | None:
        """Claim the pending run if it is a `form_type` one (a handler fired on its own, or
        for the other kind of run, leaves it alone)."""
        async with self:
            if not isinstance(self._pending, form_type):
                return None
        return await self._claim_run()

    # -- the analysis ----------------------------------------------------------------------

    @rx.event
    async def analyse(self) -> EventSpec | None:
        """Generate Analysis. A sequential handler, so it reads the idea as typed before the
        click (a background one could overtake the queued field updates); the AI work runs in
        `run_analysis` on what it takes here."""
        if self.running:
            return None  # a second click while one runs starts nothing
        if (refused := self._refuse_idea(TOAST_ID)) is not None:
            return refused
        if (signed_out := await signed_out_toast(self, rules.SIGN_IN_DETAIL, TOAST_ID)) is not None:
            return signed_out
        self._clear_results()
        self.elapsed = 0
        self.run_kind = ANALYSIS
        self._start_run(AnalysisForm(self.idea.strip(), self._chosen_idea_id()))
        return IncubatorState.run_analysis

    @rx.event(background=True)
    async def run_analysis(self) -> AsyncIterator[EventSpec]:
        """The analysis itself; does nothing unless `analyse` has just started one."""
        run = await self._claim(AnalysisForm)
        if run is None:
            return
        idea = run.form.idea
        outcome = await self._researching_seconds(run, analysis_run(idea, run.form.idea_id))
        if not await finish_run(self, run, lambda: self._end_analysis(outcome, idea)):
            return  # Idea Input while this ran: drop it
        yield ended_toast(outcome, rules.ANALYSIS_TOAST, lambda _: "Read it in Analysis Results.")

    # -- the stress test -------------------------------------------------------------------

    @rx.event
    async def stress_test(self) -> EventSpec | None:
        """Run Stress Test on the current analysis; the AI work runs in `run_stress_test` on
        what it takes here."""
        if self.running:
            return None
        stored = self._stored()
        if stored is None:
            return toasts.error(
                rules.NEED_ANALYSIS, description=rules.NEED_ANALYSIS_DETAIL, id=TOAST_ID
            )
        if (signed_out := await signed_out_toast(self, rules.SIGN_IN_DETAIL, TOAST_ID)) is not None:
            return signed_out
        self._put_stress(None)
        self._clear_error()
        self.run_kind = STRESS
        self._start_run(StressForm(stored.idea, stored.analysis, self._chosen_idea_id()))
        return IncubatorState.run_stress_test

    @rx.event(background=True)
    async def run_stress_test(self) -> AsyncIterator[EventSpec]:
        """The stress test itself; does nothing unless `stress_test` has just started one."""
        run = await self._claim(StressForm)
        if run is None:
            return
        outcome = await run_tool(run.user_id, stress_run(run.form, run.form.idea_id))
        if not await finish_run(self, run, lambda: self._end_stress(outcome)):
            return
        yield ended_toast(outcome, rules.STRESS_TOAST, lambda stress: stress.stressScenario.title)

    # -- save and download (T-AI-5, T-IDEA-1) ---------------------------------------------

    def _save_request(self) -> SaveRequest | None:
        stored = self._stored()
        if stored is None:
            return None
        analysis, idea, stress = stored.analysis, stored.idea, stored.stress
        return SaveRequest(
            tool_name=TOOL_NAME,
            title=rules.result_title(idea, stress),
            content=rules.save_content(analysis, idea, stress, sample=stored.sample),
            content_type="analysis",
            formatted_content=rules.to_html(analysis, idea, stress),
            metadata=rules.save_metadata(idea, stored.analysed_at, stress, sample=stored.sample),
        )

    @rx.event
    def download(self) -> EventSpec:
        """startup-analysis-{timestamp}.json, built in the browser."""
        stored = self._stored()
        if stored is None:
            return toasts.error(rules.NO_RESULT, description=rules.NO_RESULT_DETAIL)
        return json_download(
            rules.export_json(
                stored.analysis,
                stored.idea,
                stored.analysed_at,
                stored.stress,
                sample=stored.sample,
            ),
            rules.export_filename(utcnow()),
        )
