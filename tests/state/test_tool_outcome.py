"""What the AI tool pages share around a run's outcome (state/tool_outcome): no stand-in for a
refused run (T-FUND-2, T-GROW-1), a notice's toast, and the Save/Download toasts (T-AI-5)."""

from __future__ import annotations

from startup_toolkit.domain.saved_results import NOTHING_TO_SAVE
from startup_toolkit.domain.tool_run import Notice, RunStatus
from startup_toolkit.state.tool_outcome import (
    REFUSED,
    json_download,
    nothing_to_save,
    notice_toast,
    stand_in,
)
from tests.support.events import js


def test_stand_in_after_a_failure_but_not_for_a_refused_run() -> None:
    fallback = stand_in(lambda: "the estimate")
    assert {RunStatus.NO_ACCESS, RunStatus.LIMITED} == REFUSED
    for status in RunStatus:
        expected = None if status in REFUSED else "the estimate"
        assert fallback(status) == expected


def test_notice_toast_shows_the_title_and_detail() -> None:
    toast = js(notice_toast(Notice("Analysis failed", "Try again"), id="probe"))
    assert "Analysis failed" in toast and "Try again" in toast and "probe" in toast
    assert "error" in toast


def test_nothing_to_save_and_json_download() -> None:
    assert NOTHING_TO_SAVE in js(nothing_to_save())
    download = js(json_download('{"a": 1}', "result-1.json"))
    assert "result-1.json" in download and "application/json" in download
