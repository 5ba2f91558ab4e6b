"""The founder's ideas (issue 14, items 3 and 4): /ideas (every idea with its latest score and
trend), /ideas/[id] (its timeline across tools and the diff of two scans) and
/ideas/compare?ids=3,7 (2-4 ideas side by side). Signed-in founders only."""

from __future__ import annotations

from types import ModuleType
from typing import Any

import reflex as rx

from startup_toolkit.components.app_page import app_page, app_route
from startup_toolkit.components.brief_button import brief_button
from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.downloads import export_links
from startup_toolkit.components.props import SPREAD_ROW
from startup_toolkit.components.section_heading import page_intro
from startup_toolkit.components.share_dialog import share_button, share_dialog
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import gradient_text
from startup_toolkit.domain.brief import BRIEF_PATH
from startup_toolkit.pages.ideas import compare_state, detail_state
from startup_toolkit.pages.ideas.compare_state import CompareState
from startup_toolkit.pages.ideas.compare_view import chart, columns
from startup_toolkit.pages.ideas.detail_state import IdeaDetailState
from startup_toolkit.pages.ideas.detail_view import diff_card, timeline
from startup_toolkit.pages.ideas.state import IdeasState
from startup_toolkit.pages.ideas.view import ideas_list
from startup_toolkit.pages.ideas.view_parts import IDEAS_PATH, page_states

__all__ = ["CompareState", "IdeaDetailState", "IdeasState", "compare", "idea", "ideas"]


def _back() -> rx.Component:
    return link_button(
        rx.icon("arrow-left", size=14, aria_hidden="true"),
        IDEAS_PATH,
        rx.el.span("My Ideas"),
        variant="ghost",
        size="2",
    )


def _loaded_page(
    state: Any,
    view: rx.Var,
    texts: ModuleType,
    title: rx.Component,
    exports: rx.Component,
    *body: rx.Component,
) -> rx.Component:
    """An idea or comparison page: back to My Ideas, then once `state` has loaded its `view`
    its `title` with its `exports` beside it and `body` (or its "not found" panel, or its
    failure, from `texts`), and the share dialog."""
    found = full_width_stack(
        rx.hstack(title, exports, spacing="3", wrap="wrap", **SPREAD_ROW), *body, spacing="5"
    )
    not_found = (texts.NOT_FOUND, texts.NOT_FOUND_DETAIL)
    return app_page(
        _back(), page_states(state, view, not_found, texts.LOAD_FAILED, found), share_dialog()
    )


@app_route(
    IDEAS_PATH,
    "My Ideas",
    "Your startup ideas with their latest scores, trends and every run on them.",
    load=IdeasState.load,
)
def ideas() -> rx.Component:
    return app_page(
        page_intro(
            "lightbulb",
            "My Ideas",
            ("Your ideas, ", rx.el.span("over time", style=gradient_text)),
            "Every run on an idea is kept: see how its score moved, what changed between "
            "scans, and compare ideas side by side.",
        ),
        ideas_list(),
    )


@app_route(
    f"{IDEAS_PATH}/compare",
    "Compare Ideas",
    "Your ideas side by side: scores, verdicts, market and risks.",
    load=CompareState.load,
)
def compare() -> rx.Component:
    S = CompareState
    return _loaded_page(
        S,
        S.comparison,
        compare_state,
        rx.heading("Compare ideas", as_="h1", size="7"),
        export_links(
            S.comparison.export_md,
            S.comparison.export_pdf,
            "this comparison",
            share_button("comparison", S.comparison.key, "Idea comparison", size="2"),
            "ideas-export",
        ),
        chart(),
        columns(),
    )


@app_route(
    f"{IDEAS_PATH}/[idea_ref]",
    "Idea",
    "One idea's timeline across tools and what changed between its scans.",
    load=IdeaDetailState.load,
)
def idea() -> rx.Component:
    S = IdeaDetailState
    return _loaded_page(
        S,
        S.idea,
        detail_state,
        rx.vstack(
            rx.heading(S.idea.title, as_="h1", size="7", id="idea-title"),
            rx.cond(
                S.idea.description != "",
                rx.text(S.idea.description, size="2", color="var(--gray-11)", max_width="48rem"),
            ),
            spacing="2",
        ),
        rx.hstack(
            brief_button(f"{BRIEF_PATH}?idea=" + S.idea.id, id="idea-brief"),
            export_links(
                S.idea.export_md,
                S.idea.export_pdf,
                "this idea's timeline",
                share_button("idea", S.idea.id, S.idea.title, size="2"),
                "ideas-export",
            ),
            spacing="2",
            wrap="wrap",
        ),
        diff_card(),
        timeline(),
    )
