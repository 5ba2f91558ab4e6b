"""The Arena's two faces: the entry form (T-ARENA-1; also for changing the entry) and, once
entered, the founder's card above the four tabs (T-ARENA-2, T-ARENA-3), with the timer that
keeps the tab up to date."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.buttons import icon_text_button
from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.panels import SPREAD_ROW_FROM_SM, muted_text, text_box
from startup_toolkit.components.props import (
    SHRINK_TO_FIT,
    SOFT_GRAY_BUTTON,
    TYPED_TEXT,
    WIDE_CONTROL,
)
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tab_set import tab_set
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import (
    aria_invalid,
    field_error,
    field_label,
    section_heading,
)
from startup_toolkit.domain import arena as rules
from startup_toolkit.domain import arena_content as content
from startup_toolkit.pages.arena.state import TABS, ArenaState, arena_tab
from startup_toolkit.pages.arena.view_board import feed_tab, leaderboard_tab
from startup_toolkit.pages.arena.view_events import challenges_tab, events_tab
from startup_toolkit.pages.arena.view_parts import (
    ACCENT,
    CARD,
    JOINED,
    SHOW_SAMPLES,
    avatar_row,
    busy_button,
    icon_item,
    samples_notice,
    shared_notice,
    side_card,
    two_columns,
)

_PLACEHOLDERS = {
    "company": "e.g. Nova Health",
    "industry": "e.g. HealthTech",
    "revenue": "e.g. $25,000",
    "users": "e.g. 1,200",
    "growth": "e.g. 15%",
}


def _field_value(name: str) -> rx.Var:
    """What field `name` holds ("" until typed in: the form is None until then)."""
    return ArenaState.form.fields[name] | ""


def _join_field(name: str, label: str, limit: int) -> rx.Component:
    field_id = f"arena-{name}"
    return rx.vstack(
        field_label(
            label,
            field_id,
            rx.el.span("*", color=f"var(--{ACCENT}-11)", margin_left="2px", aria_hidden="true"),
        ),
        rx.input(
            id=field_id,
            value=_field_value(name),
            on_change=lambda value: ArenaState.set_field(name, value),
            placeholder=_PLACEHOLDERS[name],
            max_length=limit,
            read_only=ArenaState.form.saving,
            aria_required="true",
            **WIDE_CONTROL,
            aria_invalid=aria_invalid(ArenaState.form.errors, name),
            aria_describedby=f"{field_id}-error",
        ),
        field_error(ArenaState.form.errors, name, f"{field_id}-error", role="alert"),
        spacing="1",
        **SHRINK_TO_FIT,
    )


def _description_field() -> rx.Component:
    return full_width_stack(
        field_label("Company Description (optional)", "arena-description"),
        text_box(
            "arena-description",
            "What your startup does, in a sentence or two.",
            value=_field_value("description"),
            on_change=lambda value: ArenaState.set_field("description", value),
            max_length=rules.MAX_DESCRIPTION,
            read_only=ArenaState.form.saving,
            aria_invalid=aria_invalid(ArenaState.form.errors, "description"),
            aria_describedby="arena-description-hint arena-description-error",
        ),
        muted_text(
            f"Up to {rules.MAX_DESCRIPTION:,} characters, shown on the leaderboard.",
            id="arena-description-hint",
            size="1",
        ),
        field_error(ArenaState.form.errors, "description", "arena-description-error", role="alert"),
        spacing="1",
    )


def _info_card(title: str, icon: str, items: tuple[tuple[str, str, str], ...]) -> rx.Component:
    return side_card(title, icon, *[icon_item(i, name, text, "2") for name, text, i in items])


def _save_entry_button(icon: str, label: str, busy_label: str, button_id: str) -> rx.Component:
    """The button that saves the entry form: entering the Arena, or saving changes to it."""
    return busy_button(
        ArenaState.form.saving,
        icon,
        label,
        busy_label,
        ArenaState.save_entry,
        size="3",
        id=button_id,
    )


def _form_buttons() -> rx.Component:
    enter = _save_entry_button("swords", "Enter the Arena", "Entering the Arena...", "arena-join")
    save = _save_entry_button("save", "Save changes", "Saving...", "arena-save-entry")
    cancel = rx.button("Cancel", on_click=ArenaState.cancel_edit, size="3", **SOFT_GRAY_BUTTON)
    return rx.cond(JOINED, rx.hstack(save, cancel, spacing="3", wrap="wrap"), enter)


def join_view() -> rx.Component:
    return full_width_stack(
        shared_notice(),
        two_columns(
            rx.vstack(
                section_heading(
                    rx.cond(JOINED, "Edit your entry", "Join the Arena"),
                    "swords",
                    ACCENT,
                ),
                muted_text(
                    "Enter your startup to see where it ranks. All fields except the "
                    "description are required; the metrics are as you would say them. Your "
                    "name, company and metrics are shown to other signed-in founders."
                ),
                card_grid(
                    *[_join_field(name, label, limit) for name, label, limit in rules.JOIN_FIELDS],
                    spacing="3",
                    sm="2",
                ),
                _description_field(),
                _form_buttons(),
                spacing="4",
                align="start",
                style=CARD,
            ),
            full_width_stack(
                _info_card("The Arena experience", "sparkles", content.EXPERIENCE),
                _info_card("Prizes", "gift", content.PRIZES),
            ),
        ),
    )


def _stat(label: str, value: Any, stat_id: str) -> rx.Component:
    return rx.vstack(
        muted_text(label, size="1"),
        rx.text(value, size="6", weight="bold", id=stat_id, style=heading_style),
        spacing="0",
        align="start",
    )


def _metric(label: str, value: Any) -> rx.Component:
    return rx.box(
        muted_text(label, size="1"),
        rx.text(value, size="2", weight="medium", style=TYPED_TEXT),
        min_width="0",
    )


def _your_card() -> rx.Component:
    return rx.vstack(
        rx.flex(
            avatar_row(
                ArenaState.view.initials,
                line_stack(
                    muted_text("Your startup", size="1"),
                    rx.heading(
                        ArenaState.view.entry["company"],
                        as_="h2",
                        size="5",
                        style={**heading_style, **TYPED_TEXT},
                        id="arena-company",
                    ),
                    rx.badge(
                        ArenaState.view.entry["industry"], variant="soft", color_scheme=ACCENT
                    ),
                    min_width="0",
                ),
                size="3rem",
                min_width="0",
            ),
            rx.hstack(
                _stat("Rank", rx.text.span("#", ArenaState.view.rank), "arena-rank"),
                _stat("Arena score", ArenaState.view.score, "arena-score"),
                spacing="6",
            ),
            spacing="4",
            **SPREAD_ROW_FROM_SM,
        ),
        rx.grid(
            _metric("Monthly revenue", ArenaState.view.entry["revenue"]),
            _metric("Active users", ArenaState.view.entry["users"]),
            _metric("Monthly growth", ArenaState.view.entry["growth"]),
            columns="3",
            spacing="3",
            width="100%",
        ),
        icon_text_button(
            "pencil",
            "Edit entry",
            icon_size=14,
            on_click=ArenaState.edit_entry,
            variant="soft",
            size="1",
            id="arena-edit-entry",
        ),
        spacing="4",
        style={**CARD, "border": f"1px solid var(--{ACCENT}-a6)"},
        id="arena-your-card",
    )


_TAB_BODIES = {
    "leaderboard": leaderboard_tab,
    "feed": feed_tab,
    "challenges": challenges_tab,
    "events": events_tab,
}


def _poll_timer() -> rx.Component:
    """Ticks every POLL_SECONDS while the Arena is open in the tab (and stops with the tab):
    each tick asks the server whether anything changed."""
    return rx.box(
        rx.moment(
            interval=rules.POLL_SECONDS * 1000,
            format="HH:mm:ss",
            on_change=ArenaState.poll,
        ),
        display="none",
        aria_hidden="true",
        id="arena-poll",
    )


def arena_view() -> rx.Component:
    return full_width_stack(
        shared_notice(),
        rx.cond(SHOW_SAMPLES, samples_notice()),
        _your_card(),
        tab_set(
            TABS,
            {value: body() for value, body in _TAB_BODIES.items()},
            value=arena_tab.value,
            on_change=arena_tab.set_value,
        ),
        _poll_timer(),
    )
