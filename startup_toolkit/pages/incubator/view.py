"""The Idea Incubator's input tab (the idea form, or the analysis at work) and the pieces its
result tabs share: the card, the results header and Download Analysis."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.result_blocks import sample_badge
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import elapsed_label, tool_card_style
from startup_toolkit.domain import incubator as rules
from startup_toolkit.domain.catalog import IDEA_INCUBATOR
from startup_toolkit.pages.incubator.state import IncubatorState

ACCENT = IDEA_INCUBATOR.color
IDEA_ID = "incubator-idea"
IDEA_ERROR_ID = "incubator-idea-error"

CARD = tool_card_style(rx.breakpoints(initial="1rem", sm="1.5rem"), min_width="0")


def idea_form() -> rx.Component:
    invalid = IncubatorState.validation != ""
    return rx.vstack(
        rx.el.label(
            "Describe your startup idea",
            html_for=IDEA_ID,
            font_weight="600",
            font_size="var(--font-size-3)",
            color="var(--gray-12)",
        ),
        rx.text(
            "The problem, who has it, how you solve it and how you will make money. The "
            "analysis covers the market, competitors, product strategy and viability; then "
            "you can stress-test it.",
            size="2",
            color="var(--gray-11)",
        ),
        rx.text_area(
            id=IDEA_ID,
            value=IncubatorState.idea,
            on_change=IncubatorState.set_idea,
            placeholder="e.g. A marketplace that matches retired engineers with small "
            "manufacturers for short advisory projects, paid per project...",
            rows="7",
            size="3",
            width="100%",
            resize="vertical",
            aria_invalid=rx.cond(invalid, "true", "false"),
            aria_describedby=IDEA_ERROR_ID,
        ),
        rx.flex(
            rx.cond(
                invalid,
                rx.text(
                    IncubatorState.validation,
                    id=IDEA_ERROR_ID,
                    size="2",
                    color="var(--red-11)",
                    role="alert",
                ),
                rx.box(),
            ),
            rx.text(
                IncubatorState.counter,
                size="1",
                color=rx.cond(IncubatorState.too_long, "var(--red-11)", "var(--gray-10)"),
                class_name="incubator-counter",
            ),
            justify="between",
            align="center",
            spacing="2",
            wrap="wrap",
            width="100%",
        ),
        rx.button(
            rx.icon("sparkles", size=18, aria_hidden="true"),
            "Analyze Idea",
            on_click=IncubatorState.analyse,
            disabled=IncubatorState.running,
            size="3",
            type="button",
            width=rx.breakpoints(initial="100%", sm="auto"),
            id="incubator-analyse",
        ),
        spacing="3",
        align="start",
        style=CARD,
    )


def processing() -> rx.Component:
    """The analysis at work, with the seconds it has taken so far."""
    return rx.vstack(
        rx.hstack(
            rx.spinner(size="3"),
            rx.vstack(
                rx.heading("Analysing your idea", as_="h2", size="5", style=heading_style),
                rx.text(
                    "Market, competitors, product strategy and viability. This usually takes "
                    "10 to 30 seconds.",
                    size="2",
                    color="var(--gray-11)",
                ),
                elapsed_label(IncubatorState.elapsed, "incubator-elapsed"),
                spacing="1",
                align="start",
            ),
            spacing="4",
            align="center",
        ),
        spacing="4",
        role="status",
        aria_busy="true",
        id="incubator-processing",
        style=CARD,
    )


def download_button() -> rx.Component:
    return rx.button(
        rx.icon("download", size=16, aria_hidden="true"),
        "Download Analysis",
        on_click=IncubatorState.download,
        variant="soft",
        type="button",
    )


def results_header(title: str, sample: rx.Var[bool], *buttons: rx.Component) -> rx.Component:
    """A result tab's h2 (under the sample badge in demo mode) and its buttons."""
    return rx.flex(
        rx.vstack(
            sample_badge(sample, rules.SAMPLE_LABEL, "incubator-sample"),
            rx.heading(title, as_="h2", size="6", style=heading_style),
            spacing="2",
            align="start",
        ),
        rx.flex(*buttons, spacing="2", wrap="wrap"),
        justify="between",
        align="center",
        spacing="3",
        wrap="wrap",
        width="100%",
    )


def result_card(
    *children: rx.Component, element_id: str, spacing: str = "4", **style: str
) -> rx.Component:
    """One card of a result tab (`style` adds to the card's style)."""
    return rx.vstack(
        *children, spacing=spacing, align="start", style={**CARD, **style}, id=element_id
    )
