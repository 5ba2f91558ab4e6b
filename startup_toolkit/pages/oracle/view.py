"""The Startup Oracle's main column (T-ORA-1, T-ORA-2): the idea with voice input and Solve
Now with its progress gauge, the details form, and after a run the prediction, risks, next
moves and the Solution Roadmap tabs. Every text from the model is rendered as text."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components import tool_forms as forms
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import FILL_COLUMN, KEEP_SIZE, WRAP_ROW
from startup_toolkit.components.result_blocks import card_grid, two_columns
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.tool_layout import (
    field_label,
    section_heading,
    tab_list,
    tab_panel,
    tab_triggers,
    tool_card,
    tool_card_style,
)
from startup_toolkit.components.voice_input_button import voice_input_button
from startup_toolkit.domain import oracle as rules
from startup_toolkit.domain.catalog import STARTUP_ORACLE
from startup_toolkit.pages.oracle.state import ROADMAP_TABS, OracleState

ACCENT = STARTUP_ORACLE.color

CARD = tool_card_style(min_width="0")
#: Model text may hold long unbroken words (URLs): break them anywhere.
WRAP_ANYWHERE: dict[str, Any] = {"overflow_wrap": "anywhere"}
FIELDS = forms.FormFields(OracleState.errors, "oracle", error_color="red")


def _value(name: str) -> rx.Var[str]:
    """What field `name` shows: as typed or restored, else empty (the stage: its default)."""
    default = rules.DEFAULT_STAGE if name == "stage" else ""
    return forms.typed_or_default(OracleState.form, name, default)


def _bound(name: str) -> dict[str, Any]:
    """The props that tie an input or text area to the form's field `name`."""
    return {
        "id": FIELDS.id(name),
        "value": _value(name),
        "on_change": lambda v: OracleState.set_field(name, v),
        "size": "3",
        "width": "100%",
        "aria_invalid": FIELDS.invalid(name),
    }


#: The progress gauge beside Solve Now: takes the rest of the row, at least 10rem.
_GAUGE: dict[str, Any] = {"flex": "1", "min_width": "10rem", "id": "oracle-progress"}


def input_panel() -> rx.Component:
    return tool_card(
        section_heading("Ask the Oracle", "sparkles", ACCENT),
        field_label("Business idea", "oracle-idea"),
        rx.hstack(
            rx.text_area(
                placeholder="Describe your business idea, e.g. a marketplace that matches "
                "freelance bookkeepers with small restaurants.",
                rows="4",
                resize="vertical",
                **{**_bound("businessIdea"), "id": "oracle-idea"},
            ),
            voice_input_button(OracleState, title="Voice input"),
            spacing="2",
            **FILL_COLUMN,
        ),
        FIELDS.error("businessIdea"),
        rx.flex(
            rx.button(
                rx.cond(
                    OracleState.running,
                    rx.spinner(size="2"),
                    rx.icon("wand-sparkles", size=18, aria_hidden="true"),
                ),
                rx.cond(OracleState.running, "Analysing...", "Solve Now"),
                on_click=OracleState.solve,
                disabled=OracleState.running | (_value("businessIdea").strip() == ""),
                size="3",
                type="button",
                id="oracle-solve",
            ),
            rx.cond(
                OracleState.progress > 0,
                icon_row(
                    forms.progress_bar(OracleState.progress, "Analysis progress"),
                    rx.text(OracleState.progress, "%", size="2", id="oracle-progress-value"),
                    **_GAUGE,
                ),
            ),
            spacing="3",
            width="100%",
            **WRAP_ROW,
        ),
        style=CARD,
    )


def _text_field(name: str, label: str, placeholder: str) -> rx.Component:
    return FIELDS.field(name, label, rx.input(placeholder=placeholder, **_bound(name)))


def details_form() -> rx.Component:
    return tool_card(
        section_heading("Startup details", "clipboard-list", ACCENT),
        muted_text("Saved in this browser so they are here next time."),
        card_grid(
            forms.labelled_field(
                "Stage",
                FIELDS.id("stage"),
                forms.option_select(
                    FIELDS.id("stage"),
                    rules.STAGES,
                    _value("stage"),
                    lambda v: OracleState.set_field("stage", v),
                ),
            ),
            _text_field("revenue", "Monthly revenue", "e.g. $2,000"),
            _text_field("users", "Users", "e.g. 150 active"),
            _text_field("budget", "Budget", "e.g. $10,000"),
            spacing="3",
            sm="2",
        ),
        FIELDS.field(
            "biggestChallenge",
            "Biggest challenge",
            rx.text_area(
                placeholder="What is holding you back right now?",
                rows="2",
                resize="vertical",
                **_bound("biggestChallenge"),
            ),
        ),
        style=CARD,
    )


def _card(*children: rx.Component, **props: Any) -> rx.Component:
    return tool_card(*children, style=CARD, **props)


def _item_list(
    items: rx.Var[list[str]], icon: str, color: str, class_name: str, empty: str = ""
) -> rx.Component:
    """The items, or (issue 17, item 4) `empty` when the reply left them out."""
    listed = full_width_stack(
        rx.foreach(
            items,
            lambda item: rx.hstack(
                rx.icon(icon, size=16, color=f"var(--{color}-11)", **KEEP_SIZE),
                rx.text(item, size="2", style=WRAP_ANYWHERE),
                spacing="2",
                align="start",
                class_name=class_name,
            ),
        ),
        spacing="2",
    )
    if not empty:
        return listed
    missing = rx.text(empty, size="2", color="var(--gray-11)", class_name=f"{class_name}-none")
    return rx.cond(items.length() > 0, listed, missing)


#: The success probability: a large bold figure in the colour of its band.
_PROBABILITY: dict[str, Any] = {
    "size": "8",
    "weight": "bold",
    "color": f"var(--{OracleState.result.band_color}-11)",
    "id": "oracle-probability",
}


def band_badge(**props: Any) -> dict[str, Any]:
    """The props of the badge with the band's label: in the band's colour, size 2."""
    return {"color_scheme": OracleState.result.band_color, "size": "2", **props}


def _prediction_card() -> rx.Component:
    return _card(
        section_heading("Success prediction", "target", ACCENT),
        rx.hstack(
            rx.text(OracleState.result.probability, "%", **_PROBABILITY),
            rx.badge(OracleState.result.band_label, id="oracle-band", **band_badge(variant="soft")),
            spacing="3",
            **WRAP_ROW,
        ),
        rx.text("Estimated chance of building a sustainable business.", size="2", color="gray"),
        spacing="2",
        id="oracle-prediction",
    )


def _roadmap() -> rx.Component:
    lists = {"funding": OracleState.result.funding, "customers": OracleState.result.customers}
    lists["product"] = OracleState.result.product
    return _card(
        section_heading("Solution Roadmap", "map", ACCENT),
        # The tabs only switch what is shown: their value stays in the browser (a new
        # prediction mounts them again, on the first tab).
        rx.tabs.root(
            tab_list(*tab_triggers(ROADMAP_TABS)),
            *[
                tab_panel(
                    value,
                    _item_list(
                        items,
                        "circle-check",
                        "cyan",
                        f"oracle-{value}",
                        rules.ROADMAP_MISSING[value],
                    ),
                )
                for value, items in lists.items()
            ],
            default_value=ROADMAP_TABS[0][0],
            width="100%",
        ),
        id="oracle-roadmap",
    )


def results() -> rx.Component:
    return full_width_stack(
        rx.cond(
            OracleState.result.sample != "",
            forms.result_note(
                rx.cond(
                    OracleState.result.sample == "demo", rules.SAMPLE_LABEL, rules.GENERAL_LABEL
                ),
                "info",
                "oracle-sample",
            ),
        ),
        rx.cond(
            OracleState.result.missing_note != "",
            forms.result_note(OracleState.result.missing_note, "circle-alert", "oracle-missing"),
        ),
        _prediction_card(),
        two_columns(
            _card(
                section_heading("Risk analysis", "triangle-alert", ACCENT),
                _item_list(OracleState.result.risks, "shield-alert", "red", "oracle-risk"),
                id="oracle-risks",
            ),
            _card(
                section_heading("Next strategic moves", "footprints", ACCENT),
                _item_list(OracleState.result.moves, "arrow-right", "green", "oracle-move"),
                id="oracle-moves",
            ),
        ),
        _roadmap(),
    )
