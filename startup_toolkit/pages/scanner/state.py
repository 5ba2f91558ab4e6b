"""The Viability Scanner's state: the idea, the scan's progress and the result the view shows.

Idle (the idea form) -> analysing (progress rises by a random 0-10 every 300 ms, capped at
95) -> success (progress 100, the results, a success toast 500 ms later) or error (progress
back to 0, the error panel with Retry Genesis Analysis). The AI call runs in a background task
that takes the tab's state lock only to write, so the page stays responsive; a second click
while a scan runs starts nothing. Without an AI key (demo mode) the same animation ends in the
built-in sample, clearly labelled.
"""

from __future__ import annotations

import asyncio
import dataclasses
import random
from collections.abc import AsyncIterator
from datetime import datetime
from typing import Any, ClassVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain import scanner_export, tools
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.evidence_confidence import ScanConfidence, result_confidence
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.tools.scanner import SIGN_IN_DETAIL, TOOL_NAME, scan_run
from startup_toolkit.services.tool_runs import ToolOutcome
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
from startup_toolkit.state.tool_result import ShownResultMixin
from startup_toolkit.state.tool_run import ToolRunMixin

TABS: tuple[tuple[str, str], ...] = (
    ("summary", "Summary"),
    ("action", "Action Plan"),
    ("competitors", "Competitors"),
    ("market", "Market"),
)
#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
SCAN_TOAST_ID = "scanner-status"
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


@dataclasses.dataclass(frozen=True)
class ScanForm:
    """What a scan works on: the idea as typed before the click (trimmed), and the founder's
    idea it lands on (None: the idea of that text)."""

    idea: str
    idea_id: int | None = None


# --- What the results view renders ------------------------------------------------------------


@dataclasses.dataclass
class CategoryRow:
    name: str = ""
    short: str = ""
    score: int = 0
    color: str = "gray"
    assessment: str = ""
    reasoning: str = ""
    confidence: str = ""  # low, medium or high: from the evidence (issue 15, item 5)
    confidence_note: str = ""  # why, e.g. "High: 3 of 3 figures backed by pages read"


@dataclasses.dataclass
class CompetitorRow:
    """A competitor and the citation of the facts about them."""

    name: str = ""
    strengthScore: int = 0
    weakness: str = ""
    differentiator: str = ""
    cite: CitedRow = dataclasses.field(default_factory=CitedRow)


def _competitor_rows(result: rules.ScanResult) -> list[CompetitorRow]:
    read = result.evidence.sources
    return [
        CompetitorRow(
            c.name,
            c.strengthScore,
            c.weakness,
            c.differentiator,
            cited_row(c.name, c.sources, "", read),
        )
        for c in result.competitors
    ]


def _insight_rows(items: list[rules.Insight], result: rules.ScanResult) -> list[CitedRow]:
    read = result.evidence.sources
    return [cited_row(i.text, i.sources, i.source, read) for i in items]


def _figure_row(figure: rules.MarketFigure, result: rules.ScanResult) -> CitedRow:
    return cited_row(figure.value, figure.sources, figure.source, result.evidence.sources)


def _category_rows(result: rules.ScanResult, confidence: ScanConfidence) -> list[CategoryRow]:
    return [
        CategoryRow(
            name=c.category,
            short=rules.CATEGORY_SHORT_NAMES.get(c.category, c.category),
            score=c.score,
            color=rules.score_color(c.score),
            assessment=c.assessment,
            reasoning=c.reasoning,
            confidence=confidence.categories[c.category].level,
            confidence_note=confidence.categories[c.category].note,
        )
        for c in result.categories
    ]


@dataclasses.dataclass
class ScanView(EvidenceView):
    """The scan as the results view renders it, built from the domain result by `scan_view`."""

    sample: bool = False  # the demo-mode sample
    score: int = 0
    verdict_label: str = ""
    verdict_color: str = ""
    assessment: str = ""
    confidence_note: str = ""  # the overall confidence and why
    categories: list[CategoryRow] = dataclasses.field(default_factory=list)
    chart_data: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    chart_label: str = ""  # the chart's text alternative
    steps: list[str] = dataclasses.field(default_factory=list)
    competitors: list[CompetitorRow] = dataclasses.field(default_factory=list)
    market_size: CitedRow = dataclasses.field(default_factory=CitedRow)
    growth_rate: CitedRow = dataclasses.field(default_factory=CitedRow)
    trends: list[CitedRow] = dataclasses.field(default_factory=list)
    challenges: list[CitedRow] = dataclasses.field(default_factory=list)
    shown_at: str = ""  # when it was put on screen: a new one opens the tabs at Summary


@dataclasses.dataclass(frozen=True)
class Scan:
    """The result on screen as the model gave it, for Save and Download."""

    result: rules.ScanResult
    idea: str
    scanned_at: datetime
    sample: bool


def scan_view(scan: Scan | None) -> ScanView | None:
    """What the results view shows of `scan` (None: nothing)."""
    if scan is None:
        return None
    result = scan.result
    market = result.marketInsights
    confidence = result_confidence(result)
    categories = _category_rows(result, confidence)
    verdict = rules.verdict(result.overallScore)
    return ScanView(
        sample=scan.sample,
        score=result.overallScore,
        verdict_label=verdict.label,
        verdict_color=verdict.color,
        assessment=result.overallAssessment,
        confidence_note=confidence.overall.note,
        categories=categories,
        chart_data=[
            {"name": c.short, "category": c.name, "score": c.score, "fill": f"var(--{c.color}-9)"}
            for c in categories
        ],
        chart_label="Category scores out of 100: "
        + ", ".join(f"{c.name} {c.score}" for c in categories),
        steps=list(result.actionSteps),
        competitors=_competitor_rows(result),
        market_size=_figure_row(market.size, result),
        growth_rate=_figure_row(market.growthRate, result),
        trends=_insight_rows(market.keyTrends, result),
        challenges=_insight_rows(market.challenges, result),
        research=result.evidence.research,
        sources=source_rows(result.evidence),
        shown_at=utcnow().isoformat(),
    )


class ScannerState(
    IdeaChoiceMixin,
    ShownResultMixin,
    ReopenMixin,
    IdeaInputMixin,
    ToolRunMixin,
    rx.State,
):
    reopen_tools: ClassVar[frozenset[str]] = frozenset({tools.SCANNER.key})
    progress: int = 0
    error: str = ""  # the error panel's text; "" = no error
    result: ScanView | None = None  # what the results view shows: built from `_shown` only

    # -- input -----------------------------------------------------------------------------

    def _idea_problem(self, idea: str) -> tuple[str, str] | None:
        return rules.validate_idea(idea)

    @rx.event
    def edit_idea(self) -> None:
        """From the error panel back to the form (the idea is kept)."""
        if not self.running:
            self.error = ""
            self.progress = 0

    @rx.event
    def new_scan(self) -> None:
        """T-SCAN-3: reset everything, including the tab (the results go) and the idea."""
        self._drop_run()
        self._clear_result()
        self.idea = ""
        self.validation = ""
        self.error = ""
        self.progress = 0
        self._choose_new_idea()

    def _result_view(self, scan: Scan | None) -> ScanView | None:
        return scan_view(scan)

    # -- reopen and the idea picker (issue 14) ----------------------------------------------

    def _reopen(
        self, tool: str, inputs: dict[str, Any], result: Any, sample: bool, created_at: datetime
    ) -> bool:
        """A kept or saved scan: its result, and its idea back in the form."""
        scan = rules.ScanResult.model_validate(result)
        idea = inputs.get("idea")
        idea = idea[: rules.IDEA_INPUT_CAP] if isinstance(idea, str) else ""
        self.idea, self.validation, self.error = idea, "", ""
        self._present(Scan(scan, idea, created_at, sample))
        self.research_progress = ""
        self.progress = 100
        return True

    def _reopen_clear(self) -> None:
        self._clear_result()
        self.error = ""
        self.progress = 0

    def _restore_form(self, tool: str, inputs: dict[str, Any]) -> bool:
        """An interrupted scan's idea back in the form (issue 29)."""
        idea = inputs.get("idea")
        if not isinstance(idea, str) or not idea.strip():
            return False
        self.idea, self.validation, self.error = idea[: rules.IDEA_INPUT_CAP], "", ""
        return True

    def _fill_idea_text(self, text: str) -> None:
        self.set_idea(text)

    # -- the scan (T-SCAN-2, T-SCAN-4) -------------------------------------------------------

    @rx.event
    async def scan(self) -> EventSpec | None:
        """Launch Genesis Scan and Retry Genesis Analysis. A sequential handler, so it reads
        the idea as typed before the click (a background one could overtake the queued field
        updates); the AI work runs in `run_scan` on what it takes here."""
        if self.running:
            return None  # a second click while a scan runs starts nothing
        if (refused := self._refuse_idea(SCAN_TOAST_ID)) is not None:
            return refused
        if (signed_out := await signed_out_toast(self, SIGN_IN_DETAIL, SCAN_TOAST_ID)) is not None:
            return signed_out
        self._start_run(ScanForm(self.idea.strip(), self._chosen_idea_id()))
        self.progress = 0
        self.error = ""
        self._clear_result()
        return ScannerState.run_scan

    @rx.event(background=True)
    async def run_scan(self) -> AsyncIterator[EventSpec]:
        """The scan itself; does nothing unless `scan` has just started one."""
        run = await self._claim_run()
        if run is None:
            return
        idea: str = run.form.idea

        def advance(_elapsed: float) -> None:
            self.progress = next_progress(self.progress, progress_step())

        outcome = await self._researching(
            run, scan_run(idea, run.form.idea_id), advance, rules.PROGRESS_TICK_SECONDS
        )
        # the result and what the scan spent; New Scan while this ran: drop it
        if not await finish_run(self, run, lambda: self._end_scan(outcome, idea), still_busy=True):
            return
        if outcome.notice is not None:
            yield notice_toast(outcome.notice)
        await asyncio.sleep(rules.FINISH_DELAY_SECONDS)
        async with self:
            if not self._is_current(run):
                return
            self.running = False
        if outcome.result is not None:
            yield toasts.success(
                rules.SUCCESS_TOAST,
                description=f"Viability score: {outcome.result.overallScore}/100",
            )

    def _end_scan(self, outcome: ToolOutcome[rules.ScanResult], idea: str) -> None:
        """The result at 100%, or the error panel with the progress back at 0."""
        self._present_run(outcome, lambda result: Scan(result, idea, utcnow(), outcome.sample))
        if outcome.result is not None:
            self.progress = 100
        else:
            self.progress = 0
            self.error = outcome.notice.panel if outcome.notice else rules.SYSTEM_FAILED_PANEL

    # -- share / export (T-SCAN-5, T-AI-5) --------------------------------------------------

    def _saved(self, scan: Scan) -> SaveRequest:
        """What Save Results and Share/Export's 'Save to dashboard' keep."""
        result, idea = scan.result, scan.idea
        return SaveRequest(
            tool_name=TOOL_NAME,
            title=scanner_export.result_title(result.overallScore),
            content=scanner_export.save_content(result, idea, sample=scan.sample),
            content_type="analysis",
            formatted_content=scanner_export.to_html(result, idea),
            metadata=scanner_export.save_metadata(result, idea, scan.scanned_at),
        )

    @rx.event
    def export(self) -> EventSpec:
        """Download the result as a JSON file (in the browser)."""
        scan: Scan | None = self._shown
        if scan is None:
            return toasts.error(rules.NO_RESULT, description=rules.NO_RESULT_DETAIL)
        return json_download(
            scanner_export.export_json(scan.result, scan.idea, scan.scanned_at, sample=scan.sample),
            scanner_export.export_filename(scan.scanned_at),
        )
