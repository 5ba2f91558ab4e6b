"""`python -m bench.consistency` (issue 15, item 6) end to end against the fake
OpenAI-compatible server: N scans of one idea, the mean and spread of each score; without a
provider it says so and exits non-zero. Its statistics are checked directly too."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bench import consistency
from startup_toolkit.domain.scanner import CATEGORY_NAMES
from tests.support.ai_server import FakeAiServer

ROOT = Path(__file__).resolve().parents[1]
IDEA = "A scheduling app for physiotherapists that cuts no-shows with deposits."


def reply(overall: int, scores: tuple[int, ...]) -> dict[str, Any]:
    return {
        "overallScore": overall,
        "overallAssessment": "Real pain, crowded market.",
        "categories": [
            {"category": n, "score": s, "assessment": f"{n}: clear.", "confidence": "medium"}
            for n, s in zip(CATEGORY_NAMES, scores, strict=True)
        ],
        "actionSteps": ["Interview 15 physiotherapists"],
        "competitors": [{"name": "Acme"}],
        "marketInsights": {"keyTrends": ["Telehealth"], "challenges": ["Reimbursement"]},
    }


def bench(
    tmp_path: Path, *args: str, ai: FakeAiServer | None = None
) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("AI_", "GROQ_", "DATABASE_"))}
    env["PYTHONPATH"] = str(ROOT)
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'bench.db'}"
    if ai is not None:
        env |= {"AI_API_KEY": "test-key", "AI_BASE_URL": ai.base_url, "AI_MODEL": "fake-oss"}
    return subprocess.run(
        [sys.executable, "-m", "bench.consistency", *args],
        cwd=tmp_path,  # no .env file here
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_three_runs_print_the_mean_and_spread_of_every_score(tmp_path: Path) -> None:
    with FakeAiServer() as ai:
        ai.reply_json(reply(70, (80, 60, 70, 70, 70)))
        ai.reply_json(reply(75, (82, 60, 70, 70, 70)))
        ai.reply_json(reply(72, (84, 60, 70, 70, 70)))
        done = bench(tmp_path, "--runs", "3", "--idea", IDEA, ai=ai)
        requests = ai.requests
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Viability Scanner consistency: 3 of 3 runs completed against")
    rows = {line.split(" | ")[0].lstrip("| "): line for line in lines if line.startswith("| ")}
    # the app's overall: averages of 70, 70.4 and 70.8
    assert rows["Overall (app: average of the categories)"].endswith(
        "| 70.3 | 1 | 0.6 | 70, 70, 71 |"
    )
    assert rows["Overall (the model's own)"].endswith("| 72.3 | 5 | 2.5 | 70, 75, 72 |")
    assert rows["Problem Validation"].endswith("| 82.0 | 4 | 2.0 | 80, 82, 84 |")
    assert rows["Founder Fit"].endswith("| 70.0 | 0 | 0.0 | 70, 70, 70 |")
    assert "Goal: overall spread <= 3 points: met (1)." in lines
    assert len(requests) == 3
    assert all(IDEA in r["messages"][-1]["content"] and "seed" in r for r in requests)


def test_without_a_provider_it_says_so_and_fails(tmp_path: Path) -> None:
    done = bench(tmp_path, "--runs", "5", "--idea", IDEA)
    assert done.returncode == 2
    assert "No AI provider is configured" in done.stderr and done.stdout == ""


def test_every_run_failing_is_an_error(tmp_path: Path) -> None:
    with FakeAiServer() as ai:
        for _ in range(2):
            ai.status(401, "Invalid API Key")
        done = bench(tmp_path, "--runs", "2", "--idea", IDEA, ai=ai)
    assert done.returncode == 1
    assert "Every run failed" in done.stderr and "Invalid API Key" in done.stderr


@pytest.mark.parametrize(
    ("scores", "mean", "width", "stdev"),
    [([70, 70, 70], 70.0, 0, 0.0), ([60, 64], 62.0, 4, 2.8284), ([55], 55.0, 0, 0.0)],
)
def test_spread(scores: list[int], mean: float, width: int, stdev: float) -> None:
    found = consistency.spread(scores)
    assert (found.mean, found.range) == (mean, width)
    assert found.stdev == pytest.approx(stdev, abs=1e-4)
