"""The Startup Arena's pure rules (T-ARENA-1, T-ARENA-2, T-ARENA-3): join validation, score
arithmetic, the sample data's shape and the November 2023 calendar."""

from __future__ import annotations

from typing import Any

import pytest

from startup_toolkit.domain import arena as rules

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


def test_t_arena_1_join_constants() -> None:
    assert (rules.JOIN_RANK, rules.JOIN_SCORE) == (68, 73)


# --- T-ARENA-2: score arithmetic and the feed -------------------------------------------------


def test_t_arena_2_a_like_adds_one_to_the_score_and_the_count() -> None:
    result = rules.toggle_like(False, 24, 73)
    assert (result.liked, result.likes, result.score, result.points) == (True, 25, 74, 1)


def test_t_arena_2_an_unlike_takes_one_off_the_count_only() -> None:
    result = rules.toggle_like(True, 25, 74)
    assert (result.liked, result.likes, result.score, result.points) == (False, 24, 74, 0)
    assert rules.toggle_like(True, 0, 10).likes == 0  # never below zero


def test_t_arena_2_a_post_adds_two() -> None:
    assert rules.score_after_post(73) == 75


@pytest.mark.parametrize("text", ["", "   \n\t", None, 5])
def test_t_arena_2_a_blank_post_is_refused(text: Any) -> None:
    assert rules.validate_post(text) == "Please write something to post"
    assert rules.EMPTY_POST == "Empty post"


def test_t_arena_2_posts_are_bounded() -> None:
    assert rules.validate_post("x" * rules.MAX_POST) is None
    assert rules.validate_post("x" * (rules.MAX_POST + 1)) == "Posts can be up to 500 characters."
    assert rules.validate_post("  hello  ") is None


def test_t_arena_2_new_posts_go_on_top_and_the_feed_is_bounded() -> None:
    first = rules.FEED[0]
    post = rules.FeedPost(99, "You", "NH", "Nova Health", "Hi", "Just now", 0, 0)
    assert rules.add_post(rules.FEED, post)[:2] == [post, first]
    many = [post] * rules.MAX_FEED_POSTS
    assert len(rules.add_post(many, post)) == rules.MAX_FEED_POSTS
    assert rules.next_post_id(p.id for p in rules.FEED) == 4
    assert rules.next_post_id([]) == 1


def test_t_arena_2_progress_and_breakdown() -> None:
    assert rules.top_five_cutoff(rules.LEADERBOARD) == 87
    assert rules.progress_to_top_five(73, rules.LEADERBOARD) == 84
    assert rules.points_to_top_five(73, rules.LEADERBOARD) == 14
    assert rules.progress_to_top_five(200, rules.LEADERBOARD) == 100
    assert rules.points_to_top_five(200, rules.LEADERBOARD) == 0
    assert rules.progress_to_top_five(5, []) == 100
    breakdown = rules.score_breakdown(3, 4)
    assert breakdown == [("Starting score", 73), ("Likes given", 3), ("Posts shared", 4)]
    assert sum(points for _, points in breakdown) == 80


def test_t_arena_2_the_leaderboard_has_five_complete_entries() -> None:
    board = rules.LEADERBOARD
    assert len(board) == rules.LEADERBOARD_SIZE == 5
    assert [e.rank for e in board] == [1, 2, 3, 4, 5]
    assert [e.score for e in board] == sorted((e.score for e in board), reverse=True)
    assert len({e.id for e in board}) == 5
    for e in board:
        assert e.change == "0" or e.change[0] in "+-"
        assert all([e.name, e.logo, e.industry, e.description, e.founder])
        assert all([e.revenue, e.users, e.growth])
    assert rules.RANKING_NOTE == "Rankings update every 24 hours."


def test_t_arena_2_feed_topics_and_founders() -> None:
    assert len({p.id for p in rules.FEED}) == len(rules.FEED) >= 3
    assert rules.TRENDING_TOPICS and rules.FOUNDERS
    assert rules.initials("Nova Health") == "NH"
    assert rules.initials("  solo ") == "S"
    assert rules.initials("") == "?"


def test_the_sample_data_is_labelled_as_sample() -> None:
    assert rules.SAMPLE_NOTICE.startswith("Sample arena:")
    assert "illustrative" in rules.SAMPLE_NOTICE


# --- T-ARENA-3: challenges, events, calendar --------------------------------------------------


def test_t_arena_3_challenges_are_hard_or_medium_worth_50_to_125_points() -> None:
    for c in (*rules.CHALLENGES, *rules.PAST_CHALLENGES):
        assert c.difficulty in {"Hard", "Medium"}
        assert rules.MIN_REWARD <= rules.reward_points(c.reward) <= rules.MAX_REWARD
        assert c.reward.endswith(" points")
    assert all(c.active for c in rules.CHALLENGES)
    assert not any(c.active for c in rules.PAST_CHALLENGES)
    assert rules.challenge(1) is rules.CHALLENGES[0]
    assert rules.challenge(4) is rules.PAST_CHALLENGES[0]
    assert rules.challenge(404) is None
    assert rules.reward_points("no points") == 0


def test_t_arena_3_joining_twice_changes_nothing() -> None:
    ids, new = rules.join_once([], 2)
    assert (ids, new) == ([2], True)
    again, new = rules.join_once(ids, 2)
    assert (again, new) == ([2], False)
    assert rules.join_once(again, 1) == ([2, 1], True)


def test_t_arena_3_november_2023_calendar() -> None:
    grid = rules.month_grid()
    assert rules.CALENDAR_TITLE == "November 2023"
    assert grid[0] == [0, 0, 0, 1, 2, 3, 4]  # 1 November 2023 was a Wednesday
    assert grid[-1] == [26, 27, 28, 29, 30, 0, 0]
    assert [d for week in grid for d in week if d] == list(range(1, 31))
    assert rules.WEEKDAYS[0] == "Sun"


def test_t_arena_3_events_fall_in_november_2023() -> None:
    types = {name for name, _, _ in rules.EVENT_TYPES}
    for e in rules.EVENTS:
        assert e.date == f"November {e.day}, 2023"
        assert e.kind in types
        assert all([e.title, e.time, e.location, e.description])
