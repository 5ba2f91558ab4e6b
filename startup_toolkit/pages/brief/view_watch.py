"""The brief's watch panel (issue 30, item 2): "Watch this idea" (off by default); while
watched, "Next check <date>" (in the browser's time), Pause or Resume, Stop, and the watch's
history: each check, what it found, each change with its source, and the two runs compared.
A change's text came from the app's comparison of the model's facts: shown as text, its
source a link only to a page the research read."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.citations import LINK_REL
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import SOFT_GRAY, WRAP_ROW
from startup_toolkit.components.result_blocks import amber_note
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tool_layout import section_heading, tool_card
from startup_toolkit.domain import watch as rules
from startup_toolkit.pages.brief.state import BriefState
from startup_toolkit.services.watch import ACTIVE, OFF, PAUSED

W = BriefState.watch

INTRO_START = "Watch this idea and the app re-checks its research and viability scan "
INTRO_END = (
    ", within your AI allowance, and tells you what changed: scores, competitors and market "
    "figures with their sources, in one digest. Nothing is sent when nothing changed."
)
STATUS_COLORS = {
    rules.CHANGED: "amber",
    rules.FAILED: "red",
    rules.SKIPPED: "gray",
    rules.UNCHANGED: "green",
    rules.FIRST: "blue",
    rules.RUNNING: "violet",
}


def _button(icon: str, label: str, handler: Any, button_id: str, **props: Any) -> rx.Component:
    return rx.button(
        rx.icon(icon, size=16, aria_hidden="true"),
        label,
        on_click=handler,
        id=button_id,
        type="button",
        **props,
    )


def _buttons() -> rx.Component:
    """Watch (off), Pause (active) or Resume (paused), and Stop while watched."""
    status = W.status
    return rx.flex(
        rx.cond(
            status == OFF,
            _button(
                "eye",
                "Watch this idea",
                BriefState.start_watch,
                "watch-start",
                disabled=W.limit_text != "",
            ),
        ),
        rx.cond(
            status == ACTIVE,
            _button("pause", "Pause", BriefState.pause_watch, "watch-pause", variant="soft"),
        ),
        rx.cond(
            status == PAUSED,
            _button("play", "Resume", BriefState.resume_watch, "watch-resume", variant="soft"),
        ),
        rx.cond(
            status != OFF,
            _button(
                "square",
                "Stop watching",
                BriefState.stop_watch,
                "watch-stop",
                **SOFT_GRAY,
            ),
        ),
        spacing="2",
        **WRAP_ROW,
    )


def _state_line() -> rx.Component:
    return rx.match(
        W.status,
        (
            ACTIVE,
            rx.text(
                "Next check ",
                rx.moment(W.next_check, format="lll"),
                size="2",
                id="watch-next",
                weight="medium",
            ),
        ),
        (PAUSED, rx.text("Paused: no checks until you resume.", size="2", id="watch-paused")),
        rx.fragment(),
    )


def _change(change: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.text(change.text, as_="span", size="2"),
        rx.cond(
            change.source != "",
            rx.link(
                "Source",
                href=change.source,
                is_external=True,
                rel=LINK_REL,
                size="1",
                margin_left="0.5rem",
            ),
        ),
        class_name="watch-change",
    )


def _check(line: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.flex(
            rx.badge(line.label, color_scheme=_color(line.status), variant="soft"),
            rx.cond(line.at.is_not_none(), muted_text(rx.moment(line.at, format="lll"))),
            spacing="2",
            **WRAP_ROW,
        ),
        rx.cond(line.note != "", muted_text(line.note, size="1")),
        rx.el.ul(
            rx.foreach(line.changes, _change),
            style={"margin": "0.35rem 0 0", "padding_left": "1.25rem"},
        ),
        rx.flex(
            rx.cond(
                line.compared_link != "",
                rx.link("Earlier run", href=line.compared_link, size="1"),
            ),
            rx.cond(line.run_link != "", rx.link("This run", href=line.run_link, size="1")),
            spacing="3",
        ),
        class_name="watch-check",
        style={"display": "grid", "gap": "0.3rem"},
    )


def _color(status: rx.Var) -> rx.Var:
    return rx.match(status, *STATUS_COLORS.items(), "gray")


def _history() -> rx.Component:
    return rx.cond(
        W.history.length() > 0,
        full_width_stack(
            rx.heading("Watch history", as_="h3", size="3"),
            rx.el.ul(
                rx.foreach(W.history, _check),
                style={
                    "list_style": "none",
                    "margin": "0",
                    "padding": "0",
                    "display": "grid",
                    "gap": "0.75rem",
                },
                id="watch-history",
            ),
            spacing="2",
        ),
    )


def watch_panel() -> rx.Component:
    """The watch panel under the brief (once the brief has an idea)."""
    return rx.cond(
        BriefState.brief.is_not_none(),
        rx.box(
            rx.cond(
                W.is_not_none(),
                tool_card(
                    section_heading("Weekly watch", "radar", "violet"),
                    muted_text(INTRO_START, W.every, INTRO_END),
                    _state_line(),
                    rx.cond(
                        W.limit_text != "",
                        amber_note(W.limit_text, "info", id="watch-limit"),
                    ),
                    _buttons(),
                    _history(),
                    spacing="3",
                    id="watch-panel",
                ),
            ),
            on_mount=BriefState.load_watch,
            width="100%",
        ),
    )
