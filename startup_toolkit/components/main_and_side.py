"""A page body's main column beside a side column a third as wide (the idea form and what the
scan covers, the Oracle's results and its globe), stacked on narrow screens."""

from __future__ import annotations

from typing import Any

import reflex as rx

#: Each column may shrink below its content, so long words never widen the grid.
_ONE_COLUMN = "minmax(0, 1fr)"
_TWO_TO_ONE = "minmax(0, 2fr) minmax(0, 1fr)"


def main_and_side(
    main: rx.Component, side: rx.Component, *, side_from: str, spacing: str = "4", **props: Any
) -> rx.Component:
    """`main` and `side` in a full-width grid, 1rem apart unless `spacing`: one column, then
    `side` beside `main` (2:1) from the breakpoint `side_from` (e.g. "md") up."""
    return rx.grid(
        main,
        side,
        grid_template_columns=rx.breakpoints(initial=_ONE_COLUMN, **{side_from: _TWO_TO_ONE}),
        spacing=spacing,
        width="100%",
        **props,
    )
