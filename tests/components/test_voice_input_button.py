"""The shared microphone button (T-ORA-5): bound to its page's voice input state."""

from __future__ import annotations

from startup_toolkit.components.voice_input_button import voice_input_button
from startup_toolkit.pages.oracle.state import OracleState


def test_the_mic_button_toggles_its_states_voice_input_and_says_so() -> None:
    rendered = str(voice_input_button(OracleState, title="Voice input"))
    assert "toggle_speech" in rendered
    assert "Stop voice input" in rendered and "Voice input" in rendered
    assert "LucideMicOff" in rendered and "LucideMic," in rendered
    assert '"aria-pressed"' in rendered and 'title:"Voice input"' in rendered
