"""T-AI-5: saving a result stores the spec's payload, logs 'Saved {title}' under the tool and
updates tools_used; without a user: 'Authentication required' / 'Please log in to save
results'. Every read and delete is scoped to the owner."""

from __future__ import annotations

from datetime import UTC, datetime

from sqlmodel import Session, select

from startup_toolkit.domain import saved_results as payloads
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.models import UserActivity, UserStats
from startup_toolkit.models.results import SavedResult
from startup_toolkit.services import activity, saved_results
from tests.support.founders import user

NOW = datetime(2025, 5, 6, 7, 8, 9, tzinfo=UTC)


def test_t_ai_5_save_stores_payload_activity_and_stats(session: Session) -> None:
    user_id = user(session)
    out = saved_results.save_result(
        session,
        user_id,
        SaveRequest(
            "Startup Oracle",
            "Oracle prediction",
            "Your success odds are **72%**.",
            "analysis",
            '<p>Your odds: <strong>72%</strong><img src="https://x/y.png"></p>',
            {"probability": 72},
        ),
        now=NOW,
    )
    assert out.ok and out.message == "Results saved to your dashboard!"
    assert out.result_id is not None

    session.expire_all()
    (row,) = session.exec(select(SavedResult)).all()
    assert (row.id, row.user_id, row.tool_name, row.title, row.content_type) == (
        out.result_id,
        user_id,
        "Startup Oracle",
        "Oracle prediction",
        "analysis",
    )
    assert row.content == {
        "rawContent": "Your success odds are **72%**.",
        "formattedContent": "<p>Your odds: <strong>72%</strong></p>",
        "summary": "Your success odds are 72%.",
        "wordCount": 5,
    }
    assert row.formatted_content == "<p>Your odds: <strong>72%</strong></p>"
    assert row.result_metadata == {
        "probability": 72,
        "savedAt": "2025-05-06T07:08:09.000Z",
        "contentLength": 30,
        "summary": "Your success odds are 72%.",
    }

    (act,) = session.exec(select(UserActivity)).all()
    assert (act.user_id, act.tool_name, act.action) == (
        user_id,
        "Startup Oracle",
        "Saved Oracle prediction",
    )
    stats = session.exec(select(UserStats).where(UserStats.user_id == user_id)).one()
    assert stats.tools_used == 1


def test_tools_used_counts_distinct_tools(session: Session) -> None:
    user_id = user(session)
    other = user(session, "grace@example.com")
    activity.log_activity(
        session, user_id, "Dashboard", "Account created and dashboard initialized"
    )
    activity.log_activity(session, user_id, "Growth Engine", "Launched Growth Engine")
    activity.log_activity(session, other, "Idea Incubator", "Launched Idea Incubator")
    for tool in ("AI Co-Founder", "AI Co-Founder", "Growth Engine", "Funding Predictor"):
        assert saved_results.save_result(session, user_id, SaveRequest(tool, "t", {"a": 1})).ok
    stats = session.exec(select(UserStats).where(UserStats.user_id == user_id)).one()
    # Dashboard is not a tool; the other user's tool is not theirs.
    assert stats.tools_used == 3
    assert activity.count_tools_used(session, other) == 1


def test_update_tools_used_creates_stats_and_skips_bad_ids(session: Session) -> None:
    user_id = user(session)
    activity.log_activity(session, user_id, "Startup Oracle", "Launched Startup Oracle")
    assert activity.update_tools_used(session, user_id)
    stats = session.exec(select(UserStats).where(UserStats.user_id == user_id)).one()
    assert (stats.tools_used, stats.arena_rank) == (1, 999)
    assert activity.update_tools_used(session, None)
    assert activity.update_tools_used(session, "short")


def test_t_ai_5_auth_required(session: Session) -> None:
    for user_id in (None, "", "short", 12345678901):
        out = saved_results.save_result(
            session, user_id, SaveRequest("Growth Engine", "t", "content")
        )
        assert not out.ok
        assert (out.message, out.description) == (
            "Authentication required",
            "Please log in to save results",
        )
    assert session.exec(select(SavedResult)).all() == []
    assert session.exec(select(UserActivity)).all() == []


def test_nothing_to_save_and_too_large(session: Session) -> None:
    user_id = user(session)
    out = saved_results.save_result(session, user_id, SaveRequest("Growth Engine", "t", "   "))
    assert (out.ok, out.message) == (False, payloads.NOTHING_TO_SAVE)
    out = saved_results.save_result(
        session, user_id, SaveRequest("Growth Engine", "t", "x" * (payloads.CONTENT_MAX_BYTES + 10))
    )
    assert (out.ok, out.message) == (False, payloads.TOO_LARGE)
    assert "200 KB" in out.description
    assert session.exec(select(SavedResult)).all() == []


def test_unknown_user_is_a_failure_not_a_crash(session: Session) -> None:
    out = saved_results.save_result(session, "0" * 32, SaveRequest("Growth Engine", "t", "text"))
    assert (out.ok, out.message, out.description) == (
        False,
        "Failed to save result",
        "Please try again",
    )
    assert session.exec(select(SavedResult)).all() == []


def test_results_are_private_to_their_owner(session: Session) -> None:
    alice = user(session, "alice@example.com")
    bob = user(session, "bob@example.com")
    a1 = saved_results.save_result(
        session, alice, SaveRequest("Growth Engine", "A first", "one"), now=NOW
    )
    a2 = saved_results.save_result(
        session, alice, SaveRequest("Startup Oracle", "A second", "two"), now=NOW.replace(hour=9)
    )
    b1 = saved_results.save_result(
        session, bob, SaveRequest("Growth Engine", "B first", "three"), now=NOW
    )
    assert a1.ok and a2.ok and b1.ok

    assert [r.title for r in saved_results.list_saved_results(session, alice)] == [
        "A second",
        "A first",
    ]
    assert [r.title for r in saved_results.list_saved_results(session, bob)] == ["B first"]
    assert len(saved_results.list_saved_results(session, alice, limit=1)) == 1
    assert saved_results.list_saved_results(session, "") == []

    # Bob cannot read or delete Alice's result by its id.
    assert saved_results.get_saved_result(session, bob, a1.result_id) is None
    assert not saved_results.delete_saved_result(session, bob, a1.result_id)
    assert saved_results.get_saved_result(session, alice, a1.result_id) is not None
    assert saved_results.get_saved_result(session, alice, str(a1.result_id)) is None
    assert saved_results.get_saved_result(session, alice, True) is None

    assert saved_results.delete_saved_result(session, alice, a1.result_id)
    assert saved_results.get_saved_result(session, alice, a1.result_id) is None
    assert not saved_results.delete_saved_result(session, alice, a1.result_id)
    assert [r.title for r in saved_results.list_saved_results(session, bob)] == ["B first"]


def test_bad_result_ids_find_nothing(session: Session) -> None:
    """Finding 8 of issue 13: ids past BIGINT or negative reach no query (no OverflowError)."""
    alice = user(session)
    for bad in (2**63, 2**64, -(2**63) - 1, -1, 0, 1.0, None):
        assert saved_results.get_saved_result(session, alice, bad) is None
        assert saved_results.delete_saved_result(session, alice, bad) is False


def test_html_is_sanitised_again_when_read(session: Session) -> None:
    """Finding 9 of issue 13: a row written before today's sanitiser (or straight into the
    database) is held to it on the way out; clean HTML reads back unchanged."""
    alice = user(session)
    row = SavedResult(
        user_id=alice,
        tool_name="Startup Scanner",
        title="Old",
        content={"rawContent": "x"},
        formatted_content=(
            '<h2 style="x">Plan</h2><script>alert(1)</script><img src=x onerror=alert(2)>'
            '<a href="javascript:alert(3)">bad</a><a href="https://example.com">good</a>'
        ),
    )
    session.add(row)
    session.commit()
    html = saved_results.readable_html(row)
    link = 'target="_blank" rel="noopener noreferrer nofollow"'
    assert html == (f'<h2>Plan</h2><a {link}>bad</a><a href="https://example.com" {link}>good</a>')
    row.formatted_content = html
    assert saved_results.readable_html(row) == html  # sanitising twice changes nothing
