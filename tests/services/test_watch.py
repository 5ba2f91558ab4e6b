"""The weekly watch on a brief (issue 30, item 2) as a use case, with the real AI service and
groq SDK against the fake OpenAI-compatible server on 127.0.0.1, a real SQLite database and a
real SMTP server: a watched idea is re-checked by the schedule's pass (its research and
Scanner, kept as runs), once across workers; unchanged inputs skip the model and report
nothing; a change reaches the founder as one digest (notification and email, never twice)
with working pause and unsubscribe links; the allowance is respected; at most three watches."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest
from sqlmodel import Session, select

from startup_toolkit.domain import watch as rules
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.models.activity import UserNotification
from startup_toolkit.models.settings import UserPreferences
from startup_toolkit.models.watch import IdeaWatch, WatchCheck, WatchDigest
from startup_toolkit.models.workspace import ToolRunRecord
from startup_toolkit.services import brief, watch, watch_checks, watch_digest
from startup_toolkit.settings import get_settings
from tests.services.test_outbox import configure_smtp
from tests.support.ai_server import FakeAiServer, WebPage
from tests.support.brief import (
    IDEA,
    MARKERS,
    MARKET_PAGES,
    NEW_MARKET_PAGES,
    RESEARCH_MARKERS,
    SCAN,
    SCAN_LATER,
)
from tests.support.founders import user
from tests.support.smtp_server import RecordingSMTPServer

#: Seconds each `quick` AI call may take (tests/services/conftest.py).
QUICK_AI_TIMEOUT = 5.0
WEEK = timedelta(days=7)


@pytest.fixture
def researching(quick: FakeAiServer, settings_env: pytest.MonkeyPatch) -> FakeAiServer:
    settings_env.setenv("AI_WEB_RESEARCH", "on")
    get_settings.cache_clear()
    return quick


@pytest.fixture
def smtp(settings_env: pytest.MonkeyPatch) -> Iterator[RecordingSMTPServer]:
    with RecordingSMTPServer() as server:
        configure_smtp(settings_env, server.port, PUBLIC_BASE_URL="https://unstuck.example")
        yield server


@pytest.fixture
def user_id(founder: tuple[str, str]) -> str:
    """The signed-in founder's id."""
    return founder[0]


def idea(session: Session, user_id: str, text: str = IDEA) -> int:
    found = brief.open_idea(session, user_id, text)
    assert found is not None
    return found.idea_id


def watched(session: Session, user_id: str) -> tuple[int, datetime]:
    """A new idea of the founder, watched from now: (its id, the time the watch started)."""
    idea_id = idea(session, user_id)
    start = utcnow()
    assert watch.start_watch(session, user_id, idea_id, now=start).ok
    return idea_id, start


def script_check(fake: FakeAiServer, pages: list[WebPage], reply: dict[str, Any]) -> None:
    fake.research(pages, for_prompt=RESEARCH_MARKERS["market"])
    fake.reply_json(reply, for_prompt=MARKERS["scanner"])


def asked_scanner(fake: FakeAiServer) -> int:
    return sum(1 for r in fake.requests if MARKERS["scanner"] in r["messages"][0]["content"])


def checks(session: Session) -> list[WatchCheck]:
    session.expire_all()
    return list(session.exec(select(WatchCheck).order_by(WatchCheck.id)))


def notes(session: Session, user_id: str) -> list[str]:
    """The founder's notifications from the watch (not the welcome one of sign-up)."""
    session.expire_all()
    query = select(UserNotification).where(UserNotification.user_id == user_id)
    found = [n.message for n in session.exec(query.order_by(UserNotification.id))]
    return [m for m in found if m.startswith("Weekly watch")]


async def one_pass(at: datetime) -> int:
    return await watch_checks.watch_pass(now=at, draw=lambda: 0.0)


async def watched_with_baseline(
    fake: FakeAiServer, session: Session, user_id: str
) -> tuple[int, datetime]:
    """A watched idea whose first check (the baseline) ran; the time of that check."""
    idea_id, start = watched(session, user_id)
    script_check(fake, MARKET_PAGES, SCAN)
    assert await one_pass(start) == 1
    return idea_id, start


# --- Watching ----------------------------------------------------------------------------------


def test_a_brief_is_not_watched_until_asked_and_a_founder_watches_at_most_three(
    engine: object, session: Session
) -> None:
    user_id = user(session)
    ideas = [idea(session, user_id, f"Idea number {n} for clinics") for n in range(4)]
    assert watch.panel(session, user_id, ideas[0]).status == watch.OFF
    for idea_id in ideas[:3]:
        assert watch.start_watch(session, user_id, idea_id).ok
    refused = watch.start_watch(session, user_id, ideas[3])
    assert not refused.ok
    assert refused.message.startswith("You already watch 3 ideas, the most at once.")
    assert watch.panel(session, user_id, ideas[3]).limit_text == refused.message
    assert watch.pause_watch(session, user_id, ideas[0]).ok  # a paused watch still counts
    assert not watch.start_watch(session, user_id, ideas[3]).ok
    assert watch.stop_watch(session, user_id, ideas[0]).ok
    assert watch.start_watch(session, user_id, ideas[3]).ok
    assert watch.watch_count(session, user_id) == 3


def test_pause_resume_and_stop_and_another_founders_idea_is_not_found(
    engine: object, session: Session
) -> None:
    user_id, other = user(session), user(session, "other@example.com")
    idea_id = idea(session, user_id)
    start = utcnow()
    started = watch.start_watch(session, user_id, idea_id, now=start)
    assert started.panel is not None and started.panel.status == watch.ACTIVE
    assert started.panel.next_check == start
    assert started.panel.every == "every 7 days"
    paused = watch.pause_watch(session, user_id, idea_id)
    assert paused.panel is not None and paused.panel.next_check is None
    assert watch.resume_watch(session, user_id, idea_id).panel.status == watch.ACTIVE  # type: ignore[union-attr]
    assert not watch.start_watch(session, other, idea_id).ok
    assert not watch.pause_watch(session, other, idea_id).ok
    assert not watch.stop_watch(session, other, idea_id).ok
    assert watch.stop_watch(session, user_id, idea_id).panel.status == watch.OFF  # type: ignore[union-attr]


# --- Checks ------------------------------------------------------------------------------------


async def test_the_first_check_is_the_baseline_kept_as_a_run_and_tells_nothing(
    researching: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    idea_id, start = await watched_with_baseline(researching, session, user_id)
    (check,) = checks(session)
    assert check.status == rules.FIRST and check.changes == []
    run = session.get(ToolRunRecord, check.run_id)
    assert run is not None and (run.tool, run.idea_id) == ("scanner", idea_id)
    assert run.result["evidence"]["sources"][0]["url"] == MARKET_PAGES[0].url
    assert notes(session, user_id) == []
    assert session.exec(select(WatchDigest)).all() == []
    panel = watch.panel(session, user_id, idea_id)
    assert panel.next_check == start + WEEK
    assert panel.history[0].label.startswith("First check")
    assert panel.history[0].run_link == f"/startup-viability-scanner?run={run.id}"
    assert await one_pass(start + timedelta(days=1)) == 0  # not due again before a week


async def test_a_recheck_on_unchanged_inputs_skips_the_model_and_reports_nothing(
    researching: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    _, start = await watched_with_baseline(researching, session, user_id)
    asked = asked_scanner(researching)
    for week in (1, 2):
        researching.research(MARKET_PAGES, for_prompt=RESEARCH_MARKERS["market"])
        assert await one_pass(start + week * WEEK) == 1
    assert asked_scanner(researching) == asked  # the same pages, prompt and model
    assert [c.status for c in checks(session)] == [rules.FIRST, rules.UNCHANGED, rules.UNCHANGED]
    assert all(c.changes == [] for c in checks(session))
    assert notes(session, user_id) == []


async def test_changes_reach_the_founder_as_one_digest_by_notification_and_email(
    researching: FakeAiServer,
    user_id: str,
    session: Session,
    smtp: RecordingSMTPServer,
) -> None:
    idea_id, start = await watched_with_baseline(researching, session, user_id)
    script_check(researching, NEW_MARKET_PAGES, SCAN_LATER)
    assert await one_pass(start + WEEK) == 1
    first, later = checks(session)
    assert later.status == rules.CHANGED and later.compared_id == first.run_id
    texts = [c["text"] for c in later.changes]
    assert texts[0].startswith("Viability score up")
    assert "Market size: $1.2B (2024) → $1.6B (2025)." in texts
    (note,) = notes(session, user_id)
    assert note.startswith("Weekly watch.") and "$1.6B (2025)" in note

    assert watch_digest.deliver_due_digests() == 1
    assert watch_digest.deliver_due_digests() == 0  # a retry never sends it twice
    (mail,) = smtp.wait_for(1)
    body = mail.message.get_content()
    assert mail.message["Subject"] == "Unstuck weekly watch: 1 idea changed"
    assert "Source: https://newreport.example/physio-2025" in body
    base = "https://unstuck.example/startup-viability-scanner?run="
    assert f"Compared: {base}{first.run_id} with {base}{later.run_id}" in body
    mute = re.search(r"Pause this watch: https://unstuck.example(\S+)", body)
    stop = re.search(r"Stop these emails: https://unstuck.example(\S+)", body)
    assert mute and stop
    token = re.search(r"token=([^&\s]+)", stop.group(1)).group(1)  # type: ignore[union-attr]
    watch_id = session.exec(select(IdeaWatch.id)).one()
    assert watch.mute_by_link(session, "x" * 43, watch_id) == watch.LINK_UNKNOWN
    assert watch.mute_by_link(session, token, watch_id) == watch.MUTED
    assert watch.panel(session, user_id, idea_id).status == watch.PAUSED
    assert watch.unsubscribe_by_link(session, token) == watch.UNSUBSCRIBED
    prefs = session.exec(select(UserPreferences).where(UserPreferences.user_id == user_id)).one()
    assert prefs.weekly_reports is False


async def test_several_watches_make_one_digest_listing_each_idea(
    researching: FakeAiServer,
    user_id: str,
    session: Session,
    smtp: RecordingSMTPServer,
) -> None:
    start = utcnow()
    ideas = [idea(session, user_id, f"{IDEA} Variant {n}.") for n in (1, 2)]
    for idea_id in ideas:
        watch.start_watch(session, user_id, idea_id, now=start)
        script_check(researching, MARKET_PAGES, SCAN)
    assert await one_pass(start) == 2
    for _ in ideas:
        script_check(researching, NEW_MARKET_PAGES, SCAN_LATER)
    assert await one_pass(start + WEEK) == 2
    (note,) = notes(session, user_id)
    assert note.count("Market size: $1.2B (2024) → $1.6B (2025).") == 2
    assert watch_digest.deliver_due_digests() == 1
    (mail,) = smtp.wait_for(1)
    assert mail.message["Subject"] == "Unstuck weekly watch: 2 ideas changed"
    assert mail.message.get_content().count("Pause this watch:") == 2


async def test_a_failed_recheck_is_told_as_an_error_not_a_change(
    researching: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    _, start = await watched_with_baseline(researching, session, user_id)
    researching.research(NEW_MARKET_PAGES, for_prompt=RESEARCH_MARKERS["market"])
    for _ in range(3):
        researching.status(500, for_prompt=MARKERS["scanner"])
    assert await one_pass(start + WEEK) == 1
    failed = checks(session)[-1]
    assert failed.status == rules.FAILED and failed.changes == [] and failed.run_id is None
    (note,) = notes(session, user_id)
    assert "Check failed:" in note and "→" not in note
    # The next check compares with the baseline's run, and its inputs are new: asked again.
    script_check(researching, NEW_MARKET_PAGES, SCAN)
    assert await one_pass(start + 2 * WEEK) == 1
    assert checks(session)[-1].status == rules.UNCHANGED


async def test_a_founder_out_of_allowance_is_skipped_with_a_notice(
    researching: FakeAiServer,
    founder: tuple[str, str],
    session: Session,
    settings_env: pytest.MonkeyPatch,
) -> None:
    user_id, _ = founder
    _, start = watched(session, user_id)
    settings_env.setenv("AI_DAILY_TOKENS", "1000")
    get_settings.cache_clear()
    assert await one_pass(start) == 1
    assert researching.requests == []
    (check,) = checks(session)
    assert check.status == rules.SKIPPED
    (note,) = notes(session, user_id)
    assert note.startswith('Weekly watch: "') and "AI allowance" in note


# --- Once across workers -------------------------------------------------------------------------


async def test_two_workers_racing_on_one_database_run_a_check_once(
    researching: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    idea_id, start = watched(session, user_id)
    for _ in range(2):  # enough answers for two checks, if two ran
        script_check(researching, MARKET_PAGES, SCAN)
    ran = await asyncio.gather(one_pass(start), one_pass(start))
    assert sorted(ran) == [0, 1]
    assert len(checks(session)) == 1
    assert asked_scanner(researching) == 1
    runs = session.exec(select(ToolRunRecord).where(ToolRunRecord.idea_id == idea_id)).all()
    assert len(runs) == 1


async def test_a_claim_left_by_a_dead_worker_is_taken_over_after_its_lease(
    researching: FakeAiServer, founder: tuple[str, str], session: Session
) -> None:
    user_id, _ = founder
    idea_id, start = watched(session, user_id)
    row = session.exec(select(IdeaWatch)).one()
    period = rules.period_of(row.next_check_at, WEEK)
    session.add(
        WatchCheck(
            user_id=user_id,
            watch_id=row.id,
            idea_id=idea_id,
            period=period,
            lease_until=start + timedelta(minutes=1),
        )
    )
    session.commit()
    assert await one_pass(start) == 0  # its worker may still be at it
    script_check(researching, MARKET_PAGES, SCAN)
    assert await one_pass(start + timedelta(minutes=2)) == 1
    (check,) = checks(session)
    assert check.status == rules.FIRST
