"""The Startup Oracle's side column: the success globe and Live Pulse after a run (T-ORA-3),
the AI Generate panel and the dialog with the generated content (T-ORA-4)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_forms import soft_button
from startup_toolkit.components.tool_layout import section_heading, tool_card
from startup_toolkit.domain import oracle_content as content_rules
from startup_toolkit.pages.oracle.state import OracleState
from startup_toolkit.pages.oracle.state_content import OracleContentState
from startup_toolkit.pages.oracle.view import ACCENT, CARD


def _globe() -> rx.Component:
    """A CSS globe inside a ring filled to the probability (no images)."""
    meridian = {
        "position": "absolute",
        "inset": "0",
        "border_radius": "50%",
        "border": "1px solid var(--cyan-a6)",
    }
    return rx.center(
        rx.center(
            rx.box(style={**meridian, "transform": "scaleX(0.35)"}),
            rx.box(style={**meridian, "transform": "scaleX(0.7)"}),
            rx.box(style={**meridian, "transform": "scaleY(0.35)"}),
            rx.box(style={**meridian, "transform": "scaleY(0.7)"}),
            rx.text(OracleState.probability, "%", size="7", weight="bold", z_index="1"),
            position="relative",
            width="132px",
            height="132px",
            border_radius="50%",
            overflow="hidden",
            background="radial-gradient(circle at 35% 30%, var(--cyan-a7), var(--cyan-a3) 55%, "
            "var(--gray-2) 100%)",
        ),
        width="160px",
        height="160px",
        border_radius="50%",
        background=OracleState.globe_ring,
        role="img",
        aria_label=f"Success probability {OracleState.probability}%",
        id="oracle-globe",
    )


def _side_card(*children: rx.Component, **props: Any) -> rx.Component:
    return tool_card(*children, style={**CARD, "padding": "1.25rem"}, **props)


def _soft_button(icon: str, label: str, on_click: Any, **props: Any) -> rx.Component:
    return soft_button(icon, label, on_click, icon_size=14, **props)


def _pulse_card() -> rx.Component:
    return _side_card(
        rx.flex(
            section_heading("Live Pulse", "activity", ACCENT, size="3"),
            _soft_button(
                "refresh-cw",
                "Refresh Analysis",
                OracleState.solve,
                disabled=OracleState.running,
                size="1",
            ),
            justify="between",
            align="center",
            spacing="2",
            wrap="wrap",
            width="100%",
        ),
        rx.text(
            "Reminders drawn from your prediction, not live market data.",
            size="1",
            color="var(--gray-11)",
        ),
        rx.cond(
            OracleState.pulse.length() == 0,
            rx.text("Watching for signals...", size="2", color="var(--gray-11)"),
        ),
        rx.vstack(
            rx.foreach(
                OracleState.pulse,
                lambda p: rx.hstack(
                    rx.badge(
                        p.type,
                        color_scheme=rx.match(
                            p.type, ("opportunity", "green"), ("risk", "red"), "cyan"
                        ),
                        variant="soft",
                        size="1",
                    ),
                    rx.text(p.text, size="2", flex="1", style={"overflow_wrap": "anywhere"}),
                    rx.text(p.time, size="1", color="var(--gray-11)"),
                    spacing="2",
                    align="start",
                    width="100%",
                    class_name="oracle-pulse-item",
                ),
            ),
            spacing="2",
            width="100%",
            aria_live="polite",
        ),
        id="oracle-pulse",
        on_mount=OracleState.pulse_loop,
        on_unmount=OracleState.stop_pulse,
    )


def _generate_panel() -> rx.Component:
    return _side_card(
        section_heading("AI Generate", "wand-sparkles", ACCENT, size="3"),
        rx.text("Ready-to-use material for your idea.", size="2", color="var(--gray-11)"),
        rx.grid(
            *[
                rx.button(
                    rx.cond(
                        OracleContentState.generating == c.kind,
                        rx.spinner(size="1"),
                        rx.icon(c.icon, size=14, aria_hidden="true"),
                    ),
                    c.button,
                    on_click=OracleContentState.generate_content(c.kind),
                    disabled=OracleContentState.running,
                    variant="surface",
                    size="2",
                    type="button",
                    style={"justify_content": "flex-start"},
                )
                for c in content_rules.CONTENT_KINDS
            ],
            columns="1",
            spacing="2",
            width="100%",
        ),
        id="oracle-generate",
    )


def side_panel() -> rx.Component:
    return rx.vstack(
        rx.cond(
            OracleState.has_result,
            rx.vstack(
                _side_card(
                    section_heading("Success globe", "globe", ACCENT, size="3"),
                    rx.center(_globe(), width="100%", padding_y="0.5rem"),
                    rx.center(
                        rx.badge(
                            OracleState.band_label, color_scheme=OracleState.band_color, size="2"
                        ),
                        width="100%",
                    ),
                ),
                _pulse_card(),
                spacing="4",
                width="100%",
            ),
        ),
        _generate_panel(),
        spacing="4",
        width="100%",
    )


def content_modal() -> rx.Component:
    return rx.dialog.root(
        rx.dialog.content(
            rx.vstack(
                rx.dialog.title(OracleContentState.title, style=heading_style, margin="0"),
                rx.dialog.description(
                    "Generated by AI: review before you use it.", color="var(--gray-11)"
                ),
                rx.box(
                    rx.text(
                        OracleContentState.text,
                        as_="div",
                        size="2",
                        style={"white_space": "pre-wrap", "overflow_wrap": "anywhere"},
                    ),
                    max_height="55vh",
                    overflow_y="auto",
                    width="100%",
                    padding="1rem",
                    background="var(--gray-a3)",
                    border_radius="var(--radius-3)",
                    id="oracle-content-text",
                    tab_index=0,
                ),
                rx.flex(
                    _soft_button("copy", "Copy Content", OracleContentState.copy),
                    _soft_button("download", "Download", OracleContentState.download),
                    rx.button(
                        "Close",
                        on_click=OracleContentState.close,
                        variant="soft",
                        color_scheme="gray",
                        type="button",
                    ),
                    spacing="2",
                    justify="end",
                    wrap="wrap",
                    width="100%",
                ),
                spacing="3",
            ),
            max_width="720px",
        ),
        open=OracleContentState.dialog_open,
        on_open_change=OracleContentState.set_dialog_open,
    )
