"""The weekly watch on a brief (issue 30, item 2), as the founder uses it: watch an idea, pause,
resume or stop, and read the watch's panel (next check, history); the digest's mute and
unsubscribe links. The schedule itself is services/watch_checks.py, the digest
services/watch_digest.py.

Functions take the `Session` first and the founder's id from the server-side session; every
query is scoped by it, so another founder's idea or watch reads as not found. A founder
watches at most `WATCH_LIMIT` ideas (active or paused): the limit is checked after the new
row is written, in one writer's turn, so two clicks at once cannot pass it together."""

from __future__ import annotations

import dataclasses
import logging
from datetime import datetime
from typing import Any

from sqlalchemy import func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from startup_toolkit.db import one_writer_at_a_time
from startup_toolkit.domain import tools
from startup_toolkit.domain import watch as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.models.settings import UserPreferences
from startup_toolkit.models.watch import IdeaWatch, WatchCheck, WatchDigest
from startup_toolkit.services import user_settings, workspace
from startup_toolkit.services.sessions import hash_token
from startup_toolkit.settings import get_settings

log = logging.getLogger(__name__)

OFF, ACTIVE, PAUSED = "off", "active", "paused"
HISTORY_SHOWN = 10
SCANNER = tools.SCANNER.key

STARTED = "Watching this idea: its first check runs within a few minutes."
PAUSED_TEXT = "Watch paused: no checks until you resume it."
RESUMED = "Watch resumed."
STOPPED = "Watch stopped."
NOT_FOUND = "There is no idea at this address among yours."
NOT_WATCHED = "This idea is not watched."
FAILED = "The watch could not be changed. Please try again."
AT_LIMIT = (
    "You already watch {limit} ideas, the most at once. Pause is not enough: stop watching "
    "one of them to watch this idea."
)


@dataclasses.dataclass(frozen=True)
class ChangeLine:
    """One change a check found, with the page it rests on ('' for a score move)."""

    text: str = ""
    source: str = ""


@dataclasses.dataclass(frozen=True)
class HistoryLine:
    """One check of the watch, as its panel lists it."""

    id: int = 0
    at: datetime | None = None
    status: str = ""
    label: str = ""
    note: str = ""
    changes: list[ChangeLine] = dataclasses.field(default_factory=list)
    run_link: str = ""  # the run this check kept, on the Scanner's page
    compared_link: str = ""  # the earlier run it was compared with


@dataclasses.dataclass(frozen=True)
class WatchPanel:
    """The watch panel of one of the founder's ideas."""

    idea_id: int = 0
    status: str = OFF
    next_check: datetime | None = None  # only while active
    every: str = ""
    limit_text: str = ""  # why this idea cannot be watched now ('' when it can)
    history: list[HistoryLine] = dataclasses.field(default_factory=list)


@dataclasses.dataclass(frozen=True)
class WatchResult:
    """What a change to a watch did: the panel after it, and what to tell the founder."""

    ok: bool
    message: str
    panel: WatchPanel | None = None


def _own_watch(session: Session, user_id: str, idea_id: Any) -> IdeaWatch | None:
    row_id = valid_row_id(idea_id, text=False)
    if row_id is None:
        return None
    query = select(IdeaWatch).where(IdeaWatch.user_id == user_id, IdeaWatch.idea_id == row_id)
    return session.exec(query).first()


def watch_count(session: Session, user_id: str) -> int:
    """How many ideas the founder watches (active or paused)."""
    query = select(func.count()).select_from(IdeaWatch).where(IdeaWatch.user_id == user_id)
    return int(session.exec(query).one())


def _history_line(row: WatchCheck) -> HistoryLine:
    changes = [ChangeLine(c.text, c.source) for c in map(rules.change_of, row.changes or []) if c]
    return HistoryLine(
        id=row.id or 0,
        at=row.finished_at or row.created_at,
        status=row.status,
        label=rules.STATUS_LABELS.get(row.status, row.status),
        note=row.note,
        changes=changes,
        run_link=tools.reopen_path(SCANNER, row.run_id) if row.run_id else "",
        compared_link=tools.reopen_path(SCANNER, row.compared_id) if row.compared_id else "",
    )


def history(session: Session, user_id: str, watch_id: int) -> list[HistoryLine]:
    """The watch's newest checks, newest first."""
    query = WatchCheck.newest_first(user_id).where(WatchCheck.watch_id == watch_id)
    return [_history_line(r) for r in session.exec(query.limit(HISTORY_SHOWN)).all()]


def panel(session: Session, user_id: str, idea_id: int) -> WatchPanel:
    """The watch panel of the founder's idea `idea_id` (off when not watched)."""
    settings = get_settings()
    every = rules.interval_text(settings.watch_interval_days)
    row = _own_watch(session, user_id, idea_id)
    if row is None or row.id is None:
        full = watch_count(session, user_id) >= settings.watch_limit
        limit_text = AT_LIMIT.format(limit=settings.watch_limit) if full else ""
        return WatchPanel(idea_id, OFF, None, every, limit_text)
    next_check = row.next_check_at if row.status == ACTIVE else None
    return WatchPanel(idea_id, row.status, next_check, every, "", history(session, user_id, row.id))


def start_watch(
    session: Session, user_id: str, idea_id: Any, *, now: datetime | None = None
) -> WatchResult:
    """Watch one of the founder's ideas: its first check falls due at once (the baseline)."""
    idea = workspace.get_idea(session, user_id, idea_id)
    if idea is None or idea.id is None:
        return WatchResult(False, NOT_FOUND)
    if _own_watch(session, user_id, idea.id) is not None:
        return WatchResult(True, STARTED, panel(session, user_id, idea.id))
    limit = get_settings().watch_limit
    at = now or utcnow()
    try:
        one_writer_at_a_time(session, f"watch-limit:{user_id}")
        session.add(IdeaWatch(user_id=user_id, idea_id=idea.id, next_check_at=at, updated_at=at))
        session.flush()
        if watch_count(session, user_id) > limit:
            session.rollback()
            refused = AT_LIMIT.format(limit=limit)
            return WatchResult(False, refused, panel(session, user_id, idea.id))
        session.commit()
    except IntegrityError:  # the same idea watched from another tab at the same moment
        session.rollback()
    return WatchResult(True, STARTED, panel(session, user_id, idea.id))


def _set_status(
    session: Session, user_id: str, idea_id: Any, status: str, message: str, now: datetime
) -> WatchResult:
    row = _own_watch(session, user_id, idea_id)
    if row is None:
        return WatchResult(False, NOT_WATCHED)
    if status == ACTIVE and row.status != ACTIVE:
        row.next_check_at = max(row.next_check_at, now)  # a check missed while paused: now
    row.status = status
    row.updated_at = now
    session.add(row)
    session.commit()
    return WatchResult(True, message, panel(session, user_id, row.idea_id))


def pause_watch(
    session: Session, user_id: str, idea_id: Any, *, now: datetime | None = None
) -> WatchResult:
    return _set_status(session, user_id, idea_id, PAUSED, PAUSED_TEXT, now or utcnow())


def resume_watch(
    session: Session, user_id: str, idea_id: Any, *, now: datetime | None = None
) -> WatchResult:
    return _set_status(session, user_id, idea_id, ACTIVE, RESUMED, now or utcnow())


def stop_watch(session: Session, user_id: str, idea_id: Any) -> WatchResult:
    """Stop watching the idea: the watch and its history go; the runs it kept stay on the
    idea like any other run."""
    row = _own_watch(session, user_id, idea_id)
    if row is None:
        return WatchResult(False, NOT_WATCHED)
    for check in session.exec(select(WatchCheck).where(WatchCheck.watch_id == row.id)).all():
        session.delete(check)
    session.delete(row)
    session.commit()
    return WatchResult(True, STOPPED, panel(session, user_id, row.idea_id))


# --- The digest's links ----------------------------------------------------------------------

MUTED = "This watch is paused. Resume it from the idea's brief whenever you like."
UNSUBSCRIBED = "You will get no more weekly watch emails. The app still shows what changed."
LINK_UNKNOWN = "This link is not valid any more. Open the brief to change your watch."


def _digest_of(session: Session, token: Any) -> WatchDigest | None:
    if not isinstance(token, str) or not 20 <= len(token) <= 200:
        return None
    query = select(WatchDigest).where(WatchDigest.token_hash == hash_token(token))
    return session.exec(query).first()


def mute_by_link(session: Session, token: Any, watch_id: Any) -> str:
    """A digest's "pause this watch" link: the watch (of that digest's founder) is paused."""
    digest = _digest_of(session, token)
    row_id = valid_row_id(watch_id)
    if digest is None or row_id is None:
        return LINK_UNKNOWN
    row = session.get(IdeaWatch, row_id)
    if row is None or row.user_id != digest.user_id:
        return LINK_UNKNOWN
    if row.status == ACTIVE:
        row.status, row.updated_at = PAUSED, utcnow()
        session.add(row)
        session.commit()
    return MUTED


def unsubscribe_by_link(session: Session, token: Any) -> str:
    """A digest's "stop these emails" link: the founder's weekly reports are turned off."""
    digest = _digest_of(session, token)
    if digest is None:
        return LINK_UNKNOWN
    prefs = user_settings.get_preferences(session, digest.user_id)
    if prefs is None:
        return LINK_UNKNOWN
    prefs.weekly_reports = False
    prefs.updated_at = utcnow()
    session.add(prefs)
    session.commit()
    return UNSUBSCRIBED


def wants_email(session: Session, user_id: str) -> bool:
    """Whether the founder takes the digest by email (weekly reports on, the default)."""
    query = select(UserPreferences.weekly_reports).where(UserPreferences.user_id == user_id)
    found = session.exec(query).first()
    return True if found is None else bool(found)


def active_watches(session: Session, user_id: str) -> list[IdeaWatch]:
    """The founder's active watches, oldest first."""
    query = select(IdeaWatch).where(IdeaWatch.user_id == user_id, IdeaWatch.status == ACTIVE)
    return list(session.exec(query.order_by(col(IdeaWatch.id))).all())
