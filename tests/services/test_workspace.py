"""The founder's workspace service (issue 14): ideas from the run's text or the founder's
choice, keeping and pruning runs, renaming, and scoping (founder B never reaches A's runs or
ideas)."""

from __future__ import annotations

from datetime import timedelta

import pytest
from sqlmodel import Session

from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.services import workspace
from startup_toolkit.settings import get_settings
from tests.support.founders import user


def _keep(session: Session, user_id: str, keep: rules.KeepRun, **kw: object) -> int:
    run_id = workspace.keep_run(session, user_id, keep, {"score": 70}, sample=False, **kw)
    assert run_id is not None
    return run_id


def test_the_same_text_lands_on_the_same_idea_and_a_new_text_on_a_new_one(
    session: Session,
) -> None:
    uid = user(session)
    first = _keep(session, uid, rules.KeepRun(tools.SCANNER.key, {}, "Socks by subscription."))
    again = _keep(session, uid, rules.KeepRun(tools.GROWTH.key, {}, "  socks BY subscription "))
    other = _keep(session, uid, rules.KeepRun(tools.SCANNER.key, {}, "A bakery for dogs"))
    ideas = {workspace.get_run(session, uid, r).idea_id for r in (first, again)}  # type: ignore[union-attr]
    assert len(ideas) == 1
    assert workspace.get_run(session, uid, other).idea_id not in ideas  # type: ignore[union-attr]
    assert [i.title for i in workspace.list_ideas(session, uid)] == [
        "A bakery for dogs",
        "Socks by subscription",
    ]


def test_a_chosen_idea_wins_over_the_text_and_another_founders_idea_is_ignored(
    session: Session,
) -> None:
    ada, bob = user(session), user(session, "bob@example.com")
    ada_run = _keep(session, ada, rules.KeepRun(tools.SCANNER.key, {}, "Socks by subscription"))
    ada_idea = workspace.get_run(session, ada, ada_run).idea_id  # type: ignore[union-attr]
    on_it = _keep(session, ada, rules.KeepRun(tools.FUNDING.key, {}, "A pitch", ada_idea))
    assert workspace.get_run(session, ada, on_it).idea_id == ada_idea  # type: ignore[union-attr]
    bobs = _keep(session, bob, rules.KeepRun(tools.SCANNER.key, {}, "Bob's own", ada_idea))
    bob_run = workspace.get_run(session, bob, bobs)
    assert bob_run is not None and bob_run.idea_id != ada_idea
    # B reaches none of A's runs or ideas.
    assert workspace.get_run(session, bob, ada_run) is None
    assert workspace.get_idea(session, bob, ada_idea) is None
    assert workspace.runs_of_idea(session, bob, ada_idea) == []
    assert workspace.rename_idea(session, bob, ada_idea, "Mine now") is None


def test_runs_without_an_idea_text_belong_to_no_idea(session: Session) -> None:
    uid = user(session)
    run_id = _keep(session, uid, rules.KeepRun(tools.HUB_DOCUMENT.key, {"title": "Guide"}))
    assert workspace.get_run(session, uid, run_id).idea_id is None  # type: ignore[union-attr]
    assert workspace.list_ideas(session, uid) == []


def test_only_the_newest_runs_per_tool_are_kept(
    session: Session, settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("RUNS_KEPT_PER_TOOL", "3")
    get_settings.cache_clear()
    uid = user(session)
    start = utcnow() - timedelta(hours=1)
    ids = [
        _keep(
            session,
            uid,
            rules.KeepRun(tools.SCANNER.key, {"n": n}, "Idea"),
            now=start + timedelta(minutes=n),
        )
        for n in range(5)
    ]
    growth = _keep(session, uid, rules.KeepRun(tools.GROWTH.key, {}, "Idea"))
    kept = [r.id for r in workspace.runs_of_tool(session, uid, tools.SCANNER.key)]
    assert kept == list(reversed(ids[2:]))
    assert workspace.get_run(session, uid, growth) is not None  # another tool's runs stay


def test_rename_keeps_a_clean_name_and_refuses_an_empty_one(session: Session) -> None:
    uid = user(session)
    run_id = _keep(session, uid, rules.KeepRun(tools.SCANNER.key, {}, "Socks"))
    idea_id = workspace.get_run(session, uid, run_id).idea_id  # type: ignore[union-attr]
    assert workspace.rename_idea(session, uid, idea_id, "  Sock   Club  ") == "Sock Club"
    assert workspace.rename_idea(session, uid, idea_id, "   ") is None
    assert workspace.rename_idea(session, uid, idea_id, 42) is None
    assert workspace.get_idea(session, uid, idea_id).title == "Sock Club"  # type: ignore[union-attr]
    assert workspace.idea_choices(session, uid) == [(idea_id, "Sock Club")]


def test_unknown_tools_and_bad_ids_keep_and_find_nothing(session: Session) -> None:
    uid = user(session)
    assert workspace.keep_run(session, uid, rules.KeepRun("nope", {}), {}, sample=False) is None
    for bad in (None, 0, -1, 2**64, "1", 1.5, True):
        assert workspace.get_run(session, uid, bad) is None
        assert workspace.get_idea(session, uid, bad) is None


@pytest.mark.parametrize(
    ("text", "title"),
    [
        ("Socks by subscription. For busy people.", "Socks by subscription"),
        ("an app\nthat does things", "An app"),
        ("x" * 200, "X" + "x" * 78 + "…"),
        (
            "A " + "very long words " * 10,
            "A very long words very long words very long words very long words very long…",
        ),
        ("", "Untitled idea"),
    ],
)
def test_a_new_idea_is_titled_from_its_first_sentence(text: str, title: str) -> None:
    assert rules.title_from(text) == title
    assert len(rules.title_from(text)) <= rules.MAX_TITLE


def test_the_text_key_ignores_case_spacing_and_end_punctuation() -> None:
    assert rules.text_key("Socks by subscription!") == rules.text_key("  socks  by SUBSCRIPTION")
    assert rules.text_key("Socks") != rules.text_key("Shoes")
    assert rules.text_key("   ") == "" and rules.text_key(None) == ""


def test_every_kept_tool_but_hub_documents_reopens_on_its_page() -> None:
    from startup_toolkit.domain.catalog import ALL_TOOLS

    pages = {t.path for t in ALL_TOOLS}
    routes = {t.key: t.route for t in tools.TOOLS if t.route}
    assert set(routes) == set(tools.KEPT_KEYS) - {tools.HUB_DOCUMENT.key}
    assert set(routes.values()) <= pages
    assert tools.reopen_path(tools.HUB_DOCUMENT.key, 7) == ""  # read on the Solutions page
    assert tools.reopen_path(tools.SCANNER.key, 7) == "/startup-viability-scanner?run=7"
    assert tools.reopen_path("nope", 7) == ""
