"""The opening of a public page with a form or a library under it (Contact, Solutions Hub): a
badge, a large h1 and a grey lead line, left-aligned.

    page_hero("message-circle", "Contact", ("Get in ", rx.el.span("touch")), "...", "40rem")
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.section_heading import icon_pill
from startup_toolkit.components.theme import HEADING_FONT


def page_hero(
    icon: str,
    label: str,
    title: tuple[Any, ...],
    text: str,
    text_width: str,
    *extra: rx.Component,
    **props: Any,
) -> rx.Component:
    """The badge (`icon`, `label`), the h1 made of `title` (strings and spans, size 8, 9 from
    `md`), the grey line `text` at most `text_width` wide, then `extra`; `props` go to the
    column (e.g. padding_bottom)."""
    return rx.vstack(
        icon_pill(icon, label),
        rx.heading(
            *title,
            as_="h1",
            size=rx.breakpoints(initial="8", md="9"),
            style={"font_family": HEADING_FONT, "letter_spacing": "-0.03em"},
        ),
        muted_text(text, size=rx.breakpoints(initial="3", md="4"), max_width=text_width),
        *extra,
        spacing="4",
        align="start",
        **props,
    )
