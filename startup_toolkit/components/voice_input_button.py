"""The microphone button of a page with voice input (its State mixes in SpeechInputMixin)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.state.speech import SpeechInputMixin


def voice_input_button(state: type[SpeechInputMixin], **props: Any) -> rx.Component:
    """Mic while idle, mic-off (red) while listening; a click starts or stops listening."""
    return rx.icon_button(
        rx.cond(
            state.listening,
            rx.icon("mic-off", size=18, aria_hidden="true"),
            rx.icon("mic", size=18, aria_hidden="true"),
        ),
        on_click=state.toggle_speech,
        type="button",
        size="3",
        variant=rx.cond(state.listening, "solid", "soft"),
        color_scheme=rx.cond(state.listening, "red", "gray"),
        aria_label=rx.cond(state.listening, "Stop voice input", "Voice input"),
        aria_pressed=rx.cond(state.listening, "true", "false"),
        **props,
    )
