"""/notifications (P-NOTE-1): the signed-in user's notifications, newest first.

Every handler asks the server-side session who is signed in and passes that id to
`services.notifications`, whose queries are all filtered by it: an id of another user's
notification changes nothing. Times are stored in UTC and shown in the browser's local time.
"""

from __future__ import annotations

import dataclasses
from collections.abc import AsyncIterator, Callable
from typing import Any

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.components.app_page import app_page, app_route
from startup_toolkit.components.empty_panel import empty_panel
from startup_toolkit.components.panels import icon_text_button, muted_text
from startup_toolkit.components.pill import pill
from startup_toolkit.components.props import (
    FAINT_SMALL,
    FILL_COLUMN,
    GROW,
    KEEP_SIZE,
    ROW_FROM_SM,
    SOFT_PILL,
    WRAP_ROW,
)
from startup_toolkit.components.result_blocks import tile
from startup_toolkit.components.stacks import full_width_stack
from startup_toolkit.components.text_rows import icon_row
from startup_toolkit.components.theme import heading_style
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.services import notifications as notes
from startup_toolkit.services.activity import notification_type
from startup_toolkit.services.notifications import NotificationView
from startup_toolkit.state import toasts
from startup_toolkit.state.auth import signed_in_user_id
from startup_toolkit.state.private import attempt
from startup_toolkit.state.private_state import PrivateStateMixin

ROUTE = "/notifications"
LIST_LIMIT = 100
LOADING_TEXT = "Loading notifications..."
EMPTY_TEXT = "No notifications yet"
MARKED_READ = "Notification marked as read"
DELETED = "Notification deleted"
ALL_MARKED_READ = "All notifications marked as read"
LOAD_FAILED = "Failed to load notifications"
MARK_FAILED = "Failed to mark notification as read"
DELETE_FAILED = "Failed to delete notification"
MARK_ALL_FAILED = "Failed to mark all notifications as read"
DATE_FORMAT = "MMM D, YYYY [at] h:mm A"

#: Badge colour per type (error, warning, success; anything else is info).
TYPE_COLORS = {"error": "red", "warning": "amber", "success": "green", "info": "blue"}
TYPE_LABELS = {"error": "Error", "warning": "Warning", "success": "Success", "info": "Info"}
TYPE_ICONS = {
    "error": "circle-x",
    "warning": "triangle-alert",
    "success": "circle-check",
    "info": "info",
}


@dataclasses.dataclass
class NotificationRow:
    """One notification as the page renders it."""

    id: int = 0
    type: str = "info"
    label: str = "Info"
    color: str = "blue"
    message: str = ""
    is_read: bool = False
    created_at: str = ""  # ISO 8601 with the UTC offset


def to_row(note: NotificationView) -> NotificationRow:
    kind = notification_type(note.type)
    return NotificationRow(
        id=note.id,
        type=kind,
        label=TYPE_LABELS[kind],
        color=TYPE_COLORS[kind],
        message=note.message,
        is_read=note.is_read,
        created_at=note.created_at.isoformat() if note.created_at else "",
    )


def _toast(ok: bool, message: str) -> EventSpec:
    return toasts.success(message) if ok else toasts.error(message)


class NotificationsState(PrivateStateMixin, rx.State):
    loading: bool = True
    load_failed: bool = False
    items: list[NotificationRow] = []
    total: int = 0
    unread: int = 0
    _loaded_for: str = ""

    @rx.var
    def more_count(self) -> int:
        """How many older notifications are not listed."""
        return max(self.total - len(self.items), 0)

    async def _refresh(self, user_id: str) -> bool:
        """Re-read the user's notifications; False when the database failed."""
        box = await attempt(
            notes.inbox, user_id, LIST_LIMIT, failed=None, what="load notifications"
        )
        if not box:
            return False
        self.items = [to_row(note) for note in box.items]
        self.total, self.unread = box.total, box.unread
        self.load_failed = False
        self._loaded_for = user_id
        return True

    @rx.event
    async def load(self) -> AsyncIterator[EventSpec | None]:
        """on_load (after AuthState.require_access): list the user's notifications."""
        user_id = await signed_in_user_id(self)
        if user_id is None:
            return  # the page's guard sends the visitor to /login
        if self._loaded_for != user_id:
            self._start_over()  # another account used this tab before: show nothing of it
            yield
        if not await self._refresh(user_id):
            self.load_failed = not self.items
            self.loading = False
            yield _toast(False, LOAD_FAILED)
            return
        self.loading = False

    async def _change_one(
        self, change: Callable[..., Any], notification_id: int, what: str, done: str, failed: str
    ) -> AsyncIterator[EventSpec | None]:
        """`change` one of the user's notifications, re-read the list, toast how it went (a
        bad id gets the answer to another user's: no such notification)."""
        user_id = await signed_in_user_id(self)
        if user_id is None:
            return
        row_id = valid_row_id(notification_id, text=False)
        if row_id is None:
            yield _toast(False, failed)
            return
        ok = await attempt(change, user_id, row_id, failed=False, what=what)
        await self._refresh(user_id)
        yield _toast(ok, done if ok else failed)

    @rx.event
    async def mark_read(self, notification_id: int) -> AsyncIterator[EventSpec | None]:
        """Mark one of the user's notifications read."""
        async for spec in self._change_one(
            notes.mark_read, notification_id, "mark a notification read", MARKED_READ, MARK_FAILED
        ):
            yield spec

    @rx.event
    async def delete(self, notification_id: int) -> AsyncIterator[EventSpec | None]:
        """Delete one of the user's notifications."""
        async for spec in self._change_one(
            notes.delete_notification,
            notification_id,
            "delete a notification",
            DELETED,
            DELETE_FAILED,
        ):
            yield spec

    @rx.event
    async def mark_all_read(self) -> AsyncIterator[EventSpec | None]:
        """Mark every unread notification of the user read."""
        user_id = await signed_in_user_id(self)
        if user_id is None:
            return
        await attempt(notes.mark_all_read, user_id, failed=0, what="mark all notifications read")
        ok = await self._refresh(user_id) and self.unread == 0
        yield _toast(ok, ALL_MARKED_READ if ok else MARK_ALL_FAILED)


# --------------------------------------------------------------------------- view


def _by_type(row: rx.Var, make: Callable[[str], Any]) -> rx.Var:
    """`make(type)` for the row's type (info for anything else)."""
    cases = [(kind, make(kind)) for kind in TYPE_ICONS if kind != "info"]
    return rx.match(row.type, *cases, make("info"))


def _type_icon(row: rx.Var) -> rx.Component:
    def icon(kind: str) -> rx.Component:
        color = TYPE_COLORS[kind]
        return rx.icon(TYPE_ICONS[kind], size=18, color=f"var(--{color}-11)", aria_hidden="true")

    background = _by_type(row, lambda kind: f"var(--{TYPE_COLORS[kind]}-a3)")
    return tile(_by_type(row, icon), "2.5rem", "var(--radius-4)", background)


def _row_action(
    row: rx.Var, icon: str, verb: str, handler: Callable[[Any], EventSpec], **props: Any
) -> rx.Component:
    """A ghost icon button, with its tooltip, that calls `handler` with the row's id; named
    '`verb`: <message>'."""
    label = f"{verb}: " + row.message.to(str)
    return rx.tooltip(
        rx.icon_button(
            rx.icon(icon, size=16, aria_hidden="true"),
            on_click=handler(row.id),
            variant="ghost",
            size="2",
            type="button",
            aria_label=label,
            **props,
        ),
        content=label,
    )


def _meta_line(row: rx.Var) -> rx.Component:
    """The row's type badge, 'New' while it is unread, and when it came."""
    return rx.hstack(
        pill(row.label, tone=row.color),
        rx.cond(
            ~row.is_read,
            rx.badge(
                "New", color_scheme="violet", variant="solid", radius="full", class_name="note-new"
            ),
        ),
        rx.moment(
            row.created_at, format=DATE_FORMAT, local=True, class_name="note-time", **FAINT_SMALL
        ),
        spacing="2",
        **WRAP_ROW,
    )


def _row_actions(row: rx.Var) -> rx.Component:
    """Mark as read (while the row is unread) and Delete."""
    return rx.hstack(
        rx.cond(
            ~row.is_read,
            _row_action(
                row,
                "check",
                "Mark as read",
                NotificationsState.mark_read,
                color_scheme="violet",
                class_name="note-mark-read",
            ),
        ),
        _row_action(
            row,
            "trash-2",
            "Delete notification",
            NotificationsState.delete,
            color_scheme="red",
            class_name="note-delete",
        ),
        spacing="3",
        align="center",
        padding_top="0.4rem",
        padding_right="0.25rem",
        **KEEP_SIZE,
    )


def _notification_item(row: rx.Var) -> rx.Component:
    return rx.el.li(
        rx.hstack(
            _type_icon(row),
            rx.vstack(
                rx.text(row.message, size="3", color="var(--gray-12)", class_name="note-message"),
                _meta_line(row),
                spacing="2",
                align="start",
                **GROW,
            ),
            _row_actions(row),
            spacing="3",
            **FILL_COLUMN,
        ),
        data_note_id=row.id,
        data_unread=rx.cond(row.is_read, "false", "true"),
        class_name="note-item",
        style={
            "list_style": "none",
            "padding": "1rem 1.1rem",
            "border_radius": "var(--radius-4)",
            "border": "1px solid var(--gray-a4)",
            "background": rx.cond(row.is_read, "var(--gray-a2)", "var(--violet-a2)"),
            "border_left": rx.cond(
                row.is_read, "3px solid var(--gray-a5)", "3px solid var(--violet-9)"
            ),
        },
    )


def _message_panel(icon: str, title: str, text: str, *children: rx.Component) -> rx.Component:
    return empty_panel(icon, title, text, *children, text_props={"text_align": "center"})


def _header() -> rx.Component:
    return rx.flex(
        rx.vstack(
            rx.hstack(
                rx.heading("Notifications", as_="h1", size="8", style=heading_style),
                rx.cond(
                    NotificationsState.unread > 0,
                    rx.badge(
                        NotificationsState.unread.to_string() + " unread",
                        color_scheme="violet",
                        class_name="note-unread-count",
                        **SOFT_PILL,
                    ),
                ),
                spacing="3",
                **WRAP_ROW,
            ),
            muted_text("Updates about your account and your tools, newest first.", size="3"),
            spacing="2",
            align="start",
        ),
        rx.cond(
            NotificationsState.unread > 0,
            icon_text_button(
                "check-check",
                "Mark all read",
                on_click=NotificationsState.mark_all_read,
                variant="soft",
                size="2",
                class_name="note-mark-all",
            ),
        ),
        justify="between",
        align=rx.breakpoints(initial="start", sm="end"),
        spacing="4",
        width="100%",
        **ROW_FROM_SM,
    )


def _body() -> rx.Component:
    return rx.cond(
        NotificationsState.loading,
        icon_row(rx.spinner(size="2"), muted_text(LOADING_TEXT), padding_y="2rem", role="status"),
        rx.cond(
            NotificationsState.load_failed,
            _message_panel(
                "cloud-off",
                LOAD_FAILED,
                "Check your connection and try again.",
                rx.button("Try again", on_click=NotificationsState.load, variant="soft"),
            ),
            rx.cond(
                NotificationsState.items.length() > 0,
                full_width_stack(
                    rx.el.ul(
                        rx.foreach(NotificationsState.items, _notification_item),
                        aria_label="Notifications",
                        class_name="note-list",
                        style={
                            "display": "flex",
                            "flex_direction": "column",
                            "gap": "0.75rem",
                            "padding": "0",
                            "margin": "0",
                            "width": "100%",
                        },
                    ),
                    rx.cond(
                        NotificationsState.more_count > 0,
                        rx.text(
                            "Showing the newest ",
                            LIST_LIMIT,
                            " of ",
                            NotificationsState.total,
                            " notifications. Delete some to see older ones.",
                            size="2",
                            color="var(--gray-10)",
                            class_name="note-more",
                        ),
                    ),
                    spacing="3",
                ),
                _message_panel(
                    "bell-off",
                    EMPTY_TEXT,
                    "We'll let you know here when something needs your attention.",
                ),
            ),
        ),
    )


@app_route(ROUTE, "Notifications", "Your Unstuck notifications.", load=NotificationsState.load)
def notifications() -> rx.Component:
    return app_page(_header(), _body(), max_width="52rem")
