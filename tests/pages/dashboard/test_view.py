"""The dashboard's view parts that depend on what was loaded (issue 28)."""

from __future__ import annotations

from startup_toolkit.pages.dashboard.state import DashboardState, DashboardView
from startup_toolkit.pages.dashboard.view_lists import notifications_section
from tests.components.first_paint import painted_texts

NOTE = {"id": "1", "message": "Welcome", "type": "info", "read": "", "when": "Just now", "at": ""}


def _said(view: DashboardView) -> set[str]:
    return painted_texts(notifications_section(), {DashboardState.view: view}, strict=False)


def test_p_dash_8_mark_all_read_only_with_notifications_to_mark() -> None:
    """Issue 28, item 11: no 'Mark all read' over an empty list (or while loading); with
    notifications it is there ('No notifications to clear' once all are read, P-DASH-8)."""
    assert "Mark all read" not in _said(DashboardView())
    assert "No notifications." in _said(DashboardView())
    assert "Mark all read" in _said(DashboardView(notifications=[NOTE], unread=1))
    assert "Mark all read" in _said(DashboardView(notifications=[{**NOTE, "read": "1"}]))
