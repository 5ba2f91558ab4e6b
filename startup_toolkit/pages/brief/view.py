"""/brief's form (one idea field and, folded away, the numbers Funding and Growth use, each
empty one shown as the assumption it becomes), what a brief may cost, and each part's
progress with Retry."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.form_kit import NATIVE_SELECT_STYLE, field_hint
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import ERROR_CALLOUT, FILL_ROW, GROW, SMALL_GHOST
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.tool_forms import FormFields, run_button, soft_button
from startup_toolkit.components.tool_layout import section_heading, tool_card
from startup_toolkit.domain.brief_input import DEFAULT_AUDIENCE, DEFAULTS, LABELS, MAX_IDEA
from startup_toolkit.domain.funding import STAGES
from startup_toolkit.pages.brief.rows import DONE, FAILED, MISSING, RUNNING
from startup_toolkit.pages.brief.state import BriefState

S = BriefState
FIELDS = FormFields(S.errors, "brief")
IDEA_HINT_ID = "brief-idea-hint"
NUMBERS_HINT_ID = "brief-numbers-hint"
#: What an empty number becomes, as its placeholder says.
ASSUMED = {
    "revenue": "Assumed: $0",
    "users": "Assumed: 0",
    "growth": "Assumed: 0%",
    "budget": f"Assumed: ${DEFAULTS['budget']}",
    "audience": f"Assumed: {DEFAULT_AUDIENCE}",
}


def _text_input(name: str) -> rx.Component:
    return rx.input(
        id=FIELDS.id(name),
        value=S.form.get(name, ""),
        on_change=lambda value: S.set_field(name, value),
        placeholder=ASSUMED[name],
        aria_invalid=FIELDS.invalid(name),
        aria_describedby=f"{FIELDS.error_id(name)} {NUMBERS_HINT_ID}",
        size="2",
        width="100%",
    )


def _stage() -> rx.Component:
    default = dict(STAGES)[DEFAULTS["stage"]]
    return FIELDS.field(
        "stage",
        LABELS["stage"],
        rx.el.select(
            rx.el.option(f"Not sure (assume {default})", value=""),
            *[rx.el.option(label, value=value) for value, label in STAGES],
            id=FIELDS.id("stage"),
            value=S.form.get("stage", ""),
            on_change=lambda value: S.set_field("stage", value),
            aria_describedby=NUMBERS_HINT_ID,
            style=NATIVE_SELECT_STYLE,
        ),
    )


def _numbers() -> rx.Component:
    """The optional numbers, folded away: an empty one is its default, an assumption."""
    grid = card_grid(
        _stage(),
        *[
            FIELDS.field(name, LABELS[name], _text_input(name))
            for name in ("revenue", "users", "growth", "budget")
        ],
        spacing="3",
        sm="2",
    )
    return rx.el.details(
        rx.el.summary(
            "Numbers for the funding and growth parts (optional)",
            style={"cursor": "pointer", "font_weight": "500", "font_size": "var(--font-size-2)"},
        ),
        rx.vstack(
            field_hint(
                "Leave a field empty and the brief assumes the value shown in it; the brief "
                "lists every assumption it made, so none reads as your fact.",
                NUMBERS_HINT_ID,
            ),
            grid,
            FIELDS.field("audience", LABELS["audience"], _text_input("audience")),
            spacing="3",
            padding_top="0.75rem",
            width="100%",
        ),
        class_name="brief-numbers",
        style={"width": "100%"},
    )


def _budget_note() -> rx.Component:
    """What a brief may cost, or why it was not started."""
    return rx.cond(
        S.budget.is_not_none(),
        rx.cond(
            S.budget.refusal != "",
            rx.callout(
                S.budget.refusal,
                icon="triangle-alert",
                size="1",
                id="brief-refused",
                **ERROR_CALLOUT,
            ),
            muted_text(S.budget.text, id="brief-cost"),
        ),
    )


def brief_form() -> rx.Component:
    return tool_card(
        section_heading("Brief an idea", "file-stack", "violet"),
        muted_text(
            "One click runs the Viability Scanner, the Idea Incubator, the Funding Predictor "
            "and the Growth Engine on your idea at the same time, and puts their answers "
            "together in one brief. Each part is kept on the idea like any run of its tool."
        ),
        FIELDS.field(
            "idea",
            "Your idea",
            rx.text_area(
                id=FIELDS.id("idea"),
                value=S.form.get("idea", ""),
                on_change=lambda value: S.set_field("idea", value),
                placeholder="What you want to build, for whom, and why they need it.",
                rows="4",
                resize="vertical",
                aria_invalid=FIELDS.invalid("idea"),
                aria_describedby=f"{FIELDS.error_id('idea')} {IDEA_HINT_ID}",
                width="100%",
            ),
            FIELDS.error("idea"),
            field_hint(f"20 to {MAX_IDEA:,} characters.", IDEA_HINT_ID),
        ),
        _numbers(),
        _budget_note(),
        rx.hstack(
            run_button("file-stack", "Brief", S.start, S.running, "brief-start"),
            rx.cond(
                S.parts.is_not_none(),
                soft_button("rotate-ccw", "New brief", S.new_brief, size="3", id="brief-new"),
            ),
            spacing="3",
            wrap="wrap",
        ),
        spacing="4",
        class_name="brief-form",
    )


# --- Each part's progress ----------------------------------------------------------------------


def _status_icon(status: rx.Var[str]) -> rx.Component:
    return rx.match(
        status,
        (RUNNING, rx.spinner(size="2")),
        (DONE, rx.icon("circle-check", size=18, color="var(--green-11)", aria_hidden="true")),
        (FAILED, rx.icon("circle-x", size=18, color="var(--red-11)", aria_hidden="true")),
        rx.icon("circle-dashed", size=18, color="var(--gray-10)", aria_hidden="true"),
    )


STATUS_WORDS = {RUNNING: "Working", DONE: "Done", FAILED: "Did not finish", MISSING: "Not run"}


def _part(row: rx.Var) -> rx.Component:
    words = rx.match(row.status, *STATUS_WORDS.items(), "")
    return rx.el.li(
        rx.hstack(
            _status_icon(row.status),
            rx.vstack(
                rx.hstack(
                    rx.text(row.label, weight="medium", size="2"),
                    rx.text(words, size="1", color="var(--gray-11)"),
                    spacing="2",
                    align="baseline",
                    wrap="wrap",
                ),
                rx.cond(row.note != "", muted_text(row.note, size="1", class_name="brief-note")),
                spacing="0",
                **GROW,
            ),
            rx.cond(
                row.href != "",
                link_button("Open", row.href, **SMALL_GHOST),
            ),
            rx.cond(
                (row.status == FAILED) | (row.status == MISSING),
                soft_button(
                    "refresh-cw",
                    rx.cond(row.status == FAILED, "Retry", "Run"),
                    S.retry(row.key),
                    size="1",
                    aria_label=rx.cond(
                        row.status == FAILED, "Retry " + row.label, "Run " + row.label
                    ),
                    disabled=S.running,
                ),
            ),
            spacing="3",
            **FILL_ROW,
        ),
        class_name="brief-part",
        custom_attrs={"data-status": row.status, "data-part": row.key},
        style={"padding": "0.6rem 0", "border_bottom": "1px solid var(--gray-a4)"},
    )


def progress_list() -> rx.Component:
    """Each part with its progress, result link, or why it failed and Retry."""
    return rx.cond(
        S.parts.is_not_none(),
        tool_card(
            section_heading("Parts", "list-checks", "violet"),
            rx.el.ul(
                rx.foreach(S.parts, _part),
                aria_live="polite",
                style={"list_style": "none", "margin": "0", "padding": "0", "width": "100%"},
            ),
            rx.cond(
                S.running,
                muted_text("Working for ", S.elapsed, " s", size="1", id="brief-elapsed"),
            ),
            spacing="2",
            class_name="brief-parts",
        ),
    )
