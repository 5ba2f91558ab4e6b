"""The centred status layout of the 404 page and the subscribe outcome pages."""

from __future__ import annotations

import reflex as rx


def status_shell(*children: rx.Component, max_width: str = "52rem") -> rx.Component:
    """A centred, full-height column with the public hero backdrop."""
    return rx.el.section(
        rx.vstack(
            *children,
            spacing="5",
            align="center",
            text_align="center",
            max_width=max_width,
            margin_x="auto",
            padding_x=["1rem", "1.5rem", "2rem"],
            padding_y=["3.5rem", "5rem", "6rem"],
        ),
        class_name="public-hero",
        min_height="70vh",
        display="flex",
        align_items="center",
    )
