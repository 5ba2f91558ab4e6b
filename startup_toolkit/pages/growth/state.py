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
from startup_toolkit.domain.tools.growth import TOOL_NAME, GrowthForm, strategy_run
from startup_toolkit.services.tool_runs import RunStatus, ToolOutcome, run_tool
from startup_toolkit.state import toasts
from startup_toolkit.state.evidence import CitedRow, EvidenceMixin, cited_row
from startup_toolkit.state.idea_choice import IdeaChoiceMixin
from startup_toolkit.state.reopen import ReopenMixin
from startup_toolkit.state.tabs import TabsMixin
from startup_toolkit.state.tool_outcome import (
    finish_run,
    nothing_to_save,
    notice_toast,
    signed_out_toast,
)
from startup_toolkit.state.tool_run import ToolRunMixin
from startup_toolkit.state.tools import save_tool_result

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
TAB_VALUES = frozenset(value for value, _ in TABS)
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


@dataclasses.dataclass(frozen=True)
class ShownStrategy:
    """The strategy on screen with what it was made from, for Save and Download."""

    strategy: rules.GrowthStrategy
    form: GrowthForm
    created_at: datetime


class GrowthState(IdeaChoiceMixin, ReopenMixin, ToolRunMixin, TabsMixin, EvidenceMixin, rx.State):
    reopen_tools: ClassVar[frozenset[str]] = frozenset({tools.GROWTH.key})
    product: str = ""
    audience: str = ""
    budget: str = str(rules.DEFAULT_BUDGET)
    errors: dict[str, str] = {}
    elapsed: int = 0  # whole seconds the current generation has run
    tab_values: ClassVar[frozenset[str]] = TAB_VALUES
    tab: str = "blueprint"
    has_result: bool = False
    sample: bool = False
    summary: str = ""
    steps: list[StepRow] = []
    trends: list[TrendRow] = []
    benchmarks: list[CitedRow] = []  # channel benchmarks with their citations (issue 15)
    weeks: list[WeekRow] = []
    budget_lines: list[BudgetRow] = []
    budget_label: str = ""

    _shown: ShownStrategy | None = None

    @rx.var
    def budget_chart(self) -> list[dict[str, Any]]:
        return [
            {"channel": b.channel, "percentage": b.percentage, "fill": b.fill}
            for b in self.budget_lines
        ]

    @rx.var
    def radar_data(self) -> list[dict[str, Any]]:
        return [{"trend": t.trend, "momentum": t.momentum} for t in self.trends]

    @rx.var
    def radar_label(self) -> str:
        """The radar chart's text alternative."""
        return "Trend momentum out of 100: " + ", ".join(
            f"{t.trend} {t.momentum}" for t in self.trends
        )

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

    def _clear_result(self) -> None:
        self.has_result = False
        self.sample = False
        self.summary = ""
        self.steps = []
        self.trends = []
        self.benchmarks = []
        self._clear_evidence()
        self.weeks = []
        self.budget_lines = []
        self.budget_label = ""
        self.tab = "blueprint"
        self._shown = None
        self._forget_reopened()

    def _show(
        self,
        strategy: rules.GrowthStrategy,
        product: str,
        audience: str,
        budget: float,
        sample: bool,
    ) -> None:
        self.has_result = True
        self.sample = sample
        self.summary = strategy.summary
        read = strategy.evidence.sources
        self.steps = [
            StepRow(
                s.step,
                s.action,
                s.expectedImpact,
                s.kpi,
                s.estimatedGrowth,
                cited_row(s.estimatedGrowth, s.sources, s.source, read),
            )
            for s in strategy.growthSteps
        ]
        self.trends = [
            TrendRow(
                t.trend,
                t.momentum,
                rules.momentum_label(t.momentum),
                t.relevance,
                cited_row(t.trend, t.sources, t.source, read),
            )
            for t in strategy.marketTrends
        ]
        self.benchmarks = [
            cited_row(b.text, b.sources, b.source, read) for b in strategy.benchmarks
        ]
        self._show_evidence(strategy.evidence)
        self.weeks = [
            WeekRow(f"Week {week[-1]}", strategy.timeline[week])
            for week in rules.WEEKS
            if week in strategy.timeline
        ]
        self.budget_lines = [
            BudgetRow(
                b.channel,
                f"{b.percentage:g}%",
                rules.dollars(b.amount),
                b.percentage,
                f"var(--{CHANNEL_COLORS[i % len(CHANNEL_COLORS)]}-9)",
            )
            for i, b in enumerate(strategy.budgetAllocation)
        ]
        self.budget_label = rules.dollars(budget)
        self.tab = "blueprint"
        self._shown = ShownStrategy(strategy, GrowthForm(product, audience, budget), utcnow())

    # -- reopen and the idea picker (issue 14) ----------------------------------------------

    def _reopen(
        self, tool: str, inputs: dict[str, Any], result: Any, sample: bool, created_at: datetime
    ) -> bool:
        """A kept or saved strategy, its product, audience and budget back in the form."""
        product, audience = inputs.get("product"), inputs.get("audience")
        budget, _ = rules.validate(product, audience, inputs.get("budget"))
        if budget is None or not isinstance(product, str) or not isinstance(audience, str):
            return False
        strategy = rules.GrowthStrategy.model_validate(result)
        self.product, self.audience = product.strip(), audience.strip()
        self.budget = str(int(budget)) if budget.is_integer() else f"{budget:.2f}"
        self.errors = {}
        self._show(strategy, self.product, self.audience, budget, sample)
        self._shown = ShownStrategy(
            strategy, GrowthForm(self.product, self.audience, budget), created_at
        )
        return True

    def _reopen_clear(self) -> None:
        self._clear_result()

    def _fill_idea_text(self, text: str) -> None:
        self.set_product(text)

    def _stored(self) -> ShownStrategy | None:
        return self._shown if self.has_result else None

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
        heard: list[str] = []  # the research step's latest words, shown at the next tick

        def advance(seconds: float) -> None:
            self.elapsed = int(seconds)
            if heard:
                self.research_progress = heard[-1]

        work = run_tool(run.user_id, strategy_run(form, run.form.idea_id), on_progress=heard.append)
        outcome = await self._tick_while(run, work, advance, TICK_SECONDS)
        if not await finish_run(self, run, lambda: self._end_generation(outcome, form)):
            return  # New Strategy while this ran: drop it
        yield outcome_toast(outcome, form.budget)

    def _end_generation(self, outcome: ToolOutcome[rules.GrowthStrategy], form: GrowthForm) -> None:
        self.research_progress = ""
        if outcome.result is not None:
            sample = outcome.status is not RunStatus.AI
            self._show(outcome.result, form.product, form.audience, form.budget, sample=sample)
            self._run_id = outcome.run_id

    # -- save and download ---------------------------------------------------------------------

    @rx.event
    async def save(self) -> EventSpec:
        shown = self._stored()
        if shown is None:
            return nothing_to_save()
        strategy, form = shown.strategy, shown.form
        return await save_tool_result(
            self,
            tool_name=TOOL_NAME,
            title=rules.result_title(form.budget),
            content=export.save_content(
                strategy, form.product, form.audience, form.budget, sample=self.sample
            ),
            content_type="strategy",
            formatted_content=export.to_html(
                strategy, form.product, form.budget, sample=self.sample
            ),
            metadata=self._with_run_id(
                export.save_metadata(form.budget, shown.created_at, sample=self.sample)
            ),
        )

    @rx.event
    def download(self) -> list[EventSpec] | EventSpec:
        """Download Blueprint: the strategy as a Markdown file, built in the browser."""
        shown = self._stored()
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
                    sample=self.sample,
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
