"""/startup-oracle: success probability, risks, next moves and a solution roadmap for a
business idea (T-ORA-1..5, T-AI-5).

Input panel (idea with voice input, Solve Now, a progress gauge) and a details form; after a
run: prediction card, risks, next moves, Solution Roadmap tabs, a globe with the probability,
the Live Pulse feed and generated content in a dialog. States in `state`, components in
`view` (main column) and `view_side` (side column and the dialog).
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.main_and_side import main_and_side
from startup_toolkit.components.props import SHRINK_TO_FIT
from startup_toolkit.components.reopened_note import reopened_note
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tool_layout import tool_page, tool_route
from startup_toolkit.domain.catalog import STARTUP_ORACLE
from startup_toolkit.pages.oracle.state import OracleState
from startup_toolkit.pages.oracle.view import details_form, input_panel, results
from startup_toolkit.pages.oracle.view_side import content_modal, side_panel


@tool_route(
    STARTUP_ORACLE,
    load=[OracleState.restore, OracleState.reopen, OracleState.welcome],
)
def startup_oracle() -> rx.Component:
    return tool_page(
        STARTUP_ORACLE,
        main_and_side(
            full_width_stack(
                reopened_note(OracleState),
                input_panel(),
                details_form(),
                rx.cond(OracleState.result.is_not_none(), results()),
                min_width="0",
            ),
            rx.box(side_panel(), **SHRINK_TO_FIT),
            side_from="lg",
            spacing="5",
        ),
        content_modal(),
        save_handler=OracleState.save,
        can_save=OracleState.result.is_not_none(),
    )
