"""The AI Co-Founder's chat window: the conversation's bubbles (Markdown replies with their
status), the reply while it streams, and the empty state."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.markdown import safe_markdown
from startup_toolkit.components.panels import icon_text_button
from startup_toolkit.components.theme import heading_style
from startup_toolkit.domain import cofounder as chat
from startup_toolkit.pages.cofounder.state import LOG_ID, CofounderState

_markdown_style: dict[str, Any] = {
    "font_size": "var(--font-size-2)",
    "line_height": "1.6",
    "color": "var(--gray-12)",
    "overflow_wrap": "anywhere",
    "min_width": "0",
    "& > :first-child": {"margin_top": "0"},
    "& > :last-child": {"margin_bottom": "0"},
    "& p, & ul, & ol": {"margin_top": "0.5em", "margin_bottom": "0.5em"},
    "& h1, & h2, & h3, & h4": {
        "font_size": "var(--font-size-3)",
        "margin_top": "0.9em",
        "margin_bottom": "0.35em",
        "font_family": heading_style["font_family"],
    },
    "& ul, & ol": {"padding_left": "1.25em"},
    "& table": {
        "border_collapse": "collapse",
        "display": "block",
        "overflow_x": "auto",
        "max_width": "100%",
        "margin": "0.5em 0",
    },
    "& th, & td": {
        "border": "1px solid var(--gray-a5)",
        "padding": "0.3em 0.6em",
        "text_align": "left",
    },
    "& pre": {"max_width": "100%", "overflow_x": "auto"},
    # A link the model gave with a scheme other than http(s) lost its href: plain text.
    "& a:not([href])": {"color": "inherit", "text_decoration": "none", "cursor": "text"},
}


def _avatar(icon: str, color: str) -> rx.Component:
    return rx.center(
        rx.icon(icon, size=16, aria_hidden="true"),
        width="2rem",
        height="2rem",
        flex_shrink="0",
        border_radius="9999px",
        color=f"var(--{color}-11)",
        background=f"var(--{color}-a3)",
        border=f"1px solid var(--{color}-a5)",
    )


def _status_badge(status: Any) -> rx.Component:
    return rx.match(
        status,
        (
            chat.SAMPLE,
            rx.badge(chat.SAMPLE_LABEL, color_scheme="amber", variant="soft", radius="full"),
        ),
        (
            chat.INTERRUPTED,
            rx.badge(
                rx.icon("triangle-alert", size=12, aria_hidden="true"),
                chat.INTERRUPTED_LABEL,
                color_scheme="red",
                variant="soft",
                radius="full",
            ),
        ),
        (
            chat.STOPPED,
            rx.badge(chat.STOPPED_LABEL, color_scheme="gray", variant="soft", radius="full"),
        ),
        rx.fragment(),
    )


def _assistant_bubble(body: rx.Component, footer: rx.Component, **props: Any) -> rx.Component:
    return rx.hstack(
        _avatar("bot", "violet"),
        rx.vstack(
            rx.box(body, style=_markdown_style, width="100%"),
            footer,
            spacing="2",
            align="start",
            padding="0.75rem 1rem",
            border_radius="4px var(--radius-4) var(--radius-4) var(--radius-4)",
            background="var(--gray-a3)",
            border="1px solid var(--gray-a4)",
            max_width="min(100%, 46rem)",
            min_width="0",
        ),
        spacing="2",
        align="start",
        width="100%",
        class_name="chat-message chat-message-assistant",
        **props,
    )


def _user_bubble(content: Any) -> rx.Component:
    return rx.hstack(
        rx.box(
            rx.text(
                content,
                size="2",
                white_space="pre-wrap",
                overflow_wrap="anywhere",
                color="var(--gray-12)",
            ),
            padding="0.65rem 1rem",
            border_radius="var(--radius-4) 4px var(--radius-4) var(--radius-4)",
            background="var(--violet-a4)",
            border="1px solid var(--violet-a5)",
            max_width="min(85%, 40rem)",
            min_width="0",
        ),
        _avatar("user", "gray"),
        spacing="2",
        align="start",
        justify="end",
        width="100%",
        class_name="chat-message chat-message-user",
    )


def _message(m: rx.Var[dict[str, str]]) -> rx.Component:
    return rx.cond(
        m["role"] == "user",
        _user_bubble(m["content"]),
        _assistant_bubble(
            safe_markdown(m["content"]),
            _status_badge(m["status"]),
            data_status=m["status"],
        ),
    )


def _streaming_bubble() -> rx.Component:
    thinking = rx.hstack(
        rx.spinner(size="1"),
        rx.text("Thinking…", size="2", color="var(--gray-11)"),
        spacing="2",
        align="center",
    )
    footer = rx.hstack(
        rx.cond(
            CofounderState.stream_sample,
            rx.badge(chat.SAMPLE_LABEL, color_scheme="amber", variant="soft", radius="full"),
        ),
        rx.cond(
            CofounderState.stream_text != "",
            rx.hstack(
                rx.spinner(size="1"),
                rx.text("Replying…", size="1", color="var(--gray-11)"),
                spacing="1",
                align="center",
            ),
        ),
        spacing="2",
        align="center",
        wrap="wrap",
    )
    return _assistant_bubble(
        rx.cond(
            CofounderState.stream_text == "",
            thinking,
            safe_markdown(CofounderState.stream_text),
        ),
        footer,
        data_status="streaming",
        id="cofounder-streaming",
    )


def _empty_chat() -> rx.Component:
    return rx.vstack(
        rx.center(
            rx.icon("bot", size=28, color="var(--violet-11)", aria_hidden="true"),
            width="3.5rem",
            height="3.5rem",
            border_radius="9999px",
            background="var(--violet-a3)",
            border="1px solid var(--violet-a5)",
        ),
        rx.heading("What are we working on today?", as_="h2", size="4", style=heading_style),
        rx.text(
            "Ask about your business model, market, pricing or growth. "
            "Not sure where to start? Try an example prompt.",
            size="2",
            color="var(--gray-11)",
            text_align="center",
            max_width="28rem",
        ),
        icon_text_button(
            "lightbulb",
            "Browse example prompts",
            on_click=CofounderState.show_examples,
            variant="soft",
            size="2",
        ),
        spacing="3",
        align="center",
        justify="center",
        height="100%",
        padding="1.5rem 1rem",
        class_name="chat-empty",
    )


def chat_window() -> rx.Component:
    return rx.auto_scroll(
        rx.cond(
            CofounderState.has_messages | CofounderState.streaming,
            rx.vstack(
                rx.foreach(CofounderState.messages, _message),
                rx.cond(CofounderState.streaming, _streaming_bubble()),
                spacing="4",
                width="100%",
                padding="1rem",
            ),
            _empty_chat(),
        ),
        id=LOG_ID,
        role="log",
        aria_label="Conversation",
        aria_live="polite",
        aria_busy=rx.cond(CofounderState.streaming, "true", "false"),
        tab_index=0,
        height="400px",
        width="100%",
        background="var(--color-panel-translucent)",
        border="1px solid var(--gray-a5)",
        border_radius="var(--radius-4)",
        class_name="chat-window",
        style={"overscroll_behavior": "contain", "scroll_behavior": "auto"},
    )
