"""The Viability Scanner before a result: the idea form with what the scan covers, the
progress while it runs, and the error panel (T-SCAN-1, T-SCAN-2, T-SCAN-4)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.busy_card import busy_card
from startup_toolkit.components.button_rows import launch_button
from startup_toolkit.components.citations import research_line
from startup_toolkit.components.idea_field import grouped, idea_field, too_long, typed_length
from startup_toolkit.components.idea_picker import idea_picker
from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.main_and_side import main_and_side
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import ERROR_CALLOUT, FAINT_TEXT, FILL_ROW, MUTED_TEXT
from startup_toolkit.components.result_blocks import tile
from startup_toolkit.components.run_error_panel import run_error_panel
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_forms import progress_bar
from startup_toolkit.components.tool_layout import section_heading, tool_card
from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain.catalog import VIABILITY_SCANNER
from startup_toolkit.pages.scanner.state import STAGES, ScannerState

ACCENT = VIABILITY_SCANNER.color
IDEA_ID = "scanner-idea"
HINT_ID = "scanner-idea-hint"
#: The percentage beside the progress bar: right-aligned in a slot of fixed width, so the bar
#: does not move as the number grows.
_PERCENT_SLOT: dict[str, Any] = {"min_width": "3.5rem", "text_align": "right"}


def _icon(name: str, size: int) -> rx.Component:
    return rx.icon(name, size=size, color="var(--violet-11)", aria_hidden="true")


def _coverage() -> rx.Component:
    """What the scan looks at (beside the form)."""
    icons = ("target", "swords", "shield-alert", "coins", "user-check")
    return tool_card(
        section_heading("What the scan covers", "list-checks", ACCENT),
        *[
            icon_row(
                tile(_icon(icon, 16), "2rem", "var(--radius-3)", "var(--violet-a3)"),
                rx.text(name, size="2", weight="medium"),
                spacing="3",
            )
            for name, icon in zip(rules.CATEGORY_NAMES, icons, strict=True)
        ],
        rx.text(
            "Plus five action steps, competitors and market data with sources.",
            size="2",
            **MUTED_TEXT,
        ),
    )


def _ready() -> Any:
    """Whether the typed idea may be scanned (as `rules.validate_idea` decides on the click)."""
    length = typed_length(ScannerState)
    return (length >= rules.MIN_IDEA_LENGTH) & (length <= rules.MAX_IDEA_LENGTH)


def _plural(count: Any, unit: str) -> Any:
    return rx.cond(count == 1, f" {unit}", f" {unit}s")


def _hint_text() -> rx.Component:
    """How many characters are still needed, ready, or how much is too long (T-SCAN-1)."""
    length = typed_length(ScannerState)
    over = length - rules.MAX_IDEA_LENGTH
    missing = rules.MIN_IDEA_LENGTH - length
    return rx.cond(
        over > 0,
        rx.fragment(
            "Please shorten your description by ", grouped(over), _plural(over, "character")
        ),
        rx.cond(
            missing > 0,
            rx.fragment(
                "Add at least ",
                missing.to_string(),
                " more",
                _plural(missing, "character"),
                " for accurate analysis",
            ),
            rules.READY_HINT,
        ),
    )


def _stage_label() -> Any:
    """What the scan is doing at its progress (the labels of `STAGES`)."""
    label: Any = STAGES[-1][1]
    for limit, text in reversed(STAGES[:-1]):
        label = rx.cond(ScannerState.progress < limit, text, label)
    return label


def _hint() -> rx.Component:
    ready = _ready()
    return icon_row(
        rx.cond(
            ready,
            rx.icon("circle-check", size=16, color="var(--green-11)", aria_hidden="true"),
            rx.icon("info", size=16, color="var(--gray-10)", aria_hidden="true"),
        ),
        rx.text(
            _hint_text(),
            id=HINT_ID,
            size="2",
            color=rx.cond(
                ready,
                "var(--green-11)",
                rx.cond(too_long(ScannerState), "var(--red-11)", "var(--gray-11)"),
            ),
            aria_live="polite",
            class_name="scanner-hint",
        ),
    )


def idea_form() -> rx.Component:
    ready = _ready()
    return main_and_side(
        tool_card(
            idea_picker(ScannerState, "scanner-idea-choice"),
            *idea_field(
                ScannerState,
                field_id=IDEA_ID,
                intro="The problem, who has it, how you solve it and how you will make money. "
                "The more specific, the more accurate the scan.",
                placeholder="e.g. A scheduling app for independent physiotherapists that "
                "cuts no-shows with automatic reminders and deposits, sold at $29/month...",
                rows="8",
                described_by=HINT_ID,
                note=_hint(),
                counter_class="scanner-counter",
            ),
            rx.cond(
                ScannerState.validation != "",
                rx.callout(
                    ScannerState.validation,
                    icon="triangle-alert",
                    size="1",
                    **ERROR_CALLOUT,
                ),
            ),
            launch_button(
                "rocket",
                "Launch Genesis Scan",
                ScannerState.scan,
                ~ready | ScannerState.running,
                class_name="scanner-launch",
            ),
        ),
        _coverage(),
        side_from="md",
        class_name="scanner-form",
    )


def processing() -> rx.Component:
    return busy_card(
        icon_row(
            tile(_icon("scan-search", 24), "3rem", "full", "var(--violet-a3)"),
            line_stack(
                rx.heading(
                    "Genesis Engine is analysing your idea", as_="h2", size="5", style=heading_style
                ),
                icon_row(
                    rx.spinner(size="1"),
                    muted_text(_stage_label(), "..."),
                ),
                research_line(ScannerState.research_progress),
            ),
            spacing="4",
        ),
        rx.hstack(
            progress_bar(ScannerState.progress, "Scan progress"),
            rx.text(
                ScannerState.progress.to_string(),
                "%",
                size="3",
                weight="bold",
                class_name="scanner-percent",
                **_PERCENT_SLOT,
            ),
            spacing="3",
            **FILL_ROW,
        ),
        rx.text(
            "This usually takes 10 to 30 seconds. You can keep this tab open and browse.",
            size="2",
            **FAINT_TEXT,
        ),
        class_name="scanner-processing",
    )


def error_panel() -> rx.Component:
    return run_error_panel(
        "The scan did not finish",
        ScannerState.error,
        ("Retry Genesis Analysis", ScannerState.scan),
        ("pencil", "Edit idea", ScannerState.edit_idea),
        ScannerState.running,
        "scanner-error-panel",
    )
