"""Buttons: links that look like buttons (one element, one tab stop, client-side navigation)
and the button with an icon before its label."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink


def link_button(
    label: Any,
    href: str | rx.Var,
    *icons: rx.Component,
    link_props: dict[str, Any] | None = None,
    **props: Any,
) -> rx.Component:
    """A Radix button rendered as a router link (no button nested inside an anchor);
    `link_props` go to the link element itself (e.g. its id)."""
    return rx.button(
        ReactRouterLink.create(label, *icons, to=href, **(link_props or {})),
        as_child=True,
        **props,
    )


def icon_text_button(icon: str, label: Any, *, icon_size: int = 16, **props: Any) -> rx.Component:
    """A button with a decorative `icon` before `label` (type "button" unless `type`)."""
    props.setdefault("type", "button")
    return rx.button(rx.icon(icon, size=icon_size, aria_hidden="true"), label, **props)
