"""The AI Co-Founder's side panel: quick actions, what it can help with, pro tips."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.panels import (
    icon_text_button,
    muted_text,
    name_and_detail,
    titled_tool_card,
)
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tool_layout import tool_card_style
from startup_toolkit.domain import cofounder as chat
from startup_toolkit.pages.cofounder.state import CofounderState

PANEL_STYLE = tool_card_style("1.25rem")
#: A secondary button of the panel: soft, size 2.
SOFT_BUTTON: dict[str, Any] = {"variant": "soft", "size": "2"}
#: A soft button across its card.
WIDE_SOFT_BUTTON: dict[str, Any] = {**SOFT_BUTTON, "width": "100%"}
#: A list without bullets or indent, its items in a grid.
_BARE_GRID: dict[str, Any] = {"margin": "0", "display": "grid"}


def _side_card(icon: str, title: str, *body: rx.Component, **props: Any) -> rx.Component:
    return titled_tool_card(
        icon, title, *body, color="violet", style=PANEL_STYLE, heading_size="3", **props
    )


def _action(icon: str, label: str, on_click: Any, **props: Any) -> rx.Component:
    props.setdefault("color_scheme", "gray")
    return icon_text_button(
        icon, label, on_click=on_click, justify="start", **WIDE_SOFT_BUTTON, **props
    )


def _quick_actions() -> rx.Component:
    return _side_card(
        "zap",
        "Quick actions",
        _action(
            "save",
            "Save Conversation",
            CofounderState.save,
            color_scheme="violet",
            class_name="quick-save",
        ),
        _action("download", "Download Chat", CofounderState.download, class_name="quick-download"),
        _action("trash-2", "Clear Chat", CofounderState.clear_chat, class_name="quick-clear"),
        _action("lightbulb", "Examples", CofounderState.show_examples, class_name="quick-examples"),
        spacing="2",
        class_name="cofounder-quick-actions",
    )


def _feature(feature: chat.Feature) -> rx.Component:
    return rx.hstack(
        rx.icon(feature.icon, size=16, color="var(--violet-11)", aria_hidden="true"),
        name_and_detail(feature.title, feature.description),
        spacing="2",
        align="start",
    )


#: The side panel's lists: (icon, title, class name, the list's own style).
_FEATURES = ("sparkles", "What I can help with", "cofounder-features")
_FEATURE_LIST = {"list_style": "none", "padding": "0", "gap": "0.75rem"}
_TIPS = ("lightbulb", "Pro tips", "cofounder-tips")
_TIP_LIST = {
    "padding_left": "1.1rem",
    "gap": "0.5rem",
    "& li::marker": {"color": "var(--violet-9)"},
}


def _list_card(
    heading: tuple[str, str, str], items: list[rx.Component], list_style: dict[str, Any]
) -> rx.Component:
    """A side card (`heading`: icon, title, class name) holding a list of `items`."""
    icon, title, class_name = heading
    lines = [rx.el.li(item) for item in items]
    return _side_card(
        icon, title, rx.el.ul(*lines, style={**list_style, **_BARE_GRID}), class_name=class_name
    )


def side_panel() -> rx.Component:
    return full_width_stack(
        _quick_actions(),
        _list_card(_FEATURES, [_feature(f) for f in chat.FEATURES], _FEATURE_LIST),
        _list_card(_TIPS, [muted_text(tip) for tip in chat.PRO_TIPS], _TIP_LIST),
    )
