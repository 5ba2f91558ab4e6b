"""/dashboard: profile and plan, favourite tools, quick stats, resume card, saved results,
legacy documents, recent activity and notifications (spec platform section 2, P-DASH-1..10).

Every handler asks the server-side session who is signed in; ids sent by the browser only
ever select among that user's own rows (the services filter by user id).
"""

from __future__ import annotations

import logging
from typing import Any

import reflex as rx
from sqlalchemy.exc import SQLAlchemyError

from startup_toolkit.components.buttons import link_button
from startup_toolkit.components.header import user_avatar
from startup_toolkit.components.layout import page_layout, section
from startup_toolkit.components.theme import card_style, heading_style
from startup_toolkit.db import session_scope
from startup_toolkit.domain.catalog import (
    AI_COFOUNDER,
    ALL_TOOLS,
    POPULAR_TOOLS,
    TOOL_EXPLORER_PATH,
    Tool,
)
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.formatting import is_recent, relative_time_label
from startup_toolkit.services import dashboard as service
from startup_toolkit.services import favorites, notifications
from startup_toolkit.state.auth import AuthState, signed_in_user_id

log = logging.getLogger(__name__)

LOAD_FAILED = "Failed to load user data"
RESULT_DELETED = "Result deleted successfully"
RESULT_DELETE_FAILED = "Failed to delete result"
ALL_READ = "All notifications marked as read"
NOTHING_TO_CLEAR = "No notifications to clear"
CLEAR_FAILED = "Failed to clear notifications"
MARK_READ_FAILED = "Failed to mark notification as read"
PROFILE_PATH = "/profile"


def _tool(path: Any) -> Tool | None:
    """A catalogue tool by its path (anything else from the browser is ignored)."""
    return next((t for t in ALL_TOOLS if isinstance(path, str) and t.path == path), None)


def _int_id(value: Any) -> int | None:
    """An id sent by the browser as int or digit string; None for anything else."""
    if isinstance(value, bool):
        return None
    if isinstance(value, int):
        return value
    if isinstance(value, str) and value.isdigit() and len(value) < 19:
        return int(value)
    return None


class DashboardState(rx.State):
    loading: bool = True
    load_failed: bool = False
    plan_name: str = ""
    plan_active: bool = False
    favorites: list[dict[str, str]] = []
    tools_used: int = 0
    documents_count: int = 0
    challenges: int = 0
    resume_tool: str = ""
    resume_path: str = ""
    saved: list[dict[str, str]] = []
    saved_total: int = 0
    documents: list[dict[str, str]] = []
    documents_total: int = 0
    activity: list[dict[str, str]] = []
    notifications: list[dict[str, str]] = []
    unread: int = 0
    favorites_open: bool = False
    profile_open: bool = False
    detail_open: bool = False
    detail: dict[str, str] = {}

    @rx.var
    def favorite_paths(self) -> list[str]:
        return [f["path"] for f in self.favorites]

    def _apply(self, data: service.DashboardData) -> None:
        now = utcnow()
        self.plan_name = data.plan_name
        self.plan_active = data.plan_active
        self.favorites = [
            {"name": f.tool_name, "path": f.tool_path, "icon": f.icon} for f in data.favorites
        ]
        self.tools_used = data.stats.tools_used
        self.documents_count = data.documents_count
        self.challenges = data.stats.challenges_completed
        self.resume_tool = data.resume_tool
        self.resume_path = data.resume_path
        self.saved = [
            {
                "id": str(s.id),
                "title": s.title,
                "tool": s.tool_name,
                "type": s.content_type,
                "at": s.created_at.isoformat(),
                "summary": s.summary,
            }
            for s in data.saved
        ]
        self.saved_total = data.saved_total
        self.documents = [
            {
                "id": str(d.id),
                "name": d.name,
                "tool": d.tool_name,
                "kind": d.kind,
                "size": d.size,
                "url": d.download_url,
                "at": d.created_at.isoformat(),
            }
            for d in data.documents
        ]
        self.documents_total = data.documents_total
        self.activity = [
            {
                "n": str(i + 1),
                "tool": a.tool_name,
                "action": a.action,
                "at": a.created_at.isoformat(),
                "when": relative_time_label(a.created_at, now)
                if is_recent(a.created_at, now)
                else "",
            }
            for i, a in enumerate(data.activity)
        ]
        self.notifications = [
            {
                "id": str(n.id),
                "icon": n.icon,
                "message": n.message,
                "read": "1" if n.is_read else "",
                "at": n.created_at.isoformat(),
                "when": relative_time_label(n.created_at, now)
                if is_recent(n.created_at, now)
                else "",
            }
            for n in data.notifications
        ]
        self.unread = data.unread

    def _reload(self, user_id: str) -> bool:
        """Read the dashboard again; False (and the error toast is due) when it fails."""
        try:
            with session_scope() as db:
                data = service.load_dashboard(db, user_id)
        except SQLAlchemyError:
            log.exception("Could not load the dashboard")
            data = None
        if data is None:
            self.load_failed = True
            return False
        self._apply(data)
        self.load_failed = False
        return True

    @rx.event
    async def load(self) -> rx.event.EventSpec | None:
        """P-DASH-10: on failure the toast 'Failed to load user data'."""
        user_id = await signed_in_user_id(self)
        if user_id is None:
            return None  # the page's guard sends the visitor to /login
        self.loading = True
        ok = self._reload(user_id)
        self.loading = False
        return None if ok else rx.toast.error(LOAD_FAILED)

    # --- modals -----------------------------------------------------------------------------

    @rx.event
    def set_favorites_open(self, value: bool) -> None:
        self.favorites_open = bool(value)

    @rx.event
    def set_profile_open(self, value: bool) -> None:
        self.profile_open = bool(value)

    @rx.event
    def set_detail_open(self, value: bool) -> None:
        self.detail_open = bool(value)
        if not self.detail_open:
            self.detail = {}

    @rx.event
    def manage_profile(self) -> rx.event.EventSpec:
        """P-DASH-9: a full-page navigation to /profile."""
        self.profile_open = False
        return rx.call_script(f"window.location.assign('{PROFILE_PATH}')")

    # --- favourites -------------------------------------------------------------------------

    @rx.event
    async def toggle_favorite(self, tool_path: str) -> rx.event.EventSpec | None:
        """P-DASH-2: add or remove a catalogue tool from the user's favourites."""
        user_id = await signed_in_user_id(self)
        tool = _tool(tool_path)
        if user_id is None or tool is None:
            return None
        was_favorite = tool.path in self.favorite_paths
        try:
            with session_scope() as db:
                result = favorites.toggle_favorite(db, user_id, tool.name, tool.path)
                rows = favorites.list_favorites(db, user_id) if result is not None else []
        except SQLAlchemyError:
            log.exception("Could not toggle a favourite")
            result = None
        if result is None:
            return rx.toast.error(favorites.REMOVE_FAILED if was_favorite else favorites.ADD_FAILED)
        by_name = {t.name: t for t in ALL_TOOLS}
        self.favorites = [
            {"name": r.tool_name, "path": r.tool_path, "icon": by_name[r.tool_name].icon}
            for r in rows
            if r.tool_name in by_name
        ]
        return rx.toast.success(favorites.ADDED if result else favorites.REMOVED)

    @rx.event
    async def open_favorite(self, tool_path: str) -> rx.event.EventSpec | None:
        """P-DASH-2: log 'Opened {tool} from favorites', then go to the tool."""
        user_id = await signed_in_user_id(self)
        tool = _tool(tool_path)
        if user_id is None or tool is None:
            return None
        try:
            with session_scope() as db:
                service.record_favorite_opened(db, user_id, tool)
        except SQLAlchemyError:
            log.exception("Could not log opening a favourite")
        return rx.redirect(tool.path)

    # --- saved results ----------------------------------------------------------------------

    @rx.event
    async def open_result(self, result_id: str) -> rx.event.EventSpec | None:
        """P-DASH-5: the detail modal of one of the user's own results."""
        user_id = await signed_in_user_id(self)
        rid = _int_id(result_id)
        if user_id is None or rid is None:
            return None
        try:
            with session_scope() as db:
                found = service.result_detail(db, user_id, rid)
        except SQLAlchemyError:
            log.exception("Could not read a saved result")
            found = None
        if found is None:
            return rx.toast.error("Failed to load result")
        self.detail = {
            "id": str(found.id),
            "title": found.title,
            "tool": found.tool_name,
            "type": found.content_type,
            "at": found.created_at.isoformat(),
            "html": found.html,
            "text": found.text,
            "summary": found.summary,
        }
        self.detail_open = True
        return None

    @rx.event
    async def delete_result(self, result_id: str) -> rx.event.EventSpec | None:
        """P-DASH-5: delete one of the user's own results (closes its open detail)."""
        user_id = await signed_in_user_id(self)
        rid = _int_id(result_id)
        if user_id is None or rid is None:
            return None
        try:
            with session_scope() as db:
                ok = service.delete_result(db, user_id, rid)
        except SQLAlchemyError:
            log.exception("Could not delete a saved result")
            ok = False
        if not ok:
            return rx.toast.error(RESULT_DELETE_FAILED)
        if self.detail.get("id") == str(rid):
            self.detail_open = False
            self.detail = {}
        self._reload(user_id)
        return rx.toast.success(RESULT_DELETED)

    # --- notifications ----------------------------------------------------------------------

    @rx.event
    async def mark_all_read(self) -> rx.event.EventSpec | None:
        """P-DASH-8: mark every unread notification of the user read."""
        user_id = await signed_in_user_id(self)
        if user_id is None:
            return None
        try:
            with session_scope() as db:
                before = notifications.unread_count(db, user_id)
                changed = notifications.mark_all_read(db, user_id) if before else 0
        except SQLAlchemyError:
            log.exception("Could not mark all notifications read")
            return rx.toast.error(CLEAR_FAILED)
        if before == 0:
            return rx.toast.info(NOTHING_TO_CLEAR)
        if changed == 0:
            return rx.toast.error(CLEAR_FAILED)
        self.notifications = [{**n, "read": "1"} for n in self.notifications]
        self.unread = 0
        return rx.toast.success(ALL_READ)

    @rx.event
    async def dismiss_notification(self, notification_id: str) -> rx.event.EventSpec | None:
        """P-DASH-8: dismissing marks one of the user's notifications read."""
        user_id = await signed_in_user_id(self)
        nid = _int_id(notification_id)
        if user_id is None or nid is None:
            return None
        try:
            with session_scope() as db:
                ok = notifications.mark_read(db, user_id, nid)
                unread = notifications.unread_count(db, user_id) if ok else self.unread
        except SQLAlchemyError:
            log.exception("Could not dismiss a notification")
            ok = False
        if not ok:
            return rx.toast.error(MARK_READ_FAILED)
        self.notifications = [
            {**n, "read": "1"} if n["id"] == str(nid) else n for n in self.notifications
        ]
        self.unread = unread
        return None


# ------------------------------------------------------------------------------- view helpers

S = DashboardState
RESULT_BODY_STYLE: dict[str, Any] = {
    "line_height": "1.6",
    "font_size": "0.95rem",
    "& h1, & h2, & h3, & h4": {"font_weight": "700", "margin": "1em 0 0.4em"},
    "& h1": {"font_size": "1.35rem"},
    "& h2": {"font_size": "1.2rem"},
    "& h3, & h4": {"font_size": "1.05rem"},
    "& p": {"margin": "0.5em 0"},
    "& ul, & ol": {"padding_left": "1.4em", "margin": "0.5em 0"},
    "& ul": {"list_style": "disc"},
    "& ol": {"list_style": "decimal"},
    "& a": {"color": "var(--violet-11)", "text_decoration": "underline"},
    "& table": {"border_collapse": "collapse", "width": "100%"},
    "& th, & td": {"border": "1px solid var(--gray-a6)", "padding": "0.35em 0.6em"},
    "& code, & pre": {"font_family": "monospace", "background": "var(--gray-a3)"},
    "& pre": {"padding": "0.75em", "overflow_x": "auto"},
    "& blockquote": {"border_left": "3px solid var(--violet-a7)", "padding_left": "0.8em"},
}
MUTED = "var(--gray-11)"


def _card(*children: rx.Component, **props: Any) -> rx.Component:
    return rx.box(*children, style={**card_style, "padding": "1.25rem"}, width="100%", **props)


def _card_title(text: str, icon: str, *extra: rx.Component) -> rx.Component:
    return rx.hstack(
        rx.icon(icon, size=18, color="var(--violet-11)"),
        rx.heading(text, size="4", as_="h2", style=heading_style),
        *extra,
        spacing="2",
        align="center",
        width="100%",
        margin_bottom="0.75rem",
    )


def _skeleton(height: str = "4rem") -> rx.Component:
    return rx.skeleton(rx.box(height=height, width="100%"), loading=True)


def _when(item: rx.Var) -> rx.Component:
    """The relative label from the server, or a locale date for older entries."""
    return rx.cond(
        item["when"] != "",
        rx.text(item["when"], size="1", color=MUTED),
        rx.text(rx.moment(item["at"], format="ll"), size="1", color=MUTED),
    )


def _empty(text: str, *extra: rx.Component) -> rx.Component:
    return rx.vstack(
        rx.text(text, size="2", color=MUTED),
        *extra,
        align="center",
        spacing="3",
        padding_y="1rem",
        width="100%",
    )


# --- left column ------------------------------------------------------------------------------


def _loading_list(
    items: rx.Var, filled: rx.Component, empty: rx.Component, skeleton: str
) -> rx.Component:
    """A skeleton of `skeleton` height while the page loads, then the list or `empty`."""
    return rx.cond(S.loading, _skeleton(skeleton), rx.cond(items.length() > 0, filled, empty))


def _profile_card() -> rx.Component:
    """P-DASH-1."""
    return _card(
        rx.vstack(
            user_avatar("6"),
            rx.heading(AuthState.user_name, size="5", style=heading_style, text_align="center"),
            rx.text(AuthState.user_email, size="2", color=MUTED, style={"word_break": "break-all"}),
            rx.cond(
                S.plan_name != "",
                rx.badge(
                    rx.icon(rx.cond(S.plan_active, "badge-check", "circle-dashed"), size=14),
                    S.plan_name,
                    color_scheme=rx.cond(S.plan_active, "green", "gray"),
                    variant="soft",
                    size="2",
                    id="plan-badge",
                ),
            ),
            rx.button(
                rx.icon("user-pen", size=16),
                "Edit Profile",
                variant="soft",
                width="100%",
                on_click=S.set_profile_open(True),
            ),
            align="center",
            spacing="3",
            width="100%",
        )
    )


def _favorite_row(item: rx.Var) -> rx.Component:
    return rx.hstack(
        rx.button(
            rx.icon(item["icon"], size=16),
            rx.text(item["name"], truncate=True),
            variant="ghost",
            color_scheme="gray",
            on_click=S.open_favorite(item["path"]),
            flex="1",
            min_width="0",
            class_name="fav-open",
            style={"justify_content": "flex-start", "margin": "0"},
        ),
        rx.tooltip(
            rx.icon_button(
                rx.icon("x", size=14),
                variant="ghost",
                color_scheme="gray",
                size="1",
                aria_label="Remove " + item["name"] + " from favorites",
                on_click=S.toggle_favorite(item["path"]),
            ),
            content="Remove from favorites",
        ),
        align="center",
        width="100%",
        spacing="2",
    )


def _favorites_card() -> rx.Component:
    """P-DASH-2."""
    return _card(
        _card_title("Favorite Tools", "heart"),
        _loading_list(
            S.favorites,
            rx.vstack(rx.foreach(S.favorites, _favorite_row), spacing="2", width="100%"),
            rx.text("No favorite tools yet.", size="2", color=MUTED),
            skeleton="5rem",
        ),
        rx.button(
            rx.icon("plus", size=16),
            "Add Favorites",
            variant="outline",
            width="100%",
            margin_top="0.75rem",
            on_click=S.set_favorites_open(True),
        ),
        id="favorites-card",
    )


def _stat(label: str, value: rx.Var, icon: str) -> rx.Component:
    return rx.hstack(
        rx.hstack(rx.icon(icon, size=16, color=MUTED), rx.text(label, size="2"), spacing="2"),
        rx.spacer(),
        rx.text(value, weight="bold", size="3"),
        align="center",
        width="100%",
    )


def _stats_card() -> rx.Component:
    """P-DASH-3."""
    return _card(
        _card_title("Quick Stats", "chart-column"),
        rx.vstack(
            _stat("Tools Used", S.tools_used, "wrench"),
            _stat("Documents", S.documents_count, "file-text"),
            _stat("Challenges", S.challenges, "trophy"),
            spacing="3",
            width="100%",
        ),
        id="quick-stats",
    )


# --- main column ------------------------------------------------------------------------------


def _welcome() -> rx.Component:
    return rx.box(
        rx.heading("Welcome back, ", AuthState.user_name, "!", size="7", style=heading_style),
        rx.text(
            "Pick up where you left off or try something new.",
            color=MUTED,
            margin_top="0.35rem",
        ),
        style={
            **card_style,
            "background": "linear-gradient(135deg, var(--violet-a4), var(--cyan-a3))",
            "border": "1px solid var(--violet-a6)",
        },
        width="100%",
    )


def _action_cards() -> rx.Component:
    """P-DASH-4."""
    resume = rx.cond(
        S.resume_path != "",
        rx.vstack(
            rx.hstack(
                rx.icon("history", size=18), rx.text("Continue with ", S.resume_tool, weight="bold")
            ),
            rx.text("Jump back into the tool you used last.", size="2", color=MUTED),
            rx.button(
                "Resume",
                rx.icon("arrow-right", size=16),
                on_click=rx.redirect(S.resume_path),
                id="resume-button",
            ),
            spacing="2",
            align="start",
        ),
        rx.vstack(
            rx.hstack(rx.icon("rocket", size=18), rx.text("Start Your Journey", weight="bold")),
            rx.text("Talk your idea through with the AI Co-Founder.", size="2", color=MUTED),
            link_button("Start Your Journey", AI_COFOUNDER.path, id="resume-button"),
            spacing="2",
            align="start",
        ),
    )
    explore = rx.vstack(
        rx.hstack(rx.icon("compass", size=18), rx.text("Explore New Tools", weight="bold")),
        rx.text("Find the right AI tool for your next step.", size="2", color=MUTED),
        link_button("Explore New Tools", TOOL_EXPLORER_PATH, variant="soft"),
        spacing="2",
        align="start",
    )
    return rx.grid(
        _card(rx.cond(S.loading, _skeleton("5.5rem"), resume), id="resume-card"),
        _card(explore),
        columns=rx.breakpoints(initial="1", sm="2"),
        spacing="4",
        width="100%",
    )


def _saved_card(item: rx.Var) -> rx.Component:
    return rx.box(
        rx.vstack(
            rx.hstack(
                rx.badge(item["tool"], variant="soft", size="1"),
                rx.spacer(),
                rx.icon_button(
                    rx.icon("trash-2", size=14),
                    variant="ghost",
                    color_scheme="red",
                    size="1",
                    aria_label="Delete " + item["title"],
                    on_click=S.delete_result(item["id"]),
                ),
                width="100%",
                align="center",
            ),
            rx.button(
                rx.text(item["title"], weight="bold", size="3", truncate=True),
                variant="ghost",
                color_scheme="gray",
                on_click=S.open_result(item["id"]),
                class_name="saved-open",
                style={
                    "padding": "0",
                    "margin": "0",
                    "height": "auto",
                    "justify_content": "flex-start",
                    "max_width": "100%",
                    "text_align": "left",
                },
            ),
            rx.cond(
                item["summary"] != "",
                rx.text(
                    item["summary"],
                    size="1",
                    color=MUTED,
                    style={
                        "display": "-webkit-box",
                        "-webkit-line-clamp": "2",
                        "-webkit-box-orient": "vertical",
                        "overflow": "hidden",
                    },
                ),
            ),
            rx.text(rx.moment(item["at"], format="ll"), size="1", color=MUTED),
            spacing="2",
            align="start",
            width="100%",
        ),
        style={**card_style, "padding": "1rem", "background": "var(--gray-a3)"},
        class_name="saved-result",
        min_width="0",
    )


def _saved_section() -> rx.Component:
    """P-DASH-5."""
    return _card(
        _card_title(
            "Saved Analysis Results",
            "bookmark",
            rx.spacer(),
            rx.badge(S.saved_total, variant="solid", radius="full", id="saved-count"),
        ),
        _loading_list(
            S.saved,
            rx.grid(
                rx.foreach(S.saved, _saved_card),
                columns=rx.breakpoints(initial="1", sm="2", lg="3"),
                spacing="3",
                width="100%",
            ),
            _empty("No saved results yet. Save an analysis from any tool to keep it here."),
            skeleton="8rem",
        ),
        id="saved-results",
    )


def _document_card(item: rx.Var) -> rx.Component:
    return rx.hstack(
        rx.icon(rx.cond(item["kind"] == "Document", "file-text", "newspaper"), size=20),
        rx.vstack(
            rx.cond(
                item["url"] != "",
                rx.link(item["name"], href=item["url"], is_external=True, weight="bold", size="2"),
                rx.text(item["name"], weight="bold", size="2"),
            ),
            rx.hstack(
                rx.badge(item["kind"], variant="soft", size="1"),
                rx.text(item["size"], size="1", color=MUTED),
                spacing="2",
                align="center",
            ),
            spacing="1",
            align="start",
            min_width="0",
        ),
        style={**card_style, "padding": "0.9rem", "background": "var(--gray-a3)"},
        align="start",
        spacing="3",
        class_name="legacy-document",
        min_width="0",
    )


def _documents_section() -> rx.Component:
    """P-DASH-6."""
    return _card(
        _card_title(
            "Legacy Documents",
            "folder-open",
            rx.spacer(),
            rx.badge(S.documents_total, variant="soft", radius="full"),
        ),
        _loading_list(
            S.documents,
            rx.grid(
                rx.foreach(S.documents, _document_card),
                columns=rx.breakpoints(initial="1", sm="2"),
                spacing="3",
                width="100%",
            ),
            _empty("No documents yet."),
            skeleton="5rem",
        ),
        id="legacy-documents",
    )


def _activity_row(item: rx.Var) -> rx.Component:
    return rx.hstack(
        rx.box(
            rx.text(item["n"], size="1", weight="bold"),
            style={
                "min_width": "1.75rem",
                "height": "1.75rem",
                "border_radius": "999px",
                "display": "grid",
                "place_items": "center",
                "background": "var(--violet-a4)",
                "color": "var(--violet-11)",
            },
        ),
        rx.vstack(
            rx.text(rx.text.strong(item["tool"]), " · ", item["action"], size="2"),
            _when(item),
            spacing="0",
            align="start",
            min_width="0",
        ),
        spacing="3",
        align="start",
        width="100%",
        class_name="activity-item",
    )


def _activity_section() -> rx.Component:
    """P-DASH-7."""
    return _card(
        _card_title("Recent Activity", "activity"),
        _loading_list(
            S.activity,
            rx.vstack(rx.foreach(S.activity, _activity_row), spacing="3", width="100%"),
            _empty(
                "No activity yet.",
                link_button("Explore Tools", TOOL_EXPLORER_PATH, variant="soft"),
            ),
            skeleton="8rem",
        ),
        id="recent-activity",
    )


def _notification_icon(kind: rx.Var) -> rx.Component:
    return rx.match(
        kind,
        ("success", rx.icon("circle-check", size=18, color="var(--green-11)")),
        ("alert", rx.icon("triangle-alert", size=18, color="var(--amber-11)")),
        rx.icon("info", size=18, color="var(--blue-11)"),
    )


def _notification_row(item: rx.Var) -> rx.Component:
    return rx.hstack(
        _notification_icon(item["icon"]),
        rx.vstack(
            rx.text(
                item["message"], size="2", weight=rx.cond(item["read"] == "", "medium", "regular")
            ),
            _when(item),
            spacing="0",
            align="start",
            flex="1",
            min_width="0",
        ),
        rx.cond(
            item["read"] == "",
            rx.tooltip(
                rx.icon_button(
                    rx.icon("x", size=14),
                    variant="ghost",
                    color_scheme="gray",
                    size="1",
                    aria_label="Dismiss notification",
                    on_click=S.dismiss_notification(item["id"]),
                ),
                content="Dismiss",
            ),
        ),
        spacing="3",
        align="start",
        width="100%",
        opacity=rx.cond(item["read"] == "", "1", "0.65"),
        class_name="notification-item",
    )


def _notifications_section() -> rx.Component:
    """P-DASH-8."""
    return _card(
        _card_title(
            "Notifications",
            "bell",
            rx.cond(
                S.unread > 0,
                rx.badge(S.unread, " new", color_scheme="red", variant="solid", id="unread-badge"),
            ),
            rx.spacer(),
            rx.button("Mark all read", variant="ghost", size="1", on_click=S.mark_all_read),
        ),
        _loading_list(
            S.notifications,
            rx.vstack(rx.foreach(S.notifications, _notification_row), spacing="3", width="100%"),
            _empty("No notifications."),
            skeleton="6rem",
        ),
        id="notifications-card",
    )


# --- modals -----------------------------------------------------------------------------------


def _favorite_option(tool: Tool) -> rx.Component:
    chosen = S.favorite_paths.contains(tool.path)
    return rx.hstack(
        rx.icon(tool.icon, size=20, color=f"var(--{tool.color}-11)"),
        rx.vstack(
            rx.text(tool.name, weight="bold", size="2"),
            rx.text(tool.tagline, size="1", color=MUTED),
            spacing="0",
            align="start",
            flex="1",
            min_width="0",
        ),
        rx.button(
            rx.cond(chosen, "Remove", "Add to Favorites"),
            size="1",
            variant=rx.cond(chosen, "soft", "solid"),
            color_scheme=rx.cond(chosen, "gray", "violet"),
            on_click=S.toggle_favorite(tool.path),
            aria_label=rx.cond(chosen, f"Remove {tool.name}", f"Add {tool.name} to favorites"),
        ),
        align="center",
        spacing="3",
        width="100%",
        class_name="favorite-option",
    )


def _favorites_modal() -> rx.Component:
    return rx.dialog.root(
        rx.dialog.content(
            rx.dialog.title("Add Tools to Favorites"),
            rx.dialog.description("Pin the tools you use most to your dashboard.", color=MUTED),
            rx.vstack(*[_favorite_option(t) for t in POPULAR_TOOLS], spacing="4", margin_y="1rem"),
            rx.flex(
                rx.dialog.close(rx.button("Done", variant="soft", color_scheme="gray")),
                justify="end",
            ),
            max_width="32rem",
        ),
        open=S.favorites_open,
        on_open_change=S.set_favorites_open,
    )


def _readonly_field(label: str, field_id: str, value: rx.Var) -> rx.Component:
    return rx.vstack(
        rx.el.label(label, html_for=field_id, style={"font_size": "0.875rem", "font_weight": 500}),
        rx.input(id=field_id, value=value, disabled=True, read_only=True, width="100%"),
        spacing="1",
        width="100%",
    )


def _profile_modal() -> rx.Component:
    """P-DASH-9."""
    return rx.dialog.root(
        rx.dialog.content(
            rx.dialog.title("Profile"),
            rx.dialog.description(
                "Your name and email are managed in your account settings.", color=MUTED
            ),
            rx.vstack(
                _readonly_field("Full name", "profile-full-name", AuthState.user_name),
                _readonly_field("Email", "profile-email", AuthState.user_email),
                spacing="3",
                margin_y="1rem",
            ),
            rx.flex(
                rx.dialog.close(rx.button("Close", variant="soft", color_scheme="gray")),
                rx.button("Manage", on_click=S.manage_profile),
                justify="end",
                spacing="3",
            ),
            max_width="28rem",
        ),
        open=S.profile_open,
        on_open_change=S.set_profile_open,
    )


def _detail_modal() -> rx.Component:
    """P-DASH-5: title, tool badge, date, content type, Delete, close, body, Summary."""
    d = S.detail
    return rx.dialog.root(
        rx.dialog.content(
            rx.hstack(
                rx.dialog.title(d["title"], margin="0"),
                rx.spacer(),
                rx.dialog.close(
                    rx.icon_button(
                        rx.icon("x", size=16),
                        variant="ghost",
                        color_scheme="gray",
                        aria_label="Close",
                    )
                ),
                align="start",
                width="100%",
            ),
            rx.hstack(
                rx.badge(d["tool"], variant="soft"),
                rx.badge(d["type"], variant="outline", color_scheme="gray"),
                rx.cond(d["at"], rx.text(rx.moment(d["at"], format="lll"), size="1", color=MUTED)),
                spacing="2",
                align="center",
                wrap="wrap",
                margin_y="0.75rem",
            ),
            rx.cond(
                d["summary"] != "",
                rx.box(
                    rx.text("Summary", weight="bold", size="2"),
                    rx.text(d["summary"], size="2"),
                    style={
                        "background": "var(--violet-a3)",
                        "border": "1px solid var(--violet-a5)",
                        "border_radius": "var(--radius-3)",
                        "padding": "0.75rem",
                        "margin_bottom": "0.75rem",
                    },
                ),
            ),
            rx.scroll_area(
                rx.cond(
                    d["html"] != "",
                    rx.html(d["html"], class_name="saved-result-body", style=RESULT_BODY_STYLE),
                    rx.text(d["text"], size="2", white_space="pre-wrap"),
                ),
                type="auto",
                scrollbars="vertical",
                style={"max_height": "55vh"},
            ),
            rx.flex(
                rx.button(
                    rx.icon("trash-2", size=16),
                    "Delete",
                    color_scheme="red",
                    variant="soft",
                    on_click=S.delete_result(d["id"]),
                ),
                rx.dialog.close(rx.button("Close", variant="soft", color_scheme="gray")),
                justify="end",
                spacing="3",
                margin_top="1rem",
            ),
            max_width="48rem",
            id="result-detail",
        ),
        open=S.detail_open,
        on_open_change=S.set_detail_open,
    )


@rx.page(
    route="/dashboard",
    title="Dashboard | Unstuck",
    description="Your Unstuck dashboard: favourite tools, saved results, activity, notifications.",
    on_load=[AuthState.require_access, DashboardState.load],
)
def dashboard() -> rx.Component:
    left = rx.vstack(_profile_card(), _favorites_card(), _stats_card(), spacing="4", width="100%")
    main = rx.vstack(
        _welcome(),
        rx.cond(
            S.load_failed,
            rx.callout(
                LOAD_FAILED,
                icon="triangle-alert",
                color_scheme="red",
                width="100%",
            ),
        ),
        _action_cards(),
        _saved_section(),
        _documents_section(),
        rx.grid(
            _activity_section(),
            _notifications_section(),
            columns=rx.breakpoints(initial="1", lg="2"),
            spacing="4",
            width="100%",
        ),
        spacing="4",
        width="100%",
        min_width="0",
    )
    return page_layout(
        section(
            rx.box(
                left,
                main,
                style={
                    "display": "grid",
                    "gap": "1.25rem",
                    "grid_template_columns": [
                        "minmax(0,1fr)",
                        "minmax(0,1fr)",
                        "minmax(0,1fr)",
                        "280px minmax(0,1fr)",
                    ],
                    "align_items": "start",
                    "width": "100%",
                },
            ),
            _favorites_modal(),
            _profile_modal(),
            _detail_modal(),
            padding_y=["1.5rem", "2rem", "2.5rem"],
        )
    )
