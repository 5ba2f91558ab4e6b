"""The small shared pieces of components/panels.py: buttons, the dialog shell and header, the
sample callout, the text box, the titled tool card, the name-and-detail lines, muted text, the
soft grey button and the row that stacks on a phone."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.panels import (
    SPREAD_ROW_FROM_SM,
    dialog_header,
    ghost_icon_button,
    icon_text_button,
    modal,
    muted_text,
    name_and_detail,
    sample_callout,
    soft_gray_button,
    text_box,
    titled_tool_card,
)
from startup_toolkit.components.tool_layout import tool_card_style


def test_icon_text_button_hides_its_icon_and_is_a_plain_button_unless_told() -> None:
    plain = str(icon_text_button("plus", "Add Favorites", variant="outline"))
    assert '"aria-hidden":"true"' in plain and 'type:"button"' in plain
    assert plain.index("Plus") < plain.index("Add Favorites")
    submit = str(icon_text_button("send-horizontal", "Send", icon_size=14, type="submit"))
    assert 'type:"submit"' in submit and "size:14" in submit


def test_ghost_icon_button_is_named_by_its_label() -> None:
    button = str(ghost_icon_button("trash-2", "Delete", color_scheme="red", size="1"))
    assert 'variant:"ghost"' in button and '"aria-label":"Delete"' in button
    assert 'color:"red"' in button or '"red"' in button


def test_modal_and_dialog_header_give_the_content_box_its_props_and_an_x_at_the_end() -> None:
    dialog = str(
        modal(
            dialog_header(rx.dialog.title("Saved result"), align="start", id="x-close"),
            opened=True,
            on_open_change=rx.console_log("changed"),
            max_width="48rem",
            id="result-detail",
        )
    )
    assert 'id:"result-detail"' in dialog and "48rem" in dialog
    assert dialog.index("Saved result") < dialog.index('"aria-label":"Close"')
    assert 'id:"x-close"' in dialog and "Dialog.Close" in dialog


def test_sample_callout_and_text_box() -> None:
    note = str(sample_callout("Sample data", id="arena-sample"))
    assert "Sample data" in note and '"amber"' in note and 'id:"arena-sample"' in note
    box = str(text_box("arena-post", "Say something", max_length=280))
    assert 'id:"arena-post"' in box and 'rows:"3"' in box and 'resize:"vertical"' in box
    assert "Say something" in box


def test_titled_tool_card_and_name_and_detail() -> None:
    card = str(
        titled_tool_card(
            "zap", "Quick actions", rx.text("Body"), color="violet", style=tool_card_style()
        )
    )
    assert 'as:"h2"' in card and "var(--violet-11)" in card
    assert card.index("Quick actions") < card.index("Body")
    lines = str(name_and_detail("Nova", "HealthTech", weight="bold", flex="1"))
    assert lines.index("Nova") < lines.index("HealthTech") and "var(--gray-11)" in lines


def test_muted_text_is_grey_size_two_unless_told() -> None:
    assert str(muted_text("Hint")) == str(rx.text("Hint", size="2", color="var(--gray-11)"))
    small = str(muted_text("a", " · ", "b", size="1", id="hint"))
    assert small == str(rx.text("a", " · ", "b", size="1", color="var(--gray-11)", id="hint"))


def test_soft_gray_button_is_a_soft_grey_plain_button() -> None:
    button = str(soft_gray_button("Close", on_click=rx.console_log("x"), width="100%"))
    assert 'variant:"soft"' in button and '"gray"' in button
    assert 'type:"button"' in button and "Close" in button


def test_spread_row_from_sm_stacks_on_a_phone_and_spreads_from_sm() -> None:
    row = str(rx.flex(rx.text("a"), rx.text("b"), **SPREAD_ROW_FROM_SM))
    assert '"column"' in row and '"row"' in row and 'justify:"between"' in row
