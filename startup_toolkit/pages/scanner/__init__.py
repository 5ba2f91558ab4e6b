"""/startup-viability-scanner: the Genesis Engine scores an idea before it is built
(T-SCAN-1..5, T-AI-5, P-MISC-5).

The form, then the progress while the scan runs, then the result or the error panel; the
state (`state.py`) runs the scan through the shared tool-run use case.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.tool_layout import result_or_form, result_tool_page, tool_route
from startup_toolkit.domain.catalog import VIABILITY_SCANNER
from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.pages.scanner.view import error_panel, idea_form, processing
from startup_toolkit.pages.scanner.view_results import results


@tool_route(
    VIABILITY_SCANNER,
    description="Score your startup idea on problem, market, risk, monetization and founder "
    "fit before you build.",
    load=[ScannerState.load_idea_choices, ScannerState.reopen],
)
def scanner_page() -> rx.Component:
    return result_tool_page(
        VIABILITY_SCANNER,
        ScannerState,
        result_or_form(ScannerState, results(), processing(), idea_form(), error=error_panel()),
    )
