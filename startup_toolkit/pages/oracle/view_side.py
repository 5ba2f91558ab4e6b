"""The Startup Oracle's side column: the success globe and Live Pulse after a run (T-ORA-3),
the AI Generate panel and the dialog with the generated content (T-ORA-4)."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.panels import modal, muted_text, soft_gray_button
from startup_toolkit.components.props import FILL_COLUMN, INSET_PANEL, SMALL_SOFT_BADGE
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_forms import soft_button
from startup_toolkit.components.tool_layout import section_heading, spread_row, tool_card
from startup_toolkit.domain import oracle_content as content_rules
from startup_toolkit.pages.oracle.state import OracleState
from startup_toolkit.pages.oracle.state_content import OracleContentState
from startup_toolkit.pages.oracle.view import ACCENT, CARD, WRAP_ANYWHERE, band_badge


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
            *[
                rx.box(style={**meridian, "transform": f"scale{axis}({scale})"})
                for axis in "XY"
                for scale in ("0.35", "0.7")
            ],
            rx.text(OracleState.result.probability, "%", size="7", weight="bold", z_index="1"),
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
        background=OracleState.result.globe_ring,
        role="img",
        aria_label=f"Success probability {OracleState.result.probability}%",
        id="oracle-globe",
    )


def _side_card(*children: rx.Component, **props: Any) -> rx.Component:
    return tool_card(*children, style={**CARD, "padding": "1.25rem"}, **props)


def _soft_button(icon: str, label: str, on_click: Any, **props: Any) -> rx.Component:
    return soft_button(icon, label, on_click, icon_size=14, **props)


#: A pulse item's badge colour by its type (a trend: cyan).
_PULSE_COLORS = (("opportunity", "green"), ("risk", "red"))


def _pulse_item(p: rx.Var) -> rx.Component:
    """One Live Pulse entry: its type as a badge, its text and the time it came."""
    return rx.hstack(
        rx.badge(
            p.type,
            color_scheme=rx.match(p.type, *_PULSE_COLORS, "cyan"),
            **SMALL_SOFT_BADGE,
        ),
        rx.text(p.text, size="2", flex="1", style=WRAP_ANYWHERE),
        muted_text(p.time, size="1"),
        spacing="2",
        class_name="oracle-pulse-item",
        **FILL_COLUMN,
    )


def _pulse_card() -> rx.Component:
    return _side_card(
        spread_row(
            section_heading("Live Pulse", "activity", ACCENT, size="3"),
            _soft_button(
                "refresh-cw",
                "Refresh Analysis",
                OracleState.solve,
                disabled=OracleState.running,
                size="1",
            ),
            spacing="2",
        ),
        muted_text("Reminders drawn from your prediction, not live market data.", size="1"),
        rx.cond(OracleState.pulse.length() == 0, muted_text("Watching for signals...")),
        full_width_stack(
            rx.foreach(OracleState.pulse, _pulse_item),
            spacing="2",
            aria_live="polite",
        ),
        id="oracle-pulse",
        on_mount=OracleState.pulse_loop,
        on_unmount=OracleState.stop_pulse,
    )


#: A Generate button: a surface button, its icon and label at the start.
_GENERATE_BUTTON: dict[str, Any] = {"variant": "surface", "size": "2", "type": "button"}


def _generate_button(c: content_rules.ContentKind) -> rx.Component:
    """One kind's Generate button: a spinner instead of its icon while that kind is made."""
    return rx.button(
        rx.cond(
            OracleContentState.generating == c.kind,
            rx.spinner(size="1"),
            rx.icon(c.icon, size=14, aria_hidden="true"),
        ),
        c.button,
        on_click=OracleContentState.generate_content(c.kind),
        disabled=OracleContentState.running,
        style={"justify_content": "flex-start"},
        **_GENERATE_BUTTON,
    )


def _generate_panel() -> rx.Component:
    return _side_card(
        section_heading("AI Generate", "wand-sparkles", ACCENT, size="3"),
        muted_text("Ready-to-use material for your idea."),
        rx.grid(
            *[_generate_button(c) for c in content_rules.CONTENT_KINDS],
            columns="1",
            spacing="2",
            width="100%",
        ),
        id="oracle-generate",
    )


def _globe_card() -> rx.Component:
    return _side_card(
        section_heading("Success globe", "globe", ACCENT, size="3"),
        rx.center(_globe(), width="100%", padding_y="0.5rem"),
        rx.center(rx.badge(OracleState.result.band_label, **band_badge()), width="100%"),
    )


def side_panel() -> rx.Component:
    return full_width_stack(
        rx.cond(
            OracleState.result.is_not_none(),
            full_width_stack(
                _globe_card(),
                _pulse_card(),
            ),
        ),
        _generate_panel(),
    )


#: The generated text's box: a grey panel that scrolls inside itself (focusable for keys).
_TEXT_BOX: dict[str, Any] = {
    "max_height": "55vh",
    "overflow_y": "auto",
    "padding": "1rem",
    **INSET_PANEL,
}


def _content_actions() -> rx.Component:
    """The dialog's buttons at its end: Copy Content, Download and Close; on a phone, one
    full-width button a row (issue 17, item 4: three in a row were cramped at 390 px)."""
    wide = {"width": rx.breakpoints(initial="100%", sm="auto"), "size": "2"}
    return rx.flex(
        _soft_button("copy", "Copy Content", OracleContentState.copy, **wide),
        _soft_button("download", "Download", OracleContentState.download, **wide),
        soft_gray_button("Close", on_click=OracleContentState.close, **wide),
        direction=rx.breakpoints(initial="column", sm="row"),
        spacing="2",
        justify="end",
        width="100%",
        class_name="oracle-content-actions",
    )


def content_modal() -> rx.Component:
    text_style = {"white_space": "pre-wrap", **WRAP_ANYWHERE}
    return modal(
        rx.vstack(
            rx.dialog.title(OracleContentState.content.title, style=heading_style, margin="0"),
            rx.dialog.description(
                "Generated by AI: review before you use it.", color="var(--gray-11)"
            ),
            rx.box(
                rx.text(OracleContentState.content.text, as_="div", size="2", style=text_style),
                width="100%",
                id="oracle-content-text",
                tab_index=0,
                **_TEXT_BOX,
            ),
            _content_actions(),
            spacing="3",
        ),
        opened=OracleContentState.content.is_not_none(),
        on_open_change=OracleContentState.set_dialog_open,
        max_width="720px",
    )
