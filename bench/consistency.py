"""How stable the Viability Scanner's scores are (issue 15, item 6): one idea scanned N times
against the configured provider (AI_API_KEY, AI_BASE_URL, AI_MODEL), then the mean and spread
(max - min and standard deviation) of the overall score and of each category's.

    python -m bench.consistency --runs 5 --idea "A scheduling app for physiotherapists..."

Each run is the Scanner's own request (its prompt, low temperature, fixed seed, quality gate
with its one repair, the app's overall from the five categories), sent as a visitor, so no
database or daily budget is involved. Without a provider it says so and exits with status 2;
when every run fails, with status 1. The goal is a spread of at most `GOAL_SPREAD` points.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass

from startup_toolkit.domain import scanner as rules
from startup_toolkit.domain.tools.scanner import scan_run
from startup_toolkit.services import ai
from startup_toolkit.settings import get_settings

GOAL_SPREAD = 3
DEFAULT_RUNS = 5
DEFAULT_IDEA = (
    "A scheduling app for independent physiotherapists that cuts no-shows by taking a small "
    "deposit at booking and sending reminders, sold as a monthly subscription."
)
NO_PROVIDER = (
    "No AI provider is configured: set AI_API_KEY (and AI_BASE_URL, AI_MODEL for a server "
    "other than Groq's) to run the consistency benchmark."
)


@dataclass(frozen=True)
class Spread:
    """The mean of some scores and how far apart they are."""

    mean: float
    range: int  # max - min
    stdev: float  # the sample standard deviation (0 for a single score)


def spread(scores: Sequence[int]) -> Spread:
    if not scores:
        raise ValueError("no scores")
    stdev = statistics.stdev(scores) if len(scores) > 1 else 0.0
    return Spread(statistics.fmean(scores), max(scores) - min(scores), stdev)


@dataclass(frozen=True)
class Runs:
    """The scans that completed and the errors of those that did not."""

    scans: list[rules.ScanResult]
    errors: list[str]
    seconds: float


async def scan_times(idea: str, runs: int) -> Runs:
    """Scan `idea` `runs` times, one after another (as a founder would, and kind to rate
    limits)."""
    run = scan_run(idea)
    scans: list[rules.ScanResult] = []
    errors: list[str] = []
    started = time.monotonic()
    try:
        for _ in range(runs):
            try:
                reply = await ai.generate_json(
                    None,
                    run.tool,
                    run.system,
                    run.prompt,
                    rules.ScanResult,
                    temperature=run.temperature,
                    check=run.check,
                )
            except ai.AiError as exc:
                errors.append(exc.message)
                continue
            scans.append(run.finish(reply) if run.finish is not None else reply)
    finally:
        await ai.close_providers()
    return Runs(scans, errors, time.monotonic() - started)


def rows(scans: Sequence[rules.ScanResult]) -> list[tuple[str, list[int]]]:
    """(what, its score in each scan): the app's overall, the model's, each category."""
    table = [("Overall (app: average of the categories)", [s.overallScore for s in scans])]
    models = [s.modelOverallScore for s in scans if s.modelOverallScore is not None]
    if models:
        table.append(("Overall (the model's own)", models))
    for index, name in enumerate(rules.CATEGORY_NAMES):
        table.append((name, [s.categories[index].score for s in scans]))
    return table


def report(result: Runs, runs: int, model: str) -> str:
    """The markdown table and the verdict on the goal."""
    done = len(result.scans)
    lines = [
        f"Viability Scanner consistency: {done} of {runs} runs completed against {model} "
        f"in {result.seconds:.0f} s",
        "",
        "| Score | mean | max-min | std dev | scores |",
        "| --- | --- | --- | --- | --- |",
    ]
    for what, scores in rows(result.scans):
        s = spread(scores)
        shown = ", ".join(str(v) for v in scores)
        lines.append(f"| {what} | {s.mean:.1f} | {s.range} | {s.stdev:.1f} | {shown} |")
    overall = spread([s.overallScore for s in result.scans])
    met = "met" if overall.range <= GOAL_SPREAD else "not met"
    lines += ["", f"Goal: overall spread <= {GOAL_SPREAD} points: {met} ({overall.range})."]
    lines += [f"Run failed: {error}" for error in result.errors]
    return "\n".join(lines)


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="python -m bench.consistency", description=__doc__)
    p.add_argument("--runs", type=int, default=DEFAULT_RUNS, help="how many scans (>= 2)")
    p.add_argument("--idea", default=DEFAULT_IDEA, help="the idea to scan")
    return p


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.runs < 2:
        print("--runs must be at least 2 to measure a spread.", file=sys.stderr)
        return 2
    if (problem := rules.validate_idea(args.idea)) is not None:
        print(f"--idea: {problem[0]}.", file=sys.stderr)
        return 2
    settings = get_settings()
    if not settings.ai_enabled:
        print(NO_PROVIDER, file=sys.stderr)
        return 2
    result = asyncio.run(scan_times(args.idea.strip(), args.runs))
    if not result.scans:
        print(f"Every run failed: {'; '.join(result.errors)}", file=sys.stderr)
        return 1
    print(report(result, args.runs, settings.ai_model), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
