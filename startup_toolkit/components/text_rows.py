"""Two small text layouts many views repeat: an icon before a label in one row, and a bold
line over a grey caption one size smaller.

    icon_row(rx.icon("circle-check", size=16), rx.text("Cancel anytime"))
    title_over_caption("Viability scan", "Sample report", size="2")
"""

from __future__ import annotations

from typing import Any

import reflex as rx


def icon_row(icon: rx.Component, *content: Any, spacing: str = "2", **props: Any) -> rx.Component:
    """`icon` before `content`, centred on the cross axis, 0.5rem apart unless `spacing`."""
    return rx.hstack(icon, *content, spacing=spacing, align="center", **props)


def title_over_caption(
    title: Any,
    caption: Any,
    size: str = "3",
    *,
    title_class: str = "",
    caption_class: str = "",
) -> rx.Component:
    """`title` in bold (text `size`) over `caption` in grey one size smaller, each a block
    (`title_class`, `caption_class`: their classes, when given)."""
    return rx.box(
        rx.text(title, weight="bold", size=size, as_="div", **_class(title_class)),
        rx.text(
            caption,
            size=str(int(size) - 1),
            color_scheme="gray",
            as_="div",
            **_class(caption_class),
        ),
    )


def _class(name: str) -> dict[str, str]:
    return {"class_name": name} if name else {}
