"""The microphone button of a page with voice input (a State mixing in `SpeechInputMixin`)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.state.speech import SpeechInputMixin


def voice_mic_button(state: type[SpeechInputMixin], **props: Any) -> rx.Component:
    """Starts listening, or stops; solid red while listening."""
    listening = state.listening
    return rx.icon_button(
        rx.cond(
            listening,
            rx.icon("mic-off", size=18, aria_hidden="true"),
            rx.icon("mic", size=18, aria_hidden="true"),
        ),
        on_click=state.toggle_speech,
        type="button",
        size="3",
        variant=rx.cond(listening, "solid", "soft"),
        color_scheme=rx.cond(listening, "red", "gray"),
        aria_label=rx.cond(listening, "Stop voice input", "Voice input"),
        aria_pressed=rx.cond(listening, "true", "false"),
        **props,
    )
