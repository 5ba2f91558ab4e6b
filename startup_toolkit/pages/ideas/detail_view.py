"""/ideas/[id]: the idea's timeline across tools (each run reopens in its tool) and the diff
of two scanner runs picked in two labelled selects."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.cards import card_stack, card_title
from startup_toolkit.components.form_kit import NATIVE_SELECT_STYLE
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.pill import pill
from startup_toolkit.components.props import FILL_COLUMN, FILL_ROW, GROW, WRAP_ROW
from startup_toolkit.components.result_blocks import basis_badge, card_grid
from startup_toolkit.pages.ideas.detail_state import CategoryDiffRow, IdeaDetailState, TimelineRow
from startup_toolkit.pages.ideas.view_parts import SCANNER_PATH, change_badge

S = IdeaDetailState

TABLE_STYLE: dict[str, Any] = {
    "width": "100%",
    "border_collapse": "collapse",
    "font_size": "var(--font-size-2)",
    "overflow_wrap": "break-word",
    "& th, & td": {
        "padding": "0.5rem 0.4rem",
        "vertical_align": "top",
        "border_bottom": "1px solid var(--gray-a4)",
    },
    "& thead th": {"color": "var(--gray-11)", "font_weight": "500"},
}


# --- Timeline ------------------------------------------------------------------------------------


def _entry(row: TimelineRow) -> rx.Component:
    return rx.el.li(
        rx.hstack(
            rx.vstack(
                rx.hstack(
                    pill(row.label),
                    basis_badge(row.basis, class_name="timeline-basis"),
                    muted_text(rx.moment(row.at, format="lll"), size="1"),
                    spacing="2",
                    **WRAP_ROW,
                ),
                rx.text(row.headline, size="2", class_name="timeline-headline"),
                spacing="1",
                **GROW,
            ),
            rx.cond(
                row.href != "",
                link_button("Open", row.href, size="1", variant="soft", aria_label="Open in tool"),
            ),
            spacing="3",
            **FILL_ROW,
        ),
        class_name="timeline-entry",
        style={
            "padding": "0.75rem 0",
            "border_bottom": "1px solid var(--gray-a4)",
            "list_style": "none",
        },
    )


def timeline() -> rx.Component:
    return card_stack(
        card_title("history", "Timeline"),
        rx.cond(
            S.idea.timeline.length() > 0,
            rx.el.ul(
                rx.foreach(S.idea.timeline, _entry),
                style={"margin": "0", "padding": "0", "width": "100%"},
            ),
            muted_text("No runs on this idea yet."),
        ),
        id="idea-timeline",
    )


# --- Diff ----------------------------------------------------------------------------------------


def _select(label: str, element_id: str, value: rx.Var, on_change: Any) -> rx.Component:
    return rx.vstack(
        rx.el.label(label, html_for=element_id, style={"font_weight": "500"}),
        rx.el.select(
            rx.foreach(S.idea.scans, lambda o: rx.el.option(o.label, value=o.value)),
            id=element_id,
            value=value,
            on_change=on_change,
            style=NATIVE_SELECT_STYLE,
        ),
        spacing="1",
        flex="1 1 14rem",
        min_width="0",
    )


def _overall() -> rx.Component:
    return rx.hstack(
        rx.vstack(
            muted_text("Overall score", size="1"),
            rx.hstack(
                rx.text(S.diff.overall_old, size="6", weight="bold"),
                rx.icon("arrow-right", size=18, aria_hidden="true"),
                rx.text(S.diff.overall_new, size="6", weight="bold", id="diff-overall-new"),
                change_badge(
                    S.diff.overall_direction, S.diff.overall_change, size="3", id="diff-overall"
                ),
                spacing="2",
                align="center",
            ),
            spacing="1",
        ),
        rx.cond(
            S.diff.verdict_old != S.diff.verdict_new,
            rx.text(S.diff.verdict_old, " → ", S.diff.verdict_new, size="2", weight="medium"),
            muted_text("Verdict unchanged: ", S.diff.verdict_new),
        ),
        spacing="5",
        **WRAP_ROW,
    )


def _category(row: CategoryDiffRow) -> rx.Component:
    reasoning = rx.cond(
        row.reasoning_changed,
        rx.el.details(
            rx.el.summary("Reasoning changed", style={"cursor": "pointer"}),
            rx.vstack(
                rx.text(rx.el.strong("Before: "), row.old_reasoning, size="2"),
                rx.text(rx.el.strong("Now: "), row.new_reasoning, size="2"),
                spacing="1",
                padding_top="0.35rem",
            ),
            class_name="reasoning-changed",
        ),
        muted_text("Reasoning unchanged", size="1"),
    )
    return rx.el.tr(
        rx.el.th(
            rx.text(row.name, weight="medium", size="2"),
            reasoning,
            scope="row",
            style={"text_align": "left", "font_weight": "400"},
        ),
        rx.el.td(row.old, " → ", row.new, style={"white_space": "nowrap"}),
        rx.el.td(change_badge(row.direction, row.change)),
        class_name="category-diff",
    )


def _categories() -> rx.Component:
    head = rx.el.tr(
        *[
            rx.el.th(h, scope="col", style={"text_align": "left"})
            for h in ("Category and reasoning", "Score", "Change")
        ]
    )
    return rx.box(
        rx.el.table(
            rx.el.caption("Category scores, older scan to newer", class_name="sr-only"),
            rx.el.thead(head),
            rx.el.tbody(rx.foreach(S.diff.categories, _category)),
            class_name="diff-table",
            style=TABLE_STYLE,
        ),
        width="100%",
    )


def _list(title: str, items: rx.Var, color: str, icon: str, element_id: str) -> rx.Component:
    return rx.vstack(
        rx.text(title, weight="medium", size="2"),
        rx.cond(
            items.length() > 0,
            rx.el.ul(
                rx.foreach(
                    items,
                    lambda item: rx.el.li(
                        rx.icon(icon, size=14, aria_hidden="true", flex_shrink="0"),
                        rx.el.span(item),
                        style={
                            "display": "flex",
                            "gap": "0.4rem",
                            "align_items": "baseline",
                            "color": f"var(--{color}-11)",
                        },
                    ),
                ),
                style={"margin": "0", "padding": "0", "list_style": "none"},
                id=element_id,
            ),
            muted_text("None", size="1"),
        ),
        spacing="1",
        **FILL_COLUMN,
    )


def _changes() -> rx.Component:
    return card_grid(
        rx.vstack(
            rx.heading("Competitors", as_="h3", size="3"),
            _list("Added", S.diff.competitors_added, "green", "plus", "competitors-added"),
            _list("Removed", S.diff.competitors_removed, "red", "minus", "competitors-removed"),
            spacing="2",
            **FILL_COLUMN,
        ),
        rx.vstack(
            rx.heading("Action steps", as_="h3", size="3"),
            _list("Added", S.diff.steps_added, "green", "plus", "steps-added"),
            _list("Removed", S.diff.steps_removed, "red", "minus", "steps-removed"),
            spacing="2",
            **FILL_COLUMN,
        ),
        sm="2",
    )


def diff_card() -> rx.Component:
    body = rx.cond(
        S.idea.scans.length() > 1,
        rx.vstack(
            rx.hstack(
                _select("Older scan", "scan-a", S.picks.run_a | "", S.pick_a),
                _select("Newer scan", "scan-b", S.picks.run_b | "", S.pick_b),
                spacing="3",
                width="100%",
                **WRAP_ROW,
            ),
            rx.cond(
                S.diff.is_not_none(),
                rx.vstack(_overall(), _categories(), _changes(), spacing="4", **FILL_COLUMN),
                rx.cond(S.picks.problem, rx.callout(S.picks.problem, color_scheme="amber")),
            ),
            spacing="4",
            **FILL_COLUMN,
        ),
        rx.vstack(
            muted_text(
                "Scan this idea twice to see what changed between runs: scores, reasoning, "
                "competitors and action steps."
            ),
            link_button("Run a scan", SCANNER_PATH, size="2", variant="soft"),
            spacing="2",
            **FILL_COLUMN,
        ),
    )
    return card_stack(card_title("git-compare", "What changed between scans"), body, id="idea-diff")
