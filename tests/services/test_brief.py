"""The founder's brief as a use case (issue 30), with the real AI service and groq SDK against
the fake OpenAI-compatible server on 127.0.0.1 and a real database: the four parts run at the
same time through `run_tool`, each kept as a run of the idea; one failing leaves the others;
live research read by several parts makes one Sources list; what a brief may cost is said
before it starts and a brief that does not fit today's allowance is refused; the brief reads
back from the idea's latest kept runs, for its owner only, and exports and shares."""

from __future__ import annotations

from typing import Any

import pytest
from sqlmodel import Session, select

from startup_toolkit.domain import brief as rules
from startup_toolkit.domain.brief_input import BriefInput
from startup_toolkit.domain.report_markdown import to_markdown
from startup_toolkit.domain.tool_run import RunStatus, ToolOutcome
from startup_toolkit.domain.tools import funding as funding_tool
from startup_toolkit.domain.tools import growth as growth_tool
from startup_toolkit.domain.tools import incubator as incubator_tool
from startup_toolkit.models.ai import AiUsage
from startup_toolkit.models.workspace import Idea, ToolRunRecord
from startup_toolkit.services import brief, exports, share_links
from startup_toolkit.settings import get_settings
from tests.support.ai_server import FakeAiServer
from tests.support.brief import IDEA, MARKERS, script_failure, script_parts, script_research
from tests.support.founders import user

#: Seconds each `quick` AI call may take (tests/services/conftest.py).
QUICK_AI_TIMEOUT = 5.0

DATA = BriefInput(IDEA, stage="seed", revenue=12_000, users=340, growth=8.5, budget=500)
FAILED_TEXT = "The AI service did not answer this part."


def opened(session: Session, user_id: str, text: str = IDEA) -> int:
    found = brief.open_idea(session, user_id, text)
    assert found is not None
    return found.idea_id


async def briefed(ai: FakeAiServer, session: Session, user_id: str) -> int:
    """The founder's idea with a brief whose four parts the AI answered."""
    idea_id = opened(session, user_id)
    script_parts(ai)
    await brief.run_parts(user_id, DATA, idea_id)
    return idea_id


def kept_runs(session: Session, user_id: str) -> list[ToolRunRecord]:
    session.expire_all()
    query = select(ToolRunRecord).where(ToolRunRecord.user_id == user_id)
    return list(session.exec(query.order_by(ToolRunRecord.id)))


# --- The parts at the same time --------------------------------------------------------------


async def test_the_four_parts_run_at_the_same_time_each_kept_on_the_idea(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    idea_id = opened(session, user_id)
    script_parts(quick, delay=0.6)
    sent_when_first_ended: list[int] = []
    progress: list[tuple[str, str]] = []

    async def on_done(key: str, outcome: ToolOutcome[Any]) -> None:
        if not sent_when_first_ended:
            sent_when_first_ended.append(len(quick.requests))

    outcomes = await brief.run_parts(
        user_id, DATA, idea_id, on_done=on_done, on_progress=lambda k, t: progress.append((k, t))
    )
    # every part's request was on its way before the first part came back
    assert sent_when_first_ended == [4]
    assert list(outcomes) == list(rules.PART_KEYS)
    assert all(o.status is RunStatus.AI and o.run_id for o in outcomes.values())
    runs = kept_runs(session, user_id)
    assert sorted(r.tool for r in runs) == sorted(rules.PART_KEYS)
    assert {r.idea_id for r in runs} == {idea_id}  # the Funding pitch and Growth product too
    assert {r.id for r in runs} == {o.run_id for o in outcomes.values()}
    for key, marker in MARKERS.items():
        (asked,) = [r for r in quick.requests if marker in r["messages"][0]["content"]]
        assert IDEA in asked["messages"][-1]["content"], key
    funding_run = next(r for r in runs if r.tool == "funding")
    assert (funding_run.input["revenue"], funding_run.input["customers"]) == (12_000, 340)
    assert progress == []  # research is off: nothing to tell


async def test_one_part_failing_leaves_the_others_and_its_stand_in_is_no_part(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    idea_id = opened(session, user_id)
    script_parts(quick, "funding")
    script_failure(quick, "funding")
    outcomes = await brief.run_parts(user_id, DATA, idea_id)
    assert outcomes["funding"].status is RunStatus.FAILED
    assert brief.outcome_part("funding", DATA, outcomes["funding"]) is None  # no stand-in
    assert rules.failed_text(outcomes["funding"].status) == FAILED_TEXT
    for key in ("scanner", "incubator", "growth"):
        assert outcomes[key].ok and brief.outcome_part(key, DATA, outcomes[key]) is not None
    kept_runs_ = {r.tool: r.origin for r in kept_runs(session, user_id)}
    # The failed part's stand-in is kept, labelled (issue 28, item 5), but is no part of it.
    assert kept_runs_ == {"funding": "fallback", "growth": "ai", "incubator": "ai", "scanner": "ai"}
    kept = brief.kept_brief(session, user_id, idea_id)
    assert kept is not None and sorted(kept.parts) == ["growth", "incubator", "scanner"]
    assert not kept.brief.complete and kept.brief.funding is None

    # Retry of that part alone: the others are not asked again
    asked = len(quick.requests)
    script_parts(quick, "scanner", "incubator", "growth")
    again = await brief.run_parts(user_id, DATA, idea_id, ["funding"])
    assert list(again) == ["funding"] and again["funding"].ok
    assert len(quick.requests) == asked + 1
    kept = brief.kept_brief(session, user_id, idea_id)
    assert kept is not None and kept.brief.complete
    assert kept.brief.funding is not None and kept.brief.funding.amount == "$2.5M"


async def test_research_read_by_several_parts_is_one_sources_list(
    quick: FakeAiServer,
    founder: tuple[str, str],
    session: Session,
    settings_env: pytest.MonkeyPatch,
) -> None:
    settings_env.setenv("AI_WEB_RESEARCH", "on")
    get_settings.cache_clear()
    user_id, _ = founder
    idea_id = opened(session, user_id)
    script_research(quick)
    script_parts(quick)
    heard: list[tuple[str, str]] = []
    outcomes = await brief.run_parts(
        user_id, DATA, idea_id, on_progress=lambda k, t: heard.append((k, t))
    )
    assert all(o.ok for o in outcomes.values())
    assert {k for k, _ in heard} == set(rules.PART_KEYS)
    assert ("growth", "Searching the web ... 1 source read") in heard
    kept = brief.kept_brief(session, user_id, idea_id)
    assert kept is not None
    made = kept.brief
    assert [s.url for s in made.sources] == [
        "https://www.marketdata.example/physio",
        "https://clinics.example/no-shows?utm_source=feed",
        "https://www.vcdata.example/seed-2024",
        "https://bench.example/clinics/",
    ]
    assert (made.market_size.state, made.market_size.number) == ("verified", 1)
    assert (made.funding.range.state, made.funding.range.number) == ("verified", 3)
    assert made.unresearched == ()


# --- The allowance ------------------------------------------------------------------------------


async def test_what_a_brief_may_cost_is_said_and_a_brief_that_does_not_fit_is_refused(
    quick: FakeAiServer,
    founder: tuple[str, str],
    session: Session,
    settings_env: pytest.MonkeyPatch,
) -> None:
    user_id, _ = founder
    most = brief.ceiling(DATA)
    assert 0 < most <= brief.ceiling()  # the longest idea costs the most
    assert brief.ceiling(DATA, ["funding"]) < most
    settings_env.setenv("AI_DAILY_TOKENS", str(most + 1000))
    get_settings.cache_clear()
    note = brief.budget_check(session, user_id, DATA)
    assert note.fits and note.ceiling == most and f"at most {most:,} tokens" in note.text

    session.add(AiUsage(user_id=user_id, tool_name="scanner", total_tokens=2000))
    session.commit()
    note = brief.budget_check(session, user_id, DATA)
    assert not note.fits and f"up to {most:,} tokens" in note.refusal
    assert "was not started" in note.refusal
    # one part alone still fits
    assert brief.budget_check(session, user_id, DATA, ["growth"]).fits
    assert quick.requests == []


async def test_research_raises_the_most_a_brief_may_cost(
    settings_env: pytest.MonkeyPatch,
) -> None:
    settings_env.setenv("AI_WEB_RESEARCH", "off")
    get_settings.cache_clear()
    without = brief.ceiling(DATA)
    settings_env.setenv("AI_WEB_RESEARCH", "on")
    get_settings.cache_clear()
    assert brief.ceiling(DATA) > without


def test_demo_mode_costs_nothing(founder: tuple[str, str], session: Session) -> None:
    user_id, _ = founder
    note = brief.budget_check(session, user_id, DATA)
    assert note.fits and note.ceiling == 0 and "Demo mode" in note.text


async def test_demo_mode_keeps_every_parts_sample_on_the_idea(
    founder: tuple[str, str], session: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    from startup_toolkit.domain import scanner

    monkeypatch.setattr(scanner, "DEMO_SECONDS", 0.01)
    for home in (incubator_tool, funding_tool, growth_tool):
        monkeypatch.setattr(home, "DEMO_SECONDS", 0.01)
    user_id, _ = founder
    idea_id = opened(session, user_id)
    outcomes = await brief.run_parts(user_id, DATA, idea_id)
    assert all(o.status is RunStatus.SAMPLE and o.run_id for o in outcomes.values())
    kept = brief.kept_brief(session, user_id, idea_id)
    assert kept is not None and kept.brief.complete
    assert [p.sample for p in kept.brief.parts] == [True] * 4


# --- Reading it back, for its owner only --------------------------------------------------------


async def test_the_brief_reads_back_from_the_latest_kept_runs(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    idea_id = await briefed(quick, session, user_id)
    newer = BriefInput(IDEA, budget=900)
    script_parts(quick, "scanner", "incubator", "funding")
    await brief.run_parts(user_id, newer, idea_id, ["growth"])
    kept = brief.kept_brief(session, user_id, idea_id)
    assert kept is not None and kept.title == session.get(Idea, idea_id).title
    assert kept.idea == IDEA
    assert kept.brief.growth is not None and kept.brief.growth.budget == "$900"
    assert kept.form["budget"] == "900" and kept.form["revenue"] == "12000"
    assert kept.form["audience"] == ""  # the default: shown as assumed


def test_open_idea_takes_the_chosen_idea_only_when_it_is_the_founders(
    founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    other = user(session, "bob@example.com", "Bob")
    mine = opened(session, user_id, "A first idea for clinics, long enough.")
    theirs = opened(session, other, "Bob's idea about something else entirely.")
    assert brief.open_idea(session, user_id, IDEA, mine).idea_id == mine
    landed = brief.open_idea(session, user_id, IDEA, theirs)
    assert landed is not None and landed.idea_id not in (mine, theirs)
    assert brief.open_idea(session, user_id, IDEA).idea_id == landed.idea_id  # same text
    assert brief.open_idea(session, user_id, "   ") is None


async def test_another_founders_idea_has_no_brief_export_or_share(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    idea_id = await briefed(quick, session, user_id)
    other = user(session, "eve@example.com", "Eve")
    assert brief.kept_brief(session, other, idea_id) is None
    assert brief.brief_report_of(session, other, idea_id) is None
    assert exports.report_for(session, other, "brief", [idea_id]) is None
    assert share_links.create_link(session, other, "brief", idea_id, "7") is None
    assert brief.kept_brief(session, user_id, "1 OR 1=1") is None


async def test_the_brief_exports_and_shares_like_an_idea(
    quick: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    idea_id = await briefed(quick, session, user_id)
    target = exports.parse_target("brief", str(idea_id))
    report = exports.report_for(session, user_id, "brief", target)
    assert report is not None and report.title.startswith("Brief: ")
    markdown = exports.render(report, "md")
    assert markdown is not None and markdown.filename.startswith("brief-")
    assert "## Executive summary" in to_markdown(report)
    pdf = exports.render(report, "pdf")
    assert pdf is not None and pdf.body.startswith(b"%PDF")

    token = share_links.create_link(session, user_id, "brief", idea_id, "7", "My brief")
    assert token is not None
    opened_link = share_links.open_link(session, token)
    assert (opened_link.kind, opened_link.target) == ("brief", (idea_id,))
    shared = exports.report_for_share(session, opened_link)
    assert shared is not None and shared.sections == report.sections
    # deleting the idea ends the link
    session.delete(session.get(Idea, idea_id))
    session.commit()
    assert share_links.open_link(session, token).problem == share_links.GONE
