"""Pieces of the tool pages' recharts figures: the box that gives a chart its text
alternative, the axis ticks' style, the cells that colour each bar or slice from its data,
the pie (a gauge, a donut) built from them and the colour key before a legend's label.

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


def fill_pie(
    data: rx.Var[list[dict[str, Any]]],
    data_key: str,
    height: int,
    *,
    margin: dict[str, int] | None = None,
    **pie: Any,
) -> rx.Component:
    """A full-width, still (not animated) pie chart of `data`, each slice filled with its
    entry's "fill" colour; `pie` shapes it (angles, radii, stroke), `margin` the chart's."""
    chart = {"margin": margin} if margin is not None else {}
    return rx.recharts.pie_chart(
        rx.recharts.pie(
            cell_fills(data), data=data, data_key=data_key, **pie, is_animation_active=False
        ),
        width="100%",
        height=height,
        **chart,
    )


def colour_key(fill: Any, label: rx.Component, radius: str = "2px") -> rx.Component:
    """`label` after a small square of colour `fill` (rounded by `radius`): a legend's entry,
    or the name of a chart's series."""
    return rx.hstack(
        rx.box(
            width="0.75rem",
            height="0.75rem",
            border_radius=radius,
            background=fill,
            flex_shrink="0",
            aria_hidden="true",
        ),
        label,
        spacing="2",
        align="center",
    )
