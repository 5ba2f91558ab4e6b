"""The shared idea field (T-SCAN-1, T-IDEA-1): label, text area, the note it is described by,
and the counter that turns red when the idea is too long."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.idea_field import IDEA_LABEL, idea_field
from tests.state.test_idea_input import _IdeaProbe


def test_idea_field_labels_the_text_area_and_shows_the_note_and_the_counter() -> None:
    parts = idea_field(
        _IdeaProbe,
        field_id="probe-idea",
        intro="Tell us more.",
        placeholder="e.g. an idea",
        rows="5",
        described_by="probe-note",
        note=rx.text("A note", id="probe-note"),
        counter_class="probe-counter",
    )
    assert len(parts) == 4
    html = str(rx.vstack(*parts))
    assert IDEA_LABEL in html and 'htmlFor:"probe-idea"' in html and "Tell us more." in html
    assert 'id:"probe-idea"' in html and 'rows:"5"' in html and "e.g. an idea" in html
    assert '"aria-describedby":"probe-note"' in html and "A note" in html
    assert "probe-counter" in html and "toLocaleString" in html and " / 5,000" in html
    assert "var(--red-11)" in html
    assert "set_idea" in html
