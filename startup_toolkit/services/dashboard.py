"""Everything /dashboard shows, read in a fixed, small number of queries (spec platform
sections 2 "Dashboard", 4 and 9).

`load_dashboard` runs the same queries whatever the amount of data (no query per row):
account, plan (subscription mode only), favourites, notifications (first 10 and the unread
count), legacy documents (first 8 and the count), the saved-results count, and, when their
caches are cold, stats (30 s), recent activity (10 s) and the first saved results (5 min).
The caches live in this process, keyed by user, and hold plain frozen values. The user's own
changes made through this module (deleting a result, opening a favourite) drop the caches
they affect; a saved result added or removed elsewhere is noticed at once because the cached
list is only reused while the user's result count and newest id are unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import datetime
from typing import Any, TypeVar

from sqlalchemy import distinct, func
from sqlmodel import Session, col, select

from startup_toolkit.domain import run_origin, tools
from startup_toolkit.domain.billing import plan_story
from startup_toolkit.domain.catalog import ALL_TOOLS, Tool
from startup_toolkit.domain.formatting import display_size
from startup_toolkit.domain.identity import is_valid_user_id
from startup_toolkit.domain.saved_results import truncate_summary
from startup_toolkit.domain.urls import link_or_empty
from startup_toolkit.models.activity import UserActivity, UserStats
from startup_toolkit.models.results import SavedResult, UserDocument
from startup_toolkit.services import (
    access,
    accounts,
    arena,
    favorites,
    notifications,
    saved_results,
)
from startup_toolkit.services.activity import log_activity
from startup_toolkit.services.user_cache import invalidate, remember
from startup_toolkit.settings import get_settings

T = TypeVar("T")

SAVED_LIMIT = 6
DOCUMENTS_LIMIT = 8
ACTIVITY_LIMIT = 10
NOTIFICATIONS_LIMIT = 10
STATS_TTL = 30.0
ACTIVITY_TTL = 10.0
# Every writer of these invalidates them (after its commit), so the TTL only bounds memory.
SAVED_TTL = 300.0
LISTS_TTL = 300.0
#: Whether the founder subscribes (the plan badge): a webhook's change shows within a minute.
PLAN_TTL = 60.0


_TOOLS_BY_NAME: dict[str, Tool] = {t.name: t for t in ALL_TOOLS}


# --------------------------------------------------------------------------- values


@dataclass(frozen=True)
class Stats:
    tools_used: int
    documents_generated: int
    challenges_completed: int


@dataclass(frozen=True)
class ActivityItem:
    id: int
    tool_name: str
    action: str
    created_at: datetime


@dataclass(frozen=True)
class SavedItem:
    id: int
    title: str
    tool_name: str
    content_type: str
    created_at: datetime
    summary: str
    #: How it was made when not by the AI (issue 28): "Sample", "Estimate (AI reply
    #: unusable)", ...; '' for the AI's answer.
    basis: str


@dataclass(frozen=True)
class DocumentItem:
    id: int
    name: str
    tool_name: str
    kind: str  # 'Document' for PDF, else 'Article'
    size: str
    download_url: str
    created_at: datetime


@dataclass(frozen=True)
class NotificationItem:
    id: int
    type: str
    icon: str  # info, success or alert
    message: str
    is_read: bool
    created_at: datetime


@dataclass(frozen=True)
class FavoriteItem:
    tool_name: str
    tool_path: str
    icon: str


@dataclass(frozen=True)
class DashboardData:
    name: str
    email: str
    avatar_url: str
    initials: str
    plan_name: str
    plan_active: bool
    favorites: tuple[FavoriteItem, ...]
    stats: Stats
    documents_count: int  # the Quick Stats figure
    resume_tool: str  # '' when there is no tool activity yet
    resume_path: str
    saved: tuple[SavedItem, ...]
    saved_total: int
    documents: tuple[DocumentItem, ...]
    documents_total: int
    activity: tuple[ActivityItem, ...]
    notifications: tuple[NotificationItem, ...]
    unread: int


@dataclass(frozen=True)
class FavoriteToggle:
    added: bool  # False: removed
    favorites: tuple[FavoriteItem, ...]  # the user's favourites afterwards


@dataclass(frozen=True)
class ResultDetail(SavedItem):
    """A saved result as the detail modal shows it: its list row plus its body."""

    html: str  # sanitised when saved, and again when read
    text: str


# --------------------------------------------------------------------------- readers


def _plan(session: Session, user_id: str) -> tuple[str, bool]:
    """The plan badge: the profile's plan card tells the same story (`plan_story`)."""
    subscribed = remember(
        "plan", user_id, PLAN_TTL, lambda: access.has_active_subscription(session, user_id)
    )
    story = plan_story(subscribed, get_settings().effective_access_mode == "open")
    return story.badge, story.active


def _stats(session: Session, user_id: str) -> Stats:
    row = session.exec(select(UserStats).where(UserStats.user_id == user_id)).first()
    tools_used = session.exec(
        select(func.count(distinct(UserActivity.tool_name))).where(
            UserActivity.user_id == user_id,
            col(UserActivity.tool_name).in_(list(_TOOLS_BY_NAME)),
        )
    ).one()
    return Stats(
        tools_used=int(tools_used or 0),
        documents_generated=row.documents_generated if row else 0,
        # The Arena's challenges this founder completed (their kept runs reached the target).
        challenges_completed=arena.completed_challenges(session, user_id),
    )


def _activity(session: Session, user_id: str) -> tuple[ActivityItem, ...]:
    rows = session.exec(UserActivity.newest_first(user_id).limit(ACTIVITY_LIMIT)).all()
    return tuple(
        ActivityItem(id=r.id or 0, tool_name=r.tool_name, action=r.action, created_at=r.created_at)
        for r in rows
    )


def _summary(metadata: Any, content: Any) -> str:
    text = metadata.get("summary") if isinstance(metadata, Mapping) else None
    if not (isinstance(text, str) and text.strip()) and isinstance(content, Mapping):
        text = content.get("summary")
    return truncate_summary(" ".join(text.split())) if isinstance(text, str) else ""


def _basis(tool_name: Any, metadata: Any) -> str:
    """The label of a saved result that is not the AI's answer ('' for the AI's)."""
    spec = tools.saved_spec(tool_name)
    return tools.origin_badge(spec.key if spec else "", run_origin.of_saved_metadata(metadata))


def _saved(session: Session, user_id: str) -> tuple[int, tuple[SavedItem, ...]]:
    """How many results the user saved, and the newest `SAVED_LIMIT` of them."""
    total = session.exec(
        select(func.count()).select_from(SavedResult).where(SavedResult.user_id == user_id)
    ).one()
    columns = select(
        SavedResult.id,
        SavedResult.title,
        SavedResult.tool_name,
        SavedResult.content_type,
        SavedResult.created_at,
        SavedResult.result_metadata,
    )
    rows = session.exec(SavedResult.newest_first(user_id, columns).limit(SAVED_LIMIT)).all()
    # The first five columns are SavedItem's first five fields, in order.
    return int(total), tuple(
        SavedItem(*r[:5], summary=_summary(r[5], None), basis=_basis(r[2], r[5])) for r in rows
    )


def _documents(session: Session, user_id: str) -> tuple[tuple[DocumentItem, ...], int]:
    rows = session.exec(UserDocument.newest_first(user_id).limit(DOCUMENTS_LIMIT)).all()
    total = session.exec(
        select(func.count()).select_from(UserDocument).where(UserDocument.user_id == user_id)
    ).one()
    items = tuple(
        DocumentItem(
            id=r.id or 0,
            name=r.name,
            tool_name=r.tool_name,
            kind="Document" if r.file_format.strip().upper() == "PDF" else "Article",
            size=display_size(r.file_size),
            download_url=link_or_empty(r.download_url),
            created_at=r.created_at,
        )
        for r in rows
    )
    return items, int(total)


def notification_icon(type_: str) -> str:
    """info, success or alert (error and warning) for the dashboard's icons."""
    if type_ == "success":
        return "success"
    if type_ in ("error", "warning"):
        return "alert"
    return "info"


def _notifications(
    session: Session, user_id: str
) -> tuple[tuple[notifications.NotificationView, ...], int]:
    """The newest `NOTIFICATIONS_LIMIT` notifications and how many are unread."""
    rows = notifications.list_notifications(session, user_id, limit=NOTIFICATIONS_LIMIT)
    return tuple(rows), notifications.unread_count(session, user_id)


def _favorites(session: Session, user_id: str) -> tuple[FavoriteItem, ...]:
    items = []
    for row in favorites.list_favorites(session, user_id):
        tool = _TOOLS_BY_NAME.get(row.tool_name)
        if tool is not None:
            items.append(FavoriteItem(tool_name=tool.name, tool_path=tool.path, icon=tool.icon))
    return tuple(items)


def load_dashboard(session: Session, user_id: str) -> DashboardData | None:
    """The dashboard of `user_id` (None when the account is gone). Database errors propagate
    so the page can say 'Failed to load user data'."""
    if not is_valid_user_id(user_id):
        return None
    view = accounts.cached_account_view(session, user_id)
    if view is None:
        return None
    plan_name, plan_active = _plan(session, user_id)
    favorite_items = remember("favorites", user_id, LISTS_TTL, lambda: _favorites(session, user_id))
    stats = remember("stats", user_id, STATS_TTL, lambda: _stats(session, user_id))
    activity = remember("activity", user_id, ACTIVITY_TTL, lambda: _activity(session, user_id))
    saved_total, saved = remember("saved", user_id, SAVED_TTL, lambda: _saved(session, user_id))
    documents, documents_total = remember(
        "documents", user_id, LISTS_TTL, lambda: _documents(session, user_id)
    )
    rows, unread = remember(
        "notifications", user_id, LISTS_TTL, lambda: _notifications(session, user_id)
    )

    tools = [_TOOLS_BY_NAME[a.tool_name] for a in activity if a.tool_name in _TOOLS_BY_NAME]
    resume = tools[0] if tools else None
    return DashboardData(
        name=view.name,
        email=view.email,
        avatar_url=view.avatar_url,
        initials=view.initials,
        plan_name=plan_name,
        plan_active=plan_active,
        favorites=favorite_items,
        stats=stats,
        # The counter is never raised by this app's tools: count what the user keeps.
        documents_count=max(stats.documents_generated, int(saved_total) + documents_total),
        resume_tool=resume.name if resume else "",
        resume_path=resume.path if resume else "",
        saved=saved,
        saved_total=int(saved_total),
        documents=documents,
        documents_total=documents_total,
        activity=activity,
        notifications=tuple(
            NotificationItem(
                id=n.id or 0,
                type=n.type,
                icon=notification_icon(n.type),
                message=n.message,
                is_read=n.is_read,
                created_at=n.created_at,
            )
            for n in rows
        ),
        unread=unread,
    )


# --------------------------------------------------------------------------- detail and changes


def _content_text(content: Any) -> str:
    """Readable text of a saved result's content (the fallback when it has no HTML)."""
    if isinstance(content, str):
        return content
    if isinstance(content, Mapping):
        raw = content.get("rawContent")
        if isinstance(raw, str):
            return raw
        messages = content.get("messages")
        if isinstance(messages, list):
            lines = [
                f"{m.get('role', '')}: {m.get('content', '')}"
                for m in messages
                if isinstance(m, Mapping)
            ]
            return "\n\n".join(lines)
        data = content.get("data", content)
        return json.dumps(data, indent=2, ensure_ascii=False, default=str)
    if content is None:
        return ""
    return json.dumps(content, indent=2, ensure_ascii=False, default=str)


def result_detail(session: Session, user_id: str, result_id: Any) -> ResultDetail | None:
    """One of the user's own saved results for the detail modal (None otherwise)."""
    row = saved_results.get_saved_result(session, user_id, result_id)
    if row is None:
        return None
    return ResultDetail(
        id=row.id or 0,
        title=row.title,
        tool_name=row.tool_name,
        content_type=row.content_type,
        created_at=row.created_at,
        html=saved_results.readable_html(row),
        text=_content_text(row.content),
        summary=_summary(row.result_metadata, row.content),
        basis=_basis(row.tool_name, row.result_metadata),
    )


def delete_result(session: Session, user_id: str, result_id: Any) -> dict[str, Any] | None:
    """Delete one of the user's own saved results and forget the caches it affects; what
    Undo needs to put it back (None: not theirs, or the database failed)."""
    taken = saved_results.take_saved_result(session, user_id, result_id)
    if taken is not None:
        invalidate(user_id, "saved", "stats")
    return taken


def restore_result(session: Session, user_id: str, snapshot: Any) -> int | None:
    """Undo: put back a result `delete_result` removed, and forget the caches it affects."""
    restored = saved_results.restore_saved_result(session, user_id, snapshot)
    if restored is not None:
        invalidate(user_id, "saved", "stats")
    return restored


def record_favorite_opened(session: Session, user_id: str, tool: Tool) -> bool:
    """Log 'Opened {tool} from favorites' and forget the caches it affects."""
    ok = log_activity(session, user_id, tool.name, f"Opened {tool.name} from favorites")
    invalidate(user_id, "activity", "stats")
    return ok


def toggle_favorite(session: Session, user_id: str, tool: Tool) -> FavoriteToggle | None:
    """Add the catalogue tool to the user's favourites or remove it (None when that fails)."""
    added = favorites.toggle_favorite(session, user_id, tool.name, tool.path)
    if added is None:
        return None
    # Read once and kept: the next dashboard load of any tab of the user starts from it.
    mine = remember("favorites", user_id, LISTS_TTL, lambda: _favorites(session, user_id))
    return FavoriteToggle(added=added, favorites=mine)


def mark_all_read(session: Session, user_id: str) -> int | None:
    """Mark the user's unread notifications read: how many changed (None: none were unread)."""
    if notifications.unread_count(session, user_id) == 0:
        return None
    return notifications.mark_all_read(session, user_id)


def dismiss_notification(session: Session, user_id: str, notification_id: int) -> int | None:
    """Mark one of the user's notifications read: the unread count afterwards (None when it
    is not the user's or the change failed)."""
    if not notifications.mark_read(session, user_id, notification_id):
        return None
    return notifications.unread_count(session, user_id)
