"""Voice input as a Reflex mixin: the microphone button's state and the browser's answer.

The listening itself runs in the browser (assets/js/speech.js, loaded on every page); a page
State mixes this in and says what to do with what was heard (`_heard`) and what to suggest
when the browser cannot listen (`_type_instead`).
"""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain import speech
from startup_toolkit.state import toasts

LISTEN_JS = "window.unstuckSpeech ? window.unstuckSpeech.listen() : ({status: 'unsupported'})"
STOP_JS = "window.unstuckSpeech && window.unstuckSpeech.stop()"


class SpeechInputMixin(rx.State, mixin=True):
    """The microphone button: `toggle_speech`, `listening`, and `speech_result`."""

    listening: bool = False

    @rx.event
    def toggle_speech(self) -> EventSpec:
        """Start listening (the browser's Web Speech API), or stop when already listening."""
        if self.listening:
            self.listening = False
            return rx.call_script(STOP_JS)
        self.listening = True
        return rx.call_script(LISTEN_JS, callback=type(self).speech_result)

    @rx.event
    def speech_result(self, result: Any) -> EventSpec | None:
        """What the browser heard, or why it could not listen."""
        self.listening = False
        heard = speech.read_result(result)
        if heard.problem:
            return toasts.error(heard.problem, description=heard.detail or self._type_instead())
        if not heard.ok:
            return None
        return self._heard(heard.text)

    def _heard(self, text: str) -> EventSpec | None:
        """Use what was heard (it may be empty)."""
        raise NotImplementedError

    def _type_instead(self) -> str:
        """The hint when the browser cannot listen."""
        return "Type instead."
