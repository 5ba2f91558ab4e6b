"""An idea's history (issue 14, items 3 and 4): the diff of two scans (table-driven over score
and list changes), the score trend, timeline headlines and the comparison of 2-4 ideas."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from startup_toolkit.domain import idea_history as h
from startup_toolkit.domain import tools
from startup_toolkit.domain.run_gist import HEADLINE_CHARS
from startup_toolkit.domain.scanner import CATEGORY_NAMES
from startup_toolkit.domain.tools.scanner import SAMPLE_SCAN
from tests.support.idea_scans import scan

T0 = datetime(2025, 3, 1, 12, 0)


@pytest.mark.parametrize(
    ("old", "new", "change", "direction", "shown"),
    [
        (60, 72, 12, "up", "+12"),
        (72, 60, -12, "down", "-12"),
        (65, 65, 0, "same", "0"),
        (0, 100, 100, "up", "+100"),
    ],
)
def test_overall_score_change_and_direction(
    old: int, new: int, change: int, direction: str, shown: str
) -> None:
    diff = h.scan_diff(scan(old), scan(new))
    assert diff.overall is not None and diff.problem == ""
    assert (diff.overall.old, diff.overall.new) == (old, new)
    assert diff.overall.change == change and diff.overall.direction == direction
    assert h.signed(diff.overall.change) == shown


@pytest.mark.parametrize(
    ("old", "new", "verdicts", "changed"),
    [
        (59, 60, ("Needs Rethinking", "Potentially Viable"), True),
        (79, 80, ("Potentially Viable", "Highly Viable"), True),
        (85, 81, ("Highly Viable", "Highly Viable"), False),
    ],
)
def test_verdict_band_change(old: int, new: int, verdicts: tuple[str, str], changed: bool) -> None:
    diff = h.scan_diff(scan(old), scan(new))
    assert (diff.old_verdict, diff.new_verdict) == verdicts
    assert diff.verdict_changed is changed


@pytest.mark.parametrize(
    ("old_score", "new_score", "direction"),
    [(50, 71, "up"), (80, 64, "down"), (66, 66, "same")],
)
def test_each_category_is_matched_by_name_with_its_change(
    old_score: int, new_score: int, direction: str
) -> None:
    diff = h.scan_diff(
        scan(scores={"Failure Risk": old_score}), scan(scores={"Failure Risk": new_score})
    )
    assert [c.name for c in diff.categories] == list(CATEGORY_NAMES)
    risk = next(c for c in diff.categories if c.name == "Failure Risk")
    assert (risk.score.old, risk.score.new, risk.score.direction) == (
        old_score,
        new_score,
        direction,
    )
    assert risk.score.change == new_score - old_score
    others = [c for c in diff.categories if c.name != "Failure Risk"]
    assert all(c.score.direction == "same" for c in others)


def test_categories_in_another_order_or_spelling_still_match() -> None:
    newer = scan(scores={"Founder Fit": 90})
    newer["categories"] = list(reversed(newer["categories"]))
    newer["categories"][0]["category"] = "founder fit"
    diff = h.scan_diff(scan(), newer)
    fit = next(c for c in diff.categories if c.name == "Founder Fit")
    assert (fit.score.old, fit.score.new) == (60, 90)


@pytest.mark.parametrize(
    ("old_text", "new_text", "changed"),
    [
        ("Paying users exist.", "Paying users exist.", False),
        ("Paying users exist.", "  paying   USERS exist. ", False),
        ("Paying users exist.", "No one pays yet.", True),
        ("", "Now there is a reason.", True),
    ],
)
def test_reasoning_changed_with_old_and_new_text(
    old_text: str, new_text: str, changed: bool
) -> None:
    diff = h.scan_diff(
        scan(reasoning={"Problem Validation": old_text}),
        scan(reasoning={"Problem Validation": new_text}),
    )
    problem = diff.categories[0]
    assert problem.name == "Problem Validation"
    assert problem.reasoning_changed is changed
    spaced = (" ".join(old_text.split()), " ".join(new_text.split()))
    assert (problem.old_reasoning, problem.new_reasoning) == spaced


@pytest.mark.parametrize(
    ("old", "new", "added", "removed"),
    [
        (("Acme", "Globex"), ("Acme", "Globex"), (), ()),
        (("Acme",), ("Acme", "Initech"), ("Initech",), ()),
        (("Acme", "Globex"), ("Globex",), (), ("Acme",)),
        (("Acme",), ("Umbrella",), ("Umbrella",), ("Acme",)),
        (("Acme Inc.",), ("acme inc",), (), ()),  # the same name, normalised
        ((), ("Acme",), ("Acme",), ()),
    ],
)
def test_competitors_added_and_removed(
    old: tuple[str, ...], new: tuple[str, ...], added: tuple[str, ...], removed: tuple[str, ...]
) -> None:
    diff = h.scan_diff(scan(competitors=old), scan(competitors=new))
    assert diff.competitors_added == added
    assert diff.competitors_removed == removed


@pytest.mark.parametrize(
    ("old", "new", "added", "removed"),
    [
        (("Interview 15 users",), ("Interview 15 users",), (), ()),
        (("Interview 15 users",), ("Interview 15 users", "Run a pilot"), ("Run a pilot",), ()),
        (("Interview 15 users", "Run a pilot"), ("Run a pilot",), (), ("Interview 15 users",)),
        (
            ("Build a prototype",),
            ("Sell before building",),
            ("Sell before building",),
            ("Build a prototype",),
        ),
        (("Run a pilot",), ("run a  pilot",), (), ()),
    ],
)
def test_action_steps_added_and_removed(
    old: tuple[str, ...], new: tuple[str, ...], added: tuple[str, ...], removed: tuple[str, ...]
) -> None:
    diff = h.scan_diff(scan(steps=old), scan(steps=new))
    assert diff.steps_added == added
    assert diff.steps_removed == removed


@pytest.mark.parametrize("bad", [None, "text", {"overallScore": 70}, {"categories": "x"}, 42])
def test_a_result_that_cannot_be_read_gives_a_diff_that_says_so(bad: Any) -> None:
    for older, newer in ((bad, scan()), (scan(), bad)):
        diff = h.scan_diff(older, newer)
        assert diff.problem == h.UNREADABLE_SCAN
        assert diff.overall is None and diff.categories == ()


def test_a_scan_result_model_is_read_as_well_as_its_json() -> None:
    diff = h.scan_diff(SAMPLE_SCAN, SAMPLE_SCAN.model_dump(mode="json"))
    assert diff.overall is not None and diff.overall.direction == "same"
    assert not any(c.reasoning_changed for c in diff.categories)


def test_trend_orders_scores_oldest_first_and_skips_unreadable_runs() -> None:
    runs = [(T0 + timedelta(days=2), scan(80)), (T0, scan(55)), (T0 + timedelta(days=1), "bad")]
    trend = h.trend(runs, activity=[T0 + timedelta(days=5)])
    assert trend.scores == (55, 80)
    assert trend.latest == 80
    assert trend.last_activity == T0 + timedelta(days=5)
    empty = h.trend([], activity=[T0])
    assert (empty.scores, empty.latest, empty.last_activity) == ((), None, T0)
    assert h.trend([]).last_activity is None


@pytest.mark.parametrize(
    ("tool", "result", "expected"),
    [
        (tools.SCANNER.key, scan(72), "Score 72/100: Potentially Viable"),
        (tools.SCANNER.key, "garbage", h.UNREADABLE_SCAN),
        (
            tools.FUNDING.key,
            {"success": True, "amount": "$750K", "analysis": "x"},
            "Funding Likely ($750K)",
        ),
        (
            tools.GROWTH.key,
            {"summary": "Grow through partners. Then ads.", "growthSteps": []},
            "Grow through partners.",
        ),
        (
            tools.INCUBATOR.key,
            {"marketAnalysis": {"overview": "A **big** market."}},
            "A big market.",
        ),
        (tools.HUB_DOCUMENT.key, "# Guide\nStep one.", "Guide Step one."),
        (tools.COFOUNDER.key, {}, "AI Co-Founder result"),
        # Issue 28, item 11: the Oracle's probability, not "Startup Oracle result".
        (
            tools.ORACLE.key,
            {"probability": 72, "risks": ["Churn"], "moves": []},
            "72% success probability: High Success Potential",
        ),
        (
            tools.ORACLE.key,
            {"successProbability": 38},
            "38% success probability: Challenging Success Outlook",
        ),
    ],
)
def test_headline_of_each_tool(tool: str, result: Any, expected: str) -> None:
    assert h.headline(tool, result) == expected


def test_a_long_headline_is_cut_at_a_word() -> None:
    line = h.headline(tools.GROWTH.key, {"summary": "word " * 100})
    assert len(line) <= HEADLINE_CHARS and line.endswith("…")


def test_compare_two_ideas_with_scores_bands_sources_risks_and_chart() -> None:
    first = h.IdeaRuns(
        3,
        "Dog bakery",
        scan(85, scores={"Founder Fit": 90}, challenges=("Regulation", "Seasonality")),
        T0,
        funding={"success": False, "amount": "$100K", "analysis": "x"},
        growth={"summary": "Sell at markets first. Then online."},
    )
    second = h.IdeaRuns(7, "Sock club", scan(55, scores={"Founder Fit": 40}), T0)
    result = h.compare([first, second])
    a, b = result.ideas
    assert (a.title, a.overall, a.verdict, a.verdict_color) == (
        "Dog bakery",
        85,
        "Highly Viable",
        "green",
    )
    assert (b.overall, b.verdict, b.verdict_color) == (55, "Needs Rethinking", "red")
    # Issue 15: a publisher named from memory, not among the pages read, is unverified.
    assert (a.market_size.value, a.market_size.source) == ("$2B", "Unverified source")
    assert (a.market_growth.value, a.market_growth.source) == ("12% a year", "Unverified source")
    assert a.risks[:2] == ("Regulation", "Seasonality") and len(a.risks) == 3
    assert len(b.risks) == 3 and b.risks[0].startswith("Founder Fit (40)")
    assert a.funding == "Needs Improvement ($100K)" and a.growth == "Sell at markets first."
    assert b.funding == "" and b.growth == ""
    assert result.chart.series == ("Dog bakery", "Sock club")
    assert [label for label, _ in result.chart.groups] == [
        "Problem",
        "Market",
        "Risk",
        "Revenue",
        "Founder",
    ]
    assert dict(result.chart.groups)["Founder"] == (90, 40)


def test_an_idea_without_a_scan_is_shown_as_no_scan_yet() -> None:
    result = h.compare(
        [h.IdeaRuns(1, "Scanned", scan(70)), h.IdeaRuns(2, "Fresh"), h.IdeaRuns(3, "Bad", "x")]
    )
    assert [i.title for i in result.ideas] == ["Scanned", "Fresh", "Bad"]
    fresh = result.ideas[1]
    assert fresh.scanned is False and fresh.verdict == h.NO_SCAN and fresh.overall is None
    assert result.ideas[2].verdict == h.NO_SCAN
    assert result.chart.series == ("Scanned",)
    assert all(len(scores) == 1 for _, scores in result.chart.groups)
    assert h.compare([h.IdeaRuns(1, "A"), h.IdeaRuns(2, "B")]).chart.groups == ()


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        ("3,7", (3, 7)),
        ("3-7-9", (3, 7, 9)),
        (" 4, 2 ,9,1 ", (4, 2, 9, 1)),
        (["5", "6"], (5, 6)),
        ("3", None),
        ("1,2,3,4,5", None),
        ("3,3", None),
        ("3,abc", None),
        ("3,-7", (3, 7)),
        ("0,7", None),
        ("", None),
        (None, None),
        ("1,99999999999999", None),
    ],
)
def test_parse_ids(value: Any, expected: tuple[int, ...] | None) -> None:
    assert h.parse_ids(value) == expected


def test_a_compared_figure_citing_a_page_read_links_to_it() -> None:
    """Issue 15: a market figure whose source number names a page the scan read is verified
    (its title and link); one citing a number out of range is unverified; none says so."""
    result = scan(70)
    result["marketInsights"]["size"] = {"value": "$4B", "sources": [1]}
    result["marketInsights"]["growthRate"] = {"value": "9%", "sources": [7]}
    result["evidence"] = {
        "research": "done",
        "sources": [{"number": 1, "title": "Pet market 2024", "url": "https://pets.example/r"}],
    }
    (idea,) = h.compare([h.IdeaRuns(1, "Pets", result, T0), h.IdeaRuns(2, "None", None)]).ideas[:1]
    assert idea.market_size.citation.state == "verified"
    assert (idea.market_size.source, idea.market_size.citation.url) == (
        "Pet market 2024",
        "https://pets.example/r",
    )
    assert idea.market_growth.source == "Unverified source"
