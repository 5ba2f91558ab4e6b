"""/ideas: a card per idea (title with inline rename, latest score, trend line, last activity,
run count, Open, a checkbox to pick it for Compare), the Compare bar, and the empty state."""

from __future__ import annotations

import reflex as rx
from reflex.experimental.client_state import ClientStateVar
from reflex.vars import Var, VarData

from startup_toolkit.components.brief_button import brief_button
from startup_toolkit.components.buttons import icon_text_button, link_button
from startup_toolkit.components.cards import card_stack
from startup_toolkit.components.charts import chart_figure
from startup_toolkit.components.empty_panel import empty_panel
from startup_toolkit.components.form_kit import field_error, field_label, invalid_props
from startup_toolkit.components.panels import load_failed_callout, muted_text
from startup_toolkit.components.pill import pill
from startup_toolkit.components.props import (
    FILL_COLUMN,
    GROW,
    KEEP_SIZE,
    SMALL_GHOST,
    SOFT_GRAY_BUTTON,
    SPREAD_ROW,
    WRAP_ROW,
)
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.theme import heading_style
from startup_toolkit.domain.brief import BRIEF_PATH
from startup_toolkit.domain.idea_history import MAX_COMPARED, MIN_COMPARED
from startup_toolkit.pages.ideas.state import LOAD_FAILED, PICK_HINT, ROUTE, IdeaCard, IdeasState
from startup_toolkit.pages.ideas.view_parts import SCANNER_PATH, loading_block

S = IdeasState
RENAME_ID = "idea-rename"

#: The ids of the ideas picked for Compare, in the order picked: kept in the browser (the
#: server never needs them; the comparison page checks the ids in its address).
picked = ClientStateVar.create("ideas_picked", default=[])


def _picks() -> Var:
    return picked.value.to(list[str])


def _toggled(idea_id: Var) -> Var:
    """The picks with `idea_id` taken out, or added while fewer than MAX_COMPARED are."""
    picks = _picks()
    return Var(
        f"(({picks}).includes({idea_id}) ? ({picks}).filter((p) => p !== {idea_id})"
        f" : ({picks}).length < {MAX_COMPARED} ? [...({picks}), {idea_id}] : ({picks}))",
        _var_data=VarData.merge(picks._get_all_var_data(), idea_id._get_all_var_data()),
    ).to(list[str])


def _can_compare() -> Var:
    count = _picks().length()
    return (count >= MIN_COMPARED) & (count <= MAX_COMPARED)


def _compare_hint() -> Var:
    count = _picks().length()
    return rx.cond(count > 0, f"{PICK_HINT} (" + count.to_string() + " picked)", PICK_HINT)


def _compare_href() -> Var:
    return f"{ROUTE}/compare?ids=" + _picks().join(",")


def _rename_form() -> rx.Component:
    return rx.form(
        rx.vstack(
            field_label("Idea name", RENAME_ID),
            rx.input(
                id=RENAME_ID,
                name="title",
                value=S.rename.draft | "",  # the form shows only while renaming
                on_change=S.set_draft,
                max_length=80,
                width="100%",
                auto_focus=True,
                **invalid_props(S.rename.error, RENAME_ID),
            ),
            field_error(S.rename.error, f"{RENAME_ID}-error"),
            rx.hstack(
                rx.button("Save name", type="submit", size="2"),
                rx.button("Cancel", on_click=S.cancel_rename, size="2", **SOFT_GRAY_BUTTON),
                spacing="2",
            ),
            spacing="2",
            **FILL_COLUMN,
        ),
        on_submit=S.save_rename,
        width="100%",
    )


def _title(card: IdeaCard) -> rx.Component:
    return rx.cond(
        S.rename.editing == card.id,
        _rename_form(),
        rx.hstack(
            rx.heading(card.title, as_="h2", size="4", style=heading_style, **GROW),
            icon_text_button(
                "pencil",
                "Rename",
                icon_size=14,
                color_scheme="gray",
                on_click=S.start_rename(card.id),
                aria_label="Rename " + card.title,
                **KEEP_SIZE,
                **SMALL_GHOST,
            ),
            spacing="2",
            align="start",
            width="100%",
        ),
    )


def _score(card: IdeaCard) -> rx.Component:
    return rx.cond(
        card.has_score,
        rx.hstack(
            rx.text(
                rx.el.span(card.score, class_name="idea-score"),
                rx.el.span("/100", style={"font_size": "var(--font-size-2)"}),
                size="7",
                weight="bold",
                color=f"var(--{card.color}-11)",
                style=heading_style,
            ),
            pill(card.verdict, tone=card.color),
            spacing="2",
            align="center",
        ),
        rx.hstack(
            pill("No scan yet", tone="gray"),
            rx.link("Scan it", href=SCANNER_PATH, size="2"),
            spacing="2",
            align="center",
        ),
    )


def _trend(card: IdeaCard) -> rx.Component:
    line = rx.recharts.line_chart(
        rx.recharts.y_axis(domain=[0, 100], hide=True),
        rx.recharts.line(
            data_key="score",
            stroke="var(--accent-9)",
            stroke_width=2,
            dot={"r": 2},
            is_animation_active=False,
        ),
        data=card.trend,
        width=120,
        height=36,
        margin={"top": 4, "right": 4, "left": 4, "bottom": 4},
    )
    return rx.cond(
        card.trend.length() > 1,
        chart_figure(line, card.trend_label, class_name="idea-trend", **KEEP_SIZE),
    )


def _pick(card: IdeaCard) -> rx.Component:
    return rx.el.label(
        rx.checkbox(
            checked=_picks().contains(card.id), on_change=picked.set_value(_toggled(card.id))
        ),
        rx.text("Compare", size="2"),
        style={"display": "inline-flex", "gap": "0.4rem", "align_items": "center"},
        cursor="pointer",
    )


def _card(card: IdeaCard) -> rx.Component:
    return card_stack(
        _title(card),
        rx.hstack(_score(card), _trend(card), spacing="3", wrap="wrap", **SPREAD_ROW),
        rx.hstack(
            muted_text("Last activity ", rx.moment(card.at, format="lll"), size="1"),
            muted_text(
                card.runs,
                rx.cond(card.runs == 1, " run", " runs"),
                size="1",
            ),
            spacing="3",
            **WRAP_ROW,
        ),
        rx.hstack(
            rx.hstack(
                link_button(
                    "Open",
                    card.href,
                    rx.icon("arrow-right", size=14, aria_hidden="true"),
                    size="2",
                    aria_label="Open " + card.title,
                ),
                brief_button(
                    f"{BRIEF_PATH}?idea=" + card.id,
                    variant="soft",
                    aria_label="Brief " + card.title,
                    class_name="idea-brief",
                ),
                spacing="2",
            ),
            _pick(card),
            spacing="3",
            wrap="wrap",
            **SPREAD_ROW,
        ),
        class_name="idea-card",
    )


def compare_bar() -> rx.Component:
    """Compare, enabled for 2-4 picked ideas; the hint says why it is not (yet)."""
    return rx.hstack(
        brief_button(label="Brief a new idea", variant="soft", id="ideas-brief"),
        rx.cond(
            _can_compare(),
            link_button(
                "Compare",
                _compare_href(),
                rx.icon("columns-3", size=16, aria_hidden="true"),
                id="compare-button",
            ),
            icon_text_button(
                "columns-3",
                "Compare",
                disabled=True,
                id="compare-button",
                aria_describedby="compare-hint",
            ),
        ),
        rx.text(_compare_hint(), id="compare-hint", size="2", color="var(--gray-11)"),
        spacing="3",
        **WRAP_ROW,
    )


def empty_state() -> rx.Component:
    return empty_panel(
        "lightbulb",
        "No ideas yet",
        "Scan a startup idea and it appears here, with every later run on it: scores over "
        "time, what changed, and a side-by-side comparison.",
        rx.hstack(
            link_button("Scan an idea", SCANNER_PATH, rx.icon("scan-search", size=16)),
            brief_button(label="Brief an idea", variant="soft"),
            spacing="3",
            **WRAP_ROW,
        ),
        id="ideas-empty",
    )


def ideas_list() -> rx.Component:
    return rx.cond(
        S.loading,
        card_grid(loading_block(), loading_block(), sm="2"),
        rx.cond(
            S.load_failed,
            load_failed_callout(LOAD_FAILED),
            rx.cond(
                S.ideas.length() > 0,
                rx.vstack(
                    compare_bar(),
                    card_grid(rx.foreach(S.ideas, _card), sm="2", lg="3"),
                    spacing="4",
                    **FILL_COLUMN,
                ),
                empty_state(),
            ),
        ),
    )
