"""/startup-arena: a gamified leaderboard, founder feed, challenges and events
(T-ARENA-1, T-ARENA-2, T-ARENA-3).

Entirely sample data and tab-local state (spec): no AI, no database, no calls beyond the
page guard. The join form takes a company's name, industry and three metrics (free text); the
optional description is an uncontrolled field, so it never reaches the server. Every text a
founder types is rendered as text. The page says plainly that the other startups, posts,
challenges and events are illustrative.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.tool_layout import tool_page, tool_route
from startup_toolkit.domain.catalog import STARTUP_ARENA
from startup_toolkit.pages.arena.state import ArenaState
from startup_toolkit.pages.arena.view import arena_view, join_view

__all__ = ["ArenaState", "startup_arena"]


@tool_route(STARTUP_ARENA)
def startup_arena() -> rx.Component:
    return tool_page(
        STARTUP_ARENA,
        rx.cond(ArenaState.joined, arena_view(), join_view()),
        uses_ai=False,  # the Arena is sample data: no demo-mode banner
    )
