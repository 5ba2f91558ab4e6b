"""The Idea Incubator's result tabs: the professional analysis and the stress test. Every text
from the model is rendered as text."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.button_rows import gray_button
from startup_toolkit.components.citations import (
    citation_note,
    cited_item,
    fallback_note,
    sources_panel,
)
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import SOFT_GRAY
from startup_toolkit.components.result_blocks import (
    block_label,
    bullet_list,
    card_grid,
    figure_with_source,
    labelled_text,
    two_columns,
)
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_forms import icon_button
from startup_toolkit.components.tool_layout import section_heading, spread_row, tool_card
from startup_toolkit.domain import research
from startup_toolkit.pages.incubator.state import STRESS, CompetitorRow, IncubatorState
from startup_toolkit.pages.incubator.view import (
    ACCENT,
    CARD,
    download_button,
    result_card,
    results_header,
    working,
)
from startup_toolkit.state.evidence import CitedRow

_INSET = {**CARD, "padding": "1rem", "background": "var(--gray-a3)"}
#: Each result card's heading and id: (title, icon, element id), by section.
_SECTIONS: dict[str, tuple[str, str, str]] = {
    "market": ("Market Analysis", "globe", "incubator-market"),
    "competition": ("Competitive Analysis", "swords", "incubator-competition"),
    "product": ("Product Strategy", "package", "incubator-product"),
    "viability": ("Viability Assessment", "gauge", "incubator-viability"),
    "scenario": ("Stress Scenario", "triangle-alert", "incubator-scenario-card"),
    "response": ("Strategic Response", "route", "incubator-response"),
    "contingency": ("Contingency Planning", "life-buoy", "incubator-contingency"),
}


def _heading(text: str, icon: str) -> rx.Component:
    return section_heading(text, icon, ACCENT, fixed_icon=True)


def _section(name: str, *body: rx.Component, **props: str) -> rx.Component:
    """The result card of section `name` (see _SECTIONS): its heading, then `body`."""
    title, icon, element_id = _SECTIONS[name]
    return result_card(_heading(title, icon), *body, element_id=element_id, **props)


def _figure(label: str, figure: rx.Var[CitedRow], value_id: str) -> rx.Component:
    return figure_with_source(
        label, figure.text, citation_note(figure), value_id=value_id, style=_INSET
    )


def _cited_list(label: str, rows: rx.Var[list[CitedRow]], item_class: str) -> rx.Component:
    """A labelled list of claims (trends, challenges), each with its checked citation."""
    return bullet_list(label, rows, item_class, item=cited_item, gap="0.5rem")


def _strong_line(label: str, value: rx.Var[str]) -> rx.Component:
    """`label` in bold before `value`, while there is a value."""
    return rx.cond(
        value != "", rx.text(rx.el.strong(label), value, size="2", color="var(--gray-12)")
    )


def _bullet_pair(*lists: tuple[str, rx.Var[list[str]], str]) -> rx.Component:
    """Two labelled bullet lists side by side: (label, values, item class) each."""
    return two_columns(*[bullet_list(*one) for one in lists])


def _text_pair(*texts: tuple[str, rx.Var[str]], value_id: str = "") -> rx.Component:
    """Two labelled texts side by side: (label, value) each; the second's value is
    `value_id`, when given."""
    (left, left_value), (right, right_value) = texts
    return two_columns(
        labelled_text(left, left_value), labelled_text(right, right_value, element_id=value_id)
    )


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
            muted_text(row.description),
        ),
        _strong_line("Strengths: ", row.strengths),
        _strong_line("Weaknesses: ", row.weaknesses),
        rx.cond(
            row.funding != "",
            rx.text("Funding: ", row.funding, size="1", color="var(--gray-10)"),
        ),
        citation_note(row.cite),
        class_name="incubator-competitor",
        style={**_INSET, "display": "flex", "flex_direction": "column", "gap": "0.5rem"},
    )


def _market() -> rx.Component:
    a = IncubatorState.analysis
    return _section(
        "market",
        rx.text(a.overview, size="3", id="incubator-overview"),
        card_grid(
            _figure("Market size", a.size, "incubator-market-size"),
            _figure("Growth", a.growth, "incubator-market-growth"),
            sm="2",
            spacing="3",
        ),
        two_columns(
            _cited_list("Trends", a.trends, "incubator-trend"),
            _cited_list("Challenges", a.market_challenges, "incubator-market-challenge"),
        ),
        labelled_text("Opportunity", a.opportunity),
    )


def _competition() -> rx.Component:
    a = IncubatorState.analysis
    return _section(
        "competition",
        labelled_text("Landscape", a.landscape),
        block_label("Top competitors"),
        rx.cond(
            a.competitors.length() > 0,
            card_grid(rx.foreach(a.competitors, _competitor_card), md="3", spacing="3"),
            rx.text("The analysis did not name competitors.", size="2"),
        ),
        labelled_text("Whitespace", a.whitespace),
    )


def _product() -> rx.Component:
    a = IncubatorState.analysis
    return _section(
        "product",
        rx.text(a.product, size="3"),
        _bullet_pair(
            ("Core features", a.features, "incubator-feature"),
            ("Differentiators", a.differentiators, "incubator-differentiator"),
        ),
        _text_pair(("Business model", a.business_model), ("Scalability", a.scalability)),
    )


def _viability() -> rx.Component:
    a = IncubatorState.analysis
    return _section(
        "viability",
        _bullet_pair(
            ("Strengths", a.strengths, "incubator-strength"),
            ("Risks", a.risks, "incubator-risk"),
        ),
        bullet_list("Challenges", a.challenges, "incubator-challenge"),
        _text_pair(
            ("Timeline", a.timeline),
            ("Funding requirement", a.funding),
            value_id="incubator-funding",
        ),
    )


def _stress_button(label: str, icon: str, **props: str) -> rx.Component:
    """Runs a stress test of the analysis (spinning while one runs)."""
    return icon_button(
        icon,
        label,
        IncubatorState.stress_test,
        loading=working(STRESS),
        disabled=IncubatorState.running,
        **props,
    )


def analysis_results() -> rx.Component:
    return full_width_stack(
        results_header(
            "Professional analysis",
            IncubatorState.analysis.sample,
            _stress_button("Run Stress Test", "shield-alert", id="incubator-stress"),
            download_button(),
            gray_button("pencil", "New Analysis", lambda: IncubatorState.set_tab("input")),
        ),
        rx.cond(
            (IncubatorState.analysis.research != research.DONE) & ~IncubatorState.analysis.sample,
            fallback_note("incubator-research-note"),
        ),
        _market(),
        _competition(),
        _product(),
        _viability(),
        rx.cond(
            IncubatorState.analysis.research == research.DONE,
            sources_panel(IncubatorState.analysis.sources, "incubator-sources"),
        ),
    )


#: The scenario's facts under its title: (label, StressView field, element id).
_FACTS: tuple[tuple[str, str, str], ...] = (
    ("Probability", "probability", "incubator-probability"),
    ("Impact", "impact", "incubator-impact"),
    ("Timeline", "timeline", "incubator-scenario-timeline"),
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
    return _section(
        "scenario",
        rx.heading(s.title, as_="h3", size="5", style=heading_style, id="incubator-scenario"),
        muted_text(s.description, size="3"),
        card_grid(
            *[_scenario_fact(label, s[field], fact_id) for label, field, fact_id in _FACTS],
            sm="3",
            spacing="3",
        ),
        spacing="3",
        border="1px solid var(--red-a5)",
    )


def _response() -> rx.Component:
    s = IncubatorState.stress
    return _section(
        "response",
        bullet_list("Immediate actions", s.actions, "incubator-action"),
        _text_pair(("Short-term strategy", s.short_term), ("Long-term adaptation", s.long_term)),
        labelled_text("Resource requirements", s.resources),
        bullet_list("Success metrics", s.metrics, "incubator-metric"),
    )


def _contingency() -> rx.Component:
    s = IncubatorState.stress
    return _section(
        "contingency",
        _bullet_pair(
            ("Alternative scenarios", s.alternatives, "incubator-alternative"),
            ("Risk mitigation", s.mitigation, "incubator-mitigation"),
        ),
        labelled_text("Competitive advantage", s.advantage),
    )


def stress_results() -> rx.Component:
    return full_width_stack(
        results_header(
            "Stress test",
            IncubatorState.stress.sample,
            download_button(),
            _stress_button("Run Again", "refresh-cw", **SOFT_GRAY),
        ),
        _scenario(),
        _response(),
        _contingency(),
    )
