"""/funding-predictor: how fundable a startup is today, from its metrics (T-FUND-1, T-FUND-2,
T-AI-5).

Tabs Input Metrics and Prediction Results; Prediction Results stays disabled until there is a
result, and going back to Input Metrics clears it (spec). While the prediction runs, the phase
label advances with the elapsed time (Collecting Data, Analyzing Market, Modeling Financials,
Generating Prediction). The AI call runs in a background task that takes the tab's state lock
only to write. When the AI cannot answer (or in demo mode) the page shows the estimated
analysis, computed from the founder's own numbers and labelled as such, with the spec's toast.
Every text from the model is rendered as text.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import AsyncIterator
from datetime import datetime

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import (
    COMPACT_TOOL_CARD_STYLE,
    TOOL_CARD_STYLE,
    aria_invalid,
    field_error,
    field_label,
    section_heading,
    tool_page,
    tool_route,
)
from startup_toolkit.domain import funding as rules
from startup_toolkit.domain.catalog import FUNDING_PREDICTOR
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.prompts import funding as prompt
from startup_toolkit.domain.saved_results import (
    AUTH_REQUIRED,
    NOTHING_TO_SAVE,
    NOTHING_TO_SAVE_DETAIL,
)
from startup_toolkit.services import ai
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.tools import claim_run, may_use_tools, save_tool_result, while_ticking

log = logging.getLogger(__name__)

TOOL_NAME = FUNDING_PREDICTOR.name
ACCENT = FUNDING_PREDICTOR.color
#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
TOAST_ID = "funding-status"
SIGN_IN_DETAIL = "Please log in to run a funding prediction"
NO_ACCESS = "A subscription is needed to run a funding prediction"
NO_ACCESS_DETAIL = "See the pricing page for plans."
DEMO_SECONDS = 2.5
TICK_SECONDS = 0.4
FIELD_NAMES = (*(m.name for m in rules.METRICS), "stage", "pitch")
FORM_FIELDS = frozenset(FIELD_NAMES)
#: Why the estimate is shown instead of the AI's prediction, by cause.
ESTIMATE_REASONS = {
    "demo": "Demo mode: AI is not configured on this server, so this is the estimated "
    "analysis from your numbers.",
    "failed": "The AI could not complete the prediction, so this is the estimated analysis "
    "from your numbers.",
}


@dataclasses.dataclass
class InvestorRow:
    name: str = ""
    focus: str = ""
    reason: str = ""
    contact: str = ""


class FundingState(rx.State):
    form: dict[str, str] = rules.default_form()
    errors: dict[str, str] = {}
    tab: str = "input"
    predicting: bool = False
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
    rewritten_pitch: str = ""
    investors: list[InvestorRow] = []
    recommendations: list[str] = []

    _run: int = 0  # bumped by each prediction and by clearing; a stale task writes nothing
    _prediction_json: str = ""
    _input_json: str = ""
    _pending_json: str = ""  # the metrics `predict` took, waiting for `run_prediction`
    _predicted_at: str = ""

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
        cap = rules.PITCH_INPUT_CAP if name == "pitch" else 40
        self.form = {**self.form, name: value[:cap]}
        if name in self.errors:
            self.errors = {k: v for k, v in self.errors.items() if k != name}

    @rx.event
    def reset_form(self) -> None:
        """Back to the spec's default metrics."""
        if not self.predicting:
            self.form = rules.default_form()
            self.errors = {}

    @rx.event
    def set_tab(self, value: str) -> None:
        """T-FUND-1: Input Metrics clears the result; Prediction Results needs one."""
        if value == "input":
            self._run += 1
            self.predicting = False
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
        self.investors = []
        self.recommendations = []
        self._prediction_json = self._input_json = self._predicted_at = ""

    def _show(
        self, prediction: rules.FundingPrediction, data: rules.FundingInput, reason: str
    ) -> None:
        self.has_result = True
        self.estimated = bool(reason)
        self.estimate_reason = ESTIMATE_REASONS.get(reason, "")
        self.success = prediction.success
        self.amount = prediction.amount
        self.amount_range = prediction.amountRange
        self.analysis = prediction.analysis
        self.revenue_metric = prediction.keyMetrics.revenue
        self.growth_metric = prediction.keyMetrics.growthRate
        self.market_potential = prediction.keyMetrics.marketPotential
        self.rewritten_pitch = prediction.rewrittenPitch
        self.investors = [
            InvestorRow(i.name, i.focus, i.reason, i.contactInfo) for i in prediction.investors
        ]
        self.recommendations = list(prediction.recommendations)
        self._prediction_json = prediction.model_dump_json()
        self._input_json = json.dumps(dataclasses.asdict(data))
        self._predicted_at = utcnow().isoformat()
        self.tab = "results"

    def _stored(self) -> tuple[rules.FundingPrediction, rules.FundingInput, datetime] | None:
        if not self.has_result or not self._prediction_json:
            return None
        return (
            rules.FundingPrediction.model_validate_json(self._prediction_json),
            rules.FundingInput(**json.loads(self._input_json)),
            datetime.fromisoformat(self._predicted_at),
        )

    # -- the prediction (T-FUND-1, T-FUND-2) -------------------------------------------------

    @rx.event
    async def predict(self) -> EventSpec | None:
        """Predict Funding. A sequential handler, so it reads every field typed before the
        click (a background one could overtake the queued field updates); the AI work runs in
        `run_prediction` on what it takes here."""
        if self.predicting:
            return None  # a second click while one runs starts nothing
        data, errors = rules.parse_input(self.form)
        self.errors = errors
        if data is None:
            return rx.toast.error(
                rules.INVALID_INPUT, description=rules.INVALID_INPUT_DETAIL, id=TOAST_ID
            )
        if await signed_in_user_id(self) is None:
            return rx.toast.error(AUTH_REQUIRED, description=SIGN_IN_DETAIL, id=TOAST_ID)
        self._run += 1
        self._clear_result()
        self.predicting = True
        self.phase = rules.phase_label(0)
        self.progress = 0
        self._pending_json = json.dumps(dataclasses.asdict(data))
        return FundingState.run_prediction

    @rx.event(background=True)
    async def run_prediction(self) -> AsyncIterator[EventSpec]:
        """The prediction itself; does nothing unless `predict` has just started one."""
        claimed = await claim_run(self, busy="predicting")
        if claimed is None:
            return
        run, data = claimed.number, rules.FundingInput(**claimed.snapshot)

        def advance(elapsed: float) -> bool:
            if self._run != run or not self.predicting:
                return False
            self.phase = rules.phase_label(elapsed)
            self.progress = rules.phase_progress(elapsed)
            return True

        prediction, reason, problem = await while_ticking(
            self, _predict(claimed.user_id, data), advance, TICK_SECONDS
        )

        async with self:
            if self._run != run:
                return  # cleared while this ran: drop it
            self.predicting = False
            self.progress = 100 if prediction is not None else 0
            if prediction is not None:
                self._show(prediction, data, reason)
        if prediction is None:
            yield rx.toast.error(problem, description=NO_ACCESS_DETAIL)
        elif reason:
            yield rx.toast.success(
                rules.ESTIMATE_TOAST,
                description=problem or "Estimated from your numbers.",
            )
        else:
            yield rx.toast.success(
                rules.SUCCESS_TOAST, description=rules.headline(prediction.success)
            )

    # -- save and download (T-AI-5, T-FUND-2) -------------------------------------------------

    @rx.event
    async def save(self) -> EventSpec:
        stored = self._stored()
        if stored is None:
            return rx.toast.error(NOTHING_TO_SAVE, description=NOTHING_TO_SAVE_DETAIL)
        prediction, data, predicted_at = stored
        return await save_tool_result(
            self,
            tool_name=TOOL_NAME,
            title=rules.result_title(prediction),
            content=rules.save_content(prediction, data, estimated=self.estimated),
            content_type="analysis",
            formatted_content=rules.to_html(prediction, data),
            metadata=rules.save_metadata(prediction, data, predicted_at, estimated=self.estimated),
        )

    @rx.event
    def download(self) -> EventSpec:
        """Download Report: funding-prediction-{timestamp}.json, built in the browser."""
        stored = self._stored()
        if stored is None:
            return rx.toast.error(rules.NO_RESULT, description=rules.NO_RESULT_DETAIL)
        prediction, data, predicted_at = stored
        return rx.download(
            data=rules.export_json(prediction, data, predicted_at, estimated=self.estimated),
            filename=rules.export_filename(predicted_at),
            mime_type="application/json",
        )


async def _predict(
    user_id: str, data: rules.FundingInput
) -> tuple[rules.FundingPrediction | None, str, str]:
    """(prediction, '' for the AI's or why it is the estimate, the toast's description)."""
    if not await may_use_tools(user_id):
        return None, "", NO_ACCESS
    if not ai.ai_available():
        await asyncio.sleep(DEMO_SECONDS)
        return rules.estimate(data), "demo", "Demo mode: estimated from your numbers."
    try:
        prediction = await ai.generate_json(
            user_id,
            TOOL_NAME,
            prompt.SYSTEM,
            prompt.user_prompt(data),
            rules.FundingPrediction,
            temperature=rules.FUNDING_TEMPERATURE,
        )
        return prediction, "", ""
    except ai.AiError as exc:
        log.warning("Funding prediction fell back to the estimate: %s", exc.message)
        return rules.estimate(data), "failed", exc.message
    except Exception:
        log.exception("Funding prediction fell back to the estimate")
        return rules.estimate(data), "failed", ""


# --- View -------------------------------------------------------------------------------------


def _field_error(name: str) -> rx.Component:
    return field_error(FundingState.errors, name, f"funding-{name}-error")


def _metric_field(metric: rules.Metric) -> rx.Component:
    field_id = f"funding-{metric.name}"
    return rx.vstack(
        field_label(metric.label, field_id),
        rx.input(
            id=field_id,
            value=FundingState.form[metric.name],
            on_change=lambda value: FundingState.set_field(metric.name, value),
            input_mode="decimal",
            size="3",
            width="100%",
            aria_invalid=aria_invalid(FundingState.errors, metric.name),
            aria_describedby=f"{field_id}-error",
        ),
        _field_error(metric.name),
        spacing="1",
        width="100%",
    )


def _input_form() -> rx.Component:
    return rx.vstack(
        section_heading("Your metrics", "sliders-horizontal", ACCENT),
        rx.text(
            "Monthly figures in US dollars. You can type 50k or 1.5M.",
            size="2",
            color="var(--gray-11)",
        ),
        rx.grid(
            *[_metric_field(m) for m in rules.METRICS],
            rx.vstack(
                field_label("Funding stage", "funding-stage"),
                rx.select.root(
                    rx.select.trigger(id="funding-stage", width="100%"),
                    rx.select.content(
                        *[rx.select.item(label, value=value) for value, label in rules.STAGES],
                        position="popper",
                    ),
                    value=FundingState.form["stage"],
                    on_change=lambda value: FundingState.set_field("stage", value),
                    size="3",
                ),
                _field_error("stage"),
                spacing="1",
                width="100%",
            ),
            columns=rx.breakpoints(initial="1", sm="2", lg="3"),
            spacing="4",
            width="100%",
        ),
        rx.vstack(
            field_label("Pitch summary (optional)", "funding-pitch"),
            rx.text_area(
                id="funding-pitch",
                value=FundingState.form["pitch"],
                on_change=lambda value: FundingState.set_field("pitch", value),
                placeholder="What you do, for whom, and why now. The prediction rewrites it "
                "for investors.",
                rows="4",
                size="3",
                width="100%",
                resize="vertical",
            ),
            rx.flex(
                _field_error("pitch"),
                rx.text(FundingState.pitch_count, size="1", color="var(--gray-10)"),
                justify="between",
                width="100%",
            ),
            spacing="1",
            width="100%",
        ),
        rx.flex(
            rx.button(
                rx.icon("trending-up", size=18, aria_hidden="true"),
                "Predict Funding",
                on_click=FundingState.predict,
                disabled=FundingState.predicting,
                size="3",
                type="button",
                id="funding-predict",
            ),
            rx.button(
                rx.icon("rotate-ccw", size=16, aria_hidden="true"),
                "Reset to defaults",
                on_click=FundingState.reset_form,
                disabled=FundingState.predicting,
                variant="soft",
                color_scheme="gray",
                size="3",
                type="button",
            ),
            spacing="3",
            wrap="wrap",
        ),
        spacing="4",
        align="start",
        style=TOOL_CARD_STYLE,
    )


def _processing() -> rx.Component:
    return rx.vstack(
        rx.hstack(
            rx.spinner(size="3"),
            rx.vstack(
                rx.heading("Predicting your funding", as_="h2", size="5", style=heading_style),
                rx.text(FundingState.phase, "...", size="2", id="funding-phase"),
                spacing="1",
                align="start",
            ),
            spacing="4",
            align="center",
        ),
        rx.progress(
            value=FundingState.progress, max=100, size="3", width="100%", aria_label="Progress"
        ),
        spacing="4",
        role="status",
        aria_busy="true",
        style=TOOL_CARD_STYLE,
    )


def _stat(label: str, value: rx.Var, element_id: str) -> rx.Component:
    return rx.vstack(
        rx.text(label, size="2", color="var(--gray-11)"),
        rx.text(value, size="5", weight="bold", id=element_id, style=heading_style),
        spacing="1",
        align="start",
        style=COMPACT_TOOL_CARD_STYLE,
    )


def _investor_card(row: rx.Var[InvestorRow]) -> rx.Component:
    return rx.vstack(
        rx.text(row.name, weight="bold", size="3"),
        rx.cond(row.focus != "", rx.text(row.focus, size="2", color="var(--gray-11)")),
        rx.text(row.reason, size="2"),
        rx.cond(
            row.contact != "",
            rx.hstack(
                rx.icon("contact", size=14, aria_hidden="true"),
                rx.text(row.contact, size="1", color="var(--gray-11)"),
                spacing="2",
                align="center",
            ),
        ),
        spacing="2",
        align="start",
        style=COMPACT_TOOL_CARD_STYLE,
        class_name="funding-investor",
    )


def _results() -> rx.Component:
    color = rx.cond(FundingState.success, "green", "amber")
    return rx.vstack(
        rx.cond(
            FundingState.estimated,
            rx.callout(
                FundingState.estimate_reason + " " + rules.ESTIMATE_LABEL,
                icon="calculator",
                color_scheme="amber",
                size="1",
                width="100%",
                id="funding-estimated",
            ),
        ),
        rx.flex(
            rx.hstack(
                rx.badge(
                    FundingState.headline,
                    color_scheme=color,
                    variant="solid",
                    size="3",
                    id="funding-headline",
                ),
                rx.text("Estimated raise", size="2", color="var(--gray-11)"),
                rx.text(FundingState.amount, size="6", weight="bold", id="funding-amount"),
                spacing="3",
                align="center",
                wrap="wrap",
            ),
            rx.hstack(
                rx.button(
                    rx.icon("download", size=16, aria_hidden="true"),
                    "Download Report",
                    on_click=FundingState.download,
                    variant="soft",
                    type="button",
                    id="funding-download",
                ),
                rx.button(
                    rx.icon("pencil", size=16, aria_hidden="true"),
                    "New Prediction",
                    on_click=lambda: FundingState.set_tab("input"),
                    variant="soft",
                    color_scheme="gray",
                    type="button",
                ),
                spacing="2",
                wrap="wrap",
            ),
            justify="between",
            align="center",
            wrap="wrap",
            spacing="3",
            width="100%",
        ),
        rx.grid(
            _stat("Typical range", FundingState.amount_range, "funding-range"),
            _stat("Revenue", FundingState.revenue_metric, "funding-revenue"),
            _stat("Growth rate", FundingState.growth_metric, "funding-growth"),
            rx.vstack(
                rx.text("Market potential", size="2", color="var(--gray-11)"),
                rx.text(
                    FundingState.market_potential.to_string(),
                    "/100",
                    size="5",
                    weight="bold",
                    id="funding-market-potential",
                ),
                rx.progress(
                    value=FundingState.market_potential,
                    max=100,
                    aria_label="Market potential",
                ),
                spacing="1",
                align="start",
                style=COMPACT_TOOL_CARD_STYLE,
            ),
            columns=rx.breakpoints(initial="1", sm="2", lg="4"),
            spacing="3",
            width="100%",
        ),
        rx.vstack(
            section_heading("Analysis", "file-text", ACCENT),
            rx.text(FundingState.analysis, size="3", id="funding-analysis"),
            spacing="3",
            align="start",
            style=TOOL_CARD_STYLE,
        ),
        rx.vstack(
            section_heading("Investors who fit", "users", ACCENT),
            rx.grid(
                rx.foreach(FundingState.investors, _investor_card),
                columns=rx.breakpoints(initial="1", sm="2", lg="3"),
                spacing="3",
                width="100%",
            ),
            spacing="3",
            align="start",
            style=TOOL_CARD_STYLE,
        ),
        rx.vstack(
            section_heading("Your pitch, rewritten", "message-square-quote", ACCENT),
            rx.text(FundingState.rewritten_pitch, size="3", id="funding-pitch-rewritten"),
            spacing="3",
            align="start",
            style=TOOL_CARD_STYLE,
        ),
        rx.vstack(
            section_heading("Recommendations", "list-checks", ACCENT),
            rx.el.ol(
                rx.foreach(
                    FundingState.recommendations,
                    lambda text: rx.el.li(rx.text(text, size="3")),
                ),
                style={
                    "padding_left": "1.25rem",
                    "list_style_type": "decimal",
                    "display": "grid",
                    "gap": "0.5rem",
                },
            ),
            spacing="3",
            align="start",
            style=TOOL_CARD_STYLE,
            id="funding-recommendations",
        ),
        spacing="4",
        width="100%",
    )


@tool_route(FUNDING_PREDICTOR)
def funding_predictor() -> rx.Component:
    return tool_page(
        FUNDING_PREDICTOR,
        rx.tabs.root(
            rx.tabs.list(
                rx.tabs.trigger("Input Metrics", value="input"),
                rx.tabs.trigger(
                    "Prediction Results", value="results", disabled=~FundingState.has_result
                ),
            ),
            rx.tabs.content(
                rx.box(
                    rx.cond(FundingState.predicting, _processing(), _input_form()),
                    padding_top="1.25rem",
                ),
                value="input",
            ),
            rx.tabs.content(
                rx.box(rx.cond(FundingState.has_result, _results()), padding_top="1.25rem"),
                value="results",
            ),
            value=FundingState.tab,
            on_change=FundingState.set_tab,
            width="100%",
        ),
        save_handler=FundingState.save,
        can_save=FundingState.has_result,
    )
