"""A heading (or a bold line) and the lines under it, close together at the start, and the
same beside a tile: the top of a card, a step, an example prompt.

    line_stack(rx.heading("Your startup"), muted_text("HealthTech"))
    tile_beside(tile(icon, "2rem", "full", "var(--orange-a3)"), line_stack(title, caption))
"""

from __future__ import annotations

from typing import Any

import reflex as rx


def line_stack(*lines: rx.Component, **props: Any) -> rx.Component:
    """`lines` in a column, 0.25rem apart, at the start of the cross axis."""
    return rx.vstack(*lines, spacing="1", align="start", **props)


def tile_beside(tile: rx.Component, content: rx.Component, **props: Any) -> rx.Component:
    """`tile` beside `content` (usually a `line_stack`), 0.75rem apart, both at the top."""
    return rx.hstack(tile, content, spacing="3", align="start", **props)
