"""Reopening a Co-Founder conversation (issue 14, item 5): a kept conversation (`?run=ID`) or a
saved chat (`?result=ID`) comes back on screen to go on with; it is not kept a second time;
another founder's or another tool's run is not found; Clear Chat drops the reopened note; the
reopened conversation goes on with its own idea (issue 28, item 2), whatever the loads' order."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from typing import Any

import pytest
from reflex_base.utils import format
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.catalog import AI_COFOUNDER
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.pages.cofounder.state import CofounderState
from startup_toolkit.services import cofounder_context, saved_results, workspace
from startup_toolkit.services.workspace import PICKER_SIZE
from tests.support.founders import signed_in
from tests.support.tool_states import substate

ROUTE = "/ai-cofounder"
CHAT = [
    {"role": "user", "content": "How should I price my B2B SaaS?"},
    {"role": "assistant", "content": "Start with value-based tiers."},
]


def reopened(query: str, cookie: str) -> tuple[CofounderState, str]:
    state = substate(CofounderState, f"{ROUTE}?{query}", cookie)
    spec = asyncio.run(state.reopen())
    return state, str(format.format_queue_events(spec)) if spec is not None else ""


def kept(engine: Engine, user_id: str) -> list[Any]:
    with Session(engine) as db:
        return workspace.runs_of_tool(db, user_id, tools.COFOUNDER.key)


def test_a_kept_conversation_reopens_to_go_on_with(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    with Session(engine) as db:
        run_id = cofounder_context.keep_conversation(db, user_id, CHAT, None, sample=False)
    state, toast = reopened(f"run={run_id}", cookie)
    assert toast == ""
    assert [(m["role"], m["content"]) for m in state._messages] == [
        (m["role"], m["content"]) for m in CHAT
    ]
    assert state.reopened is not None
    asyncio.run(state._keep_now())  # nothing new since: not kept again
    assert len(kept(engine, user_id)) == 1
    state.clear_chat()
    assert state._messages == [] and state.reopened is None


def test_a_saved_chat_reopens_from_the_dashboard(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    with Session(engine) as db:
        saved = saved_results.save_result(
            db,
            user_id,
            SaveRequest(
                AI_COFOUNDER.name, "AI Co-Founder chat - 2 messages", {"messages": CHAT}, "chat"
            ),
        )
    assert saved.result_id
    assert tools.result_path(AI_COFOUNDER.name, saved.result_id).startswith(f"{ROUTE}?result=")
    state, toast = reopened(f"result={saved.result_id}", cookie)
    assert toast == "" and len(state._messages) == 2


def test_another_founders_or_another_tools_run_is_not_found(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    bob, _ = signed_in(engine, "bob@example.com")
    with Session(engine) as db:
        bobs = cofounder_context.keep_conversation(db, bob, CHAT, None, sample=False)
        scan = workspace.keep_run(
            db, user_id, keys.KeepRun(tools.SCANNER.key), {"x": 1}, sample=True
        )
    for run_id in (bobs, scan, "abc"):
        state, toast = reopened(f"run={run_id}", cookie)
        assert "That result was not found" in toast and state._messages == []


# --- Issue 28, item 2: a reopened conversation keeps its own idea ---------------------------

BOOKKEEPING = "Bookkeeping for freelancers"
BOOKING = "A booking app for hair salons"


def _idea_of_scan(db: Session, user_id: str, text: str, ago: int) -> int:
    """An idea of the founder's, made by a scan `ago` minutes ago; its id."""
    run_id = workspace.keep_run(
        db,
        user_id,
        keys.KeepRun(tools.SCANNER.key, {"idea": text}, text),
        {"overallScore": 60},
        sample=False,
        now=utcnow() - timedelta(minutes=ago),
    )
    run = workspace.get_run(db, user_id, run_id)
    assert run is not None and run.idea_id is not None
    return run.idea_id


def _conversation(db: Session, user_id: str, idea_id: int, ago: int) -> int:
    """A conversation on the founder's idea, kept `ago` minutes ago; its run's id."""
    keep = keys.KeepRun(
        tools.COFOUNDER.key, {"messageCount": 2, "ideaId": idea_id}, idea_id=idea_id
    )
    run_id = workspace.keep_run(
        db, user_id, keep, {"messages": CHAT}, sample=False, now=utcnow() - timedelta(minutes=ago)
    )
    assert run_id is not None
    return run_id


def _loads(state: CofounderState, order: str) -> None:
    """The page's loads in `order`: "ideas first" as the route lists them, else reopen first."""
    if order == "ideas first":
        asyncio.run(state.load_ideas())
        asyncio.run(state.reopen())
    else:
        asyncio.run(state.reopen())
        asyncio.run(state.load_ideas())


@pytest.mark.parametrize("order", ["ideas first", "reopen first"])
def test_issue_28_item_2_a_reopened_conversation_keeps_its_own_idea(
    engine: Engine, founder: tuple[str, str], order: str
) -> None:
    user_id, cookie = founder
    with Session(engine) as db:
        bookkeeping = _idea_of_scan(db, user_id, BOOKKEEPING, 60)
        run_id = _conversation(db, user_id, bookkeeping, 30)
        _idea_of_scan(db, user_id, BOOKING, 5)  # the newest idea, made after the conversation
    state = substate(CofounderState, f"{ROUTE}?run={run_id}", cookie)
    _loads(state, order)
    assert state._messages and state.reopened is not None
    assert state.chat_idea is not None and state.chat_idea.id == str(bookkeeping)
    assert state._idea_title() == BOOKKEEPING and state._using_idea()
    assert state._kept_idea() == bookkeeping  # what follows is kept under the same idea


@pytest.mark.parametrize("order", ["ideas first", "reopen first"])
def test_issue_28_item_2_an_idea_older_than_the_list_is_still_the_chats(
    engine: Engine, founder: tuple[str, str], order: str
) -> None:
    user_id, cookie = founder
    with Session(engine) as db:
        oldest = _idea_of_scan(db, user_id, BOOKKEEPING, 600)
        run_id = _conversation(db, user_id, oldest, 500)
        for n in range(PICKER_SIZE):
            _idea_of_scan(db, user_id, f"{BOOKING} number {n}", 100 - n)
    state = substate(CofounderState, f"{ROUTE}?run={run_id}", cookie)
    _loads(state, order)
    assert state.chat_idea is not None and state.chat_idea.id == str(oldest)
    assert state._idea_title() == BOOKKEEPING
    assert len(state.chat_idea.options) == PICKER_SIZE + 1
    state.clear_chat()  # a new conversation: the list is the newest ideas again
    asyncio.run(state.load_ideas())
    assert len(state.chat_idea.options) == PICKER_SIZE


@pytest.mark.parametrize("order", ["ideas first", "reopen first"])
def test_issue_28_item_2_a_conversation_without_an_idea_reopens_without_one(
    engine: Engine, founder: tuple[str, str], order: str
) -> None:
    user_id, cookie = founder
    with Session(engine) as db:
        run_id = cofounder_context.keep_conversation(db, user_id, CHAT, None, sample=False)
        _idea_of_scan(db, user_id, BOOKING, 5)
    state = substate(CofounderState, f"{ROUTE}?run={run_id}", cookie)
    _loads(state, order)
    assert state._messages and not state._using_idea() and state._kept_idea() is None
