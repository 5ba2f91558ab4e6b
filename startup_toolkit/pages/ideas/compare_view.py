"""/ideas/compare: the compared ideas as columns (score, verdict band, category scores, market
size and growth with sources, top risks, funding and growth headlines) and a grouped bar chart
(one group per category, one bar per scanned idea)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.cards import card_stack, card_title
from startup_toolkit.components.charts import AXIS_TICK, chart_figure, colour_key
from startup_toolkit.components.citations import citation_note
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.pill import pill
from startup_toolkit.components.props import FILL_COLUMN, SPREAD_ROW, WRAP_ROW
from startup_toolkit.components.theme import heading_style
from startup_toolkit.domain.idea_history import CategoryScoreCell
from startup_toolkit.pages.ideas.compare_state import CompareColumn, CompareState
from startup_toolkit.pages.ideas.view_parts import SCANNER_PATH

S = CompareState
_AXIS: dict[str, Any] = {"tick_line": False, "stroke": "var(--gray-a7)", "tick": AXIS_TICK}


def _label(text: str) -> rx.Component:
    return rx.text(
        text,
        size="1",
        weight="medium",
        color="var(--gray-11)",
        style={"text_transform": "uppercase", "letter_spacing": "0.04em"},
    )


def _figure(label: str, cite: rx.Var) -> rx.Component:
    """A market figure and its checked citation: a verified page's link, "Unverified
    source" or none."""
    return rx.vstack(
        _label(label),
        rx.text(rx.cond(cite.text != "", cite.text, "No figure"), size="2", weight="medium"),
        citation_note(cite),
        spacing="1",
        **FILL_COLUMN,
    )


def _category(cell: CategoryScoreCell) -> rx.Component:
    return rx.hstack(
        rx.text(cell.name, size="2"),
        rx.text(cell.score, size="2", weight="bold", color=f"var(--{cell.color}-11)"),
        spacing="2",
        **SPREAD_ROW,
    )


def _scanned(col: CompareColumn) -> rx.Component:
    return rx.vstack(
        rx.hstack(
            rx.text(col.overall, "/100", size="6", weight="bold", class_name="compare-score"),
            pill(col.verdict, tone=col.verdict_color),
            spacing="2",
            **WRAP_ROW,
        ),
        rx.vstack(
            _label("Categories"), rx.foreach(col.categories, _category), spacing="1", **FILL_COLUMN
        ),
        _figure("Market size", col.market_size),
        _figure("Market growth", col.market_growth),
        rx.vstack(
            _label("Top risks"),
            rx.el.ul(
                rx.foreach(col.risks, lambda r: rx.el.li(rx.text(r, size="2"))),
                style={"margin": "0", "padding_left": "1.1rem"},
            ),
            spacing="1",
            **FILL_COLUMN,
        ),
        spacing="4",
        **FILL_COLUMN,
    )


def _unscanned() -> rx.Component:
    return rx.vstack(
        pill("No scan yet", tone="gray"),
        muted_text("Scan this idea to compare its scores, market and risks."),
        link_button("Scan an idea", SCANNER_PATH, size="2", variant="soft"),
        spacing="2",
        **FILL_COLUMN,
    )


def _headline(label: str, text: rx.Var) -> rx.Component:
    return rx.cond(text != "", rx.vstack(_label(label), rx.text(text, size="2"), spacing="1"))


def _column(col: CompareColumn) -> rx.Component:
    return card_stack(
        colour_key(
            col.marker,
            rx.link(
                rx.heading(col.title, as_="h2", size="4", style=heading_style),
                href=col.href,
                color="inherit",
            ),
            radius="3px",
        ),
        rx.cond(col.scanned, _scanned(col), _unscanned()),
        _headline("Funding", col.funding),
        _headline("Growth", col.growth),
        class_name="compare-column",
    )


def chart() -> rx.Component:
    bars = rx.foreach(
        S.comparison.series,
        lambda s: rx.recharts.bar(
            data_key=s["key"],
            name=s["name"],
            fill=s["fill"],
            radius=[4, 4, 0, 0],
            max_bar_size=28,
            is_animation_active=False,
        ),
    )
    figure = rx.recharts.bar_chart(
        rx.recharts.cartesian_grid(stroke_dasharray="3 3", vertical=False, stroke="var(--gray-a5)"),
        rx.recharts.x_axis(data_key="name", interval=0, **_AXIS),
        rx.recharts.y_axis(domain=[0, 100], ticks=[0, 20, 40, 60, 80, 100], width=32, **_AXIS),
        rx.recharts.legend(wrapper_style={"fontSize": "12px"}, icon_size=10),
        rx.recharts.graphing_tooltip(),
        bars,
        data=S.comparison.chart_data,
        margin={"top": 8, "right": 8, "left": 0, "bottom": 0},
        width="100%",
        height=280,
    )
    return card_stack(
        card_title("chart-column", "Scores by category"),
        rx.cond(
            S.comparison.series.length() > 0,
            chart_figure(figure, S.comparison.chart_label, width="100%", id="compare-chart"),
            muted_text("None of these ideas has a scan yet."),
        ),
    )


def columns() -> rx.Component:
    """Side by side while each column gets 15rem, else fewer per row (one on a phone)."""
    return rx.box(
        rx.foreach(S.comparison.columns, _column),
        style={
            "display": "grid",
            "gap": "1rem",
            "grid_template_columns": "repeat(auto-fit, minmax(min(100%, 15rem), 1fr))",
            "width": "100%",
        },
        id="compare-columns",
    )
