"""The Growth Engine's components: the business form, the working card and the result with
its tabs Growth Blueprint, Trend Radar and Budget Allocation. Every text from the model is
rendered as text."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components import tool_forms as forms
from startup_toolkit.components.button_rows import gray_button, result_buttons
from startup_toolkit.components.charts import AXIS_TICK, chart_figure, colour_key, fill_pie
from startup_toolkit.components.citations import (
    citation_note,
    cited_item,
    fallback_note,
    research_line,
    sources_panel,
)
from startup_toolkit.components.compact_card import compact_card
from startup_toolkit.components.four_up_grid import four_up_grid
from startup_toolkit.components.idea_picker import idea_picker
from startup_toolkit.components.line_stack import line_stack, tile_beside
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import SMALL_SOFT_BADGE, WIDE_CONTROL
from startup_toolkit.components.result_blocks import tile, two_columns
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tool_layout import (
    COMPACT_TOOL_CARD_STYLE,
    TOOL_CARD_STYLE,
    section_heading,
    spread_row,
    tab_list,
    tab_panel,
    tab_triggers,
    tool_card,
)
from startup_toolkit.components.working_panel import working_panel
from startup_toolkit.domain import growth as rules
from startup_toolkit.domain import research
from startup_toolkit.domain.catalog import GROWTH_ENGINE
from startup_toolkit.pages.growth.state import (
    TABS,
    BudgetRow,
    GrowthState,
    StepRow,
    TrendRow,
    WeekRow,
)
from startup_toolkit.state.evidence import CitedRow

ACCENT = GROWTH_ENGINE.color
FIELDS = forms.FormFields(GrowthState.errors, "growth")
RESULT = GrowthState.result


def _text_field(
    name: str, label: str, value: rx.Var, on_change: object, **props: str
) -> rx.Component:
    return FIELDS.field(
        name,
        label,
        rx.text_area(
            id=FIELDS.id(name),
            value=value,
            on_change=on_change,
            resize="vertical",
            aria_invalid=FIELDS.invalid(name),
            **WIDE_CONTROL,
            **props,
        ),
    )


def form() -> rx.Component:
    return tool_card(
        section_heading("Your business", "briefcase", ACCENT),
        idea_picker(GrowthState, "growth-idea-choice"),
        _text_field(
            "product",
            "Product description",
            GrowthState.product,
            GrowthState.set_product,
            placeholder="What you sell and the problem it solves, e.g. a booking app that "
            "cuts no-shows for physiotherapy clinics.",
            rows="4",
        ),
        _text_field(
            "audience",
            "Target audience",
            GrowthState.audience,
            GrowthState.set_audience,
            placeholder="Who buys it, e.g. owners of independent clinics with 2-10 staff.",
            rows="2",
        ),
        FIELDS.field(
            "budget",
            "Monthly budget (USD)",
            rx.input(
                id=FIELDS.id("budget"),
                value=GrowthState.budget,
                on_change=GrowthState.set_budget,
                input_mode="decimal",
                size="3",
                max_width="16rem",
                aria_invalid=FIELDS.invalid("budget"),
            ),
        ),
        forms.run_button(
            "rocket",
            "Generate Growth Strategy",
            GrowthState.generate,
            GrowthState.running,
            "growth-generate",
        ),
        spacing="4",
    )


def generating() -> rx.Component:
    return working_panel(
        "Building your growth blueprint",
        "Reading your audience, scanning trends and splitting the budget. This usually takes "
        "10 to 30 seconds.",
        GrowthState.elapsed,
        panel_id="growth-generating",
        elapsed_id="growth-elapsed",
        note=research_line(GrowthState.research_progress),
    )


def _cited(row: rx.Var[CitedRow]) -> rx.Component:
    """A figure's checked citation; the sample strategy claims no sources (its label says so)."""
    return rx.cond(~RESULT.sample, citation_note(row))


def _step_card(row: rx.Var[StepRow]) -> rx.Component:
    return tile_beside(
        tile(
            rx.text(row.step, weight="bold"),
            "2rem",
            "full",
            "var(--orange-a3)",
            color="var(--orange-11)",
        ),
        line_stack(
            rx.text(row.action, size="3", weight="medium"),
            rx.cond(row.expectedImpact != "", muted_text(row.expectedImpact)),
            rx.flex(
                rx.cond(row.kpi != "", rx.badge("KPI: ", row.kpi, **SMALL_SOFT_BADGE)),
                rx.cond(
                    row.estimatedGrowth != "",
                    rx.badge(row.estimatedGrowth, color_scheme="green", **SMALL_SOFT_BADGE),
                ),
                spacing="2",
                wrap="wrap",
            ),
            rx.cond(row.estimatedGrowth != "", _cited(row.cite)),
        ),
        class_name="growth-step",
        style=COMPACT_TOOL_CARD_STYLE,
    )


def _week_card(w: rx.Var[WeekRow]) -> rx.Component:
    return compact_card(
        rx.text(w.week, weight="bold", size="2", color="var(--orange-11)"),
        rx.text(w.focus, size="2"),
        spacing="1",
    )


def _blueprint_tab() -> rx.Component:
    return full_width_stack(
        rx.foreach(RESULT.steps, _step_card),
        rx.cond(
            RESULT.weeks.length() > 0,
            full_width_stack(
                section_heading("Four-week timeline", "calendar-days", ACCENT),
                four_up_grid(rx.foreach(RESULT.weeks, _week_card)),
                spacing="3",
                id="growth-timeline",
            ),
        ),
        spacing="3",
    )


def _radar_chart() -> rx.Component:
    return chart_figure(
        rx.recharts.radar_chart(
            rx.recharts.polar_grid(stroke="var(--gray-a6)"),
            rx.recharts.polar_angle_axis(data_key="trend", tick=AXIS_TICK),
            rx.recharts.polar_radius_axis(domain=[0, 100], tick=False, axis_line=False),
            rx.recharts.radar(
                data_key="momentum",
                stroke="var(--orange-9)",
                fill="var(--orange-9)",
                fill_opacity=0.35,
                is_animation_active=False,
            ),
            data=RESULT.trends.to(list[dict[str, Any]]),  # recharts reads plain objects
            width="100%",
            height=300,
        ),
        RESULT.radar_label,
        width="100%",
        style=TOOL_CARD_STYLE,
    )


def _trend_card(t: rx.Var[TrendRow]) -> rx.Component:
    return compact_card(
        spread_row(
            rx.text(t.trend, weight="bold", size="3"),
            rx.badge(
                t.label,
                " momentum · ",
                t.momentum,
                "/100",
                color_scheme=rx.match(t.label, ("High", "green"), ("Medium", "amber"), "gray"),
                variant="soft",
            ),
            spacing="2",
        ),
        muted_text(t.relevance),
        _cited(t.cite),
        class_name="growth-trend",
    )


def _trends_tab() -> rx.Component:
    return full_width_stack(
        rx.cond(RESULT.trends.length() > 2, _radar_chart()),
        rx.foreach(RESULT.trends, _trend_card),
        rx.cond(
            RESULT.trends.length() == 0,
            muted_text("No trends were returned."),
        ),
        spacing="3",
    )


def _budget_row(b: rx.Var[BudgetRow]) -> rx.Component:
    return rx.table.row(
        rx.table.cell(colour_key(b.fill, rx.text(b.channel))),
        rx.table.cell(b.share),
        rx.table.cell(b.amount),
    )


def _benchmark(row: rx.Var[CitedRow]) -> rx.Component:
    return cited_item(row, "growth-benchmark", note=_cited(row))


def _benchmarks() -> rx.Component:
    """Channel benchmarks (acquisition costs, conversion rates) with their citations."""
    return rx.cond(
        RESULT.benchmarks.length() > 0,
        rx.box(
            section_heading("Channel benchmarks", "chart-column", ACCENT),
            rx.el.ul(
                rx.foreach(RESULT.benchmarks, _benchmark),
                style={"list_style": "none", "padding": "0", "display": "grid", "gap": "0.75rem"},
            ),
            id="growth-benchmarks",
            style=TOOL_CARD_STYLE,
        ),
    )


def _budget_tab() -> rx.Component:
    return full_width_stack(_budget_split(), _benchmarks(), spacing="3")


def _budget_split() -> rx.Component:
    chart = RESULT.budget_lines.to(list[dict[str, Any]])  # recharts reads plain objects
    return two_columns(
        chart_figure(
            fill_pie(
                chart,
                "percentage",
                260,
                name_key="channel",
                inner_radius="55%",
                outer_radius="90%",
                stroke="var(--color-panel-solid)",
            ),
            "Budget split by channel",
            style=TOOL_CARD_STYLE,
        ),
        rx.box(
            rx.text("Monthly budget: ", RESULT.budget_label, weight="bold", size="3"),
            rx.table.root(
                rx.table.header(
                    rx.table.row(
                        *[rx.table.column_header_cell(h) for h in ("Channel", "Share", "Amount")]
                    )
                ),
                rx.table.body(rx.foreach(RESULT.budget_lines, _budget_row)),
                width="100%",
                margin_top="0.75rem",
                id="growth-budget-table",
            ),
            style=TOOL_CARD_STYLE,
        ),
    )


def _summary_card() -> rx.Component:
    return tool_card(
        spread_row(
            section_heading("Your growth strategy", "rocket", ACCENT),
            result_buttons(
                forms.soft_button("download", "Download Blueprint", GrowthState.download),
                gray_button("rotate-ccw", "New Strategy", GrowthState.new_strategy),
            ),
        ),
        rx.text(RESULT.summary, size="3", id="growth-summary"),
    )


def _tabs() -> rx.Component:
    """The result's tabs, switched in the browser; each new result opens on the first (its
    key remounts them)."""
    bodies = {"blueprint": _blueprint_tab(), "trends": _trends_tab(), "budget": _budget_tab()}
    return rx.tabs.root(
        tab_list(*tab_triggers(TABS)),
        *[tab_panel(tab, bodies[tab]) for tab, _ in TABS],
        default_value=TABS[0][0],
        key=RESULT.key,
        width="100%",
    )


def results() -> rx.Component:
    return full_width_stack(
        rx.cond(RESULT.sample, forms.result_note(rules.SAMPLE_LABEL, "info", "growth-sample")),
        rx.cond(
            (RESULT.research != research.DONE) & ~RESULT.sample,
            fallback_note("growth-research-note"),
        ),
        _summary_card(),
        _tabs(),
        rx.cond(
            RESULT.research == research.DONE,
            sources_panel(RESULT.sources, "growth-sources"),
        ),
    )
