"""/growth-engine: a four-week growth blueprint from a product, its audience and a monthly
budget (T-GROW-1, T-AI-5).

Form -> generating -> result with tabs Growth Blueprint, Trend Radar and Budget Allocation,
plus New Strategy (back to the form, inputs kept) and Download Blueprint (a Markdown file).
The AI call runs in a background task that takes the tab's state lock only to write. When
the AI cannot answer, the spec's failure toast shows with the built-in sample strategy,
clearly labelled; demo mode shows the same sample. Budget amounts are always computed from the
founder's budget. Every text from the model is rendered as text.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import (
    COMPACT_TOOL_CARD_STYLE,
    TOOL_CARD_STYLE,
    aria_invalid,
    elapsed_label,
    field_error,
    field_label,
    section_heading,
    tab_list,
    tool_page,
    tool_route,
)
from startup_toolkit.domain import growth as rules
from startup_toolkit.domain.catalog import GROWTH_ENGINE
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.prompts import growth as prompt
from startup_toolkit.domain.saved_results import (
    AUTH_REQUIRED,
    NOTHING_TO_SAVE,
    NOTHING_TO_SAVE_DETAIL,
)
from startup_toolkit.services import ai
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.tools import claim_run, may_use_tools, save_tool_result, while_ticking

log = logging.getLogger(__name__)

TOOL_NAME = GROWTH_ENGINE.name
ACCENT = GROWTH_ENGINE.color
#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
TOAST_ID = "growth-status"
SIGN_IN_DETAIL = "Please log in to generate a growth strategy"
NO_ACCESS = "A subscription is needed to generate a growth strategy"
NO_ACCESS_DETAIL = "See the pricing page for plans."
DEMO_SECONDS = 2.0
TABS: tuple[tuple[str, str], ...] = (
    ("blueprint", "Growth Blueprint"),
    ("trends", "Trend Radar"),
    ("budget", "Budget Allocation"),
)
TAB_VALUES = frozenset(value for value, _ in TABS)
CHANNEL_COLORS = ("violet", "cyan", "orange", "green", "pink", "amber", "blue", "crimson")


@dataclasses.dataclass
class StepRow:
    step: int = 0
    action: str = ""
    impact: str = ""
    kpi: str = ""
    growth: str = ""


@dataclasses.dataclass
class TrendRow:
    trend: str = ""
    momentum: int = 0
    label: str = ""
    relevance: str = ""


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


class GrowthState(rx.State):
    product: str = ""
    audience: str = ""
    budget: str = str(rules.DEFAULT_BUDGET)
    errors: dict[str, str] = {}
    generating: bool = False
    elapsed: int = 0  # whole seconds the current generation has run
    tab: str = "blueprint"
    has_result: bool = False
    sample: bool = False
    summary: str = ""
    steps: list[StepRow] = []
    trends: list[TrendRow] = []
    weeks: list[WeekRow] = []
    budget_lines: list[BudgetRow] = []
    budget_label: str = ""

    _run: int = 0  # bumped by each generation and by New Strategy; a stale task writes nothing
    _strategy_json: str = ""
    _inputs_json: str = ""
    _created_at: str = ""
    _pending_json: str = ""  # what `generate` took, waiting for `run_generation`

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

    @rx.event
    def set_product(self, value: str) -> None:
        if isinstance(value, str):
            self.product = value[: rules.TEXT_INPUT_CAP]
            self.errors = {k: v for k, v in self.errors.items() if k != "product"}

    @rx.event
    def set_audience(self, value: str) -> None:
        if isinstance(value, str):
            self.audience = value[: rules.TEXT_INPUT_CAP]
            self.errors = {k: v for k, v in self.errors.items() if k != "audience"}

    @rx.event
    def set_budget(self, value: str) -> None:
        if isinstance(value, str):
            self.budget = value[:40]
            self.errors = {k: v for k, v in self.errors.items() if k != "budget"}

    @rx.event
    def set_tab(self, value: str) -> None:
        if value in TAB_VALUES:
            self.tab = value

    @rx.event
    def new_strategy(self) -> None:
        """Back to the form; the inputs stay for the next run."""
        self._run += 1
        self.generating = False
        self._clear_result()

    def _clear_result(self) -> None:
        self.has_result = False
        self.sample = False
        self.summary = ""
        self.steps = []
        self.trends = []
        self.weeks = []
        self.budget_lines = []
        self.budget_label = ""
        self.tab = "blueprint"
        self._strategy_json = self._inputs_json = self._created_at = ""

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
        self.steps = [
            StepRow(s.step, s.action, s.expectedImpact, s.kpi, s.estimatedGrowth)
            for s in strategy.growthSteps
        ]
        self.trends = [
            TrendRow(t.trend, t.momentum, rules.momentum_label(t.momentum), t.relevance)
            for t in strategy.marketTrends
        ]
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
        self._strategy_json = strategy.model_dump_json()
        self._inputs_json = json.dumps([product, audience, budget])
        self._created_at = utcnow().isoformat()

    def _stored(self) -> tuple[rules.GrowthStrategy, str, str, float, datetime] | None:
        if not self.has_result or not self._strategy_json:
            return None
        product, audience, budget = json.loads(self._inputs_json)
        return (
            rules.GrowthStrategy.model_validate_json(self._strategy_json),
            product,
            audience,
            float(budget),
            datetime.fromisoformat(self._created_at),
        )

    # -- generation (T-GROW-1) ----------------------------------------------------------------

    @rx.event
    async def generate(self) -> EventSpec | None:
        """Generate Growth Strategy. A sequential handler, so it reads every field typed
        before the click (a background one could overtake the queued field updates); the AI
        work runs in `run_generation` on what it takes here."""
        if self.generating:
            return None  # a second click while one runs starts nothing
        budget, errors = rules.validate(self.product, self.audience, self.budget)
        self.errors = errors
        if budget is None:
            missing = "product" in errors or "audience" in errors
            title = rules.MISSING if missing else "Please check the budget"
            detail = rules.MISSING_DETAIL if missing else rules.BUDGET_INVALID
            return rx.toast.error(title, description=detail, id=TOAST_ID)
        if await signed_in_user_id(self) is None:
            return rx.toast.error(AUTH_REQUIRED, description=SIGN_IN_DETAIL, id=TOAST_ID)
        self._run += 1
        self._clear_result()
        self.generating = True
        self.elapsed = 0
        self._pending_json = json.dumps([self.product.strip(), self.audience.strip(), budget])
        return GrowthState.run_generation

    @rx.event(background=True)
    async def run_generation(self) -> AsyncIterator[EventSpec]:
        """The generation itself; does nothing unless `generate` has just started one."""
        claimed = await claim_run(self, busy="generating")
        if claimed is None:
            return
        run = claimed.number
        product, audience, budget = claimed.snapshot

        def advance(seconds: float) -> bool:
            if self._run != run or not self.generating:
                return False
            self.elapsed = int(seconds)
            return True

        strategy, outcome = await while_ticking(
            self, _generate(claimed.user_id, product, audience, budget), advance, 1.0
        )

        async with self:
            if self._run != run:
                return  # New Strategy while this ran: drop it
            self.generating = False
            if strategy is not None:
                self._show(strategy, product, audience, budget, sample=outcome != "ai")
        if outcome == "ai" and strategy is not None:
            yield rx.toast.success(
                rules.SUCCESS_TOAST,
                description=f"{len(strategy.growthSteps)} steps and a budget split for "
                f"{rules.dollars(budget)} a month.",
            )
        elif outcome == "failed":
            yield rx.toast.error(rules.FAILED_TOAST, description=rules.FAILED_DETAIL)
        elif outcome == "demo":
            yield rx.toast.info(
                "Sample strategy (demo mode)",
                description="Set AI_API_KEY to get a strategy for your product.",
            )
        else:
            yield rx.toast.error(NO_ACCESS, description=NO_ACCESS_DETAIL)

    # -- save and download ---------------------------------------------------------------------

    @rx.event
    async def save(self) -> EventSpec:
        stored = self._stored()
        if stored is None:
            return rx.toast.error(NOTHING_TO_SAVE, description=NOTHING_TO_SAVE_DETAIL)
        strategy, product, audience, budget, created_at = stored
        return await save_tool_result(
            self,
            tool_name=TOOL_NAME,
            title=rules.result_title(budget),
            content=rules.save_content(strategy, product, audience, budget, sample=self.sample),
            content_type="strategy",
            formatted_content=rules.to_html(strategy, product, budget),
            metadata=rules.save_metadata(budget, created_at, sample=self.sample),
        )

    @rx.event
    def download(self) -> list[EventSpec] | EventSpec:
        """Download Blueprint: the strategy as a Markdown file, built in the browser."""
        stored = self._stored()
        if stored is None:
            return rx.toast.error(rules.NO_RESULT, description=rules.NO_RESULT_DETAIL)
        strategy, product, audience, budget, created_at = stored
        return [
            rx.download(
                data=rules.blueprint_markdown(strategy, product, audience, budget, created_at),
                filename=rules.blueprint_filename(created_at),
                mime_type="text/markdown",
            ),
            rx.toast.success(
                rules.DOWNLOAD_TOAST,
                description=rules.blueprint_filename(created_at),
                id=TOAST_ID,
            ),
        ]


async def _generate(
    user_id: str, product: str, audience: str, budget: float
) -> tuple[rules.GrowthStrategy | None, str]:
    """(strategy, outcome): 'ai', 'demo' or 'failed' (both with the sample), 'no_access'."""
    if not await may_use_tools(user_id):
        return None, "no_access"
    if not ai.ai_available():
        await asyncio.sleep(DEMO_SECONDS)
        return rules.sample_strategy(budget), "demo"
    try:
        strategy = await ai.generate_json(
            user_id,
            TOOL_NAME,
            prompt.SYSTEM,
            prompt.user_prompt(product, audience, budget),
            rules.GrowthStrategy,
            temperature=rules.GROWTH_TEMPERATURE,
        )
    except ai.AiError as exc:
        log.warning("Growth strategy fell back to the sample: %s", exc.message)
        return rules.sample_strategy(budget), "failed"
    except Exception:
        log.exception("Growth strategy fell back to the sample")
        return rules.sample_strategy(budget), "failed"
    with_budget = rules.with_budget(strategy, budget)
    if not with_budget.budgetAllocation:  # the model gave no usable split
        with_budget = with_budget.model_copy(
            update={"budgetAllocation": rules.sample_strategy(budget).budgetAllocation}
        )
    return with_budget, "ai"


# --- View -------------------------------------------------------------------------------------


def _error(name: str) -> rx.Component:
    return field_error(GrowthState.errors, name, f"growth-{name}-error")


def _form() -> rx.Component:
    return rx.vstack(
        section_heading("Your business", "briefcase", ACCENT),
        rx.vstack(
            field_label("Product description", "growth-product"),
            rx.text_area(
                id="growth-product",
                value=GrowthState.product,
                on_change=GrowthState.set_product,
                placeholder="What you sell and the problem it solves, e.g. a booking app that "
                "cuts no-shows for physiotherapy clinics.",
                rows="4",
                size="3",
                width="100%",
                resize="vertical",
                aria_invalid=aria_invalid(GrowthState.errors, "product"),
            ),
            _error("product"),
            spacing="1",
            width="100%",
        ),
        rx.vstack(
            field_label("Target audience", "growth-audience"),
            rx.text_area(
                id="growth-audience",
                value=GrowthState.audience,
                on_change=GrowthState.set_audience,
                placeholder="Who buys it, e.g. owners of independent clinics with 2-10 staff.",
                rows="2",
                size="3",
                width="100%",
                resize="vertical",
                aria_invalid=aria_invalid(GrowthState.errors, "audience"),
            ),
            _error("audience"),
            spacing="1",
            width="100%",
        ),
        rx.vstack(
            field_label("Monthly budget (USD)", "growth-budget"),
            rx.input(
                id="growth-budget",
                value=GrowthState.budget,
                on_change=GrowthState.set_budget,
                input_mode="decimal",
                size="3",
                max_width="16rem",
                aria_invalid=aria_invalid(GrowthState.errors, "budget"),
            ),
            _error("budget"),
            spacing="1",
            width="100%",
        ),
        rx.button(
            rx.icon("rocket", size=18, aria_hidden="true"),
            "Generate Growth Strategy",
            on_click=GrowthState.generate,
            disabled=GrowthState.generating,
            size="3",
            type="button",
            id="growth-generate",
        ),
        spacing="4",
        align="start",
        style=TOOL_CARD_STYLE,
    )


def _generating() -> rx.Component:
    return rx.hstack(
        rx.spinner(size="3"),
        rx.vstack(
            rx.heading("Building your growth blueprint", as_="h2", size="5", style=heading_style),
            rx.text(
                "Reading your audience, scanning trends and splitting the budget. This usually "
                "takes 10 to 30 seconds.",
                size="2",
                color="var(--gray-11)",
            ),
            elapsed_label(GrowthState.elapsed, "growth-elapsed"),
            spacing="1",
            align="start",
        ),
        spacing="4",
        align="center",
        role="status",
        aria_busy="true",
        style=TOOL_CARD_STYLE,
        id="growth-generating",
    )


def _step_card(row: rx.Var[StepRow]) -> rx.Component:
    return rx.hstack(
        rx.center(
            rx.text(row.step, weight="bold"),
            width="2rem",
            height="2rem",
            flex_shrink="0",
            border_radius="full",
            background="var(--orange-a3)",
            color="var(--orange-11)",
        ),
        rx.vstack(
            rx.text(row.action, size="3", weight="medium"),
            rx.cond(row.impact != "", rx.text(row.impact, size="2", color="var(--gray-11)")),
            rx.flex(
                rx.cond(row.kpi != "", rx.badge("KPI: ", row.kpi, variant="soft", size="1")),
                rx.cond(
                    row.growth != "",
                    rx.badge(row.growth, color_scheme="green", variant="soft", size="1"),
                ),
                spacing="2",
                wrap="wrap",
            ),
            spacing="1",
            align="start",
        ),
        spacing="3",
        align="start",
        class_name="growth-step",
        style=COMPACT_TOOL_CARD_STYLE,
    )


def _blueprint_tab() -> rx.Component:
    return rx.vstack(
        rx.foreach(GrowthState.steps, _step_card),
        rx.cond(
            GrowthState.weeks.length() > 0,
            rx.vstack(
                section_heading("Four-week timeline", "calendar-days", ACCENT),
                rx.grid(
                    rx.foreach(
                        GrowthState.weeks,
                        lambda w: rx.vstack(
                            rx.text(w.week, weight="bold", size="2", color="var(--orange-11)"),
                            rx.text(w.focus, size="2"),
                            spacing="1",
                            align="start",
                            style=COMPACT_TOOL_CARD_STYLE,
                        ),
                    ),
                    columns=rx.breakpoints(initial="1", sm="2", lg="4"),
                    spacing="3",
                    width="100%",
                ),
                spacing="3",
                width="100%",
                id="growth-timeline",
            ),
        ),
        spacing="3",
        width="100%",
    )


def _trends_tab() -> rx.Component:
    return rx.vstack(
        rx.cond(
            GrowthState.trends.length() > 2,
            rx.box(
                rx.recharts.radar_chart(
                    rx.recharts.polar_grid(stroke="var(--gray-a6)"),
                    rx.recharts.polar_angle_axis(
                        data_key="trend", tick={"fill": "var(--gray-11)", "fontSize": 12}
                    ),
                    rx.recharts.polar_radius_axis(domain=[0, 100], tick=False, axis_line=False),
                    rx.recharts.radar(
                        data_key="momentum",
                        stroke="var(--orange-9)",
                        fill="var(--orange-9)",
                        fill_opacity=0.35,
                        is_animation_active=False,
                    ),
                    data=GrowthState.radar_data,
                    width="100%",
                    height=300,
                ),
                role="img",
                aria_label=GrowthState.radar_label,
                width="100%",
                style=TOOL_CARD_STYLE,
            ),
        ),
        rx.foreach(
            GrowthState.trends,
            lambda t: rx.vstack(
                rx.flex(
                    rx.text(t.trend, weight="bold", size="3"),
                    rx.badge(
                        t.label,
                        " momentum · ",
                        t.momentum,
                        "/100",
                        color_scheme=rx.match(
                            t.label, ("High", "green"), ("Medium", "amber"), "gray"
                        ),
                        variant="soft",
                    ),
                    justify="between",
                    align="center",
                    spacing="2",
                    wrap="wrap",
                    width="100%",
                ),
                rx.text(t.relevance, size="2", color="var(--gray-11)"),
                spacing="2",
                class_name="growth-trend",
                style=COMPACT_TOOL_CARD_STYLE,
            ),
        ),
        rx.cond(
            GrowthState.trends.length() == 0,
            rx.text("No trends were returned.", size="2", color="var(--gray-11)"),
        ),
        spacing="3",
        width="100%",
    )


def _budget_tab() -> rx.Component:
    return rx.grid(
        rx.box(
            rx.recharts.pie_chart(
                rx.recharts.pie(
                    rx.foreach(
                        GrowthState.budget_chart, lambda d: rx.recharts.cell(fill=d["fill"])
                    ),
                    data=GrowthState.budget_chart,
                    data_key="percentage",
                    name_key="channel",
                    inner_radius="55%",
                    outer_radius="90%",
                    stroke="var(--color-panel-solid)",
                    is_animation_active=False,
                ),
                width="100%",
                height=260,
            ),
            role="img",
            aria_label="Budget split by channel",
            style=TOOL_CARD_STYLE,
        ),
        rx.box(
            rx.text("Monthly budget: ", GrowthState.budget_label, weight="bold", size="3"),
            rx.table.root(
                rx.table.header(
                    rx.table.row(
                        rx.table.column_header_cell("Channel"),
                        rx.table.column_header_cell("Share"),
                        rx.table.column_header_cell("Amount"),
                    )
                ),
                rx.table.body(
                    rx.foreach(
                        GrowthState.budget_lines,
                        lambda b: rx.table.row(
                            rx.table.cell(
                                rx.hstack(
                                    rx.box(
                                        width="0.75rem",
                                        height="0.75rem",
                                        border_radius="2px",
                                        background=b.fill,
                                        flex_shrink="0",
                                    ),
                                    rx.text(b.channel),
                                    spacing="2",
                                    align="center",
                                )
                            ),
                            rx.table.cell(b.share),
                            rx.table.cell(b.amount),
                        ),
                    )
                ),
                width="100%",
                margin_top="0.75rem",
                id="growth-budget-table",
            ),
            style=TOOL_CARD_STYLE,
        ),
        columns=rx.breakpoints(initial="1", md="2"),
        spacing="4",
        width="100%",
    )


def _results() -> rx.Component:
    return rx.vstack(
        rx.cond(
            GrowthState.sample,
            rx.callout(
                rules.SAMPLE_LABEL,
                icon="info",
                color_scheme="amber",
                size="1",
                width="100%",
                id="growth-sample",
            ),
        ),
        rx.vstack(
            rx.flex(
                section_heading("Your growth strategy", "rocket", ACCENT),
                rx.hstack(
                    rx.button(
                        rx.icon("download", size=16, aria_hidden="true"),
                        "Download Blueprint",
                        on_click=GrowthState.download,
                        variant="soft",
                        type="button",
                    ),
                    rx.button(
                        rx.icon("rotate-ccw", size=16, aria_hidden="true"),
                        "New Strategy",
                        on_click=GrowthState.new_strategy,
                        variant="soft",
                        color_scheme="gray",
                        type="button",
                    ),
                    spacing="2",
                    wrap="wrap",
                ),
                justify="between",
                align="center",
                spacing="3",
                wrap="wrap",
                width="100%",
            ),
            rx.text(GrowthState.summary, size="3", id="growth-summary"),
            spacing="3",
            style=TOOL_CARD_STYLE,
        ),
        rx.tabs.root(
            tab_list(*[rx.tabs.trigger(label, value=value) for value, label in TABS]),
            rx.tabs.content(rx.box(_blueprint_tab(), padding_top="1rem"), value="blueprint"),
            rx.tabs.content(rx.box(_trends_tab(), padding_top="1rem"), value="trends"),
            rx.tabs.content(rx.box(_budget_tab(), padding_top="1rem"), value="budget"),
            value=GrowthState.tab,
            on_change=GrowthState.set_tab,
            width="100%",
        ),
        spacing="4",
        width="100%",
    )


@tool_route(GROWTH_ENGINE)
def growth_engine() -> rx.Component:
    return tool_page(
        GROWTH_ENGINE,
        rx.cond(
            GrowthState.has_result,
            _results(),
            rx.cond(GrowthState.generating, _generating(), _form()),
        ),
        save_handler=GrowthState.save,
        can_save=GrowthState.has_result,
    )
