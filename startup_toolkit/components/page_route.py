"""The `@rx.page` decorator of a site page, with the site's title pattern '<name> | Unstuck'.

@page_route("/pricing", "Pricing", "One all-access plan ...", on_load=PricingState.load)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

#: What every page title ends with.
TITLE_SUFFIX = " | Unstuck"


def page_route(
    route: str, name: str, description: str, **props: Any
) -> Callable[[Callable[..., rx.Component]], Callable[..., rx.Component]]:
    """Registers a page at `route` titled '<name> | Unstuck' with `description`; `props` go to
    `rx.page` (on_load, meta)."""
    return rx.page(route=route, title=f"{name}{TITLE_SUFFIX}", description=description, **props)
