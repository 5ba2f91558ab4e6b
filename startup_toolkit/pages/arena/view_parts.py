"""The Arena's building blocks: its cards, columns, avatars and busy buttons."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.panels import (
    muted_text,
    name_and_detail,
    sample_callout,
    titled_tool_card,
)
from startup_toolkit.components.props import KEEP_SIZE, SHRINK_TO_FIT
from startup_toolkit.components.result_blocks import card_grid
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.tool_layout import spread_row, tool_card_style
from startup_toolkit.domain import arena as rules
from startup_toolkit.domain.catalog import STARTUP_ARENA
from startup_toolkit.pages.arena.state import ArenaState

ACCENT = STARTUP_ARENA.color
CARD = tool_card_style(min_width="0")
SMALL_CARD = tool_card_style("1rem", min_width="0")
MUTED = "var(--gray-11)"

#: The founder is in the Arena (the view read has their entry).
JOINED = ArenaState.view.entry.length() > 0
#: Sample entrants and posts show while few founders have entered (`ArenaView.show_samples`).
SHOW_SAMPLES = ArenaState.view.entered < rules.SAMPLE_THRESHOLD


def avatar(text: Any, size: str = "2.5rem") -> rx.Component:
    return rx.center(
        rx.text(text, weight="bold", size="2"),
        width=size,
        height=size,
        border_radius="var(--radius-4)",
        background=f"var(--{ACCENT}-a3)",
        color=f"var(--{ACCENT}-11)",
        aria_hidden="true",
        **KEEP_SIZE,
    )


def shared_notice() -> rx.Component:
    """What the founder shares, and with whom."""
    return rx.callout(
        rules.SHARED_NOTICE,
        icon="users",
        color_scheme=ACCENT,
        variant="surface",
        size="1",
        width="100%",
        id="arena-shared",
    )


def samples_notice() -> rx.Component:
    return sample_callout(rules.SAMPLES_NOTICE, width="100%", id="arena-samples-note")


def sample_badge() -> rx.Component:
    return rx.badge("Sample", color_scheme="amber", variant="soft", class_name="arena-sample")


def two_columns(main: rx.Component, side: rx.Component, *more: rx.Component) -> rx.Component:
    """A tab's layout: the main column and a narrower side column (stacked on phones)."""
    return card_grid(main, side, *more, md="3fr 2fr")


def column(*children: rx.Component, spacing: str = "4") -> rx.Component:
    return rx.vstack(*children, spacing=spacing, **SHRINK_TO_FIT)


def side_card(title: str, icon: str, *children: rx.Component, **props: Any) -> rx.Component:
    """A card with a heading (spacing 3 unless `spacing`)."""
    return titled_tool_card(icon, title, *children, color=ACCENT, style=CARD, **props)


def side_list(
    title: str,
    icon: str,
    rows: rx.Var[list[Any]],
    render: Any,
    empty: rx.Component,
    **props: Any,
) -> rx.Component:
    """A side card listing `rows` (each drawn by `render`), or `empty` when there are none."""
    return side_card(
        title, icon, rx.foreach(rows, render), rx.cond(rows.length() == 0, empty), **props
    )


def title_row(*children: rx.Component, **props: Any) -> rx.Component:
    """A card's top line: a title at the start, a badge or note at the end (wraps if narrow)."""
    return spread_row(*children, spacing="2", **props)


def icon_item(icon: str, name: str, text: str, text_size: str) -> rx.Component:
    """A line of an explaining list: an icon, a name, and what it means."""
    return rx.hstack(
        rx.icon(icon, size=16, color=MUTED, aria_hidden="true", **KEEP_SIZE),
        name_and_detail(name, text, detail_size=text_size),
        spacing="3",
        align="start",
    )


def busy_button(
    busy: rx.Var[bool],
    icon: str,
    label: str,
    busy_label: str,
    on_click: Any,
    icon_size: int = 18,
    **props: Any,
) -> rx.Component:
    """A button with `icon` and `label`, or a spinner and `busy_label` (disabled) while `busy`."""
    return rx.button(
        rx.cond(busy, rx.spinner(size="2"), rx.icon(icon, size=icon_size, aria_hidden="true")),
        rx.cond(busy, busy_label, label),
        on_click=on_click,
        disabled=busy,
        type="button",
        **props,
    )


def flip_button(
    on: rx.Var[bool],
    labels: tuple[Any, Any],
    on_click: Any,
    *lead: rx.Component,
    variants: tuple[str, str] = ("soft", "solid"),
    tail: tuple[rx.Component, ...] = (),
    toggle: bool = False,
    **props: Any,
) -> rx.Component:
    """A button whose label and variant are the first of `labels`/`variants` while `on`
    (Like, Follow, Register, Join): `lead` goes before the label, `tail` after it; a `toggle`
    says whether it is pressed (aria-pressed)."""
    if toggle:
        props["aria_pressed"] = rx.cond(on, "true", "false")
    return rx.button(
        *lead,
        rx.cond(on, *labels),
        *tail,
        on_click=on_click,
        variant=rx.cond(on, *variants),
        type="button",
        **props,
    )


def note_line(name: Any, note: Any, *, color: str | None = None, **props: Any) -> rx.Component:
    """A line of a side card: `name` (in `color`, when given) at the start and a small muted
    `note` at the end."""
    name_props = {"color": color} if color else {}
    return rx.flex(
        rx.text(name, size="2", weight="medium", **name_props),
        muted_text(note, size="1"),
        justify="between",
        width="100%",
        **props,
    )


def list_card(
    *children: rx.Component, class_name: str, layout: Any = rx.vstack, **props: Any
) -> rx.Component:
    """An entry of a tab's list (a startup, a post, a challenge, an event) on a compact card:
    `children` in a `layout` (a column unless given), 0.75rem apart unless `spacing`;
    `class_name` names the kind of entry."""
    props.setdefault("spacing", "3")
    return layout(*children, class_name=class_name, style=SMALL_CARD, **props)


def avatar_row(
    initials: Any, *children: rx.Component, size: str = "2.5rem", **props: Any
) -> rx.Component:
    """An avatar of `initials` (`size` across) beside `children` (a name and what follows)."""
    return icon_row(avatar(initials, size), *children, spacing="3", **props)
