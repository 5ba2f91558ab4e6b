"""The Viability Scanner's result: the score ring, verdict and assessment with New Scan and
Share / Export, above the four tabs (T-SCAN-3, T-SCAN-5)."""

from __future__ import annotations

import reflex as rx
from reflex.event import EventHandler

from startup_toolkit.components.button_rows import button_row
from startup_toolkit.components.citations import fallback_note, sources_panel
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import FILL_COLUMN, KEEP_SIZE, MUTED_TEXT, SURFACE_GRAY
from startup_toolkit.components.result_blocks import sample_badge
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_forms import icon_button
from startup_toolkit.components.tool_layout import (
    TOOL_CARD_STYLE,
    tab_list,
    tab_panel,
    tab_triggers,
)
from startup_toolkit.domain import research
from startup_toolkit.domain import scanner as rules
from startup_toolkit.pages.scanner.state import TABS, ScannerState
from startup_toolkit.pages.scanner.view_tabs import (
    action_tab,
    competitors_tab,
    market_tab,
    summary_tab,
)


def _score_ring() -> rx.Component:
    color, score = ScannerState.result.verdict_color, ScannerState.result.score
    return rx.center(
        rx.center(
            rx.vstack(
                rx.text(
                    score,
                    size="9",
                    weight="bold",
                    line_height="1",
                    style=heading_style,
                    class_name="scanner-score",
                ),
                muted_text("/100"),
                spacing="1",
                align="center",
            ),
            width="calc(100% - 20px)",
            height="calc(100% - 20px)",
            border_radius="50%",
            background="var(--color-panel-solid)",
        ),
        width="160px",
        height="160px",
        border_radius="50%",
        **KEEP_SIZE,
        role="img",
        aria_label=f"Viability score {score} out of 100",
        style={
            "background": f"conic-gradient(var(--{color}-9) calc({score} * 3.6deg),"
            " var(--gray-a4) 0deg)"
        },
        class_name="scanner-ring",
    )


def _menu_item(icon: str, label: str, on_select: EventHandler) -> rx.Component:
    return rx.menu.item(rx.icon(icon, size=14, aria_hidden="true"), label, on_select=on_select)


def _share_menu() -> rx.Component:
    return rx.menu.root(
        rx.menu.trigger(
            rx.button(
                rx.icon("share-2", size=16, aria_hidden="true"),
                "Share / Export",
                rx.icon("chevron-down", size=14, aria_hidden="true"),
                variant="soft",
                size="2",
                type="button",
            ),
        ),
        rx.menu.content(
            _menu_item("save", "Save to dashboard", ScannerState.save),
            _menu_item("download", "Download JSON", ScannerState.export),
        ),
    )


def _overview() -> rx.Component:
    return rx.flex(
        _score_ring(),
        rx.vstack(
            rx.hstack(
                rx.badge(
                    ScannerState.result.verdict_label,
                    color_scheme=ScannerState.result.verdict_color,
                    variant="solid",
                    size="3",
                    radius="full",
                    data_band=ScannerState.result.verdict_color,
                    class_name="scanner-verdict",
                ),
                sample_badge(ScannerState.result.sample, rules.SAMPLE_LABEL, "scanner-sample"),
                spacing="2",
                wrap="wrap",
            ),
            rx.heading("Viability Analysis", as_="h2", size="6", style=heading_style),
            rx.text(
                ScannerState.result.assessment,
                size="3",
                class_name="scanner-assessment",
                **MUTED_TEXT,
            ),
            rx.text(
                rx.el.strong("Overall confidence: "),
                ScannerState.result.confidence_note,
                size="2",
                class_name="scanner-confidence",
            ),
            button_row(
                icon_button(
                    "rotate-ccw",
                    "New Scan",
                    ScannerState.new_scan,
                    size="2",
                    **SURFACE_GRAY,
                ),
                _share_menu(),
            ),
            spacing="3",
            **FILL_COLUMN,
        ),
        direction=rx.breakpoints(initial="column", sm="row"),
        align=rx.breakpoints(initial="center", sm="center"),
        spacing="6",
        class_name="scanner-overview",
        style=TOOL_CARD_STYLE,
    )


def _tabs() -> rx.Component:
    """The four tabs, switched in the browser (the server never needs the open one); each
    new result (a new `shown_at`) opens them at Summary again."""
    bodies = {
        "summary": summary_tab(),
        "action": action_tab(),
        "competitors": competitors_tab(),
        "market": market_tab(),
    }
    return rx.tabs.root(
        tab_list(*tab_triggers(TABS)),
        *[tab_panel(tab, bodies[tab]) for tab, _ in TABS],
        default_value=TABS[0][0],
        key=ScannerState.result.shown_at,
        width="100%",
    )


def results() -> rx.Component:
    return full_width_stack(
        _overview(),
        rx.cond(
            (ScannerState.result.research != research.DONE) & ~ScannerState.result.sample,
            fallback_note("scanner-research-note"),
        ),
        _tabs(),
        rx.cond(
            ScannerState.result.research == research.DONE,
            sources_panel(ScannerState.result.sources, "scanner-sources"),
        ),
        spacing="5",
        class_name="scanner-results",
    )
