"""Reopening a Co-Founder conversation (issue 14, item 5): a kept conversation (`?run=ID`) or a
saved chat (`?result=ID`) comes back on screen to go on with; it is not kept a second time;
another founder's or another tool's run is not found; Clear Chat drops the reopened note."""

from __future__ import annotations

import asyncio
from typing import Any

from reflex_base.utils import format
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.catalog import AI_COFOUNDER
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.pages.cofounder.state import CofounderState
from startup_toolkit.services import cofounder_context, saved_results, workspace
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
