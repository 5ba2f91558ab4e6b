"""The hub's side column: Quick Tips (P-HUB-3), the Daily Startup Digest with its View All
Trends dialog (P-HUB-4; the dialog opens in the browser) and Popular Resources (P-HUB-5)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.cards import card_stack, card_title
from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.panels import (
    dialog_header,
    ghost_icon_button,
    muted_text,
    trigger_dialog,
)
from startup_toolkit.components.props import (
    FILL_COLUMN,
    KEEP_SIZE,
    MUTED_TEXT,
    labelled_group,
    square,
)
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.domain import news as news_rules
from startup_toolkit.domain import resources as rules
from startup_toolkit.pages.solutions.state import SolutionsState as S
from startup_toolkit.pages.solutions.view_parts import (
    resource_button,
    spinner,
    type_badge,
    type_tile,
)


def tips() -> rx.Component:
    """P-HUB-3: every tip is in the page; assets/js/tips.js shows one at a time."""
    count = len(rules.TIPS)
    return card_stack(
        card_title("lightbulb", "Quick Tips"),
        rx.box(
            *[
                rx.el.p(
                    tip,
                    data_tip=str(i),
                    hidden=i != 0,
                    class_name="hub-tip",
                    style={"margin": "0", "font_size": "var(--font-size-2)"},
                )
                for i, tip in enumerate(rules.TIPS)
            ],
            # Announced only after a dot click (tips.js); automatic rotation stays quiet.
            aria_live="off",
            data_tip_list="",
            min_height="3.2rem",
        ),
        rx.hstack(
            *[
                rx.el.button(
                    data_tip_dot=str(i),
                    aria_label=f"Show tip {i + 1} of {count}",
                    aria_current="true" if i == 0 else "false",
                    type="button",
                    class_name="hub-tip-dot",
                )
                for i in range(count)
            ],
            spacing="1",
            **labelled_group("Choose a tip"),
        ),
        id="hub-tips",
        data_tips="",
        data_tip_seconds=str(rules.TIP_SECONDS),
    )


def _news_item(item: rx.Var, compact: bool) -> rx.Component:
    body = rx.vstack(
        rx.text(item.title, weight="medium", size="2", class_name="hub-news-title"),
        rx.hstack(
            rx.text(item.source, size="1", color="var(--accent-11)"),
            rx.cond(item.date != "", rx.text("·", size="1", color="var(--gray-10)")),
            rx.text(item.date, size="1", color="var(--gray-10)"),
            spacing="1",
            wrap="wrap",
        ),
        muted_text(
            item.summary,
            size="1",
            style={"-webkit-line-clamp": "3" if compact else "6"},
            class_name="hub-news-summary",
        ),
        spacing="1",
        **FILL_COLUMN,
    )
    return rx.cond(
        item.url != "",
        rx.el.a(
            body,
            href=item.url,
            target="_blank",
            rel="noopener noreferrer nofollow",
            class_name="hub-news-item",
        ),
        rx.box(body, class_name="hub-news-item"),
    )


def _news_list(news: rx.Var, compact: bool, *before: rx.Component, **props: Any) -> rx.Component:
    """`news` as items (summaries clamped shorter when `compact`), after `before`."""
    return rx.vstack(
        *before,
        rx.foreach(news, lambda item: _news_item(item, compact)),
        spacing="2",
        width="100%",
        **props,
    )


def _source_badge(element_id: str, scheme: str, variant: str, *label: Any) -> rx.Component:
    return rx.badge(*label, color_scheme=scheme, variant=variant, size="1", id=element_id)


def _live_badge() -> rx.Component:
    """Where the digest's news come from: LIVE (a pulsing dot) or the sample."""
    return rx.cond(
        S.digest.live,
        _source_badge("digest-live", "red", "solid", rx.box(class_name="hub-live-dot"), "LIVE"),
        _source_badge("digest-sample", "gray", "soft", news_rules.SAMPLE_LABEL),
    )


def digest() -> rx.Component:
    return card_stack(
        card_title(
            "newspaper",
            "Daily Startup Digest",
            rx.spacer(),
            _live_badge(),
            ghost_icon_button(
                "refresh-cw",
                "Refresh the digest",
                on_click=S.load_digest(True),
                size="1",
                id="digest-refresh",
                disabled=S.news_loading,
            ),
        ),
        rx.cond(
            S.news_loading & (S.digest.is_none() | (S.digest.news.length() == 0)),
            spinner("1.5rem", width="100%", id="digest-spinner"),
            _news_list(
                S.digest.news,
                True,
                rx.cond(
                    S.digest.note,
                    rx.text(S.digest.note, size="1", color="var(--amber-11)", id="digest-note"),
                ),
                id="digest-items",
                aria_busy=rx.cond(S.news_loading, "true", "false"),
            ),
        ),
        _trends_dialog(),
        id="hub-digest",
    )


def _trends_dialog() -> rx.Component:
    """View All Trends: the button opens the dialog in the browser (and loads the list)."""
    # A full-width flex: Radix wraps a trigger child that has on_click in a flex of its own,
    # which would shrink the button to its text.
    trigger = rx.flex(
        rx.button(
            "View All Trends",
            rx.icon("arrow-right", size=14),
            on_click=S.load_trends,
            variant="soft",
            width="100%",
            id="digest-all",
        ),
        width="100%",
    )
    return trigger_dialog(
        trigger, *_trends_content(), max_width="40rem", width="calc(100vw - 2rem)"
    )


def _trends_content() -> tuple[rx.Component, ...]:
    return (
        dialog_header(
            rx.dialog.title("Startup Trends", margin="0"),
            _live_badge(),
            align="center",
        ),
        rx.dialog.description(
            "The latest startup news from the digest's sources.",
            size="2",
            margin_bottom="1rem",
            **MUTED_TEXT,
        ),
        rx.cond(
            S.trends_loading,
            spinner("2rem"),
            rx.cond(
                S.trends.error,
                rx.text(S.trends.error, color="var(--red-11)"),
                _news_list(S.trends.news, False, id="trends-items"),
            ),
        ),
    )


def _popular_item(card: rx.Var) -> rx.Component:
    return resource_button(
        card,
        type_tile(
            card,
            18,
            **square("2.75rem"),
            border_radius="var(--radius-3)",
            **KEEP_SIZE,
        ),
        line_stack(
            type_badge(card.badge), rx.text(card.title, size="2", weight="medium"), min_width="0"
        ),
        class_name="hub-popular",
        style={
            "gap": "0.75rem",
            "align_items": "center",
            "padding": "0.4rem",
            "border_radius": "var(--radius-3)",
            "background": "transparent",
            "border": "none",
            "&:hover": {"background": "var(--gray-a3)"},
            "&:focus-visible": {"outline": "2px solid var(--accent-9)"},
        },
    )


def popular() -> rx.Component:
    return card_stack(
        card_title("star", "Popular Resources"),
        full_width_stack(rx.foreach(S.popular, _popular_item), spacing="1"),
        id="hub-popular",
    )
