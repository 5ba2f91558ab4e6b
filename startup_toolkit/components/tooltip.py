"""The site's tooltip: opens after the pointer rests on its trigger (P-SHELL-6)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.theme import TOOLTIP_DELAY_MS


def delayed_tooltip(trigger: rx.Component, text: Any, **props: Any) -> rx.Component:
    """`trigger` with the tooltip `text`, shown after TOOLTIP_DELAY_MS."""
    return rx.tooltip(trigger, content=text, delay_duration=TOOLTIP_DELAY_MS, **props)
