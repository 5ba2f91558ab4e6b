"""GrowthState: the business form, the strategy run and its result (T-GROW-1, T-AI-5).

When the AI cannot answer, the spec's failure toast shows with the built-in sample strategy,
clearly labelled; demo mode shows the same sample. Budget amounts are always computed from the
founder's budget.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import growth as rules
from startup_toolkit.domain import growth_export as export
from startup_toolkit.domain import tools
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.tools.growth import TOOL_NAME, GrowthForm, strategy_run
from startup_toolkit.services.tool_runs import RunStatus, ToolOutcome
from startup_toolkit.state import toasts
from startup_toolkit.state.evidence import CitedRow, EvidenceView, cited_row, source_rows
from startup_toolkit.state.idea_choice import IdeaChoiceMixin
from startup_toolkit.state.reopen import ReopenMixin
from startup_toolkit.state.tool_outcome import (
    finish_run,
    notice_toast,
    signed_out_toast,
)
from startup_toolkit.state.tool_result import ShownResultMixin
from startup_toolkit.state.tool_run import ToolRunMixin

#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
TOAST_ID = "growth-status"
TICK_SECONDS = 1.0  # how often the working card's seconds and research progress update
BUDGET_INPUT_CAP = 40
TABS: tuple[tuple[str, str], ...] = (
    ("blueprint", "Growth Blueprint"),
    ("trends", "Trend Radar"),
    ("budget", "Budget Allocation"),
)
CHANNEL_COLORS = ("violet", "cyan", "orange", "green", "pink", "amber", "blue", "crimson")


@dataclasses.dataclass
class TrendRow:
    trend: str = ""
    momentum: int = 0
    label: str = ""
    relevance: str = ""
    cite: CitedRow = dataclasses.field(default_factory=CitedRow)


@dataclasses.dataclass
class StepRow:
    """A growth step as shown, with the citation of its growth estimate (issue 15)."""

    step: int = 0
    action: str = ""
    expectedImpact: str = ""
    kpi: str = ""
    estimatedGrowth: str = ""
    cite: CitedRow = dataclasses.field(default_factory=CitedRow)


@dataclasses.dataclass
class BudgetRow:
    channel: str = ""
    share: str = ""
    amount: str = ""
    percentage: float = 0
    fill: str = ""


@dataclasses.dataclass
class WeekRow:
    week: str = ""
    focus: str = ""


@dataclasses.dataclass(frozen=True)
class GrowthRun:
    """What a generation works on: the form, and the founder's idea it lands on (None: the
    idea of the product text)."""

    form: GrowthForm
    idea_id: int | None = None


@dataclasses.dataclass
class GrowthView(EvidenceView):
    """The strategy as the page shows it."""

    sample: bool = False  # the built-in sample strategy (demo mode, or the AI failed)
    key: str = ""  # a new one for each result shown: its tabs open on Growth Blueprint
    summary: str = ""
    steps: list[StepRow] = dataclasses.field(default_factory=list)
    weeks: list[WeekRow] = dataclasses.field(default_factory=list)
    trends: list[TrendRow] = dataclasses.field(default_factory=list)
    radar_label: str = ""  # the radar chart's text alternative
    budget_label: str = ""
    budget_lines: list[BudgetRow] = dataclasses.field(default_factory=list)
    # Issue 15: channel benchmarks with their citations.
    benchmarks: list[CitedRow] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class ShownStrategy:
    """The strategy on screen with what it was made from, for the view, Save and Download."""

    strategy: rules.GrowthStrategy
    form: GrowthForm
    created_at: datetime
    origin: Origin = Origin.AI  # the AI's, or the sample (demo mode, or the AI reply unusable)

    @property
    def sample(self) -> bool:
        return self.origin is not Origin.AI


def growth_view(shown: ShownStrategy | None) -> GrowthView | None:
    """What the page shows of `shown` (None: no result); budget amounts from the founder's
    budget."""
    if shown is None:
        return None
    strategy = shown.strategy
    read = strategy.evidence.sources
    trends = [
        TrendRow(
            t.trend,
            t.momentum,
            rules.momentum_label(t.momentum),
            t.relevance,
            cited_row(t.trend, t.sources, t.source, read),
        )
        for t in strategy.marketTrends
    ]
    return GrowthView(
        sample=shown.sample,
        key=shown.created_at.isoformat(),
        summary=strategy.summary,
        steps=[
            StepRow(
                s.step,
                s.action,
                s.expectedImpact,
                s.kpi,
                s.estimatedGrowth,
                cited_row(s.estimatedGrowth, s.sources, s.source, read),
            )
            for s in strategy.growthSteps
        ],
        weeks=[
            WeekRow(f"Week {week[-1]}", strategy.timeline[week])
            for week in rules.WEEKS
            if week in strategy.timeline
        ],
        trends=trends,
        radar_label="Trend momentum out of 100: "
        + ", ".join(f"{t.trend} {t.momentum}" for t in trends),
        budget_label=rules.dollars(shown.form.budget),
        budget_lines=[
            BudgetRow(
                b.channel,
                f"{b.percentage:g}%",
                rules.dollars(b.amount),
                b.percentage,
                f"var(--{CHANNEL_COLORS[i % len(CHANNEL_COLORS)]}-9)",
            )
            for i, b in enumerate(strategy.budgetAllocation)
        ],
        benchmarks=[cited_row(b.text, b.sources, b.source, read) for b in strategy.benchmarks],
        research=strategy.evidence.research,
        sources=source_rows(strategy.evidence),
    )


class GrowthState(IdeaChoiceMixin, ShownResultMixin, ReopenMixin, ToolRunMixin, rx.State):
    reopen_tools: ClassVar[frozenset[str]] = frozenset({tools.GROWTH.key})
    product: str = ""
    audience: str = ""
    budget: str = str(rules.DEFAULT_BUDGET)
    errors: dict[str, str] = {}
    elapsed: int = 0  # whole seconds the current generation has run
    # The result on screen (None: none), built from `_shown` by `_present` only. Its tabs
    # (Growth Blueprint, Trend Radar, Budget Allocation) switch in the browser.
    result: GrowthView | None = None

    # -- input -----------------------------------------------------------------------------

    def _clear_error(self, name: str) -> None:
        self.errors = {k: v for k, v in self.errors.items() if k != name}

    @rx.event
    def set_product(self, value: str) -> None:
        if isinstance(value, str):
            self.product = value[: rules.TEXT_INPUT_CAP]
            self._clear_error("product")

    @rx.event
    def set_audience(self, value: str) -> None:
        if isinstance(value, str):
            self.audience = value[: rules.TEXT_INPUT_CAP]
            self._clear_error("audience")

    @rx.event
    def set_budget(self, value: str) -> None:
        if isinstance(value, str):
            self.budget = value[:BUDGET_INPUT_CAP]
            self._clear_error("budget")

    @rx.event
    def new_strategy(self) -> None:
        """Back to the form; the inputs stay for the next run."""
        self._drop_run()
        self._clear_result()

    def _result_view(self, shown: ShownStrategy | None) -> GrowthView | None:
        return growth_view(shown)

    # -- reopen and the idea picker (issue 14) ----------------------------------------------

    def _reopen(
        self, tool: str, inputs: dict[str, Any], result: Any, sample: bool, created_at: datetime
    ) -> bool:
        """A kept or saved strategy, its product, audience and budget back in the form."""
        strategy = rules.GrowthStrategy.model_validate(result)
        form = self._fill(inputs)
        if form is None:
            return False
        self._present(ShownStrategy(strategy, form, created_at, self._reopened_origin()))
        return True

    def _restore_form(self, tool: str, inputs: dict[str, Any]) -> bool:
        """An interrupted run's product, audience and budget back in the form (issue 29)."""
        return self._fill(inputs) is not None

    def _fill(self, inputs: dict[str, Any]) -> GrowthForm | None:
        """A run's inputs in the form; what they ask (None: not a run's inputs)."""
        product, audience = inputs.get("product"), inputs.get("audience")
        budget, _ = rules.validate(product, audience, inputs.get("budget"))
        if budget is None or not isinstance(product, str) or not isinstance(audience, str):
            return None
        self.product, self.audience = product.strip(), audience.strip()
        self.budget = str(int(budget)) if budget.is_integer() else f"{budget:.2f}"
        self.errors = {}
        self.research_progress = ""
        return GrowthForm(self.product, self.audience, budget)

    def _fill_idea_text(self, text: str) -> None:
        self.set_product(text)

    # -- generation (T-GROW-1) ----------------------------------------------------------------

    @rx.event
    async def generate(self) -> EventSpec | None:
        """Generate Growth Strategy: checks the form here (a sequential handler sees every
        field typed before the click); the AI work runs in `run_generation`."""
        if self.running:
            return None  # a second click while one runs starts nothing
        budget, errors = rules.validate(self.product, self.audience, self.budget)
        self.errors = errors
        if budget is None:
            missing = "product" in errors or "audience" in errors
            title = rules.MISSING if missing else "Please check the budget"
            detail = rules.MISSING_DETAIL if missing else rules.BUDGET_INVALID
            return toasts.error(title, description=detail, id=TOAST_ID)
        if (signed_out := await signed_out_toast(self, rules.SIGN_IN_DETAIL, TOAST_ID)) is not None:
            return signed_out
        self._clear_result()
        self.elapsed = 0
        form = GrowthForm(self.product.strip(), self.audience.strip(), budget)
        self._start_run(GrowthRun(form, self._chosen_idea_id()))
        return GrowthState.run_generation

    @rx.event(background=True)
    async def run_generation(self) -> AsyncIterator[EventSpec]:
        """The generation itself; does nothing unless `generate` has just started one."""
        run = await self._claim_run()
        if run is None:
            return
        form: GrowthForm = run.form.form
        outcome = await self._researching_seconds(
            run, strategy_run(form, run.form.idea_id), TICK_SECONDS
        )
        if not await finish_run(self, run, lambda: self._end_generation(outcome, form)):
            return  # New Strategy while this ran: drop it
        yield outcome_toast(outcome, form.budget)

    def _end_generation(self, outcome: ToolOutcome[rules.GrowthStrategy], form: GrowthForm) -> None:
        origin = outcome.origin
        self._present_run(outcome, lambda result: ShownStrategy(result, form, utcnow(), origin))

    # -- save and download ---------------------------------------------------------------------

    def _saved(self, shown: ShownStrategy) -> SaveRequest:
        strategy, form, sample = shown.strategy, shown.form, shown.sample
        return SaveRequest(
            tool_name=TOOL_NAME,
            title=rules.result_title(form.budget),
            content=export.save_content(
                strategy, form.product, form.audience, form.budget, origin=shown.origin
            ),
            content_type="strategy",
            formatted_content=export.to_html(strategy, form.product, form.budget, sample=sample),
            metadata=export.save_metadata(form.budget, shown.created_at, origin=shown.origin),
        )

    @rx.event
    def download(self) -> list[EventSpec] | EventSpec:
        """Download Blueprint: the strategy as a Markdown file, built in the browser."""
        shown = self._shown
        if shown is None:
            return toasts.error(rules.NO_RESULT, description=rules.NO_RESULT_DETAIL)
        form, created_at = shown.form, shown.created_at
        return [
            rx.download(
                data=export.blueprint_markdown(
                    shown.strategy,
                    form.product,
                    form.audience,
                    form.budget,
                    created_at,
                    sample=shown.sample,
                ),
                filename=export.blueprint_filename(created_at),
                mime_type="text/markdown",
            ),
            toasts.success(
                rules.DOWNLOAD_TOAST,
                description=export.blueprint_filename(created_at),
                id=TOAST_ID,
            ),
        ]


def outcome_toast(outcome: ToolOutcome[rules.GrowthStrategy], budget: float) -> EventSpec:
    """Success with what came back, the demo note, or the failure (or no-access) texts."""
    if outcome.status is RunStatus.AI and outcome.result is not None:
        return toasts.success(
            rules.SUCCESS_TOAST, description=rules.success_detail(outcome.result, budget)
        )
    if outcome.sample:
        return toasts.info(rules.DEMO_TOAST, description=rules.DEMO_DETAIL)
    return notice_toast(outcome.notice or rules.RUN_TEXTS.failed)
