"""How a page joins the site: `site_page` records it in `SITE_PAGES`, which the app adds once
(`add_site_pages`); `page_route` is `site_page` with the title pattern '<name> | Unstuck'.

@page_route("/pricing", "Pricing", "One all-access plan ...", on_load=PricingState.load)

Not `@rx.page`: Reflex adds decorated pages to the app at every compile, and a production
server compiles one app object twice (the supervisor for the frontend, then each forked
worker), which warned "Page ... is being redefined" for every page (issue 28, item 12).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import reflex as rx

#: What every page title ends with.
TITLE_SUFFIX = " | Unstuck"

#: Every page of the site as registered: its render function and `App.add_page` keywords.
SITE_PAGES: list[tuple[Callable[..., rx.Component], dict[str, Any]]] = []

PageDecorator = Callable[[Callable[..., rx.Component]], Callable[..., rx.Component]]


def site_page(route: str, **props: Any) -> PageDecorator:
    """Records the decorated function as the page at `route`; `props` go to `App.add_page`
    (title, description, on_load, meta)."""

    def register(render: Callable[..., rx.Component]) -> Callable[..., rx.Component]:
        SITE_PAGES.append((render, {"route": route, **props}))
        return render

    return register


def page_route(route: str, name: str, description: str, **props: Any) -> PageDecorator:
    """Registers a page at `route` titled '<name> | Unstuck' with `description`; `props` go to
    `App.add_page` (on_load, meta)."""
    return site_page(route, title=f"{name}{TITLE_SUFFIX}", description=description, **props)


def add_site_pages(app: rx.App) -> None:
    """Adds every recorded page to `app`, once (importing `startup_toolkit.pages` records them)."""
    for render, props in SITE_PAGES:
        app.add_page(render, **props)
