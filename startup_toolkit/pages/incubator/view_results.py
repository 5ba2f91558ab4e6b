"""The Idea Incubator's result tabs: the professional analysis and the stress test. Every text
from the model is rendered as text."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.result_blocks import (
    block_label,
    bullet_list,
    figure_with_source,
    labelled_text,
    two_columns,
)
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_forms import icon_button, soft_button
from startup_toolkit.components.tool_layout import section_heading, spread_row, tool_card
from startup_toolkit.pages.incubator.state import CompetitorRow, IncubatorState
from startup_toolkit.pages.incubator.view import (
    ACCENT,
    CARD,
    download_button,
    result_card,
    results_header,
)

_INSET = {**CARD, "padding": "1rem", "background": "var(--gray-a3)"}


def _heading(text: str, icon: str) -> rx.Component:
    return section_heading(text, icon, ACCENT, fixed_icon=True)


def _figure(label: str, value: rx.Var[str], source: rx.Var[str], value_id: str) -> rx.Component:
    return figure_with_source(label, value, source, value_id=value_id, style=_INSET)


def _competitor_card(row: rx.Var[CompetitorRow]) -> rx.Component:
    return rx.el.article(
        spread_row(
            rx.heading(row.name, as_="h4", size="3", style=heading_style),
            rx.cond(
                row.position != "",
                rx.badge(row.position, color_scheme="gray", variant="surface", size="1"),
            ),
            spacing="2",
        ),
        rx.cond(
            row.description != "",
            rx.text(row.description, size="2", color="var(--gray-11)"),
        ),
        rx.cond(
            row.strengths != "",
            rx.text(rx.el.strong("Strengths: "), row.strengths, size="2", color="var(--gray-12)"),
        ),
        rx.cond(
            row.weaknesses != "",
            rx.text(rx.el.strong("Weaknesses: "), row.weaknesses, size="2", color="var(--gray-12)"),
        ),
        rx.cond(
            row.funding != "",
            rx.text("Funding: ", row.funding, size="1", color="var(--gray-10)"),
        ),
        class_name="incubator-competitor",
        style={**_INSET, "display": "flex", "flex_direction": "column", "gap": "0.5rem"},
    )


def _market() -> rx.Component:
    a = IncubatorState.analysis
    return result_card(
        _heading("Market Analysis", "globe"),
        rx.text(a.overview, size="3", id="incubator-overview"),
        rx.grid(
            _figure("Market size", a.size, a.size_source, "incubator-market-size"),
            _figure("Growth", a.growth, a.growth_source, "incubator-market-growth"),
            columns=rx.breakpoints(initial="1", sm="2"),
            spacing="3",
            width="100%",
        ),
        two_columns(
            bullet_list("Trends", a.trends, "incubator-trend"),
            bullet_list("Challenges", a.market_challenges, "incubator-market-challenge"),
        ),
        labelled_text("Opportunity", a.opportunity),
        element_id="incubator-market",
    )


def _competition() -> rx.Component:
    a = IncubatorState.analysis
    return result_card(
        _heading("Competitive Analysis", "swords"),
        labelled_text("Landscape", a.landscape),
        block_label("Top competitors"),
        rx.cond(
            a.competitors.length() > 0,
            rx.grid(
                rx.foreach(a.competitors, _competitor_card),
                columns=rx.breakpoints(initial="1", md="3"),
                spacing="3",
                width="100%",
            ),
            rx.text("The analysis did not name competitors.", size="2"),
        ),
        labelled_text("Whitespace", a.whitespace),
        element_id="incubator-competition",
    )


def _product() -> rx.Component:
    a = IncubatorState.analysis
    return result_card(
        _heading("Product Strategy", "package"),
        rx.text(a.product, size="3"),
        two_columns(
            bullet_list("Core features", a.features, "incubator-feature"),
            bullet_list("Differentiators", a.differentiators, "incubator-differentiator"),
        ),
        two_columns(
            labelled_text("Business model", a.business_model),
            labelled_text("Scalability", a.scalability),
        ),
        element_id="incubator-product",
    )


def _viability() -> rx.Component:
    a = IncubatorState.analysis
    return result_card(
        _heading("Viability Assessment", "gauge"),
        two_columns(
            bullet_list("Strengths", a.strengths, "incubator-strength"),
            bullet_list("Risks", a.risks, "incubator-risk"),
        ),
        bullet_list("Challenges", a.challenges, "incubator-challenge"),
        two_columns(
            labelled_text("Timeline", a.timeline),
            labelled_text("Funding requirement", a.funding, element_id="incubator-funding"),
        ),
        element_id="incubator-viability",
    )


def _stress_button(label: str, icon: str, **props: str) -> rx.Component:
    """Runs a stress test of the analysis (spinning while one runs)."""
    return icon_button(
        icon,
        label,
        IncubatorState.stress_test,
        loading=IncubatorState.stress_testing,
        disabled=IncubatorState.running,
        **props,
    )


def analysis_results() -> rx.Component:
    return rx.vstack(
        results_header(
            "Professional analysis",
            IncubatorState.sample,
            _stress_button("Run Stress Test", "shield-alert", id="incubator-stress"),
            download_button(),
            soft_button(
                "pencil",
                "New Analysis",
                lambda: IncubatorState.set_tab("input"),
                color_scheme="gray",
            ),
        ),
        _market(),
        _competition(),
        _product(),
        _viability(),
        spacing="4",
        width="100%",
    )


def _scenario_fact(label: str, value: rx.Var[str], element_id: str) -> rx.Component:
    return tool_card(
        block_label(label),
        rx.text(value, size="2", weight="medium", id=element_id),
        spacing="1",
        style={**CARD, "padding": "0.75rem 1rem", "background": "var(--gray-a3)"},
    )


def _scenario() -> rx.Component:
    s = IncubatorState.stress
    return result_card(
        _heading("Stress Scenario", "triangle-alert"),
        rx.heading(s.title, as_="h3", size="5", style=heading_style, id="incubator-scenario"),
        rx.text(s.description, size="3", color="var(--gray-11)"),
        rx.grid(
            _scenario_fact("Probability", s.probability, "incubator-probability"),
            _scenario_fact("Impact", s.impact, "incubator-impact"),
            _scenario_fact("Timeline", s.timeline, "incubator-scenario-timeline"),
            columns=rx.breakpoints(initial="1", sm="3"),
            spacing="3",
            width="100%",
        ),
        element_id="incubator-scenario-card",
        spacing="3",
        border="1px solid var(--red-a5)",
    )


def _response() -> rx.Component:
    s = IncubatorState.stress
    return result_card(
        _heading("Strategic Response", "route"),
        bullet_list("Immediate actions", s.actions, "incubator-action"),
        two_columns(
            labelled_text("Short-term strategy", s.short_term),
            labelled_text("Long-term adaptation", s.long_term),
        ),
        labelled_text("Resource requirements", s.resources),
        bullet_list("Success metrics", s.metrics, "incubator-metric"),
        element_id="incubator-response",
    )


def _contingency() -> rx.Component:
    s = IncubatorState.stress
    return result_card(
        _heading("Contingency Planning", "life-buoy"),
        two_columns(
            bullet_list("Alternative scenarios", s.alternatives, "incubator-alternative"),
            bullet_list("Risk mitigation", s.mitigation, "incubator-mitigation"),
        ),
        labelled_text("Competitive advantage", s.advantage),
        element_id="incubator-contingency",
    )


def stress_results() -> rx.Component:
    return rx.vstack(
        results_header(
            "Stress test",
            IncubatorState.stress_sample,
            download_button(),
            _stress_button("Run Again", "refresh-cw", variant="soft", color_scheme="gray"),
        ),
        _scenario(),
        _response(),
        _contingency(),
        spacing="4",
        width="100%",
    )
