"""The dashboard's building blocks: cards, their titles, skeletons and empty states."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.cards import card_panel, card_title
from startup_toolkit.components.panels import ghost_icon_button, muted_text
from startup_toolkit.components.props import FILL_COLUMN, FILL_ROW, GROW
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import card_style, heading_style
from startup_toolkit.pages.dashboard.state import DashboardState as S


def tile_style(padding: str) -> dict[str, Any]:
    """A card inside a card (one saved result, one document) that may shrink with its grid
    cell."""
    return {**card_style, "padding": padding, "background": "var(--gray-a3)", "min_width": "0"}


def dashboard_title(text: str, icon: str, *extra: rx.Component) -> rx.Component:
    """A dashboard card's heading row: `icon`, `text` as an h2, then `extra`."""
    return card_title(
        icon,
        text,
        *extra,
        size="4",
        icon_color="var(--violet-11)",
        heading_style=heading_style,
        margin_bottom="0.75rem",
    )


def counted_title(text: str, icon: str, count: rx.Var, **badge: Any) -> rx.Component:
    """A card title with how many there are at its right end (0 while the page loads)."""
    return dashboard_title(text, icon, rx.spacer(), rx.badge(count | 0, radius="full", **badge))


def skeleton(height: str = "4rem") -> rx.Component:
    return rx.skeleton(rx.box(height=height, width="100%"), loading=True)


def muted_date(at: rx.Var, date_format: str = "ll") -> rx.Component:
    """The time `at` as a small muted locale date (`date_format`: a moment.js format)."""
    return muted_text(rx.moment(at, format=date_format), size="1")


def when(item: rx.Var) -> rx.Component:
    """The relative label from the server, or a locale date for older entries."""
    return rx.cond(item["when"] != "", muted_text(item["when"], size="1"), muted_date(item["at"]))


def feed_row(
    lead: rx.Component, line: rx.Component, item: rx.Var, *end: rx.Component, **props: Any
) -> rx.Component:
    """A row of a dated list (activity, notifications): `lead`, then `line` over the entry's
    time (`when`), then `end` (pushed to the right: the text between takes the free space)."""
    text_width = GROW if end else {"min_width": "0"}
    return rx.hstack(
        lead,
        rx.vstack(line, when(item), spacing="0", align="start", **text_width),
        *end,
        spacing="3",
        **props,
        **FILL_COLUMN,
    )


def empty(text: str, *extra: rx.Component) -> rx.Component:
    return rx.vstack(
        muted_text(text),
        *extra,
        spacing="3",
        padding_y="1rem",
        **FILL_ROW,
    )


def loading_list(
    items: rx.Var, filled: rx.Component, nothing: rx.Component, height: str
) -> rx.Component:
    """A skeleton of `height` while the page loads, then the list or `nothing`."""
    return rx.cond(S.view.is_none(), skeleton(height), rx.cond(items.length() > 0, filled, nothing))


def list_card(
    title: rx.Component, items: rx.Var, filled: rx.Component, nothing: rx.Component, **props: Any
) -> rx.Component:
    """A card of the main column: `title`, then its list (skeleton 8rem unless `height`)."""
    height = props.pop("height", "8rem")
    return card_panel(title, loading_list(items, filled, nothing, height), **props)


def tile_grid(items: rx.Var, tile: Any, **columns: str) -> rx.Component:
    """`tile(item)` for each of `items` in a grid, one column on phones."""
    return card_grid(rx.foreach(items, tile), spacing="3", **columns)


def row_list(items: rx.Var, row: Any) -> rx.Component:
    return full_width_stack(rx.foreach(items, row), spacing="3")


def small_icon_button(icon: str, tip: str, label: Any, on_click: Any) -> rx.Component:
    """A ghost 'x'-style button with a tooltip (remove a favourite, dismiss a notification)."""
    return rx.tooltip(
        ghost_icon_button(icon, label, color_scheme="gray", size="1", on_click=on_click),
        content=tip,
    )
