"""What stands in a page while it waits: a large spinner over a line or two (and a way on),
alone or centred in a panel that screen readers announce."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.props import LIVE_STATUS


def spinner_stack(*lines: rx.Component, **props: Any) -> rx.Component:
    """A large spinner over `lines`, centred, 0.75rem apart."""
    return rx.vstack(rx.spinner(size="3"), *lines, spacing="3", align="center", **props)


def loading_panel(*lines: rx.Component, min_height: str, **props: Any) -> rx.Component:
    """`spinner_stack` centred in a full-width, announced area at least `min_height` tall."""
    return rx.center(
        spinner_stack(*lines), min_height=min_height, width="100%", **LIVE_STATUS, **props
    )
