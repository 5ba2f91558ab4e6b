"""/idea-incubator: a professional analysis of an idea, then a stress test (T-IDEA-1, T-AI-5).

Tabs Idea Input, Analysis Results (disabled until an analysis exists) and Stress Test
(disabled until a stress test exists); clicking Idea Input resets both results. Without an AI
key (demo mode) a short delay ends in the built-in samples, clearly labelled.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.reopened_note import reopened_note
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tool_layout import (
    tab_list,
    tab_panel,
    tool_page,
    tool_route,
    tool_tabs,
)
from startup_toolkit.domain.catalog import IDEA_INCUBATOR
from startup_toolkit.pages.incubator.state import ANALYSIS, STRESS, IncubatorState
from startup_toolkit.pages.incubator.view import error_panel, idea_form, processing, working
from startup_toolkit.pages.incubator.view_results import analysis_results, stress_results


def _tab(value: str, body: rx.Component) -> rx.Component:
    return tab_panel(value, body, padding_top="1.25rem")


@tool_route(
    IDEA_INCUBATOR,
    load=[IncubatorState.load_idea_choices, IncubatorState.reopen],
)
def idea_incubator() -> rx.Component:
    return tool_page(
        IDEA_INCUBATOR,
        reopened_note(IncubatorState),
        tool_tabs(
            tab_list(
                rx.tabs.trigger("Idea Input", value="input"),
                rx.tabs.trigger(
                    "Analysis Results", value="analysis", disabled=IncubatorState.analysis.is_none()
                ),
                rx.tabs.trigger(
                    "Stress Test", value="stress", disabled=IncubatorState.stress.is_none()
                ),
            ),
            _tab(
                "input",
                rx.cond(
                    working(ANALYSIS),
                    processing(),
                    rx.cond(
                        IncubatorState.failure.kind == ANALYSIS, error_panel(ANALYSIS), idea_form()
                    ),
                ),
            ),
            _tab(
                "analysis",
                rx.cond(
                    IncubatorState.analysis.is_not_none(),
                    full_width_stack(
                        rx.cond(IncubatorState.failure.kind == STRESS, error_panel(STRESS)),
                        analysis_results(),
                    ),
                ),
            ),
            _tab("stress", rx.cond(IncubatorState.stress.is_not_none(), stress_results())),
            value=IncubatorState.tab,
            on_change=IncubatorState.set_tab,
        ),
        save_handler=IncubatorState.save,
        can_save=IncubatorState.analysis.is_not_none(),
    )
