"""The Funding Predictor's components: the metrics form, the progress card and the results.
Every text from the model is rendered as text."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components import tool_forms as forms
from startup_toolkit.components.busy_card import busy_card
from startup_toolkit.components.button_rows import gray_button, result_buttons, run_row
from startup_toolkit.components.citations import (
    citation_note,
    cited_item,
    fallback_note,
    research_line,
    sources_panel,
)
from startup_toolkit.components.compact_card import compact_card
from startup_toolkit.components.four_up_grid import four_up_grid
from startup_toolkit.components.idea_picker import idea_picker
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import FAINT_TEXT, GRAY_OUTLINE_BADGE, WIDE_CONTROL, WRAP_ROW
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import (
    section_heading,
    spread_row,
    tool_card,
)
from startup_toolkit.domain import funding as rules
from startup_toolkit.domain import research
from startup_toolkit.domain.catalog import FUNDING_PREDICTOR
from startup_toolkit.pages.funding.state import FundingState, InvestorRow
from startup_toolkit.pages.funding.view_drivers import drivers_card, market_gauge

ACCENT = FUNDING_PREDICTOR.color
FIELDS = forms.FormFields(FundingState.errors, "funding")
RESULT = FundingState.result
#: The pitch's length as typed, counted in the browser: 1,234 / 2,000.
DEFAULTS = rules.default_form()


def _value(name: str) -> rx.Var[str]:
    return forms.typed_or_default(FundingState.form, name, DEFAULTS[name])


PITCH_COUNT = f"{_value('pitch').length():,} / {rules.MAX_PITCH_LENGTH:,}"


def _metric_field(metric: rules.Metric) -> rx.Component:
    return FIELDS.field(
        metric.name,
        metric.label,
        rx.input(
            id=FIELDS.id(metric.name),
            value=_value(metric.name),
            on_change=lambda value: FundingState.set_field(metric.name, value),
            input_mode="decimal",
            aria_invalid=FIELDS.invalid(metric.name),
            aria_describedby=FIELDS.error_id(metric.name),
            **WIDE_CONTROL,
        ),
    )


def _stage_field() -> rx.Component:
    return FIELDS.field(
        "stage",
        "Funding stage",
        forms.option_select(
            FIELDS.id("stage"),
            rules.STAGES,
            _value("stage"),
            lambda value: FundingState.set_field("stage", value),
        ),
    )


def _pitch_field() -> rx.Component:
    return FIELDS.field(
        "pitch",
        "Pitch summary (optional)",
        rx.text_area(
            id=FIELDS.id("pitch"),
            value=_value("pitch"),
            on_change=lambda value: FundingState.set_field("pitch", value),
            placeholder="What you do, for whom, and why now. The prediction rewrites it "
            "for investors.",
            rows="4",
            resize="vertical",
            **WIDE_CONTROL,
        ),
        rx.flex(
            FIELDS.error("pitch"),
            rx.text(PITCH_COUNT, size="1", **FAINT_TEXT),
            justify="between",
            width="100%",
        ),
    )


def input_form() -> rx.Component:
    return tool_card(
        section_heading("Your metrics", "sliders-horizontal", ACCENT),
        muted_text("Monthly figures in US dollars. You can type 50k or 1.5M."),
        card_grid(*[_metric_field(m) for m in rules.METRICS], _stage_field(), sm="2", lg="3"),
        idea_picker(FundingState, "funding-idea-choice"),
        _pitch_field(),
        run_row(
            forms.run_button(
                "trending-up",
                "Predict Funding",
                FundingState.predict,
                FundingState.running,
                "funding-predict",
            ),
            ("rotate-ccw", "Reset to defaults", FundingState.reset_form),
            FundingState.running,
        ),
        spacing="4",
    )


def processing() -> rx.Component:
    return busy_card(
        forms.busy_heading(
            "Predicting your funding",
            rx.text(FundingState.phase, "...", size="2", id="funding-phase"),
        ),
        forms.progress_bar(FundingState.progress, "Progress"),
        research_line(FundingState.research_progress),
    )


def _stat(label: str, *value: rx.Component | rx.Var | str) -> rx.Component:
    return compact_card(muted_text(label), *value, spacing="1")


def _stat_value(value: rx.Var, element_id: str) -> rx.Component:
    return rx.text(value, size="5", weight="bold", id=element_id, style=heading_style)


def _investor_card(row: rx.Var[InvestorRow]) -> rx.Component:
    return compact_card(
        rx.text(row.name, weight="bold", size="3"),
        rx.cond(row.focus != "", muted_text(row.focus)),
        rx.text(row.reason, size="2"),
        rx.cond(
            row.contactInfo != "",
            icon_row(
                rx.icon("contact", size=14, aria_hidden="true"),
                muted_text(row.contactInfo, size="1"),
            ),
        ),
        rx.cond(~RESULT.estimated, citation_note(row.cite)),
        class_name="funding-investor",
    )


def _card(title: str, icon: str, *body: rx.Component, **props: str) -> rx.Component:
    return tool_card(section_heading(title, icon, ACCENT), *body, **props)


def _summary_bar() -> rx.Component:
    return spread_row(
        rx.hstack(
            rx.badge(
                RESULT.headline,
                color_scheme=rx.cond(RESULT.success, "green", "amber"),
                variant="solid",
                size="3",
                id="funding-headline",
            ),
            muted_text("Estimated raise"),
            rx.text(RESULT.amount, size="6", weight="bold", id="funding-amount"),
            rx.badge(RESULT.source, id="funding-source", **GRAY_OUTLINE_BADGE),
            spacing="3",
            **WRAP_ROW,
        ),
        result_buttons(
            forms.soft_button(
                "download", "Download Report", FundingState.download, id="funding-download"
            ),
            gray_button("pencil", "New Prediction", lambda: FundingState.set_tab("input")),
        ),
    )


#: The founder's key metrics as the reply reads them: (label, value, element id).
_FIGURES: tuple[tuple[str, rx.Var, str], ...] = (
    ("Revenue", RESULT.revenue, "funding-revenue"),
    ("Growth rate", RESULT.growth_rate, "funding-growth"),
)


def _key_metrics() -> rx.Component:
    """The key metrics, headed by whose reading they are (issue 28, item 4)."""
    return full_width_stack(
        muted_text(RESULT.source, ": key metrics", size="1", id="funding-metrics-source"),
        _metric_cards(),
        spacing="2",
    )


def _metric_cards() -> rx.Component:
    return four_up_grid(
        _stat(
            "Typical range",
            _stat_value(RESULT.amount_range, "funding-range"),
            # The estimate's range is the app's own stage table, said in its label.
            rx.cond(~RESULT.estimated, citation_note(RESULT.amount_cite)),
        ),
        *[_stat(label, _stat_value(value, value_id)) for label, value, value_id in _FIGURES],
        _stat("Market potential", market_gauge()),
    )


def _benchmark(row: rx.Var) -> rx.Component:
    return cited_item(row, "funding-benchmark", size="3")


def _benchmarks() -> rx.Component:
    """The funding benchmarks the verdict rests on, each with its checked citation."""
    return rx.cond(
        RESULT.benchmarks.length() > 0,
        _card(
            "Funding benchmarks",
            "chart-column",
            rx.el.ul(
                rx.foreach(RESULT.benchmarks, _benchmark),
                style={"list_style": "none", "padding": "0", "display": "grid", "gap": "0.75rem"},
            ),
            id="funding-benchmarks",
        ),
    )


def results() -> rx.Component:
    return full_width_stack(
        rx.cond(
            RESULT.estimated,
            forms.result_note(
                RESULT.estimate_reason + " " + rules.ESTIMATE_LABEL,
                "calculator",
                "funding-estimated",
            ),
        ),
        rx.cond(
            (RESULT.research != research.DONE) & ~RESULT.estimated,
            fallback_note("funding-research-note"),
        ),
        rx.cond(
            RESULT.gap_note != "",
            forms.result_note(RESULT.gap_note, "scale", "funding-gap"),
        ),
        _summary_bar(),
        _key_metrics(),
        _benchmarks(),
        drivers_card(),
        _card(
            "Analysis",
            "file-text",
            rx.text(RESULT.analysis, size="3", id="funding-analysis"),
        ),
        _card(
            "Investors who fit",
            "users",
            card_grid(rx.foreach(RESULT.investors, _investor_card), sm="2", lg="3", spacing="3"),
        ),
        _card(
            "Your pitch, rewritten",
            "message-square-quote",
            rx.text(RESULT.rewritten_pitch, size="3", id="funding-pitch-rewritten"),
        ),
        _card(
            "Recommendations",
            "list-checks",
            rx.el.ol(
                rx.foreach(
                    RESULT.recommendations,
                    lambda text: rx.el.li(rx.text(text, size="3")),
                ),
                style={
                    "padding_left": "1.25rem",
                    "list_style_type": "decimal",
                    "display": "grid",
                    "gap": "0.5rem",
                },
            ),
            id="funding-recommendations",
        ),
        rx.cond(
            RESULT.research == research.DONE,
            sources_panel(RESULT.sources, "funding-sources"),
        ),
    )
