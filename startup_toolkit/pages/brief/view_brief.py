"""The brief on /brief: the executive summary, the verdict and score with the five categories,
market size and growth with their citations, competitors, funding odds and range, the growth
plan and channel budget, top risks, the next three actions, the assumptions, one Sources
list, and its exports and share link. Everything the model or a web page wrote is text; a
citation is a link only to a page a part read."""

from __future__ import annotations

from collections.abc import Callable

import reflex as rx

from startup_toolkit.components.citations import fallback_note, numbered_source_link
from startup_toolkit.components.downloads import export_links
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import GROW, SMALL_SOFT_BADGE
from startup_toolkit.components.result_blocks import two_columns
from startup_toolkit.components.share_dialog import share_button
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tool_layout import section_heading, spread_row, tool_card
from startup_toolkit.domain import research
from startup_toolkit.pages.brief.state import BriefState

S = BriefState
B = BriefState.brief


def _bare_list(
    rows: rx.Var,
    item: Callable[[rx.Var], rx.Component],
    gap: str,
    ordered: bool = False,
    **props: str,
) -> rx.Component:
    """`rows`, each drawn by `item`, as a list without markers or indent, `gap` apart."""
    tag = rx.el.ol if ordered else rx.el.ul
    return tag(
        rx.foreach(rows, item),
        style={"list_style": "none", "margin": "0", "padding": "0", "display": "grid", "gap": gap},
        **props,
    )


def _list(items: rx.Var, class_name: str, ordered: bool = False) -> rx.Component:
    tag = rx.el.ol if ordered else rx.el.ul
    return tag(
        rx.foreach(items, lambda item: rx.el.li(rx.text(item, size="2"), class_name=class_name)),
        style={"margin": "0", "padding_left": "1.25rem", "display": "grid", "gap": "0.35rem"},
    )


def _cite(figure: rx.Var) -> rx.Component:
    """A figure's citation: '[n] Title' linking to the page read, 'Unverified source', 'No
    recent data/source available', or nothing for a figure that cites nothing."""
    return rx.match(
        figure.state,
        (
            research.VERIFIED,
            numbered_source_link(
                figure.number,
                figure.source,
                figure.url,
                "brief-cite brief-cite-verified",
                size="1",
            ),
        ),
        (
            research.UNVERIFIED_STATE,
            rx.text(
                research.UNVERIFIED, size="1", color="var(--amber-11)", class_name="brief-cite"
            ),
        ),
        (
            research.NONE,
            rx.text(research.NO_SOURCE, size="1", color="var(--gray-10)", class_name="brief-cite"),
        ),
        rx.fragment(),
    )


def _figure(figure: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.text(rx.text.strong(figure.label, ": "), figure.text, size="2"),
        _cite(figure),
        class_name="brief-figure",
        style={"display": "grid", "gap": "0.15rem"},
    )


def _figures(items: rx.Var, class_name: str) -> rx.Component:
    return _bare_list(items, _figure, "0.6rem", class_name=class_name)


def _card(title: str, icon: str, *children: rx.Component, **props: object) -> rx.Component:
    return tool_card(section_heading(title, icon, "violet"), *children, spacing="3", **props)


def _summary() -> rx.Component:
    return _card(
        "Executive summary",
        "scroll-text",
        rx.vstack(
            rx.foreach(B.summary, lambda line: rx.text(line, size="3")),
            spacing="2",
            id="brief-summary",
        ),
        muted_text("Written by the app from the parts' own figures, without AI.", size="1"),
    )


def _category(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.hstack(
            rx.badge(row.score.to_string(), color_scheme=row.color, variant="soft"),
            rx.vstack(
                rx.text(row.name, weight="medium", size="2"),
                muted_text(row.assessment, size="1"),
                spacing="0",
                min_width="0",
            ),
            spacing="3",
            align="start",
        ),
        class_name="brief-category",
    )


def _verdict() -> rx.Component:
    return rx.cond(
        B.score != "",
        _card(
            "Verdict and score",
            "gauge",
            rx.hstack(
                rx.heading(B.score, "/100", as_="p", size="7", id="brief-score"),
                rx.badge(B.verdict, color_scheme=B.verdict_color, size="2", id="brief-verdict"),
                spacing="3",
                align="center",
            ),
            _bare_list(B.categories, _category, "0.6rem"),
        ),
    )


def _competitor(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.text(row.name, weight="medium", size="2"),
        rx.cond(row.detail != "", muted_text(row.detail, size="1")),
        rx.cond(row.cite.state != "", _cite(row.cite)),
        class_name="brief-competitor",
        style={"display": "grid", "gap": "0.15rem"},
    )


def _market() -> rx.Component:
    return rx.cond(
        (B.market.length() > 0) | (B.competitors.length() > 0),
        _card(
            "Market and competitors",
            "chart-line",
            _figures(B.market, "brief-market"),
            rx.cond(
                B.competitors.length() > 0,
                _bare_list(B.competitors, _competitor, "0.6rem"),
            ),
        ),
    )


def _channel(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.hstack(
            rx.text(row.name, size="2", **GROW),
            rx.text(row.percent.to_string(), "%", size="2", color="var(--gray-11)"),
            rx.text(row.amount, size="2", weight="medium"),
            spacing="3",
            width="100%",
        ),
        class_name="brief-channel",
    )


def _money() -> rx.Component:
    return two_columns(
        rx.cond(
            B.funding.length() > 0,
            _card("Funding", "landmark", _figures(B.funding, "brief-funding")),
        ),
        rx.cond(
            B.budget != "",
            _card(
                "Growth plan",
                "trending-up",
                rx.text(B.growth_summary, size="2"),
                _list(B.plan, "brief-step", ordered=True),
                rx.text("Channel budget: ", B.budget, " a month", weight="medium", size="2"),
                rx.el.ul(
                    rx.foreach(B.channels, _channel),
                    style={"list_style": "none", "margin": "0", "padding": "0", "width": "100%"},
                ),
            ),
        ),
    )


def _next() -> rx.Component:
    return two_columns(
        rx.cond(
            B.risks.length() > 0, _card("Top risks", "shield-alert", _list(B.risks, "brief-risk"))
        ),
        rx.cond(
            B.actions.length() > 0,
            _card(
                "Next three actions", "list-todo", _list(B.actions, "brief-action", ordered=True)
            ),
        ),
    )


def _assumption(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.text(rx.text.strong(row.label, ": "), row.value, size="2"),
        rx.cond(row.assumed, rx.badge("Assumed", color_scheme="amber", **SMALL_SOFT_BADGE)),
        class_name="brief-assumption",
        style={"display": "flex", "gap": "0.5rem", "flex_wrap": "wrap", "align_items": "center"},
    )


def _assumptions() -> rx.Component:
    return rx.cond(
        B.assumptions.length() > 0,
        _card(
            "Numbers the brief ran on",
            "calculator",
            muted_text("Values marked Assumed are defaults, not your figures.", size="1"),
            _bare_list(B.assumptions, _assumption, "0.35rem"),
        ),
    )


def _source(row: rx.Var) -> rx.Component:
    return rx.el.li(
        numbered_source_link(row.number, row.title, row.url, "brief-source-link"),
        muted_text(row.site, " · read ", row.read_on, " · ", row.parts, size="1"),
        class_name="brief-source",
        style={"display": "grid", "gap": "0.1rem"},
    )


def _sources() -> rx.Component:
    return _card(
        "Sources",
        "book-open",
        rx.cond(B.unresearched != "", fallback_note("brief-fallback")),
        rx.cond(
            B.unresearched != "",
            muted_text("Not researched: ", B.unresearched, ".", size="1"),
        ),
        rx.cond(
            B.sources.length() > 0,
            _bare_list(B.sources, _source, "0.5rem", ordered=True),
        ),
        aria_label="Sources",
        class_name="brief-sources",
    )


def _exports() -> rx.Component:
    return export_links(
        B.export_md,
        B.export_pdf,
        "this brief",
        share_button("brief", B.idea_id, "Brief: " + B.title, size="2"),
        "brief-export",
    )


def brief_view() -> rx.Component:
    """The brief so far (each section once its part is back)."""
    return rx.cond(
        B.is_not_none(),
        full_width_stack(
            spread_row(
                rx.heading("Brief: ", B.title, as_="h2", size="6", id="brief-title"), _exports()
            ),
            _summary(),
            _verdict(),
            _market(),
            _money(),
            _next(),
            _assumptions(),
            _sources(),
            id="brief",
        ),
    )
