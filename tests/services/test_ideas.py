"""The ideas service (issue 14, items 3 and 4) on a real database: summaries with the latest
score and trend, the timeline across tools, the diff of two scanner runs, the comparison, and
scoping (founder B never reaches A's ideas or runs through any of them)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from sqlmodel import Session

from startup_toolkit.domain import idea_history as history
from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as ws
from startup_toolkit.domain.clock import utcnow
from startup_toolkit.domain.run_origin import Origin
from startup_toolkit.services import ideas, workspace
from tests.support.founders import user
from tests.support.idea_scans import scan
from tests.support.kept import idea_of

START = utcnow() - timedelta(days=3)


def _run(
    session: Session,
    uid: str,
    tool: str,
    result: Any,
    text: str = "Socks by subscription for busy parents",
    hours: int = 0,
    idea_id: int | None = None,
) -> int:
    keep = ws.KeepRun(tool, {"idea": text}, text, idea_id)
    run_id = workspace.keep_run(
        session, uid, keep, result, sample=False, now=START + timedelta(hours=hours)
    )
    assert run_id is not None
    return run_id


def test_summaries_give_latest_score_trend_activity_and_run_count(session: Session) -> None:
    uid = user(session)
    first = _run(session, uid, tools.SCANNER.key, scan(58), hours=0)
    _run(session, uid, tools.SCANNER.key, scan(74), hours=2)
    _run(session, uid, tools.GROWTH.key, {"summary": "Grow.", "growthSteps": []}, hours=5)
    _run(session, uid, tools.FUNDING.key, {"success": True}, text="A bakery for dogs", hours=1)
    socks = idea_of(session, uid, first)
    rows = ideas.idea_summaries(session, uid)
    assert [r.title for r in rows] == [
        "Socks by subscription for busy parents",
        "A bakery for dogs",
    ]
    top, dogs = rows
    assert (top.idea_id, top.latest, top.trend, top.runs) == (socks, 74, (58, 74), 3)
    assert top.last_activity >= START + timedelta(hours=5)
    assert (dogs.latest, dogs.trend, dogs.runs) == (None, (), 1)


def test_timeline_lists_runs_across_tools_newest_first_with_reopen_paths(
    session: Session,
) -> None:
    uid = user(session)
    scan_id = _run(session, uid, tools.SCANNER.key, scan(66), hours=0)
    fund_id = _run(
        session,
        uid,
        tools.FUNDING.key,
        {"success": True, "amount": "$1M", "analysis": "x"},
        hours=1,
    )
    idea_id = idea_of(session, uid, scan_id)
    timeline = ideas.idea_timeline(session, uid, idea_id)
    assert timeline is not None and timeline.title == "Socks by subscription for busy parents"
    assert [(e.run_id, e.tool_label, e.headline, e.reopen_path) for e in timeline.entries] == [
        (fund_id, "Funding Predictor", "Funding Likely ($1M)", f"/funding-predictor?run={fund_id}"),
        (
            scan_id,
            "Viability Scanner",
            "Score 66/100: Potentially Viable",
            f"/startup-viability-scanner?run={scan_id}",
        ),
    ]


def test_scanner_runs_and_the_diff_of_two_of_them(session: Session) -> None:
    uid = user(session)
    old = _run(session, uid, tools.SCANNER.key, scan(60, competitors=("Acme",)), hours=0)
    new = _run(session, uid, tools.SCANNER.key, scan(71, competitors=("Acme", "Globex")), hours=3)
    _run(session, uid, tools.GROWTH.key, {"summary": "x", "growthSteps": []}, hours=4)
    idea_id = idea_of(session, uid, old)
    choices = ideas.scanner_runs(session, uid, idea_id)
    assert [(c.run_id, c.score) for c in choices] == [(new, 71), (old, 60)]
    for a, b in ((old, new), (new, old)):  # the older run is always the "before"
        diff = ideas.scan_diff_of(session, uid, a, b, idea_id)
        assert diff is not None and diff.overall is not None
        assert (diff.overall.old, diff.overall.new, diff.overall.direction) == (60, 71, "up")
        assert diff.competitors_added == ("Globex",)


def test_a_diff_needs_two_scanner_runs_of_the_same_idea(session: Session) -> None:
    uid = user(session)
    a = _run(session, uid, tools.SCANNER.key, scan(60), hours=0)
    growth = _run(session, uid, tools.GROWTH.key, {"summary": "x", "growthSteps": []}, hours=1)
    other = _run(session, uid, tools.SCANNER.key, scan(80), text="A bakery for dogs", hours=2)
    idea_id = idea_of(session, uid, a)
    assert ideas.scan_diff_of(session, uid, a, growth) is None
    assert ideas.scan_diff_of(session, uid, a, other) is None
    assert ideas.scan_diff_of(session, uid, a, "x") is None
    assert ideas.scan_diff_of(session, uid, a, a, idea_of(session, uid, other)) is None
    same = ideas.scan_diff_of(session, uid, a, a, idea_id)
    assert same is not None and same.overall is not None and same.overall.change == 0


def test_compare_two_to_four_ideas_in_order(session: Session) -> None:
    uid = user(session)
    socks = idea_of(session, uid, _run(session, uid, tools.SCANNER.key, scan(82), hours=0))
    _run(session, uid, tools.SCANNER.key, scan(64), hours=1)  # the latest scan of socks counts
    _run(session, uid, tools.GROWTH.key, {"summary": "Partner first.", "growthSteps": []}, hours=2)
    dogs = idea_of(
        session, uid, _run(session, uid, tools.FUNDING.key, {"success": False}, text="Dog bakery")
    )
    result = ideas.compare_ideas(session, uid, f"{dogs},{socks}")
    assert result is not None
    assert [(i.idea_id, i.overall, i.verdict) for i in result.ideas] == [
        (dogs, None, history.NO_SCAN),
        (socks, 64, "Potentially Viable"),
    ]
    assert result.ideas[1].growth == "Partner first."
    assert result.chart.series == ("Socks by subscription for busy parents",)
    assert ideas.compare_ideas(session, uid, [socks]) is None
    assert ideas.compare_ideas(session, uid, f"{socks},{socks}") is None
    assert ideas.compare_ideas(session, uid, f"{socks},999999") is None


def test_founder_b_never_reaches_founder_a_s_ideas_or_runs(session: Session) -> None:
    ada, bob = user(session), user(session, "bob@example.com")
    a1 = _run(session, ada, tools.SCANNER.key, scan(60), hours=0)
    a2 = _run(session, ada, tools.SCANNER.key, scan(70), hours=1)
    a_idea = idea_of(session, ada, a1)
    b_run = _run(session, bob, tools.SCANNER.key, scan(50), text="Bob's own idea here", hours=2)
    b_idea = idea_of(session, bob, b_run)
    assert [s.idea_id for s in ideas.idea_summaries(session, bob)] == [b_idea]
    assert ideas.idea_timeline(session, bob, a_idea) is None
    assert ideas.scanner_runs(session, bob, a_idea) == []
    assert ideas.scan_diff_of(session, bob, a1, a2) is None
    assert ideas.scan_diff_of(session, bob, b_run, a1) is None
    assert ideas.compare_ideas(session, bob, [a_idea, b_idea]) is None
    assert ideas.idea_summaries(session, "not-a-user") == []
    assert ideas.compare_ideas(session, "", [a_idea, b_idea]) is None
    # A's own view is whole.
    assert ideas.compare_ideas(session, ada, [a_idea, b_idea]) is None
    assert ideas.scan_diff_of(session, ada, a1, a2) is not None


def test_issue_28_stand_ins_are_on_the_timeline_and_in_comparisons_labelled_as_such(
    session: Session,
) -> None:
    """Issue 28, item 5: a funding estimate, the Oracle's general predictions and the sample
    strategy shown after an unusable reply are kept on the idea's timeline with what they
    are; the AI's answers carry no label and demo mode's samples read 'Sample'."""
    uid = user(session)
    text = "Socks by subscription for busy parents"
    keep = ws.KeepRun(tools.FUNDING.key, {"idea": text}, text)
    fallback_ids = []
    for hours, tool, result in (
        (1, tools.FUNDING.key, {"success": False, "amount": "$1M", "analysis": "x"}),
        (2, tools.ORACLE.key, {"probability": 65, "risks": ["r"]}),
        (3, tools.GROWTH.key, {"summary": "Partner first.", "growthSteps": []}),
    ):
        run_id = workspace.keep_run(
            session,
            uid,
            ws.KeepRun(tool, {"idea": text}, text),
            result,
            sample=False,
            origin=Origin.FALLBACK,
            now=START + timedelta(hours=hours),
        )
        assert run_id is not None
        fallback_ids.append(run_id)
    demo = workspace.keep_run(
        session, uid, keep, {"success": True}, sample=True, now=START + timedelta(hours=4)
    )
    answer = _run(session, uid, tools.SCANNER.key, scan(70), hours=5)
    timeline = ideas.idea_timeline(session, uid, idea_of(session, uid, answer))
    assert timeline is not None
    assert [(e.run_id, e.basis, e.sample) for e in timeline.entries] == [
        (answer, "", False),
        (demo, "Sample", True),
        (fallback_ids[2], "Sample strategy (AI reply unusable)", True),
        (fallback_ids[1], "General predictions (AI reply unusable)", True),
        (fallback_ids[0], "Estimate (AI reply unusable)", True),
    ]
    other = idea_of(session, uid, _run(session, uid, tools.SCANNER.key, scan(50), text="Dogs"))
    compared = ideas.compare_ideas(session, uid, f"{timeline.idea_id},{other}")
    assert compared is not None
    assert compared.ideas[0].growth == "Partner first. · Sample strategy (AI reply unusable)"
    assert compared.ideas[0].funding.endswith(" · Sample")  # the newest funding run: demo mode
