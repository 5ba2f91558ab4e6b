"""Which of the founder's ideas the chat knows about (issue 14, item 8): "Using your idea:
<title>", a labelled select to switch idea, a switch to leave it out of this chat, and with
the profile setting off, a line that says so and links to it."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.pages.cofounder.idea_state import (
    IDEA_SELECT_ID,
    IDEA_SWITCH_ID,
    SETTING_PATH,
)
from startup_toolkit.pages.cofounder.state import CofounderState

PANEL_ID = "cofounder-idea-context"
_PANEL = {
    "width": "100%",
    "padding": "0.75rem 1rem",
    "border_radius": "var(--radius-4)",
    "border": "1px solid var(--violet-a5)",
    "background": "var(--violet-a2)",
}


#: The chat's idea: which ones there are, the one chosen, the setting and this chat's switch.
CHOSEN = CofounderState.chat_idea


def idea_title() -> rx.Var:
    """The chosen idea's title ('' for none), looked up in the browser."""
    return CHOSEN.options.map(lambda o: rx.cond(o["id"] == CHOSEN.id, o["title"], "")).join("")


def using_idea() -> rx.Var:
    """Whether the next message carries the chosen idea's summary."""
    return CHOSEN.saved_work_on & CHOSEN.use & (idea_title() != "")


def _label(text: str, html_for: str) -> rx.Component:
    return rx.el.label(text, html_for=html_for, font_size="14px", font_weight="500")


def _status() -> rx.Component:
    return rx.cond(
        using_idea(),
        rx.text(
            "Using your idea: ",
            rx.el.strong(idea_title()),
            size="2",
            class_name="cofounder-using-idea",
        ),
        muted_text("Not using your saved work in this chat.", size="2"),
    )


def _select() -> rx.Component:
    return rx.flex(
        _label("Idea for this chat", IDEA_SELECT_ID),
        rx.select.root(
            rx.select.trigger(id=IDEA_SELECT_ID, width="100%", max_width="22rem"),
            rx.select.content(
                rx.foreach(
                    CHOSEN.options,
                    lambda o: rx.select.item(o["title"], value=o["id"]),
                )
            ),
            value=CHOSEN.id,
            on_change=CofounderState.choose_idea,
        ),
        direction=rx.breakpoints(initial="column", sm="row"),
        align=rx.breakpoints(initial="start", sm="center"),
        gap="0.5rem",
        width="100%",
    )


def _switch() -> rx.Component:
    return rx.hstack(
        rx.switch(
            id=IDEA_SWITCH_ID,
            checked=CHOSEN.use,
            on_change=CofounderState.set_use_idea,
            size="1",
        ),
        _label("Use this idea in this chat", IDEA_SWITCH_ID),
        spacing="2",
        align="center",
    )


def _with_ideas() -> rx.Component:
    return full_width_stack(_status(), _select(), _switch(), spacing="2")


def _setting_off() -> rx.Component:
    return rx.text(
        "Your saved work is not shared with the Co-Founder. ",
        rx.link("Turn on “Use my saved work in the AI Co-Founder”", href=SETTING_PATH),
        " in your profile's AI personalisation.",
        size="2",
        class_name="cofounder-saved-work-off",
    )


def _no_ideas() -> rx.Component:
    return muted_text(
        "No saved ideas yet: run a tool such as the Viability Scanner on your idea, and the "
        "Co-Founder can use its results here.",
        size="2",
    )


def idea_panel() -> rx.Component:
    return rx.box(
        rx.cond(
            CHOSEN.is_none() | CHOSEN.saved_work_on,
            rx.cond(CHOSEN.options.length() > 0, _with_ideas(), _no_ideas()),
            _setting_off(),
        ),
        id=PANEL_ID,
        style=_PANEL,
    )
