"""A share link shows only the object it was made for (issue 27, item 1; checklist T-SCAN-5
share, P-DASH-5 delete with Undo), on the real SQLite database.

SQLite gives a deleted newest row's id to the next row. The review shared saved result 1
(never expiring), deleted it, saved a new result that got id 1 again, and the old link
showed the new result to anyone: page and `.md`. Every shareable kind (saved result, kept
run, idea, comparison of ideas) is checked here, as is Undo, which puts back the same row
and so brings its links back."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import httpx
import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.api import api
from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as rules
from startup_toolkit.models.workspace import Idea, ToolRunRecord
from startup_toolkit.pages.shared.state import SharedState
from startup_toolkit.services import dashboard, saved_results, share_links, workspace
from tests.support.asgi_server import LoopbackServer
from tests.support.founders import user
from tests.support.kept import idea_of, kept_idea, saved_result
from tests.support.tool_states import substate

SECRET = "Never shared: the pivot plan"


@pytest.fixture(scope="module")
def api_url() -> Iterator[str]:
    with LoopbackServer(api) as server:
        yield server.url


def _page(token: str) -> SharedState:
    state = substate(SharedState, f"/shared/{token}")
    asyncio.run(state.load())
    return state


def _downloads(api_url: str, token: str) -> dict[str, tuple[int, str]]:
    with httpx.Client(base_url=api_url, timeout=30) as client:
        replies = {fmt: client.get(f"/api/shared/{token}.{fmt}") for fmt in ("md", "pdf")}
    return {fmt: (r.status_code, r.text if fmt == "md" else "") for fmt, r in replies.items()}


def test_a_result_deleted_then_replaced_under_its_id_is_not_shown(
    engine: Engine, api_url: str
) -> None:
    """The review's reproduction: page, .md and .pdf answer as for a deleted result."""
    owner = user(engine)
    first = saved_result(engine, owner, "Startup Viability Scanner", "Shared", "Shared plan")
    with Session(engine) as db:
        token = share_links.create_link(db, owner, "result", first, "never", "Plan")
    assert token is not None
    assert _page(token).report is not None
    assert _downloads(api_url, token)["md"][0] == 200

    with Session(engine) as db:
        assert saved_results.delete_saved_result(db, owner, first)
    second = saved_result(engine, owner, "Startup Viability Scanner", SECRET, SECRET)
    assert second == first  # SQLite handed the id out again

    downloads = _downloads(api_url, token)
    assert SECRET not in downloads["md"][1]
    assert [code for code, _ in downloads.values()] == [404, 404]
    page = _page(token)
    assert (page.report, page.token) == (None, "")
    assert page.problem == share_links.GONE
    with Session(engine) as db:
        assert share_links.open_link(db, token).problem == share_links.GONE


def _run(engine: Engine, owner: str, text: str) -> int:
    keep = rules.KeepRun(tools.SCANNER.key, {"idea": text}, text)
    with Session(engine) as db:
        run_id = workspace.keep_run(db, owner, keep, {}, sample=True)
    assert run_id is not None
    return run_id


def _drop(engine: Engine, table: type[Idea] | type[ToolRunRecord], row_id: int) -> None:
    with Session(engine) as db:
        row = db.get(table, row_id)
        assert row is not None
        db.delete(row)
        db.commit()


def _one_run(engine: Engine, owner: str) -> list[int]:
    return [_run(engine, owner, "Socks by subscription")]


def _one_idea(engine: Engine, owner: str) -> list[int]:
    return [kept_idea(engine, owner, "Socks by subscription")]


def _two_ideas(engine: Engine, owner: str) -> list[int]:
    return [kept_idea(engine, owner, "Hats for cyclists"), kept_idea(engine, owner, "Socks")]


def _new_run(engine: Engine, owner: str) -> int:
    return _run(engine, owner, SECRET)


def _new_idea(engine: Engine, owner: str) -> int:
    return idea_of(engine, owner, _run(engine, owner, SECRET))


Make = Callable[[Engine, str], list[int]]
Remake = Callable[[Engine, str], int]


@pytest.mark.parametrize(
    ("kind", "make", "table", "remake"),
    [
        ("run", _one_run, ToolRunRecord, _new_run),
        ("idea", _one_idea, Idea, _new_idea),
        ("comparison", _two_ideas, Idea, _new_idea),
    ],
)
def test_every_kind_checks_the_public_ids_of_its_targets(
    engine: Engine,
    kind: str,
    make: Make,
    table: type[Idea] | type[ToolRunRecord],
    remake: Remake,
) -> None:
    """Kept runs, ideas and comparisons: the newest target deleted and a new row made with
    its id; the old link no longer opens, a link made now opens the new row."""
    owner = user(engine)
    ids = make(engine, owner)
    target: int | list[int] = ids if kind == "comparison" else ids[0]
    with Session(engine) as db:
        token = share_links.create_link(db, owner, kind, target, "never")
        assert token is not None and share_links.open_link(db, token).problem == ""
    _drop(engine, table, ids[-1])
    assert remake(engine, owner) == ids[-1]  # SQLite handed the id out again
    with Session(engine) as db:
        assert share_links.open_link(db, token).problem == share_links.GONE
        fresh = share_links.create_link(db, owner, kind, target, "7")
        assert fresh is not None and share_links.open_link(db, fresh).problem == ""


def test_undo_brings_back_the_same_result_and_its_link(engine: Engine, api_url: str) -> None:
    """P-DASH-5: the result Undo puts back is the one shared, so its link opens again; a
    result saved in its place before Undo keeps the link dead (and Undo is refused)."""
    owner = user(engine)
    rid = saved_result(engine, owner, "Startup Viability Scanner", "Shared", "Shared plan")
    with Session(engine) as db:
        token = share_links.create_link(db, owner, "result", rid, "never")
        assert token is not None
        snapshot = dashboard.delete_result(db, owner, rid)
        assert snapshot is not None
        assert share_links.open_link(db, token).problem == share_links.GONE
        assert dashboard.restore_result(db, owner, snapshot) == rid
        assert share_links.open_link(db, token).problem == ""
    assert _page(token).report is not None
    assert _downloads(api_url, token)["md"][0] == 200

    with Session(engine) as db:
        snapshot = dashboard.delete_result(db, owner, rid)
    assert snapshot is not None
    assert saved_result(engine, owner, "Startup Viability Scanner", SECRET, SECRET) == rid
    with Session(engine) as db:
        assert dashboard.restore_result(db, owner, snapshot) is None
        assert share_links.open_link(db, token).problem == share_links.GONE


def test_a_forged_undo_snapshot_cannot_choose_a_bad_public_id(engine: Engine) -> None:
    """Undo keeps a well-formed public id only; anything else gets a new random one."""
    owner = user(engine)
    rid = saved_result(engine, owner, "Startup Viability Scanner", "Shared", "Shared plan")
    with Session(engine) as db:
        snapshot = dashboard.delete_result(db, owner, rid)
        assert snapshot is not None
        snapshot["public_id"] = ""
        assert dashboard.restore_result(db, owner, snapshot) == rid
        row = saved_results.get_saved_result(db, owner, rid)
        assert row is not None and len(row.public_id) == 32 and row.public_id.isalnum()
