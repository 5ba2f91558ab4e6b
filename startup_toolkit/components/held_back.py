"""What a page cannot know when it is built is held back until the server has said (issue 28,
item 6): the server's offer (`ToolPageState.offer`) and who is signed in (`AuthState.checked`).

The build is the same whatever the settings, and its prerendered first paint is what a visitor
sees before the scripts run; there, each such part is a quiet placeholder of its size (laid out,
never painted, hidden from screen readers and the keyboard), never a guess that the live page
would then contradict.
"""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.state.auth import AuthState
from startup_toolkit.state.tools import ToolPageState

#: The offers of `services.billing.offer`: every tool open and nothing sold, a checkout to
#: open, or a plan whose checkout is not set up yet.
OPEN, CHECKOUT, SOON = "open", "checkout", "soon"
#: Takes a line's height without a word in it.
BLANK = "\u00a0"


def unpainted(*children: rx.Component, **props: Any) -> rx.Component:
    """`children` laid out but not painted: the room a part takes until it is decided."""
    return rx.box(
        *children,
        aria_hidden="true",
        class_name="held-back",
        style={"visibility": "hidden"},
        **props,
    )


def button_placeholder(size: Any, width: Any = "8rem", **props: Any) -> rx.Component:
    """A button's room (Radix `size`, `width`), with no label in it."""
    return unpainted(rx.button(BLANK, size=size, width="100%", tab_index=-1), width=width, **props)


def line_placeholder(size: Any = "2", **props: Any) -> rx.Component:
    """A line of text's room (Radix text `size`)."""
    return unpainted(rx.text(BLANK, size=size), **props)


def by_offer(
    *, open_part: rx.Component, plan_part: rx.Component, placeholder: rx.Component
) -> rx.Component:
    """`open_part` where every tool is open and nothing is sold, `plan_part` where the plan is
    sold (checkout or soon), `placeholder` until the server has said."""
    return rx.match(ToolPageState.offer, ("", placeholder), (OPEN, open_part), plan_part)


def by_visitor(
    *, signed_in: rx.Component, signed_out: rx.Component, placeholder: rx.Component
) -> rx.Component:
    """`signed_in` or `signed_out` by this tab's session, `placeholder` until it was read."""
    return rx.cond(
        AuthState.checked, rx.cond(AuthState.signed_in, signed_in, signed_out), placeholder
    )
