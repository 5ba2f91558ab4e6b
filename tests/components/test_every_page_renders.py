"""Every registered page builds its component tree: a wrong prop (a keyword given twice, a Var
used where Python needs a value) fails here in a second instead of at a production build."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
import reflex as rx

from startup_toolkit import pages  # noqa: F401  (records every page in SITE_PAGES)
from startup_toolkit.components.page_route import SITE_PAGES


def _pages() -> list[tuple[Callable[[], rx.Component], dict[str, Any]]]:
    return list(SITE_PAGES)


def test_the_pages_are_registered() -> None:
    routes = {kwargs.get("route") for _, kwargs in _pages()}
    assert {"/dashboard", "/ideas", "/shared/[share_token]", "/ai-cofounder"} <= routes


@pytest.mark.parametrize(
    ("render", "route"), [(fn, kw.get("route", fn.__name__)) for fn, kw in _pages()]
)
def test_the_page_renders(render: Callable[[], rx.Component], route: str) -> None:
    assert render() is not None, route


def test_no_page_is_left_to_reflex_decorator() -> None:
    """Pages join through `site_page` (added once by the app), never `@rx.page`: Reflex adds
    those again at each compile, and a production worker compiles twice (issue 28, item 12)."""
    from reflex_base.registry import RegistrationContext

    assert list(RegistrationContext.ensure_context().decorated_pages) == []
