"""The Security tab's recovery codes (issue 27, item 9): how many are unused, the password
dialog for new ones, and the dialog that shows new codes once (download, copy, done)."""

from __future__ import annotations

import reflex as rx
from reflex_components_core.react_router.dom import ReactRouterLink

from startup_toolkit.components.panels import icon_text_button, muted_text
from startup_toolkit.components.props import GROW, MUTED_TEXT
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.theme import heading_style
from startup_toolkit.domain import recovery_codes as codes
from startup_toolkit.pages.profile.state import ProfileState
from startup_toolkit.pages.profile.widgets import (
    dialog_error,
    form_dialog,
    password_field,
    setting_row,
)
from startup_toolkit.settings import get_settings

SHOWN_TITLE = "Save your recovery codes"
SHOWN_TEXT = (
    "If you lose your phone, each of these codes signs you in once in place of a code from "
    "your authenticator app. This is the only time they are shown: download or copy them now "
    "and keep them somewhere safe."
)


def _left_text() -> rx.Component:
    """'N unused recovery codes left.' (or the advice to make some when none is)."""
    left = ProfileState.security.recovery_codes_left
    return rx.cond(
        left > 0,
        muted_text(
            rx.el.span(left, id="recovery-codes-left"),
            rx.cond(left == 1, " unused recovery code left.", " unused recovery codes left."),
            " Each one signs you in once without your authenticator app.",
            size="1",
        ),
        muted_text(
            rx.el.span("No", id="recovery-codes-left"),
            " unused recovery codes. Create new ones so that a lost phone does not lock you out.",
            size="1",
        ),
    )


def recovery_codes_row() -> rx.Component:
    """While two-factor is on: how many codes are unused and 'New recovery codes'."""
    return rx.cond(
        ProfileState.security.two_factor_enabled,
        setting_row(
            rx.vstack(
                rx.text("Recovery codes", size="2", weight="medium", color="var(--gray-12)"),
                _left_text(),
                spacing="1",
                **GROW,
            ),
            icon_text_button(
                "refresh-cw",
                "New recovery codes",
                variant="soft",
                size="2",
                id="recovery-codes-new",
                on_click=ProfileState.ask_new_recovery_codes,
            ),
            align="start",
        ),
    )


def new_codes_dialog() -> rx.Component:
    """The password dialog that replaces every recovery code."""
    return form_dialog(
        "recovery_codes_new",
        password_field(
            "Password",
            "recovery-codes-password",
            "password",
            "current-password",
            dialog_error("password"),
            color=None,
        ),
        on_submit=ProfileState.create_new_recovery_codes,
    )


def _download_href() -> rx.Var:
    """The codes as a text file, in a `data:` URI made in the browser from the codes shown
    (React Router leaves a link to another origin, as `data:` is, to the browser)."""
    prefix = codes.download_prefix(get_settings().product_name)
    return rx.Var.create(prefix) + ProfileState.recovery_codes.join("%0A") + "%0A"


def shown_codes_dialog() -> rx.Component:
    """The new codes, shown once: open while ProfileState holds some; closing it drops them."""
    code_list = rx.el.ul(
        rx.foreach(
            ProfileState.recovery_codes,
            lambda code: rx.el.li(rx.code(code, size="3", variant="ghost")),
        ),
        id="recovery-codes-list",
        aria_label="Recovery codes",
        style={
            "display": "grid",
            "grid_template_columns": "repeat(auto-fill, minmax(9rem, 1fr))",
            "gap": "0.5rem 1rem",
            "list_style": "none",
            "margin": "0",
            "padding": "1rem",
            "border_radius": "var(--radius-3)",
            "background": "var(--gray-a3)",
            "font_variant_numeric": "tabular-nums",
        },
    )
    return rx.dialog.root(
        rx.dialog.content(
            full_width_stack(
                rx.dialog.title(SHOWN_TITLE, style=heading_style, margin="0"),
                rx.dialog.description(SHOWN_TEXT, size="2", **MUTED_TEXT),
                code_list,
                rx.flex(
                    rx.button(
                        ReactRouterLink.create(
                            rx.icon("download", size=16, aria_hidden="true"),
                            "Download",
                            to=_download_href(),
                            reload_document=True,
                            download=codes.FILE_NAME,
                            id="recovery-codes-download",
                        ),
                        as_child=True,
                        variant="soft",
                        size="3",
                    ),
                    icon_text_button(
                        "copy",
                        "Copy codes",
                        variant="soft",
                        size="3",
                        id="recovery-codes-copy",
                        on_click=[
                            rx.set_clipboard(ProfileState.recovery_codes.join("\n")),
                            rx.toast.success("Recovery codes copied"),
                        ],
                    ),
                    rx.dialog.close(
                        rx.button("I have saved my codes", size="3", id="recovery-codes-done")
                    ),
                    gap="0.75rem",
                    justify="end",
                    wrap="wrap",
                    width="100%",
                ),
            ),
            max_width="32rem",
        ),
        open=ProfileState.recovery_codes.length() > 0,
        on_open_change=ProfileState.close_dialog,
    )
