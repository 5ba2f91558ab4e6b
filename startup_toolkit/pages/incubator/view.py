"""The Idea Incubator's input tab (the idea form, or the analysis at work) and the pieces its
result tabs share: the card, the results header and Download Analysis."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.button_rows import button_row, launch_button
from startup_toolkit.components.citations import research_line
from startup_toolkit.components.idea_field import idea_field
from startup_toolkit.components.idea_picker import idea_picker
from startup_toolkit.components.result_blocks import sample_badge
from startup_toolkit.components.run_error_panel import run_error_panel
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_forms import soft_button
from startup_toolkit.components.tool_layout import spread_row, tool_card, tool_card_style
from startup_toolkit.components.working_panel import working_panel
from startup_toolkit.domain import incubator as rules
from startup_toolkit.domain.catalog import IDEA_INCUBATOR
from startup_toolkit.pages.incubator.state import STRESS, IncubatorState

ACCENT = IDEA_INCUBATOR.color
IDEA_ID = "incubator-idea"
IDEA_ERROR_ID = "incubator-idea-error"

CARD = tool_card_style(rx.breakpoints(initial="1rem", sm="1.5rem"), min_width="0")


def working(kind: str) -> rx.Var[bool]:
    """Whether a run of `kind` (ANALYSIS or STRESS) is under way, worked out in the browser."""
    return IncubatorState.running & (IncubatorState.run_kind == kind)


def idea_form() -> rx.Component:
    return tool_card(
        idea_picker(IncubatorState, "incubator-idea-choice"),
        *idea_field(
            IncubatorState,
            field_id=IDEA_ID,
            intro="The problem, who has it, how you solve it and how you will make money. The "
            "analysis covers the market, competitors, product strategy and viability; then "
            "you can stress-test it.",
            placeholder="e.g. A marketplace that matches retired engineers with small "
            "manufacturers for short advisory projects, paid per project...",
            rows="7",
            described_by=IDEA_ERROR_ID,
            note=rx.cond(
                IncubatorState.validation != "",
                rx.text(
                    IncubatorState.validation,
                    id=IDEA_ERROR_ID,
                    size="2",
                    color="var(--red-11)",
                    role="alert",
                ),
                rx.box(),
            ),
            counter_class="incubator-counter",
        ),
        launch_button(
            "sparkles",
            "Analyze Idea",
            IncubatorState.analyse,
            IncubatorState.running,
            id="incubator-analyse",
        ),
        style=CARD,
    )


def error_panel(kind: str) -> rx.Component:
    """Issue 17, item 3: the analysis (or stress test) did not finish; Retry keeps the idea."""
    stress = kind == STRESS
    return run_error_panel(
        "The stress test did not finish" if stress else "The analysis did not finish",
        IncubatorState.failure.text,
        ("Retry Stress Test" if stress else "Retry Analysis", IncubatorState.retry),
        ("arrow-left", "Back to the analysis", IncubatorState.dismiss_error)
        if stress
        else ("pencil", "Edit idea", IncubatorState.dismiss_error),
        IncubatorState.running,
        "incubator-error-panel",
    )


def processing() -> rx.Component:
    """The analysis at work, with the seconds it has taken so far."""
    return working_panel(
        "Analysing your idea",
        "Market, competitors, product strategy and viability. This usually takes 10 to 30 seconds.",
        IncubatorState.elapsed,
        panel_id="incubator-processing",
        elapsed_id="incubator-elapsed",
        style=CARD,
        note=research_line(IncubatorState.research_progress),
    )


def download_button() -> rx.Component:
    return soft_button("download", "Download Analysis", IncubatorState.download)


def results_header(title: str, sample: rx.Var[bool], *buttons: rx.Component) -> rx.Component:
    """A result tab's h2 (under the sample badge in demo mode) and its buttons."""
    return spread_row(
        rx.vstack(
            sample_badge(sample, rules.SAMPLE_LABEL, "incubator-sample"),
            rx.heading(title, as_="h2", size="6", style=heading_style),
            spacing="2",
            align="start",
        ),
        button_row(*buttons),
    )


def result_card(
    *children: rx.Component, element_id: str, spacing: str = "4", **style: str
) -> rx.Component:
    """One card of a result tab (`style` adds to the card's style)."""
    return tool_card(*children, spacing=spacing, style={**CARD, **style}, id=element_id)
