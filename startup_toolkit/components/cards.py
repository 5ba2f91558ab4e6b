"""Titled cards: a card-styled panel as wide as its column, and the heading row that opens it
(an icon, an h2 and any extras, e.g. a badge or a button after a spacer). Used by the
Solutions Hub's side column; the dashboard's cards are the same piece."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.props import FILL_ROW
from startup_toolkit.components.theme import HEADING_FONT, card_style

CARD_PADDING = "1.25rem"


def _panel_style(props: dict[str, Any]) -> dict[str, Any]:
    return {**card_style, "padding": CARD_PADDING, **props.pop("style", {})}


def card_panel(*children: rx.Component, **props: Any) -> rx.Component:
    """A card (theme `card_style`, 1.25rem padding) as wide as its column."""
    style = _panel_style(props)
    return rx.box(*children, style=style, width="100%", **props)


def card_stack(*children: rx.Component, **props: Any) -> rx.Component:
    """`card_panel` with its children in a column, 0.75rem apart."""
    style = _panel_style(props)
    return rx.vstack(*children, spacing="3", width="100%", style=style, **props)


def card_title(
    icon: str,
    text: str,
    *extra: rx.Component,
    size: str = "3",
    icon_color: str = "var(--accent-11)",
    heading_style: dict[str, Any] | None = None,
    **props: Any,
) -> rx.Component:
    """A card's heading row: `icon`, `text` as an h2 (the heading font unless
    `heading_style`), then `extra`; `props` go to the row (e.g. margin_bottom)."""
    return rx.hstack(
        rx.icon(icon, size=18, color=icon_color),
        rx.heading(text, as_="h2", size=size, style=heading_style or {"font_family": HEADING_FONT}),
        *extra,
        spacing="2",
        **props,
        **FILL_ROW,
    )
