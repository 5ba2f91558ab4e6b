"""Form pieces shared by the three settings tabs."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.form_kit import (
    busy_button,
    checked_field,
    field_hint,
    field_label,
    icon_tile,
    invalid_props,
    tile_row,
)
from startup_toolkit.components.panels import muted_text
from startup_toolkit.components.props import (
    GROW,
    MUTED_TEXT,
    SOFT_GRAY_BUTTON,
    SPREAD_ROW,
    WIDE_CONTROL,
)
from startup_toolkit.components.props import ROW_FROM_SM as ROW_FROM_SM
from startup_toolkit.components.stacked_form import stacked_form
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import card_style, heading_style
from startup_toolkit.domain.passwords import MAX_LENGTH as PASSWORD_MAX
from startup_toolkit.pages.profile.state import ProfileState
from startup_toolkit.pages.profile.texts import FORM_DIALOGS, SECTION_HEADINGS

ROW_DIVIDER = "1px solid var(--gray-a3)"
#: A column that fills its cell and may shrink below its content.
FILL_CELL: dict[str, Any] = {"width": "100%", "min_width": "0"}


def two_columns(*cells: rx.Component, gap: str = "1rem") -> rx.Component:
    """A grid of one column on a phone, two from the small breakpoint on."""
    return rx.grid(*cells, columns=rx.breakpoints(initial="1", sm="2"), gap=gap, width="100%")


def error_for(errors: rx.Var, key: str) -> rx.Var:
    return rx.cond(errors.contains(key), errors[key].to(str), "")


def settings_card(
    *children: rx.Component, extra_style: dict[str, Any] | None = None, **props: Any
) -> rx.Component:
    return rx.box(
        *children,
        style={**card_style, "padding": "clamp(1.1rem, 4vw, 1.75rem)", **(extra_style or {})},
        **FILL_CELL,
        **props,
    )


def settings_card_header(icon: str, title: str, text: str, color: str = "accent") -> rx.Component:
    return tile_row(
        icon_tile(icon, color),
        rx.heading(title, as_="h2", size="4", style=heading_style),
        muted_text(text),
    )


def settings_section(
    card_id: str, *body: rx.Component, color: str = "accent", spacing: str = "5", **props: Any
) -> rx.Component:
    """The settings card `card_id`: its header (from SECTION_HEADINGS), then `body`, in a
    column."""
    return settings_card(
        full_width_stack(
            settings_card_header(*SECTION_HEADINGS[card_id], color), *body, spacing=spacing
        ),
        id=card_id,
        **props,
    )


def dialog_error(key: str) -> rx.Var:
    """The open dialog's message for its field `key` ("" when there is none)."""
    return error_for(ProfileState.dialog_errors, key)


def form_dialog(
    name: str,
    *fields: rx.Component,
    on_submit: Any,
    trigger: rx.Component | None = None,
    is_open: rx.Var | None = None,
    max_width: str = "30rem",
    **confirm_props: Any,
) -> rx.Component:
    """The form dialog `name` (its texts from FORM_DIALOGS): title, description, its fields,
    then Cancel and the confirm button that shows its busy label while ProfileState is busy
    with `name` (side by side, or stacked with confirm on top on a phone; `confirm_props`:
    more of its props). With a `trigger` the dialog opens in the browser when it is clicked
    (its messages are cleared as it opens and closes); otherwise it is open while `is_open`
    (by default: while ProfileState's `dialog` is `name`), and closing it tells the server.
    The form keeps what was typed when the server says no."""
    text = FORM_DIALOGS[name]
    confirm = busy_button(
        text.submit,
        text.busy_label,
        ProfileState.busy == name,
        text.icon,
        type="submit",
        size="3",
        id=text.submit_id,
        **confirm_props,
    )
    root_props: dict[str, Any]
    if trigger is not None:
        children = [rx.dialog.trigger(trigger)]
        root_props = {"on_open_change": ProfileState.clear_dialog_errors}
    else:
        children = []
        root_props = {
            "open": ProfileState.dialog == name if is_open is None else is_open,
            "on_open_change": ProfileState.close_dialog,
        }
    return rx.dialog.root(
        *children,
        rx.dialog.content(
            stacked_form(
                text.aria_label,
                rx.dialog.title(text.title, style=heading_style, margin="0"),
                rx.dialog.description(text.description, size="2", **MUTED_TEXT),
                *fields,
                rx.flex(
                    rx.dialog.close(
                        rx.button(
                            "Cancel",
                            **SOFT_GRAY_BUTTON,
                            size="3",
                        )
                    ),
                    confirm,
                    gap="0.75rem",
                    justify="end",
                    direction=rx.breakpoints(initial="column-reverse", sm="row"),
                    width="100%",
                ),
                on_submit=on_submit,
            ),
            max_width=max_width,
        ),
        **root_props,
    )


def save_row(label: str, busy: rx.Var, element_id: str, **props: Any) -> rx.Component:
    """A card's Save button, on the right (full width on a phone)."""
    return rx.flex(
        busy_button(
            label,
            "Saving...",
            busy,
            "save",
            id=element_id,
            size="3",
            width=rx.breakpoints(initial="100%", sm="auto"),
            **props,
        ),
        justify="end",
        width="100%",
    )


def setting_text(element_id: str, title: str, text: str) -> rx.Component:
    """A setting's label (for `element_id`) and the hint `<element_id>-hint` under it."""
    return rx.vstack(
        field_label(title, element_id),
        field_hint(text, f"{element_id}-hint"),
        spacing="1",
        **GROW,
    )


def setting_row(
    about: rx.Component, control: rx.Component, *, align: str, divider: bool = True
) -> rx.Component:
    """A setting's text beside its control (under it on a phone, aligned `align`)."""
    border: dict[str, str] = {"border_bottom": ROW_DIVIDER} if divider else {}
    return rx.flex(
        about,
        control,
        justify="between",
        align=rx.breakpoints(initial=align, sm="center"),
        gap="0.75rem",
        width="100%",
        padding_y="0.7rem",
        **border,
        **ROW_FROM_SM,
    )


def switch_row(
    element_id: str, title: str, text: str, checked: rx.Var, on_change: Any, **props: Any
) -> rx.Component:
    return rx.hstack(
        setting_text(element_id, title, text),
        rx.switch(
            id=element_id,
            checked=checked,
            on_change=on_change,
            aria_describedby=f"{element_id}-hint",
            size="2",
            flex_shrink="0",
            **props,
        ),
        spacing="4",
        padding_y="0.7rem",
        border_bottom=ROW_DIVIDER,
        **SPREAD_ROW,
    )


def select_input(
    element_id: str,
    value: rx.Var,
    options: list[tuple[str, str]] | rx.Var,
    on_change: Any,
    **props: Any,
) -> rx.Component:
    """A Radix select whose trigger carries `element_id` (the label's `html_for`)."""
    items = (
        rx.foreach(options, lambda opt: rx.select.item(opt, value=opt))
        if isinstance(options, rx.Var)
        else rx.fragment(*[rx.select.item(label, value=key) for key, label in options])
    )
    return rx.select.root(
        rx.select.trigger(id=element_id, width="100%", **props),
        rx.select.content(items, position="popper"),
        value=value,
        on_change=on_change,
        size="3",
    )


def select_field(
    label: str,
    element_id: str,
    value: rx.Var,
    options: list[tuple[str, str]],
    on_change: Any,
    hint: str = "",
) -> rx.Component:
    """A labelled select (and the hint under it, if any)."""
    return rx.vstack(
        field_label(label, element_id),
        select_input(element_id, value, options, on_change),
        *([field_hint(hint)] if hint else []),
        spacing="2",
        **FILL_CELL,
    )


def password_field(
    label: str | rx.Component,
    element_id: str,
    name: str,
    auto_complete: str,
    error: rx.Var,
    error_base: str = "",
    color: str | None = "violet",
) -> rx.Component:
    """A required password field and its inline error (`<error_base>-error`, by default
    `<element_id>-error`); `color` as in `invalid_props`."""
    base = error_base or element_id
    return checked_field(
        label,
        element_id,
        rx.input(
            id=element_id,
            name=name,
            type="password",
            auto_complete=auto_complete,
            required=True,
            max_length=PASSWORD_MAX,
            **invalid_props(error, base, color),
            **WIDE_CONTROL,
        ),
        error,
        f"{base}-error",
    )


def proof_label(element_id: str) -> rx.Component:
    """The label of a re-authentication field: 'Password', or with two-factor on, 'Password
    or authentication code'."""
    text = rx.cond(
        ProfileState.security.two_factor_enabled, "Password or authentication code", "Password"
    )
    return field_label(text, element_id)  # type: ignore[arg-type]


def proof_field(element_id: str) -> rx.Component:
    """The password (or code) field of a dialog that asks for re-authentication (`proof`)."""
    return password_field(
        proof_label(element_id),
        element_id,
        "proof",
        "current-password",
        dialog_error("proof"),
        color=None,
    )
