"""A grid of small cards, up to four in a row (a week of a plan, a key figure): one column on a
phone, two from the small breakpoint, four from the large one."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.result_blocks import card_grid


def four_up_grid(*children: rx.Component, spacing: str = "3") -> rx.Component:
    """`children` 1, 2 then 4 to a row as the screen widens, 0.75rem apart unless `spacing`."""
    return card_grid(*children, sm="2", lg="4", spacing=spacing)
