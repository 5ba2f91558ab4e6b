"""The Arena's Challenges and Events tabs (T-ARENA-3)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.button_rows import button_row, dialog_footer
from startup_toolkit.components.panels import muted_text, trigger_dialog
from startup_toolkit.components.props import (
    GRAY_OUTLINE_BADGE,
    MUTED_TEXT,
    SOFT_GRAY_BUTTON,
    WRAP_ROW,
)
from startup_toolkit.components.result_blocks import amber_note
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tool_layout import section_heading
from startup_toolkit.domain import arena as rules
from startup_toolkit.domain import arena_content as content
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
    side_list,
    title_row,
    two_columns,
)
from startup_toolkit.services.arena_board import ChallengeRow, EventRow

#: Soft grey badges of a challenge's facts.
GRAY_BADGE = {"variant": "soft", "color_scheme": "gray"}

# -- challenges --------------------------------------------------------------------------------


def _difficulty(c: rx.Var[ChallengeRow]) -> rx.Component:
    return rx.badge(
        c.difficulty, color_scheme=rx.cond(c.difficulty == "Hard", "red", "amber"), variant="soft"
    )


def _status(c: rx.Var[ChallengeRow]) -> rx.Component:
    """Where the founder stands: completed, ended, or the runs counted so far."""
    return rx.cond(
        c.completed,
        rx.badge(
            rx.icon("circle-check", size=12, aria_hidden="true"), "Completed", color_scheme="green"
        ),
        rx.cond(
            c.ended,
            rx.badge("Ended", **GRAY_OUTLINE_BADGE),
            rx.text(c.days_left, " days left", size="1", **MUTED_TEXT),
        ),
    )


def _progress(c: rx.Var[ChallengeRow]) -> rx.Component:
    return rx.cond(
        c.joined,
        full_width_stack(
            rx.flex(
                rx.text(c.progress, size="2", weight="medium", class_name="arena-progress"),
                _status(c),
                justify="between",
                width="100%",
                spacing="2",
            ),
            rx.progress(
                value=c.percent, max=100, color_scheme=ACCENT, aria_label=f"Progress of {c.title}"
            ),
            spacing="1",
        ),
    )


def _join_challenge_button(c: rx.Var[ChallengeRow]) -> rx.Component:
    open_again = c.joined & ~c.ended
    return flip_button(
        open_again,
        ("Joined", rx.cond(c.ended, "Join Again", "Join Challenge")),
        ArenaState.join_challenge(c.key),
        rx.cond(open_again, rx.icon("check", size=16, aria_hidden="true"), rx.fragment()),
        size="2",
        aria_label=f"Join {c.title}",
    )


def _challenge_card(c: rx.Var[ChallengeRow]) -> rx.Component:
    return list_card(
        title_row(rx.text(c.title, weight="bold", size="3"), _difficulty(c)),
        muted_text(c.description),
        rx.flex(
            rx.badge(rx.icon("medal", size=12, aria_hidden="true"), c.reward, variant="soft"),
            rx.text(c.participants, " joined · ", c.goal, size="1"),
            spacing="3",
            **WRAP_ROW,
            **MUTED_TEXT,
        ),
        _progress(c),
        button_row(
            _join_challenge_button(c),
            _challenge_detail(
                c,
                rx.button(
                    "View Details",
                    size="2",
                    aria_label=f"View details of {c.title}",
                    **SOFT_GRAY_BUTTON,
                ),
            ),
        ),
        class_name="arena-challenge",
    )


def _challenge_detail(c: rx.Var[ChallengeRow], trigger: rx.Component) -> rx.Component:
    """The challenge's details in a dialog that `trigger` opens in the browser."""
    return trigger_dialog(
        trigger,
        rx.dialog.title(c.title),
        rx.dialog.description(c.description, size="2"),
        rx.flex(
            _difficulty(c),
            rx.badge(c.reward, variant="soft"),
            rx.badge(c.participants, " joined", **GRAY_BADGE),
            rx.badge(c.days, " days from joining", **GRAY_BADGE),
            spacing="2",
            wrap="wrap",
            margin_y="1rem",
        ),
        _progress(c),
        muted_text(
            "Progress counts the AI tool runs you keep from the moment you join; the "
            "points are added to your score once you reach the target in time."
        ),
        dialog_footer(
            rx.dialog.close(rx.button("Close", **SOFT_GRAY_BUTTON)),
            _join_challenge_button(c),
            spacing="3",
            margin_top="1rem",
        ),
        max_width="32rem",
        id="arena-challenge-detail",
    )


def _your_challenge(c: rx.Var[ChallengeRow]) -> rx.Component:
    return note_line(
        c.title,
        rx.cond(c.completed, "Completed", rx.cond(c.ended, "Ended", c.progress)),
        spacing="2",
        class_name="arena-your-challenge",
    )


def _your_challenges() -> rx.Component:
    return side_list(
        "Your challenges",
        "flag",
        ArenaState.my_challenges,
        _your_challenge,
        muted_text("You have not joined a challenge yet."),
        spacing="2",
        id="arena-your-challenges",
    )


def challenges_tab() -> rx.Component:
    return two_columns(
        column(
            section_heading("Challenges", "target", ACCENT),
            rx.foreach(ArenaState.view.challenges, _challenge_card),
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
                    for title, text, path in content.RESOURCES
                ],
            ),
        ),
    )


# -- events ------------------------------------------------------------------------------------


def _event_card(e: rx.Var[EventRow]) -> rx.Component:
    return list_card(
        title_row(
            rx.text(e.title, weight="bold", size="3"),
            rx.badge(e.kind, variant="soft", color_scheme=ACCENT),
        ),
        muted_text(e.date, " · ", e.time, " · ", e.location, size="1"),
        rx.text(e.description, size="2"),
        flip_button(
            e.registered,
            ("Registered", "Register"),
            ArenaState.register(e.key),
            size="2",
            aria_label=f"Register for {e.title}",
        ),
        class_name="arena-event",
        spacing="2",
    )


def _calendar_cell(day: rx.Var[int]) -> rx.Component:
    """One day of the month (0: a blank before the first or after the last)."""
    key = day.to_string()
    has_event = ArenaState.calendar.days.contains(key)
    return rx.cond(
        day == 0,
        rx.el.td("", aria_hidden="true"),
        rx.el.td(
            rx.center(
                day,
                width="2.25rem",
                height="2.25rem",
                margin_x="auto",
                border_radius="full",
                background=rx.cond(has_event, f"var(--{ACCENT}-9)", "transparent"),
                color=rx.cond(has_event, "white", "var(--gray-12)"),
                font_weight=rx.cond(has_event, "bold", "normal"),
            ),
            rx.cond(
                has_event, rx.el.span(", ", ArenaState.calendar.days[key], class_name="sr-only")
            ),
            padding="2px",
            text_align="center",
            font_size="14px",
        ),
    )


def _calendar() -> rx.Component:
    return side_card(
        "Calendar",
        "calendar-days",
        rx.text(ArenaState.calendar.title, weight="medium", size="2", id="arena-calendar-title"),
        rx.el.table(
            rx.el.caption("Arena events in ", ArenaState.calendar.title, class_name="sr-only"),
            rx.el.thead(
                rx.el.tr(
                    *[
                        rx.el.th(d, scope="col", font_size="12px", color=MUTED, font_weight="500")
                        for d in content.WEEKDAYS
                    ]
                )
            ),
            rx.el.tbody(
                rx.foreach(
                    ArenaState.calendar.weeks,
                    lambda week: rx.el.tr(rx.foreach(week, _calendar_cell)),
                )
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
            amber_note(rules.EVENTS_NOTICE, "info", width="100%", id="arena-events-note"),
            rx.foreach(ArenaState.view.events, _event_card),
            spacing="3",
        ),
        column(
            _calendar(),
            side_card(
                "Event types",
                "shapes",
                *[icon_item(icon, name, text, "1") for name, text, icon in content.EVENT_TYPES],
            ),
        ),
    )
