"""A dialog that asks before a step that removes something: Cancel, or the red action."""

from __future__ import annotations

import reflex as rx
from reflex.event import EventType

from startup_toolkit.components.props import MUTED_TEXT, SOFT_GRAY


def confirm_dialog(
    trigger: rx.Component,
    title: str,
    description: tuple[str | rx.Component | rx.Var, ...],
    action: str,
    on_confirm: EventType[()],
    action_id: str,
) -> rx.Component:
    """`trigger` opens a dialog titled `title` that says `description`; only its `action`
    button (id `action_id`) sends `on_confirm` to the server. It opens and closes in the
    browser."""
    return rx.alert_dialog.root(
        rx.alert_dialog.trigger(trigger),
        rx.alert_dialog.content(
            rx.alert_dialog.title(title),
            rx.alert_dialog.description(*description, **MUTED_TEXT),
            rx.flex(
                rx.alert_dialog.cancel(rx.button("Cancel", **SOFT_GRAY)),
                rx.alert_dialog.action(
                    rx.button(action, color_scheme="red", on_click=on_confirm, id=action_id)
                ),
                justify="end",
                spacing="3",
                margin_top="1rem",
            ),
            max_width="28rem",
        ),
    )
