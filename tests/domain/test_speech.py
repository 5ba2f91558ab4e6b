"""Voice input (T-CHAT-3, T-ORA-5): the spec's texts, readable reasons for the browser's error
codes, and what the browser's answer is read as."""

from __future__ import annotations

import pytest

from startup_toolkit.domain import speech


def test_t_chat_3_spec_texts() -> None:
    assert speech.SPEECH_UNSUPPORTED == "Speech recognition is not supported in your browser"
    assert speech.VOICE_ERROR == "Voice input error"


@pytest.mark.parametrize(
    ("code", "text"),
    [
        ("not-allowed", speech.MIC_BLOCKED),
        ("audio-capture", speech.MIC_BLOCKED),
        ("no-speech", speech.NO_SPEECH),
        ("network", "Voice input needs a network connection. Please try again."),
        ("weird", "Voice input stopped unexpectedly. Please try again."),
        (None, "Voice input stopped unexpectedly. Please try again."),
    ],
)
def test_t_chat_3_speech_errors_are_readable(code: object, text: str) -> None:
    assert speech.speech_problem(code) == text


def test_t_chat_3_the_browsers_answer() -> None:
    assert speech.read_result({"status": "ok", "text": "  grow   faster "}) == speech.Heard(
        text="grow faster", ok=True
    )
    assert speech.read_result({"status": "ok", "text": 5}) == speech.Heard(ok=True)
    assert speech.read_result({"status": "unsupported"}) == speech.Heard(
        problem=speech.SPEECH_UNSUPPORTED
    )
    assert speech.read_result({"status": "error", "error": "no-speech"}) == speech.Heard(
        problem=speech.VOICE_ERROR, detail=speech.NO_SPEECH
    )
    # A newer recognition aborted this one: nothing to tell.
    assert speech.read_result({"status": "error", "error": "aborted"}) == speech.Heard()
    for junk in (None, "text", 3, ["x"], {"status": "maybe"}):
        assert speech.read_result(junk) == speech.Heard()
