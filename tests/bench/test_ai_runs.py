"""`python -m bench --ai-runs N`: the provider's answers per tool, how a tab reads a run's end,
how runs are counted, the overhead arithmetic, the table and its goals, the options; and
(marked `bench`: a production build of Unstuck) the smoke run end to end."""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench import ai_table, options
from bench.ai_probe import Phase, Samples
from bench.ai_provider import Answered, Responder, find_marker, marker
from bench.ai_runs import AiRunsOptions, from_args, log_note
from bench.ai_wave import (
    RunRecord,
    cofounder_ending,
    error_toast,
    funding_ending,
    idea_text,
    scanner_ending,
)
from bench.protocol import Tab
from startup_toolkit.domain import funding
from startup_toolkit.domain.scanner import ScanResult
from startup_toolkit.domain.tools.funding import funding_problems
from startup_toolkit.domain.tools.scanner import scan_problems

ROOT = Path(__file__).resolve().parents[2]


def run_module(*args: str) -> subprocess.CompletedProcess[str]:
    """`python -m *args` from the repository root, with this interpreter's scripts on PATH
    (10 minutes at most)."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(
        [sys.executable, "-m", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _body(text: str, **extra: object) -> dict:
    return {"messages": [{"role": "system", "content": "x"}, {"role": "user", "content": text}]} | (
        extra
    )


def test_a_marker_ties_every_request_to_its_run() -> None:
    assert marker(42, "funding") == "bench-run-00042-funding"
    assert find_marker(_body(idea_text(7, "scanner"))) == (7, "scanner")
    assert find_marker(_body("no marker here")) is None
    assert find_marker({"messages": "garbled"}) is None


def test_the_responder_answers_each_tools_schema() -> None:
    respond = Responder()
    scan = respond(_body(idea_text(1, "scanner")))
    assert scan is not None and scan.text
    result = ScanResult.model_validate(json.loads(scan.text))
    assert scan_problems(result) == []
    pitch = respond(_body(idea_text(2, "funding")))
    assert pitch is not None and pitch.text
    assert funding_problems(funding.FundingPrediction.model_validate_json(pitch.text)) == []
    chat = respond(_body(idea_text(3, "cofounder"), stream=True))
    assert chat is not None and chat.text and not chat.text.startswith("{")
    research = respond(_body(idea_text(1, "scanner"), tools=[{"type": "browser_search"}]))
    assert research is not None and research.executed_tools
    assert len(research.executed_tools[0]["search_results"]["results"]) == 3
    assert respond(_body("nobody's run")) is None


def test_a_tab_reads_how_each_tool_ended() -> None:
    tab = Tab("http://127.0.0.1:1")
    assert scanner_ending({"progress_rx_state_": 40}, tab) is None
    assert scanner_ending({"result_rx_state_": {"score": 70}}, tab) == "ok"
    assert scanner_ending({"error_rx_state_": "Analysis failed"}, tab) == "failed: Analysis failed"
    assert funding_ending({"result_rx_state_": None}, tab) is None
    assert funding_ending({"result_rx_state_": {"estimated": False}}, tab) == "ok"
    estimated = {"estimated": True, "estimate_reason": "The AI did not answer"}
    assert funding_ending({"result_rx_state_": estimated}, tab) == "failed: The AI did not answer"
    assert cofounder_ending({"stream_rx_state_": {"text": "Hi"}}, tab) is None
    user = {"role": "user", "content": "Q", "status": ""}
    done = {"stream_rx_state_": None, "shown_messages_rx_state_": [user]}
    assert cofounder_ending(done, tab) == "failed: no reply"
    done["shown_messages_rx_state_"] = [user, {"role": "assistant", "status": ""}]
    assert cofounder_ending(done, tab) == "ok"
    done["shown_messages_rx_state_"] = [user, {"role": "assistant", "status": "interrupted"}]
    assert cofounder_ending(done, tab) == "failed: reply interrupted"
    toast = {"name": "_call_function", "payload": {"function": "toast.error('No')"}}
    assert error_toast({"events": [toast]})
    assert not error_toast({"events": [{"name": "_call_function", "payload": {}}]})


def _wave(records: list[RunRecord], kept: dict[int, int], answered: list[Answered]) -> object:
    idle = Phase(ping_ms=[2.0] * 10, cheap_ms=[5.0] * 10, dashboard_ms=[40.0] * 10)
    busy = Phase(ping_ms=[2.0] * 98 + [150.0] * 2, cheap_ms=[9.0] * 10, dashboard_ms=[100.0] * 4)
    quiet = Samples(rss={11: [200.0, 200.0], 12: [300.0]}, db_open=[4], db_busy=[1])
    loaded = Samples(rss={11: [250.0, 260.0], 12: [301.0]}, total_peak=561.0)
    loaded.db_open, loaded.db_busy = [9, 12], [3, 7]
    return ai_table.WaveResult(
        len(records), records, kept, answered, idle, busy, quiet, loaded, 12.5
    )


RECORDS = [
    RunRecord(0, "scanner", clicked=100.0, ended=112.0, note="ok"),  # completed
    RunRecord(1, "funding", clicked=100.0, ended=109.0, failed=True, note="failed: estimated"),
    RunRecord(2, "cofounder", clicked=100.0, note="never ended"),  # lost
    RunRecord(3, "scanner", clicked=100.0, ended=111.0, note="ok"),  # ended, not kept: lost
    RunRecord(4, "cofounder", clicked=100.0, ended=106.5, note="ok"),  # completed
]
KEPT = {0: 1, 1: 0, 2: 0, 3: 0, 4: 1}
ANSWERED = [
    Answered(0, "scanner", True, False, 100.5, 105.5),
    Answered(0, "scanner", False, False, 105.6, 111.6),
    Answered(4, "cofounder", False, True, 101.0, 106.0),
]


def test_runs_are_completed_failed_or_lost() -> None:
    assert [ai_table.outcome(r, KEPT) for r in RECORDS] == [
        "completed",
        "failed",
        "lost",
        "lost",
        "completed",
    ]
    result = _wave(RECORDS, KEPT, ANSWERED)
    assert ai_table.counts(result) == {"completed": 2, "failed": 1, "lost": 2}


def test_the_overhead_is_what_a_run_took_beyond_the_providers_answers() -> None:
    result = _wave(RECORDS, KEPT, ANSWERED)
    assert ai_table.provider_seconds(ANSWERED) == pytest.approx({0: 11.0, 4: 5.0})
    assert ai_table.overheads(result) == pytest.approx([1.0, 1.5])  # runs 0 and 4
    assert ai_table.first_call_waits(result) == pytest.approx([0.5, 1.0])


def test_the_table_has_a_row_per_wave_and_its_goals() -> None:
    result = _wave(RECORDS, KEPT, ANSWERED)
    cells = ai_table.row(result)
    assert cells[:4] == [
        "5",
        "2 / 1 / 2",
        "1.00 / 1.50 s; click to first AI call p95 1.00 s",
        "5.0 s",  # nearest rank of 5 and 11
    ]
    assert cells[4] == "2.0 → 150 ms"  # p99 of the /ping probe
    assert cells[5] == "5.0 → 9.0 ms"
    assert cells[6] == "40 / 40 → 100 / 100 ms (x2.5), 4 loads"
    assert cells[7] == "260 / 301 MB (idle 200 / 300)"
    assert cells[8] == f"{(561.0 - 500.0) * 1024 / 5:,.0f} KB"
    assert cells[9] == "12 / 7 (idle 4 / 1)"
    marks = {goal: (measured, met) for goal, measured, met in ai_table.goals(result)}
    assert marks["0 failed"] == ("1", False)
    assert marks["0 lost"] == ("2", False)
    assert marks["overhead p95 <= 1 s"] == ("1.50 s", False)
    assert marks["loop lag p99 <= 100 ms"] == ("150 ms", False)
    assert marks["bystander /dashboard p95 <= 3x idle"] == ("x2.5", True)
    text = ai_table.render([result], "Title")
    assert text.splitlines()[0] == "Title"
    assert "| 0 failed | 1: missed |" in text
    assert "| bystander /dashboard p95 <= 3x idle | x2.5: met |" in text
    assert "3 AI requests (1 research, 1 streamed)" in text
    assert "1 x scanner lost: ended with a result, no kept run" in text
    assert "1 x cofounder lost: never ended" in text
    assert "1 x funding failed: failed: estimated" in text
    assert "by tool: cofounder 1.50 / 1.00 s, scanner 1.00 / 0.50 s;" in text


def test_sqlite_has_no_database_connections_to_count() -> None:
    result = _wave(RECORDS, KEPT, ANSWERED)
    result.wave_samples.db_open = []
    assert ai_table.row(result)[9] == "n/a (SQLite)"


def _args(*argv: str) -> argparse.Namespace:
    return options.parser().parse_args(list(argv))


def test_options_smoke_flags_and_production() -> None:
    smoke = from_args(_args("--smoke", "--ai-runs", "5"))
    assert (smoke.runs, smoke.pace, smoke.idle_seconds) == ([5], "fast", 2.0)
    real = from_args(
        _args("--ai-runs", "100,500", "--production", "--workers", "3", "--ai-tools", "scanner")
    )
    assert real.runs == [100, 500] and real.production and real.workers == 3
    assert (real.pace, real.tools) == ("realistic", ("scanner",))
    assert AiRunsOptions().timeout == 300.0
    with pytest.raises(SystemExit):
        from_args(_args("--ai-runs", "5", "--ai-tools", "oracle"))


def test_the_app_log_tells_lock_expiries_and_tracebacks(tmp_path: Path) -> None:
    log = tmp_path / "server.log"
    expired = "Traceback (most recent call last):\nreflex...LockExpiredError: Lock expired for x\n"
    log.write_text("Traceback (most recent call last):\nold\n")
    since = log.stat().st_size
    with log.open("a") as f:
        f.write(expired * 2 + "Traceback (most recent call last):\nValueError\n")
    assert log_note(log, since) == "app log meanwhile: 2 state lock expiries, 3 tracebacks"


@pytest.mark.bench
def test_smoke_run_completes_every_run() -> None:
    done = run_module("bench", "--smoke", "--ai-runs", "5")
    assert done.returncode == 0, done.stderr[-3000:]
    rows = [line for line in done.stdout.splitlines() if line.startswith("| 5 |")]
    assert len(rows) == 1 and "| 5 / 0 / 0 |" in rows[0], done.stdout
    assert "| 0 lost | 0: met |" in done.stdout
    assert "app log meanwhile: 0 state lock expiries" in done.stdout


def test_the_lag_probe_leaves_out_pings_during_the_bystanders_own_loads() -> None:
    pings = [(0.0, 0.002), (1.0, 1.120), (2.0, 2.003), (5.0, 5.004)]
    phase = Phase(pings=pings, loads=[(0.9, 1.05), (4.0, 4.03)], cheap=[(0.5, 7.0), (4.5, 9.0)])
    phase.settle()
    assert phase.ping_ms == pytest.approx([2.0, 3.0, 4.0])
    assert phase.dashboard_ms == pytest.approx([150.0, 30.0])
    assert phase.cheap_ms == [7.0, 9.0]
    phase.settle(since=1.5, until=4.5)  # only what started while the runs were under way
    assert phase.ping_ms == pytest.approx([3.0])
    assert phase.dashboard_ms == pytest.approx([30.0])
    assert phase.cheap_ms == [9.0]
