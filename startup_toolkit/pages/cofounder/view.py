"""The AI Co-Founder's tabs: the chat (window and composer) and the example prompts."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.form_kit import field_label
from startup_toolkit.components.line_stack import line_stack, tile_beside
from startup_toolkit.components.panels import (
    SPREAD_ROW_FROM_SM,
    icon_text_button,
    muted_text,
    text_box,
)
from startup_toolkit.components.props import INSET_PANEL, SPREAD_ROW
from startup_toolkit.components.reopened_note import reopened_note
from startup_toolkit.components.result_blocks import tile, two_columns
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.voice_input_button import voice_input_button
from startup_toolkit.domain import cofounder as chat
from startup_toolkit.pages.cofounder.state import CHAT_TAB, EXAMPLES_TAB, INPUT_ID, CofounderState
from startup_toolkit.pages.cofounder.view_chat import chat_window
from startup_toolkit.pages.cofounder.view_idea import idea_panel
from startup_toolkit.pages.cofounder.view_side import PANEL_STYLE, WIDE_SOFT_BUTTON


def _mic_button() -> rx.Component:
    return rx.tooltip(
        voice_input_button(CofounderState, class_name="chat-mic"),
        content=rx.cond(CofounderState.listening, "Listening… click to stop", "Voice input"),
    )


#: The composer's Stop: a large soft red button.
_STOP_BUTTON = {"size": "3", "color_scheme": "red", "variant": "soft", "class_name": "chat-stop"}
#: The kbd keys of the composer's hint.
_KBD_STYLE = {
    "font_family": "inherit",
    "font_size": "0.95em",
    "padding": "0 0.35em",
    "border": "1px solid var(--gray-a6)",
    "border_radius": "var(--radius-1)",
    "background": "var(--gray-a3)",
    "color": "var(--gray-12)",
}


def _send_button() -> rx.Component:
    return rx.cond(
        CofounderState.stream.is_not_none(),
        icon_text_button(
            "square", "Stop", icon_size=14, on_click=CofounderState.stop, **_STOP_BUTTON
        ),
        icon_text_button(
            "send-horizontal", "Send", type="submit", size="3", class_name="chat-send"
        ),
    )


def _composer() -> rx.Component:
    return rx.form(
        full_width_stack(
            field_label("Ask your AI Co-Founder", INPUT_ID),
            text_box(
                INPUT_ID,
                "e.g. How should I price my B2B SaaS for small agencies?",
                name="message",
                value=CofounderState.draft,
                on_change=CofounderState.set_draft,
                enter_key_submit=True,
                max_length=chat.MAX_MESSAGE_CHARS,
                auto_complete=False,
                aria_describedby="cofounder-input-hint",
            ),
            rx.flex(
                muted_text(
                    rx.el.kbd("Enter"),
                    " to send · ",
                    rx.el.kbd("Shift"),
                    " + ",
                    rx.el.kbd("Enter"),
                    " for a new line · ",
                    CofounderState.draft.length(),
                    f" / {chat.MAX_MESSAGE_CHARS:,}",
                    size="1",
                    id="cofounder-input-hint",
                    class_name="chat-hint",
                    style={"& kbd": _KBD_STYLE},
                ),
                icon_row(_mic_button(), _send_button()),
                direction="row",
                wrap="wrap",
                gap="0.75rem",
                **SPREAD_ROW,
            ),
            spacing="2",
        ),
        on_submit=CofounderState.send,
        width="100%",
        class_name="chat-composer",
    )


def _chat_panel() -> rx.Component:
    return full_width_stack(reopened_note(CofounderState), idea_panel(), chat_window(), _composer())


def _titled(title: str, level: str, size: str, caption: str) -> rx.Component:
    """A heading (`level`, e.g. "h2") over a muted line."""
    return line_stack(
        rx.heading(title, as_=level, size=size, style=heading_style),
        muted_text(caption),
    )


def _example_card(index: int, example: chat.ExamplePrompt) -> rx.Component:
    icon = rx.icon(example.icon, size=18, aria_hidden="true")
    return rx.el.article(
        tile_beside(
            tile(icon, "2.25rem", "var(--radius-3)", "var(--violet-a3)", color="var(--violet-11)"),
            _titled(example.title, "h3", "3", example.description),
        ),
        rx.text(
            example.prompt,
            size="2",
            color="var(--gray-12)",
            padding="0.75rem",
            **INSET_PANEL,
            flex_grow="1",
        ),
        rx.button(
            "Use this prompt",
            rx.icon("arrow-right", size=16, aria_hidden="true"),
            on_click=CofounderState.use_example(index),
            aria_label=f"Use prompt: {example.title}",
            type="button",
            **WIDE_SOFT_BUTTON,
        ),
        class_name="example-prompt",
        data_example=str(index),
        style={
            **PANEL_STYLE,
            "display": "flex",
            "flex_direction": "column",
            "gap": "0.9rem",
            "transition": "border-color 200ms ease",
            "_hover": {"border_color": "var(--violet-a7)"},
        },
    )


def _examples_panel() -> rx.Component:
    return full_width_stack(
        rx.flex(
            _titled(
                "Example prompts",
                "h2",
                "5",
                "Pick one to fill the input, then replace the [brackets] with your details.",
            ),
            icon_text_button(
                "arrow-left",
                "Return to Chat",
                on_click=CofounderState.return_to_chat,
                variant="surface",
                size="2",
            ),
            gap="0.75rem",
            **SPREAD_ROW_FROM_SM,
        ),
        two_columns(*[_example_card(i, e) for i, e in enumerate(chat.EXAMPLES)]),
    )


def _trigger(icon: str, label: str, value: str) -> rx.Component:
    return rx.tabs.trigger(
        icon_row(rx.icon(icon, size=16, aria_hidden="true"), label),
        value=value,
    )


def tabs() -> rx.Component:
    return rx.tabs.root(
        rx.tabs.list(
            _trigger("message-square", "Chat Interface", CHAT_TAB),
            _trigger("lightbulb", "Example Prompts", EXAMPLES_TAB),
            size="2",
        ),
        rx.tabs.content(_chat_panel(), value=CHAT_TAB, padding_top="1rem"),
        rx.tabs.content(_examples_panel(), value=EXAMPLES_TAB, padding_top="1rem"),
        value=CofounderState.tab,
        on_change=CofounderState.set_tab,
        width="100%",
        class_name="cofounder-tabs",
    )
