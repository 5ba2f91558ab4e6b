"""A page's tabs on the server, as a Reflex mixin: the open tab and the handler that opens
another of the page's own tabs (any other value is ignored)."""

from __future__ import annotations

from typing import ClassVar

import reflex as rx


class TabsMixin(rx.State, mixin=True):
    """`tab` and `set_tab`; the page's State sets `tab_values` and the default `tab`."""

    tab_values: ClassVar[frozenset[str]] = frozenset()
    tab: str = ""

    @rx.event
    def set_tab(self, value: str) -> None:
        if isinstance(value, str) and value in self.tab_values:
            self.tab = value
