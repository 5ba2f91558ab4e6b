"""What the shared Startup Arena shows one signed-in founder (issue 16), read in a fixed number
of queries: the leaderboard of real entries ranked by a score computed from real activity,
the feed (like counts, which posts this founder likes and may delete), the challenges with
this founder's progress from their kept runs, the events, founders to follow, and samples
while fewer than SAMPLE_THRESHOLD founders have entered.

Other founders appear by name, company and entry id only: never by user id or email."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import datetime

from sqlalchemy import func
from sqlmodel import Session, col, select

from startup_toolkit.domain import arena as rules
from startup_toolkit.domain import arena_content as content
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models.accounts import User
from startup_toolkit.models.arena import ArenaEntry, ArenaJoin, ArenaLike, ArenaPost
from startup_toolkit.models.workspace import ToolRunRecord
from startup_toolkit.services.arena import (
    CHALLENGE,
    EVENT,
    FOLLOW,
    changes_mark,
    kept_runs_since,
    sync_completions,
)

FOUNDERS_TO_FOLLOW = 4


@dataclass
class BoardRow:
    rank: int = 0
    entry_id: int = 0
    name: str = ""
    initials: str = ""
    industry: str = ""
    description: str = ""
    founder: str = ""
    revenue: str = ""
    users: str = ""
    growth: str = ""
    score: int = 0
    runs: int = 0
    challenge_points: int = 0
    likes: int = 0
    you: bool = False


@dataclass
class PostRow:
    id: int = 0
    author: str = ""
    initials: str = ""
    company: str = ""
    content: str = ""
    time: str = ""
    likes: int = 0
    liked: bool = False
    mine: bool = False


@dataclass
class ChallengeRow:
    key: str = ""
    title: str = ""
    description: str = ""
    difficulty: str = ""
    reward: str = ""
    participants: int = 0
    days: int = 0
    goal: str = ""  # e.g. '3 analyses within 14 days'
    joined: bool = False
    done: int = 0
    target: int = 0
    percent: int = 0
    progress: str = ""
    completed: bool = False
    ended: bool = False
    days_left: int = 0


@dataclass
class FounderRow:
    entry_id: int = 0
    name: str = ""
    company: str = ""
    initials: str = ""
    followers: int = 0
    following: bool = False


@dataclass
class EventRow:
    key: str = ""
    title: str = ""
    date: str = ""
    day: int = 0
    time: str = ""
    location: str = ""
    description: str = ""
    kind: str = ""
    registered: bool = False


@dataclass
class ArenaView:
    entry: dict[str, str] = field(default_factory=dict)  # empty: not in the Arena
    initials: str = ""  # the entry's company's, for its avatar
    entered: int = 0  # how many founders are in the Arena
    rank: int = 0
    score: int = 0
    runs: int = 0
    challenge_points: int = 0
    likes: int = 0
    to_top_five: int = 0
    progress: int = 0
    board: list[BoardRow] = field(default_factory=list)
    posts: list[PostRow] = field(default_factory=list)
    challenges: list[ChallengeRow] = field(default_factory=list)
    founders: list[FounderRow] = field(default_factory=list)
    events: list[EventRow] = field(default_factory=list)
    topics: list[tuple[str, int]] = field(default_factory=list)

    @property
    def show_samples(self) -> bool:
        return self.entered < rules.SAMPLE_THRESHOLD


def _scores(session: Session) -> list[BoardRow]:
    """Every entry with its score, ranked (four queries, whatever the number of entries)."""
    entries = session.exec(
        select(ArenaEntry, User.name).join(User, col(User.id) == col(ArenaEntry.user_id))
    ).all()
    runs = dict(
        session.exec(
            select(ToolRunRecord.user_id, func.count())
            .join(ArenaEntry, col(ArenaEntry.user_id) == col(ToolRunRecord.user_id))
            .where(col(ToolRunRecord.sample).is_(False))
            .group_by(col(ToolRunRecord.user_id))
        ).all()
    )
    likes = dict(
        session.exec(
            select(ArenaPost.user_id, func.count())
            .join(ArenaLike, col(ArenaLike.post_id) == col(ArenaPost.id))
            .where(col(ArenaLike.user_id) != col(ArenaPost.user_id))
            .group_by(col(ArenaPost.user_id))
        ).all()
    )
    points: Counter[str] = Counter()
    for uid, key in session.exec(
        select(ArenaJoin.user_id, ArenaJoin.key).where(
            ArenaJoin.kind == CHALLENGE, col(ArenaJoin.completed_at).is_not(None)
        )
    ).all():
        found = content.challenge(key)
        points[uid] += found.reward if found else 0
    rows: dict[int, BoardRow] = {}
    ranked = []
    for entry, name in entries:
        uid, entry_id = entry.user_id, entry.id or 0
        score = rules.arena_score(runs.get(uid, 0), points[uid], likes.get(uid, 0))
        rows[entry_id] = BoardRow(
            entry_id=entry_id,
            name=entry.company,
            initials=rules.initials(entry.company),
            industry=entry.industry,
            description=entry.description,
            founder=name or entry.company,
            revenue=entry.revenue,
            users=entry.users,
            growth=entry.growth,
            score=score,
            runs=runs.get(uid, 0),
            challenge_points=points[uid],
            likes=likes.get(uid, 0),
            you=False,
        )
        ranked.append(rules.Ranked(entry_id, score, entry.created_at))
    out = []
    for place, r in enumerate(rules.rank(ranked), start=1):
        row = rows[r.entry_id]
        row.rank = place
        out.append(row)
    return out


def _posts(session: Session, user_id: str, now: datetime) -> list[PostRow]:
    rows = session.exec(
        select(ArenaPost, User.name, ArenaEntry.company)
        .join(User, col(User.id) == col(ArenaPost.user_id))
        .outerjoin(ArenaEntry, col(ArenaEntry.user_id) == col(ArenaPost.user_id))
        .order_by(col(ArenaPost.id).desc())
        .limit(rules.MAX_FEED_POSTS)
    ).all()
    ids = [post.id for post, _, _ in rows]
    counts = dict(
        session.exec(
            select(ArenaLike.post_id, func.count())
            .where(col(ArenaLike.post_id).in_(ids))
            .group_by(col(ArenaLike.post_id))
        ).all()
    )
    liked = set(
        session.exec(
            select(ArenaLike.post_id).where(
                ArenaLike.user_id == user_id, col(ArenaLike.post_id).in_(ids)
            )
        ).all()
    )
    return [
        PostRow(
            id=post.id or 0,
            author=name or company or "A founder",
            initials=rules.initials(company or name or ""),
            company=company or "",
            content=post.content,
            time=rules.time_ago(post.created_at, now),
            likes=counts.get(post.id, 0),
            liked=post.id in liked,
            mine=post.user_id == user_id,
        )
        for post, name, company in rows
    ]


def _challenges(session: Session, user_id: str, now: datetime) -> list[ChallengeRow]:
    participants = dict(
        session.exec(
            select(ArenaJoin.key, func.count())
            .where(ArenaJoin.kind == CHALLENGE)
            .group_by(col(ArenaJoin.key))
        ).all()
    )
    mine = {
        j.key: j
        for j in session.exec(
            select(ArenaJoin).where(ArenaJoin.user_id == user_id, ArenaJoin.kind == CHALLENGE)
        ).all()
    }
    since = min((j.created_at for j in mine.values()), default=now)
    runs = kept_runs_since(session, [user_id], since)[user_id] if mine else []
    rows = []
    for c in content.CHALLENGES:
        row = ChallengeRow(
            key=c.key,
            title=c.title,
            description=c.description,
            difficulty=c.difficulty,
            reward=c.reward_text,
            participants=participants.get(c.key, 0),
            days=c.days,
            goal=f"{c.target} {c.unit} within {c.days} days",
            target=c.target,
            progress=rules.progress_text(c, 0),
            days_left=c.days,
        )
        joined = mine.get(c.key)
        if joined is not None:
            status = rules.challenge_status(c, joined.created_at, joined.completed_at, runs, now)
            row.joined = True
            row.done = status.done
            row.percent = round(status.done * 100 / c.target)
            row.progress = rules.progress_text(c, status.done)
            row.completed, row.ended, row.days_left = (
                status.completed,
                status.ended,
                status.days_left,
            )
        rows.append(row)
    return rows


def _founders(
    session: Session, user_id: str, board: list[BoardRow], my_entry: int
) -> list[FounderRow]:
    following = set(
        session.exec(
            select(ArenaJoin.key).where(ArenaJoin.user_id == user_id, ArenaJoin.kind == FOLLOW)
        ).all()
    )
    followers = dict(
        session.exec(
            select(ArenaJoin.key, func.count())
            .where(ArenaJoin.kind == FOLLOW)
            .group_by(col(ArenaJoin.key))
        ).all()
    )
    others = [r for r in board if r.entry_id != my_entry][:FOUNDERS_TO_FOLLOW]
    return [
        FounderRow(
            entry_id=r.entry_id,
            name=r.founder,
            company=r.name,
            initials=rules.initials(r.founder),
            followers=followers.get(str(r.entry_id), 0),
            following=str(r.entry_id) in following,
        )
        for r in others
    ]


def _events(session: Session, user_id: str, now: datetime) -> list[EventRow]:
    events = content.upcoming_events(now.date())
    registered = set(
        session.exec(
            select(ArenaJoin.key).where(
                ArenaJoin.user_id == user_id,
                ArenaJoin.kind == EVENT,
                col(ArenaJoin.key).in_([e.key for e in events]),
            )
        ).all()
    )
    return [
        EventRow(
            key=e.key,
            title=e.title,
            date=e.date,
            day=e.day.day,
            time=e.time,
            location=e.location,
            description=e.description,
            kind=e.kind,
            registered=e.key in registered,
        )
        for e in events
    ]


def load_arena(session: Session, user_id: str, now: datetime | None = None) -> ArenaView:
    """Everything the Arena shows `user_id` (their own entry, progress and likes marked)."""
    now = now or utcnow()
    sync_completions(session, now=now)
    board = _scores(session)
    entry = session.exec(select(ArenaEntry).where(ArenaEntry.user_id == user_id)).first()
    view = ArenaView(entered=len(board))
    view.posts = _posts(session, user_id, now)
    view.challenges = _challenges(session, user_id, now)
    view.events = _events(session, user_id, now)
    texts = [p.content for p in view.posts]
    if view.show_samples:
        texts += [p.content for p in content.SAMPLE_POSTS]
    view.topics = rules.trending(texts)
    my_id = entry.id if entry is not None else 0
    view.founders = _founders(session, user_id, board, my_id or 0)
    for row in board:
        row.you = row.entry_id == my_id
    view.board = board
    if entry is not None:
        view.entry = {name: getattr(entry, name) for name in rules.ENTRY_FIELD_NAMES}
        view.initials = rules.initials(entry.company)
        me = next(r for r in board if r.you)
        view.rank, view.score = me.rank, me.score
        view.runs, view.challenge_points, view.likes = me.runs, me.challenge_points, me.likes
        scores = [r.score for r in board]
        view.to_top_five = rules.points_to_top_five(me.score, scores)
        view.progress = rules.progress_to_top_five(me.score, scores)
    return view


@dataclass(frozen=True)
class Loaded:
    """What an Arena tab is sent: the view and the changes mark it was read under (None:
    nothing changed since the mark the tab had)."""

    mark: str
    view: ArenaView | None
    result: object = None  # what the action that came first returned


def load_with_mark(session: Session, user_id: str, known: str = "") -> Loaded:
    """The view unless the changes mark is still `known`. The mark is read first, so a change
    made while the view is read moves it again and the next poll reloads."""
    mark = changes_mark(session)
    if known and mark == known:
        return Loaded(mark, None)
    return Loaded(mark, load_arena(session, user_id))


def act(session: Session, user_id: str, action: Callable[..., object], *args: object) -> Loaded:
    """`action(session, user_id, *args)` (a use case of `services.arena`), then the view as
    it is afterwards: one trip to a worker thread for both."""
    result = action(session, user_id, *args)
    loaded = load_with_mark(session, user_id)
    return Loaded(loaded.mark, loaded.view, result)
