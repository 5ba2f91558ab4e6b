"""What a funding result rests on (issue 17, item 5): market potential as a gauge, and the
founder's numbers scored against the stage's benchmarks, the strongest and weakest named, with
a caution where the headline and the market potential seem to disagree. Beside the AI's
prediction the card is the app's own reading of the inputs, and says so (issue 28, item 4)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.charts import chart_figure, fill_pie
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.result_blocks import amber_note
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tool_layout import section_heading, tool_card
from startup_toolkit.domain.catalog import FUNDING_PREDICTOR
from startup_toolkit.domain.funding_estimate import Factor
from startup_toolkit.pages.funding.state import FundingState

ACCENT = FUNDING_PREDICTOR.color


def market_gauge() -> rx.Component:
    """A half-circle gauge of the market potential, its score under the arc."""
    potential = FundingState.result.market_potential
    data = FundingState.result.gauge.to(list[dict[str, Any]])  # recharts reads plain objects
    return rx.box(
        chart_figure(
            fill_pie(
                data,
                "value",
                90,
                margin={"top": 0, "right": 0, "bottom": 0, "left": 0},
                start_angle=180,
                end_angle=0,
                cy="100%",
                inner_radius="70%",
                outer_radius="100%",
                stroke="none",
            ),
            "Market potential " + potential.to_string() + " out of 100",
            width="100%",
        ),
        rx.text(
            potential.to_string(),
            "/100",
            size="4",
            weight="bold",
            id="funding-market-potential",
            text_align="center",
            margin_top="-1.6rem",
        ),
        width="100%",
        max_width="12rem",
        class_name="funding-gauge",
    )


def _factor(row: rx.Var[Factor]) -> rx.Component:
    return full_width_stack(
        rx.hstack(
            rx.text(row.name, size="2", weight="medium"),
            rx.spacer(),
            rx.text(row.points, "/", row.most, size="2", weight="bold"),
            width="100%",
        ),
        rx.progress(value=row.points, max=row.most, size="2", aria_label=row.name),
        muted_text(row.note, size="1"),
        spacing="1",
        class_name="funding-factor",
    )


def drivers_card() -> rx.Component:
    """The founder's numbers scored by the app's rules: what drove the estimate, or beside
    the AI's prediction, the app's own reading of the inputs (issue 28, item 4)."""
    return tool_card(
        section_heading(FundingState.result.drivers_title, "scale", ACCENT),
        rx.cond(
            FundingState.result.inputs_line != "",
            rx.text(FundingState.result.inputs_line, size="2", id="funding-inputs-line"),
        ),
        rx.cond(
            FundingState.result.drivers_caution != "",
            amber_note(
                FundingState.result.drivers_caution,
                "triangle-alert",
                width="100%",
                id="funding-caution",
            ),
        ),
        rx.text(
            "Your numbers against what investors expect at this stage. ",
            FundingState.result.drivers_summary,
            size="2",
            id="funding-drivers",
        ),
        rx.grid(
            rx.foreach(FundingState.result.factors, _factor),
            columns=rx.breakpoints(initial="1", sm="2", lg="3"),
            gap="1rem",
            width="100%",
        ),
        id="funding-drivers-card",
    )
