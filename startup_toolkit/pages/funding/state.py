"""FundingState: the metrics form, the prediction run and its result (T-FUND-1, T-FUND-2,
T-AI-5).

Going back to Input Metrics clears the result (spec). While the prediction runs, the phase
label and the progress advance with the elapsed time. When the AI cannot answer (or in demo
mode) the result is the estimated analysis from the founder's own numbers, labelled as such.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import funding as rules
from startup_toolkit.domain import funding_estimate as estimates
from startup_toolkit.domain import tools
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.tools.funding import TOOL_NAME, prediction_run
from startup_toolkit.services.tool_runs import RunStatus, ToolOutcome, run_tool
from startup_toolkit.state import toasts
from startup_toolkit.state.evidence import CitedRow, EvidenceMixin, cited_row
from startup_toolkit.state.idea_choice import NEW_IDEA, IdeaChoiceMixin
from startup_toolkit.state.reopen import ReopenMixin
from startup_toolkit.state.tool_outcome import (
    finish_run,
    json_download,
    nothing_to_save,
    notice_toast,
    signed_out_toast,
)
from startup_toolkit.state.tool_run import ToolRunMixin
from startup_toolkit.state.tools import save_tool_result

#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
TOAST_ID = "funding-status"
TICK_SECONDS = 0.4
FIELD_NAMES = (*(m.name for m in rules.METRICS), "stage", "pitch")
FORM_FIELDS = frozenset(FIELD_NAMES)
NUMBER_INPUT_CAP = 40


@dataclasses.dataclass(frozen=True)
class PredictForm:
    """What a prediction works on: the checked metrics, and the founder's idea it lands on
    (None: the idea of the pitch)."""

    data: rules.FundingInput
    idea_id: int | None = None


def form_text(value: Any) -> str:
    """A metric as the form shows it: 50000, 15.5."""
    number = float(value)
    return str(int(number)) if number.is_integer() else f"{number:g}"


@dataclasses.dataclass
class FactorRow:
    """One factor of the founder's numbers against the stage's benchmarks, as shown."""

    name: str = ""
    points: int = 0
    most: int = 0
    note: str = ""


@dataclasses.dataclass
class InvestorRow:
    """An investor as shown, with the citation of the facts stated about them."""

    name: str = ""
    focus: str = ""
    reason: str = ""
    contactInfo: str = ""
    cite: CitedRow = dataclasses.field(default_factory=CitedRow)


def investor_rows(prediction: rules.FundingPrediction) -> list[InvestorRow]:
    read = prediction.evidence.sources
    return [
        InvestorRow(
            i.name, i.focus, i.reason, i.contactInfo, cited_row(i.name, i.sources, "", read)
        )
        for i in prediction.investors
    ]


@dataclasses.dataclass(frozen=True)
class ShownPrediction:
    """The prediction on screen with what it was made from, for Save and Download."""

    prediction: rules.FundingPrediction
    data: rules.FundingInput
    predicted_at: datetime


class FundingState(IdeaChoiceMixin, ReopenMixin, ToolRunMixin, EvidenceMixin, rx.State):
    reopen_tools: ClassVar[frozenset[str]] = frozenset({tools.FUNDING.key})
    form: dict[str, str] = rules.default_form()
    errors: dict[str, str] = {}
    tab: str = "input"
    phase: str = ""
    progress: int = 0
    has_result: bool = False
    estimated: bool = False
    estimate_reason: str = ""
    success: bool = False
    amount: str = ""
    amount_range: str = ""
    analysis: str = ""
    revenue_metric: str = ""
    growth_metric: str = ""
    market_potential: int = 0
    # Issue 17, item 5: what the result rests on, from the founder's own numbers.
    factors: list[FactorRow] = []
    drivers_summary: str = ""
    drivers_caution: str = ""
    rewritten_pitch: str = ""
    investors: list[InvestorRow] = []
    recommendations: list[str] = []
    # Issue 15: the range's and the benchmarks' checked citations.
    amount_cite: CitedRow = CitedRow()
    benchmarks: list[CitedRow] = []

    _shown: ShownPrediction | None = None

    @rx.var
    def gauge_data(self) -> list[dict[str, Any]]:
        """Market potential as a half-circle gauge: the score, then the rest of 100."""
        color = estimates.potential_color(self.market_potential)
        return [
            {"name": "Market potential", "value": self.market_potential, "fill": color},
            {"name": "", "value": 100 - self.market_potential, "fill": "var(--gray-a4)"},
        ]

    @rx.var
    def headline(self) -> str:
        return rules.headline(self.success)

    @rx.var
    def pitch_count(self) -> str:
        return f"{len(self.form.get('pitch', '')):,} / {rules.MAX_PITCH_LENGTH:,}"

    # -- input -----------------------------------------------------------------------------

    @rx.event
    def set_field(self, name: str, value: str) -> None:
        if name not in FORM_FIELDS or not isinstance(value, str):
            return
        cap = rules.PITCH_INPUT_CAP if name == "pitch" else NUMBER_INPUT_CAP
        self.form = {**self.form, name: value[:cap]}
        if name in self.errors:
            self.errors = {k: v for k, v in self.errors.items() if k != name}

    @rx.event
    def reset_form(self) -> None:
        """Back to the spec's default metrics."""
        if not self.running:
            self.form = rules.default_form()
            self.errors = {}
            self.chosen_idea = NEW_IDEA

    @rx.event
    def set_tab(self, value: str) -> None:
        """T-FUND-1: Input Metrics clears the result; Prediction Results needs one."""
        if value == "input":
            self._drop_run()
            self._clear_result()
            self.tab = "input"
        elif value == "results" and self.has_result:
            self.tab = "results"

    def _clear_result(self) -> None:
        self.has_result = False
        self.estimated = False
        self.estimate_reason = ""
        self.success = False
        self.amount = self.amount_range = self.analysis = ""
        self.revenue_metric = self.growth_metric = self.rewritten_pitch = ""
        self.market_potential = 0
        self.factors = []
        self.drivers_summary = self.drivers_caution = ""
        self.investors = []
        self.recommendations = []
        self.amount_cite = CitedRow()
        self.benchmarks = []
        self._clear_evidence()
        self._shown = None
        self._forget_reopened()

    def _show(
        self, prediction: rules.FundingPrediction, data: rules.FundingInput, estimate_reason: str
    ) -> None:
        """Show `prediction`; `estimate_reason` says why it is the estimate ('' for the AI's)."""
        self.has_result = True
        self.estimated = bool(estimate_reason)
        self.estimate_reason = estimate_reason
        self.success = prediction.success
        self.amount = prediction.amount
        self.amount_range = prediction.amountRange
        self.analysis = prediction.analysis
        self.revenue_metric = prediction.keyMetrics.revenue
        self.growth_metric = prediction.keyMetrics.growthRate
        self.market_potential = prediction.keyMetrics.marketPotential
        why = estimates.drivers(data, prediction.success, self.market_potential)
        self.factors = [FactorRow(f.name, f.points, f.most, f.note) for f in why.factors]
        self.drivers_summary, self.drivers_caution = why.summary, why.caution
        self.rewritten_pitch = prediction.rewrittenPitch
        self.investors = investor_rows(prediction)
        self.recommendations = list(prediction.recommendations)
        read = prediction.evidence.sources
        self.amount_cite = cited_row(
            prediction.amountRange, prediction.amountSources, prediction.amountSource, read
        )
        self.benchmarks = [
            cited_row(b.text, b.sources, b.source, read) for b in prediction.benchmarks
        ]
        self._show_evidence(prediction.evidence)
        self._shown = ShownPrediction(prediction, data, utcnow())
        self.tab = "results"

    # -- reopen and the idea picker (issue 14) ----------------------------------------------

    def _reopen(
        self, tool: str, inputs: dict[str, Any], result: Any, sample: bool, created_at: datetime
    ) -> bool:
        """A kept or saved prediction, its metrics and pitch back in the form."""
        data, _ = rules.parse_input(inputs)
        if data is None:
            return False
        prediction = rules.FundingPrediction.model_validate(result)
        self.form = {
            **{m.name: form_text(getattr(data, m.name)) for m in rules.METRICS},
            "stage": data.stage,
            "pitch": data.pitch,
        }
        self.errors = {}
        self._clear_result()
        self._show(prediction, data, rules.ESTIMATE_DETAIL if sample else "")
        self._shown = ShownPrediction(prediction, data, created_at)
        self.progress = 100
        return True

    def _reopen_clear(self) -> None:
        self._clear_result()
        self.tab = "input"

    def _fill_idea_text(self, text: str) -> None:
        self.set_field("pitch", text)

    def _stored(self) -> ShownPrediction | None:
        return self._shown if self.has_result else None

    # -- the prediction (T-FUND-1, T-FUND-2) -------------------------------------------------

    @rx.event
    async def predict(self) -> EventSpec | None:
        """Predict Funding: checks the metrics here (a sequential handler sees every field
        typed before the click); the AI work runs in `run_prediction`."""
        if self.running:
            return None  # a second click while one runs starts nothing
        data, errors = rules.parse_input(self.form)
        self.errors = errors
        if data is None:
            return toasts.error(
                rules.INVALID_INPUT, description=rules.INVALID_INPUT_DETAIL, id=TOAST_ID
            )
        if (signed_out := await signed_out_toast(self, rules.SIGN_IN_DETAIL, TOAST_ID)) is not None:
            return signed_out
        self._clear_result()
        self.phase = rules.phase_label(0)
        self.progress = 0
        self._start_run(PredictForm(data, self._chosen_idea_id()))
        return FundingState.run_prediction

    @rx.event(background=True)
    async def run_prediction(self) -> AsyncIterator[EventSpec]:
        """The prediction itself; does nothing unless `predict` has just started one."""
        run = await self._claim_run()
        if run is None:
            return
        data: rules.FundingInput = run.form.data
        heard: list[str] = []  # the research step's latest words, shown at the next tick

        def advance(elapsed: float) -> None:
            self.phase = rules.phase_label(elapsed)
            self.progress = rules.phase_progress(elapsed)
            if heard:
                self.research_progress = heard[-1]

        work = run_tool(
            run.user_id, prediction_run(data, run.form.idea_id), on_progress=heard.append
        )
        outcome = await self._tick_while(run, work, advance, TICK_SECONDS)
        if not await finish_run(self, run, lambda: self._end_prediction(outcome, data)):
            return  # cleared while this ran: drop it
        yield outcome_toast(outcome)

    def _end_prediction(
        self, outcome: ToolOutcome[rules.FundingPrediction], data: rules.FundingInput
    ) -> None:
        """The result at 100%, or the progress back at 0."""
        self.progress = 100 if outcome.result is not None else 0
        self.research_progress = ""
        if outcome.result is not None:
            self._show(outcome.result, data, estimate_reason(outcome.status))
            self._run_id = outcome.run_id

    # -- save and download (T-AI-5, T-FUND-2) -------------------------------------------------

    @rx.event
    async def save(self) -> EventSpec:
        shown = self._stored()
        if shown is None:
            return nothing_to_save()
        prediction, data = shown.prediction, shown.data
        return await save_tool_result(
            self,
            tool_name=TOOL_NAME,
            title=rules.result_title(prediction),
            content=rules.save_content(prediction, data, estimated=self.estimated),
            content_type="analysis",
            formatted_content=rules.to_html(prediction, data, estimated=self.estimated),
            metadata=self._with_run_id(
                rules.save_metadata(prediction, data, shown.predicted_at, estimated=self.estimated)
            ),
        )

    @rx.event
    def download(self) -> EventSpec:
        """Download Report: funding-prediction-{timestamp}.json, built in the browser."""
        shown = self._stored()
        if shown is None:
            return toasts.error(rules.NO_RESULT, description=rules.NO_RESULT_DETAIL)
        return json_download(
            rules.export_json(
                shown.prediction, shown.data, shown.predicted_at, estimated=self.estimated
            ),
            rules.export_filename(shown.predicted_at),
        )


def estimate_reason(status: RunStatus) -> str:
    """Why the result is the estimate, or '' for the AI's prediction."""
    if status is RunStatus.AI:
        return ""
    return rules.DEMO_REASON if status is RunStatus.SAMPLE else rules.FAILED_REASON


def outcome_toast(outcome: ToolOutcome[rules.FundingPrediction]) -> EventSpec:
    """Success with the headline, the estimate with the reason, or why nothing ran."""
    notice = outcome.notice or rules.RUN_TEXTS.failed
    if outcome.result is None:
        return notice_toast(notice)
    if outcome.status is RunStatus.AI:
        return toasts.success(
            rules.SUCCESS_TOAST, description=rules.headline(outcome.result.success)
        )
    if outcome.sample:
        return toasts.success(rules.ESTIMATE_TOAST, description=rules.DEMO_DETAIL)
    return toasts.success(notice.title, description=notice.detail or rules.ESTIMATE_DETAIL)
