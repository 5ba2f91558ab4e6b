"""The Viability Scanner's result tabs: Summary (chart and category cards), Action Plan,
Competitors and Market (T-SCAN-3). Every text from the model is rendered as text."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

from startup_toolkit.components.charts import AXIS_TICK, cell_fills, chart_figure
from startup_toolkit.components.citations import citation_note
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import FAINT_TEXT, SMALL_SOFT_BADGE, SPREAD_ROW, WRAP_ROW
from startup_toolkit.components.result_blocks import card_grid, tile, two_columns
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import TOOL_CARD_STYLE, section_heading
from startup_toolkit.domain.catalog import VIABILITY_SCANNER
from startup_toolkit.pages.scanner.state import CategoryRow, CompetitorRow, ScannerState
from startup_toolkit.state.evidence import CitedRow

ACCENT = VIABILITY_SCANNER.color


#: A result card whose items stack with a fixed gap (an article, not a vstack).
_CARD_COLUMN = {**TOOL_CARD_STYLE, "display": "flex", "flex_direction": "column", "gap": "0.75rem"}


def _card_title(name: rx.Var[str]) -> rx.Component:
    return rx.heading(name, as_="h3", size="3", style=heading_style)


def _verdict_line(label: str, color: str, text: rx.Var[str], text_color: str) -> rx.Component:
    """A small coloured label over the competitor's weakness or how to win."""
    return rx.vstack(
        rx.text(label, size="1", weight="bold", color=f"var(--{color}-11)"),
        rx.text(text, size="2", color=text_color),
        spacing="1",
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


def _scored_card(
    name: rx.Var[str],
    aside: rx.Component,
    meter: rx.Component,
    *body: rx.Component,
    class_name: str,
    **top_row: str,
) -> rx.Component:
    """A result card: its `name` and `aside` at the ends of the top row, the score's `meter`
    under them, then `body`."""
    return rx.el.article(
        rx.hstack(_card_title(name), aside, spacing="2", **top_row, **SPREAD_ROW),
        meter,
        *body,
        class_name=class_name,
        style=_CARD_COLUMN,
    )


def _category_card(row: rx.Var[CategoryRow]) -> rx.Component:
    return _scored_card(
        row.name,
        rx.badge(
            row.score.to_string(),
            "/100",
            color_scheme=row.color,
            variant="soft",
            size="2",
            data_band=row.color,
            class_name="category-score",
        ),
        _meter(row.score, row.color, row.name),
        rx.text(row.assessment, size="2", weight="medium", color="var(--gray-12)"),
        rx.cond(
            row.reasoning != "",
            muted_text(row.reasoning, class_name="reasoning"),
        ),
        rx.vstack(
            rx.badge(
                rx.icon("gauge", size=12, aria_hidden="true"),
                rx.el.span("Confidence: ", rx.el.span(row.confidence, class_name="confidence")),
                color_scheme="gray",
                variant="surface",
                size="1",
                radius="full",
            ),
            muted_text(row.confidence_note, size="1", class_name="confidence-note"),
            spacing="1",
            margin_top="auto",
            align_items="flex-start",
        ),
        class_name="category-card",
    )


#: The chart's score bands: (lowest score, colour, legend), the last without a reference line.
_BANDS: tuple[tuple[int, str, str], ...] = (
    (80, "green", "80+ Highly Viable"),
    (60, "amber", "60-79 Potentially Viable"),
    (0, "red", "<60 Needs Rethinking"),
)
#: Both axes: no tick marks, a faint line and small grey labels.
_AXIS: dict[str, Any] = {"tick_line": False, "stroke": "var(--gray-a7)", "tick": AXIS_TICK}


def _chart() -> rx.Component:
    return rx.box(
        section_heading("Scores by category", "chart-column", ACCENT),
        chart_figure(
            rx.recharts.bar_chart(
                rx.recharts.cartesian_grid(
                    stroke_dasharray="3 3", vertical=False, stroke="var(--gray-a5)"
                ),
                rx.recharts.x_axis(data_key="name", **_AXIS, interval=0),
                rx.recharts.y_axis(
                    domain=[0, 100], ticks=[0, 20, 40, 60, 80, 100], width=32, **_AXIS
                ),
                *[
                    rx.recharts.reference_line(
                        y=floor, stroke=f"var(--{color}-9)", stroke_dasharray="4 4"
                    )
                    for floor, color, _ in _BANDS[:2]
                ],
                rx.recharts.bar(
                    cell_fills(ScannerState.result.chart_data),
                    data_key="score",
                    name="Score",
                    radius=[6, 6, 0, 0],
                    max_bar_size=56,
                    is_animation_active=False,
                ),
                data=ScannerState.result.chart_data,
                margin={"top": 8, "right": 8, "left": 0, "bottom": 0},
                width="100%",
                height=240,
            ),
            ScannerState.result.chart_label,
            width="100%",
            margin_top="1rem",
        ),
        rx.hstack(
            rx.text("Bands: ", size="1", **FAINT_TEXT),
            *[
                rx.badge(label, color_scheme=color, **SMALL_SOFT_BADGE)
                for _, color, label in _BANDS
            ],
            spacing="2",
            margin_top="0.75rem",
            **WRAP_ROW,
        ),
        class_name="scanner-chart",
        style=TOOL_CARD_STYLE,
    )


def summary_tab() -> rx.Component:
    return full_width_stack(
        _chart(),
        card_grid(rx.foreach(ScannerState.result.categories, _category_card), sm="2", lg="3"),
    )


def _empty(text: str) -> rx.Component:
    return muted_text(text, padding="1rem 0")


def _list_card(
    heading: tuple[str, str],
    items: rx.Var[list[Any]],
    item: Callable[..., rx.Component],
    empty: str,
    *,
    tag: Callable[..., rx.Component] = rx.el.ul,
    gap: str,
) -> rx.Component:
    """A card: its heading (title, icon), then the bare list of `items` (each through `item`)
    `gap` below it, or the line `empty` while there are none."""
    title, icon = heading
    bare = {"list_style": "none", "margin": f"{gap} 0 0", "padding": "0"}
    return rx.box(
        section_heading(title, icon, ACCENT),
        rx.cond(items.length() > 0, tag(rx.foreach(items, item), style=bare), _empty(empty)),
        style=TOOL_CARD_STYLE,
    )


def _action_step(step: rx.Var[str], index: rx.Var[int]) -> rx.Component:
    return rx.el.li(
        tile(
            rx.text((index + 1).to_string(), size="2", weight="bold"),
            "2rem",
            "50%",
            "var(--violet-a4)",
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
    )


def action_tab() -> rx.Component:
    return _list_card(
        ("Your next five moves", "list-ordered"),
        ScannerState.result.steps,
        _action_step,
        "The analysis did not include action steps.",
        tag=rx.el.ol,
        gap="0.75rem",
    )


def _competitor_card(row: rx.Var[CompetitorRow]) -> rx.Component:
    return _scored_card(
        row.name,
        muted_text("Strength ", row.strengthScore.to_string(), "/100", size="1"),
        _meter(row.strengthScore, "gray", "Competitor strength"),
        _verdict_line("Weakness", "red", row.weakness, "var(--gray-11)"),
        _verdict_line("How you can win", "green", row.differentiator, "var(--gray-12)"),
        citation_note(row.cite),
        class_name="competitor-card",
        wrap="wrap",
    )


def competitors_tab() -> rx.Component:
    return rx.cond(
        ScannerState.result.competitors.length() > 0,
        card_grid(rx.foreach(ScannerState.result.competitors, _competitor_card), sm="2", lg="3"),
        rx.box(_empty("The analysis did not name competitors."), style=TOOL_CARD_STYLE),
    )


def _figure(label: str, icon: str, figure: rx.Var[CitedRow]) -> rx.Component:
    """A market figure: its label, the value in large type and its citation."""
    return rx.vstack(
        rx.hstack(
            rx.icon(icon, size=16, color="var(--violet-11)", aria_hidden="true"),
            rx.text(label, size="2", color="var(--gray-11)", weight="medium"),
            spacing="2",
            align="center",
        ),
        rx.text(figure.text, size="6", weight="bold", style=heading_style),
        citation_note(figure),
        spacing="2",
        align="start",
        class_name="market-figure",
        style=TOOL_CARD_STYLE,
    )


def _insight(item: rx.Var[CitedRow]) -> rx.Component:
    return rx.el.li(
        rx.text(item.text, size="2", color="var(--gray-12)"),
        citation_note(item),
        style={
            "padding": "0.7rem 0",
            "border_bottom": "1px solid var(--gray-a4)",
            "display": "flex",
            "flex_direction": "column",
            "gap": "0.25rem",
        },
    )


def _insight_list(title: str, icon: str, items: rx.Var[list[CitedRow]]) -> rx.Component:
    return _list_card((title, icon), items, _insight, "None were given.", gap="0.5rem")


def market_tab() -> rx.Component:
    return full_width_stack(
        card_grid(
            _figure("Market size", "globe", ScannerState.result.market_size),
            _figure("Growth rate", "trending-up", ScannerState.result.growth_rate),
            sm="2",
        ),
        two_columns(
            _insight_list("Key trends", "sparkles", ScannerState.result.trends),
            _insight_list("Challenges", "mountain", ScannerState.result.challenges),
        ),
        class_name="scanner-market",
    )
