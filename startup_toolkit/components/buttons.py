"""Buttons that are links: one element, one tab stop, client-side navigation."""

from __future__ import annotations

from typing import Any

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink


def link_button(label: Any, href: str, *icons: rx.Component, **props: Any) -> rx.Component:
    """A Radix button rendered as a router link (no button nested inside an anchor)."""
    return rx.button(ReactRouterLink.create(label, *icons, to=href), as_child=True, **props)
