"""The shared result blocks (T-IDEA-1 today; the scanner's results can use them too): labelled
prose and bullet lists that say 'Not provided' for a missing value, a figure with its source,
and the demo-mode sample badge."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components import result_blocks as blocks


def test_labelled_text_shows_the_value_or_not_provided_and_takes_an_id() -> None:
    html = str(blocks.labelled_text("Timeline", rx.Var.create(""), element_id="plan-timeline"))
    assert "TIMELINE" not in html and "Timeline" in html  # uppercase by style, not by text
    assert "uppercase" in html and blocks.NOT_PROVIDED in html and 'id:"plan-timeline"' in html
    assert 'id:"' not in str(blocks.labelled_text("Timeline", rx.Var.create("Soon")))
    assert "Unknown" in str(blocks.labelled_text("T", rx.Var.create(""), missing="Unknown"))


def test_bullet_list_marks_each_item_and_says_when_there_are_none() -> None:
    html = str(blocks.bullet_list("Risks", rx.Var.create(["One", "Two"]), "plan-risk"))
    assert '"ul"' in html and "plan-risk" in html and blocks.NOT_PROVIDED in html
    assert "disc" in html


def test_bullet_list_draws_each_item_with_the_given_renderer_and_gap() -> None:
    def item(value: rx.Var, item_class: str) -> rx.Component:
        return rx.el.li(rx.badge(value), class_name=item_class)

    html = str(blocks.bullet_list("Trends", rx.Var.create(["One"]), "t", item=item, gap="0.5rem"))
    assert "RadixThemesBadge" in html and '"0.5rem"' in html and '"0.35rem"' not in html


def test_figure_with_source_names_its_source_with_or_without_an_icon() -> None:
    value, source = rx.Var.create("$4.2B"), rx.Var.create("Statista, 2024")
    plain = str(blocks.figure_with_source("Market size", value, source, value_id="size"))
    assert "Source: " in plain and 'className:"source"' in plain and 'id:"size"' in plain
    assert "globe" not in plain
    with_icon = str(
        blocks.figure_with_source(
            "Market size", value, source, icon="globe", value_size="6", class_name="market-figure"
        )
    )
    assert "Globe" in with_icon and "market-figure" in with_icon and 'id:"' not in with_icon
    cited = str(blocks.figure_with_source("Growth", value, rx.text("checked citation")))
    assert "checked citation" in cited and "Source: " not in cited


def test_sample_badge_only_in_demo_mode() -> None:
    html = str(blocks.sample_badge(rx.Var.create(True), "Sample result (demo mode)", "x-sample"))
    assert "Sample result (demo mode)" in html and "x-sample" in html and "amber" in html
