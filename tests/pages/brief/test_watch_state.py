"""The brief's watch panel (BriefState's WatchMixin) without a browser (issue 30, item 2):
off until "Watch this idea"; then it shows the next check, Pause, Resume and Stop change it; a
fourth watch is refused with the limit's message; the panel is always of the brief's own idea,
and a signed-out tab changes nothing."""

from __future__ import annotations

import asyncio

from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.pages.brief.state import BriefState
from startup_toolkit.pages.brief.watch_state import SIGNED_OUT
from startup_toolkit.services import brief, watch
from tests.support.events import js
from tests.support.founders import signed_in
from tests.support.tool_states import substate

ROUTE = "/brief"


def new_idea(engine: Engine, user_id: str, text: str = "Deposits that cut clinic no-shows.") -> int:
    with Session(engine) as session:
        found = brief.open_idea(session, user_id, text)
    assert found is not None
    return found.idea_id


def loaded(idea_id: int, cookie: str) -> BriefState:
    """The watch panel as `/brief?idea=<id>` loads it (the brief first, then its watch)."""
    s = substate(BriefState, f"{ROUTE}?idea={idea_id}", cookie)

    async def load() -> None:
        await s.load()
        await s.load_watch()

    asyncio.run(load())
    return s


def test_a_brief_is_not_watched_until_asked_then_pause_resume_and_stop(
    founder: tuple[str, str], engine: Engine
) -> None:
    user_id, cookie = founder
    s = loaded(new_idea(engine, user_id), cookie)
    assert s.watch is not None and s.watch.status == watch.OFF and s.watch.history == []
    assert s.watch.every == "every 7 days" and s.watch.limit_text == ""
    assert watch.STARTED in js(asyncio.run(s.start_watch()))
    assert s.watch.status == watch.ACTIVE and s.watch.next_check is not None
    assert watch.PAUSED_TEXT in js(asyncio.run(s.pause_watch()))
    assert s.watch.status == watch.PAUSED and s.watch.next_check is None
    asyncio.run(s.resume_watch())
    assert s.watch.status == watch.ACTIVE
    assert watch.STOPPED in js(asyncio.run(s.stop_watch()))
    assert s.watch.status == watch.OFF


def test_a_fourth_watch_is_refused_with_the_limit_s_message(
    founder: tuple[str, str], engine: Engine
) -> None:
    user_id, cookie = founder
    for n in range(3):
        idea_id = new_idea(engine, user_id, f"Idea number {n} for physiotherapy clinics.")
        assert loaded(idea_id, cookie).watch is not None
        asyncio.run(loaded(idea_id, cookie).start_watch())
    s = loaded(new_idea(engine, user_id, "A fourth idea for clinics."), cookie)
    limit = watch.AT_LIMIT.format(limit=3)
    assert s.watch is not None and s.watch.limit_text == limit
    assert "You already watch 3 ideas" in js(asyncio.run(s.start_watch()))
    assert s.watch.status == watch.OFF


def test_the_panel_is_of_the_brief_s_own_idea_only(
    founder: tuple[str, str], engine: Engine
) -> None:
    user_id, _ = founder
    idea_id = new_idea(engine, user_id)
    _, other = signed_in(engine, email="eve@example.com")
    s = loaded(idea_id, other)  # not her idea: no brief, so no panel and nothing to watch
    assert s.watch is None
    assert asyncio.run(s.start_watch()) is None
    signed_out = loaded(idea_id, "")
    assert signed_out.watch is None


def test_a_signed_out_tab_changes_no_watch(founder: tuple[str, str], engine: Engine) -> None:
    user_id, cookie = founder
    s = loaded(new_idea(engine, user_id), cookie)
    s.router = substate(BriefState, ROUTE, "").router  # the session cookie is gone
    assert SIGNED_OUT in js(asyncio.run(s.start_watch()))
    with Session(engine) as session:
        assert watch.watch_count(session, user_id) == 0
