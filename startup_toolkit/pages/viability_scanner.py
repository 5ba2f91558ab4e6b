"""/startup-viability-scanner: the Genesis Engine scores an idea before it is built
(T-SCAN-1..5, T-AI-5, P-MISC-5).

Idle (the idea form) -> analysing (progress rises by a random 0-10 every 300 ms, capped at
95) -> success (progress 100, the results, a success toast 500 ms later) or error (progress
back to 0, the error panel with Retry Genesis Analysis). The AI call runs in a background task
that takes the tab's state lock only to write, so the page stays responsive; a second click
while a scan runs starts nothing. Without an AI key (demo mode) the same animation ends in the
built-in sample, clearly labelled. Every text from the model is rendered as text.
"""

from __future__ import annotations

import asyncio
import dataclasses
import json
import logging
import random
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import (
    TOOL_CARD_STYLE,
    section_heading,
    tab_list,
    tool_page,
    tool_route,
)
from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain.catalog import VIABILITY_SCANNER
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.prompts import scanner as prompt
from startup_toolkit.domain.saved_results import (
    AUTH_REQUIRED,
    NOTHING_TO_SAVE,
    NOTHING_TO_SAVE_DETAIL,
)
from startup_toolkit.services import ai
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.tools import claim_run, may_use_tools, save_tool_result, while_ticking

log = logging.getLogger(__name__)

TOOL_NAME = VIABILITY_SCANNER.name
ACCENT = VIABILITY_SCANNER.color
IDEA_ID = "scanner-idea"
HINT_ID = "scanner-idea-hint"
TABS: tuple[tuple[str, str], ...] = (
    ("summary", "Summary"),
    ("action", "Action Plan"),
    ("competitors", "Competitors"),
    ("market", "Market"),
)
TAB_VALUES = frozenset(value for value, _ in TABS)
#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
SCAN_TOAST_ID = "scanner-status"
SIGN_IN_DETAIL = "Please log in to run a Genesis Scan"
NO_ACCESS = "A subscription is needed to run a Genesis Scan"
NO_ACCESS_DETAIL = "See the pricing page for plans."
#: The processing view's stage line, by progress.
STAGES: tuple[tuple[int, str], ...] = (
    (20, "Validating the problem"),
    (40, "Mapping the market and competitors"),
    (60, "Estimating failure risks"),
    (80, "Modelling monetization"),
    (101, "Assessing founder fit"),
)


def progress_step() -> int:
    """A random step of 0-10 (replaced in tests)."""
    return random.randint(0, rules.PROGRESS_STEP_MAX)


def next_progress(current: int, step: int) -> int:
    return min(rules.PROGRESS_CAP, max(0, current) + max(0, step))


# --- What the results view renders ------------------------------------------------------------


@dataclasses.dataclass
class CategoryRow:
    name: str = ""
    short: str = ""
    score: int = 0
    color: str = "gray"
    assessment: str = ""
    reasoning: str = ""
    confidence: str = ""


@dataclasses.dataclass
class CompetitorRow:
    name: str = ""
    strength: int = 0
    weakness: str = ""
    differentiator: str = ""


@dataclasses.dataclass
class InsightRow:
    text: str = ""
    source: str = ""


def _category_rows(result: rules.ScanResult) -> list[CategoryRow]:
    return [
        CategoryRow(
            name=c.category,
            short=rules.CATEGORY_SHORT_NAMES.get(c.category, c.category),
            score=c.score,
            color=rules.score_color(c.score),
            assessment=c.assessment,
            reasoning=c.reasoning,
            confidence=c.confidence,
        )
        for c in result.categories
    ]


class ScannerState(rx.State):
    idea: str = ""
    validation: str = ""  # the inline message under the idea
    analysing: bool = False
    progress: int = 0
    error: str = ""  # the error panel's text; "" = no error
    tab: str = "summary"
    has_result: bool = False
    sample: bool = False
    score: int = 0
    assessment: str = ""
    categories: list[CategoryRow] = []
    steps: list[str] = []
    competitors: list[CompetitorRow] = []
    market_size: str = ""
    market_size_source: str = ""
    growth_rate: str = ""
    growth_rate_source: str = ""
    trends: list[InsightRow] = []
    challenges: list[InsightRow] = []

    _run: int = 0  # bumped by each scan and by New Scan; a stale task writes nothing
    _pending_json: str = ""  # the idea `scan` took, waiting for `run_scan`
    _result_json: str = ""
    _scanned_idea: str = ""
    _scanned_at: str = ""

    # -- derived ---------------------------------------------------------------------------

    @rx.var
    def hint(self) -> str:
        return rules.idea_hint(self.idea)

    @rx.var
    def ready(self) -> bool:
        return rules.can_scan(self.idea)

    @rx.var
    def too_long(self) -> bool:
        return rules.idea_length(self.idea) > rules.MAX_IDEA_LENGTH

    @rx.var
    def counter(self) -> str:
        return f"{rules.idea_length(self.idea):,} / {rules.MAX_IDEA_LENGTH:,}"

    @rx.var
    def verdict_label(self) -> str:
        return rules.verdict(self.score).label

    @rx.var
    def verdict_color(self) -> str:
        return rules.verdict(self.score).color

    @rx.var
    def stage_label(self) -> str:
        return next(label for limit, label in STAGES if self.progress < limit)

    @rx.var
    def chart_data(self) -> list[dict[str, Any]]:
        return [
            {"name": c.short, "category": c.name, "score": c.score, "fill": f"var(--{c.color}-9)"}
            for c in self.categories
        ]

    @rx.var
    def chart_label(self) -> str:
        """The chart's text alternative."""
        scores = ", ".join(f"{c.name} {c.score}" for c in self.categories)
        return f"Category scores out of 100: {scores}"

    # -- input -----------------------------------------------------------------------------

    @rx.event
    def set_idea(self, value: str) -> None:
        if isinstance(value, str):
            self.idea = value[: rules.IDEA_INPUT_CAP]
            if self.validation and rules.validate_idea(self.idea) is None:
                self.validation = ""

    @rx.event
    def set_tab(self, value: str) -> None:
        if value in TAB_VALUES:
            self.tab = value

    @rx.event
    def edit_idea(self) -> None:
        """From the error panel back to the form (the idea is kept)."""
        if not self.analysing:
            self.error = ""
            self.progress = 0

    @rx.event
    def new_scan(self) -> None:
        """T-SCAN-3: reset everything, including the tab and the idea."""
        self._run += 1
        self._pending_json = ""
        self._clear_result()
        self.idea = ""
        self.validation = ""
        self.error = ""
        self.progress = 0
        self.analysing = False
        self.tab = "summary"

    def _clear_result(self) -> None:
        self.has_result = False
        self.sample = False
        self.score = 0
        self.assessment = ""
        self.categories = []
        self.steps = []
        self.competitors = []
        self.market_size = self.market_size_source = ""
        self.growth_rate = self.growth_rate_source = ""
        self.trends = []
        self.challenges = []
        self._result_json = ""
        self._scanned_idea = ""
        self._scanned_at = ""

    def _show(self, result: rules.ScanResult, idea: str, sample: bool) -> None:
        market = result.marketInsights
        self.has_result = True
        self.sample = sample
        self.score = result.overallScore
        self.assessment = result.overallAssessment
        self.categories = _category_rows(result)
        self.steps = list(result.actionSteps)
        self.competitors = [
            CompetitorRow(c.name, c.strengthScore, c.weakness, c.differentiator)
            for c in result.competitors
        ]
        self.market_size, self.market_size_source = market.size.value, market.size.source
        self.growth_rate = market.growthRate.value
        self.growth_rate_source = market.growthRate.source
        self.trends = [InsightRow(i.text, i.source) for i in market.keyTrends]
        self.challenges = [InsightRow(i.text, i.source) for i in market.challenges]
        self._result_json = result.model_dump_json()
        self._scanned_idea = idea
        self._scanned_at = utcnow().isoformat()
        self.tab = "summary"

    def _stored_result(self) -> tuple[rules.ScanResult, str, datetime] | None:
        if not self.has_result or not self._result_json:
            return None
        result = rules.ScanResult.model_validate_json(self._result_json)
        return result, self._scanned_idea, datetime.fromisoformat(self._scanned_at)

    # -- the scan (T-SCAN-2, T-SCAN-4) -------------------------------------------------------

    @rx.event
    async def scan(self) -> EventSpec | None:
        """Launch Genesis Scan and Retry Genesis Analysis. A sequential handler, so it reads
        the idea as typed before the click (a background one could overtake the queued field
        updates); the AI work runs in `run_scan` on what it takes here."""
        if self.analysing:
            return None  # a second click while a scan runs starts nothing
        problem = rules.validate_idea(self.idea)
        if problem is not None:
            self.validation = problem[0]
            return rx.toast.error(problem[0], description=problem[1], id=SCAN_TOAST_ID)
        self.validation = ""
        if await signed_in_user_id(self) is None:
            return rx.toast.error(AUTH_REQUIRED, description=SIGN_IN_DETAIL, id=SCAN_TOAST_ID)
        self._run += 1
        self.analysing = True
        self.progress = 0
        self.error = ""
        self._clear_result()
        self._pending_json = json.dumps({"idea": self.idea.strip()})
        return ScannerState.run_scan

    @rx.event(background=True)
    async def run_scan(self) -> AsyncIterator[EventSpec]:
        """The scan itself; does nothing unless `scan` has just started one."""
        claimed = await claim_run(self, busy="analysing")
        if claimed is None:
            return
        run, idea = claimed.number, str(claimed.snapshot["idea"])

        def advance(_elapsed: float) -> bool:
            if self._run != run or not self.analysing:
                return False
            self.progress = next_progress(self.progress, progress_step())
            return True

        # failure: (panel, toast title, toast description)
        result, sample, failure = await while_ticking(
            self, _analyse(claimed.user_id, idea), advance, rules.PROGRESS_TICK_SECONDS
        )

        async with self:
            if self._run != run:
                return  # New Scan while this ran: drop it
            if result is not None:
                self._show(result, idea, sample)
                self.progress = 100
            else:
                self.progress = 0
                self.error = failure[0] if failure else rules.SYSTEM_FAILED_PANEL
        if failure is not None:
            yield rx.toast.error(failure[1], description=failure[2])
        await asyncio.sleep(rules.FINISH_DELAY_SECONDS)
        async with self:
            if self._run != run:
                return
            self.analysing = False
        if result is not None:
            yield rx.toast.success(
                rules.SUCCESS_TOAST,
                description=f"Viability score: {result.overallScore}/100",
            )

    # -- share / export (T-SCAN-5, T-AI-5) --------------------------------------------------

    @rx.event
    async def save(self) -> EventSpec:
        """Save Results and Share/Export's 'Save to dashboard'."""
        stored = self._stored_result()
        if stored is None:
            return rx.toast.error(NOTHING_TO_SAVE, description=NOTHING_TO_SAVE_DETAIL)
        result, idea, scanned_at = stored
        return await save_tool_result(
            self,
            tool_name=TOOL_NAME,
            title=rules.result_title(result.overallScore),
            content=rules.save_content(result, idea, sample=self.sample),
            content_type="analysis",
            formatted_content=rules.to_html(result, idea),
            metadata=rules.save_metadata(result, idea, scanned_at),
        )

    @rx.event
    def export(self) -> EventSpec:
        """Download the result as a JSON file (in the browser)."""
        stored = self._stored_result()
        if stored is None:
            return rx.toast.error(rules.NO_RESULT, description=rules.NO_RESULT_DETAIL)
        result, idea, scanned_at = stored
        return rx.download(
            data=rules.export_json(result, idea, scanned_at, sample=self.sample),
            filename=rules.export_filename(scanned_at),
            mime_type="application/json",
        )


async def _analyse(
    user_id: str, idea: str
) -> tuple[rules.ScanResult | None, bool, tuple[str, str, str] | None]:
    """(result, whether it is the demo sample, failure texts)."""
    try:
        if not await may_use_tools(user_id, deny_on_error=False):
            return None, False, (NO_ACCESS, NO_ACCESS, NO_ACCESS_DETAIL)
        if not ai.ai_available():
            await asyncio.sleep(rules.DEMO_SECONDS)
            return rules.SAMPLE_SCAN, True, None
        result = await ai.generate_json(
            user_id,
            TOOL_NAME,
            prompt.SYSTEM,
            prompt.user_prompt(idea),
            rules.ScanResult,
            temperature=rules.SCAN_TEMPERATURE,
        )
        return result, False, None
    except ai.AiParseError:
        return (
            None,
            False,
            (rules.PARSE_FAILED_PANEL, rules.PARSE_FAILED_TOAST, rules.PARSE_FAILED_TOAST_DETAIL),
        )
    except ai.AiBudgetExceeded as exc:
        return None, False, (exc.message, rules.BUDGET_TOAST, exc.message)
    except ai.AiError as exc:
        log.warning("Genesis scan failed: %s", exc.message)
    except Exception:
        log.exception("Genesis scan failed")
    return (
        None,
        False,
        (rules.SYSTEM_FAILED_PANEL, rules.SYSTEM_FAILED_TOAST, rules.SYSTEM_FAILED_TOAST_DETAIL),
    )


# --- View -------------------------------------------------------------------------------------


def _coverage() -> rx.Component:
    """What the scan looks at (beside the form)."""
    icons = ("target", "swords", "shield-alert", "coins", "user-check")
    return rx.vstack(
        section_heading("What the scan covers", "list-checks", ACCENT),
        *[
            rx.hstack(
                rx.center(
                    rx.icon(icon, size=16, color="var(--violet-11)", aria_hidden="true"),
                    width="2rem",
                    height="2rem",
                    flex_shrink="0",
                    border_radius="var(--radius-3)",
                    background="var(--violet-a3)",
                ),
                rx.text(name, size="2", weight="medium"),
                spacing="3",
                align="center",
            )
            for name, icon in zip(rules.CATEGORY_NAMES, icons, strict=True)
        ],
        rx.text(
            "Plus five action steps, competitors and market data with sources.",
            size="2",
            color="var(--gray-11)",
        ),
        spacing="3",
        align="start",
        style=TOOL_CARD_STYLE,
    )


def _idea_form() -> rx.Component:
    ready = ScannerState.ready
    return rx.grid(
        rx.vstack(
            rx.el.label(
                "Describe your startup idea",
                html_for=IDEA_ID,
                font_weight="600",
                font_size="var(--font-size-3)",
                color="var(--gray-12)",
            ),
            rx.text(
                "The problem, who has it, how you solve it and how you will make money. "
                "The more specific, the more accurate the scan.",
                size="2",
                color="var(--gray-11)",
            ),
            rx.text_area(
                id=IDEA_ID,
                value=ScannerState.idea,
                on_change=ScannerState.set_idea,
                placeholder="e.g. A scheduling app for independent physiotherapists that "
                "cuts no-shows with automatic reminders and deposits, sold at $29/month...",
                rows="8",
                size="3",
                width="100%",
                resize="vertical",
                aria_describedby=HINT_ID,
                aria_invalid=rx.cond(ScannerState.validation != "", "true", "false"),
            ),
            rx.flex(
                rx.hstack(
                    rx.cond(
                        ready,
                        rx.icon(
                            "circle-check", size=16, color="var(--green-11)", aria_hidden="true"
                        ),
                        rx.icon("info", size=16, color="var(--gray-10)", aria_hidden="true"),
                    ),
                    rx.text(
                        ScannerState.hint,
                        id=HINT_ID,
                        size="2",
                        color=rx.cond(
                            ready,
                            "var(--green-11)",
                            rx.cond(ScannerState.too_long, "var(--red-11)", "var(--gray-11)"),
                        ),
                        aria_live="polite",
                        class_name="scanner-hint",
                    ),
                    spacing="2",
                    align="center",
                ),
                rx.text(
                    ScannerState.counter,
                    size="1",
                    color=rx.cond(ScannerState.too_long, "var(--red-11)", "var(--gray-10)"),
                    class_name="scanner-counter",
                ),
                justify="between",
                align="center",
                spacing="2",
                wrap="wrap",
                width="100%",
            ),
            rx.cond(
                ScannerState.validation != "",
                rx.callout(
                    ScannerState.validation,
                    icon="triangle-alert",
                    color_scheme="red",
                    size="1",
                    role="alert",
                    width="100%",
                ),
            ),
            rx.button(
                rx.icon("rocket", size=18, aria_hidden="true"),
                "Launch Genesis Scan",
                on_click=ScannerState.scan,
                disabled=~ready | ScannerState.analysing,
                size="3",
                type="button",
                width=rx.breakpoints(initial="100%", sm="auto"),
                class_name="scanner-launch",
            ),
            spacing="3",
            align="start",
            style=TOOL_CARD_STYLE,
        ),
        _coverage(),
        grid_template_columns=rx.breakpoints(
            initial="minmax(0, 1fr)", md="minmax(0, 2fr) minmax(0, 1fr)"
        ),
        spacing="4",
        width="100%",
        class_name="scanner-form",
    )


def _processing() -> rx.Component:
    return rx.vstack(
        rx.hstack(
            rx.center(
                rx.icon("scan-search", size=24, color="var(--violet-11)", aria_hidden="true"),
                width="3rem",
                height="3rem",
                flex_shrink="0",
                border_radius="full",
                background="var(--violet-a3)",
            ),
            rx.vstack(
                rx.heading(
                    "Genesis Engine is analysing your idea", as_="h2", size="5", style=heading_style
                ),
                rx.hstack(
                    rx.spinner(size="1"),
                    rx.text(ScannerState.stage_label, "...", size="2", color="var(--gray-11)"),
                    spacing="2",
                    align="center",
                ),
                spacing="1",
                align="start",
            ),
            spacing="4",
            align="center",
        ),
        rx.hstack(
            rx.progress(
                value=ScannerState.progress,
                max=100,
                size="3",
                width="100%",
                aria_label="Scan progress",
            ),
            rx.text(
                ScannerState.progress.to_string(),
                "%",
                size="3",
                weight="bold",
                min_width="3.5rem",
                text_align="right",
                class_name="scanner-percent",
            ),
            spacing="3",
            align="center",
            width="100%",
        ),
        rx.text(
            "This usually takes 10 to 30 seconds. You can keep this tab open and browse.",
            size="2",
            color="var(--gray-10)",
        ),
        spacing="4",
        role="status",
        aria_busy="true",
        class_name="scanner-processing",
        style=TOOL_CARD_STYLE,
    )


def _error_panel() -> rx.Component:
    return rx.vstack(
        rx.hstack(
            rx.icon("triangle-alert", size=22, color="var(--red-11)", aria_hidden="true"),
            rx.heading("The scan did not finish", as_="h2", size="5", style=heading_style),
            spacing="3",
            align="center",
        ),
        rx.text(ScannerState.error, size="3", color="var(--gray-12)", class_name="scanner-error"),
        rx.flex(
            rx.button(
                rx.icon("refresh-cw", size=16, aria_hidden="true"),
                "Retry Genesis Analysis",
                on_click=ScannerState.scan,
                disabled=ScannerState.analysing,
                size="3",
                type="button",
            ),
            rx.button(
                rx.icon("pencil", size=16, aria_hidden="true"),
                "Edit idea",
                on_click=ScannerState.edit_idea,
                disabled=ScannerState.analysing,
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
        role="alert",
        class_name="scanner-error-panel",
        style={
            **TOOL_CARD_STYLE,
            "border": "1px solid var(--red-a6)",
            "background": "var(--red-a2)",
        },
    )


def _score_ring() -> rx.Component:
    color = ScannerState.verdict_color
    return rx.center(
        rx.center(
            rx.vstack(
                rx.text(
                    ScannerState.score,
                    size="9",
                    weight="bold",
                    line_height="1",
                    style=heading_style,
                    class_name="scanner-score",
                ),
                rx.text("/100", size="2", color="var(--gray-11)"),
                spacing="1",
                align="center",
            ),
            width="calc(100% - 20px)",
            height="calc(100% - 20px)",
            border_radius="50%",
            background="var(--color-panel-solid)",
        ),
        width="160px",
        height="160px",
        flex_shrink="0",
        border_radius="50%",
        role="img",
        aria_label=f"Viability score {ScannerState.score} out of 100",
        style={
            "background": f"conic-gradient(var(--{color}-9) calc({ScannerState.score} * 3.6deg),"
            " var(--gray-a4) 0deg)"
        },
        class_name="scanner-ring",
    )


def _share_menu() -> rx.Component:
    return rx.menu.root(
        rx.menu.trigger(
            rx.button(
                rx.icon("share-2", size=16, aria_hidden="true"),
                "Share / Export",
                rx.icon("chevron-down", size=14, aria_hidden="true"),
                variant="soft",
                size="2",
                type="button",
            ),
        ),
        rx.menu.content(
            rx.menu.item(
                rx.icon("save", size=14, aria_hidden="true"),
                "Save to dashboard",
                on_select=ScannerState.save,
            ),
            rx.menu.item(
                rx.icon("download", size=14, aria_hidden="true"),
                "Download JSON",
                on_select=ScannerState.export,
            ),
        ),
    )


def _overview() -> rx.Component:
    return rx.flex(
        _score_ring(),
        rx.vstack(
            rx.hstack(
                rx.badge(
                    ScannerState.verdict_label,
                    color_scheme=ScannerState.verdict_color,
                    variant="solid",
                    size="3",
                    radius="full",
                    data_band=ScannerState.verdict_color,
                    class_name="scanner-verdict",
                ),
                rx.cond(
                    ScannerState.sample,
                    rx.badge(
                        rx.icon("flask-conical", size=12, aria_hidden="true"),
                        rules.SAMPLE_LABEL,
                        color_scheme="amber",
                        variant="soft",
                        size="2",
                        radius="full",
                        class_name="scanner-sample",
                    ),
                ),
                spacing="2",
                wrap="wrap",
            ),
            rx.heading("Viability Analysis", as_="h2", size="6", style=heading_style),
            rx.text(
                ScannerState.assessment,
                size="3",
                color="var(--gray-11)",
                class_name="scanner-assessment",
            ),
            rx.flex(
                rx.button(
                    rx.icon("rotate-ccw", size=16, aria_hidden="true"),
                    "New Scan",
                    on_click=ScannerState.new_scan,
                    variant="surface",
                    color_scheme="gray",
                    size="2",
                    type="button",
                ),
                _share_menu(),
                spacing="2",
                wrap="wrap",
            ),
            spacing="3",
            align="start",
            width="100%",
        ),
        direction=rx.breakpoints(initial="column", sm="row"),
        align=rx.breakpoints(initial="center", sm="center"),
        spacing="6",
        class_name="scanner-overview",
        style=TOOL_CARD_STYLE,
    )


def _meter(value: rx.Var, color: rx.Var | str, label: rx.Var | str) -> rx.Component:
    """A thin score bar (a meter: the value is a score, not progress)."""
    return rx.box(
        rx.box(
            width=f"{value}%",
            height="100%",
            border_radius="inherit",
            background=f"var(--{color}-9)",
        ),
        custom_attrs={
            "role": "meter",
            "aria-valuenow": value,
            "aria-valuemin": 0,
            "aria-valuemax": 100,
            "aria-label": label,
        },
        width="100%",
        height="6px",
        border_radius="999px",
        background="var(--gray-a4)",
        overflow="hidden",
    )


def _category_card(row: rx.Var[CategoryRow]) -> rx.Component:
    return rx.el.article(
        rx.hstack(
            rx.heading(row.name, as_="h3", size="3", style=heading_style),
            rx.badge(
                row.score.to_string(),
                "/100",
                color_scheme=row.color,
                variant="soft",
                size="2",
                data_band=row.color,
                class_name="category-score",
            ),
            justify="between",
            align="center",
            width="100%",
            spacing="2",
        ),
        _meter(row.score, row.color, row.name),
        rx.text(row.assessment, size="2", weight="medium", color="var(--gray-12)"),
        rx.cond(
            row.reasoning != "",
            rx.text(row.reasoning, size="2", color="var(--gray-11)", class_name="reasoning"),
        ),
        rx.badge(
            rx.icon("gauge", size=12, aria_hidden="true"),
            rx.el.span("Confidence: ", rx.el.span(row.confidence, class_name="confidence")),
            color_scheme="gray",
            variant="surface",
            size="1",
            radius="full",
            margin_top="auto",
            align_self="flex-start",
        ),
        class_name="category-card",
        style={**TOOL_CARD_STYLE, "display": "flex", "flex_direction": "column", "gap": "0.75rem"},
    )


def _chart() -> rx.Component:
    return rx.box(
        section_heading("Scores by category", "chart-column", ACCENT),
        rx.box(
            rx.recharts.bar_chart(
                rx.recharts.cartesian_grid(
                    stroke_dasharray="3 3", vertical=False, stroke="var(--gray-a5)"
                ),
                rx.recharts.x_axis(
                    data_key="name",
                    tick_line=False,
                    stroke="var(--gray-a7)",
                    tick={"fill": "var(--gray-11)", "fontSize": 12},
                    interval=0,
                ),
                rx.recharts.y_axis(
                    domain=[0, 100],
                    ticks=[0, 20, 40, 60, 80, 100],
                    width=32,
                    tick_line=False,
                    stroke="var(--gray-a7)",
                    tick={"fill": "var(--gray-11)", "fontSize": 12},
                ),
                rx.recharts.reference_line(y=80, stroke="var(--green-9)", stroke_dasharray="4 4"),
                rx.recharts.reference_line(y=60, stroke="var(--amber-9)", stroke_dasharray="4 4"),
                rx.recharts.bar(
                    rx.foreach(
                        ScannerState.chart_data,
                        lambda d: rx.recharts.cell(fill=d["fill"]),
                    ),
                    data_key="score",
                    name="Score",
                    radius=[6, 6, 0, 0],
                    max_bar_size=56,
                    is_animation_active=False,
                ),
                data=ScannerState.chart_data,
                margin={"top": 8, "right": 8, "left": 0, "bottom": 0},
                width="100%",
                height=240,
            ),
            role="img",
            aria_label=ScannerState.chart_label,
            width="100%",
            margin_top="1rem",
        ),
        rx.hstack(
            rx.text("Bands: ", size="1", color="var(--gray-10)"),
            rx.badge("80+ Highly Viable", color_scheme="green", variant="soft", size="1"),
            rx.badge("60-79 Potentially Viable", color_scheme="amber", variant="soft", size="1"),
            rx.badge("<60 Needs Rethinking", color_scheme="red", variant="soft", size="1"),
            spacing="2",
            wrap="wrap",
            margin_top="0.75rem",
            align="center",
        ),
        class_name="scanner-chart",
        style=TOOL_CARD_STYLE,
    )


def _summary_tab() -> rx.Component:
    return rx.vstack(
        _chart(),
        rx.grid(
            rx.foreach(ScannerState.categories, _category_card),
            columns=rx.breakpoints(initial="1", sm="2", lg="3"),
            spacing="4",
            width="100%",
        ),
        spacing="4",
        width="100%",
    )


def _empty(text: str) -> rx.Component:
    return rx.text(text, size="2", color="var(--gray-11)", padding="1rem 0")


def _action_tab() -> rx.Component:
    return rx.box(
        section_heading("Your next five moves", "list-ordered", ACCENT),
        rx.cond(
            ScannerState.steps.length() > 0,
            rx.el.ol(
                rx.foreach(
                    ScannerState.steps,
                    lambda step, i: rx.el.li(
                        rx.center(
                            rx.text((i + 1).to_string(), size="2", weight="bold"),
                            width="2rem",
                            height="2rem",
                            flex_shrink="0",
                            border_radius="50%",
                            background="var(--violet-a4)",
                            color="var(--violet-11)",
                            aria_hidden="true",
                        ),
                        rx.text(step, size="3", color="var(--gray-12)"),
                        style={
                            "display": "flex",
                            "gap": "0.9rem",
                            "align_items": "flex-start",
                            "padding": "0.9rem 0",
                            "border_bottom": "1px solid var(--gray-a4)",
                        },
                        class_name="action-step",
                    ),
                ),
                style={"list_style": "none", "margin": "0.75rem 0 0", "padding": "0"},
            ),
            _empty("The analysis did not include action steps."),
        ),
        style=TOOL_CARD_STYLE,
    )


def _competitor_card(row: rx.Var[CompetitorRow]) -> rx.Component:
    return rx.el.article(
        rx.hstack(
            rx.heading(row.name, as_="h3", size="3", style=heading_style),
            rx.text(
                "Strength ", row.strength.to_string(), "/100", size="1", color="var(--gray-11)"
            ),
            justify="between",
            align="center",
            width="100%",
            spacing="2",
            wrap="wrap",
        ),
        _meter(row.strength, "gray", "Competitor strength"),
        rx.vstack(
            rx.text("Weakness", size="1", weight="bold", color="var(--red-11)"),
            rx.text(row.weakness, size="2", color="var(--gray-11)"),
            spacing="1",
        ),
        rx.vstack(
            rx.text("How you can win", size="1", weight="bold", color="var(--green-11)"),
            rx.text(row.differentiator, size="2", color="var(--gray-12)"),
            spacing="1",
        ),
        class_name="competitor-card",
        style={**TOOL_CARD_STYLE, "display": "flex", "flex_direction": "column", "gap": "0.75rem"},
    )


def _competitors_tab() -> rx.Component:
    return rx.cond(
        ScannerState.competitors.length() > 0,
        rx.grid(
            rx.foreach(ScannerState.competitors, _competitor_card),
            columns=rx.breakpoints(initial="1", sm="2", lg="3"),
            spacing="4",
            width="100%",
        ),
        rx.box(_empty("The analysis did not name competitors."), style=TOOL_CARD_STYLE),
    )


def _source(text: rx.Var[str]) -> rx.Component:
    return rx.hstack(
        rx.icon("book-open", size=12, color="var(--gray-10)", aria_hidden="true"),
        rx.text("Source: ", text, size="1", color="var(--gray-10)", class_name="source"),
        spacing="1",
        align="center",
    )


def _figure(label: str, icon: str, value: rx.Var[str], source: rx.Var[str]) -> rx.Component:
    return rx.vstack(
        rx.hstack(
            rx.icon(icon, size=16, color="var(--violet-11)", aria_hidden="true"),
            rx.text(label, size="2", color="var(--gray-11)", weight="medium"),
            spacing="2",
            align="center",
        ),
        rx.text(value, size="6", weight="bold", style=heading_style),
        _source(source),
        spacing="2",
        align="start",
        class_name="market-figure",
        style=TOOL_CARD_STYLE,
    )


def _insight_list(title: str, icon: str, items: rx.Var[list[InsightRow]]) -> rx.Component:
    return rx.box(
        section_heading(title, icon, ACCENT),
        rx.cond(
            items.length() > 0,
            rx.el.ul(
                rx.foreach(
                    items,
                    lambda item: rx.el.li(
                        rx.text(item.text, size="2", color="var(--gray-12)"),
                        rx.cond(item.source != "", _source(item.source)),
                        style={
                            "padding": "0.7rem 0",
                            "border_bottom": "1px solid var(--gray-a4)",
                            "display": "flex",
                            "flex_direction": "column",
                            "gap": "0.25rem",
                        },
                    ),
                ),
                style={"list_style": "none", "margin": "0.5rem 0 0", "padding": "0"},
            ),
            _empty("None were given."),
        ),
        style=TOOL_CARD_STYLE,
    )


def _market_tab() -> rx.Component:
    return rx.vstack(
        rx.grid(
            _figure(
                "Market size",
                "globe",
                ScannerState.market_size,
                ScannerState.market_size_source,
            ),
            _figure(
                "Growth rate",
                "trending-up",
                ScannerState.growth_rate,
                ScannerState.growth_rate_source,
            ),
            columns=rx.breakpoints(initial="1", sm="2"),
            spacing="4",
            width="100%",
        ),
        rx.grid(
            _insight_list("Key trends", "sparkles", ScannerState.trends),
            _insight_list("Challenges", "mountain", ScannerState.challenges),
            columns=rx.breakpoints(initial="1", md="2"),
            spacing="4",
            width="100%",
        ),
        spacing="4",
        width="100%",
        class_name="scanner-market",
    )


def _results() -> rx.Component:
    return rx.vstack(
        _overview(),
        rx.tabs.root(
            tab_list(*[rx.tabs.trigger(label, value=value) for value, label in TABS]),
            rx.tabs.content(_summary_tab(), value="summary", padding_top="1rem"),
            rx.tabs.content(_action_tab(), value="action", padding_top="1rem"),
            rx.tabs.content(_competitors_tab(), value="competitors", padding_top="1rem"),
            rx.tabs.content(_market_tab(), value="market", padding_top="1rem"),
            value=ScannerState.tab,
            on_change=ScannerState.set_tab,
            width="100%",
        ),
        spacing="5",
        width="100%",
        class_name="scanner-results",
    )


@tool_route(
    VIABILITY_SCANNER,
    description="Score your startup idea on problem, market, risk, monetization and founder "
    "fit before you build.",
)
def viability_scanner() -> rx.Component:
    return tool_page(
        VIABILITY_SCANNER,
        rx.cond(
            ScannerState.has_result,
            _results(),
            rx.cond(
                ScannerState.error != "",
                _error_panel(),
                rx.cond(ScannerState.analysing, _processing(), _idea_form()),
            ),
        ),
        save_handler=ScannerState.save,
        can_save=ScannerState.has_result,
    )
