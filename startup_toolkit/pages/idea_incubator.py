"""/idea-incubator: a professional analysis of an idea, then a stress test (T-IDEA-1, T-AI-5).

Tabs Idea Input, Analysis Results (disabled until an analysis exists) and Stress Test
(disabled until a stress test exists); clicking Idea Input resets both results. Each AI call
runs in a background task that takes the tab's state lock only to write; a second click while
one runs starts nothing. Without an AI key (demo mode) a short delay ends in the built-in
samples, clearly labelled. Every text from the model is rendered as text.
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
    elapsed_label,
    section_heading,
    tab_list,
    tool_card_style,
    tool_page,
    tool_route,
)
from startup_toolkit.domain import incubator as rules
from startup_toolkit.domain.catalog import IDEA_INCUBATOR
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.prompts import incubator as prompt
from startup_toolkit.domain.saved_results import (
    AUTH_REQUIRED,
    NOTHING_TO_SAVE,
    NOTHING_TO_SAVE_DETAIL,
)
from startup_toolkit.services import ai
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.tools import claim_run, may_use_tools, save_tool_result, while_ticking

log = logging.getLogger(__name__)

TOOL_NAME = IDEA_INCUBATOR.name
ACCENT = IDEA_INCUBATOR.color
#: Input problems share one toast; outcomes after the AI work get their own (sonner can drop
#: a toast that re-uses the id of one leaving the screen).
TOAST_ID = "incubator-status"
IDEA_ID = "incubator-idea"
IDEA_ERROR_ID = "incubator-idea-error"
SIGN_IN_DETAIL = "Please log in to analyse an idea"
NO_ACCESS = "A subscription is needed to use the Idea Incubator"
NO_ACCESS_DETAIL = "See the pricing page for plans."
DEMO_SECONDS = 1.5
TABS = frozenset({"input", "analysis", "stress"})

# A failure: (toast title, toast description).
Failure = tuple[str, str]


# --- What the views render --------------------------------------------------------------------


@dataclasses.dataclass
class CompetitorRow:
    name: str = ""
    description: str = ""
    position: str = ""
    strengths: str = ""
    weaknesses: str = ""
    funding: str = ""


@dataclasses.dataclass
class AnalysisView:
    overview: str = ""
    size: str = ""
    size_source: str = ""
    growth: str = ""
    growth_source: str = ""
    trends: list[str] = dataclasses.field(default_factory=list)
    market_challenges: list[str] = dataclasses.field(default_factory=list)
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


def analysis_view(analysis: rules.IdeaAnalysis) -> AnalysisView:
    """The analysis as shown: the spec's top 3 competitors, 4 features, 3 strengths, 3 risks."""
    m, c = analysis.marketAnalysis, analysis.competitiveAnalysis
    p, v = analysis.productStrategy, analysis.viabilityAssessment
    return AnalysisView(
        overview=m.overview,
        size=m.size.value,
        size_source=m.size.source,
        growth=m.growth.value,
        growth_source=m.growth.source,
        trends=list(m.trends),
        market_challenges=list(m.challenges),
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


def stress_view(stress: rules.StressTest) -> StressView:
    """The stress test as shown: the spec's top 3 immediate actions."""
    s, r, k = stress.stressScenario, stress.strategicResponse, stress.contingencyPlanning
    return StressView(
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


class IncubatorState(rx.State):
    idea: str = ""
    validation: str = ""  # the message under the idea field
    tab: str = "input"
    analysing: bool = False
    elapsed: int = 0  # whole seconds the current analysis has run
    stress_testing: bool = False
    has_analysis: bool = False
    has_stress: bool = False
    sample: bool = False  # the analysis is the demo-mode sample
    stress_sample: bool = False
    analysis: AnalysisView = AnalysisView()
    stress: StressView = StressView()

    _run: int = 0  # bumped by each run and by Idea Input; a stale task writes nothing
    # What `analyse` or `stress_test` took, waiting for `run_analysis` / `run_stress_test`
    # (only one of them runs at a time).
    _pending_json: str = ""
    _analysis_json: str = ""
    _stress_json: str = ""
    _analysed_idea: str = ""
    _analysed_at: str = ""

    @rx.var
    def counter(self) -> str:
        return rules.idea_counter(self.idea)

    @rx.var
    def too_long(self) -> bool:
        return rules.idea_length(self.idea) > rules.MAX_IDEA_LENGTH

    @rx.var
    def busy(self) -> bool:
        return self.analysing or self.stress_testing

    # -- input and tabs --------------------------------------------------------------------

    @rx.event
    def set_idea(self, value: str) -> None:
        if isinstance(value, str):
            self.idea = value[: rules.IDEA_INPUT_CAP]
            if self.validation and rules.validate_idea(self.idea) is None:
                self.validation = ""

    @rx.event
    def set_tab(self, value: str) -> None:
        """T-IDEA-1: Idea Input resets both results; the others need their result."""
        if value == "input":
            self._run += 1
            self._pending_json = ""
            self._clear_results()
            self.analysing = self.stress_testing = False
            self.tab = "input"
        elif value == "analysis" and self.has_analysis:
            self.tab = "analysis"
        elif value == "stress" and self.has_stress:
            self.tab = "stress"

    def _clear_stress(self) -> None:
        self.has_stress = False
        self.stress_sample = False
        self.stress = StressView()
        self._stress_json = ""

    def _clear_results(self) -> None:
        self._clear_stress()
        self.has_analysis = False
        self.sample = False
        self.analysis = AnalysisView()
        self._analysis_json = self._analysed_idea = self._analysed_at = ""

    def _show_analysis(self, analysis: rules.IdeaAnalysis, idea: str, sample: bool) -> None:
        self.has_analysis = True
        self.sample = sample
        self.analysis = analysis_view(analysis)
        self._analysis_json = analysis.model_dump_json()
        self._analysed_idea = idea
        self._analysed_at = utcnow().isoformat()
        self.tab = "analysis"

    def _show_stress(self, stress: rules.StressTest, sample: bool) -> None:
        self.has_stress = True
        self.stress_sample = sample
        self.stress = stress_view(stress)
        self._stress_json = stress.model_dump_json()
        self.tab = "stress"

    def _stored(
        self,
    ) -> tuple[rules.IdeaAnalysis, str, datetime, rules.StressTest | None] | None:
        if not self.has_analysis or not self._analysis_json:
            return None
        stress = (
            rules.StressTest.model_validate_json(self._stress_json)
            if self.has_stress and self._stress_json
            else None
        )
        return (
            rules.IdeaAnalysis.model_validate_json(self._analysis_json),
            self._analysed_idea,
            datetime.fromisoformat(self._analysed_at),
            stress,
        )

    # -- the analysis ----------------------------------------------------------------------

    @rx.event
    async def analyse(self) -> EventSpec | None:
        """Generate Analysis. A sequential handler, so it reads the idea as typed before the
        click (a background one could overtake the queued field updates); the AI work runs in
        `run_analysis` on what it takes here."""
        if self.analysing or self.stress_testing:
            return None  # a second click while one runs starts nothing
        problem = rules.validate_idea(self.idea)
        self.validation = problem[0] if problem else ""
        if problem is not None:
            return rx.toast.error(problem[0], description=problem[1], id=TOAST_ID)
        if await signed_in_user_id(self) is None:
            return rx.toast.error(AUTH_REQUIRED, description=SIGN_IN_DETAIL, id=TOAST_ID)
        self._run += 1
        self._clear_results()
        self.analysing = True
        self.elapsed = 0
        self._pending_json = json.dumps({"idea": self.idea.strip()})
        return IncubatorState.run_analysis

    @rx.event(background=True)
    async def run_analysis(self) -> AsyncIterator[EventSpec]:
        """The analysis itself; does nothing unless `analyse` has just started one."""
        claimed = await claim_run(self, busy="analysing")
        if claimed is None:
            return
        run, idea = claimed.number, str(claimed.snapshot["idea"])

        def advance(seconds: float) -> bool:
            if self._run != run or not self.analysing:
                return False
            self.elapsed = int(seconds)
            return True

        analysis, sample, failure = await while_ticking(
            self, _analyse(claimed.user_id, idea), advance, 1.0
        )
        async with self:
            if self._run != run:
                return  # Idea Input while this ran: drop it
            self.analysing = False
            if analysis is not None:
                self._show_analysis(analysis, idea, sample)
        if failure is not None:
            yield rx.toast.error(failure[0], description=failure[1])
        else:
            detail = rules.SAMPLE_LABEL if sample else "Read it in Analysis Results."
            yield rx.toast.success(rules.ANALYSIS_TOAST, description=detail)

    @rx.event
    async def stress_test(self) -> EventSpec | None:
        """Run Stress Test on the current analysis; the AI work runs in `run_stress_test` on
        what it takes here."""
        if self.analysing or self.stress_testing:
            return None
        stored = self._stored()
        if stored is None:
            return rx.toast.error(
                rules.NEED_ANALYSIS, description=rules.NEED_ANALYSIS_DETAIL, id=TOAST_ID
            )
        if await signed_in_user_id(self) is None:
            return rx.toast.error(AUTH_REQUIRED, description=SIGN_IN_DETAIL, id=TOAST_ID)
        analysis, idea, _, _ = stored
        self._run += 1
        self._clear_stress()
        self.stress_testing = True
        self._pending_json = json.dumps({"idea": idea, "analysis": analysis.model_dump_json()})
        return IncubatorState.run_stress_test

    @rx.event(background=True)
    async def run_stress_test(self) -> AsyncIterator[EventSpec]:
        """The stress test itself; does nothing unless `stress_test` has just started one."""
        claimed = await claim_run(self, busy="stress_testing")
        if claimed is None:
            return
        run, idea = claimed.number, str(claimed.snapshot["idea"])
        analysis = rules.IdeaAnalysis.model_validate_json(claimed.snapshot["analysis"])
        stress, sample, failure = await _stress(claimed.user_id, idea, analysis)
        async with self:
            if self._run != run:
                return
            self.stress_testing = False
            if stress is not None:
                self._show_stress(stress, sample)
        if failure is not None or stress is None:
            title, detail = failure or (rules.STRESS_FAILED, "")
            yield rx.toast.error(title, description=detail)
        else:
            detail = rules.SAMPLE_LABEL if sample else stress.stressScenario.title
            yield rx.toast.success(rules.STRESS_TOAST, description=detail)

    # -- save and download (T-AI-5, T-IDEA-1) ---------------------------------------------

    @rx.event
    async def save(self) -> EventSpec:
        stored = self._stored()
        if stored is None:
            return rx.toast.error(NOTHING_TO_SAVE, description=NOTHING_TO_SAVE_DETAIL)
        analysis, idea, analysed_at, stress = stored
        return await save_tool_result(
            self,
            tool_name=TOOL_NAME,
            title=rules.result_title(idea, stress),
            content=rules.save_content(analysis, idea, stress, sample=self.sample),
            content_type="analysis",
            formatted_content=rules.to_html(analysis, idea, stress),
            metadata=rules.save_metadata(idea, analysed_at, stress, sample=self.sample),
        )

    @rx.event
    def download(self) -> EventSpec:
        """startup-analysis-{timestamp}.json, built in the browser."""
        stored = self._stored()
        if stored is None:
            return rx.toast.error(rules.NO_RESULT, description=rules.NO_RESULT_DETAIL)
        analysis, idea, analysed_at, stress = stored
        return rx.download(
            data=rules.export_json(analysis, idea, analysed_at, stress, sample=self.sample),
            filename=rules.export_filename(utcnow()),
            mime_type="application/json",
        )


async def _analyse(
    user_id: str, idea: str
) -> tuple[rules.IdeaAnalysis | None, bool, Failure | None]:
    """(analysis, whether it is the demo sample, failure texts)."""
    if not await may_use_tools(user_id):
        return None, False, (NO_ACCESS, NO_ACCESS_DETAIL)
    if not ai.ai_available():
        await asyncio.sleep(DEMO_SECONDS)
        return rules.SAMPLE_ANALYSIS, True, None
    try:
        analysis = await ai.generate_json(
            user_id,
            TOOL_NAME,
            prompt.ANALYSIS_SYSTEM,
            prompt.analysis_prompt(idea),
            rules.IdeaAnalysis,
            temperature=rules.ANALYSIS_TEMPERATURE,
        )
        return analysis, False, None
    except ai.AiParseError:
        return None, False, (rules.ANALYSIS_PARSE_FAILED, "")
    except ai.AiBudgetExceeded as exc:
        return None, False, (rules.BUDGET_TOAST, exc.message)
    except ai.AiError as exc:
        log.warning("Idea analysis failed: %s", exc.message)
        return None, False, (rules.ANALYSIS_FAILED, exc.message)
    except Exception:
        log.exception("Idea analysis failed")
        return None, False, (rules.ANALYSIS_FAILED, "")


async def _stress(
    user_id: str, idea: str, analysis: rules.IdeaAnalysis
) -> tuple[rules.StressTest | None, bool, Failure | None]:
    """(stress test, whether it is the demo sample, failure texts)."""
    if not await may_use_tools(user_id):
        return None, False, (NO_ACCESS, NO_ACCESS_DETAIL)
    if not ai.ai_available():
        await asyncio.sleep(DEMO_SECONDS)
        return rules.SAMPLE_STRESS_TEST, True, None
    try:
        stress = await ai.generate_json(
            user_id,
            TOOL_NAME,
            prompt.STRESS_SYSTEM,
            prompt.stress_prompt(idea, analysis),
            rules.StressTest,
            temperature=rules.STRESS_TEMPERATURE,
        )
        return stress, False, None
    except ai.AiBudgetExceeded as exc:
        return None, False, (rules.BUDGET_TOAST, exc.message)
    except ai.AiError as exc:
        log.warning("Stress test failed: %s", exc.message)
        return None, False, (rules.STRESS_FAILED, "")
    except Exception:
        log.exception("Stress test failed")
        return None, False, (rules.STRESS_FAILED, "")


# --- View -------------------------------------------------------------------------------------

_card = tool_card_style(rx.breakpoints(initial="1rem", sm="1.5rem"), min_width="0")


def _label(text: str) -> rx.Component:
    return rx.text(
        text, size="1", weight="bold", color="var(--gray-11)", text_transform="uppercase"
    )


def _prose(label: str, value: rx.Var[str], element_id: str = "") -> rx.Component:
    """A labelled paragraph; 'Not provided' when the model left it out."""
    extra = {"id": element_id} if element_id else {}
    return rx.vstack(
        _label(label),
        rx.text(
            rx.cond(value != "", value, rules.NOT_PROVIDED),
            size="2",
            color=rx.cond(value != "", "var(--gray-12)", "var(--gray-10)"),
            **extra,
        ),
        spacing="1",
        align="start",
        width="100%",
    )


def _bullets(label: str, values: rx.Var[list[str]], class_name: str) -> rx.Component:
    return rx.vstack(
        _label(label),
        rx.cond(
            values.length() > 0,
            rx.el.ul(
                rx.foreach(
                    values, lambda text: rx.el.li(rx.text(text, size="2"), class_name=class_name)
                ),
                style={
                    "padding_left": "1.1rem",
                    "list_style_type": "disc",
                    "display": "grid",
                    "gap": "0.35rem",
                    "margin": "0",
                },
            ),
            rx.text(rules.NOT_PROVIDED, size="2", color="var(--gray-10)"),
        ),
        spacing="1",
        align="start",
        width="100%",
    )


def _figure(label: str, value: rx.Var[str], source: rx.Var[str], element_id: str) -> rx.Component:
    return rx.vstack(
        rx.text(label, size="2", color="var(--gray-11)"),
        rx.text(value, size="5", weight="bold", style=heading_style, id=element_id),
        rx.hstack(
            rx.icon("book-open", size=12, color="var(--gray-10)", aria_hidden="true"),
            rx.text("Source: ", source, size="1", color="var(--gray-10)", class_name="source"),
            spacing="1",
            align="center",
        ),
        spacing="1",
        align="start",
        style={**_card, "padding": "1rem", "background": "var(--gray-a3)"},
    )


def _sample_badge(show: rx.Var[bool]) -> rx.Component:
    return rx.cond(
        show,
        rx.badge(
            rx.icon("flask-conical", size=12, aria_hidden="true"),
            rules.SAMPLE_LABEL,
            color_scheme="amber",
            variant="soft",
            size="2",
            radius="full",
            class_name="incubator-sample",
        ),
    )


def _idea_form() -> rx.Component:
    invalid = IncubatorState.validation != ""
    return rx.vstack(
        rx.el.label(
            "Describe your startup idea",
            html_for=IDEA_ID,
            font_weight="600",
            font_size="var(--font-size-3)",
            color="var(--gray-12)",
        ),
        rx.text(
            "The problem, who has it, how you solve it and how you will make money. The "
            "analysis covers the market, competitors, product strategy and viability; then "
            "you can stress-test it.",
            size="2",
            color="var(--gray-11)",
        ),
        rx.text_area(
            id=IDEA_ID,
            value=IncubatorState.idea,
            on_change=IncubatorState.set_idea,
            placeholder="e.g. A marketplace that matches retired engineers with small "
            "manufacturers for short advisory projects, paid per project...",
            rows="7",
            size="3",
            width="100%",
            resize="vertical",
            aria_invalid=rx.cond(invalid, "true", "false"),
            aria_describedby=IDEA_ERROR_ID,
        ),
        rx.flex(
            rx.cond(
                invalid,
                rx.text(
                    IncubatorState.validation,
                    id=IDEA_ERROR_ID,
                    size="2",
                    color="var(--red-11)",
                    role="alert",
                ),
                rx.box(),
            ),
            rx.text(
                IncubatorState.counter,
                size="1",
                color=rx.cond(IncubatorState.too_long, "var(--red-11)", "var(--gray-10)"),
                class_name="incubator-counter",
            ),
            justify="between",
            align="center",
            spacing="2",
            wrap="wrap",
            width="100%",
        ),
        rx.button(
            rx.icon("sparkles", size=18, aria_hidden="true"),
            "Analyze Idea",
            on_click=IncubatorState.analyse,
            disabled=IncubatorState.busy,
            size="3",
            type="button",
            width=rx.breakpoints(initial="100%", sm="auto"),
            id="incubator-analyse",
        ),
        spacing="3",
        align="start",
        style=_card,
    )


def _processing() -> rx.Component:
    return rx.vstack(
        rx.hstack(
            rx.spinner(size="3"),
            rx.vstack(
                rx.heading("Analysing your idea", as_="h2", size="5", style=heading_style),
                rx.text(
                    "Market, competitors, product strategy and viability. This usually takes "
                    "10 to 30 seconds.",
                    size="2",
                    color="var(--gray-11)",
                ),
                elapsed_label(IncubatorState.elapsed, "incubator-elapsed"),
                spacing="1",
                align="start",
            ),
            spacing="4",
            align="center",
        ),
        spacing="4",
        role="status",
        aria_busy="true",
        id="incubator-processing",
        style=_card,
    )


def _download_button() -> rx.Component:
    return rx.button(
        rx.icon("download", size=16, aria_hidden="true"),
        "Download Analysis",
        on_click=IncubatorState.download,
        variant="soft",
        type="button",
    )


def _competitor_card(row: rx.Var[CompetitorRow]) -> rx.Component:
    return rx.el.article(
        rx.flex(
            rx.heading(row.name, as_="h4", size="3", style=heading_style),
            rx.cond(
                row.position != "",
                rx.badge(row.position, color_scheme="gray", variant="surface", size="1"),
            ),
            justify="between",
            align="center",
            spacing="2",
            wrap="wrap",
            width="100%",
        ),
        rx.cond(
            row.description != "",
            rx.text(row.description, size="2", color="var(--gray-11)"),
        ),
        rx.cond(
            row.strengths != "",
            rx.text(rx.el.strong("Strengths: "), row.strengths, size="2", color="var(--gray-12)"),
        ),
        rx.cond(
            row.weaknesses != "",
            rx.text(rx.el.strong("Weaknesses: "), row.weaknesses, size="2", color="var(--gray-12)"),
        ),
        rx.cond(
            row.funding != "",
            rx.text("Funding: ", row.funding, size="1", color="var(--gray-10)"),
        ),
        class_name="incubator-competitor",
        style={
            **_card,
            "padding": "1rem",
            "background": "var(--gray-a3)",
            "display": "flex",
            "flex_direction": "column",
            "gap": "0.5rem",
        },
    )


def _two_columns(*children: rx.Component) -> rx.Component:
    return rx.grid(
        *children, columns=rx.breakpoints(initial="1", md="2"), spacing="4", width="100%"
    )


def _analysis_results() -> rx.Component:
    a = IncubatorState.analysis
    return rx.vstack(
        rx.flex(
            rx.vstack(
                _sample_badge(IncubatorState.sample),
                rx.heading("Professional analysis", as_="h2", size="6", style=heading_style),
                spacing="2",
                align="start",
            ),
            rx.flex(
                rx.button(
                    rx.icon("shield-alert", size=16, aria_hidden="true"),
                    "Run Stress Test",
                    on_click=IncubatorState.stress_test,
                    loading=IncubatorState.stress_testing,
                    disabled=IncubatorState.busy,
                    type="button",
                    id="incubator-stress",
                ),
                _download_button(),
                rx.button(
                    rx.icon("pencil", size=16, aria_hidden="true"),
                    "New Analysis",
                    on_click=lambda: IncubatorState.set_tab("input"),
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
        rx.vstack(
            section_heading("Market Analysis", "globe", ACCENT, fixed_icon=True),
            rx.text(a.overview, size="3", id="incubator-overview"),
            rx.grid(
                _figure("Market size", a.size, a.size_source, "incubator-market-size"),
                _figure("Growth", a.growth, a.growth_source, "incubator-market-growth"),
                columns=rx.breakpoints(initial="1", sm="2"),
                spacing="3",
                width="100%",
            ),
            _two_columns(
                _bullets("Trends", a.trends, "incubator-trend"),
                _bullets("Challenges", a.market_challenges, "incubator-market-challenge"),
            ),
            _prose("Opportunity", a.opportunity),
            spacing="4",
            align="start",
            style=_card,
            id="incubator-market",
        ),
        rx.vstack(
            section_heading("Competitive Analysis", "swords", ACCENT, fixed_icon=True),
            _prose("Landscape", a.landscape),
            _label("Top competitors"),
            rx.cond(
                a.competitors.length() > 0,
                rx.grid(
                    rx.foreach(a.competitors, _competitor_card),
                    columns=rx.breakpoints(initial="1", md="3"),
                    spacing="3",
                    width="100%",
                ),
                rx.text("The analysis did not name competitors.", size="2"),
            ),
            _prose("Whitespace", a.whitespace),
            spacing="4",
            align="start",
            style=_card,
            id="incubator-competition",
        ),
        rx.vstack(
            section_heading("Product Strategy", "package", ACCENT, fixed_icon=True),
            rx.text(a.product, size="3"),
            _two_columns(
                _bullets("Core features", a.features, "incubator-feature"),
                _bullets("Differentiators", a.differentiators, "incubator-differentiator"),
            ),
            _two_columns(
                _prose("Business model", a.business_model),
                _prose("Scalability", a.scalability),
            ),
            spacing="4",
            align="start",
            style=_card,
            id="incubator-product",
        ),
        rx.vstack(
            section_heading("Viability Assessment", "gauge", ACCENT, fixed_icon=True),
            _two_columns(
                _bullets("Strengths", a.strengths, "incubator-strength"),
                _bullets("Risks", a.risks, "incubator-risk"),
            ),
            _bullets("Challenges", a.challenges, "incubator-challenge"),
            _two_columns(
                _prose("Timeline", a.timeline),
                _prose("Funding requirement", a.funding, "incubator-funding"),
            ),
            spacing="4",
            align="start",
            style=_card,
            id="incubator-viability",
        ),
        spacing="4",
        width="100%",
    )


def _scenario_fact(label: str, value: rx.Var[str], element_id: str) -> rx.Component:
    return rx.vstack(
        _label(label),
        rx.text(value, size="2", weight="medium", id=element_id),
        spacing="1",
        align="start",
        style={**_card, "padding": "0.75rem 1rem", "background": "var(--gray-a3)"},
    )


def _stress_results() -> rx.Component:
    s = IncubatorState.stress
    return rx.vstack(
        rx.flex(
            rx.vstack(
                _sample_badge(IncubatorState.stress_sample),
                rx.heading("Stress test", as_="h2", size="6", style=heading_style),
                spacing="2",
                align="start",
            ),
            rx.flex(
                _download_button(),
                rx.button(
                    rx.icon("refresh-cw", size=16, aria_hidden="true"),
                    "Run Again",
                    on_click=IncubatorState.stress_test,
                    loading=IncubatorState.stress_testing,
                    disabled=IncubatorState.busy,
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
        rx.vstack(
            section_heading("Stress Scenario", "triangle-alert", ACCENT, fixed_icon=True),
            rx.heading(s.title, as_="h3", size="5", style=heading_style, id="incubator-scenario"),
            rx.text(s.description, size="3", color="var(--gray-11)"),
            rx.grid(
                _scenario_fact("Probability", s.probability, "incubator-probability"),
                _scenario_fact("Impact", s.impact, "incubator-impact"),
                _scenario_fact("Timeline", s.timeline, "incubator-scenario-timeline"),
                columns=rx.breakpoints(initial="1", sm="3"),
                spacing="3",
                width="100%",
            ),
            spacing="3",
            align="start",
            style={**_card, "border": "1px solid var(--red-a5)"},
            id="incubator-scenario-card",
        ),
        rx.vstack(
            section_heading("Strategic Response", "route", ACCENT, fixed_icon=True),
            _bullets("Immediate actions", s.actions, "incubator-action"),
            _two_columns(
                _prose("Short-term strategy", s.short_term),
                _prose("Long-term adaptation", s.long_term),
            ),
            _prose("Resource requirements", s.resources),
            _bullets("Success metrics", s.metrics, "incubator-metric"),
            spacing="4",
            align="start",
            style=_card,
            id="incubator-response",
        ),
        rx.vstack(
            section_heading("Contingency Planning", "life-buoy", ACCENT, fixed_icon=True),
            _two_columns(
                _bullets("Alternative scenarios", s.alternatives, "incubator-alternative"),
                _bullets("Risk mitigation", s.mitigation, "incubator-mitigation"),
            ),
            _prose("Competitive advantage", s.advantage),
            spacing="4",
            align="start",
            style=_card,
            id="incubator-contingency",
        ),
        spacing="4",
        width="100%",
    )


@tool_route(IDEA_INCUBATOR)
def idea_incubator() -> rx.Component:
    return tool_page(
        IDEA_INCUBATOR,
        rx.tabs.root(
            tab_list(
                rx.tabs.trigger("Idea Input", value="input"),
                rx.tabs.trigger(
                    "Analysis Results", value="analysis", disabled=~IncubatorState.has_analysis
                ),
                rx.tabs.trigger("Stress Test", value="stress", disabled=~IncubatorState.has_stress),
            ),
            rx.tabs.content(
                rx.box(
                    rx.cond(IncubatorState.analysing, _processing(), _idea_form()),
                    padding_top="1.25rem",
                ),
                value="input",
            ),
            rx.tabs.content(
                rx.box(
                    rx.cond(IncubatorState.has_analysis, _analysis_results()),
                    padding_top="1.25rem",
                ),
                value="analysis",
            ),
            rx.tabs.content(
                rx.box(
                    rx.cond(IncubatorState.has_stress, _stress_results()),
                    padding_top="1.25rem",
                ),
                value="stress",
            ),
            value=IncubatorState.tab,
            on_change=IncubatorState.set_tab,
            width="100%",
        ),
        save_handler=IncubatorState.save,
        can_save=IncubatorState.has_analysis,
    )
