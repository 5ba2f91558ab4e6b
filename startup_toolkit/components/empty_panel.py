"""A dashed panel in place of a list that has nothing to show (or failed to load)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.theme import heading_style


def empty_panel(
    icon: str,
    title: str,
    text: str,
    *children: rx.Component,
    text_props: dict[str, Any] | None = None,
    **props: Any,
) -> rx.Component:
    """An icon, a heading, a line of text and any actions, centred in a dashed box."""
    return rx.vstack(
        rx.icon(icon, size=32, color="var(--gray-9)", aria_hidden="true"),
        rx.heading(title, as_="h2", size="4", style=heading_style),
        rx.text(text, size="2", color="var(--gray-11)", **(text_props or {})),
        *children,
        spacing="3",
        align="center",
        padding="3rem 1rem",
        width="100%",
        border="1px dashed var(--gray-a6)",
        border_radius="var(--radius-5)",
        **props,
    )
