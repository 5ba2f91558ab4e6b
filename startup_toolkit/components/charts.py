"""Pieces of the tool pages' recharts figures: the box that gives a chart its text
alternative, the axis ticks' style and the cells that colour each bar or slice from its data.

    chart_figure(rx.recharts.bar_chart(..., cell_fills(State.chart_data)), State.chart_label)

renders the chart inside a box with role "img" and the label as its aria-label.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

#: The ticks of a chart's axis: small grey labels.
AXIS_TICK: dict[str, Any] = {"fill": "var(--gray-11)", "fontSize": 12}


def chart_figure(chart: rx.Component, label: Any, **props: Any) -> rx.Component:
    """`chart` in a box that screen readers read as one image named `label`."""
    return rx.box(chart, role="img", aria_label=label, **props)


def cell_fills(data: rx.Var[list[dict[str, Any]]]) -> rx.Component:
    """A cell per entry of `data`, filled with the entry's "fill" colour."""
    return rx.foreach(data, lambda d: rx.recharts.cell(fill=d["fill"]))
