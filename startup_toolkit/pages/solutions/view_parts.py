"""Small pieces the hub's views share: a resource as a button, the type badge and tile, a
dialog as wide as the screen, the loading spinner, a markdown body and a link button to a new
tab."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.markdown import safe_markdown
from startup_toolkit.components.panels import modal
from startup_toolkit.components.props import SHRINK_TO_FIT, SMALL_SOFT_BADGE
from startup_toolkit.pages.solutions.state import SolutionsState as S

#: A resource button's own look over the browser's button: its parts in a row, at the left.
_RESOURCE_BUTTON: dict[str, Any] = {
    "display": "flex",
    "text_align": "left",
    "width": "100%",
    "color": "inherit",
    "cursor": "pointer",
}


def resource_button(
    card: rx.Var, *children: rx.Component, class_name: str, style: dict[str, Any], **props: Any
) -> rx.Component:
    """A resource (a card or a list entry) as a button that opens it; `style` adds to the
    plain look."""
    return rx.el.button(
        *children,
        on_click=S.open_resource(card.id),
        type="button",
        class_name=class_name,
        style={**_RESOURCE_BUTTON, **style},
        **props,
    )


def type_badge(kind: rx.Var) -> rx.Component:
    """The type as a badge ('Video script' for a video with nothing to play)."""
    return rx.badge(
        kind,
        color_scheme=rx.match(
            kind, ("Video", "crimson"), ("Video script", "crimson"), ("Document", "teal"), "violet"
        ),
        **SMALL_SOFT_BADGE,
    )


def type_tile(card: rx.Var, icon_size: int, **props: Any) -> rx.Component:
    """The card's picture: its category's own image (a local SVG) with its type's icon."""
    return rx.center(
        rx.center(
            rx.icon(card.icon, size=icon_size, color="white"),
            background="rgba(0, 0, 0, 0.28)",
            border_radius="999px",
            padding="0.5rem",
        ),
        # The gradient shows while the picture loads (and if it ever cannot).
        background=f"center / cover no-repeat url({card.image}), {card.gradient}",
        class_name="hub-tile",
        aria_hidden="true",
        **props,
    )


def hub_dialog(
    *content: rx.Component, opened: rx.Var, on_open_change: Any, max_width: str, **props: Any
) -> rx.Component:
    """A dialog as wide as the screen allows, up to `max_width`."""
    return modal(
        *content,
        opened=opened,
        on_open_change=on_open_change,
        max_width=max_width,
        width="calc(100vw - 2rem)",
        **props,
    )


def spinner(padding: str, **props: Any) -> rx.Component:
    """What stands where a list or text is still loading."""
    return rx.center(rx.spinner(size="3"), padding=padding, **props)


def markdown_body(text: rx.Var, **props: Any) -> rx.Component:
    return rx.box(
        safe_markdown(text),
        class_name="hub-markdown",
        **props,
        **SHRINK_TO_FIT,
    )


def new_tab_button(icon: str, label: str, href: rx.Var, **props: Any) -> rx.Component:
    """An outlined button linking to `href` in a new tab."""
    return rx.link(
        rx.button(rx.icon(icon, size=16), label, variant="outline"),
        href=href,
        is_external=True,
        rel="noopener noreferrer",
        **props,
    )
