"""ArenaState without a browser (T-ARENA-1, T-ARENA-2, T-ARENA-3).

Ordinary handlers directly (fields, tabs, likes, follows, challenges, events), and the two
delayed ones (joining after 500 ms, posting after 1 s) through Reflex's real event processor.
The Arena is sample data and tab-local state: no AI, no database."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from reflex.event import Event, EventSpec

from startup_toolkit.domain import arena as rules
from startup_toolkit.pages.arena import state as page
from startup_toolkit.pages.arena.state import ArenaState
from tests.support.tool_states import Recorder, Tab, in_processor
from tests.support.tool_states import substate as tool_substate

ROUTE = "/startup-arena"
FORM = {
    "company": "Nova Health",
    "industry": "HealthTech",
    "revenue": "$25,000",
    "users": "1,200",
    "growth": "15%",
}


def substate() -> ArenaState:
    return tool_substate(ArenaState, ROUTE)


def joined() -> ArenaState:
    """A tab that has entered the Arena (what `join` leaves behind)."""
    s = substate()
    s.joined, s.company, s.industry = True, "Nova Health", "HealthTech"
    s.rank, s.score = rules.JOIN_RANK, rules.JOIN_SCORE
    return s


def toast_text(spec: EventSpec | None) -> str:
    assert spec is not None
    (event,) = Event.from_event_type(spec)
    return str(event.payload)


def post(s: ArenaState, post_id: int) -> Any:
    return next(p for p in s.posts if p.id == post_id)


@pytest.fixture
def quick(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(page, "JOIN_DELAY_SECONDS", 0.2)
    monkeypatch.setattr(page, "POST_DELAY_SECONDS", 0.2)


# --- T-ARENA-1: joining -----------------------------------------------------------------------


def test_t_arena_1_the_tab_starts_outside_the_arena_with_the_sample_feed() -> None:
    s = substate()
    assert not s.joined and (s.rank, s.score) == (0, 0)
    assert s.form == dict.fromkeys(FORM, "")
    assert [p.id for p in s.posts] == [p.id for p in rules.FEED]
    assert s.tab == "leaderboard"


def test_t_arena_1_set_field_caps_ignores_unknown_fields_and_clears_its_error() -> None:
    s = substate()
    s.errors = {"company": "Company Name is required.", "users": "Active Users is required."}
    s.set_field("company", "N" * 10_000)
    assert len(s.form["company"]) == rules.INPUT_CAP and "company" not in s.errors
    s.set_field("description", "not stored")  # the description never reaches the state
    s.set_field("__class__", "x")
    s.set_field("users", ["1"])  # type: ignore[arg-type]
    assert set(s.form) == set(FORM) and s.form["users"] == ""
    assert "users" in s.errors


def test_t_arena_1_joining_gives_rank_68_and_score_73_after_the_delay(quick: None) -> None:
    async def run(tab: Tab, recorder: Recorder) -> tuple[ArenaState, float]:
        await tab.prepare("", form=dict(FORM, company="  Nova Health  "))
        started = time.monotonic()
        s = await tab.fire("join", busy="joining")
        elapsed = time.monotonic() - started
        assert recorder.values("joining")[0] is True  # the button shows the wait at once
        assert recorder.values("rank") == [68] and recorder.values("score") == [73]
        (toast,) = recorder.toasts()
        assert "Welcome to the Arena!" in toast and "#68" in toast
        return s, elapsed

    s, elapsed = in_processor(ArenaState, ROUTE, run)
    assert elapsed >= page.JOIN_DELAY_SECONDS
    assert s.joined and not s.joining
    assert (s.rank, s.score) == (68, 73)
    assert (s.company, s.industry, s.revenue, s.users, s.growth) == (
        "Nova Health",
        "HealthTech",
        "$25,000",
        "1,200",
        "15%",
    )


def test_t_arena_1_missing_information_keeps_the_input_and_names_the_fields(quick: None) -> None:
    async def run(tab: Tab, recorder: Recorder) -> ArenaState:
        await tab.prepare("", form=dict(FORM, industry=" ", growth=""))
        s = await tab.fire("join", busy="joining")
        (toast,) = recorder.toasts()
        assert "Missing information" in toast and "Please fill all required fields" in toast
        return s

    s = in_processor(ArenaState, ROUTE, run)
    assert not s.joined and (s.rank, s.score) == (0, 0)
    assert set(s.errors) == {"industry", "growth"}
    assert s.form["company"] == "Nova Health" and s.form["industry"] == " "


def test_t_arena_1_the_last_field_typed_before_the_click_counts(quick: None) -> None:
    """The browser sends the debounced `set_field` and the click back to back: `join` is
    sequential, so it sees the field (a background handler would overtake it)."""

    async def run(tab: Tab, recorder: Recorder) -> ArenaState:
        await tab.prepare("", form=dict(FORM, growth=""))
        name = ArenaState.get_full_name()
        typed = Event(name=f"{name}.set_field", payload={"name": "growth", "value": "15%"})
        click = Event(name=f"{name}.join", payload={})
        futures = [
            await tab.processor.enqueue(tab.token, typed),
            await tab.processor.enqueue(tab.token, click),
        ]
        await asyncio.wait_for(asyncio.gather(*futures), timeout=20)
        s = await tab.fire("finish_join", busy="joining")
        assert not any("Missing information" in t for t in recorder.toasts())
        return s

    s = in_processor(ArenaState, ROUTE, run)
    assert s.joined and s.growth == "15%"


def test_finishers_do_nothing_unless_their_step_is_under_way(quick: None) -> None:
    async def run(tab: Tab, recorder: Recorder) -> ArenaState:
        await tab.prepare("", form=dict(FORM), draft="hello")
        await tab.fire("finish_join", busy="joining")
        await tab.prepare("", joined=True, company="Nova Health", score=73)
        s = await tab.fire("finish_post", busy="posting")
        assert recorder.toasts() == []
        return s

    s = in_processor(ArenaState, ROUTE, run)
    assert s.rank == 0 and s.score == 73 and len(s.posts) == len(rules.FEED)


def test_fields_are_frozen_while_joining() -> None:
    s = substate()
    s.joining = True
    s.set_field("company", "Other")
    assert s.form["company"] == ""
    assert s.join() is None


def test_t_arena_1_too_long_names_are_refused(quick: None) -> None:
    async def run(tab: Tab, recorder: Recorder) -> ArenaState:
        await tab.prepare("", form=dict(FORM, company="N" * 101))
        s = await tab.fire("join", busy="joining")
        assert rules.TOO_LONG in recorder.toasts()[0]
        return s

    s = in_processor(ArenaState, ROUTE, run)
    assert not s.joined
    assert s.errors == {"company": "Company Name can be up to 100 characters."}


# --- T-ARENA-2: leaderboard and feed ----------------------------------------------------------


def test_t_arena_2_tabs_and_load_more() -> None:
    s = joined()
    for value in ("feed", "challenges", "events", "leaderboard"):
        s.set_tab(value)
        assert s.tab == value
    s.set_tab("admin")
    assert s.tab == "leaderboard"
    text = toast_text(s.load_more())
    assert "top 5" in text and "Rankings update every 24 hours." in text


def test_t_arena_2_progress_towards_the_top_five() -> None:
    s = joined()
    assert (s.progress, s.points_to_top_five) == (84, 14)
    assert s.company_initials == "NH"


def test_t_arena_2_like_adds_to_score_and_count_unlike_only_to_the_count() -> None:
    s = joined()
    before = post(s, 1).likes
    s.toggle_like(1)
    assert post(s, 1).liked and post(s, 1).likes == before + 1
    assert s.score == 74 and s.like_points == 1
    s.toggle_like(1)
    assert not post(s, 1).liked and post(s, 1).likes == before
    assert s.score == 74 and s.like_points == 1  # the unlike keeps the score
    assert post(s, 2).likes == rules.FEED[1].likes  # other posts untouched


@pytest.mark.parametrize("bad", [404, "1", None, True, 1.0])
def test_likes_ignore_unknown_posts_and_non_ids(bad: Any) -> None:
    s = joined()
    s.toggle_like(bad)
    assert s.score == 73 and not any(p.liked for p in s.posts)


def test_feed_actions_need_a_joined_tab() -> None:
    s = substate()
    s.toggle_like(1)
    assert s.score == 0 and not post(s, 1).liked
    assert s.join_challenge(1) is None and s.joined_challenges == []
    assert s.register(1) is None and s.registered == []


def test_t_arena_2_posting_puts_the_post_on_top_after_a_second_with_two_points(
    quick: None,
) -> None:
    content = '<img src=x onerror="alert(1)"> We hit 1,000 users!'

    async def run(tab: Tab, recorder: Recorder) -> tuple[ArenaState, float]:
        await tab.prepare("", joined=True, company="Nova Health", score=73, draft=f"  {content}  ")
        started = time.monotonic()
        s = await tab.fire("post", busy="posting")
        elapsed = time.monotonic() - started
        assert recorder.values("posting")[0] is True
        assert "Posted to the Arena" in recorder.toasts()[0]
        return s, elapsed

    s, elapsed = in_processor(ArenaState, ROUTE, run)
    assert elapsed >= page.POST_DELAY_SECONDS
    top = s.posts[0]
    assert (top.author, top.avatar, top.company, top.content) == (
        "You",
        "NH",
        "Nova Health",
        content,  # kept as typed; the page renders it as text
    )
    assert (top.likes, top.comments, top.liked, top.time) == (0, 0, False, "Just now")
    assert top.id == 4 and len(s.posts) == len(rules.FEED) + 1
    assert s.score == 75 and s.post_points == 2 and s.draft == ""


def test_t_arena_2_a_blank_post_is_refused(quick: None) -> None:
    async def run(tab: Tab, recorder: Recorder) -> ArenaState:
        await tab.prepare("", joined=True, company="Nova Health", score=73, draft=" \n ")
        s = await tab.fire("post", busy="posting")
        (toast,) = recorder.toasts()
        assert "Empty post" in toast and "Please write something to post" in toast
        return s

    s = in_processor(ArenaState, ROUTE, run)
    assert s.score == 73 and len(s.posts) == len(rules.FEED)


def test_t_arena_2_a_too_long_post_says_so_and_keeps_the_text(quick: None) -> None:
    async def run(tab: Tab, recorder: Recorder) -> ArenaState:
        await tab.prepare("", joined=True, company="Nova Health", score=73, draft="x" * 501)
        s = await tab.fire("post", busy="posting")
        assert "Post too long" in recorder.toasts()[0]
        return s

    s = in_processor(ArenaState, ROUTE, run)
    assert s.post_error == "Posts can be up to 500 characters."
    assert len(s.draft) == 501 and s.score == 73


def test_draft_is_capped_and_clears_the_error() -> None:
    s = joined()
    s.post_error = rules.POST_TOO_LONG
    s.set_draft("y" * 10_000)
    assert len(s.draft) == rules.INPUT_CAP and s.post_error == ""
    assert s.draft_length == rules.INPUT_CAP
    s.set_draft(7)  # type: ignore[arg-type]
    assert len(s.draft) == rules.INPUT_CAP


def test_t_arena_2_follow_toggles_only_listed_founders() -> None:
    s = joined()
    name = rules.FOUNDERS[0][0]
    s.toggle_follow(name)
    assert s.following == [name]
    s.toggle_follow("Somebody Else")
    s.toggle_follow(name)
    assert s.following == []


# --- T-ARENA-3: challenges and events ---------------------------------------------------------


def test_t_arena_3_joining_a_challenge_then_already_joined() -> None:
    s = joined()
    text = toast_text(s.join_challenge(1))
    assert "Challenge joined" in text and "125 points" in text
    assert s.joined_challenges == [1]
    assert "Already joined" in toast_text(s.join_challenge(1))
    assert s.joined_challenges == [1]
    s.join_challenge(3)
    assert s.joined_challenges == [1, 3]


@pytest.mark.parametrize("bad", [4, 404, "1", None, True])
def test_only_active_challenges_can_be_joined_or_opened(bad: Any) -> None:
    s = joined()
    assert s.join_challenge(bad) is None
    s.open_detail(bad)
    assert s.joined_challenges == [] and s.detail_id == 0


def test_t_arena_3_challenge_detail_opens_and_closes() -> None:
    s = joined()
    s.open_detail(2)
    assert s.detail_id == 2
    s.close_detail()
    assert s.detail_id == 0
    s.open_detail(3)
    s.set_detail_open(True)
    assert s.detail_id == 3
    s.set_detail_open(False)  # Escape or a click outside
    assert s.detail_id == 0


def test_t_arena_3_register_for_an_event_once() -> None:
    s = joined()
    text = toast_text(s.register(2))
    assert "Registered" in text and "sample event" in text
    assert s.registered == [2]
    assert "Already registered" in toast_text(s.register(2))
    assert s.register(99) is None and s.register(True) is None  # type: ignore[arg-type]
    assert s.registered == [2]
