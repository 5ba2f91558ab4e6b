"""The layout pieces the AI tool pages share (components/tool_layout): the card, the row with
its children at both ends, and full-width tabs with their panels."""

from __future__ import annotations

from types import SimpleNamespace

import reflex as rx

from startup_toolkit.components.tool_layout import (
    COMPACT_TOOL_CARD_STYLE,
    result_or_form,
    spread_row,
    tab_list,
    tab_panel,
    tab_triggers,
    tool_card,
    tool_tabs,
)


class _TabsProbe(rx.State):
    tab: str = "one"

    @rx.event
    def set_tab(self, value: str) -> None:
        self.tab = value


def test_tool_card_is_a_stack_in_the_card_style() -> None:
    card = str(tool_card(rx.text("body"), id="probe-card"))
    assert 'id:"probe-card"' in card and "var(--gray-a2)" in card and 'align:"start"' in card
    compact = str(tool_card(rx.text("x"), spacing="1", style=COMPACT_TOOL_CARD_STYLE))
    assert 'gap:"1"' in compact and '"1rem"' in compact


def test_spread_row_pushes_its_children_to_both_ends_and_wraps() -> None:
    row = str(spread_row(rx.text("a"), rx.text("b"), spacing="2"))
    assert 'justify:"between"' in row and 'wrap:"wrap"' in row and 'gap:"2"' in row


def test_tool_tabs_with_a_trigger_and_a_panel_per_tab() -> None:
    tabs = (("one", "First"), ("two", "Second"))
    rendered = str(
        tool_tabs(
            tab_list(*tab_triggers(tabs)),
            tab_panel("one", rx.text("first body")),
            tab_panel("two", rx.text("second body"), padding_top="1.25rem"),
            value=_TabsProbe.tab,
            on_change=_TabsProbe.set_tab,
        )
    )
    assert "First" in rendered and "Second" in rendered and 'value:"two"' in rendered
    assert "first body" in rendered and '"1.25rem"' in rendered and '"1rem"' in rendered


def test_result_or_form_shows_the_result_then_the_error_then_the_progress_then_the_form() -> None:
    state = SimpleNamespace(
        running=rx.Var.create(False),
        error=rx.Var.create(""),
        result=rx.Var.create(None),
    )
    parts = [rx.text(name) for name in ("the result", "working", "the form")]
    html = str(result_or_form(state, *parts))
    assert html.index("the result") < html.index("working") < html.index("the form")
    assert "the error" not in html
    with_error = str(result_or_form(state, *parts, error=rx.text("the error")))
    assert (
        with_error.index("the result") < with_error.index("the error") < with_error.index("working")
    )
