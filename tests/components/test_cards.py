"""The titled cards of components/cards.py: the theme's card look, a heading row with an h2,
and the props each caller tunes (the hub's side column, the dashboard)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.cards import card_panel, card_stack, card_title
from startup_toolkit.components.theme import heading_style


def test_card_panel_and_stack_carry_the_card_look_and_the_caller_s_props() -> None:
    panel = str(card_panel(rx.text("Body"), id="resume-card", style={"background": "red"}))
    assert 'id:"resume-card"' in panel and '["padding"] : "1.25rem"' in panel
    assert '["background"] : "red"' in panel  # the caller's style wins over the card's
    stack = str(card_stack(rx.text("Body"), id="hub-tips"))
    assert "rx-Stack" in stack and 'id:"hub-tips"' in stack and "1.25rem" in stack


def test_card_title_is_an_h2_after_its_icon_with_the_extras_last() -> None:
    title = str(card_title("newspaper", "Daily Startup Digest", rx.badge("LIVE")))
    assert 'as:"h2"' in title and title.index("Newspaper") < title.index("Daily Startup Digest")
    assert title.index("Daily Startup Digest") < title.index("LIVE")
    assert "var(--accent-11)" in title and 'size:"3"' in title
    tuned = str(
        card_title(
            "heart",
            "Favorite Tools",
            size="4",
            icon_color="var(--violet-11)",
            heading_style=heading_style,
            margin_bottom="0.75rem",
        )
    )
    assert 'size:"4"' in tuned and "var(--violet-11)" in tuned and "-0.02em" in tuned
    assert "0.75rem" in tuned
