"""The home page's tool tabs (P-HOME-6): the popular tools, and the recommender of
T-REC-1/T-REC-2 (state/recommender.py) in the Early Stage and Growth Stage tabs."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.props import FILL_COLUMN, FILL_ROW, WIDE_CONTROL, WRAP_ROW
from startup_toolkit.components.section_heading import headed_section
from startup_toolkit.components.theme import heading_style
from startup_toolkit.components.tool_layout import tab_triggers
from startup_toolkit.domain import recommender as rules
from startup_toolkit.domain.catalog import POPULAR_TOOLS, Tool
from startup_toolkit.pages.home.view import HOME_SECTION_PADDING_Y, subscribe_link, tool_icon_tile
from startup_toolkit.state.recommender import RecommenderState

#: The tabs: the popular tools, then a recommender form per stage (value, label).
TOOL_TABS: tuple[tuple[str, str], ...] = (
    ("popular", "Popular Tools"),
    ("early", "Early Stage"),
    ("growth", "Growth Stage"),
)
STAGE_FORMS: tuple[tuple[str, str, str, str], ...] = (
    (
        "early",
        "Describe your startup idea",
        "The problem, who has it and how you plan to solve it.",
        "e.g. A booking app that helps independent yoga teachers fill last-minute classes",
    ),
    (
        "growth",
        "Describe your business and its current traction",
        "Your product, customers, revenue and the bottleneck you are facing.",
        "e.g. B2B invoicing tool, 120 paying teams, growth has stalled at 4% a month",
    ),
)


# --- Next-Gen Startup Tools tabs (P-HOME-6) ----------------------------------------------------


def tool_card(tool: Tool) -> rx.Component:
    return rx.el.article(
        rx.hstack(
            tool_icon_tile(tool),
            rx.box(
                rx.heading(tool.name, as_="h3", size="4", style=heading_style),
                rx.text(tool.category, size="1", color_scheme="gray", as_="div"),
            ),
            spacing="3",
            **FILL_ROW,
        ),
        rx.text(tool.description, size="2", color_scheme="gray", flex_grow="1"),
        subscribe_link("lock-open", 15, variant="soft", size="2", width="100%"),
        class_name="tool-card",
    )


def recommendation_card(row: rx.Var) -> rx.Component:
    """One recommended tool: name, description, why it matches, match %, Launch (T-REC-2)."""
    return rx.box(
        rx.vstack(
            rx.hstack(
                rx.center(
                    rx.icon("sparkles", size=18),
                    class_name="rec-icon",
                ),
                rx.heading(row["name"], size="4", style=heading_style),
                rx.spacer(),
                rx.badge(row["score"].to(str) + "% match", color_scheme="violet", size="2"),
                spacing="3",
                **FILL_ROW,
            ),
            rx.text(row["description"], size="2", color_scheme="gray"),
            rx.text(rx.text.strong("Why: "), row["reason"], size="2"),
            rx.progress(value=row["score"].to(int), max=100, size="1", width="100%"),
            rx.link(
                rx.button("Launch", rx.icon("arrow-right", size=14), size="2", variant="soft"),
                href=row["path"],
            ),
            spacing="3",
            **FILL_COLUMN,
        ),
        class_name="tool-card",
    )


def _stage_input(stage: str, label: str, hint: str, example: str) -> rx.Component:
    """The stage's form (T-REC-1): label, hint, the idea, its warning and the submit button."""
    field_id = f"recommend-{stage}-idea"
    warning_id = f"recommend-{stage}-warning"
    idea = RecommenderState.ideas[stage]
    length = idea.strip().length()
    busy = RecommenderState.loading != ""
    return rx.vstack(
        rx.el.label(label, html_for=field_id, class_name="stage-label"),
        rx.text(hint, size="2", color_scheme="gray"),
        rx.text_area(
            id=field_id,
            value=idea,
            on_change=lambda value: RecommenderState.set_idea(stage, value),
            placeholder=example,
            rows="5",
            max_length=rules.MAX_IDEA_LENGTH,
            aria_describedby=warning_id,
            **WIDE_CONTROL,
        ),
        rx.box(
            rx.cond(
                (length > 0) & (length < rules.MIN_IDEA_LENGTH),
                rx.text(rules.TOO_SHORT, size="2", color_scheme="amber"),
            ),
            id=warning_id,
            aria_live="polite",
        ),
        rx.button(
            rx.cond(
                RecommenderState.loading == stage,
                rx.fragment(rx.spinner(size="2"), "Analyzing Your Idea..."),
                rx.fragment(rx.icon("sparkles", size=16), "Get AI-Powered Recommendations"),
            ),
            on_click=RecommenderState.recommend(stage),
            disabled=(length < rules.MIN_IDEA_LENGTH) | busy,
            size=rx.breakpoints(initial="2", sm="3"),
            class_name="stage-submit",
        ),
        spacing="3",
        **FILL_COLUMN,
    )


def _stage_answer(stage: str) -> rx.Component:
    """The ranked tools for the stage (T-REC-2), and a way back to the form."""
    return rx.vstack(
        rx.hstack(
            rx.heading("AI-Recommended Tools", size="5", style=heading_style),
            rx.cond(
                RecommenderState.answers[stage].sample,
                rx.badge("Sample recommendations (demo mode)", color_scheme="amber"),
            ),
            rx.spacer(),
            rx.button(
                rx.icon("rotate-ccw", size=14),
                "New Analysis",
                variant="soft",
                on_click=RecommenderState.new_analysis(stage),
            ),
            width="100%",
            **WRAP_ROW,
        ),
        rx.box(
            rx.foreach(RecommenderState.answers[stage].rows, recommendation_card),
            class_name="tool-grid",
        ),
        spacing="4",
        **FILL_COLUMN,
    )


def stage_form(stage: str, label: str, hint: str, example: str) -> rx.Component:
    """The recommender for one stage: its form until there are results, then the results."""
    answer = RecommenderState.answers[stage]  # undefined until asked: the chain gives undefined
    error = answer.error
    has_results = answer.rows.length() > 0
    form = _stage_input(stage, label, hint, example)
    return rx.box(
        rx.vstack(
            rx.cond(
                error,
                rx.callout(
                    error, icon="circle-alert", color_scheme="amber", width="100%", role="alert"
                ),
            ),
            rx.cond(has_results, _stage_answer(stage), form),
            spacing="4",
            **FILL_COLUMN,
        ),
        class_name="stage-form",
        data_stage=stage,
    )


def next_gen_tools() -> rx.Component:
    return headed_section(
        "Next-Gen Startup Tools",
        "Browse the toolkit, or tell us where you are and we will point you to the right tools.",
        ("Find your tools", "compass"),
        rx.tabs.root(
            rx.center(
                rx.tabs.list(
                    *tab_triggers(TOOL_TABS),
                    size="2",
                    class_name="stage-tabs",
                ),
                width="100%",
                margin_bottom="2rem",
            ),
            rx.tabs.content(
                rx.box(*[tool_card(t) for t in POPULAR_TOOLS], class_name="tool-grid"),
                value="popular",
            ),
            *[
                rx.tabs.content(stage_form(stage, label, hint, example), value=stage)
                for stage, label, hint, example in STAGE_FORMS
            ],
            default_value="popular",
            width="100%",
        ),
        class_name="home-next-gen",
        padding_y=HOME_SECTION_PADDING_Y,
        id="tools",
    )
