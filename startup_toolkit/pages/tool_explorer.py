"""/tool-explorer (T-EXP-1): search and filter every tool (the flagship Viability Scanner first,
issue 28, item 9), launch one.

Search and the category filter run in the browser (client state, no round trip), so the
list changes as you type. Launch Tool asks the server, which logs 'Launched {tool} from
Tool Explorer' for the signed-in user (skipped silently without one) and then opens the tool.
"""

from __future__ import annotations

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from startup_toolkit.components.app_page import app_page, app_route
from startup_toolkit.components.empty_panel import empty_panel
from startup_toolkit.components.form_kit import field_label
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import FILL_COLUMN, WIDE_CONTROL, labelled_group
from startup_toolkit.components.section_heading import page_intro, tool_heading
from startup_toolkit.components.theme import gradient_text
from startup_toolkit.components.tool_layout import ai_disclaimer
from startup_toolkit.domain.catalog import (
    EXPLORER_CATEGORIES,
    EXPLORER_TOOLS,
    TOOL_EXPLORER_PATH,
    Tool,
)
from startup_toolkit.state.navigation import NavigationState

ALL_CATEGORIES = "All"
CATEGORY_FILTERS: tuple[str, ...] = (ALL_CATEGORIES, *EXPLORER_CATEGORIES)
EMPTY_TEXT = "No tools found"
SEARCH_ID = "tool-explorer-search"

# Client-side filter state: typing and clicking filters never wait for the server.
search = ClientStateVar.create("tool_explorer_search", default="")
category = ClientStateVar.create("tool_explorer_category", default=ALL_CATEGORIES)


def _query() -> rx.Var:
    return search.value.to(str).lower().strip()


def _matches(tool: Tool) -> rx.Var:
    haystack = " ".join((tool.name, tool.tagline, tool.description, tool.category)).lower()
    in_category = (category.value == ALL_CATEGORIES) | (category.value == tool.category)
    return in_category & rx.Var.create(haystack).contains(_query())


def _category_button(label: str) -> rx.Component:
    active = category.value == label
    return rx.button(
        label,
        on_click=category.set_value(label),
        variant=rx.cond(active, "solid", "soft"),
        color_scheme=rx.cond(active, "violet", "gray"),
        size="2",
        radius="full",
        type="button",
        aria_pressed=rx.cond(active, "true", "false"),
        class_name="explorer-filter",
    )


def _tool_card(tool: Tool) -> rx.Component:
    return rx.el.article(
        tool_heading(tool, "h2", "2.75rem", 22, width="100%"),
        muted_text(tool.description, flex_grow="1"),
        rx.button(
            "Launch Tool",
            rx.icon("arrow-right", size=16, aria_hidden="true"),
            on_click=NavigationState.launch_tool(tool.slug),
            size="2",
            width="100%",
            type="button",
            aria_label=f"Launch Tool: {tool.name}",
        ),
        data_tool=tool.slug,
        class_name="explorer-card",
        style={
            "display": "flex",
            "flex_direction": "column",
            "gap": "0.9rem",
            "padding": "1.25rem 1.5rem 1.5rem",
            "border_radius": "var(--radius-5)",
            "background": "var(--gray-a2)",
            "border": "1px solid var(--gray-a4)",
            "border_top": f"3px solid var(--{tool.color}-9)",
            "transition": "border-color 200ms ease, background-color 200ms ease",
            "_hover": {"background": "var(--gray-a3)", "border_color": f"var(--{tool.color}-a7)"},
        },
    )


def _empty_state() -> rx.Component:
    return empty_panel(
        "search-x",
        EMPTY_TEXT,
        "Try another search or category.",
        rx.button(
            "Show all tools",
            on_click=[search.set_value(""), category.set_value(ALL_CATEGORIES)],
            variant="soft",
            type="button",
        ),
        class_name="explorer-empty",
    )


def _controls() -> rx.Component:
    return rx.vstack(
        field_label("Search tools", SEARCH_ID),
        rx.input(
            rx.input.slot(rx.icon("search", size=16, aria_hidden="true")),
            id=SEARCH_ID,
            type="search",
            value=search.value,
            on_change=search.set_value,
            placeholder="Try 'funding' or 'growth'",
            max_width="32rem",
            auto_complete="off",
            # The field's root draws the focus ring; the inner input's own outline would
            # leave the icon outside it.
            style={"& input:focus-visible": {"outline": "none"}},
            **WIDE_CONTROL,
        ),
        rx.hstack(
            *[_category_button(label) for label in CATEGORY_FILTERS],
            spacing="2",
            wrap="wrap",
            **labelled_group("Filter by category"),
        ),
        spacing="3",
        **FILL_COLUMN,
    )


@app_route(
    TOOL_EXPLORER_PATH,
    "Tool Explorer",
    "Search and launch Unstuck's AI tools for strategy, finance, growth, innovation and analytics.",
)
def tool_explorer() -> rx.Component:
    matches = [_matches(tool) for tool in EXPLORER_TOOLS]
    any_match = matches[0]
    for match in matches[1:]:
        any_match = any_match | match
    return app_page(
        page_intro(
            "compass",
            "Tool Explorer",
            ("Find the ", rx.el.span("right tool", style=gradient_text), " for your next move"),
            "Every tool, from the flagship Viability Scanner to the Startup Arena, for strategy, "
            "funding, growth, ideas and analytics. Search or pick a category, then launch.",
            max_width="40rem",
        ),
        _controls(),
        rx.grid(
            *[rx.cond(m, _tool_card(t)) for m, t in zip(matches, EXPLORER_TOOLS, strict=True)],
            columns=rx.breakpoints(initial="1", sm="2", lg="3"),
            spacing="4",
            width="100%",
            class_name="explorer-grid",
        ),
        rx.cond(any_match, rx.fragment(), _empty_state()),
        after=ai_disclaimer(),
    )
