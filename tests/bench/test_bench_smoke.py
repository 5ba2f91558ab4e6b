"""`python -m bench --smoke` runs end to end against the blank baseline app (one production
build, two tabs, two seconds a row), and the table renders every figure side by side."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bench import table
from bench.idle import IdleResult
from bench.lighthouse import Scores
from bench.load import LoadResult, percentile
from bench.options import Options
from bench.results import AppResults, RunResults
from bench.weight import Weight

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.bench
def test_smoke_run_prints_the_table_for_the_baseline() -> None:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(
        [sys.executable, "-m", "bench", "--smoke", "--apps", "baseline"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("| What | Blank Reflex |")
    rows = {line.split(" | ")[0].lstrip("| "): line for line in lines if line.startswith("| ")}
    cheap = next(r for w, r in rows.items() if w.startswith("cheap event") and "2 tabs" in w)
    assert " ms, " in cheap and "/s" in cheap and "timeouts" not in cheap
    assert any(w.startswith("signed-in /dashboard load") for w in rows)
    assert any(w.startswith("favourite toggle") for w in rows)
    assert any(w.startswith("stall probe") for w in rows)
    assert any(w.startswith("KB per idle tab") for w in rows)
    assert "first load of /: JS gzip KB (files)" in rows


def _load(ms: float, n: int = 10) -> LoadResult:
    return LoadResult(latencies=[ms] * n, seconds=1.0, received=1024 * n)


def _app(title: str, ms: float) -> AppResults:
    app = AppResults(title)
    for scenario in ("cheap", "load", "toggle"):
        app.load[(scenario, 2)] = _load(ms)
    app.stall = _load(ms)
    app.idle = IdleResult(2, 100.0, 1.0, 101.0, 2.0, 100.5, 1.0)
    app.weight = Weight(js_kb=200, js_files=9, css_kb=50, css_files=1, served_kb=300)
    app.lighthouse["/"] = Scores(91, 100, 2.5)
    return app


def test_table_puts_each_app_side_by_side_with_ratios() -> None:
    results = RunResults({"baseline": _app("Blank", 2.0), "unstuck": _app("Unstuck", 5.0)})
    results.apps["unstuck"].lighthouse["/pricing"] = "failed"
    text = table.render(results, Options.smoke())
    assert text.splitlines()[0] == "| What | Blank | Unstuck | ratio |"
    cheap = next(line for line in text.splitlines() if line.startswith("| cheap event"))
    assert "| 2.00 / 2.00 / 2.00 ms, 10.0/s | 5.00 / 5.00 / 5.00 ms, 10.0/s |" in cheap
    assert "p50 x2.50, p95 x2.50, ev/s x1.00" in cheap
    assert "| 91 / 100 / 2.5 s |" in text
    assert "| - | failed |" in text
    assert "KB per idle tab (goal <= 60) | 512 | 512 | x1.00 |" in text


def test_percentile_is_nearest_rank() -> None:
    values = list(range(1, 101))
    assert percentile(values, 0.5) == 50
    assert percentile(values, 0.95) == 95
    assert percentile([], 0.95) == 0.0
