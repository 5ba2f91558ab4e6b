"""The product's logo mark and name."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.theme import heading_style
from startup_toolkit.settings import get_settings


def logo(size: str = "5") -> rx.Component:
    return rx.link(
        rx.hstack(
            rx.center(
                rx.icon("zap", size=18, color="white"),
                width="2rem",
                height="2rem",
                border_radius="var(--radius-3)",
                background="linear-gradient(135deg, var(--violet-9), var(--cyan-9))",
            ),
            rx.text(get_settings().product_name, size=size, weight="bold", style=heading_style),
            align="center",
            spacing="2",
        ),
        href="/",
        underline="none",
        color="var(--gray-12)",
        aria_label=f"{get_settings().product_name} home",
    )
