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
from startup_toolkit.domain.run_origin import Origin, from_status
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.tools.funding import TOOL_NAME, prediction_run
from startup_toolkit.services.tool_runs import RunStatus, ToolOutcome
from startup_toolkit.state import toasts
from startup_toolkit.state.evidence import CitedRow, EvidenceView, cited_row, source_rows
from startup_toolkit.state.idea_choice import IdeaChoiceMixin
from startup_toolkit.state.reopen import ReopenMixin
from startup_toolkit.state.tool_outcome import (
    finish_run,
    json_download,
    notice_toast,
    signed_out_toast,
)
from startup_toolkit.state.tool_result import ShownResultMixin
from startup_toolkit.state.tool_run import ToolRunMixin

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


@dataclasses.dataclass
class GaugeSlice:
    """A slice of the market potential gauge: the score, then the rest of 100."""

    name: str = ""
    value: int = 0
    fill: str = ""


@dataclasses.dataclass
class FundingView(EvidenceView):
    """The prediction as the page shows it."""

    estimated: bool = False
    estimate_reason: str = ""  # why the result is the estimate ('' for the AI's)
    # Issue 28, item 4: whose numbers the headline and key metrics are ("The AI's reading" or
    # "From your inputs"), the app's own reading beside the AI's, and one line where the two
    # disagree widely ('' when they agree, and for the estimate).
    source: str = ""
    drivers_title: str = ""
    inputs_line: str = ""
    gap_note: str = ""
    success: bool = False
    headline: str = ""
    amount: str = ""
    amount_range: str = ""
    amount_cite: CitedRow = dataclasses.field(default_factory=CitedRow)
    # Issue 15: the benchmarks' checked citations.
    benchmarks: list[CitedRow] = dataclasses.field(default_factory=list)
    analysis: str = ""
    revenue: str = ""
    growth_rate: str = ""
    market_potential: int = 0
    gauge: list[GaugeSlice] = dataclasses.field(default_factory=list)
    # Issue 17, item 5: what the result rests on, from the founder's own numbers.
    factors: list[estimates.Factor] = dataclasses.field(default_factory=list)
    drivers_summary: str = ""
    drivers_caution: str = ""
    rewritten_pitch: str = ""
    investors: list[InvestorRow] = dataclasses.field(default_factory=list)
    recommendations: list[str] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class ShownPrediction:
    """The prediction on screen with what it was made from and how (the AI's, or the
    estimate in demo mode or after the AI reply could not be used), for the view, Save and
    Download."""

    prediction: rules.FundingPrediction
    data: rules.FundingInput
    predicted_at: datetime
    origin: Origin = Origin.AI

    @property
    def estimated(self) -> bool:
        return self.origin is not Origin.AI

    @property
    def estimate_reason(self) -> str:
        """Why it is the estimate ('' for the AI's)."""
        return rules.estimate_reason(self.origin)


DRIVERS_ESTIMATE = "What drove this estimate"
DRIVERS_BESIDE_AI = "From your inputs: the app's own score"


def gauge(potential: int) -> list[GaugeSlice]:
    """Market potential as a half-circle gauge: the score, then the rest of 100."""
    return [
        GaugeSlice("Market potential", potential, estimates.potential_color(potential)),
        GaugeSlice("", 100 - potential, "var(--gray-a4)"),
    ]


def funding_view(shown: ShownPrediction | None) -> FundingView | None:
    """What the page shows of `shown` (None: no result)."""
    if shown is None:
        return None
    prediction = shown.prediction
    potential = prediction.keyMetrics.marketPotential
    why = estimates.drivers(shown.data, prediction.success, potential)
    read = prediction.evidence.sources
    own = shown.estimated
    return FundingView(
        estimated=own,
        estimate_reason=shown.estimate_reason,
        source=estimates.FROM_INPUTS if own else estimates.AI_READING,
        drivers_title=DRIVERS_ESTIMATE if own else DRIVERS_BESIDE_AI,
        inputs_line="" if own else estimates.inputs_line(shown.data),
        gap_note="" if own else estimates.reading_gap(shown.data, prediction),
        success=prediction.success,
        headline=rules.headline(prediction.success),
        amount=prediction.amount,
        amount_range=prediction.amountRange,
        amount_cite=cited_row(
            prediction.amountRange, prediction.amountSources, prediction.amountSource, read
        ),
        benchmarks=[cited_row(b.text, b.sources, b.source, read) for b in prediction.benchmarks],
        research=prediction.evidence.research,
        sources=source_rows(prediction.evidence),
        analysis=prediction.analysis,
        revenue=prediction.keyMetrics.revenue,
        growth_rate=prediction.keyMetrics.growthRate,
        market_potential=potential,
        gauge=gauge(potential),
        factors=list(why.factors),
        drivers_summary=why.summary,
        drivers_caution=why.caution,
        rewritten_pitch=prediction.rewrittenPitch,
        investors=investor_rows(prediction),
        recommendations=list(prediction.recommendations),
    )


class FundingState(IdeaChoiceMixin, ShownResultMixin, ReopenMixin, ToolRunMixin, rx.State):
    reopen_tools: ClassVar[frozenset[str]] = frozenset({tools.FUNDING.key})
    form: dict[str, str] = {}  # the fields changed from `rules.default_form()`
    errors: dict[str, str] = {}
    phase: str = ""
    progress: int = 0
    # The result on screen (None: none), built from `_shown` by `_present` only. The open tab
    # follows it: Prediction Results while there is one, Input Metrics otherwise.
    result: FundingView | None = None

    # -- input -----------------------------------------------------------------------------

    def _values(self) -> dict[str, str]:
        """Every field as the page shows it: the defaults with the founder's changes."""
        return {**rules.default_form(), **self.form}

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
            self.form = {}
            self.errors = {}
            self._choose_new_idea()

    @rx.event
    def set_tab(self, value: str) -> None:
        """T-FUND-1: Input Metrics clears the result (Prediction Results opens with one)."""
        if value == "input":
            self._drop_run()
            self._clear_result()

    def _result_view(self, shown: ShownPrediction | None) -> FundingView | None:
        return funding_view(shown)

    # -- reopen and the idea picker (issue 14) ----------------------------------------------

    def _reopen(
        self, tool: str, inputs: dict[str, Any], result: Any, sample: bool, created_at: datetime
    ) -> bool:
        """A kept or saved prediction, its metrics and pitch back in the form."""
        prediction = rules.FundingPrediction.model_validate(result)
        data = self._fill(inputs)
        if data is None:
            return False
        origin = self._reopened_origin()
        self._clear_result()
        self._present(ShownPrediction(prediction, data, created_at, origin))
        self.progress = 100
        return True

    def _restore_form(self, tool: str, inputs: dict[str, Any]) -> bool:
        """An interrupted run's metrics and pitch back in the form (issue 29)."""
        return self._fill(inputs) is not None

    def _fill(self, inputs: dict[str, Any]) -> rules.FundingInput | None:
        """A run's metrics and pitch in the form; what they read as (None: not a run's)."""
        data, _ = rules.parse_input(inputs)
        if data is None:
            return None
        self.form = {
            **{m.name: form_text(getattr(data, m.name)) for m in rules.METRICS},
            "stage": data.stage,
            "pitch": data.pitch,
        }
        self.errors = {}
        return data

    def _fill_idea_text(self, text: str) -> None:
        self.set_field("pitch", text)

    # -- the prediction (T-FUND-1, T-FUND-2) -------------------------------------------------

    @rx.event
    async def predict(self) -> EventSpec | None:
        """Predict Funding: checks the metrics here (a sequential handler sees every field
        typed before the click); the AI work runs in `run_prediction`."""
        if self.running:
            return None  # a second click while one runs starts nothing
        data, errors = rules.parse_input(self._values())
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

        def advance(elapsed: float) -> None:
            self.phase = rules.phase_label(elapsed)
            self.progress = rules.phase_progress(elapsed)

        outcome = await self._researching(
            run, prediction_run(data, run.form.idea_id), advance, TICK_SECONDS
        )
        if not await finish_run(self, run, lambda: self._end_prediction(outcome, data)):
            return  # cleared while this ran: drop it
        yield outcome_toast(outcome)

    def _end_prediction(
        self, outcome: ToolOutcome[rules.FundingPrediction], data: rules.FundingInput
    ) -> None:
        """The result at 100%, or the progress back at 0."""
        self.progress = 100 if outcome.result is not None else 0
        origin = outcome.origin
        self._present_run(outcome, lambda result: ShownPrediction(result, data, utcnow(), origin))

    # -- save and download (T-AI-5, T-FUND-2) -------------------------------------------------

    def _saved(self, shown: ShownPrediction) -> SaveRequest:
        prediction, data, origin = shown.prediction, shown.data, shown.origin
        return SaveRequest(
            tool_name=TOOL_NAME,
            title=rules.result_title(prediction),
            content=rules.save_content(prediction, data, origin=origin),
            content_type="analysis",
            formatted_content=rules.to_html(prediction, data, estimated=shown.estimated),
            metadata=rules.save_metadata(prediction, data, shown.predicted_at, origin=origin),
        )

    @rx.event
    def download(self) -> EventSpec:
        """Download Report: funding-prediction-{timestamp}.json, built in the browser."""
        shown = self._shown
        if shown is None:
            return toasts.error(rules.NO_RESULT, description=rules.NO_RESULT_DETAIL)
        return json_download(
            rules.export_json(
                shown.prediction, shown.data, shown.predicted_at, origin=shown.origin
            ),
            rules.export_filename(shown.predicted_at),
        )


def estimate_reason(status: RunStatus) -> str:
    """Why the result is the estimate, or '' for the AI's prediction."""
    return rules.estimate_reason(from_status(status))


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
