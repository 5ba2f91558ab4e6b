"""The shared Startup Arena's use cases (issue 16): a founder's startup entry, posts (plain
text, bounded, a few an hour, deleted by their author only), likes (one per founder per post,
a toggle), joining challenges and events, following founders, and challenge completion
counted from the founder's kept tool runs.

Every function takes the acting founder's id from the caller (a state that read it from the
server-side session); what it changes is that founder's own rows only. What every founder
sees (entries, posts, like counts) is read in `arena_board`.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import datetime, timedelta
from typing import Any

from sqlalchemy import delete, func
from sqlalchemy.exc import IntegrityError
from sqlmodel import Session, col, select

from startup_toolkit.db import one_writer_at_a_time
from startup_toolkit.domain import arena as rules
from startup_toolkit.domain import arena_content as content
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.ids import valid_row_id
from startup_toolkit.models.arena import ArenaEntry, ArenaJoin, ArenaLike, ArenaPost
from startup_toolkit.models.workspace import ToolRunRecord
from startup_toolkit.services import user_cache

CHALLENGE = "challenge"
EVENT = "event"
FOLLOW = "follow"
#: The longest challenge window: older open joins can no longer complete.
_LONGEST_WINDOW = timedelta(days=max(c.days for c in content.CHALLENGES))


# --------------------------------------------------------------------------- the entry


def get_entry(session: Session, user_id: str) -> ArenaEntry | None:
    return session.exec(select(ArenaEntry).where(ArenaEntry.user_id == user_id)).first()


@dataclass(frozen=True)
class EntryOutcome:
    errors: dict[str, str]  # empty: saved
    created: bool = False  # a new entry (False: an update, or refused)


def save_entry(
    session: Session, user_id: str, values: dict[str, Any], now: datetime | None = None
) -> EntryOutcome:
    """Enter the founder's startup, or update their entry (one per founder)."""
    errors = rules.validate_join(values)
    if errors:
        return EntryOutcome(errors)
    clean = rules.entry_values(values)
    now = now or utcnow()
    entry = get_entry(session, user_id)
    created = entry is None
    if entry is None:
        entry = ArenaEntry(user_id=user_id, created_at=now, **clean)
    else:
        for name, value in clean.items():
            setattr(entry, name, value)
    entry.updated_at = now
    session.add(entry)
    try:
        session.commit()
    except IntegrityError:  # a second tab entered at the same moment: update that entry
        session.rollback()
        return save_entry(session, user_id, values, now)
    return EntryOutcome({}, created)


# --------------------------------------------------------------------------- posts


@dataclass(frozen=True)
class PostOutcome:
    post_id: int = 0  # 0: refused
    title: str = ""  # why not (a toast's title and text)
    detail: str = ""


def create_post(
    session: Session, user_id: str, text: Any, now: datetime | None = None
) -> PostOutcome:
    """Share a plain-text post; refused when empty, too long, before entering the Arena or
    past MAX_POSTS_PER_HOUR in the last hour."""
    error = rules.validate_post(text)
    if error == rules.EMPTY_POST_DETAIL:
        return PostOutcome(title=rules.EMPTY_POST, detail=error)
    if error is not None:
        return PostOutcome(title="Post too long", detail=error)
    if get_entry(session, user_id) is None:
        return PostOutcome(title=rules.NOT_JOINED, detail="Enter your startup to post.")
    now = now or utcnow()
    one_writer_at_a_time(session, f"arena-post:{user_id}")
    post = ArenaPost(user_id=user_id, content=rules.plain_text(text), created_at=now)
    session.add(post)
    session.flush()  # written before counted (SQLite: the next writer waits for this commit)
    recent = session.exec(
        select(func.count())
        .select_from(ArenaPost)
        .where(ArenaPost.user_id == user_id, ArenaPost.created_at > now - timedelta(hours=1))
    ).one()
    if int(recent) > rules.MAX_POSTS_PER_HOUR:
        session.rollback()
        return PostOutcome(title=rules.POST_LIMIT, detail=rules.POST_LIMIT_DETAIL)
    session.commit()
    return PostOutcome(post_id=post.id or 0)


def delete_post(session: Session, user_id: str, post_id: Any) -> bool:
    """Delete the founder's own post (and its likes); another's post or none: False."""
    wanted = valid_row_id(post_id, text=False)
    if wanted is None:
        return False
    gone = session.exec(  # type: ignore[call-overload]
        delete(ArenaPost).where(col(ArenaPost.id) == wanted, col(ArenaPost.user_id) == user_id)
    )
    session.commit()
    return bool(gone.rowcount)


@dataclass(frozen=True)
class LikeOutcome:
    liked: bool
    likes: int  # the post's likes afterwards
    own: bool = False  # refused: a founder does not like their own post


def toggle_like(session: Session, user_id: str, post_id: Any) -> LikeOutcome | None:
    """Like the post, or take the like back: one like per founder per post (None: no such
    post). The score counts likes received, so a like and an unlike add up to nothing. The
    founder's own post is refused (issue 28, item 11): likes come from other founders."""
    wanted = valid_row_id(post_id, text=False)
    post = session.get(ArenaPost, wanted) if wanted is not None else None
    if wanted is None or post is None:
        return None
    mine = select(ArenaLike).where(ArenaLike.post_id == wanted, ArenaLike.user_id == user_id)
    if post.user_id == user_id:
        return LikeOutcome(False, _likes(session, wanted), own=True)
    existing = session.exec(mine).first()
    if existing is not None:
        session.delete(existing)
        session.commit()
    else:
        session.add(ArenaLike(post_id=wanted, user_id=user_id))
        try:
            session.commit()
        except IntegrityError:  # a double click raced this one: the like is there once
            session.rollback()
    liked = session.exec(mine).first() is not None
    return LikeOutcome(liked, _likes(session, wanted))


def _likes(session: Session, post_id: int) -> int:
    """How many founders like the post."""
    return int(
        session.exec(
            select(func.count()).select_from(ArenaLike).where(ArenaLike.post_id == post_id)
        ).one()
    )


# --------------------------------------------------------------------------- joining


def _join_row(session: Session, user_id: str, kind: str, key: str) -> ArenaJoin | None:
    return session.exec(
        select(ArenaJoin).where(
            ArenaJoin.user_id == user_id, ArenaJoin.kind == kind, ArenaJoin.key == key
        )
    ).first()


def _add_join(session: Session, user_id: str, kind: str, key: str, now: datetime) -> bool:
    """Add the row (False: it was there already, e.g. from another tab)."""
    session.add(ArenaJoin(user_id=user_id, kind=kind, key=key, created_at=now))
    try:
        session.commit()
    except IntegrityError:
        session.rollback()
        return False
    return True


def join_challenge(
    session: Session, user_id: str, key: Any, now: datetime | None = None
) -> str | None:
    """'joined', 'already' (joined and not ended) or 'rejoined' (an ended one starts over);
    None: no such challenge or not in the Arena."""
    found = content.challenge(key)
    if found is None or get_entry(session, user_id) is None:
        return None
    now = now or utcnow()
    row = _join_row(session, user_id, CHALLENGE, found.key)
    if row is None:
        return "joined" if _add_join(session, user_id, CHALLENGE, found.key, now) else "already"
    status = rules.challenge_status(found, row.created_at, row.completed_at, (), now)
    if not status.ended:
        return "already"
    row.created_at = now
    session.add(row)
    session.commit()
    return "rejoined"


def register_event(
    session: Session, user_id: str, key: Any, now: datetime | None = None
) -> content.ArenaEvent | bool | None:
    """Register for an upcoming event: the event (new), False (already registered) or None
    (no such upcoming event, or not in the Arena)."""
    now = now or utcnow()
    found = next((e for e in content.upcoming_events(now.date()) if e.key == key), None)
    if found is None or get_entry(session, user_id) is None:
        return None
    return found if _add_join(session, user_id, EVENT, found.key, now) else False


def toggle_follow(session: Session, user_id: str, entry_id: Any) -> bool | None:
    """Follow another founder's entry, or stop (True: now following; None: no such entry,
    the founder's own, or not in the Arena)."""
    wanted = valid_row_id(entry_id, text=False)
    target = session.get(ArenaEntry, wanted) if wanted is not None else None
    if target is None or target.user_id == user_id or get_entry(session, user_id) is None:
        return None
    row = _join_row(session, user_id, FOLLOW, str(target.id))
    if row is not None:
        session.delete(row)
        session.commit()
        return False
    _add_join(session, user_id, FOLLOW, str(target.id), utcnow())
    return True


# --------------------------------------------------------------------------- challenges


def kept_runs_since(
    session: Session, user_ids: Iterable[str], since: datetime
) -> dict[str, list[tuple[str, datetime]]]:
    """Each founder's kept AI runs ((tool, kept at)) since `since`; demo samples don't count."""
    ids = list(set(user_ids))
    runs: dict[str, list[tuple[str, datetime]]] = {uid: [] for uid in ids}
    if not ids:
        return runs
    rows = session.exec(
        select(ToolRunRecord.user_id, ToolRunRecord.tool, ToolRunRecord.created_at).where(
            col(ToolRunRecord.user_id).in_(ids),
            col(ToolRunRecord.created_at) >= since,
            col(ToolRunRecord.sample).is_(False),
        )
    ).all()
    for uid, tool, at in rows:
        runs[uid].append((tool, at))
    return runs


def sync_completions(
    session: Session, user_id: str | None = None, now: datetime | None = None
) -> int:
    """Stamp the joined challenges whose target the founder's kept runs have reached (every
    founder's, or `user_id`'s only); how many were stamped. A stamp stays."""
    now = now or utcnow()
    query = select(ArenaJoin).where(
        ArenaJoin.kind == CHALLENGE,
        col(ArenaJoin.completed_at).is_(None),
        col(ArenaJoin.created_at) > now - _LONGEST_WINDOW,
    )
    if user_id is not None:
        query = query.where(ArenaJoin.user_id == user_id)
    open_rows = session.exec(query).all()
    if not open_rows:
        return 0
    since = min(r.created_at for r in open_rows)
    runs = kept_runs_since(session, (r.user_id for r in open_rows), since)
    stamped = 0
    for row in open_rows:
        found = content.challenge(row.key)
        if found is None:
            continue
        if rules.challenge_status(found, row.created_at, None, runs[row.user_id], now).completed:
            row.completed_at = now
            session.add(row)
            user_cache.invalidate_on_commit(session, row.user_id, "stats")
            stamped += 1
    if stamped:
        session.commit()
    return stamped


def completed_challenges(session: Session, user_id: str) -> int:
    """How many challenges the founder completed (the dashboard's Challenges stat)."""
    sync_completions(session, user_id)
    return int(
        session.exec(
            select(func.count())
            .select_from(ArenaJoin)
            .where(
                ArenaJoin.user_id == user_id,
                ArenaJoin.kind == CHALLENGE,
                col(ArenaJoin.completed_at).is_not(None),
            )
        ).one()
    )


# --------------------------------------------------------------------------- live updates


def changes_mark(session: Session) -> str:
    """A short mark of everything the Arena shows to every founder: it changes when a post,
    like, entry, join or kept run is added, changed or removed. An open tab compares it with
    the mark it last loaded under and reloads only when it differs (one cheap query)."""
    marks = select(
        select(func.max(ArenaPost.id)).scalar_subquery(),
        select(func.count(col(ArenaPost.id))).scalar_subquery(),
        select(func.max(ArenaPost.created_at)).scalar_subquery(),  # SQLite reuses a freed id
        select(func.max(ArenaLike.id)).scalar_subquery(),
        select(func.max(ArenaLike.created_at)).scalar_subquery(),
        select(func.count(col(ArenaLike.id))).scalar_subquery(),
        select(func.max(ArenaEntry.updated_at)).scalar_subquery(),
        select(func.count(col(ArenaEntry.id))).scalar_subquery(),
        select(func.max(ArenaJoin.id)).scalar_subquery(),
        select(func.count(col(ArenaJoin.id))).scalar_subquery(),
        select(func.max(ToolRunRecord.id)).scalar_subquery(),
    )
    return "|".join(str(v) for v in session.exec(marks).one())
