"""The pill: a round, soft badge in the colour it is given (the accent without one)."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.pill import pill


def test_a_pill_is_a_round_soft_badge_in_its_tone() -> None:
    badge = str(pill("Active", tone="green", id="subscription-status"))
    assert 'variant:"soft"' in badge and 'radius:"full"' in badge
    assert 'color:"green"' in badge
    assert 'id:"subscription-status"' in badge and "Active" in badge


def test_a_pill_without_a_tone_takes_the_accent() -> None:
    assert "green" not in str(pill("Scanner"))
    assert str(pill("Scanner")) == str(rx.badge("Scanner", variant="soft", radius="full"))


def test_a_tone_may_follow_the_state() -> None:
    tone = rx.cond(rx.Var.create(True), "green", "gray")
    assert str(pill("Active", tone=tone)) == str(
        rx.badge("Active", color_scheme=tone, variant="soft", radius="full")
    )
