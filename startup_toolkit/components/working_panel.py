"""The panel a tool shows while its AI works: a spinner, what it is doing, how long it usually
takes and the seconds it has taken so far (no invented percentages)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.props import BUSY_STATUS
from startup_toolkit.components.tool_forms import busy_heading
from startup_toolkit.components.tool_layout import TOOL_CARD_STYLE, elapsed_label


def working_panel(
    title: str,
    detail: str,
    elapsed: rx.Var[int],
    *,
    panel_id: str,
    elapsed_id: str,
    style: dict[str, Any] = TOOL_CARD_STYLE,
    note: rx.Component | None = None,
) -> rx.Component:
    """The status card (`panel_id`): `title` as its h2 above `detail` and 'Working for N s'
    (`elapsed_id`, once `elapsed` > 0), then `note` (e.g. the research progress)."""
    return busy_heading(
        title,
        rx.text(detail, size="2", color="var(--gray-11)"),
        elapsed_label(elapsed, elapsed_id),
        *([note] if note is not None else []),
        style=style,
        id=panel_id,
        **BUSY_STATUS,
    )
