"""The card a tool shows while it runs (a heading with a spinner, the progress bar, what it is
doing): a tool card that assistive technology announces as busy."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.props import BUSY_STATUS
from startup_toolkit.components.tool_layout import tool_card


def busy_card(*children: rx.Component, **props: Any) -> rx.Component:
    """`children` on a tool card, 1rem apart, marked as a busy status region."""
    return tool_card(*children, spacing="4", **BUSY_STATUS, **props)
