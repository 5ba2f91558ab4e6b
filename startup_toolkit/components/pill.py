"""A pill: the round, soft badge of a status, a verdict, a category or a type.

pill("Active", tone="green", id="subscription-status")
"""

from __future__ import annotations

from typing import Any

import reflex as rx


def pill(*children: Any, tone: Any = None, **props: Any) -> rx.Component:
    """`children` on a round soft badge in the colour `tone` (the accent when None)."""
    if tone is not None:
        props["color_scheme"] = tone
    return rx.badge(*children, variant="soft", radius="full", **props)
