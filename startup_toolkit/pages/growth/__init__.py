"""/growth-engine: a four-week growth blueprint from a product, its audience and a monthly
budget (T-GROW-1, T-AI-5).

Form -> generating -> result with tabs Growth Blueprint, Trend Radar and Budget Allocation,
plus New Strategy (back to the form, inputs kept) and Download Blueprint (a Markdown file).
The AI run goes through `run_tool` in a background task that takes the tab's state lock only
to write. When the AI cannot answer, the spec's failure toast shows with the built-in sample
strategy, clearly labelled; demo mode shows the same sample.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.tool_layout import result_or_form, result_tool_page, tool_route
from startup_toolkit.domain.catalog import GROWTH_ENGINE
from startup_toolkit.pages.growth.state import GrowthState
from startup_toolkit.pages.growth.view import form, generating, results


@tool_route(
    GROWTH_ENGINE,
    load=[GrowthState.load_idea_choices, GrowthState.reopen],
)
def growth_engine() -> rx.Component:
    return result_tool_page(
        GROWTH_ENGINE,
        GrowthState,
        result_or_form(GrowthState, results(), generating(), form()),
    )
