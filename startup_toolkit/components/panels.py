"""Small pieces the tool pages' panels share: an icon-and-label button, a ghost icon button,
a dialog (one its trigger opens) with its header row and 'x', a load-failed and a sample-data
callout, a three-row text area and a tool card with a heading (the Co-Founder's and the
Arena's side cards), muted text and a soft grey button."""

from __future__ import annotations

from typing import Any

import reflex as rx

# The icon-and-label button and the row that stacks on a phone live in buttons.py and props.py
# (tool_layout uses them too); the pages import them from here as before.
from startup_toolkit.components.buttons import icon_text_button as icon_text_button
from startup_toolkit.components.props import MUTED_TEXT, SOFT_GRAY_BUTTON, WIDE_CONTROL
from startup_toolkit.components.props import SPREAD_ROW_FROM_SM as SPREAD_ROW_FROM_SM
from startup_toolkit.components.result_blocks import amber_note
from startup_toolkit.components.tool_layout import section_heading


def ghost_icon_button(icon: str, label: Any, *, icon_size: int = 14, **props: Any) -> rx.Component:
    """A ghost icon-only button named `label`."""
    return rx.icon_button(rx.icon(icon, size=icon_size), variant="ghost", aria_label=label, **props)


def modal(*content: rx.Component, opened: Any, on_open_change: Any, **props: Any) -> rx.Component:
    """A dialog open while `opened`; `props` go to its content box (e.g. max_width, id)."""
    return rx.dialog.root(
        rx.dialog.content(*content, **props), open=opened, on_open_change=on_open_change
    )


def trigger_dialog(trigger: rx.Component, *content: rx.Component, **props: Any) -> rx.Component:
    """A dialog that `trigger` opens, its open flag kept in the browser (`props` go to its
    content box)."""
    return rx.dialog.root(rx.dialog.trigger(trigger), rx.dialog.content(*content, **props))


def dialog_close_x(**props: Any) -> rx.Component:
    """A dialog's 'x' that closes it (props: e.g. its id)."""
    return rx.dialog.close(
        ghost_icon_button("x", "Close", icon_size=16, color_scheme="gray", **props)
    )


def dialog_header(*start: rx.Component, align: str, **close: Any) -> rx.Component:
    """A dialog's top row: `start`, then the 'x' (`close`: its props) at the end."""
    return rx.hstack(*start, rx.spacer(), dialog_close_x(**close), align=align, width="100%")


def load_failed_callout(text: Any) -> rx.Component:
    """A red note across the column: what the page could not load (its list, its library)."""
    return rx.callout(text, icon="triangle-alert", color_scheme="red", width="100%")


def sample_callout(text: str, **props: Any) -> rx.Component:
    """The amber note that what is shown is sample data."""
    return amber_note(text, "info", **props)


def text_box(field_id: str, placeholder: str, rows: str = "3", **props: Any) -> rx.Component:
    """A text area (three rows unless `rows`) as wide as its column that the user can make
    taller."""
    return rx.text_area(
        id=field_id,
        placeholder=placeholder,
        rows=rows,
        resize="vertical",
        **props,
        **WIDE_CONTROL,
    )


def titled_tool_card(
    icon: str,
    title: str,
    *body: rx.Component,
    color: str,
    style: dict[str, Any],
    heading_size: str = "4",
    **props: Any,
) -> rx.Component:
    """A tool card (`style`) opening with `icon` in `color` and `title` as an h2, then `body`
    (0.75rem apart unless `spacing`)."""
    props.setdefault("spacing", "3")
    return rx.vstack(
        section_heading(title, icon, color, size=heading_size), *body, style=style, **props
    )


def name_and_detail(
    name: Any, detail: Any, *, weight: str = "medium", detail_size: str = "1", **props: Any
) -> rx.Component:
    """Two lines of a list entry: `name`, and under it `detail` in small muted text."""
    return rx.box(
        rx.text(name, size="2", weight=weight),
        muted_text(detail, size=detail_size),
        **props,
    )


def muted_text(*children: Any, size: str = "2", **props: Any) -> rx.Component:
    """Secondary text in the muted grey (size 2 unless `size`)."""
    return rx.text(*children, size=size, **MUTED_TEXT, **props)


def soft_gray_button(*children: Any, on_click: Any, **props: Any) -> rx.Component:
    """A secondary button (Close, Load more, View details): soft grey, not a submit."""
    return rx.button(*children, on_click=on_click, **SOFT_GRAY_BUTTON, **props)
