"""What a founder sees is true and the same everywhere (issue 28, items 1, 4 and 5), in a real
browser against the production build with an AI key set (the fake OpenAI-compatible server,
`live_app.ai`).

- Item 1: a saved Oracle result made of the general predictions (the AI reply could not be
  used) reopens with `?result=` as what it is: no "demo mode", no "Set AI_API_KEY".
- Item 4: the Funding Predictor's default $1M market: the estimate (the AI failing) reads
  Needs Improvement at the stage's smallest round beside a 0/100 market; beside the AI's
  reading of 78/100 the page says whose each number is and, in one line, where they differ.
- Item 5: that estimate is kept as a run: the idea's timeline and the dashboard label it
  "Estimate (AI reply unusable)"; an Oracle reply without its roadmap lists is kept as the
  AI's and the page says what it left out.

Screenshots at 1280 px and the 390 px layout checked.
"""

from __future__ import annotations

from playwright.sync_api import Page, expect

from startup_toolkit.domain import oracle as oracle_rules
from startup_toolkit.domain import tools
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.services import saved_results, workspace
from tests.e2e.auth_helpers import app_db, sign_in_user, sign_up, sign_up_and_sign_in, unique_email
from tests.e2e.conftest import LiveApp, at_phone_width, screenshot, toast, wait_for_app
from tests.e2e.test_funding import REPLY as FUNDING_REPLY
from tests.e2e.test_oracle import IDEA as ORACLE_IDEA

FUNDING = "/funding-predictor"
ORACLE = "/startup-oracle"
PITCH = "Deposits and reminders that cut no-shows for physiotherapy clinics."


def test_issue_28_the_oracle_says_whose_predictions_it_shows(live_app: LiveApp, page: Page) -> None:
    """An Oracle reply without its roadmap lists is kept as the AI's and the page says what it
    left out; a saved result made of the general predictions reopens as what it is."""
    user_id = sign_up(live_app, email=unique_email("stand-in-oracle"))
    data = oracle_rules.StartupData(businessIdea=ORACLE_IDEA)
    general = oracle_rules.general_result()
    with app_db(live_app) as db:
        saved = saved_results.save_result(
            db,
            user_id,
            SaveRequest(
                "Startup Oracle",
                oracle_rules.result_title(general),
                oracle_rules.save_content(general, data, origin=Origin.FALLBACK),
                metadata=oracle_rules.save_metadata(general, utcnow(), origin=Origin.FALLBACK),
            ),
        )
    assert saved.result_id
    # Signed in after the result is saved: the app keeps a founder's dashboard for a while.
    sign_in_user(live_app, page, user_id, ORACLE)

    # A reply without its roadmap lists.
    page.get_by_label("Business idea").fill(ORACLE_IDEA)
    live_app.ai.reply_json(
        {
            "probability": 58,
            "risks": ["Restaurants churn fast"],
            "moves": ["Sign ten restaurants in one district"],
        }
    )
    page.get_by_role("button", name="Solve Now").click()
    expect(page.locator("#oracle-probability")).to_have_text("58%", timeout=20_000)
    expect(page.locator("#oracle-sample")).to_have_count(0)  # the AI's, not the general one
    expect(page.locator("#oracle-missing")).to_contain_text(
        "left out funding steps, customer steps and product steps"
    )
    expect(page.locator(".oracle-risk")).to_have_count(1)
    page.get_by_role("tab", name="Customers").click()
    expect(page.locator(".oracle-customers-none")).to_contain_text("gave no customer steps")
    assert len(live_app.ai.requests) == 1  # no repair request for the roadmap
    with app_db(live_app) as db:
        (run,) = workspace.runs_of_tool(db, user_id, tools.ORACLE.key)
    assert run.origin == "ai" and run.result["missing"] == ["funding", "customers", "product"]
    screenshot(page, "stand-in-oracle-partial")
    at_phone_width(page, "stand-in-oracle-partial", "#oracle-missing")

    # The saved general predictions reopen as such: no "demo mode", no "Set AI_API_KEY".
    page.goto(live_app.path(f"{ORACLE}?result={saved.result_id}"))
    wait_for_app(page)
    expect(page.locator("#oracle-probability")).to_have_text("65%")
    note = page.locator(".reopened-note")
    expect(note).to_contain_text("general predictions, because the AI reply could not be used")
    expect(note).not_to_contain_text("demo mode")
    expect(page.locator("#oracle-sample")).to_contain_text("General predictions")
    expect(page.get_by_text("Set AI_API_KEY")).to_have_count(0)
    screenshot(page, "stand-in-oracle-reopened")
    at_phone_width(page, "stand-in-oracle-reopened", ".reopened-note")

    # The dashboard's saved result says the same.
    page.goto(live_app.path("/dashboard"))
    wait_for_app(page)
    card = page.locator(".saved-result").first
    expect(card.locator(".saved-basis")).to_have_text("General predictions (AI reply unusable)")


def test_issue_28_the_funding_estimate_and_the_ais_reading_tell_one_story(
    live_app: LiveApp, page: Page
) -> None:
    user_id = sign_up_and_sign_in(
        live_app, page, email=unique_email("stand-in-funding"), next_path=FUNDING
    )
    expect(page.get_by_label("Market size (USD)")).to_have_value("1000000")
    page.get_by_label("Pitch summary (optional)").fill(PITCH)

    # The AI fails: the estimate, capped by the $1M market, kept as a labelled run.
    live_app.ai.status(500).status(500).status(500)
    page.get_by_role("button", name="Predict Funding").click()
    expect(toast(page, "Funding prediction complete with estimated analysis!")).to_be_visible(
        timeout=20_000
    )
    expect(page.locator("#funding-headline")).to_have_text("Needs Improvement")
    expect(page.locator("#funding-amount")).to_have_text("$1M")
    expect(page.locator("#funding-market-potential")).to_have_text("0/100")
    expect(page.locator("#funding-source")).to_have_text("From your inputs")
    expect(page.locator("#funding-analysis")).to_contain_text("A market of $1M is under the $10M")
    expect(page.locator("#funding-gap")).to_have_count(0)
    screenshot(page, "stand-in-funding-estimate")
    page.get_by_role("button", name="Save Results").click()
    expect(toast(page, "Results saved to your dashboard!")).to_be_visible()

    # The AI's reading of the same numbers: labelled, and the wide gap said in one line.
    page.get_by_role("tab", name="Input Metrics").click()
    live_app.ai.reply_json(
        {**FUNDING_REPLY, "keyMetrics": {**FUNDING_REPLY["keyMetrics"], "marketPotential": 78}}
    )
    page.get_by_role("button", name="Predict Funding").click()
    expect(page.locator("#funding-headline")).to_have_text("Funding Likely", timeout=20_000)
    expect(page.locator("#funding-source")).to_have_text("The AI's reading")
    expect(page.locator("#funding-metrics-source")).to_contain_text("The AI's reading")
    expect(page.locator("#funding-market-potential")).to_have_text("78/100")
    gap = page.locator("#funding-gap")
    expect(gap).to_contain_text("The AI's reading and your inputs disagree")
    expect(gap).to_contain_text("market potential 78/100, your market size of $1M gives 0/100")
    expect(page.locator("#funding-drivers-card")).to_contain_text(
        "From your inputs: the app's own score"
    )
    expect(page.locator("#funding-inputs-line")).to_contain_text("market potential 0/100")
    screenshot(page, "stand-in-funding-gap")
    at_phone_width(page, "stand-in-funding-gap", "#funding-gap", "#funding-source")

    # The idea's timeline keeps both, the estimate labelled as such.
    with app_db(live_app) as db:
        runs = workspace.runs_of_tool(db, user_id, tools.FUNDING.key)
    assert [r.origin for r in runs] == ["ai", "fallback"]
    idea_id = runs[0].idea_id
    assert idea_id is not None and runs[1].idea_id == idea_id
    page.goto(live_app.path(f"/ideas/{idea_id}"))
    wait_for_app(page)
    expect(page.locator(".timeline-entry")).to_have_count(2)
    expect(page.locator(".timeline-basis")).to_have_count(1)
    expect(page.locator(".timeline-entry").nth(1).locator(".timeline-basis")).to_have_text(
        "Estimate (AI reply unusable)"
    )
    screenshot(page, "stand-in-timeline")

    # The dashboard's saved estimate is labelled too.
    page.goto(live_app.path("/dashboard"))
    wait_for_app(page)
    expect(page.locator(".saved-result .saved-basis").first).to_have_text(
        "Estimate (AI reply unusable)"
    )
