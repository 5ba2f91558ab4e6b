"""The 'AI at work' panel (T-IDEA-1): a status card with a spinner, its heading and detail,
and the seconds the run has taken so far."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.working_panel import working_panel


def test_working_panel_is_a_busy_status_with_the_elapsed_seconds() -> None:
    html = str(
        working_panel(
            "Analysing your idea",
            "This usually takes 10 to 30 seconds.",
            rx.Var.create(3),
            panel_id="probe-working",
            elapsed_id="probe-elapsed",
        )
    )
    assert 'role:"status"' in html and '"aria-busy":"true"' in html
    assert 'id:"probe-working"' in html and 'id:"probe-elapsed"' in html
    assert "Analysing your idea" in html and 'as:"h2"' in html and "Working for " in html
    assert "RadixThemesSpinner" in html
