"""What /dashboard reads (P-DASH-1..8): limits, distinct tools used, scoping, a fixed number of
queries whatever the data size, and the caches (stats 30 s, activity 10 s, saved results
5 min) dropped by the user's own changes."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import timedelta

import pytest
from sqlalchemy import event
from sqlalchemy.engine import Engine
from sqlmodel import Session

from bench.dashboard import seed_heavy_user
from startup_toolkit.domain.catalog import (
    AI_COFOUNDER,
    FUNDING_PREDICTOR,
    GROWTH_ENGINE,
    IDEA_INCUBATOR,
)
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.models import SavedResult, UserDocument, UserNotification
from startup_toolkit.models.base import utcnow
from startup_toolkit.services import (
    activity,
    dashboard,
    favorites,
    notifications,
    saved_results,
    user_cache,
)
from tests.support.founders import user


@pytest.fixture(autouse=True)
def _fresh_cache() -> Iterator[None]:
    user_cache.cache.clear()
    yield
    user_cache.cache.clear()


@pytest.fixture
def open_mode(settings_env: pytest.MonkeyPatch) -> None:
    settings_env.setenv("ACCESS_MODE", "open")


def make_user(session: Session, email: str = "a@example.com", name: str = "Ada Lovelace") -> str:
    """A founder with the stats row sign-up makes."""
    user_id = user(session, email, name)
    activity.ensure_user_stats(session, user_id)
    return user_id


class QueryCounter:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.count = 0

    def __call__(self, *_args: object) -> None:
        self.count += 1

    def __enter__(self) -> QueryCounter:
        event.listen(self.engine, "before_cursor_execute", self)
        return self

    def __exit__(self, *_exc: object) -> None:
        event.remove(self.engine, "before_cursor_execute", self)


def save(session: Session, uid: str, title: str, tool: str = AI_COFOUNDER.name) -> int:
    outcome = saved_results.save_result(
        session, uid, SaveRequest(tool, title, "Some content", metadata={"summary": "s" * 300})
    )
    assert outcome.ok and outcome.result_id
    return outcome.result_id


def test_p_dash_1_profile_and_plan(session: Session, settings_env: pytest.MonkeyPatch) -> None:
    uid = make_user(session)
    settings_env.setenv("ACCESS_MODE", "open")
    data = dashboard.load_dashboard(session, uid)
    assert data is not None
    assert (data.name, data.email, data.initials) == ("Ada Lovelace", "a@example.com", "AL")
    # Issue 17, items 6 and 10: what the founder gets, as the profile says it.
    assert (data.plan_name, data.plan_active) == ("Free Plan · All AI tools included", True)
    settings_env.setenv("ACCESS_MODE", "subscription")
    from startup_toolkit.settings import get_settings

    get_settings.cache_clear()
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and (data.plan_name, data.plan_active) == ("Free Plan", False)


def test_unknown_or_invalid_user_gives_none(session: Session, open_mode: None) -> None:
    assert dashboard.load_dashboard(session, "short") is None
    assert dashboard.load_dashboard(session, "x" * 32) is None


def test_fresh_user_is_empty_with_start_your_journey(session: Session, open_mode: None) -> None:
    """P-DASH-4 (no tool activity: no resume tool), P-DASH-7 (empty)."""
    uid = make_user(session)
    data = dashboard.load_dashboard(session, uid)
    assert data is not None
    assert data.resume_tool == "" and data.resume_path == ""
    assert data.saved == () and data.saved_total == 0 and data.documents == ()
    assert data.activity == () and data.notifications == () and data.unread == 0
    assert (data.stats.tools_used, data.documents_count, data.stats.challenges_completed) == (
        0,
        0,
        0,
    )


def test_p_dash_3_tools_used_is_distinct_tool_names(session: Session, open_mode: None) -> None:
    uid = make_user(session)
    for tool in (AI_COFOUNDER, AI_COFOUNDER, GROWTH_ENGINE, AI_COFOUNDER):
        activity.log_activity(session, uid, tool.name, "Used")
    activity.log_activity(session, uid, "Dashboard", "Account created and dashboard initialized")
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and data.stats.tools_used == 2


def test_p_dash_4_resume_is_the_latest_tool_activity(session: Session, open_mode: None) -> None:
    uid = make_user(session)
    activity.log_activity(session, uid, GROWTH_ENGINE.name, "Used")
    activity.log_activity(session, uid, FUNDING_PREDICTOR.name, "Used")
    activity.log_activity(session, uid, "Dashboard", "Something")
    data = dashboard.load_dashboard(session, uid)
    assert data is not None
    assert (data.resume_tool, data.resume_path) == (FUNDING_PREDICTOR.name, FUNDING_PREDICTOR.path)


def test_p_dash_5_6_8_limits_order_and_labels(session: Session, open_mode: None) -> None:
    uid = make_user(session)
    ids = [save(session, uid, f"Result {i}") for i in range(8)]
    now = utcnow()
    for i, (size, fmt) in enumerate([("1.5MB", "PDF"), ("2KB", "DOCX"), ("2048", "pdf")] * 4):
        session.add(
            UserDocument(
                user_id=uid,
                name=f"Doc {i}",
                file_size=size,
                file_format=fmt,
                created_at=now + timedelta(seconds=i),
            )
        )
    for i, kind in enumerate(["info", "success", "warning", "error", "other"] * 3):
        session.add(
            UserNotification(
                user_id=uid,
                type=kind,
                message=f"N{i}",
                is_read=i < 5,
                created_at=now + timedelta(seconds=i),
            )
        )
    session.commit()
    data = dashboard.load_dashboard(session, uid)
    assert data is not None
    assert [s.id for s in data.saved] == ids[::-1][:6] and data.saved_total == 8
    assert all(len(s.summary) == 200 for s in data.saved)  # truncated to 200
    assert len(data.documents) == 8 and data.documents_total == 12
    assert data.documents[0].name == "Doc 11"
    assert {(d.kind, d.size) for d in data.documents} == {
        ("Document", "1.50 MB"),
        ("Article", "2 KB"),
        ("Document", "2 KB"),
    }
    assert len(data.notifications) == 10 and data.unread == 10
    assert data.notifications[0].message == "N14"
    assert {n.type: n.icon for n in data.notifications} == {
        "info": "info",
        "success": "success",
        "warning": "alert",
        "error": "alert",
        "other": "info",  # any other type is shown as info
    }
    assert data.documents_count == 8 + 12
    assert len(data.activity) == 8  # one 'Saved ...' per result


def test_p_dash_6_document_links_are_web_addresses_or_paths_here(
    session: Session, open_mode: None
) -> None:
    """P-DASH-6: a document keeps an http(s) or on-site link; anything else shows no link."""
    uid = make_user(session)
    links = ["https://files.example/a.pdf", "http://files.example/b.pdf", "/solutions?resource=2"]
    links += ["//evil.example/c.pdf", "javascript:alert(1)"]
    now = utcnow()
    for i, link in enumerate(links):
        doc = UserDocument(user_id=uid, name=f"Doc {i}", download_url=link)
        doc.created_at = now - timedelta(seconds=i)
        session.add(doc)
    session.commit()
    data = dashboard.load_dashboard(session, uid)
    assert data is not None
    assert [d.download_url for d in data.documents] == [*links[:3], "", ""]


def test_scoping_user_b_never_sees_a(session: Session, open_mode: None) -> None:
    a = make_user(session, "a@example.com")
    b = make_user(session, "b@example.com", "Bob Builder")
    save(session, a, "A's result")
    activity.create_notification(session, a, "info", "For A")
    favorites.toggle_favorite(session, a, AI_COFOUNDER.name, AI_COFOUNDER.path)
    session.add(UserDocument(user_id=a, name="A doc"))
    session.commit()
    data = dashboard.load_dashboard(session, b)
    assert data is not None and data.email == "b@example.com"
    assert data.saved == () and data.saved_total == 0
    assert data.notifications == () and data.unread == 0
    assert data.favorites == () and data.documents == () and data.activity == ()
    assert data.stats.tools_used == 0 and data.resume_tool == ""
    assert dashboard.result_detail(session, b, data.saved[0].id if data.saved else 1) is None
    a_result = dashboard.load_dashboard(session, a)
    assert a_result is not None
    assert dashboard.result_detail(session, b, a_result.saved[0].id) is None
    assert dashboard.delete_result(session, b, a_result.saved[0].id) is None
    assert session.get(SavedResult, a_result.saved[0].id) is not None


def test_heavy_user_loads_with_limits_and_fixed_query_count(
    session: Session, engine: Engine, open_mode: None
) -> None:
    """10,000 activities, 500 notifications, 200 saved results: right counts and limits, and
    the same number of queries as for a nearly empty user (no query per row)."""
    small = make_user(session, "small@example.com")
    save(session, small, "Only one")
    activity.create_notification(session, small, "info", "Hi")
    heavy = seed_heavy_user(session)

    with QueryCounter(engine) as few:
        small_data = dashboard.load_dashboard(session, small)
    user_cache.cache.clear()
    with QueryCounter(engine) as many:
        data = dashboard.load_dashboard(session, heavy)
    assert small_data is not None and data is not None
    assert many.count == few.count <= 14

    assert len(data.activity) == 10 and data.activity[0].action == "Action 9999"
    assert len(data.notifications) == 10 and data.unread == 250
    assert len(data.saved) == 6 and data.saved_total == 200
    assert data.saved[0].title == "Result 199"
    assert len(data.documents) == 8 and data.documents_total == 20
    assert data.stats.tools_used == 7 and data.stats.challenges_completed == 3

    with QueryCounter(engine) as warm:
        dashboard.load_dashboard(session, heavy)
    assert warm.count < many.count  # stats, activity and saved rows come from the caches


def test_caches_expire_and_own_changes_invalidate(
    session: Session, open_mode: None, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [1000.0]
    monkeypatch.setattr(user_cache.cache, "clock", lambda: clock[0])
    uid = make_user(session)
    first = save(session, uid, "First")
    second = save(session, uid, "Second")
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and data.saved_total == 2 and len(data.activity) == 2

    # Activity written by another process shows after 10 s (activity cache), stats after 30 s.
    activity.add_activity(session, uid, GROWTH_ENGINE.name, "Used elsewhere")
    session.commit()
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and len(data.activity) == 2 and data.stats.tools_used == 1
    clock[0] += 10.5
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and len(data.activity) == 3 and data.stats.tools_used == 1
    clock[0] += 20
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and data.stats.tools_used == 2

    # Activity logged in this process is seen at once, stats included.
    activity.log_activity(session, uid, IDEA_INCUBATOR.name, "Used here")
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and data.activity[0].action == "Used here"
    assert data.stats.tools_used == 3

    # The user's own delete is seen at once.
    assert dashboard.delete_result(session, uid, second) is not None
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and [s.id for s in data.saved] == [first] and data.saved_total == 1

    # A result saved through the service is seen at once too (the save drops the cache).
    third = save(session, uid, "Third")
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and [s.id for s in data.saved] == [third, first]

    # Opening a favourite logs the activity and drops the activity cache.
    assert dashboard.record_favorite_opened(session, uid, FUNDING_PREDICTOR)
    data = dashboard.load_dashboard(session, uid)
    assert data is not None
    assert data.activity[0].action == f"Opened {FUNDING_PREDICTOR.name} from favorites"
    assert (data.resume_tool, data.stats.tools_used) == (FUNDING_PREDICTOR.name, 4)

    # Favourites, notifications and documents are cached; each change drops them at commit.
    favorites.toggle_favorite(session, uid, AI_COFOUNDER.name, AI_COFOUNDER.path)
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and [f.tool_name for f in data.favorites] == [AI_COFOUNDER.name]
    assert data.unread == 0
    activity.create_notification(session, uid, "info", "Fresh news")
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and data.unread == 1
    assert data.notifications[0].message == "Fresh news"
    assert notifications.mark_read(session, uid, data.notifications[0].id)
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and data.unread == 0 and data.notifications[0].is_read

    # A notification added to a transaction that is rolled back changes nothing.
    activity.add_notification(session, uid, "info", "Never stored")
    session.rollback()
    data = dashboard.load_dashboard(session, uid)
    assert data is not None and [n.message for n in data.notifications] == ["Fresh news"]


def test_a_cached_dashboard_costs_no_list_queries(
    session: Session, engine: Engine, open_mode: None
) -> None:
    """Loaded once, the dashboard reads its lists from the per-user cache: a second load runs
    no query at all in open mode (the account view is cached too)."""
    uid = make_user(session)
    save(session, uid, "One")
    dashboard.load_dashboard(session, uid)
    with QueryCounter(engine) as warm:
        data = dashboard.load_dashboard(session, uid)
    assert data is not None and data.saved_total == 1
    assert warm.count == 0


def test_result_detail_body_and_summary(session: Session, open_mode: None) -> None:
    uid = make_user(session)
    outcome = saved_results.save_result(
        session,
        uid,
        SaveRequest(
            AI_COFOUNDER.name,
            "Chat",
            {
                "messages": [
                    {"role": "user", "content": "Hi"},
                    {"role": "assistant", "content": "Yo"},
                ]
            },
            formatted_content="<p>Hi</p><script>alert(1)</script>",
        ),
    )
    assert outcome.ok
    detail = dashboard.result_detail(session, uid, outcome.result_id)
    assert detail is not None and detail.title == "Chat" and detail.tool_name == AI_COFOUNDER.name
    assert "<script" not in detail.html and "Hi" in detail.html
    assert "user: Hi" in detail.text and "assistant: Yo" in detail.text
    assert dashboard.result_detail(session, uid, "1") is None


def test_p_dash_2_toggle_favorite_gives_the_favourites_afterwards(
    session: Session, open_mode: None
) -> None:
    uid = make_user(session)
    added = dashboard.toggle_favorite(session, uid, AI_COFOUNDER)
    assert added is not None and added.added
    assert [f.tool_path for f in added.favorites] == [AI_COFOUNDER.path]
    removed = dashboard.toggle_favorite(session, uid, AI_COFOUNDER)
    assert removed is not None and not removed.added and removed.favorites == ()
    assert dashboard.toggle_favorite(session, "not-a-user", AI_COFOUNDER) is None


def test_p_dash_8_mark_all_read_and_dismiss(session: Session, open_mode: None) -> None:
    uid = make_user(session)
    other = make_user(session, "b@example.com")
    for n in range(3):
        session.add(UserNotification(user_id=uid, type="info", message=f"Note {n}"))
    session.add(UserNotification(user_id=other, type="info", message="Not yours"))
    session.commit()
    ids = [n.id for n in dashboard.load_dashboard(session, uid).notifications]  # type: ignore[union-attr]
    theirs = dashboard.load_dashboard(session, other).notifications[0].id  # type: ignore[union-attr]
    assert dashboard.dismiss_notification(session, uid, ids[0]) == 2
    assert dashboard.dismiss_notification(session, uid, theirs) is None
    assert dashboard.mark_all_read(session, uid) == 2
    assert dashboard.mark_all_read(session, uid) is None  # nothing left to clear
    assert dashboard.load_dashboard(session, other).unread == 1  # type: ignore[union-attr]


def test_issue_28_saved_stand_ins_are_labelled_in_the_list_and_the_detail(
    session: Session, open_mode: None
) -> None:
    """Issue 28, item 5: a saved funding estimate (after an unusable reply), a demo sample
    and an older estimate say what they are; the AI's answer carries no label."""
    uid = make_user(session)
    made = {
        "ai": {"origin": "ai", "basis": "ai"},
        "fallback": {"origin": "fallback", "basis": "estimate"},
        "demo": {"origin": "sample", "basis": "estimate"},
        "older": {"basis": "estimate"},  # saved before issue 28
    }
    ids = {}
    for name, metadata in made.items():
        outcome = saved_results.save_result(
            session, uid, SaveRequest(FUNDING_PREDICTOR.name, name, "x", metadata=metadata)
        )
        assert outcome.ok and outcome.result_id
        ids[name] = outcome.result_id
    data = dashboard.load_dashboard(session, uid)
    assert data is not None
    assert {s.title: s.basis for s in data.saved} == {
        "ai": "",
        "fallback": "Estimate (AI reply unusable)",
        "demo": "Sample",
        "older": "Estimate (not AI)",
    }
    detail = dashboard.result_detail(session, uid, ids["fallback"])
    assert detail is not None and detail.basis == "Estimate (AI reply unusable)"
    oracle = saved_results.save_result(
        session, uid, SaveRequest("Startup Oracle", "o", "x", metadata={"sample": "general"})
    )
    found = dashboard.result_detail(session, uid, oracle.result_id)
    assert found is not None and found.basis == "General predictions (AI reply unusable)"
