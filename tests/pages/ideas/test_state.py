"""The ideas pages' states without a browser, on a real database and real sessions: /ideas
(cards, picking 2-4 for Compare, inline rename), /ideas/[id] (timeline, the two newest scans
diffed by default, other picks) and /ideas/compare (columns and chart); another founder's
ids and a signed-out tab read as not found or change nothing."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from reflex.vars import Var
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import tools
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.idea_history import MAX_COMPARED
from startup_toolkit.pages.ideas import detail_state, detail_view, state, view
from startup_toolkit.pages.ideas.compare_state import CompareState
from startup_toolkit.pages.ideas.detail_state import IdeaDetailState
from startup_toolkit.pages.ideas.state import IdeasState
from startup_toolkit.services import workspace
from tests.support.events import call, toast_text
from tests.support.founders import Founder, founder_fixture, open_access
from tests.support.idea_scans import scan
from tests.support.kept import idea_of, kept_run
from tests.support.tool_states import substate

SOCKS = "Socks by subscription for busy parents"
DOGS = "A bakery for dogs"


_setup = open_access()
ada = founder_fixture("ada@example.com")
bob = founder_fixture("bob@example.com")


def keep(engine: Engine, uid: str, tool: str, result: Any, text: str, hours: int) -> int:
    when = utcnow() - timedelta(days=1) + timedelta(hours=hours)
    run_id = kept_run(engine, uid, text, result, tool, now=when)
    idea_of(engine, uid, run_id)  # the run landed on an idea
    return run_id


def seed(engine: Engine, uid: str) -> dict[str, int]:
    """Socks: two scans (58 then 74, a competitor and a step added); Dogs: one funding run."""
    old = keep(engine, uid, tools.SCANNER.key, scan(58, scores={"Failure Risk": 50}), SOCKS, 0)
    new = keep(
        engine,
        uid,
        tools.SCANNER.key,
        scan(
            74,
            scores={"Failure Risk": 70},
            reasoning={"Failure Risk": "Pilots de-risked it."},
            competitors=("Acme", "Globex"),
            steps=("Interview customers", "Run a paid pilot"),
        ),
        SOCKS,
        2,
    )
    dogs = keep(engine, uid, tools.FUNDING.key, {"success": True, "amount": "$1M"}, DOGS, 1)
    return {
        "old": old,
        "new": new,
        "socks": idea_of(engine, uid, old),
        "dogs": idea_of(engine, uid, dogs),
    }


# --- /ideas --------------------------------------------------------------------------------------


def test_list_shows_each_idea_with_latest_score_trend_and_runs(
    engine: Engine, ada: Founder
) -> None:
    ids = seed(engine, ada[0])
    page = substate(IdeasState, "/ideas", ada[1])
    assert call(page.load()) == []
    assert page.loading is False and page.load_failed is False
    socks, dogs = page.ideas
    assert (socks.title, socks.score, socks.verdict, socks.runs) == (
        SOCKS,
        74,
        "Potentially Viable",
        2,
    )
    assert [p["score"] for p in socks.trend] == [58, 74]
    assert socks.href == f"/ideas/{ids['socks']}"
    assert (dogs.title, dogs.has_score, dogs.verdict, dogs.runs) == (DOGS, False, "No scan yet", 1)


def test_compare_picks_stay_in_the_browser() -> None:
    """Picking 2-4 ideas for Compare is browser state: nothing is sent to the server, and the
    browser's rule keeps at most four picks and links to the comparison of those picked."""
    assert not {"picked", "can_compare", "compare_hint", "compare_href"} & set(IdeasState.vars)
    toggled = str(view._toggled(Var.create("3")))
    assert "includes" in toggled and f"< {MAX_COMPARED}" in toggled
    assert state.PICK_HINT in str(view._compare_hint())
    assert str(view._compare_href()).startswith('("/ideas/compare?ids="+')


def test_rename_inline_keeps_a_name_and_refuses_an_empty_one(engine: Engine, ada: Founder) -> None:
    ids = seed(engine, ada[0])
    page = substate(IdeasState, "/ideas", ada[1])
    call(page.load())
    assert page.rename is None  # no idea is being renamed
    page.set_draft("typed before any Rename")
    assert page.rename is None and call(page.save_rename()) == []
    page.start_rename(str(ids["dogs"]))
    assert page.rename is not None
    assert page.rename.editing == str(ids["dogs"]) and page.rename.draft == DOGS
    page.set_draft("   ")
    assert call(page.save_rename()) == []
    assert page.rename.error == state.NAME_NEEDED and page.rename.editing == str(ids["dogs"])
    page.set_draft("Barkery")
    assert state.RENAMED in toast_text(call(page.save_rename()))
    assert page.rename is None and page.ideas[1].title == "Barkery"
    page.start_rename(str(ids["dogs"]))
    page.cancel_rename()
    assert page.rename is None
    with Session(engine) as db:
        assert workspace.get_idea(db, ada[0], ids["dogs"]).title == "Barkery"  # type: ignore[union-attr]


def test_signed_out_or_other_founder_sees_none_of_the_ideas(
    engine: Engine, ada: Founder, bob: Founder
) -> None:
    ids = seed(engine, ada[0])
    outsider = substate(IdeasState, "/ideas")
    assert call(outsider.load()) == [] and outsider.ideas == []
    page = substate(IdeasState, "/ideas", bob[1])
    call(page.load())
    assert page.ideas == []
    page.start_rename(str(ids["socks"]))
    assert page.rename is None


# --- /ideas/[id] ---------------------------------------------------------------------------------


def test_detail_shows_timeline_and_diffs_the_two_newest_scans(engine: Engine, ada: Founder) -> None:
    ids = seed(engine, ada[0])
    page = substate(IdeaDetailState, f"/ideas/{ids['socks']}", ada[1])
    assert call(page.load()) == []
    assert page.not_found is False and page.idea is not None and page.idea.title == SOCKS
    assert page.idea.description == ""  # the text the title was made from: not repeated
    assert [(t.label, t.href) for t in page.idea.timeline] == [
        ("Viability Scanner", f"/startup-viability-scanner?run={ids['new']}"),
        ("Viability Scanner", f"/startup-viability-scanner?run={ids['old']}"),
    ]
    assert page.idea.timeline[0].headline == "Score 74/100: Potentially Viable"
    assert page.picks is not None
    assert (page.picks.run_a, page.picks.run_b) == (str(ids["old"]), str(ids["new"]))
    assert page.diff is not None and page.picks.problem == ""
    assert (page.diff.overall_old, page.diff.overall_new) == (58, 74)
    assert page.diff.overall_change == "+16" and page.diff.overall_direction == "up"
    assert (page.diff.verdict_old, page.diff.verdict_new) == (
        "Needs Rethinking",
        "Potentially Viable",
    )
    risk = next(c for c in page.diff.categories if c.name == "Failure Risk")
    assert (risk.old, risk.new, risk.change, risk.direction) == (50, 70, "+20", "up")
    assert risk.reasoning_changed and risk.new_reasoning == "Pilots de-risked it."
    assert page.diff.competitors_added == ["Globex"] and page.diff.steps_added == [
        "Run a paid pilot"
    ]
    assert page.idea.export_md == f"/api/export/idea/{ids['socks']}.md"
    # Picking the same scan twice shows no change; a run that is not listed is ignored.
    call(page.pick_a(str(ids["new"])))
    assert page.diff is not None
    assert page.diff.overall_change == "0" and page.diff.overall_direction == "same"
    call(page.pick_b("12345"))
    assert page.picks.run_b == str(ids["new"])


def test_detail_of_an_idea_with_fewer_than_two_scans_has_no_picks(
    engine: Engine, ada: Founder
) -> None:
    """Issue 25: the selects' picks are None until two scans are compared; a pick before
    the idea is loaded is ignored, and the selects show nothing picked ("")."""
    ids = seed(engine, ada[0])
    page = substate(IdeaDetailState, f"/ideas/{ids['dogs']}", ada[1])
    assert call(page.pick_a(str(ids["old"]))) == [] and page.picks is None
    assert call(page.load()) == []
    assert page.idea is not None and page.idea.scans == []
    assert page.picks is None and page.diff is None
    card = str(detail_view.diff_card())
    assert card.count('?.["run_a"], () => (""))') == 1
    assert card.count('?.["run_b"], () => (""))') == 1


@pytest.mark.parametrize("path", ["/ideas/abc", "/ideas/0", "/ideas/99999"])
def test_detail_of_a_bad_id_is_not_found(engine: Engine, ada: Founder, path: str) -> None:
    page = substate(IdeaDetailState, path, ada[1])
    call(page.load())
    assert page.not_found is True and page.idea is None


def test_detail_of_another_founders_idea_is_not_found(
    engine: Engine, ada: Founder, bob: Founder
) -> None:
    ids = seed(engine, ada[0])
    page = substate(IdeaDetailState, f"/ideas/{ids['socks']}/", bob[1])
    call(page.load())
    assert page.not_found is True and page.idea is None
    assert detail_state.idea_id_of(f"/ideas/{ids['socks']}/") == ids["socks"]


# --- /ideas/compare ------------------------------------------------------------------------------


def test_compare_shows_columns_and_grouped_chart(engine: Engine, ada: Founder) -> None:
    ids = seed(engine, ada[0])
    route = f"/ideas/compare?ids={ids['socks']},{ids['dogs']}"
    page = substate(CompareState, route, ada[1])
    assert call(page.load()) == []
    assert page.not_found is False and page.comparison is not None
    socks, dogs = page.comparison.columns
    assert (socks.title, socks.overall, socks.verdict) == (SOCKS, 74, "Potentially Viable")
    assert socks.market_size.text == "$2B" and socks.market_size.label == "Unverified source"
    assert len(socks.risks) == 3
    assert (dogs.scanned, dogs.verdict, dogs.funding) == (
        False,
        "No scan yet",
        "Funding Likely ($1M)",
    )
    assert page.comparison.series == [{"key": "s0", "name": SOCKS, "fill": "var(--violet-9)"}]
    assert page.comparison.chart_data[2] == {"name": "Risk", "s0": 70}
    assert "Risk: " + SOCKS + " 70" in page.comparison.chart_label
    assert page.comparison.export_pdf == f"/api/export/comparison/{ids['socks']}-{ids['dogs']}.pdf"


def test_compare_of_foreign_or_bad_ids_is_not_found(
    engine: Engine, ada: Founder, bob: Founder
) -> None:
    ids = seed(engine, ada[0])
    for cookie, query in (
        (bob[1], f"{ids['socks']},{ids['dogs']}"),
        (ada[1], str(ids["socks"])),
        (ada[1], "x,y"),
        (ada[1], f"{ids['socks']},99999"),
    ):
        page = substate(CompareState, f"/ideas/compare?ids={query}", cookie)
        call(page.load())
        assert page.not_found is True and page.comparison is None, query
