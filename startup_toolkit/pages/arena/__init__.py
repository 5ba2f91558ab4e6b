"""/startup-arena: a gamified leaderboard, founder feed, challenges and events
(T-ARENA-1, T-ARENA-2, T-ARENA-3).

Shared and stored (issue 16): every signed-in founder sees the entries, posts and likes of
the others, live (the tab polls the database every few seconds, so it works with any number
of backend workers). The score comes from real activity; sample startups and posts show,
marked Sample, only while fewer than a handful of founders have entered. Every text a founder
types is plain text and rendered as text.
"""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.loading import loading_panel
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.tool_layout import tool_page, tool_route
from startup_toolkit.domain.catalog import STARTUP_ARENA
from startup_toolkit.pages.arena.state import LOAD_FAILED, ArenaState
from startup_toolkit.pages.arena.view import arena_view, join_view
from startup_toolkit.pages.arena.view_parts import JOINED
from startup_toolkit.state.auth import AuthState

__all__ = ["ArenaState", "startup_arena"]


@tool_route(STARTUP_ARENA, on_load=[AuthState.require_access, ArenaState.load])
def startup_arena() -> rx.Component:
    return tool_page(
        STARTUP_ARENA,
        rx.cond(
            ArenaState.load_failed,
            rx.callout(LOAD_FAILED, icon="triangle-alert", color_scheme="red"),
            rx.cond(
                ArenaState.view.is_none(),
                loading_panel(
                    muted_text("Loading the Arena..."), min_height="30vh", id="arena-loading"
                ),
                rx.cond(JOINED & ~ArenaState.form.editing, arena_view(), join_view()),
            ),
        ),
        uses_ai=False,  # no AI call here: no demo-mode banner
    )
