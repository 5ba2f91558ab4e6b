"""A report on a page (a shared result, idea or comparison): its title and facts, then each
section's text, bullets, table, score chart and sources. Renders a `ReportView` var
(`state/report_view.py`); model text is shown as plain text, links only when http(s)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.charts import AXIS_TICK, chart_figure
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import FILL_COLUMN
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import card_style, heading_style
from startup_toolkit.state.report_view import MAX_SERIES

#: One colour per series of a chart (ideas in a comparison, runs in a diff).
SERIES_COLORS = ("var(--violet-9)", "var(--cyan-9)", "var(--amber-9)", "var(--green-9)")
_AXIS: dict[str, Any] = {"tick_line": False, "stroke": "var(--gray-a7)", "tick": AXIS_TICK}


def _chart(section: rx.Var) -> rx.Component:
    """Horizontal bars, one row per group: long category names stay readable on a phone."""
    bars = [
        rx.cond(
            section.series.length() > i,
            rx.recharts.bar(
                data_key=f"s{i}",
                name=section.series[i],
                fill=SERIES_COLORS[i],
                radius=[0, 4, 4, 0],
                max_bar_size=18,
                is_animation_active=False,
            ),
        )
        for i in range(MAX_SERIES)
    ]
    return chart_figure(
        rx.recharts.bar_chart(
            rx.recharts.cartesian_grid(
                stroke_dasharray="3 3", horizontal=False, stroke="var(--gray-a5)"
            ),
            rx.recharts.x_axis(
                type_="number", domain=[0, 100], ticks=[0, 25, 50, 75, 100], **_AXIS
            ),
            rx.recharts.y_axis(data_key="label", type_="category", width=120, interval=0, **_AXIS),
            rx.recharts.legend(),
            *bars,
            data=section.chart,
            layout="vertical",
            margin={"top": 8, "right": 12, "left": 0, "bottom": 0},
            bar_category_gap="20%",
            width="100%",
            height=section.chart_height,
        ),
        section.chart_label,
        width="100%",
    )


def _table(section: rx.Var) -> rx.Component:
    """The table scrolls sideways inside its box on a phone; its words never break."""
    return rx.box(
        rx.table.root(
            rx.table.header(
                rx.table.row(rx.foreach(section.headers, lambda h: rx.table.column_header_cell(h)))
            ),
            rx.table.body(
                rx.foreach(
                    section.rows,
                    lambda row: rx.table.row(rx.foreach(row, lambda c: rx.table.cell(c))),
                )
            ),
            size="1",
            variant="surface",
            style={"min_width": "34rem", "overflow_wrap": "normal", "word_break": "normal"},
        ),
        overflow_x="auto",
        width="100%",
        tab_index=0,
        aria_label=section.heading,
        role="region",
    )


def _source(source: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.cond(
            source.url != "",
            rx.link(source.title, href=source.url, is_external=True, rel="noopener noreferrer"),
            rx.text(source.title, as_="span"),
        ),
    )


def _section(section: rx.Var) -> rx.Component:
    return rx.vstack(
        rx.heading(section.heading, as_="h2", size="4", style=heading_style),
        rx.foreach(
            section.paragraphs,
            lambda p: rx.text(p, size="2", style={"white_space": "pre-wrap"}),
        ),
        rx.cond(
            section.bullets.length() > 0,
            rx.el.ul(
                rx.foreach(section.bullets, lambda b: rx.el.li(rx.text(b, size="2", as_="span"))),
                style={"padding_left": "1.25rem", "list_style": "disc"},
            ),
        ),
        rx.cond(section.headers.length() > 0, _table(section)),
        rx.cond(section.series.length() > 0, _chart(section)),
        rx.cond(
            section.sources.length() > 0,
            rx.box(
                muted_text("Sources", size="1", weight="bold"),
                rx.el.ul(
                    rx.foreach(section.sources, _source),
                    style={"padding_left": "1.25rem", "list_style": "disc", "font_size": "0.85rem"},
                ),
            ),
        ),
        spacing="2",
        style={**card_style, "min_width": "0", "overflow_wrap": "anywhere"},
        class_name="report-section",
        **FILL_COLUMN,
    )


def report_view(report: rx.Var) -> rx.Component:
    return full_width_stack(
        rx.heading(report.title, as_="h1", size="7", style=heading_style),
        rx.cond(report.subtitle != "", muted_text(report.subtitle, size="3")),
        rx.hstack(
            rx.foreach(
                report.facts,
                lambda f: rx.badge(f[0], ": ", f[1], variant="soft", color_scheme="gray"),
            ),
            spacing="2",
            wrap="wrap",
        ),
        rx.foreach(report.sections, _section),
        id="report",
    )
