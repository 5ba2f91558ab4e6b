"""Building blocks of an AI tool's results: a small uppercase label, labelled prose, a labelled
bullet list, a figure with its source, two columns, the demo-mode sample badge, a saved run's
basis badge and the amber note over a sample or an estimate.

Every value is a state var holding text from the model, rendered as text. Where the model left
a value out, a block says `missing` ("Not provided") instead of showing an empty space.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

from startup_toolkit.components.props import FILL_COLUMN, SOFT_PILL
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import heading_style

#: What a block shows when the model left its value out.
NOT_PROVIDED = "Not provided"


def block_label(text: str) -> rx.Component:
    """The small uppercase label above a block's value."""
    return rx.text(
        text, size="1", weight="bold", color="var(--gray-11)", text_transform="uppercase"
    )


def labelled_text(
    label: str, value: rx.Var[str], *, element_id: str = "", missing: str = NOT_PROVIDED
) -> rx.Component:
    """A labelled paragraph; `missing`, dimmed, when the value is empty."""
    extra = {"id": element_id} if element_id else {}
    return rx.vstack(
        block_label(label),
        rx.text(
            rx.cond(value != "", value, missing),
            size="2",
            color=rx.cond(value != "", "var(--gray-12)", "var(--gray-10)"),
            **extra,
        ),
        spacing="1",
        **FILL_COLUMN,
    )


def _text_item(text: rx.Var, item_class: str) -> rx.Component:
    return rx.el.li(rx.text(text, size="2"), class_name=item_class)


def bullet_list(
    label: str,
    values: rx.Var[list[Any]],
    item_class: str,
    *,
    missing: str = NOT_PROVIDED,
    item: Callable[[rx.Var, str], rx.Component] = _text_item,
    gap: str = "0.35rem",
) -> rx.Component:
    """A labelled bullet list, each value drawn by `item(value, item_class)` (its text by
    default, e.g. `cited_item` for claims with citations), `gap` apart; `missing` when empty."""
    return rx.vstack(
        block_label(label),
        rx.cond(
            values.length() > 0,
            rx.el.ul(
                rx.foreach(values, lambda value: item(value, item_class)),
                style={
                    "padding_left": "1.1rem",
                    "list_style_type": "disc",
                    "display": "grid",
                    "gap": gap,
                    "margin": "0",
                },
            ),
            rx.text(missing, size="2", color="var(--gray-10)"),
        ),
        spacing="1",
        **FILL_COLUMN,
    )


def source_note(source: rx.Var[str]) -> rx.Component:
    """'Source: ...' under a figure or an insight (class `source`)."""
    return rx.hstack(
        rx.icon("book-open", size=12, color="var(--gray-10)", aria_hidden="true"),
        rx.text("Source: ", source, size="1", color="var(--gray-10)", class_name="source"),
        spacing="1",
        align="center",
    )


def figure_with_source(
    label: str,
    value: rx.Var[str],
    source: rx.Var[str] | rx.Component,
    *,
    icon: str = "",
    value_size: str = "5",
    value_id: str = "",
    **props: Any,
) -> rx.Component:
    """A market figure: its label (after `icon`, when given, in medium weight), the value in
    large bold type and its source (a 'Source: ...' line, or the component given, e.g. a
    checked citation). `props` style the block (e.g. `style`, `class_name`, `spacing`, "1" by
    default)."""
    caption = rx.text(label, size="2", color="var(--gray-11)")
    if icon:
        caption = icon_row(
            rx.icon(icon, size=16, color="var(--violet-11)", aria_hidden="true"),
            rx.text(label, size="2", color="var(--gray-11)", weight="medium"),
        )
    extra = {"id": value_id} if value_id else {}
    return rx.vstack(
        caption,
        rx.text(value, size=value_size, weight="bold", style=heading_style, **extra),
        source if isinstance(source, rx.Component) else source_note(source),
        **{"spacing": "1", "align": "start", **props},
    )


def card_grid(*children: rx.Component, spacing: str = "4", **columns: str) -> rx.Component:
    """A full-width grid: one column on a phone, then `columns` per breakpoint (`sm="2"`)."""
    return rx.grid(
        *children, columns=rx.breakpoints(initial="1", **columns), spacing=spacing, width="100%"
    )


def two_columns(*children: rx.Component) -> rx.Component:
    """Side by side from `md` up, stacked on a phone."""
    return card_grid(*children, md="2")


def sample_badge(show: rx.Var[bool], label: str, class_name: str) -> rx.Component:
    """The amber 'sample result' badge, while `show` (a demo-mode result)."""
    return rx.cond(
        show,
        rx.badge(
            rx.icon("flask-conical", size=12, aria_hidden="true"),
            label,
            color_scheme="amber",
            class_name=class_name,
            **SOFT_PILL,
        ),
    )


def basis_badge(basis: Any, **props: Any) -> rx.Component:
    """The amber badge naming what a saved run rests on (a sample, a stand-in), unless nothing."""
    return rx.cond(basis != "", rx.badge(basis, color_scheme="amber", variant="soft", **props))


def amber_note(text: Any, icon: str, **props: Any) -> rx.Component:
    """A small amber callout: what is shown is a sample, an estimate or demo data."""
    return rx.callout(text, icon=icon, color_scheme="amber", size="1", **props)


def tile(
    content: rx.Component, size: str, radius: str, background: str, **props: Any
) -> rx.Component:
    """`content` centred on a square (or round) tile that never shrinks beside text."""
    return rx.center(
        content,
        width=size,
        height=size,
        flex_shrink="0",
        border_radius=radius,
        background=background,
        **props,
    )
