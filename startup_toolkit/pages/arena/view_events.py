"""The Arena's Challenges and Events tabs (T-ARENA-3)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.button_rows import button_row, dialog_footer
from startup_toolkit.components.panels import modal, muted_text, soft_gray_button
from startup_toolkit.components.props import MUTED_TEXT, SPREAD_ROW, WRAP_ROW
from startup_toolkit.components.tool_layout import section_heading
from startup_toolkit.domain import arena as rules
from startup_toolkit.pages.arena.state import ArenaState
from startup_toolkit.pages.arena.view_parts import (
    ACCENT,
    MUTED,
    column,
    flip_button,
    icon_item,
    list_card,
    note_line,
    side_card,
    title_row,
    two_columns,
)

#: Soft grey badges of a challenge's facts.
GRAY_BADGE = {"variant": "soft", "color_scheme": "gray"}

# -- challenges --------------------------------------------------------------------------------


def _difficulty(c: rules.Challenge) -> rx.Component:
    return rx.badge(
        c.difficulty, color_scheme="red" if c.difficulty == "Hard" else "amber", variant="soft"
    )


def _join_challenge_button(c: rules.Challenge) -> rx.Component:
    joined = ArenaState.joined_challenges.contains(c.id)
    return flip_button(
        joined,
        ("Joined", "Join Challenge"),
        ArenaState.join_challenge(c.id),
        rx.cond(joined, rx.icon("check", size=16, aria_hidden="true"), rx.fragment()),
        size="2",
        aria_label=f"Join {c.title}",
    )


def _challenge_card(c: rules.Challenge) -> rx.Component:
    return list_card(
        title_row(rx.text(c.title, weight="bold", size="3"), _difficulty(c)),
        muted_text(c.description),
        rx.flex(
            rx.badge(rx.icon("medal", size=12, aria_hidden="true"), c.reward, variant="soft"),
            rx.text(f"{c.participants} participants · {c.days_left} days left", size="1"),
            spacing="3",
            **WRAP_ROW,
            **MUTED_TEXT,
        ),
        button_row(
            _join_challenge_button(c),
            soft_gray_button(
                "View Details",
                on_click=ArenaState.open_detail(c.id),
                size="2",
                aria_label=f"View details of {c.title}",
            ),
        ),
        class_name="arena-challenge",
    )


def _detail_body(c: rules.Challenge) -> rx.Component:
    return rx.fragment(
        rx.dialog.title(c.title),
        rx.dialog.description(c.description, size="2"),
        rx.flex(
            _difficulty(c),
            rx.badge(c.reward, variant="soft"),
            rx.badge(f"{c.participants} participants", **GRAY_BADGE),
            rx.badge(f"{c.days_left} days left", **GRAY_BADGE),
            spacing="2",
            wrap="wrap",
            margin_y="1rem",
        ),
        muted_text(
            "Points are awarded when you complete the challenge and share the result in "
            "the Arena Feed."
        ),
        dialog_footer(
            soft_gray_button("Close", on_click=ArenaState.close_detail),
            _join_challenge_button(c),
            spacing="3",
            margin_top="1rem",
        ),
    )


def _challenge_detail() -> rx.Component:
    return modal(
        rx.match(
            ArenaState.detail_id,
            *[(c.id, _detail_body(c)) for c in rules.CHALLENGES],
            rx.fragment(),
        ),
        opened=ArenaState.detail_id != 0,
        on_open_change=ArenaState.set_detail_open,
        max_width="32rem",
        id="arena-challenge-detail",
    )


def _past_challenge(c: rules.Challenge) -> rx.Component:
    return list_card(
        rx.box(
            rx.text(c.title, weight="medium", size="2"),
            rx.text(f"{c.participants} took part · {c.reward}", size="1"),
            **MUTED_TEXT,
        ),
        rx.badge("Ended", variant="outline", color_scheme="gray"),
        layout=rx.flex,
        class_name="arena-past-challenge",
        spacing="2",
        **SPREAD_ROW,
    )


def _your_challenges() -> rx.Component:
    return side_card(
        "Your challenges",
        "flag",
        rx.cond(
            ArenaState.joined_challenges.length() == 0,
            muted_text("You have not joined a challenge yet."),
        ),
        *[
            rx.cond(
                ArenaState.joined_challenges.contains(c.id),
                note_line(c.title, c.reward, spacing="2", class_name="arena-your-challenge"),
            )
            for c in rules.CHALLENGES
        ],
        spacing="2",
        id="arena-your-challenges",
    )


def challenges_tab() -> rx.Component:
    return two_columns(
        column(
            section_heading("Active challenges", "target", ACCENT),
            *[_challenge_card(c) for c in rules.CHALLENGES],
            section_heading("Past challenges", "history", ACCENT),
            *[_past_challenge(c) for c in rules.PAST_CHALLENGES],
            spacing="3",
        ),
        column(
            _your_challenges(),
            side_card(
                "Resources",
                "book-open",
                *[
                    rx.box(
                        rx.link(title, href=path, size="2", weight="medium"),
                        muted_text(text, size="1"),
                    )
                    for title, text, path in rules.RESOURCES
                ],
            ),
        ),
        _challenge_detail(),
    )


# -- events ------------------------------------------------------------------------------------


def _event_card(e: rules.ArenaEvent) -> rx.Component:
    registered = ArenaState.registered.contains(e.id)
    return list_card(
        title_row(
            rx.text(e.title, weight="bold", size="3"),
            rx.badge(e.kind, variant="soft", color_scheme=ACCENT),
        ),
        muted_text(f"{e.date} · {e.time} · {e.location}", size="1"),
        rx.text(e.description, size="2"),
        flip_button(
            registered,
            ("Registered", "Register"),
            ArenaState.register(e.id),
            size="2",
            aria_label=f"Register for {e.title}",
        ),
        class_name="arena-event",
        spacing="2",
    )


def _calendar_cell(day: int, event: str | None) -> rx.Component:
    """One day of the month (0: a blank before the first or after the last)."""
    if day == 0:
        return rx.el.td("", aria_hidden="true")
    return rx.el.td(
        rx.center(
            str(day),
            width="2.25rem",
            height="2.25rem",
            margin_x="auto",
            border_radius="full",
            background=f"var(--{ACCENT}-9)" if event else "transparent",
            color="white" if event else "var(--gray-12)",
            font_weight="bold" if event else "normal",
            title=event or None,
        ),
        rx.el.span(f", {event}", class_name="sr-only") if event else rx.fragment(),
        padding="2px",
        text_align="center",
        font_size="14px",
    )


def _calendar() -> rx.Component:
    event_days = {e.day: e.title for e in rules.EVENTS}
    return side_card(
        rules.CALENDAR_TITLE,
        "calendar-days",
        rx.el.table(
            rx.el.caption(f"Arena events in {rules.CALENDAR_TITLE}", class_name="sr-only"),
            rx.el.thead(
                rx.el.tr(
                    *[
                        rx.el.th(d, scope="col", font_size="12px", color=MUTED, font_weight="500")
                        for d in rules.WEEKDAYS
                    ]
                )
            ),
            rx.el.tbody(
                *[
                    rx.el.tr(*[_calendar_cell(d, event_days.get(d)) for d in week])
                    for week in rules.month_grid()
                ]
            ),
            width="100%",
            style={"border_collapse": "collapse", "table_layout": "fixed"},
            id="arena-calendar",
        ),
    )


def events_tab() -> rx.Component:
    return two_columns(
        column(
            section_heading("Upcoming events", "calendar-clock", ACCENT),
            *[_event_card(e) for e in rules.EVENTS],
            spacing="3",
        ),
        column(
            _calendar(),
            side_card(
                "Event types",
                "shapes",
                *[icon_item(icon, name, text, "1") for name, text, icon in rules.EVENT_TYPES],
            ),
        ),
    )
