"""A tool result's tabs in one call: the tab bar of (value, label) pairs and each tab's body.

tab_set(TABS, {"summary": summary_tab(), ...}, value=State.tab, on_change=State.set_tab)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import reflex as rx

from startup_toolkit.components.tool_layout import tab_list, tab_panel, tab_triggers, tool_tabs


def tab_set(
    tabs: Sequence[tuple[str, str]],
    bodies: Mapping[str, rx.Component],
    *,
    value: rx.Var[str],
    on_change: Any,
) -> rx.Component:
    """Full-width tabs: a trigger for each (value, label) of `tabs` and, under the bar, the
    body of each from `bodies` (by value); the open one is `value`."""
    return tool_tabs(
        tab_list(*tab_triggers(tabs)),
        *[tab_panel(tab, bodies[tab]) for tab, _ in tabs],
        value=value,
        on_change=on_change,
    )
