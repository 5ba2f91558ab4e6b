"""The weekly watch's comparison (issue 30, item 2): structured facts only, no false alarms.
Re-checks of an idea whose inputs did not change report 0 changes in every case; a score move
counts only beyond the spread; a competitor is new only when absent from the last few runs;
the first run never notifies; a failed re-check is an error, not a change."""

from __future__ import annotations

import copy
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

from startup_toolkit.domain import scanner
from startup_toolkit.domain import watch as rules
from startup_toolkit.domain.research import DONE, Evidence, Source
from tests.support.brief import SCAN

PAGES = [
    Source(number=1, title="Physio market", url="https://marketdata.example/physio"),
    Source(number=2, title="No-shows", url="https://clinics.example/no-shows"),
    Source(number=3, title="Newer report", url="https://newreport.example/physio-2025"),
]


def scan(**changes: Any) -> scanner.ScanResult:
    """The brief's Scanner answer, with its pages read, changed as given."""
    data = copy.deepcopy(SCAN)
    data["competitors"][0]["sources"] = [1]
    data.update(changes)
    data["evidence"] = Evidence(research=DONE, sources=PAGES).model_dump()
    return scanner.ScanResult.model_validate(data)


def facts(**changes: Any) -> rules.Facts:
    return rules.facts_of(scan(**changes))


def categories(*scores: int) -> list[dict[str, Any]]:
    base = copy.deepcopy(SCAN["categories"])
    for row, score in zip(base, scores, strict=True):
        row["score"] = score
        row["assessment"] = f"Written another way this time ({score})."
    return base


def competitors(*names: str) -> list[dict[str, Any]]:
    return [{"name": n, "weakness": f"{n} is slow", "sources": [1]} for n in names]


def market(size: str, url_number: int = 1, growth: str = "9% CAGR") -> dict[str, Any]:
    return {
        "size": {"value": size, "sources": [url_number]},
        "growthRate": {"value": growth, "sources": [2]},
    }


# --- Unchanged inputs: 0 changes -----------------------------------------------------------------

SAME_IDEA_RERUNS: dict[str, tuple[dict[str, Any], dict[str, Any]]] = {
    "identical answer": ({}, {}),
    "prose rewritten": (
        {"overallAssessment": "A crowded market with real pain."},
        {"overallAssessment": "Real pain; many rivals.", "actionSteps": ["Talk to clinics"]},
    ),
    "scores jitter within the spread": (
        {"categories": categories(81, 45, 60, 79, 30), "overallScore": 59},
        {"categories": categories(78, 49, 57, 82, 34), "overallScore": 60},
    ),
    "competitor spelled another way": (
        {"competitors": competitors("Acme Inc.", "Calendly")},
        {"competitors": competitors("ACME", "calendly.com")},
    ),
    "competitors in another order": (
        {"competitors": competitors("Acme", "Jane App", "Cliniko")},
        {"competitors": competitors("Cliniko", "Acme", "Jane App")},
    ),
    "figure written another way": (
        {"marketInsights": market("$1.2B (2024)")},
        {"marketInsights": market("1.2 billion dollars in 2024")},
    ),
    "figure cited from another page, same value": (
        {"marketInsights": market("$1.2B", 1)},
        {"marketInsights": market("$1.2 billion", 3)},
    ),
}


@pytest.mark.parametrize("case", SAME_IDEA_RERUNS)
def test_a_recheck_whose_inputs_did_not_change_reports_no_change(case: str) -> None:
    before, after = SAME_IDEA_RERUNS[case]
    found = rules.judge([facts(**before)], facts(**after))
    assert found.changes == ()
    assert found.status == rules.UNCHANGED
    assert not found.notifies


def test_several_reruns_on_the_same_inputs_stay_quiet_run_after_run() -> None:
    runs = [
        facts(categories=categories(81, 45, 60, 79, 30), competitors=competitors("Acme")),
        facts(categories=categories(80, 47, 62, 77, 31), competitors=competitors("Acme Inc")),
        facts(categories=categories(83, 44, 58, 80, 29), competitors=competitors("acme")),
        facts(categories=categories(79, 46, 61, 78, 32), competitors=competitors("ACME Ltd")),
    ]
    for n in range(1, len(runs)):
        assert rules.judge(runs[:n], runs[n]).changes == ()


# --- First run, failed run ---------------------------------------------------------------------


def test_the_first_run_of_a_watch_is_its_baseline_and_never_notifies() -> None:
    found = rules.judge([], facts(competitors=competitors("Acme", "Brand New Co")))
    assert found.status == rules.FIRST
    assert found.changes == ()
    assert not found.notifies


def test_a_failed_recheck_is_an_error_not_a_change() -> None:
    found = rules.judge([facts(), facts()], None)
    assert found.status == rules.FAILED
    assert found.changes == ()


# --- Real changes ------------------------------------------------------------------------------


def test_a_score_move_beyond_the_spread_is_reported_with_the_categories_that_moved() -> None:
    before = facts(categories=categories(81, 45, 60, 79, 30), overallScore=59)
    after = facts(categories=categories(81, 70, 60, 79, 40), overallScore=66)
    (change,) = rules.compare([before], after)
    assert change.kind == rules.SCORE
    first, second = scanner.CATEGORY_NAMES[1], scanner.CATEGORY_NAMES[4]
    assert change.text == (
        f"Viability score up 59 → 66 (+7): {first} 45 → 70 (+25), {second} 30 → 40 (+10)."
    )
    assert change.source == ""


def test_a_move_of_exactly_the_spread_is_not_reported() -> None:
    before = facts(categories=categories(81, 45, 60, 79, 30), overallScore=59)
    after = facts(categories=categories(86, 50, 65, 84, 35), overallScore=64)
    assert rules.compare([before], after) == ()


def test_a_category_move_alone_is_reported_when_the_overall_score_holds() -> None:
    before = facts(categories=categories(81, 45, 60, 79, 30), overallScore=59)
    after = facts(categories=categories(81, 45, 45, 79, 30), overallScore=57)
    (change,) = rules.compare([before], after)
    assert change.kind == rules.CATEGORY
    assert "60 → 45 (-15)" in change.text


def test_a_competitor_is_new_only_when_absent_from_the_last_few_runs() -> None:
    with_jane = facts(competitors=competitors("Acme", "Jane App"))
    without = facts(competitors=competitors("Acme"))
    # Jane App was in one of the last three runs: seen before, not new.
    assert rules.compare([with_jane, without, without], with_jane) == ()
    # Absent from each of the last three: new, with the page that cites it.
    (change,) = rules.compare([with_jane, without, without, without], with_jane)
    assert change.kind == rules.NEW_COMPETITOR
    assert change.text == "New competitor: Jane App."
    assert change.source == "https://marketdata.example/physio"


def test_a_competitor_is_gone_only_when_it_was_in_each_recent_run() -> None:
    steady = facts(competitors=competitors("Acme", "Jane App"))
    flaky = facts(competitors=competitors("Acme"))
    now = facts(competitors=competitors("Acme"))
    assert rules.compare([steady, flaky, steady], now) == ()
    (change,) = rules.compare([steady, steady, steady], now)
    assert change.kind == rules.GONE_COMPETITOR
    assert "Jane App" in change.text


def test_a_market_figure_whose_cited_value_changed_is_reported_with_its_source() -> None:
    before = facts(marketInsights=market("$1.2B (2024)"))
    after = facts(marketInsights=market("$1.6B (2025)", 3))
    (change,) = rules.compare([before], after)
    assert change.kind == rules.MARKET
    assert change.text == "Market size: $1.2B (2024) → $1.6B (2025)."
    assert change.source == "https://newreport.example/physio-2025"


def test_a_new_value_that_cites_no_page_read_is_not_reported() -> None:
    before = facts(marketInsights=market("$1.2B"))
    after = facts(marketInsights=market("$3B", 9))  # no page 9 was read: unverified
    assert rules.compare([before], after) == ()


# --- Figures, names, schedule -------------------------------------------------------------------


@pytest.mark.parametrize(
    ("a", "b", "same"),
    [
        ("$1.2B", "1.2 billion", True),
        ("$1,200M", "$1.2B", True),
        ("In 2024: $4.5bn", "$4.5 billion", True),
        ("9% CAGR", "9.0%", True),
        ("9% CAGR", "12% CAGR", False),
        ("$1.2B", "$1.2M", False),
        ("Not available", "not available", True),
    ],
)
def test_figures_are_compared_as_amounts(a: str, b: str, same: bool) -> None:
    assert rules.same_value(a, b) is same


def test_competitors_are_compared_by_name_or_domain() -> None:
    assert rules.competitor_key("Calendly.com") == rules.competitor_key("calendly")
    assert rules.competitor_key("https://www.janeapp.com/") == "janeapp"
    assert rules.competitor_key("Acme, Inc.") == rules.competitor_key("ACME")
    assert rules.competitor_key("Acme") != rules.competitor_key("Acme Health")


def test_a_fingerprint_changes_with_the_pages_the_prompt_or_the_model() -> None:
    pages = [("https://a.example", "A", "text")]
    base = rules.fingerprint("m", "sys", "prompt", pages)
    assert base == rules.fingerprint("m", "sys", "prompt", list(pages))
    assert base != rules.fingerprint("m2", "sys", "prompt", pages)
    assert base != rules.fingerprint("m", "sys", "prompt 2", pages)
    assert base != rules.fingerprint("m", "sys", "prompt", [("https://a.example", "A", "new")])


def test_the_next_check_is_one_interval_on_with_bounded_jitter() -> None:
    now = datetime(2026, 1, 5, 12, tzinfo=UTC)
    week = timedelta(days=7)
    assert rules.next_check(now, week, 0.0) == now + week
    assert rules.next_check(now, week, 1.0) == now + week + rules.MAX_JITTER
    short = timedelta(seconds=10)
    assert rules.next_check(now, short, 1.0) == now + short + timedelta(seconds=0.5)
    assert rules.period_of(now, week) != rules.period_of(now + week, week)
    assert rules.interval_text(7) == "every 7 days"
    assert rules.interval_text(0.0001) == "every 9 seconds"


def test_the_digest_lists_each_idea_with_its_sources_and_runs() -> None:
    change = rules.Change(rules.MARKET, "Market size: $1.2B → $1.6B.", "https://r.example/1")
    items = [
        rules.DigestItem(
            "Physio bookings",
            (change,),
            run_link="https://app/scanner?run=9",
            compared_link="https://app/scanner?run=4",
            mute_link="https://app/api/watch/mute?token=t&watch=1",
        ),
        rules.DigestItem("Dog walking", (), error="The AI service did not answer."),
    ]
    body = rules.digest_body(items, "https://app/api/watch/unsubscribe?token=t", "Unstuck")
    assert "Source: https://r.example/1" in body
    assert "Compared: https://app/scanner?run=4 with https://app/scanner?run=9" in body
    assert "The check could not run: The AI service did not answer." in body
    assert "Stop these emails: https://app/api/watch/unsubscribe?token=t" in body
    assert rules.digest_subject(items, "Unstuck") == "Unstuck weekly watch: 1 idea changed"
    note = rules.digest_notification(items)
    assert "Physio bookings: Market size" in note and "Dog walking: Check failed" in note
