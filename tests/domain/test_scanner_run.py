"""A Viability Scanner run (T-SCAN-2, T-SCAN-4): the request `run_tool` gets and the
scanner's own texts for each way a run ends without a result (panel, toast, description)."""

from __future__ import annotations

from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain.tools import scanner as scanner_run
from startup_toolkit.services.tool_runs import Notice, RunStatus


def test_scan_run_asks_for_a_scan_result_at_low_temperature() -> None:
    run = scanner_run.scan_run("A scheduling app for physiotherapists.")
    assert run.tool == "Startup Viability Scanner"
    assert run.schema is rules.ScanResult and run.temperature == rules.SCAN_TEMPERATURE
    assert "<idea>\nA scheduling app for physiotherapists.\n</idea>" in run.prompt
    assert "Genesis Engine" in run.system
    assert run.sample() is scanner_run.SAMPLE_SCAN
    assert run.demo_seconds == rules.DEMO_SECONDS and not run.visitors
    assert run.fallback is None
    assert run.finish is rules.with_app_overall and run.check is scanner_run.scan_problems


def test_t_scan_4_the_texts_of_each_failure() -> None:
    texts = scanner_run.RUN_TEXTS
    assert texts.notice(RunStatus.UNREADABLE) == Notice(
        "Analysis Error",
        "Couldn't process the analysis. Please try again.",
        rules.PARSE_FAILED_PANEL,
    )
    system = Notice(
        "Analysis Failed", "System error occurred. Please try again.", rules.SYSTEM_FAILED_PANEL
    )
    assert texts.notice(RunStatus.FAILED, "Upstream error 500") == system
    no_access = "A subscription is needed to run a Genesis Scan"
    assert texts.notice(RunStatus.NO_ACCESS) == Notice(
        no_access, "See the pricing page for plans.", no_access
    )
    spent = "Daily limit reached."
    assert texts.notice(RunStatus.BUDGET, spent) == Notice("Daily AI allowance used", spent, spent)
