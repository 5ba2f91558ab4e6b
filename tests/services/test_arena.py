"""The shared Startup Arena's services (issue 16) on a real database: entries, the score from
real activity and the ranking, the like toggle (one per founder per post, nothing farmed),
challenge progress from kept tool runs and the dashboard's Challenges stat, samples only
while the Arena is nearly empty, post bounds and limits, and scoping (a founder changes only
their own rows)."""

from __future__ import annotations

import itertools
from datetime import date, datetime, timedelta

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import arena as rules
from startup_toolkit.domain import arena_content as content
from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as ws
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models import ArenaLike, ArenaPost
from startup_toolkit.services import arena, dashboard, user_cache, workspace
from startup_toolkit.services.arena_board import load_arena
from tests.support.founders import user

ENTRY = {
    "company": "Nova Health",
    "industry": "HealthTech",
    "revenue": "$25,000",
    "users": "1,200",
    "growth": "15%",
}


@pytest.fixture(autouse=True)
def _clean_cache() -> None:
    user_cache.cache.clear()


def founder(session: Session, name: str, company: str | None = "") -> str:
    """A founder; with a `company`, entered in the Arena (None: not entered)."""
    user_id = user(session, f"{name.lower()}@example.com", name)
    if company is not None:
        values = dict(ENTRY, company=company or f"{name} Labs")
        assert arena.save_entry(session, user_id, values).errors == {}
    return user_id


def run(session: Session, uid: str, tool: str, at: datetime, sample: bool = False) -> None:
    keep = ws.KeepRun(tool, {"idea": "x"}, f"Idea of {uid}")
    assert workspace.keep_run(session, uid, keep, {"ok": 1}, sample=sample, now=at)


def post(session: Session, uid: str, text: str = "Hello #Launch") -> int:
    outcome = arena.create_post(session, uid, text)
    assert outcome.post_id, outcome
    return outcome.post_id


def test_an_entry_is_validated_stored_once_and_updated(session: Session) -> None:
    ada = founder(session, "Ada", company=None)
    refused = arena.save_entry(session, ada, dict(ENTRY, industry=" ", company="N" * 101))
    assert refused.errors == {
        "industry": "Industry is required.",
        "company": "Company Name can be up to 100 characters.",
    }
    assert arena.get_entry(session, ada) is None
    assert arena.save_entry(session, ada, dict(ENTRY, description="Care\r\n\x00plans")).created
    again = arena.save_entry(session, ada, dict(ENTRY, company="  Nova   Care "))
    assert again.errors == {} and not again.created
    entry = arena.get_entry(session, ada)
    assert entry is not None and (entry.company, entry.description) == ("Nova Care", "")
    view = load_arena(session, ada)
    assert view.entry["company"] == "Nova Care" and view.rank == 1 and view.entered == 1


def test_the_score_is_computed_from_runs_challenges_and_likes_received(session: Session) -> None:
    ada, bob, cy = (founder(session, n) for n in ("Ada", "Bob", "Cy"))
    now = utcnow()
    for minutes in range(1, 6):
        run(session, ada, tools.SCANNER.key, now - timedelta(minutes=minutes))
    run(session, ada, tools.GROWTH.key, now - timedelta(minutes=5), sample=True)  # demo: no points
    run(session, bob, tools.FUNDING.key, now - timedelta(minutes=1))
    bobs = post(session, bob)
    arena.toggle_like(session, ada, bobs)
    arena.toggle_like(session, cy, bobs)
    assert arena.toggle_like(session, bob, bobs).own  # their own: refused
    view = load_arena(session, ada)
    scores = {r.founder: (r.rank, r.score, r.runs, r.likes) for r in view.board}
    assert scores == {
        "Ada": (1, 5 * rules.RUN_POINTS, 5, 0),
        "Bob": (2, rules.RUN_POINTS + 2 * rules.LIKE_POINTS, 1, 2),
        "Cy": (3, 0, 0, 0),
    }
    assert (view.rank, view.score, view.runs) == (1, 10, 5)
    assert [r.you for r in view.board] == [True, False, False]
    assert "2 x AI tool runs" in rules.SCORE_FORMULA
    # Completing a challenge adds its reward.
    assert arena.join_challenge(session, cy, "funding-2") == "joined"
    later = utcnow()
    run(session, cy, tools.FUNDING.key, later)
    run(session, cy, tools.FUNDING.key, later + timedelta(seconds=1))
    view = load_arena(session, cy, now=later + timedelta(minutes=1))
    assert (view.rank, view.score, view.challenge_points) == (1, 50 + 2 * 2, 50)


def test_equal_scores_rank_the_earlier_entry_first() -> None:
    t = utcnow()
    ranked = rules.rank(
        [rules.Ranked(2, 10, t), rules.Ranked(1, 10, t + timedelta(1)), rules.Ranked(3, 12, t)]
    )
    assert [r.entry_id for r in ranked] == [3, 2, 1]
    assert rules.points_to_top_five(4, [4, 9, 8, 7, 6, 5]) == 2
    assert rules.points_to_top_five(6, [4, 9, 8, 7, 6, 5]) == 0
    assert rules.progress_to_top_five(3, [3, 1]) == 100


def test_a_like_is_a_toggle_once_per_founder_and_farms_nothing(session: Session) -> None:
    ada, bob = founder(session, "Ada"), founder(session, "Bob")
    bobs = post(session, bob)
    liked = arena.toggle_like(session, ada, bobs)
    assert liked == arena.LikeOutcome(True, 1)
    assert arena.toggle_like(session, ada, bobs) == arena.LikeOutcome(False, 0)
    for _ in range(5):  # like, unlike, ... ends liked once
        arena.toggle_like(session, ada, bobs)
    assert arena.toggle_like(session, ada, bobs) == arena.LikeOutcome(False, 0)
    assert arena.toggle_like(session, ada, bobs) == arena.LikeOutcome(True, 1)
    assert len(session.exec(select(ArenaLike)).all()) == 1
    bob_row = next(r for r in load_arena(session, bob).board if r.founder == "Bob")
    assert bob_row.score == rules.LIKE_POINTS  # one like received, however often toggled
    assert arena.toggle_like(session, ada, 999_999) is None
    assert arena.toggle_like(session, ada, "1") is None  # services take ints only
    # The database refuses a second like row for the same founder and post.
    session.add(ArenaLike(post_id=bobs, user_id=ada))
    with pytest.raises(Exception, match=r"(?i)unique"):
        session.commit()
    session.rollback()


def test_a_founder_cannot_like_their_own_post(session: Session) -> None:
    """Issue 28, item 11: the service refuses it (likes come from other founders); the count
    stays what the others gave."""
    ada, bob = founder(session, "Ada"), founder(session, "Bob")
    adas = post(session, ada)
    arena.toggle_like(session, bob, adas)
    assert arena.toggle_like(session, ada, adas) == arena.LikeOutcome(False, 1, own=True)
    assert arena.toggle_like(session, ada, adas) == arena.LikeOutcome(False, 1, own=True)
    assert [like.user_id for like in session.exec(select(ArenaLike)).all()] == [bob]
    (row,) = load_arena(session, ada).posts
    assert (row.mine, row.liked, row.likes) == (True, False, 1)


def test_feed_marks_likes_and_own_posts_for_each_founder(session: Session) -> None:
    ada, bob = founder(session, "Ada", "Nova Health"), founder(session, "Bob")
    first = post(session, ada, "<b>bold?</b> #Launch")
    second = post(session, bob, "Second #launch #Hiring")
    arena.toggle_like(session, bob, first)
    rows = load_arena(session, bob).posts
    assert [(p.id, p.mine, p.liked, p.likes) for p in rows] == [
        (second, True, False, 0),
        (first, False, True, 1),
    ]
    assert rows[1].content == "<b>bold?</b> #Launch"  # plain text, rendered as text
    assert (rows[1].author, rows[1].company, rows[1].initials) == ("Ada", "Nova Health", "NH")
    topics = load_arena(session, bob).topics
    assert topics[0] == ("#launch", 2)  # as the newest post writes it


def test_posts_are_bounded_and_limited_per_hour(session: Session) -> None:
    ada = founder(session, "Ada")
    outsider = founder(session, "Eve", company=None)
    assert arena.create_post(session, ada, " \n\t").title == rules.EMPTY_POST
    assert arena.create_post(session, ada, "x" * 501).detail == rules.POST_TOO_LONG
    assert arena.create_post(session, outsider, "hi").title == rules.NOT_JOINED
    assert arena.create_post(session, ada, "a\u200bb\x07c\n\n\n\nd").post_id
    assert session.exec(select(ArenaPost.content)).first() == "abc\n\nd"
    earlier = utcnow() - timedelta(minutes=61)
    assert arena.create_post(session, ada, "old", now=earlier).post_id  # outside the hour
    for i in range(rules.MAX_POSTS_PER_HOUR - 1):
        assert arena.create_post(session, ada, f"post {i}").post_id
    refused = arena.create_post(session, ada, "one too many")
    assert (refused.post_id, refused.title) == (0, rules.POST_LIMIT)
    count = len(session.exec(select(ArenaPost).where(ArenaPost.user_id == ada)).all())
    assert count == rules.MAX_POSTS_PER_HOUR + 1


def test_a_founder_deletes_only_their_own_post(session: Session) -> None:
    ada, bob = founder(session, "Ada"), founder(session, "Bob")
    adas = post(session, ada)
    arena.toggle_like(session, bob, adas)
    assert not arena.delete_post(session, bob, adas)
    assert session.get(ArenaPost, adas) is not None
    assert not arena.delete_post(session, ada, "x") and not arena.delete_post(session, ada, -1)
    assert arena.delete_post(session, ada, adas)
    session.expire_all()
    assert session.get(ArenaPost, adas) is None
    assert session.exec(select(ArenaLike)).all() == []  # its likes went with it


def test_challenge_progress_counts_kept_runs_since_joining(session: Session) -> None:
    ada = founder(session, "Ada")
    joined = utcnow() - timedelta(days=1)
    run(session, ada, tools.SCANNER.key, joined - timedelta(hours=1))  # before joining
    assert arena.join_challenge(session, ada, "scanner-3", now=joined) == "joined"
    assert arena.join_challenge(session, ada, "scanner-3") == "already"
    assert arena.join_challenge(session, ada, "nope") is None
    run(session, ada, tools.SCANNER.key, joined + timedelta(hours=1))
    run(session, ada, tools.FUNDING.key, joined + timedelta(hours=2))  # another tool
    run(session, ada, tools.SCANNER.key, joined + timedelta(hours=3), sample=True)  # demo sample
    row = next(c for c in load_arena(session, ada).challenges if c.key == "scanner-3")
    assert (row.joined, row.done, row.completed, row.progress) == (
        True,
        1,
        False,
        "1 of 3 analyses",
    )
    assert row.participants == 1 and row.days_left == 13
    assert dashboard.load_dashboard(session, ada).stats.challenges_completed == 0  # type: ignore[union-attr]
    run(session, ada, tools.SCANNER.key, joined + timedelta(hours=4))
    run(session, ada, tools.SCANNER.key, joined + timedelta(hours=5))
    user_cache.cache.clear()
    data = dashboard.load_dashboard(session, ada)
    assert data is not None and data.stats.challenges_completed == 1
    row = next(c for c in load_arena(session, ada).challenges if c.key == "scanner-3")
    assert (row.done, row.percent, row.completed) == (3, 100, True)
    assert load_arena(session, ada).challenge_points == 75


def test_distinct_challenges_count_tools_and_an_ended_one_can_start_over(
    session: Session,
) -> None:
    ada = founder(session, "Ada")
    long_ago = utcnow() - timedelta(days=40)
    arena.join_challenge(session, ada, "four-tools", now=long_ago)
    for i, tool in enumerate(
        (tools.SCANNER.key, tools.SCANNER.key, tools.FUNDING.key, tools.GROWTH.key)
    ):
        run(session, ada, tool, long_ago + timedelta(hours=i + 1))
    row = next(c for c in load_arena(session, ada).challenges if c.key == "four-tools")
    assert (row.done, row.ended, row.completed, row.days_left) == (3, True, False, 0)
    assert arena.join_challenge(session, ada, "four-tools") == "rejoined"
    row = next(c for c in load_arena(session, ada).challenges if c.key == "four-tools")
    assert (row.done, row.ended, row.days_left) == (0, False, 30)


def test_samples_show_only_while_fewer_than_a_handful_have_entered(session: Session) -> None:
    uids = [founder(session, f"F{i}") for i in range(rules.SAMPLE_THRESHOLD - 1)]
    assert load_arena(session, uids[0]).show_samples
    founder(session, "Last")
    view = load_arena(session, uids[0])
    assert not view.show_samples and view.entered == rules.SAMPLE_THRESHOLD


def test_scoping_joins_follows_and_events_change_only_the_actor(session: Session) -> None:
    ada, bob = founder(session, "Ada"), founder(session, "Bob")
    outsider = founder(session, "Eve", company=None)
    bob_entry = arena.get_entry(session, bob)
    ada_entry = arena.get_entry(session, ada)
    assert bob_entry is not None and ada_entry is not None
    assert arena.toggle_follow(session, ada, bob_entry.id) is True
    assert arena.toggle_follow(session, ada, ada_entry.id) is None  # not oneself
    assert arena.toggle_follow(session, outsider, bob_entry.id) is None
    assert arena.join_challenge(session, outsider, "scanner-3") is None
    ada_view, bob_view = load_arena(session, ada), load_arena(session, bob)
    assert [(f.name, f.following, f.followers) for f in ada_view.founders] == [("Bob", True, 1)]
    assert [(f.name, f.following, f.followers) for f in bob_view.founders] == [("Ada", False, 0)]
    event = content.upcoming_events(utcnow().date())[0]
    assert isinstance(arena.register_event(session, ada, event.key), content.ArenaEvent)
    assert arena.register_event(session, ada, event.key) is False
    assert arena.register_event(session, ada, "pitch-night:2023-11-08") is None
    assert load_arena(session, ada).events[0].registered
    assert not any(e.registered for e in load_arena(session, bob).events)
    assert load_arena(session, outsider).entry == {}


def test_events_are_dated_after_today() -> None:
    today = date(2025, 7, 9)  # a Wednesday
    events = content.upcoming_events(today)
    assert [(e.title, e.day.isoformat()) for e in events] == [
        ("Founder Pitch Night", "2025-07-10"),
        ("Growth Marketing Workshop", "2025-07-22"),
        ("Arena Founders Meetup", "2025-07-25"),
    ]
    assert events[0].date == "Thursday, July 10, 2025"
    assert all(e.day > today for e in content.upcoming_events(date(2025, 7, 10)))


def test_the_changes_mark_moves_with_every_post_like_and_delete(session: Session) -> None:
    ada, bob = founder(session, "Ada"), founder(session, "Bob")
    marks = [arena.changes_mark(session)]
    adas = post(session, ada)
    marks.append(arena.changes_mark(session))
    arena.toggle_like(session, bob, adas)
    marks.append(arena.changes_mark(session))
    arena.toggle_like(session, bob, adas)
    marks.append(arena.changes_mark(session))
    arena.delete_post(session, ada, adas)
    marks.append(arena.changes_mark(session))
    assert all(a != b for a, b in itertools.pairwise(marks))
    assert arena.changes_mark(session) == marks[-1]  # nothing new: the same mark


def test_the_arena_on_postgresql(pg_engine: Engine) -> None:
    """The same queries on PostgreSQL: entries, posts with the hourly limit, the like toggle,
    challenge completion, the board and the changes mark."""
    with Session(pg_engine, expire_on_commit=False) as session:
        ada, bob = founder(session, "Ada"), founder(session, "Bob")
        adas = post(session, ada)
        assert arena.toggle_like(session, bob, adas) == arena.LikeOutcome(True, 1)
        mark = arena.changes_mark(session)
        assert arena.toggle_like(session, bob, adas) == arena.LikeOutcome(False, 0)
        assert arena.changes_mark(session) != mark
        arena.toggle_like(session, bob, adas)
        for i in range(rules.MAX_POSTS_PER_HOUR - 1):
            post(session, ada, f"more {i}")
        assert arena.create_post(session, ada, "over").title == rules.POST_LIMIT
        arena.join_challenge(session, bob, "funding-2")
        start = utcnow()
        run(session, bob, tools.FUNDING.key, start + timedelta(seconds=1))
        run(session, bob, tools.FUNDING.key, start + timedelta(seconds=2))
        view = load_arena(session, ada, now=start + timedelta(minutes=1))
        assert [(r.founder, r.score) for r in view.board] == [("Bob", 54), ("Ada", 3)]
        assert len(view.posts) == rules.MAX_POSTS_PER_HOUR and view.posts[-1].likes == 1
        assert arena.completed_challenges(session, bob) == 1
