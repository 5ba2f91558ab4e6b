"""The hub's main column: the hero with the category buttons, the toolbar (tabs, search, sort,
filters) and the library grid with its empty state (P-HUB-1, P-HUB-2), and the page's CSS."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.experimental.client_state import ClientStateVar

from startup_toolkit.components.panels import icon_text_button, load_failed_callout, muted_text
from startup_toolkit.components.props import (
    FILL_COLUMN,
    FILL_ROW,
    GRAY_OUTLINE_BADGE,
    GROW,
    MUTED_TEXT,
    ROW_FROM_SM,
    SHRINK_TO_FIT,
    SMALL_GHOST,
    labelled_group,
)
from startup_toolkit.components.section_heading import icon_pill
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import HEADING_FONT, card_style, gradient_text
from startup_toolkit.components.tool_layout import tab_list
from startup_toolkit.domain import resources as rules
from startup_toolkit.pages.solutions.state import SolutionsState as S
from startup_toolkit.pages.solutions.view_parts import (
    resource_button,
    spinner,
    type_badge,
    type_tile,
)

#: Whether the filters panel shows: the browser's own (the filters themselves are the server's).
filters_open = ClientStateVar.create("hub_filters_open", default=False)

CSS = """
.hub-tip-dot { width: 0.6rem; height: 0.6rem; padding: 0; border-radius: 999px; border: none;
  background: var(--gray-a6); cursor: pointer; }
.hub-tip-dot[aria-current="true"] { background: var(--accent-9); width: 1.2rem; }
.hub-tip-dot:focus-visible { outline: 2px solid var(--accent-9); outline-offset: 2px; }
.hub-news-item { display: block; width: 100%; box-sizing: border-box; padding: 0.6rem;
  border-radius: var(--radius-3); text-decoration: none; color: inherit;
  background: var(--gray-a2); }
a.hub-news-item:hover { background: var(--gray-a4); }
a.hub-news-item:focus-visible { outline: 2px solid var(--accent-9); }
.hub-news-summary { display: -webkit-box; -webkit-box-orient: vertical; overflow: hidden; }
.hub-live-dot { width: 0.45rem; height: 0.45rem; border-radius: 999px; background: white;
  animation: hub-pulse 1.6s ease-in-out infinite; }
@keyframes hub-pulse { 50% { opacity: 0.3; } }
@media (prefers-reduced-motion: reduce) { .hub-live-dot { animation: none; } }
.hub-markdown { line-height: 1.65; overflow-wrap: anywhere; }
.hub-markdown h2 { font-size: var(--font-size-5); margin: 1.2em 0 0.4em; scroll-margin-top: 1rem; }
.hub-markdown h3 { font-size: var(--font-size-4); margin: 1em 0 0.3em; scroll-margin-top: 1rem; }
.hub-markdown ul, .hub-markdown ol { padding-left: 1.4rem; }
"""


_label_style: dict[str, Any] = {
    "font_size": "var(--font-size-1)",
    "font_weight": "500",
    **MUTED_TEXT,
}
_select_style: dict[str, Any] = {
    "appearance": "auto",
    "height": "var(--space-7)",
    "padding": "0 0.6rem",
    "border_radius": "var(--radius-3)",
    "border": "1px solid var(--gray-a7)",
    "background": "var(--color-surface)",
    "color": "var(--gray-12)",
    "font_size": "var(--font-size-2)",
    "width": "100%",
    "min_width": "0",
}


def _labelled(label: str, control: rx.Component, control_id: str, **props: Any) -> rx.Component:
    """A toolbar control under its small label, as wide as its column (`props`: e.g. GROW)."""
    return rx.vstack(
        rx.el.label(label, html_for=control_id, style=_label_style),
        control,
        spacing="1",
        width="100%",
        **props,
    )


def _native_select(
    select_id: str, label: str, value: rx.Var, on_change: Any, options: list[tuple[str, str]]
) -> rx.Component:
    select = rx.el.select(
        *[rx.el.option(text, value=val) for val, text in options],
        id=select_id,
        value=value,
        on_change=on_change,
        style=_select_style,
    )
    return _labelled(label, select, select_id, min_width="0")


#: Each category's icon on its button in the hero.
_CATEGORY_ICONS = dict(
    zip(
        rules.CATEGORIES,
        ("wallet", "trending-up", "megaphone", "box", "hand-coins", "scale"),
        strict=True,
    )
)


def _category_button(name: str, icon: str) -> rx.Component:
    """A category's toggle, solid and pressed while it is the selected one."""
    selected = S.filters.category == name
    return icon_text_button(
        icon,
        name,
        icon_size=14,
        variant=rx.cond(selected, "solid", "soft"),
        aria_pressed=rx.cond(selected, "true", "false"),
        on_click=S.toggle_category(name),
        size="2",
        radius="full",
        class_name="hub-category",
    )


def _category_buttons() -> rx.Component:
    return rx.flex(
        *[_category_button(name, icon) for name, icon in _CATEGORY_ICONS.items()],
        wrap="wrap",
        gap="0.5rem",
        id="hub-categories",
        **labelled_group("Categories"),
    )


def hero() -> rx.Component:
    return rx.vstack(
        icon_pill("book-open", "Solutions Hub"),
        rx.heading(
            "Answers for every ",
            rx.el.span("startup stage", style=gradient_text),
            as_="h1",
            size=rx.breakpoints(initial="8", md="9"),
            style={"font_family": HEADING_FONT, "letter_spacing": "-0.03em"},
        ),
        rx.text(
            "Guides, templates and video scripts on finance, growth, marketing, product, "
            "fundraising and legal basics, plus a daily digest of startup news.",
            size=rx.breakpoints(initial="3", md="4"),
            max_width="42rem",
            **MUTED_TEXT,
        ),
        _category_buttons(),
        spacing="4",
        align="start",
        padding_bottom="2rem",
    )


def _search_input() -> rx.Component:
    return rx.input(
        rx.input.slot(rx.icon("search", size=16)),
        id="hub-search",
        placeholder="Search solutions...",
        value=S.filters.query,
        on_change=S.set_query.debounce(250),
        type="search",
        max_length=rules.QUERY_MAX,
        width="100%",
        size="2",
    )


def _toolbar() -> rx.Component:
    return full_width_stack(
        rx.tabs.root(
            tab_list(
                *[
                    rx.tabs.trigger(label, value=value, id=f"hub-tab-{value}")
                    for value, label, _ in rules.TABS
                ]
            ),
            value=S.filters.tab,
            on_change=S.set_tab,
            width="100%",
        ),
        rx.flex(
            _labelled("Search", _search_input(), "hub-search", **GROW),
            rx.box(
                _native_select("hub-sort", "Sort by", S.filters.sort, S.set_sort, [*rules.SORTS]),
                width=rx.breakpoints(initial="100%", sm="11rem"),
            ),
            rx.box(
                icon_text_button(
                    "sliders-horizontal",
                    "Filters",
                    variant=rx.cond(filters_open.value, "solid", "soft"),
                    on_click=filters_open.set_value(~filters_open.value),
                    aria_expanded=rx.cond(filters_open.value, "true", "false"),
                    aria_controls="hub-filters",
                    id="hub-filters-toggle",
                    size="2",
                    width=rx.breakpoints(initial="100%", sm="auto"),
                ),
                align_self="end",
                width=rx.breakpoints(initial="100%", sm="auto"),
            ),
            gap="0.75rem",
            width="100%",
            align=rx.breakpoints(initial="stretch", sm="end"),
            **ROW_FROM_SM,
        ),
        rx.cond(
            filters_open.value,
            rx.grid(
                _native_select(
                    "hub-filter-category",
                    "Category",
                    S.filters.category,
                    S.set_category,
                    [(rules.ALL, "All categories"), *[(c, c) for c in rules.CATEGORIES]],
                ),
                _native_select(
                    "hub-filter-type",
                    "Type",
                    S.filters.type,
                    S.set_type_filter,
                    [(rules.ALL, "All types"), *[(t, t) for t in rules.TYPES]],
                ),
                columns=rx.breakpoints(initial="1", sm="2"),
                gap="0.75rem",
                width="100%",
                id="hub-filters",
                style={**card_style, "padding": "1rem"},
            ),
        ),
        spacing="3",
    )


def _resource_card(card: rx.Var) -> rx.Component:
    return resource_button(
        card,
        type_tile(
            card,
            36,
            height="7rem",
            width="100%",
            border_radius="var(--radius-4) var(--radius-4) 0 0",
        ),
        rx.vstack(
            rx.hstack(
                type_badge(card.badge),
                rx.badge(card.category, size="1", **GRAY_OUTLINE_BADGE),
                rx.cond(
                    card.popular,
                    rx.badge(rx.icon("star", size=12), "Popular", color_scheme="amber", size="1"),
                ),
                spacing="2",
                wrap="wrap",
            ),
            rx.heading(card.title, as_="h3", size="3", style={"font_family": HEADING_FONT}),
            muted_text(card.description),
            rx.text(card.note, size="1", color="var(--gray-11)", class_name="hub-card-note"),
            spacing="2",
            padding="1rem",
            **FILL_COLUMN,
        ),
        class_name="hub-card",
        data_resource_id=card.id,
        aria_label=card.title,
        style={
            "flex_direction": "column",
            "padding": "0",
            "font": "inherit",
            "min_width": "0",
            "background": "var(--gray-a2)",
            "border": "1px solid var(--gray-a5)",
            "border_radius": "var(--radius-4)",
            "transition": "border-color 150ms, transform 150ms",
            "&:hover": {"border_color": "var(--accent-8)"},
            "&:focus-visible": {"outline": "2px solid var(--accent-9)", "outline_offset": "2px"},
        },
    )


def _empty_state() -> rx.Component:
    return rx.vstack(
        rx.icon("search-x", size=36, color="var(--gray-10)"),
        rx.heading("No resources found", as_="h3", size="4"),
        rx.text("Try another search word or clear the filters.", **MUTED_TEXT),
        icon_text_button(
            "rotate-ccw", "Reset filters", on_click=S.reset_filters, id="hub-reset", variant="soft"
        ),
        id="hub-empty",
        spacing="3",
        padding_y="3rem",
        style=card_style,
        **FILL_ROW,
    )


def _filters_active() -> rx.Var[bool]:
    """Whether a tab, filter or search narrows the grid (worked out in the browser)."""
    f = S.filters
    return (
        (f.tab != "all")
        | (f.category != rules.ALL)
        | (f.type != rules.ALL)
        | (f.query.strip() != "")
    )


def library_column() -> rx.Component:
    return rx.vstack(
        _toolbar(),
        rx.hstack(
            muted_text(
                S.visible.length().to_string(),
                rx.cond(S.visible.length() == 1, " resource", " resources"),
                id="hub-count",
                aria_live="polite",
            ),
            rx.spacer(),
            rx.cond(
                _filters_active(),
                rx.button("Clear all", on_click=S.reset_filters, **SMALL_GHOST),
            ),
            **FILL_ROW,
        ),
        rx.cond(
            S.library.error,
            load_failed_callout(S.library.error),
            rx.cond(
                S.library.is_none(),
                spinner("3rem", width="100%"),
                rx.cond(
                    S.visible.length() > 0,
                    rx.grid(
                        rx.foreach(S.visible, _resource_card),
                        columns=rx.breakpoints(initial="1", sm="2", lg="2", xl="3"),
                        gap="1rem",
                        width="100%",
                        id="hub-grid",
                    ),
                    _empty_state(),
                ),
            ),
        ),
        spacing="3",
        **SHRINK_TO_FIT,
    )
