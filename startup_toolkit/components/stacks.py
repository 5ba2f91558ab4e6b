"""A full-width stack: a column of sections, cards or rows as wide as its container (a tool's
result, a tab's body, a list of cards)."""

from __future__ import annotations

from typing import Any

import reflex as rx


def full_width_stack(*children: rx.Component, spacing: str = "4", **props: Any) -> rx.Component:
    """`children` in a full-width column, 1rem apart unless `spacing`."""
    return rx.vstack(*children, spacing=spacing, width="100%", **props)
