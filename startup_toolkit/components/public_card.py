"""A card of the public pages: its icon in the round accent badge, then its content."""

from __future__ import annotations

from typing import Any

import reflex as rx


def public_card(
    icon: str, *body: rx.Component, stack: dict[str, Any] | None = None, **props: Any
) -> rx.Component:
    """A `public-card` box: `icon` (class `public-icon`) over `body`, 0.75rem apart
    (`stack`: more props of that column, e.g. height; `props`: of the card)."""
    return rx.box(
        rx.vstack(
            rx.el.span(rx.icon(icon, size=22), class_name="public-icon"),
            *body,
            spacing="3",
            align="start",
            **(stack or {}),
        ),
        class_name="public-card",
        **props,
    )
