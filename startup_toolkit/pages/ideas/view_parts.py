"""Pieces the three ideas pages share: the not-found panel, a change arrow and a loading
placeholder."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.empty_panel import empty_panel
from startup_toolkit.components.panels import load_failed_callout

IDEAS_PATH = "/ideas"
SCANNER_PATH = "/startup-viability-scanner"


def loading_block(height: str = "8rem") -> rx.Component:
    return rx.skeleton(rx.box(height=height, width="100%"), loading=True)


def not_found_panel(title: str, text: str) -> rx.Component:
    """A clear "not found" in place of the page's content, with the way back to the list."""
    return empty_panel(
        "search-x",
        title,
        text,
        link_button("Back to My Ideas", IDEAS_PATH, variant="soft"),
        id="ideas-not-found",
    )


def page_states(
    state: Any, view: rx.Var, not_found: tuple[str, str], failed: str, found: rx.Component
) -> rx.Component:
    """The page's content once its `view` is loaded, else its "not found" panel, its failure
    or (still loading) its skeleton."""
    return rx.cond(
        view.is_not_none(),
        found,
        rx.cond(
            state.not_found,
            not_found_panel(*not_found),
            rx.cond(state.load_failed, load_failed_callout(failed), loading_block("20rem")),
        ),
    )


def change_badge(direction: Any, change: Any, **props: Any) -> rx.Component:
    """An arrow and the signed change ('+12'), green up, red down, grey unchanged."""
    return rx.badge(
        rx.match(
            direction,
            ("up", rx.icon("arrow-up", size=14, aria_hidden="true")),
            ("down", rx.icon("arrow-down", size=14, aria_hidden="true")),
            rx.icon("minus", size=14, aria_hidden="true"),
        ),
        change,
        color_scheme=rx.match(direction, ("up", "green"), ("down", "red"), "gray"),
        variant="soft",
        **props,
    )
