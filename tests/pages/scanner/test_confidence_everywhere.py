"""One confidence everywhere (issue 28, item 7; DESIGN "Confidence shown anywhere is the app's
(from evidence), one value"): the confidence the Scanner page shows, from the scan's evidence,
is the one the dashboard's saved result, the Markdown and PDF exports (one `Report`) and the
shared page show, never the model's own; with and without live research, and for a result
saved before (its stored HTML carried the model's)."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from sqlmodel import Session

from startup_toolkit.domain import tools
from startup_toolkit.domain import workspace as rules
from startup_toolkit.domain.report import Report
from startup_toolkit.domain.research import Evidence, Source
from startup_toolkit.domain.saved_results import SaveRequest
from startup_toolkit.domain.scanner import ScanResult
from startup_toolkit.domain.scanner_export import save_content, save_metadata
from startup_toolkit.domain.tools.scanner import TOOL_NAME
from startup_toolkit.pages.scanner.state import Scan, scan_view
from startup_toolkit.services import dashboard, exports, saved_results, share_links, workspace
from startup_toolkit.state.report_view import report_view
from tests.pages.scanner.test_state import REPLY
from tests.support.founders import user

AT = datetime(2025, 3, 1, 9, 0, tzinfo=UTC)
IDEA = "A scheduling app for physiotherapists that cuts no-shows with deposits."
PAGES = [
    Source(number=1, title="Clinic software market 2025", url="https://example.com/market"),
    Source(number=2, title="No-show statistics", url="https://example.org/no-shows"),
]
#: The model's own confidences in REPLY, category by category.
STATED = [c["confidence"] for c in REPLY["categories"]]


def offline() -> ScanResult:
    """No live research: the app's confidence is low throughout, whatever the model said."""
    return ScanResult.model_validate(REPLY)


def researched() -> ScanResult:
    """Live research whose pages back every market figure: the app's confidence differs from
    the model's in both directions."""
    reply = {
        **REPLY,
        "competitors": [{**REPLY["competitors"][0], "sources": [1]}],
        "marketInsights": {
            "size": {"value": "$1.2B", "sources": [1]},
            "growthRate": {"value": "9% CAGR", "sources": [2]},
            "keyTrends": [{"text": "Telehealth", "sources": [1]}],
            "challenges": ["Reimbursement rules"],
        },
    }
    result = ScanResult.model_validate(reply)
    return result.model_copy(update={"evidence": Evidence(research="done", sources=PAGES)})


def shown_on_the_page(result: ScanResult) -> tuple[list[str], str]:
    """(each category's confidence, the overall note) as the Scanner page shows them."""
    view = scan_view(Scan(result, IDEA, AT, sample=False))
    assert view is not None
    return [c.confidence for c in view.categories], view.confidence_note


def in_report(report: Report | None) -> tuple[list[str], list[str]]:
    """(the Scores table's Confidence column, the Verdict's paragraphs) of a report."""
    assert report is not None
    scores = next(s.table for s in report.sections if s.heading == "Scores")
    assert scores is not None and scores.headers[2] == "Confidence"
    verdict = next(s for s in report.sections if s.heading == "Verdict")
    return [row[2] for row in scores.rows], list(verdict.paragraphs)


@pytest.mark.parametrize("make", [offline, researched], ids=["offline", "researched"])
def test_issue_28_item_7_one_confidence_on_the_page_dashboard_exports_and_shared_page(
    session: Session, make: Callable[[], ScanResult]
) -> None:
    result = make()
    levels, note = shown_on_the_page(result)
    assert levels != STATED  # the app's own, not the model's
    ada = user(session, "ada@example.com")
    keep = rules.KeepRun(tools.SCANNER.key, {"idea": IDEA}, IDEA)
    run_id = workspace.keep_run(session, ada, keep, rules.as_json(result), sample=False, now=AT)

    # Markdown and PDF exports render this one report.
    report = exports.report_for(session, ada, "run", (run_id,))
    column, verdict = in_report(report)
    assert column == levels and f"Overall confidence: {note}" in verdict
    markdown = exports.render_body(report, "md").decode()  # type: ignore[arg-type]
    assert f"Overall confidence: {note}" in markdown
    for name, level in zip(REPLY["categories"], levels, strict=True):
        assert f"| {name['category']} | " in markdown and f" | {level} | " in markdown

    # The shared page.
    token = share_links.create_link(session, ada, "run", run_id, "7")
    shared = exports.report_for_share(session, share_links.open_link(session, token))
    view = report_view(shared)  # type: ignore[arg-type]
    scores = next(s for s in view.sections if s.heading == "Scores")
    assert [row[2] for row in scores.rows] == levels

    # The dashboard's saved result, saved before the HTML carried the app's confidence.
    stale = "".join(
        f"<p>{c['category']} ({c['confidence']} confidence)</p>" for c in REPLY["categories"]
    )
    saved = saved_results.save_result(
        session,
        ada,
        SaveRequest(
            TOOL_NAME,
            "Viability Analysis - Score: 59/100",
            save_content(result, IDEA),
            "analysis",
            stale,
            save_metadata(result, IDEA, AT),
        ),
    )
    assert saved.result_id is not None
    detail = dashboard.result_detail(session, ada, saved.result_id)
    assert detail is not None
    for c, level in zip(result.categories, levels, strict=True):
        assert f"{c.category}: {c.score}/100</strong> ({level} confidence)" in detail.html
    assert f"Overall confidence: {note}" in detail.html
    column, verdict = in_report(exports.report_for(session, ada, "result", (saved.result_id,)))
    assert column == levels and f"Overall confidence: {note}" in verdict
