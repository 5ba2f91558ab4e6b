"""The form and run pieces the AI tool pages share (components/tool_forms): a field's label
points at its control, its inline error and aria-invalid follow the state's `errors`."""

from __future__ import annotations

import reflex as rx

from startup_toolkit.components.tool_forms import (
    FormFields,
    busy_heading,
    icon_button,
    labelled_field,
    option_select,
    progress_bar,
    result_note,
    run_button,
    soft_button,
)


class _FormsProbe(rx.State):
    errors: dict[str, str] = {}
    running: bool = False

    @rx.event
    def go(self) -> None:
        self.running = True


FIELDS = FormFields(_FormsProbe.errors, "demo")


def test_form_fields_name_the_control_and_its_error() -> None:
    assert (FIELDS.id("budget"), FIELDS.error_id("budget")) == ("demo-budget", "demo-budget-error")
    rendered = str(FIELDS.field("budget", "Monthly budget (USD)", rx.input(id=FIELDS.id("budget"))))
    assert 'htmlFor:"demo-budget"' in rendered and "Monthly budget (USD)" in rendered
    assert 'id:"demo-budget-error"' in rendered and 'id:"demo-budget"' in rendered
    invalid = str(FIELDS.invalid("budget"))
    assert '"budget"' in invalid and '"true"' in invalid and '"false"' in invalid


def test_a_field_with_its_own_parts_below_shows_those_instead_of_the_error() -> None:
    rendered = str(FIELDS.field("pitch", "Pitch", rx.text_area(), rx.text("12 / 2,000")))
    assert "12 / 2,000" in rendered and "demo-pitch-error" not in rendered
    assert "12 / 2,000" in str(
        labelled_field("Pitch", "demo-pitch", rx.text_area(), rx.text("12 / 2,000"))
    )


def test_buttons_notes_and_busy_heading() -> None:
    run = str(run_button("rocket", "Go", _FormsProbe.go, _FormsProbe.running, "go"))
    assert 'id:"go"' in run and "Go" in run and "running" in run
    soft = str(soft_button("download", "Download", _FormsProbe.go, id="dl"))
    assert 'variant:"soft"' in soft and 'id:"dl"' in soft
    assert 'id:"sample-note"' in str(result_note("A sample", "info", "sample-note"))
    busy = str(busy_heading("Working", rx.text("a while"), role="status", id="busy"))
    assert "Working" in busy and "a while" in busy and 'role:"status"' in busy


def test_icon_button_option_select_and_progress_bar() -> None:
    """The pieces the scanner, incubator, funding, growth and oracle forms share."""
    button = str(icon_button("rocket", "Launch", _FormsProbe.go, icon_size=18, size="3", id="go"))
    assert 'type:"button"' in button and "Launch" in button and 'id:"go"' in button
    select = str(
        option_select("demo-stage", (("seed", "Seed"), ("series-a", "Series A")), "seed", None)
    )
    assert 'id:"demo-stage"' in select and "Series A" in select and 'value:"series-a"' in select
    bar = str(progress_bar(rx.Var.create(40), "Scan progress"))
    assert '"aria-label":"Scan progress"' in bar and "max:100" in bar.replace(" ", "")


def test_form_fields_can_use_their_own_error_colour() -> None:
    oracle_like = FormFields(_FormsProbe.errors, "probe", error_color="red")
    assert '"red"' in str(oracle_like.error("idea"))
    assert "var(--red-11)" in str(FIELDS.error("idea"))
