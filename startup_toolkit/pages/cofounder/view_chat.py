"""The AI Co-Founder's chat window: the conversation's bubbles (Markdown replies with their
status), the reply while it streams, and the empty state."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.form_kit import icon_disc
from startup_toolkit.components.markdown import safe_markdown
from startup_toolkit.components.panels import icon_text_button, muted_text
from startup_toolkit.components.props import CENTRED, KEEP_SIZE, TYPED_TEXT, WRAP_ROW
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import heading_style
from startup_toolkit.domain import cofounder as chat
from startup_toolkit.pages.cofounder.state import LOG_ID, CofounderState
from startup_toolkit.pages.cofounder.view_side import SOFT_BUTTON

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
    # A link the model gave that lost its href (another scheme, or a page no research read;
    # issue 27, item 8): plain text.
    "& a:not([href])": {"color": "inherit", "text_decoration": "none", "cursor": "text"},
}


#: A status badge under a reply: soft and round.
_PILL = {"variant": "soft", "radius": "full"}


def _avatar(icon: str, color: str) -> rx.Component:
    icon_el = rx.icon(icon, size=16, aria_hidden="true")
    return icon_disc(icon_el, color, "2rem", color=f"var(--{color}-11)", **KEEP_SIZE)


def _busy_line(text: str, size: str, spacing: str) -> rx.Component:
    """A small spinner beside `text` (Thinking…, Replying…)."""
    return icon_row(rx.spinner(size="1"), muted_text(text, size=size), spacing=spacing)


def _status_badge(status: Any) -> rx.Component:
    return rx.match(
        status,
        (chat.SAMPLE, rx.badge(chat.SAMPLE_LABEL, color_scheme="amber", **_PILL)),
        (
            chat.INTERRUPTED,
            rx.badge(
                rx.icon("triangle-alert", size=12, aria_hidden="true"),
                chat.INTERRUPTED_LABEL,
                color_scheme="red",
                **_PILL,
            ),
        ),
        (chat.STOPPED, rx.badge(chat.STOPPED_LABEL, color_scheme="gray", **_PILL)),
        rx.fragment(),
    )


def _bubble_look(fill: str, ring: str, squared: str) -> dict[str, str]:
    """A bubble's box: a `fill` and a thin `ring`, rounded but for the top corner by the
    sender's avatar (`squared`: "left" or "right")."""
    r = "var(--radius-4)"
    corners = f"4px {r} {r} {r}" if squared == "left" else f"{r} 4px {r} {r}"
    border = f"1px solid {ring}"
    return {"border_radius": corners, "background": fill, "border": border, "min_width": "0"}


def _message_row(sender: str, *children: rx.Component, **props: Any) -> rx.Component:
    """A message's line: its avatar and bubble (class `chat-message-<sender>`)."""
    class_name = f"chat-message chat-message-{sender}"
    return rx.hstack(
        *children, spacing="2", align="start", width="100%", class_name=class_name, **props
    )


def _assistant_bubble(body: rx.Component, footer: rx.Component, **props: Any) -> rx.Component:
    return _message_row(
        "assistant",
        _avatar("bot", "violet"),
        rx.vstack(
            rx.box(body, style=_markdown_style, width="100%"),
            footer,
            spacing="2",
            align="start",
            padding="0.75rem 1rem",
            max_width="min(100%, 46rem)",
            **_bubble_look("var(--gray-a3)", "var(--gray-a4)", "left"),
        ),
        **props,
    )


def _user_bubble(content: Any) -> rx.Component:
    return _message_row(
        "user",
        rx.box(
            rx.text(content, size="2", color="var(--gray-12)", **TYPED_TEXT),
            padding="0.65rem 1rem",
            max_width="min(85%, 40rem)",
            **_bubble_look("var(--violet-a4)", "var(--violet-a5)", "right"),
        ),
        _avatar("user", "gray"),
        justify="end",
    )


def _message(m: rx.Var[dict[str, str]]) -> rx.Component:
    return rx.cond(
        m["role"] == "user",
        _user_bubble(m["content"]),
        _assistant_bubble(
            safe_markdown(m["content"], link_urls=chat.PAGES_READ),
            _status_badge(m["status"]),
            data_status=m["status"],
        ),
    )


def _streaming_bubble() -> rx.Component:
    thinking = _busy_line("Thinking…", "2", "2")
    footer = rx.hstack(
        rx.cond(
            CofounderState.stream.sample,
            rx.badge(chat.SAMPLE_LABEL, color_scheme="amber", **_PILL),
        ),
        rx.cond(CofounderState.stream.text, _busy_line("Replying…", "1", "1")),
        spacing="2",
        **WRAP_ROW,
    )
    return _assistant_bubble(
        rx.cond(
            CofounderState.stream.text,
            safe_markdown(CofounderState.stream.text.to(str), link_urls=chat.PAGES_READ),
            thinking,
        ),
        footer,
        data_status="streaming",
        id="cofounder-streaming",
    )


def _empty_chat() -> rx.Component:
    return rx.vstack(
        icon_disc(
            rx.icon("bot", size=28, color="var(--violet-11)", aria_hidden="true"),
            "violet",
            "3.5rem",
        ),
        rx.heading("What are we working on today?", as_="h2", size="4", style=heading_style),
        muted_text(
            "Ask about your business model, market, pricing or growth. "
            "Not sure where to start? Try an example prompt.",
            text_align="center",
            max_width="28rem",
        ),
        icon_text_button(
            "lightbulb",
            "Browse example prompts",
            on_click=CofounderState.show_examples,
            **SOFT_BUTTON,
        ),
        spacing="3",
        height="100%",
        padding="1.5rem 1rem",
        class_name="chat-empty",
        **CENTRED,
    )


#: The conversation for screen readers: a polite live region, focusable to scroll by keys.
_LOG_A11Y = {"role": "log", "aria_label": "Conversation", "aria_live": "polite", "tab_index": 0}
#: The chat's panel: a fixed height that scrolls inside itself.
_WINDOW_BOX = {"height": "400px", "width": "100%", "border_radius": "var(--radius-4)"}
_WINDOW_BOX |= {
    "background": "var(--color-panel-translucent)",
    "border": "1px solid var(--gray-a5)",
}


def has_messages() -> rx.Var[bool]:
    """Whether the chat holds a message with words in it (worked out in the browser)."""
    contents = CofounderState.shown_messages.map(lambda m: m["content"].to(str).strip())
    return contents.join("") != ""


def chat_window() -> rx.Component:
    return rx.auto_scroll(
        rx.cond(
            has_messages() | CofounderState.stream.is_not_none(),
            full_width_stack(
                rx.foreach(CofounderState.shown_messages, _message),
                rx.cond(CofounderState.stream.is_not_none(), _streaming_bubble()),
                padding="1rem",
            ),
            _empty_chat(),
        ),
        id=LOG_ID,
        aria_busy=rx.cond(CofounderState.stream.is_not_none(), "true", "false"),
        class_name="chat-window",
        style={"overscroll_behavior": "contain", "scroll_behavior": "auto"},
        **_LOG_A11Y,
        **_WINDOW_BOX,
    )
