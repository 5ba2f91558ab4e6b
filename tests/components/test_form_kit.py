"""The account pages' form pieces (components/form_kit): the icon on a round tinted disc."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.form_kit import icon_disc


def test_icon_disc_is_round_in_the_faint_shade_with_a_ring_of_the_given_step() -> None:
    html = str(icon_disc(rx.icon("bot"), "violet", "3.5rem"))
    assert "var(--violet-a3)" in html and "1px solid var(--violet-a5)" in html
    assert '"3.5rem"' in html and '"9999px"' in html
    sent = str(icon_disc(rx.icon("check"), "green", "4.5rem", ring="a6", class_name="sent"))
    assert "1px solid var(--green-a6)" in sent and "sent" in sent
