"""/funding-predictor: how fundable a startup is today, from its metrics (T-FUND-1, T-FUND-2,
T-AI-5).

Tabs Input Metrics and Prediction Results; Prediction Results stays disabled until there is a
result, and going back to Input Metrics clears it (spec). While the prediction runs, the phase
label advances with the elapsed time (Collecting Data, Analyzing Market, Modeling Financials,
Generating Prediction). The AI run goes through `run_tool` in a background task that takes the
tab's state lock only to write. When the AI cannot answer (or in demo mode) the page shows the
estimated analysis, computed from the founder's own numbers and labelled as such, with the
spec's toast.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.tool_layout import (
    result_tool_page,
    tab_panel,
    tool_route,
    tool_tabs,
)
from startup_toolkit.domain.catalog import FUNDING_PREDICTOR
from startup_toolkit.pages.funding.state import FundingState
from startup_toolkit.pages.funding.view import input_form, processing, results


@tool_route(
    FUNDING_PREDICTOR,
    load=[FundingState.load_idea_choices, FundingState.reopen],
)
def funding_predictor() -> rx.Component:
    return result_tool_page(
        FUNDING_PREDICTOR,
        FundingState,
        tool_tabs(
            rx.tabs.list(
                rx.tabs.trigger("Input Metrics", value="input"),
                rx.tabs.trigger(
                    "Prediction Results", value="results", disabled=FundingState.result.is_none()
                ),
            ),
            tab_panel(
                "input",
                rx.cond(FundingState.running, processing(), input_form()),
                padding_top="1.25rem",
            ),
            tab_panel(
                "results",
                rx.cond(FundingState.result.is_not_none(), results()),
                padding_top="1.25rem",
            ),
            # The open tab follows the result; Input Metrics clears it on the server.
            value=rx.cond(FundingState.result.is_not_none(), "results", "input"),
            on_change=FundingState.set_tab,
        ),
    )
