"""Voice input (T-CHAT-3, T-ORA-5): what the browser's Web Speech API reported, read leniently."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

SPEECH_UNSUPPORTED = "Speech recognition is not supported in your browser"
VOICE_ERROR = "Voice input error"
NO_SPEECH = "No speech was detected. Please try again."
MIC_BLOCKED = "Microphone access was blocked. Allow it in your browser to use voice input."


def speech_problem(error: Any) -> str:
    """A readable reason for a Web Speech API error code."""
    code = error if isinstance(error, str) else ""
    if code in ("not-allowed", "service-not-allowed", "audio-capture"):
        return MIC_BLOCKED
    if code == "no-speech":
        return NO_SPEECH
    if code == "network":
        return "Voice input needs a network connection. Please try again."
    return "Voice input stopped unexpectedly. Please try again."


@dataclass(frozen=True)
class Heard:
    """What listening gave: `text` (maybe empty), or a problem to tell (`problem` is the toast
    title; an empty `detail` means the page's own 'type instead' hint)."""

    text: str = ""
    problem: str = ""
    detail: str = ""
    ok: bool = False  # listening ended normally (even if nothing was heard)


def read_result(result: Any) -> Heard:
    """The browser's `{status, text | error}` object (assets/js/speech.js); anything else is
    nothing heard. An aborted recognition (a newer one started) is not a problem."""
    if not isinstance(result, dict):
        return Heard()
    status = result.get("status")
    if status == "unsupported":
        return Heard(problem=SPEECH_UNSUPPORTED)
    if status == "error":
        if result.get("error") == "aborted":
            return Heard()
        return Heard(problem=VOICE_ERROR, detail=speech_problem(result.get("error")))
    if status != "ok":
        return Heard()
    text = result.get("text")
    return Heard(text=" ".join(text.split()) if isinstance(text, str) else "", ok=True)
