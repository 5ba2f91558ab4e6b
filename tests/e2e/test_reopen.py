"""Reopening and the idea picker in a real browser (issue 14, items 2 and 5): a founder opens
/startup-viability-scanner?run=ID (a kept run seeded in the live app's database) and sees its
result with the note 'Reopened from <date>'; a saved result opens with ?result=ID; another
founder's run is 'not found'; then the founder picks an existing idea in the "Idea" select,
edits the text, runs the scan again, the run lands on that idea and the idea's page shows what
changed between its two scans. Screenshots at 1280 px, and the 390 px layout checked on the
pages as they are open."""

from __future__ import annotations

from datetime import timedelta

from playwright.sync_api import Page, expect

from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as keys
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.services import accounts, run_leases, saved_results, workspace
from tests.e2e.auth_helpers import app_db, sign_in_user, sign_up, unique_email
from tests.e2e.conftest import (
    LiveApp,
    at_phone_width,
    screenshot,
    wait_for_app,
)
from tests.e2e.test_scanner import IDEA, idea_box, launch, reply, toast
from tests.support.kept import interrupted_run

ROUTE = "/startup-viability-scanner"
OTHER = "A bakery for dogs that sells healthy treats through vets and independent pet shops."


def seed_run(live_app: LiveApp, user_id: str, text: str, score: int, days_ago: int = 5) -> int:
    """A kept scan of `text` for the founder, `days_ago` days old; its id."""
    with app_db(live_app) as db:
        run_id = workspace.keep_run(
            db,
            user_id,
            keys.KeepRun(tools.SCANNER.key, {"idea": text}, text),
            reply(score),
            sample=False,
            now=utcnow() - timedelta(days=days_ago),
        )
    assert run_id is not None
    return run_id


def idea_of(live_app: LiveApp, user_id: str, run_id: int) -> int:
    with app_db(live_app) as db:
        run = workspace.get_run(db, user_id, run_id)
    assert run is not None and run.idea_id is not None
    return run.idea_id


def test_reopen_a_run_and_a_saved_result_then_run_again_on_a_picked_idea(
    live_app: LiveApp, page: Page
) -> None:
    user_id = sign_up(live_app, email=unique_email("reopen"))
    mine = seed_run(live_app, user_id, IDEA, 58)
    other_run = seed_run(live_app, user_id, OTHER, 44, days_ago=9)
    other_idea = idea_of(live_app, user_id, other_run)
    with app_db(live_app) as db:
        bob = accounts.sign_up(db, "Bob", unique_email("bob"), "bob's password", "bob's password")
    assert bob.user_id
    bobs = seed_run(
        live_app, bob.user_id, "Bob's secret idea about quantum bagels for astronauts.", 91
    )

    # A kept run: its result as if just run, the note with its date.
    sign_in_user(live_app, page, user_id, f"{ROUTE}?run={mine}")
    expect(page.locator(".scanner-score")).to_have_text("58")
    expect(page.locator(".scanner-verdict")).to_have_text("Needs Rethinking")
    note = page.locator(".reopened-note")
    expect(note).to_contain_text("Reopened from")
    expect(note).to_contain_text(str((utcnow() - timedelta(days=5)).year))
    expect(page.get_by_role("button", name="Save Results")).not_to_have_attribute(
        "aria-disabled", "true"
    )
    screenshot(page, "reopen-scanner-run")
    at_phone_width(page, "reopen-scanner-run", ".reopened-note", ".scanner-score")

    # Another founder's run: not found, nothing of theirs, the empty form.
    page.goto(live_app.path(f"{ROUTE}?run={bobs}"))
    wait_for_app(page)
    expect(toast(page, "That result was not found")).to_be_visible()
    expect(idea_box(page)).to_be_visible()
    expect(page.locator(".scanner-score")).to_have_count(0)
    expect(page.get_by_text("quantum bagels")).to_have_count(0)

    # A saved result without its run (pruned): what was saved.
    with app_db(live_app) as db:
        content = {"idea": OTHER, "result": reply(37), "sample": True}
        saved = saved_results.save_result(
            db, user_id, SaveRequest("Startup Viability Scanner", "Viability Analysis", content)
        )
    page.goto(live_app.path(f"{ROUTE}?result={saved.result_id}"))
    wait_for_app(page)
    expect(page.locator(".scanner-score")).to_have_text("37")
    expect(page.locator(".reopened-note")).to_contain_text("sample")

    # New Scan: the picker offers the founder's ideas; picking one fills the text.
    page.get_by_role("button", name="New Scan").click()
    picker = page.get_by_label("Idea", exact=True)
    expect(picker).to_contain_text("New idea")
    picker.click()
    other_title = keys.title_from(OTHER)
    expect(page.get_by_role("option", name=f"Run again on {other_title}")).to_be_visible()
    page.get_by_role("option", name=f"Run again on {other_title}").click()
    expect(idea_box(page)).to_have_value(OTHER)
    idea_box(page).fill(OTHER + " Also sold online.")  # edited: still the same idea
    expect(picker).to_contain_text(f"Run again on {other_title}")
    screenshot(page, "reopen-idea-picker")
    at_phone_width(page, "reopen-idea-picker")
    live_app.ai.reply_json(reply(66, (80, 50, 66, 70, 64)))  # the categories average 66
    launch(page).click()
    expect(page.locator(".scanner-score")).to_have_text("66", timeout=20_000)
    expect(page.locator(".reopened-note")).to_have_count(0)
    with app_db(live_app) as db:
        runs = workspace.runs_of_idea(db, user_id, other_idea)
    assert [r.result["overallScore"] for r in runs] == [66, 44]
    assert runs[0].input == {"idea": OTHER + " Also sold online."}

    # The idea now has two scans: its page shows what changed between them (issue 14, item 3).
    page.goto(live_app.path(f"/ideas/{other_idea}"))
    wait_for_app(page)
    expect(page.locator("#diff-overall")).to_have_text("+22")


def test_an_interrupted_run_offers_retry_with_the_founders_inputs(
    live_app: LiveApp, page: Page
) -> None:
    """Issue 29: a run whose worker was killed (its lease marked interrupted, as another
    worker's sweep leaves it) is told on the founder's next tool page with a Retry button;
    Retry opens the tool with their idea back in the form, and one click runs it."""
    user_id = sign_up(live_app, email=unique_email("retry"))
    with app_db(live_app) as db:
        keep = keys.KeepRun(tools.SCANNER.key, {"idea": OTHER}, OTHER)
        lease = interrupted_run(db, user_id, keep, "Startup Viability Scanner")
    sign_in_user(live_app, page, user_id, ROUTE)
    notice = toast(page, run_leases.INTERRUPTED_TITLE)
    expect(notice).to_be_visible()
    expect(notice).to_contain_text("Nothing was charged")
    screenshot(page, "retry-notice")
    notice.get_by_role("button", name="Retry").click()
    page.wait_for_url(f"**{ROUTE}?retry={lease}")
    expect(toast(page, "Your inputs are back")).to_be_visible()
    expect(idea_box(page)).to_have_value(OTHER)
    at_phone_width(page, "retry-interrupted", ".scanner-form")
    live_app.ai.reply_json(reply(71, (80, 60, 71, 70, 74)))
    launch(page).click()
    expect(page.locator(".scanner-score")).to_have_text("71", timeout=20_000)
    # Taken once: the same address again finds nothing; the form is back, without a result.
    page.goto(live_app.path(f"{ROUTE}?retry={lease}"))
    wait_for_app(page)
    expect(toast(page, "That interrupted run was not found")).to_be_visible()
    expect(idea_box(page)).to_be_visible()
    expect(page.locator(".scanner-score")).to_have_count(0)
