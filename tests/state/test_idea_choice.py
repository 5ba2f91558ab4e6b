"""The "Idea" picker of the tool forms (issue 14, item 2): the founder's ideas as "Run again on
<title>", choosing one fills the idea text, the choice is checked against the loaded ideas,
and a run lands on the chosen idea (seen through `services/workspace.runs_of_idea`), even
when the text was edited after choosing; "New idea" drops the choice."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from sqlalchemy.engine import Engine
from sqlmodel import Session

from startup_toolkit.domain import scanner as scanner_rules
from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.tools import funding as funding_tool
from startup_toolkit.domain.tools import growth as growth_tool
from startup_toolkit.domain.tools import incubator as incubator_tool
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from startup_toolkit.pages.funding import state as funding_page
from startup_toolkit.pages.funding.state import FundingState
from startup_toolkit.pages.growth.state import GrowthState
from startup_toolkit.pages.incubator.state import IncubatorState
from startup_toolkit.pages.scanner.state import ScannerState
from startup_toolkit.services import workspace
from startup_toolkit.state.idea_choice import NEW_IDEA, IdeaChoice, IdeaOption
from tests.support.founders import signed_in
from tests.support.kept import kept_idea
from tests.support.tool_states import Recorder, Tab, in_processor, substate

SOCKS = "Socks by subscription for busy parents, delivered monthly with no fuss at all."
DOGS = "A bakery for dogs that sells healthy treats through vets and pet shops nationwide."


def runs_of(engine: Engine, user_id: str, idea_id: int) -> list[str]:
    with Session(engine) as db:
        return [r.tool for r in workspace.runs_of_idea(db, user_id, idea_id)]


def loaded(cls: type, route: str, cookie: str) -> Any:
    s = substate(cls, route, cookie)
    asyncio.run(s.load_idea_choices())
    return s


def test_the_choices_are_the_founders_ideas_newest_first(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    socks = kept_idea(engine, user_id, SOCKS)
    dogs = kept_idea(engine, user_id, DOGS)
    _, bob = signed_in(engine, "bob@example.com")
    s = loaded(ScannerState, "/startup-viability-scanner", cookie)
    assert [(o.value, o.label) for o in s._options()] == [
        (str(dogs), f"Run again on {keys.title_from(DOGS)}"),
        (str(socks), f"Run again on {keys.title_from(SOCKS)}"),
    ]
    assert s._chosen() == NEW_IDEA
    # No ideas, or signed out: no picker at all.
    assert loaded(ScannerState, "/startup-viability-scanner", bob).idea_choice is None
    assert loaded(ScannerState, "/startup-viability-scanner", "").idea_choice is None


@pytest.mark.parametrize(
    ("cls", "route", "text_of"),
    [
        (ScannerState, "/startup-viability-scanner", lambda s: s.idea),
        (IncubatorState, "/idea-incubator", lambda s: s.idea),
        (FundingState, "/funding-predictor", lambda s: s.form["pitch"]),
        (GrowthState, "/growth-engine", lambda s: s.product),
    ],
)
def test_choosing_an_idea_fills_the_text_and_new_idea_drops_the_choice(
    engine: Engine, founder: tuple[str, str], cls: type, route: str, text_of: Any
) -> None:
    user_id, cookie = founder
    socks = kept_idea(engine, user_id, SOCKS)
    s = loaded(cls, route, cookie)
    asyncio.run(s.choose_idea(str(socks)))
    assert s._chosen() == str(socks) and text_of(s) == SOCKS
    assert s._chosen_idea_id() == socks
    asyncio.run(s.choose_idea(NEW_IDEA))
    assert s._chosen() == NEW_IDEA and s._chosen_idea_id() is None
    assert text_of(s) == SOCKS  # nothing typed is lost


def test_an_idea_not_among_the_loaded_choices_is_ignored(
    engine: Engine, founder: tuple[str, str]
) -> None:
    user_id, cookie = founder
    kept_idea(engine, user_id, SOCKS)
    bob_id, _ = signed_in(engine, "bob@example.com")
    bobs = kept_idea(engine, bob_id, DOGS)
    s = loaded(ScannerState, "/startup-viability-scanner", cookie)
    for value in (str(bobs), "999999", "", "abc", 5, None):
        asyncio.run(s.choose_idea(value))  # type: ignore[arg-type]
        assert s._chosen() == NEW_IDEA and s.idea == ""
    # A forged choice never reaches a run either.
    s.idea_choice = IdeaChoice(s._options(), str(bobs))
    assert s._chosen_idea_id() is None


def test_a_reopened_run_selects_its_idea(engine: Engine, founder: tuple[str, str]) -> None:
    user_id, cookie = founder
    socks = kept_idea(engine, user_id, SOCKS)
    with Session(engine) as db:
        (run,) = workspace.runs_of_idea(db, user_id, socks)
    s = loaded(ScannerState, f"/startup-viability-scanner?run={run.id}", cookie)
    s._choose_new_idea()
    # The stored result is empty: the scanner cannot show it, so nothing is selected.
    asyncio.run(s.reopen())
    assert s._chosen() == NEW_IDEA
    with Session(engine) as db:
        good = workspace.keep_run(
            db,
            user_id,
            keys.KeepRun(tools.SCANNER.key, {"idea": SOCKS}, SOCKS),
            SAMPLE_SCAN,
            sample=False,
        )
    s = loaded(ScannerState, f"/startup-viability-scanner?run={good}", cookie)
    asyncio.run(s.reopen())
    assert s.result is not None and s._chosen() == str(socks)


# --- a run lands on the chosen idea -------------------------------------------------------------

EDITED = " Now also for grandparents."


@pytest.fixture
def quick_demo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(scanner_rules, "DEMO_SECONDS", 0.05)
    monkeypatch.setattr(scanner_rules, "PROGRESS_TICK_SECONDS", 0.02)
    monkeypatch.setattr(scanner_rules, "FINISH_DELAY_SECONDS", 0.01)
    for home in (incubator_tool, funding_tool, growth_tool):
        monkeypatch.setattr(home, "DEMO_SECONDS", 0.05)


@pytest.mark.parametrize(
    ("cls", "route", "handler", "tool", "form"),
    [
        (
            ScannerState,
            "/startup-viability-scanner",
            "scan",
            tools.SCANNER.key,
            {"idea": SOCKS + EDITED},
        ),
        (
            IncubatorState,
            "/idea-incubator",
            "analyse",
            tools.INCUBATOR.key,
            {"idea": SOCKS + EDITED},
        ),
        (
            FundingState,
            "/funding-predictor",
            "predict",
            tools.FUNDING.key,
            {"form": {**funding_page.rules.default_form(), "pitch": SOCKS + EDITED}},
        ),
        (
            GrowthState,
            "/growth-engine",
            "generate",
            tools.GROWTH.key,
            {"product": SOCKS + EDITED, "audience": "Parents", "budget": "800"},
        ),
    ],
)
def test_a_run_on_a_chosen_idea_lands_on_it_even_after_editing_the_text(
    engine: Engine,
    founder: tuple[str, str],
    quick_demo: None,
    cls: type,
    route: str,
    handler: str,
    tool: str,
    form: dict[str, Any],
) -> None:
    user_id, cookie = founder
    socks = kept_idea(engine, user_id, SOCKS)
    dogs = kept_idea(engine, user_id, DOGS)
    options = [IdeaOption(str(socks), "Run again on Socks"), IdeaOption(str(dogs), "Dogs")]

    async def run(tab: Tab, recorder: Recorder) -> Any:
        await tab.prepare(cookie, idea_choice=IdeaChoice(options, str(socks)), **form)
        s = await tab.fire(handler, busy="running")
        return s._run_id

    run_id = in_processor(cls, route, run)
    assert run_id is not None
    assert runs_of(engine, user_id, socks) == [tool, tools.SCANNER.key]
    assert runs_of(engine, user_id, dogs) == [tools.SCANNER.key]


def test_new_idea_makes_a_new_idea_from_the_text(
    engine: Engine, founder: tuple[str, str], quick_demo: None
) -> None:
    user_id, cookie = founder
    socks = kept_idea(engine, user_id, SOCKS)

    async def run(tab: Tab, recorder: Recorder) -> None:
        options = [IdeaOption(str(socks), "Run again on Socks")]
        await tab.prepare(cookie, idea_choice=IdeaChoice(options, NEW_IDEA), idea=DOGS)
        await tab.fire("scan", busy="running")

    in_processor(ScannerState, "/startup-viability-scanner", run)
    assert runs_of(engine, user_id, socks) == [tools.SCANNER.key]
    with Session(engine) as db:
        titles = [i.title for i in workspace.list_ideas(db, user_id)]
    assert titles[0].startswith("A bakery for dogs")
