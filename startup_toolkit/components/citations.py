"""How a result shows where its figures come from (issue 15): a figure's citation (a verified
page as a link that opens in a new tab, "Unverified source", or "No recent data/source
available"), the Sources panel listing every page read, the visible note when live research
was not available, and the research progress line. Texts from the web and the model are
rendered as text; links are http(s) only (checked before they reach the state)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import SMALL_SOFT_BADGE
from startup_toolkit.components.result_blocks import amber_note
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import TOOL_CARD_STYLE
from startup_toolkit.domain import research as rules

LINK_REL = "noopener noreferrer"


def source_link(*text: Any, url: rx.Var[str], class_name: str, **props: Any) -> rx.Component:
    """A page read, named `text`, opening in a new tab without access to this page."""
    return rx.link(
        *text,
        href=url,
        is_external=True,
        rel=LINK_REL,
        class_name=class_name,
        style={"overflow_wrap": "anywhere"},
        **props,
    )


def numbered_source_link(
    number: rx.Var[int], title: rx.Var[str], url: rx.Var[str], class_name: str, **props: Any
) -> rx.Component:
    """'[n] Title': the page read that a result's sources list as number `n`."""
    return source_link(
        "[", number.to_string(), "] ", title, url=url, class_name=class_name, **props
    )


def citation_note(cite: rx.Var) -> rx.Component:
    """'Source: <title link>', 'Unverified source' (never a link) or 'No recent data/source
    available' under a figure (`cite` is a `CitedRow`)."""
    return rx.hstack(
        rx.icon("book-open", size=12, color="var(--gray-10)", aria_hidden="true", flex_shrink="0"),
        rx.match(
            cite.state,
            (
                rules.VERIFIED,
                rx.text(
                    "Source: ",
                    source_link(cite.label, url=cite.url, class_name="source-link"),
                    size="1",
                    color="var(--gray-10)",
                    class_name="source source-verified",
                ),
            ),
            (
                rules.UNVERIFIED_STATE,
                rx.text(
                    rules.UNVERIFIED,
                    size="1",
                    color="var(--amber-11)",
                    class_name="source source-unverified",
                ),
            ),
            rx.text(rules.NO_SOURCE, size="1", color="var(--gray-10)", class_name="source"),
        ),
        spacing="1",
        align="center",
    )


def cited_item(
    row: rx.Var, class_name: str, size: str = "2", note: rx.Component | None = None
) -> rx.Component:
    """A list item: a claim's text with its checked citation under it (`row` is a
    `CitedRow`; `note` stands in for the citation, e.g. one shown only for live results)."""
    return rx.el.li(
        rx.text(row.text, size=size),
        citation_note(row) if note is None else note,
        class_name=class_name,
        style={"display": "grid", "gap": "0.25rem"},
    )


def _source_item(source: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.hstack(
            rx.badge(source.number.to_string(), color_scheme="gray", **SMALL_SOFT_BADGE),
            rx.vstack(
                source_link(source.title, url=source.url, class_name="sources-panel-link"),
                muted_text(source.site, " · read ", source.read_on, size="1"),
                spacing="0",
                align="start",
                min_width="0",
            ),
            spacing="2",
            align="start",
        ),
        style={"padding": "0.5rem 0", "border_bottom": "1px solid var(--gray-a4)"},
    )


def sources_panel(sources: rx.Var[list], class_name: str) -> rx.Component:
    """Every page read during the analysis: number, title (a link), site and date read."""
    return rx.el.section(
        rx.heading("Sources", as_="h2", size="4", style=heading_style),
        muted_text(
            "Pages read on the web for this analysis. Figures citing them link to them.",
            size="2",
        ),
        rx.el.ol(
            rx.foreach(sources, _source_item),
            style={"list_style": "none", "margin": "0.5rem 0 0", "padding": "0"},
        ),
        aria_label="Sources",
        class_name=f"sources-panel {class_name}",
        style={**TOOL_CARD_STYLE, "min_width": "0"},
    )


def fallback_note(class_name: str) -> rx.Component:
    """The visible note when live research was not available."""
    return amber_note(
        rules.FALLBACK_NOTE, "info", class_name=f"research-fallback {class_name}", width="100%"
    )


def research_line(progress: rx.Var[str]) -> rx.Component:
    """The research step's progress while a run works (nothing when there is none)."""
    return rx.cond(
        progress != "",
        rx.hstack(
            rx.icon("globe", size=14, color="var(--violet-11)", aria_hidden="true"),
            rx.text(progress, size="2", color="var(--gray-11)", class_name="research-progress"),
            spacing="2",
            align="center",
            aria_live="polite",
        ),
    )
