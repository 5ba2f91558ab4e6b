"""The shared chart pieces (components/charts): the still pie coloured from its data and the
colour key of a legend entry."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.charts import colour_key, fill_pie


def test_fill_pie_is_still_full_width_and_passes_its_shape_and_margin() -> None:
    data = rx.Var.create([{"value": "1", "fill": "red"}]).to(list[dict[str, Any]])
    html = str(fill_pie(data, "value", 90, margin={"top": 0}, inner_radius="70%"))
    assert "isAnimationActive:false" in html and 'dataKey:"value"' in html
    assert 'innerRadius:"70%"' in html and "height:90" in html and "margin:" in html
    assert "margin:" not in str(fill_pie(data, "value", 260))


def test_colour_key_puts_a_decorative_square_before_its_label() -> None:
    html = str(colour_key("var(--violet-9)", rx.text("Ads"), radius="3px"))
    assert "var(--violet-9)" in html and '"3px"' in html and "Ads" in html
    assert "aria-hidden" in html
