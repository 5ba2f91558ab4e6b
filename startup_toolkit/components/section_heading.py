"""The heading of a public page's section: an eyebrow badge, a title and a line under it; the
round icon badge and the large display heading it is made of; a whole section under such a
heading."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.layout import section
from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.pill import pill
from startup_toolkit.components.props import CENTRED_GRAY_TEXT, SOFT_PILL
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import tool_icon
from startup_toolkit.domain.catalog import Tool


def icon_pill(
    icon: str, label: Any, *, icon_props: dict[str, Any] | None = None, **props: Any
) -> rx.Component:
    """A round badge, `icon` (14 px) before `label`: soft and size 2 unless `props` say
    otherwise (`icon_props`: more props of the icon, e.g. aria_hidden)."""
    return rx.badge(rx.icon(icon, size=14, **(icon_props or {})), label, **{**SOFT_PILL, **props})


def display_heading(*text: Any, as_: str = "h2", **props: Any) -> rx.Component:
    """A page's or a section's large title (size 7, 8 from `md`) in the heading font."""
    return rx.heading(
        *text, as_=as_, size=rx.breakpoints(initial="7", md="8"), style=heading_style, **props
    )


def eyebrow(label: str, icon: str) -> rx.Component:
    """The small badge above a section's title."""
    return icon_pill(icon, label, class_name="home-eyebrow")


def section_heading(
    title: str,
    subtitle: str,
    badge: rx.Component | None = None,
    subtitle_width: str | None = "42rem",
) -> rx.Component:
    """Centred title (h2) and subtitle; `subtitle_width` None lets the subtitle run wide."""
    width: dict[str, Any] = {"max_width": subtitle_width} if subtitle_width else {}
    return rx.vstack(
        *([badge] if badge is not None else []),
        display_heading(title, align="center"),
        rx.text(
            subtitle,
            size=rx.breakpoints(initial="3", md="4"),
            **width,
            **CENTRED_GRAY_TEXT,
        ),
        spacing="3",
        align="center",
        margin_bottom=rx.breakpoints(initial="2rem", md="3rem"),
    )


def headed_section(
    title: str,
    subtitle: str,
    badge: tuple[str, str],
    *body: rx.Component,
    subtitle_width: str | None = "42rem",
    **props: Any,
) -> rx.Component:
    """A page `section` opening with `section_heading` (its eyebrow `badge`: label, icon),
    then `body`; `props` go to the section (class_name, id, padding_y)."""
    heading = section_heading(title, subtitle, eyebrow(*badge), subtitle_width=subtitle_width)
    return section(heading, *body, **props)


def page_intro(
    icon: str, label: str, title: tuple[Any, ...], text: str, **text_props: Any
) -> rx.Component:
    """A signed-in page's opening, left-aligned: a badge (`icon`, `label`), the h1 made of
    `title` (strings and spans) and the grey line `text` under it."""
    return rx.vstack(
        icon_pill(icon, label, icon_props={"aria_hidden": "true"}),
        display_heading(*title, as_="h1"),
        rx.text(text, size="3", color="var(--gray-11)", **text_props),
        spacing="3",
        align="start",
    )


def tool_heading(tool: Tool, level: str, tile: str, icon_size: int, **props: Any) -> rx.Component:
    """A tool card's top: its icon tile (`tile` wide) beside its name (heading `level`, e.g.
    "h2") and its category badge."""
    return rx.hstack(
        tool_icon(tool, size=tile, icon_size=icon_size),
        line_stack(
            rx.heading(tool.name, as_=level, size="4", style=heading_style),
            pill(tool.category, tone=tool.color),
        ),
        spacing="3",
        align="center",
        **props,
    )
