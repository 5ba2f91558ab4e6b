"""The layout every tool page shares (T-AI-5, P-MISC-5, P-BILL-3).

    tool_page(ORACLE, *body, save_handler=OracleState.save, can_save=OracleState.has_result)

renders the tool's icon, title and tagline, an 'Upgrade to Elite' button (a toast with the
$19/month Elite plan whose action shows 'Coming soon'), a 'Save Results' button (disabled with
the tooltip 'Run the tool first' until `can_save`), the demo-mode banner when no AI key is
configured, the page body, and the AI disclaimer at the bottom.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.allowance_bar import allowance_bar
from startup_toolkit.components.app_page import app_route
from startup_toolkit.components.buttons import icon_text_button
from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.line_stack import line_stack
from startup_toolkit.components.page_route import page_route
from startup_toolkit.components.props import (
    KEEP_SIZE,
    MUTED_TEXT,
    SECTION_FOOTER,
    SPREAD_ROW,
    SPREAD_ROW_FROM_SM,
    SURFACE_GRAY,
)
from startup_toolkit.components.reopened_note import reopened_note
from startup_toolkit.components.result_blocks import amber_note, tile
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tooltip import delayed_tooltip
from startup_toolkit.domain.catalog import TOOL_EXPLORER_PATH, Tool
from startup_toolkit.state import toasts
from startup_toolkit.state.tools import ToolPageState

DISCLAIMER = "AI-generated results may vary. Please do your own research before making decisions."
DEMO_BANNER = "Demo mode: sample results. Set AI_API_KEY to enable real AI."
UPGRADE_LABEL = "Upgrade to Elite"
UPGRADE_TITLE = "Upgrade to Elite"
UPGRADE_DESCRIPTION = (
    "Unlimited analyses, priority AI and advanced exports for $19/month with the Elite plan."
)
UPGRADE_ACTION = "Upgrade now"
COMING_SOON = "Coming soon"
COMING_SOON_DESCRIPTION = "The Elite plan is not available yet. We'll let you know."
SAVE_LABEL = "Save Results"
SAVE_DISABLED_HINT = "Run the tool first"
UPGRADE_TOAST_ID = "upgrade-elite"
COMING_SOON_TOAST_ID = "upgrade-elite-coming-soon"

# The panels of a tool page's body. `tool_card_style("1rem")` is the compact card; keyword
# arguments add or override properties (e.g. `tool_card_style(min_width="0")`).
TOOL_CARD_STYLE: dict[str, Any] = {
    "background": "var(--gray-a2)",
    "border": "1px solid var(--gray-a4)",
    "border_radius": "var(--radius-5)",
    "padding": "1.5rem",
    "width": "100%",
}


def tool_card_style(padding: Any = "1.5rem", **extra: Any) -> dict[str, Any]:
    """TOOL_CARD_STYLE with another padding and/or further properties."""
    return {**TOOL_CARD_STYLE, "padding": padding, **extra}


COMPACT_TOOL_CARD_STYLE = tool_card_style("1rem")


def tool_card(
    *children: rx.Component,
    spacing: str = "3",
    align: str = "start",
    style: dict[str, Any] = TOOL_CARD_STYLE,
    **props: Any,
) -> rx.Component:
    """A panel of a tool page's body: `children` stacked in a card (`style`)."""
    return rx.vstack(*children, spacing=spacing, align=align, style=style, **props)


def spread_row(*children: rx.Component, spacing: str = "3", **props: Any) -> rx.Component:
    """A full-width row with its children pushed to both ends, wrapping on a phone."""
    return rx.flex(*children, spacing=spacing, wrap="wrap", **SPREAD_ROW, **props)


def section_heading(
    text: str | rx.Var[str], icon: str, color: str, *, size: str = "4", fixed_icon: bool = False
) -> rx.Component:
    """A card's h2: `icon` in the tool's colour (a Radix colour name such as "violet") and
    `text`. `fixed_icon` keeps the icon from shrinking beside a long heading."""
    icon_props: dict[str, Any] = KEEP_SIZE if fixed_icon else {}
    return icon_row(
        rx.icon(icon, size=18, color=f"var(--{color}-11)", aria_hidden="true", **icon_props),
        rx.heading(text, as_="h2", size=size, style=heading_style),
    )


def field_label(text: str, field_id: str, *children: rx.Component) -> rx.Component:
    """A form field's label (`children` follow the text, e.g. a required-marker)."""
    return rx.el.label(text, *children, html_for=field_id, font_weight="500", font_size="14px")


def aria_invalid(errors: Any, name: str) -> rx.Var:
    """'true' while the state's `errors` dict var holds a message for field `name`."""
    return rx.cond(errors.contains(name), "true", "false")


def field_error(
    errors: Any, name: str, element_id: str, color: str = "var(--red-11)", **props: Any
) -> rx.Component:
    """The inline message under field `name`, shown while the state's `errors` dict var
    holds one."""
    return rx.cond(
        errors.contains(name),
        rx.text(errors[name], id=element_id, size="1", color=color, **props),
    )


def tab_list(*triggers: rx.Component, **props: Any) -> rx.Component:
    """A tab bar that fits a phone: smaller triggers below `sm`, and when they still do not
    fit, the bar scrolls sideways from its first tab instead of cutting it off."""
    return rx.tabs.list(
        *triggers,
        size=rx.breakpoints(initial="1", sm="2"),
        style={
            "overflow_x": "auto",
            "overflow_y": "hidden",
            "flex_wrap": "nowrap",
            "max_width": "100%",
            "justify_content": "flex-start",
            # A trigger keeps its label on one line (issue 17, item 11: "Arena Feed" broke
            # in two at 390 px); the bar scrolls instead.
            "& [role=tab]": {"white_space": "nowrap", "flex_shrink": "0"},
        },
        **props,
    )


def tab_triggers(tabs: Sequence[tuple[str, str]]) -> list[rx.Component]:
    """A trigger for each (value, label) of `tabs`."""
    return [rx.tabs.trigger(label, value=value) for value, label in tabs]


def tab_panel(value: str, body: rx.Component, padding_top: str = "1rem") -> rx.Component:
    """The content of tab `value`, a little below the tab bar."""
    return rx.tabs.content(rx.box(body, padding_top=padding_top), value=value)


def tool_tabs(
    bar: rx.Component, *panels: rx.Component, value: rx.Var[str], on_change: Any
) -> rx.Component:
    """Full-width tabs: the `bar` (e.g. `tab_list(...)`) above the `panels`, the open one
    `value`."""
    return rx.tabs.root(bar, *panels, value=value, on_change=on_change, width="100%")


def elapsed_label(seconds: rx.Var, element_id: str) -> rx.Component:
    """'Working for 12 s': honest progress while the AI works (no invented percentages)."""
    return rx.cond(
        seconds > 0,
        rx.text("Working for ", seconds, " s", size="1", color="var(--gray-10)", id=element_id),
    )


def tool_route(
    tool: Tool, *, description: str = "", load: Any = None, on_load: Any = None
) -> Callable[[Callable[..., rx.Component]], Callable[..., rx.Component]]:
    """The page decorator of a tool page (`app_route`): its path, '<name> | Unstuck',
    its description, and on load the sign-in/subscription check, then the page's `load`
    handlers (unless `on_load` replaces them all)."""
    description = description or tool.description
    if on_load is not None:
        return page_route(tool.path, tool.name, description, on_load=on_load)
    return app_route(tool.path, tool.name, description, load)


def coming_soon_toast() -> EventSpec:
    """P-BILL-3: what clicking the upgrade toast's action shows."""
    return toasts.info(COMING_SOON, description=COMING_SOON_DESCRIPTION, id=COMING_SOON_TOAST_ID)


def upgrade_toast() -> EventSpec:
    """P-BILL-3: the Elite plan at $19/month, with an action that shows 'Coming soon'.

    Both toasts run in the browser (sonner's action button queues the second one): no
    round trip to the server."""
    return rx.toast(
        UPGRADE_TITLE,
        description=UPGRADE_DESCRIPTION,
        action={"label": UPGRADE_ACTION, "on_click": coming_soon_toast()},
        id=UPGRADE_TOAST_ID,
        duration=10_000,
    )


def tool_icon(tool: Tool, size: str = "3rem", icon_size: int = 24) -> rx.Component:
    """The tool's icon on a tile in its colour."""
    return tile(
        rx.icon(tool.icon, size=icon_size, color=f"var(--{tool.color}-11)", aria_hidden="true"),
        size,
        "var(--radius-4)",
        f"linear-gradient(135deg, var(--{tool.color}-a5), var(--{tool.color}-a2))",
        border=f"1px solid var(--{tool.color}-a6)",
        box_shadow="inset 0 1px 0 var(--white-a3)",
    )


def ai_disclaimer() -> rx.Component:
    """P-MISC-5: shown at the bottom of every tool page."""
    return icon_row(
        rx.icon("info", size=16, color="var(--gray-10)", aria_hidden="true", **KEEP_SIZE),
        rx.text(DISCLAIMER, size="2", **MUTED_TEXT),
        justify="center",
        class_name="ai-disclaimer",
        role="note",
        **SECTION_FOOTER,
    )


def demo_banner() -> rx.Component:
    """Shown while no AI key is configured (tools then show their built-in samples)."""
    return rx.cond(
        ToolPageState.demo_mode,
        amber_note(
            DEMO_BANNER, "flask-conical", variant="surface", width="100%", class_name="demo-banner"
        ),
    )


def upgrade_button() -> rx.Component:
    return icon_text_button(
        "crown",
        UPGRADE_LABEL,
        on_click=upgrade_toast(),
        variant="soft",
        color_scheme="amber",
        size="2",
        class_name="upgrade-elite",
    )


#: Both states of 'Save Results' (a plain button, not a submit).
_SAVE_BUTTON: dict[str, Any] = {"size": "2", "class_name": "save-results"}


def save_button(save_handler: Any, can_save: rx.Var[bool] | None = None) -> rx.Component:
    """'Save Results': calls the page's handler; until `can_save` it is disabled
    (aria-disabled, so keyboard users still reach it) with the tooltip 'Run the tool first'."""
    enabled = icon_text_button("save", SAVE_LABEL, on_click=save_handler, **_SAVE_BUTTON)
    if can_save is None:
        return enabled
    disabled = delayed_tooltip(
        icon_text_button(
            "save",
            SAVE_LABEL,
            aria_disabled="true",
            aria_description=SAVE_DISABLED_HINT,
            style={"opacity": "0.6", "cursor": "not-allowed"},
            **SURFACE_GRAY,
            **_SAVE_BUTTON,
        ),
        SAVE_DISABLED_HINT,
    )
    return rx.cond(can_save, enabled, disabled)


def tool_header(
    tool: Tool, save_handler: Any = None, can_save: rx.Var[bool] | None = None
) -> rx.Component:
    actions = [upgrade_button()]
    if save_handler is not None:
        actions.append(save_button(save_handler, can_save))
    return full_width_stack(
        rx.link(
            icon_row(rx.icon("arrow-left", size=14, aria_hidden="true"), "All tools", spacing="1"),
            href=TOOL_EXPLORER_PATH,
            size="2",
            color_scheme="gray",
            underline="hover",
        ),
        rx.flex(
            rx.hstack(
                tool_icon(tool),
                line_stack(
                    rx.heading(tool.name, as_="h1", size="7", style=heading_style),
                    rx.text(tool.tagline, size="3", **MUTED_TEXT),
                ),
                spacing="4",
                align="center",
            ),
            rx.hstack(*actions, spacing="2", wrap="wrap", class_name="tool-actions"),
            spacing="4",
            **SPREAD_ROW_FROM_SM,
        ),
        spacing="3",
        class_name="tool-header",
    )


def tool_page(
    tool: Tool,
    *body: rx.Component,
    save_handler: Any = None,
    can_save: rx.Var[bool] | None = None,
    uses_ai: bool = True,
) -> rx.Component:
    """A whole tool page: header (title, tagline, icon, Upgrade to Elite, Save Results),
    demo banner and today's AI allowance (for tools that call the AI), `body`, disclaimer."""
    return page_layout(
        section(
            full_width_stack(
                tool_header(tool, save_handler, can_save),
                demo_banner() if uses_ai else rx.fragment(),
                allowance_bar() if uses_ai else rx.fragment(),
                rx.box(*body, width="100%", class_name="tool-body"),
                spacing="5",
            ),
            ai_disclaimer(),
            padding_y=["1.5rem", "2rem", "2.5rem"],
            class_name=f"tool-page tool-page-{tool.slug}",
        )
    )


def result_tool_page(tool: Tool, state: Any, *body: rx.Component) -> rx.Component:
    """A tool page whose `state` (a `ShownResultMixin` one) shows one result: the note of a
    reopened result above `body`, and Save Results while a result is on screen."""
    return tool_page(
        tool,
        reopened_note(state),
        *body,
        save_handler=state.save,
        can_save=state.result.is_not_none(),
    )


def result_or_form(
    state: Any,
    results: rx.Component,
    working: rx.Component,
    form: rx.Component,
    *,
    error: rx.Component | None = None,
) -> rx.Component:
    """The body of a tool with one result: `results` once shown; else `error` (when given)
    while `state.error` holds a message; else `working` while it runs; else the `form`."""
    before = rx.cond(state.running, working, form)
    if error is not None:
        before = rx.cond(state.error != "", error, before)
    return rx.cond(state.result.is_not_none(), results, before)
