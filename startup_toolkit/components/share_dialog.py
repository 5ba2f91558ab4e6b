"""The share dialog (issue 14, item 7): choose how long the link lives, create it, copy it.
Pages that share something put `share_dialog()` once in their tree and open it with
`share_button(kind, target, title)`."""

from __future__ import annotations

from typing import Any

import reflex as rx

from startup_toolkit.components.form_kit import field_hint, field_label
from startup_toolkit.components.panels import dialog_header, icon_text_button, modal
from startup_toolkit.components.props import MUTED_TEXT, SOFT_GRAY
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.tool_forms import option_select
from startup_toolkit.state.share import EXPIRY_LABELS, ShareState

EXPIRY_ID = "share-expiry"
LINK_ID = "share-link"


def share_button(kind: str, target: Any, title: Any, **props: Any) -> rx.Component:
    """Opens the share dialog for one thing of the founder's."""
    return icon_text_button(
        "share-2",
        "Share",
        on_click=ShareState.open_share(kind, target, title),
        **{"variant": "soft", "size": "1", **props},
    )


def _expiry_field() -> rx.Component:
    return full_width_stack(
        field_label("Link expires after", EXPIRY_ID),
        option_select(
            EXPIRY_ID, tuple(EXPIRY_LABELS.items()), ShareState.dialog.expiry, ShareState.set_expiry
        ),
        spacing="1",
    )


def _new_link() -> rx.Component:
    return full_width_stack(
        field_label("Share link", LINK_ID),
        rx.hstack(
            rx.input(
                id=LINK_ID,
                value=ShareState.dialog.link,
                read_only=True,
                width="100%",
                aria_describedby=f"{LINK_ID}-hint",
            ),
            icon_text_button("copy", "Copy", on_click=ShareState.copy_link, flex_shrink="0"),
            spacing="2",
            width="100%",
        ),
        field_hint(
            "Copy it now: for your safety it is shown only once. Revoke it any time from your "
            "dashboard.",
            f"{LINK_ID}-hint",
        ),
        spacing="1",
    )


def share_dialog() -> rx.Component:
    return modal(
        dialog_header(rx.dialog.title("Share a read-only link", margin="0"), align="start"),
        rx.dialog.description(
            rx.text.strong(ShareState.dialog.title),
            ": anyone with the link can view it without signing in, but cannot change it.",
            **MUTED_TEXT,
        ),
        rx.vstack(
            rx.cond(ShareState.dialog.link == "", _expiry_field(), _new_link()),
            spacing="3",
            margin_y="1rem",
        ),
        rx.flex(
            rx.dialog.close(rx.button("Close", **SOFT_GRAY)),
            rx.cond(
                ShareState.dialog.link == "",
                rx.button(
                    rx.cond(
                        ShareState.dialog.creating, rx.spinner(size="2"), rx.icon("link", size=16)
                    ),
                    "Create link",
                    on_click=ShareState.create_link,
                    disabled=ShareState.dialog.creating,
                ),
            ),
            justify="end",
            spacing="3",
            wrap="wrap",
        ),
        opened=ShareState.dialog.is_not_none() & ShareState.dialog.open,
        on_open_change=ShareState.set_dialog_open,
        max_width="30rem",
        id="share-dialog",
    )
