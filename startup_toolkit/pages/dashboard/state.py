"""DashboardState: what /dashboard shows and its handlers (P-DASH-1..10).

Every handler asks the server-side session who is signed in; ids sent by the browser are
checked (`valid_row_id`: a bad one gets the not-found answer) and only ever select among that
user's own rows (the services filter by user id). The database work
runs in a worker thread (`for_user`), never on the event loop.
"""

from __future__ import annotations

import asyncio
import dataclasses
from collections.abc import Callable
from datetime import datetime
from typing import Any, TypeVar

import reflex as rx
from reflex.event import EventSpec

from startup_toolkit.domain.catalog import ALL_TOOLS, Tool
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.formatting import is_recent, relative_time_label
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.domain.tools import result_path
from startup_toolkit.services import dashboard as service
from startup_toolkit.services import favorites
from startup_toolkit.state import toasts
from startup_toolkit.state.auth import AuthState, runs_access_guard
from startup_toolkit.state.private import UserCall, for_user
from startup_toolkit.state.private_state import PrivateStateMixin
from startup_toolkit.state.share import ShareState

LOAD_FAILED = "Failed to load user data"
RESULT_LOAD_FAILED = "Failed to load result"
RESULT_DELETED = "Result deleted successfully"
RESULT_RESTORED = "Result restored"
RESTORE_FAILED = "Could not restore the result"
UNDO_SECONDS = 8
RESULT_DELETE_FAILED = "Failed to delete result"
ALL_READ = "All notifications marked as read"
NOTHING_TO_CLEAR = "No notifications to clear"
CLEAR_FAILED = "Failed to clear notifications"
MARK_READ_FAILED = "Failed to mark notification as read"
PROFILE_PATH = "/profile"

T = TypeVar("T")


def _tool(path: Any) -> Tool | None:
    """A catalogue tool by its path (anything else from the browser is ignored)."""
    return next((t for t in ALL_TOOLS if isinstance(path, str) and t.path == path), None)


def _when(at: datetime, now: datetime) -> str:
    """'Just now', '5 minutes ago'... for recent entries; '' (the page shows a date) else."""
    return relative_time_label(at, now) if is_recent(at, now) else ""


def _favorite_rows(items: tuple[service.FavoriteItem, ...]) -> list[dict[str, str]]:
    return [{"name": f.tool_name, "path": f.tool_path, "icon": f.icon} for f in items]


def _dated(at: datetime, now: datetime) -> dict[str, str]:
    """An entry's time for the page: ISO `at`, and the relative label `when` ('' if old)."""
    return {"at": at.isoformat(), "when": _when(at, now)}


def _saved_row(s: service.SavedItem) -> dict[str, str]:
    """A saved result as the list and the detail modal show it."""
    return {
        "id": str(s.id),
        "title": s.title,
        "tool": s.tool_name,
        "type": s.content_type,
        "at": s.created_at.isoformat(),
        "summary": s.summary,
        "basis": s.basis,
        "open": result_path(s.tool_name, s.id),
    }


def _saved_rows(items: tuple[service.SavedItem, ...]) -> list[dict[str, str]]:
    return [_saved_row(s) for s in items]


def _document_rows(items: tuple[service.DocumentItem, ...]) -> list[dict[str, str]]:
    return [
        {
            "id": str(d.id),
            "name": d.name,
            "tool": d.tool_name,
            "kind": d.kind,
            "size": d.size,
            "url": d.download_url,
            "at": d.created_at.isoformat(),
        }
        for d in items
    ]


def _activity_rows(items: tuple[service.ActivityItem, ...], now: datetime) -> list[dict[str, str]]:
    return [
        {"n": str(i + 1), "tool": a.tool_name, "action": a.action, **_dated(a.created_at, now)}
        for i, a in enumerate(items)
    ]


def _notification_rows(
    items: tuple[service.NotificationItem, ...], now: datetime
) -> list[dict[str, str]]:
    return [
        {
            "id": str(n.id),
            "icon": n.icon,
            "message": n.message,
            "read": "1" if n.is_read else "",
            **_dated(n.created_at, now),
        }
        for n in items
    ]


def _detail_row(found: service.ResultDetail) -> dict[str, str]:
    return {**_saved_row(found), "html": found.html, "text": found.text}


@dataclasses.dataclass
class DashboardView:
    """Everything the dashboard shows from one load (P-DASH-1..8), reset in one assignment."""

    plan_name: str = ""
    plan_active: bool = False
    favorites: list[dict[str, str]] = dataclasses.field(default_factory=list)
    tools_used: int = 0
    documents_count: int = 0
    challenges: int = 0
    resume_tool: str = ""
    resume_path: str = ""
    saved: list[dict[str, str]] = dataclasses.field(default_factory=list)
    saved_total: int = 0
    documents: list[dict[str, str]] = dataclasses.field(default_factory=list)
    documents_total: int = 0
    activity: list[dict[str, str]] = dataclasses.field(default_factory=list)
    notifications: list[dict[str, str]] = dataclasses.field(default_factory=list)
    unread: int = 0


def _view(data: service.DashboardData) -> DashboardView:
    now = utcnow()
    return DashboardView(
        plan_name=data.plan_name,
        plan_active=data.plan_active,
        favorites=_favorite_rows(data.favorites),
        tools_used=data.stats.tools_used,
        documents_count=data.documents_count,
        challenges=data.stats.challenges_completed,
        resume_tool=data.resume_tool,
        resume_path=data.resume_path,
        saved=_saved_rows(data.saved),
        saved_total=data.saved_total,
        documents=_document_rows(data.documents),
        documents_total=data.documents_total,
        activity=_activity_rows(data.activity, now),
        notifications=_notification_rows(data.notifications, now),
        unread=data.unread,
    )


class DashboardState(PrivateStateMixin, rx.State):
    """The page loads while `view` is None (its skeletons show). The dialogs' open flags
    (favourites, profile, delete's confirm) live in the browser (uncontrolled dialogs); the
    result detail is open while `detail` holds a result."""

    load_failed: bool = False
    view: DashboardView | None = None  # None until loaded
    detail: dict[str, str] | None = None  # None while no result is open
    _deleted: dict[str, Any] = {}  # what Undo puts back (the last result deleted)

    def _favorite_paths(self) -> list[str]:
        return [f["path"] for f in self.view.favorites] if self.view is not None else []

    async def _mine(
        self, fn: Callable[..., T | None], *args: Any, failed: str, what: str
    ) -> UserCall[T]:
        """`fn(session, user_id, *args)` in a worker thread. Not ok when signed out (no toast:
        the page's guard sends the visitor to /login), or with the `failed` error toast when
        it raised or gave None or False (not the user's row, nothing changed)."""
        toast = toasts.error(failed)
        done = await for_user(self, fn, *args, signed_out=None, failed=toast, what=what)
        if done.ok and (done.value is None or done.value is False):
            return UserCall(False, toast=toast)
        return done  # type: ignore[return-value]

    async def _reload(self) -> UserCall[service.DashboardData]:
        """Read the dashboard again (an account that is gone counts as a failure)."""
        done = await self._mine(
            service.load_dashboard, failed=LOAD_FAILED, what="Loading the dashboard"
        )
        if done.value is not None:
            self.view = _view(done.value)
            self.load_failed = False
        elif done.toast is not None:
            self.load_failed = True
        return done

    @rx.event
    @runs_access_guard
    async def load(self) -> EventSpec | None:
        """The page's one on_load event: the access guard (P-AUTH-1, P-AUTH-2), then the
        dashboard and the shared links side by side; on failure the toast 'Failed to load user
        data' (P-DASH-10). One event instead of three spares every page load two rounds of
        event processing (issue 12)."""
        auth = await self.get_state(AuthState)
        denied = await auth._access_redirect()
        if denied is not None:
            return denied
        share = await self.get_state(ShareState)
        done, links_failed = await asyncio.gather(self._reload(), share._refresh_links())
        # A first load that failed shows the empty dashboard under its failure note; signed
        # out (the guard redirects), the skeletons stay.
        if done.toast is not None and self.view is None:
            self.view = DashboardView()
        return done.toast or links_failed

    # --- dialogs ----------------------------------------------------------------------------

    @rx.event
    def set_detail_open(self, value: bool) -> None:
        """The result detail's open change: closing it forgets the result."""
        if not value:
            self.detail = None

    @rx.event
    def manage_profile(self) -> EventSpec:
        """P-DASH-9: a full-page navigation to /profile (the button also closes the dialog)."""
        return rx.call_script(f"window.location.assign('{PROFILE_PATH}')")

    # --- favourites -------------------------------------------------------------------------

    @rx.event
    async def toggle_favorite(self, tool_path: str) -> EventSpec | None:
        """P-DASH-2: add or remove a catalogue tool from the user's favourites."""
        tool = _tool(tool_path)
        if tool is None:
            return None
        done = await self._mine(
            service.toggle_favorite,
            tool,
            failed=favorites.REMOVE_FAILED
            if tool.path in self._favorite_paths()
            else favorites.ADD_FAILED,
            what="Toggling a favourite",
        )
        if done.value is None:
            return done.toast
        if self.view is not None:  # (the Add Favorites dialog opens while the page loads)
            favs = _favorite_rows(done.value.favorites)
            self.view = dataclasses.replace(self.view, favorites=favs)
        return toasts.success(favorites.ADDED if done.value.added else favorites.REMOVED)

    @rx.event
    async def open_favorite(self, tool_path: str) -> EventSpec | None:
        """P-DASH-2: log 'Opened {tool} from favorites', then go to the tool."""
        tool = _tool(tool_path)
        if tool is None:
            return None
        go = rx.redirect(tool.path)
        done = await for_user(
            self,
            service.record_favorite_opened,
            tool,
            signed_out=None,
            failed=go,  # a log that fails must not keep the founder from the tool
            what="Logging an opened favourite",
        )
        return go if done.ok else done.toast

    # --- saved results ----------------------------------------------------------------------

    @rx.event
    async def open_result(self, result_id: Any) -> EventSpec | None:
        """P-DASH-5: the detail modal of one of the user's own results. Ids are hinted `Any`
        here and below: any JSON value reaches `valid_row_id`, so a bad id gets the same answer
        as another user's (the argument check of issue 27, item 3 admits what a hint admits)."""
        rid = valid_row_id(result_id)
        if rid is None:  # no row has it: the answer to another user's id
            return toasts.error(RESULT_LOAD_FAILED)
        done = await self._mine(
            service.result_detail, rid, failed=RESULT_LOAD_FAILED, what="Reading a saved result"
        )
        if done.value is None:
            return done.toast
        self.detail = _detail_row(done.value)
        return None

    @rx.event
    async def delete_result(self, result_id: Any) -> EventSpec | None:
        """P-DASH-5: delete one of the user's own results (closes its open detail); the toast
        offers Undo for a few seconds. Its confirm dialog asked first, in the browser."""
        rid = valid_row_id(result_id)
        if rid is None:
            return toasts.error(RESULT_DELETE_FAILED)
        done = await self._mine(
            service.delete_result, rid, failed=RESULT_DELETE_FAILED, what="Deleting a result"
        )
        if not done.ok:
            return done.toast
        self._deleted = dict(done.value or {})
        if self.detail is not None and self.detail.get("id") == str(rid):
            self.detail = None
        await self._reload()
        return rx.toast.success(
            RESULT_DELETED,
            id="result-deleted",
            description="",
            duration=UNDO_SECONDS * 1000,
            action={"label": "Undo", "on_click": DashboardState.undo_delete},
        )

    @rx.event
    async def undo_delete(self) -> EventSpec | None:
        """Put back the result deleted last."""
        if not self._deleted:
            return None
        done = await self._mine(
            service.restore_result,
            self._deleted,
            failed=RESTORE_FAILED,
            what="Restoring a result",
        )
        if not done.ok:
            return done.toast
        self._deleted = {}
        await self._reload()
        # An id of its own: the Undo click dismisses the "deleted" toast, and sonner merges a
        # toast sharing its id into that one as it leaves, so the confirmation would vanish.
        return toasts.success(RESULT_RESTORED, id="result-restored")

    # --- notifications ----------------------------------------------------------------------

    @rx.event
    async def mark_all_read(self) -> EventSpec | None:
        """P-DASH-8: mark every unread notification of the user read."""
        failed = toasts.error(CLEAR_FAILED)
        done = await for_user(
            self,
            service.mark_all_read,
            signed_out=None,
            failed=failed,
            what="Marking all notifications read",
        )
        if not done.ok:
            return done.toast
        if done.value is None:
            return toasts.info(NOTHING_TO_CLEAR)
        if done.value == 0:
            return failed
        if self.view is not None:  # (the button shows while the page loads)
            read = [{**n, "read": "1"} for n in self.view.notifications]
            self.view = dataclasses.replace(self.view, notifications=read, unread=0)
        return toasts.success(ALL_READ)

    @rx.event
    async def dismiss_notification(self, notification_id: Any) -> EventSpec | None:
        """P-DASH-8: dismissing marks one of the user's notifications read."""
        nid = valid_row_id(notification_id)
        if nid is None:
            return toasts.error(MARK_READ_FAILED)
        done = await self._mine(
            service.dismiss_notification,
            nid,
            failed=MARK_READ_FAILED,
            what="Dismissing a notification",
        )
        if done.value is None:
            return done.toast
        if self.view is not None:
            notes = self.view.notifications
            read = [{**n, "read": "1"} if n["id"] == str(nid) else n for n in notes]
            self.view = dataclasses.replace(self.view, notifications=read, unread=done.value)
        return None
