"""The Startup Arena's pure rules (T-ARENA-1..3, issue 16): join validation, plain-text posts,
the score formula, challenge progress from runs, trending tags, the samples and the events
dated after today."""

from __future__ import annotations

from datetime import date, timedelta
from typing import Any

import pytest

from startup_toolkit.domain import arena as rules
from startup_toolkit.domain import arena_content as content
from startup_toolkit.domain import tools
from startup_toolkit.domain.clock import utcnow

FILLED: dict[str, Any] = {
    "company": "Nova Health",
    "industry": "HealthTech",
    "revenue": "$25,000",
    "users": "1,200",
    "growth": "15%",
}


# --- T-ARENA-1: the join form -----------------------------------------------------------------


def test_t_arena_1_a_filled_form_may_enter() -> None:
    assert rules.validate_join(FILLED) == {}


@pytest.mark.parametrize("name", ["company", "industry", "revenue", "users", "growth"])
@pytest.mark.parametrize("value", ["", "   ", None, 42])
def test_t_arena_1_every_field_but_the_description_is_required(name: str, value: Any) -> None:
    errors = rules.validate_join({**FILLED, name: value})
    assert list(errors) == [name]
    assert errors[name].endswith("is required.")
    assert rules.join_toast(errors) == ("Missing information", "Please fill all required fields")


def test_t_arena_1_an_empty_form_names_every_missing_field() -> None:
    errors = rules.validate_join({})
    assert set(errors) == {"company", "industry", "revenue", "users", "growth"}
    assert errors["company"] == "Company Name is required."
    assert errors["growth"] == "Monthly Growth % is required."


def test_t_arena_1_lengths_are_bounded_with_a_clear_message() -> None:
    errors = rules.validate_join({**FILLED, "company": "N" * (rules.MAX_COMPANY_NAME + 1)})
    assert errors == {"company": "Company Name can be up to 100 characters."}
    assert rules.join_toast(errors) == (rules.TOO_LONG, rules.TOO_LONG_DETAIL)
    assert rules.validate_join({**FILLED, "company": "N" * rules.MAX_COMPANY_NAME}) == {}
    assert "revenue" in rules.validate_join({**FILLED, "revenue": "9" * 41})
    # Missing wins over too long in the toast.
    both = rules.validate_join({**FILLED, "company": "", "users": "9" * 41})
    assert rules.join_toast(both)[0] == rules.MISSING


# --- T-ARENA-2: posts, the score, topics -----------------------------------------------------


@pytest.mark.parametrize("text", ["", "   ", "\n\t", None, 7, "\u200b\u200b"])
def test_t_arena_2_a_blank_post_is_refused(text: Any) -> None:
    assert rules.validate_post(text) == rules.EMPTY_POST_DETAIL


def test_t_arena_2_posts_are_bounded_plain_text() -> None:
    assert rules.validate_post("x" * rules.MAX_POST) is None
    assert rules.validate_post("x" * (rules.MAX_POST + 1)) == rules.POST_TOO_LONG
    assert rules.plain_text(" a\r\nb\x1b\n\n\n\nc ") == "a\nb\n\nc"  # no control chars
    assert rules.plain_text("<b>hi</b>") == "<b>hi</b>"  # kept as typed, shown as text


def test_t_arena_2_the_score_formula() -> None:
    assert rules.arena_score(runs=4, challenge_points=75, likes=2) == 4 * 2 + 75 + 2 * 3
    assert rules.arena_score(-1, -5, -2) == 0
    assert [points for _, points in rules.score_breakdown(4, 75, 2)] == [8, 75, 6]
    assert "likes received" in rules.SCORE_FORMULA


def test_t_arena_2_trending_counts_each_tag_once_a_post() -> None:
    posts = ["#Launch #launch day", "big #Hiring news #launch", "no tags", "mail@x.com #9"]
    assert rules.trending(posts) == [("#Launch", 2), ("#Hiring", 1)]


def test_time_ago() -> None:
    now = utcnow()
    assert rules.time_ago(now, now) == "Just now"
    assert rules.time_ago(now - timedelta(minutes=5), now) == "5m ago"
    assert rules.time_ago(now - timedelta(hours=3), now) == "3h ago"
    assert rules.time_ago(now - timedelta(days=2), now) == "2d ago"


def test_the_samples_are_few_and_marked() -> None:
    assert rules.SAMPLE_THRESHOLD == 5
    assert len(content.SAMPLE_STARTUPS) == 3 and len(content.SAMPLE_POSTS) == 3
    assert "Sample" in rules.SAMPLES_NOTICE


# --- T-ARENA-3: challenges and events ---------------------------------------------------------


def test_t_arena_3_challenges_are_hard_or_medium_worth_50_to_125_points() -> None:
    assert len(content.CHALLENGE_KEYS) == len(content.CHALLENGES) == 5
    for c in content.CHALLENGES:
        assert c.difficulty in ("Hard", "Medium")
        assert content.MIN_REWARD <= c.reward <= content.MAX_REWARD
        assert set(c.tools) <= set(tools.KEPT_KEYS) and c.target > 0 and c.days > 0
    assert content.challenge("scanner-3") is content.CHALLENGES[0]
    assert content.challenge(["scanner-3"]) is None


def test_t_arena_3_progress_counts_runs_of_its_tools_in_its_window() -> None:
    c = content.challenge("scanner-3")
    assert c is not None
    joined = utcnow()
    runs = [
        (tools.SCANNER.key, joined - timedelta(minutes=1)),  # before joining
        (tools.SCANNER.key, joined),
        (tools.FUNDING.key, joined + timedelta(hours=1)),  # another tool
        (tools.SCANNER.key, joined + timedelta(days=c.days)),  # after the window
    ]
    status = rules.challenge_status(c, joined, None, runs, joined + timedelta(days=1))
    assert (status.done, status.completed, status.ended, status.days_left) == (1, False, False, 13)
    ended = rules.challenge_status(c, joined, None, runs, joined + timedelta(days=15))
    assert ended.ended and ended.days_left == 0
    kept = rules.challenge_status(c, joined, joined, [], joined + timedelta(days=15))
    assert kept.completed and not kept.ended and kept.done == c.target
    assert rules.progress_text(c, 2) == "2 of 3 analyses"


def test_t_arena_3_distinct_challenges_count_different_tools() -> None:
    c = content.challenge("four-tools")
    assert c is not None and c.distinct
    t = utcnow()
    runs = [
        (tools.SCANNER.key, t),
        (tools.SCANNER.key, t),
        (tools.GROWTH.key, t),
        (tools.ORACLE.key, t),
        (tools.COFOUNDER.key, t),
    ]
    assert rules.count_toward(c, t, runs) == 4


def test_t_arena_3_events_fall_after_today_on_their_weekdays() -> None:
    for offset in range(14):
        today = date(2025, 1, 1) + timedelta(days=offset)
        events = content.upcoming_events(today)
        assert len(events) == 3 and all(e.day > today for e in events)
        assert [e.day for e in events] == sorted(e.day for e in events)
        assert events[0].key.startswith(("pitch-night:", "growth-workshop:", "founders-meetup:"))
    assert content.month_title(date(2025, 7, 10)) == "July 2025"
    grid = content.month_grid(2025, 7)
    assert grid[0][:3] == [0, 0, 1] and sum(d > 0 for w in grid for d in w) == 31
