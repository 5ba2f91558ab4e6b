"""BriefState without a browser (issue 30): the form, what a brief may cost, and the four parts
through Reflex's real event processor (in-memory state manager) against the fake
OpenAI-compatible server: each part's row follows its progress and the brief fills in as
each ends, one part failing leaves the others with Retry for that part, a brief that does not
fit the allowance is refused, and `/brief?idea=<id>` shows a kept brief again, for its owner
only."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from reflex.event import Event
from reflex.istate.manager.token import BaseStateToken
from reflex.state import State
from sqlalchemy.engine import Engine
from sqlmodel import Session, select

from startup_toolkit.domain import brief_input
from startup_toolkit.domain.brief import PART_KEYS
from startup_toolkit.domain.tools import funding as funding_tool
from startup_toolkit.domain.tools import growth as growth_tool
from startup_toolkit.domain.tools import incubator as incubator_tool
from startup_toolkit.models.workspace import ToolRunRecord
from startup_toolkit.pages.brief import state as page
from startup_toolkit.pages.brief.rows import DONE, FAILED, MISSING, RUNNING
from startup_toolkit.pages.brief.state import BriefState
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer
from tests.support.brief import IDEA, script_failure, script_parts
from tests.support.events import js
from tests.support.founders import signed_in
from tests.support.tool_states import Recorder, Tab, in_processor, router, substate

ROUTE = "/brief"


def processed(run: Any) -> Any:
    return in_processor(BriefState, ROUTE, run)


def form(**values: str) -> dict[str, str]:
    return {"idea": IDEA, **values}


async def fire_with(tab: Tab, handler: str, timeout: float = 20, **payload: Any) -> BriefState:
    """Run `handler` with `payload` and wait until its job (if any) has ended and said so."""
    event = Event(name=f"{BriefState.get_full_name()}.{handler}", payload=payload)
    await asyncio.wait_for(await tab.processor.enqueue(tab.token, event), timeout=timeout)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        s = await tab.state()
        if not s.running and not s._owners and not s._jobs:
            await asyncio.sleep(0.1)  # the job's last toast
            return await tab.state()
        await asyncio.sleep(0.02)
    raise AssertionError(f"{handler} did not finish")


def statuses(s: BriefState) -> dict[str, str]:
    return {row.key: row.status for row in s.parts or []}


# --- The form ------------------------------------------------------------------------------


def test_set_field_caps_the_text_and_ignores_unknown_fields() -> None:
    s = substate(BriefState, ROUTE)
    s.errors = {"revenue": "Monthly revenue (USD) must be a number."}
    s.set_field("revenue", "9" * 100)
    assert s.form["revenue"] == "9" * brief_input.NUMBER_INPUT_CAP and s.errors == {}
    s.set_field("idea", "x" * 10_000)
    assert len(s.form["idea"]) == brief_input.IDEA_INPUT_CAP
    s.set_field("password", "nope")
    s.set_field("stage", ["not", "text"])  # type: ignore[arg-type]
    assert "password" not in s.form and s.form.get("stage", "") == ""


def test_a_fresh_brief_says_what_it_may_cost_before_it_starts(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    s = substate(BriefState, ROUTE, cookie)
    assert asyncio.run(s.load()) is None
    assert s.budget is not None and "holds at most" in s.budget.text and s.budget.refusal == ""
    assert s.parts is None and s.brief is None and s.form == {}


def test_bad_input_names_the_field_and_runs_nothing(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> BriefState:
        await tab.prepare(cookie, form=form(idea="Too short", revenue="lots"))
        s = await fire_with(tab, "start")
        assert brief_input.SHORT_IDEA in recorder.toasts()[0]
        return s

    s = processed(run)
    assert s.errors["idea"] == brief_input.SHORT_IDEA
    assert s.errors["revenue"] == "Monthly revenue (USD) must be a number."
    assert s.parts is None and fake_ai.requests == []


def test_signed_out_asks_to_sign_in_and_runs_nothing(engine: Engine, fake_ai: FakeAiServer) -> None:
    async def run(tab: Tab, recorder: Recorder) -> BriefState:
        await tab.prepare("", form=form())
        s = await fire_with(tab, "start")
        assert "Authentication required" in recorder.toasts()[0]
        return s

    s = processed(run)
    assert s.parts is None and fake_ai.requests == []


# --- Running the parts ---------------------------------------------------------------------


def test_each_part_shows_its_progress_and_the_brief_fills_in_as_each_ends(
    founder: tuple[str, str], fake_ai: FakeAiServer, engine: Engine
) -> None:
    user_id, cookie = founder
    script_parts(fake_ai, "growth")
    # Growth answers last, long enough after the others that a loaded machine still shows the
    # three done while it runs (1.5 s was once not enough on a slow CI machine).
    script_parts(fake_ai, "scanner", "incubator", "funding", delay=3.0)

    async def run(tab: Tab, recorder: Recorder) -> BriefState:
        await tab.prepare(cookie, form=form(revenue="12k", budget="500"))
        s = await fire_with(tab, "start")
        assert "Your brief is ready" in recorder.toasts()[-1]
        return s

    recorded: list[Recorder] = []

    async def watched(tab: Tab, recorder: Recorder) -> BriefState:
        recorded.append(recorder)
        return await run(tab, recorder)

    s = processed(watched)
    assert statuses(s) == dict.fromkeys(PART_KEYS, DONE)
    assert all(row.href.endswith(f"?run={row.href.rsplit('=', 1)[1]}") for row in s.parts)
    assert s.brief is not None and s.brief.score == "59" and len(s.brief.categories) == 5
    assert s.brief.budget == "$500" and s.brief.export_pdf.endswith(".pdf")
    assert s.brief.summary[0].startswith("Viability 59/100")
    # what the browser saw on the way: every part running, then some done while growth ran
    seen = [[row.status for row in rows] for rows in recorded[0].values("parts") if rows]
    assert seen[0] == [RUNNING] * 4
    assert any(step[:3] == [DONE] * 3 and step[3] == RUNNING for step in seen)
    briefs = [b for b in recorded[0].values("brief") if b]
    assert briefs and briefs[0].budget == ""  # the brief showed before growth was back
    with Session(engine) as db:
        runs = db.exec(select(ToolRunRecord).where(ToolRunRecord.user_id == user_id)).all()
    assert sorted(r.tool for r in runs) == sorted(PART_KEYS)
    assert len({r.idea_id for r in runs}) == 1 and s.brief.idea_id == str(runs[0].idea_id)


def test_one_part_failing_leaves_the_others_and_retry_runs_that_part_alone(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    script_parts(fake_ai, "funding")
    script_failure(fake_ai, "funding")

    async def run(tab: Tab, recorder: Recorder) -> BriefState:
        await tab.prepare(cookie, form=form())
        s = await fire_with(tab, "start")
        assert statuses(s) == {**dict.fromkeys(PART_KEYS, DONE), "funding": FAILED}
        funding = next(r for r in s.parts if r.key == "funding")
        assert funding.note == "The AI service did not answer this part." and funding.href == ""
        assert s.brief is not None and s.brief.funding == [] and s.brief.score == "59"
        assert "1 of 4 parts did not finish" in recorder.toasts()[-1]

        asked = len(fake_ai.requests)
        script_parts(fake_ai, "scanner", "incubator", "growth")
        s = await fire_with(tab, "retry", key="funding")
        assert len(fake_ai.requests) == asked + 1  # that part alone
        assert "Funding Predictor is back in your brief" in recorder.toasts()[-1]
        return s

    s = processed(run)
    assert statuses(s) == dict.fromkeys(PART_KEYS, DONE)
    assert [f.label for f in s.brief.funding] == ["Odds", "Amount", "Range", "Stage"]
    assert s.brief.summary[-1] != "Not in this brief yet: Funding Predictor."


def test_a_brief_that_does_not_fit_the_allowance_is_refused_clearly(
    founder: tuple[str, str], fake_ai: FakeAiServer, settings_env: pytest.MonkeyPatch
) -> None:
    settings_env.setenv("AI_DAILY_TOKENS", "20000")
    get_settings.cache_clear()
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> BriefState:
        await tab.prepare(cookie, form=form())
        s = await fire_with(tab, "start")
        assert "Not enough AI allowance left today for a brief" in recorder.toasts()[0]
        return s

    s = processed(run)
    assert s.budget is not None and "was not started" in s.budget.refusal
    assert s.parts is None and fake_ai.requests == []


def test_new_brief_drops_a_running_brief(
    founder: tuple[str, str], fake_ai: FakeAiServer, engine: Engine
) -> None:
    _, cookie = founder
    script_parts(fake_ai, delay=1.0)

    async def run(tab: Tab, recorder: Recorder) -> BriefState:
        await tab.prepare(cookie, form=form())
        await asyncio.wait_for(await tab.start("start"), timeout=10)
        s = await tab.state()
        assert s.running and statuses(s) == dict.fromkeys(PART_KEYS, RUNNING)
        await asyncio.wait_for(await tab.start("new_brief"), timeout=10)
        await asyncio.sleep(2.0)  # the parts end meanwhile: they write nothing
        return await tab.state()

    s = processed(run)
    assert s.parts is None and s.brief is None and not s.running
    assert s.form == {}


def test_demo_mode_shows_each_parts_sample_labelled(
    founder: tuple[str, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from startup_toolkit.domain import scanner

    monkeypatch.setattr(scanner, "DEMO_SECONDS", 0.05)
    for home in (incubator_tool, funding_tool, growth_tool):
        monkeypatch.setattr(home, "DEMO_SECONDS", 0.05)
    _, cookie = founder

    async def run(tab: Tab, recorder: Recorder) -> BriefState:
        await tab.prepare(cookie, form=form())
        return await fire_with(tab, "start")

    s = processed(run)
    assert [r.note for r in s.parts] == [
        "Sample result (demo mode)",
        "Sample result (demo mode)",
        "Estimate from your numbers (no AI)",
        "Sample result (demo mode)",
    ]
    assert s.brief is not None and s.brief.score == "72"


# --- A kept brief again ---------------------------------------------------------------------


def _briefed(cookie: str, fake_ai: FakeAiServer, *skip: str) -> BriefState:
    script_parts(fake_ai, *skip)

    async def run(tab: Tab, recorder: Recorder) -> BriefState:
        await tab.prepare(cookie, form=form(budget="750", stage="seed"))
        return await fire_with(tab, "start")

    return processed(run)


def test_the_brief_page_shows_a_kept_brief_again(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    done = _briefed(cookie, fake_ai, "incubator")
    idea_id = done.brief.idea_id
    s = substate(BriefState, f"{ROUTE}?idea={idea_id}", cookie)
    assert asyncio.run(s.load()) is None
    assert s.problem == "" and s.brief is not None and s.brief.idea_id == idea_id
    assert s.brief.summary == done.brief.summary
    assert statuses(s) == {**dict.fromkeys(PART_KEYS, DONE), "incubator": MISSING}
    assert s.form["idea"] == IDEA and s.form["budget"] == "750" and s.form["stage"] == "seed"
    assert s.form.get("revenue", "") == ""  # the default: shown as assumed


def test_a_missing_part_of_a_kept_brief_runs_from_its_row(
    founder: tuple[str, str], fake_ai: FakeAiServer
) -> None:
    _, cookie = founder
    done = _briefed(cookie, fake_ai, "incubator")
    script_parts(fake_ai, "scanner", "funding", "growth")

    async def run(tab: Tab, recorder: Recorder) -> BriefState:
        await tab.prepare(cookie)
        await load_idea(tab, done.brief.idea_id)
        return await fire_with(tab, "retry", key="incubator")

    s = processed(run)
    assert statuses(s) == dict.fromkeys(PART_KEYS, DONE)
    assert s.brief.risks == ["R1", "R2", "R3"]


async def load_idea(tab: Tab, idea_id: str) -> None:
    """The tab as `/brief?idea=<id>` loaded it."""
    async with tab.manager.modify_state(BaseStateToken(ident=tab.token, cls=State)) as root:
        cookie = root.router.headers.cookie
        root.router = router(f"{ROUTE}?idea={idea_id}", cookie)
        s = await root.get_state(BriefState)
        await s.load()


def test_another_founders_brief_is_not_found(
    founder: tuple[str, str], fake_ai: FakeAiServer, engine: Engine
) -> None:
    _, cookie = founder
    done = _briefed(cookie, fake_ai)
    _, other = signed_in(engine, email="eve@example.com")
    s = substate(BriefState, f"{ROUTE}?idea={done.brief.idea_id}", other)
    asyncio.run(s.load())
    assert s.problem == page.NOT_FOUND and s.brief is None and s.parts is None
    assert s.form == {}


def test_new_brief_goes_back_to_an_empty_form() -> None:
    s = substate(BriefState, ROUTE)
    s.form = form()
    assert "/brief" in js(s.new_brief())
    assert s.form == {}
