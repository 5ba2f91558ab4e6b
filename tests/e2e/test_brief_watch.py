"""Issue 30, item 2 in a real browser: the weekly watch on a brief, with the interval shortened
to seconds, the production build's backend running the schedule as its lifespan task and a
second worker process running the same schedule on the same database (the claim in the
database runs each check once, not twice). The AI provider is the fake OpenAI-compatible
server with live research on; mail goes to the test SMTP server.

A founder briefs an idea; the brief's panel is off until "Watch this idea"; then it shows the
next check. The first check is the baseline (nothing sent); a week later (seconds here) a
newer market report moves the market size and the viability score: the founder gets the one
digest as a notification and as an email with each change's source and the two runs
compared; a re-check on unchanged inputs reports nothing and does not ask the model. The
email's pause link pauses the watch; Stop ends it. At 390 px too."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from playwright.sync_api import Page, expect
from sqlmodel import col, select

from startup_toolkit.models.watch import WatchCheck
from tests.e2e.auth_helpers import app_db, sign_up_and_sign_in, unique_email
from tests.e2e.conftest import (
    LiveApp,
    at_phone_width,
    beside,
    feed_settings,
    screenshot,
    serve_app,
    toast,
)
from tests.support.ai_research import RESEARCH_NOTES, executed_tools, is_research
from tests.support.ai_server import Scripted
from tests.support.brief import (
    IDEA,
    MARKERS,
    MARKET_PAGES,
    NEW_MARKET_PAGES,
    SCAN,
    SCAN_LATER,
    script_parts,
    script_research,
)
from tests.support.feed_server import FeedServer

ROUTE = "/brief"
#: About 4 s between checks: the next answers are set as soon as a check is seen to end.
INTERVAL_DAYS = 0.00005
SECOND_WORKER = (
    "import asyncio\n"
    "import startup_toolkit.models\n"
    "from startup_toolkit.services.watch_checks import run_watch_worker\n"
    "asyncio.run(run_watch_worker())\n"
)


@pytest.fixture(scope="module")
def watch_app(live_app: LiveApp, news_feeds: FeedServer) -> Iterator[LiveApp]:
    """The app with live research and a watch interval of seconds, beside the default one; a
    second worker process runs the schedule beside its backend."""
    env = {
        **feed_settings(news_feeds),
        "AI_WEB_RESEARCH": "on",
        "AI_RESEARCH_SECONDS": "8",
        "WATCH_INTERVAL_DAYS": str(INTERVAL_DAYS),
        "WATCH_POLL_SECONDS": "1",
    }
    with serve_app(beside(live_app), "brief-watch", env) as app:
        log = (app.workdir / "brief-watch-second-worker.log").open("ab")
        second = subprocess.Popen(
            [sys.executable, "-c", SECOND_WORKER],
            cwd=app.workdir,
            env=app.backend.env,
            stdout=log,
            stderr=subprocess.STDOUT,
        )
        try:
            yield app
        finally:
            second.terminate()
            try:
                second.wait(timeout=10)
            except subprocess.TimeoutExpired:
                second.kill()
            log.close()


class Web:
    """What the research reads and what the Scanner answers for the watch's checks, from now
    on (a responder: whichever worker asks, at whatever moment)."""

    def __init__(self) -> None:
        self.pages = MARKET_PAGES
        self.scan: dict[str, Any] = SCAN

    def __call__(self, body: dict[str, Any]) -> Scripted | None:
        if is_research(body):
            tools = executed_tools(list(self.pages), "search")
            return Scripted("reply", text=RESEARCH_NOTES, executed_tools=tools)
        prompt = "\n".join(str(m.get("content", "")) for m in body.get("messages") or [])
        if MARKERS["scanner"] in prompt:
            return Scripted("reply", text=json.dumps(self.scan))
        return None


def scanner_calls(app: LiveApp) -> int:
    return sum(1 for r in app.ai.requests if MARKERS["scanner"] in r["messages"][0]["content"])


def checks(app: LiveApp) -> list[WatchCheck]:
    with app_db(app) as db:
        return list(db.exec(select(WatchCheck).order_by(col(WatchCheck.id))))


def wait_until(what: str, ok: Callable[[], bool], timeout: float = 45) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if ok():
            return
        time.sleep(0.25)
    raise AssertionError(f"timed out waiting for {what}")


def finished(app: LiveApp, status: str, count: int = 1) -> Callable[[], bool]:
    return lambda: sum(1 for c in checks(app) if c.status == status) >= count


def test_a_watched_brief_is_rechecked_once_and_the_founder_gets_one_digest(
    watch_app: LiveApp, page: Page
) -> None:
    app = watch_app
    app.ai.reset()
    sign_up_and_sign_in(app, page, email=unique_email("watch"), next_path=ROUTE)
    page.get_by_label("Your idea").fill(IDEA)
    script_research(app.ai)
    script_parts(app.ai)
    page.locator("#brief-start").click()
    expect(toast(page, "Your brief is ready")).to_be_visible(timeout=40_000)

    # Off by default.
    panel = page.locator("#watch-panel")
    expect(panel).to_contain_text("every 4 seconds")
    expect(page.locator("#watch-start")).to_have_text("Watch this idea")
    expect(page.locator("#watch-next")).to_have_count(0)
    assert checks(app) == []

    web = Web()
    app.ai.answer_with(web)
    asked = scanner_calls(app)
    page.locator("#watch-start").click()
    expect(toast(page, "Watching this idea")).to_be_visible()
    expect(page.locator("#watch-next")).to_contain_text("Next check")
    expect(page.locator("#watch-pause")).to_be_visible()

    # The first check: the baseline, nothing sent.
    wait_until("the first check", finished(app, "first"))
    # A newer market report from now on: the next check finds the changes.
    web.pages, web.scan = NEW_MARKET_PAGES, SCAN_LATER
    assert scanner_calls(app) == asked + 1
    page.reload()
    expect(page.locator("#watch-history")).to_contain_text("First check")

    # One digest, mailed once.
    wait_until("the changed check", finished(app, "changed"))
    (mail,) = app.smtp.wait_for(1, timeout=30)
    body = mail.message.get_content()
    assert mail.message["Subject"] == "Unstuck weekly watch: 1 idea changed"
    assert "Market size: $1.2B (2024) → $1.6B (2025)." in body
    assert "Source: https://newreport.example/physio-2025" in body
    assert "Viability score up" in body
    assert f"Compared: {app.url}/startup-viability-scanner?run=" in body
    assert scanner_calls(app) == asked + 2

    # Unchanged inputs: the next check does not ask the model and reports nothing.
    wait_until("the unchanged check", finished(app, "unchanged"))
    assert scanner_calls(app) == asked + 2
    # Two workers ran the schedule: every check once (one row per period, one call each).
    done = checks(app)
    assert len({c.period for c in done}) == len(done)
    time.sleep(2)  # the outbox polls every second: no second email comes
    assert len(app.smtp.received) == 1

    page.goto(app.path("/notifications"))
    expect(page.get_by_text("Market size: $1.2B (2024) → $1.6B (2025).").first).to_be_visible()

    page.go_back()
    history = page.locator("#watch-history")
    expect(history).to_contain_text("Changes found")
    expect(history).to_contain_text("No change")
    expect(history.get_by_role("link", name="Source").first).to_have_attribute(
        "href", "https://newreport.example/physio-2025"
    )
    expect(history.get_by_role("link", name="Earlier run").first).to_be_visible()
    screenshot(page, "brief-watch")
    at_phone_width(page, "brief-watch", "#watch-panel")

    # The email's pause link: a page with one button; the watch is paused once it is pressed.
    mute = next(line.split(": ", 1)[1] for line in body.splitlines() if "Pause this watch" in line)
    brief_url = page.url
    page.goto(mute)
    page.get_by_role("button", name="Pause this watch").click()
    expect(page.locator("#watch-link-result")).to_contain_text("This watch is paused")
    page.goto(brief_url)
    expect(page.locator("#watch-paused")).to_be_visible()
    page.locator("#watch-resume").click()
    expect(page.locator("#watch-next")).to_be_visible()
    page.locator("#watch-stop").click()
    expect(toast(page, "Watch stopped")).to_be_visible()
    expect(page.locator("#watch-start")).to_be_visible()
    app.ai.answer_with(None)
