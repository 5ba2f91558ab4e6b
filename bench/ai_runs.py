"""The AI-runs scenario (issue 29, item 1): `python -m bench --ai-runs 100,500 [--production]`.

It starts the project's OpenAI-compatible test server at a provider's pace in its own process
(bench/ai_provider.py), then Unstuck in production mode as `python -m bench` does (its own copy,
database and port; `--production`: a new PostgreSQL database, Redis and `--workers` workers;
else SQLite and one worker) with that server as its AI (`AI_WEB_RESEARCH=on`, so the Scanner
and the Funding Predictor research first). For each wave size N it makes N new signed-in
founders and one bystander, opens a tab per founder on its tool page (bench/ai_wave.py, in a
process of its own), watches the bystander and the lag probe idle for `--ai-idle-seconds`,
then every founder starts a run at once (Scanner, Funding Predictor, Co-Founder in turn) while
the bystander, the lag probe and the samplers keep measuring (bench/ai_probe.py) until every
run ended. Then it counts each founder's kept runs in the database and prints a row per N
(bench/ai_table.py).
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import func
from sqlmodel import Session, col, select

from bench import apps, founders, production, targets
from bench.ai_probe import Bystander, Sampler
from bench.ai_provider import PACES, TOOLS, Answered, Provider
from bench.ai_table import WaveResult, render
from bench.ai_wave import Runner, Wave
from bench.production import DEFAULT_PG, DEFAULT_REDIS

KEEP_WAIT_SECONDS = 20.0
PAUSE_SECONDS = 3.0
MODEL = "openai/gpt-oss-120b"  # a model with browser search: research runs first


@dataclass
class AiRunsOptions:
    """Sizes and switches of the AI-runs scenario."""

    runs: list[int] = field(default_factory=lambda: [100, 500])
    pace: str = "realistic"
    timeout: float = 300.0
    idle_seconds: float = 10.0
    tools: tuple[str, ...] = TOOLS
    production: bool = False
    workers: int = 2
    pg_url: str = DEFAULT_PG
    redis_url: str = DEFAULT_REDIS
    port: int = 0
    keep_log: str = ""  # copy the app's log here at the end
    in_flight: int = 0  # the app's AI_MAX_IN_FLIGHT (0: its default)

    @classmethod
    def smoke(cls) -> AiRunsOptions:
        """Five runs against a provider that answers within a second."""
        return cls(runs=[5], pace="fast", timeout=60.0, idle_seconds=2.0)


def add_arguments(p: argparse.ArgumentParser) -> None:
    """The scenario's flags on `python -m bench`'s command line."""
    p.add_argument(
        "--ai-runs",
        type=lambda s: [int(x) for x in s.split(",")],
        metavar="N[,N...]",
        help="the AI-runs scenario instead: N founders start a tool run at once, per N",
    )
    p.add_argument("--ai-pace", choices=sorted(PACES), help="the provider's pace (realistic)")
    p.add_argument("--ai-timeout", type=float, help="seconds a run may take before it is lost")
    p.add_argument("--ai-idle-seconds", type=float, help="bystander probes before a wave (10)")
    p.add_argument(
        "--ai-tools", type=lambda s: tuple(s.split(",")), help=f"in turn, of {','.join(TOOLS)}"
    )
    p.add_argument("--ai-keep-log", metavar="PATH", help="copy the app's log here at the end")
    p.add_argument(
        "--ai-in-flight", type=int, help="each worker's cap on AI requests in flight (the app's)"
    )


def from_args(args: argparse.Namespace) -> AiRunsOptions:
    """Options from `python -m bench`'s parsed arguments (the smoke preset with `--smoke`)."""
    opts = AiRunsOptions.smoke() if args.smoke else AiRunsOptions()
    opts.runs = args.ai_runs or opts.runs
    for name, flag in (
        ("pace", "ai_pace"),
        ("timeout", "ai_timeout"),
        ("idle_seconds", "ai_idle_seconds"),
        ("tools", "ai_tools"),
        ("keep_log", "ai_keep_log"),
        ("in_flight", "ai_in_flight"),
        ("workers", "workers"),
        ("pg_url", "pg_url"),
        ("redis_url", "redis_url"),
    ):
        if (value := getattr(args, flag)) is not None:
            setattr(opts, name, value)
    opts.production = args.production
    opts.port = (args.production_port if args.production else args.unstuck_port) or 0
    if unknown := set(opts.tools) - set(TOOLS):
        raise SystemExit(f"unknown tool(s): {', '.join(sorted(unknown))}")
    return opts


@contextmanager
def _app(folder: Path, opts: AiRunsOptions, ai_url: str) -> Iterator[apps.LiveApp]:
    """Unstuck in production mode with the test server as its AI (and PostgreSQL + Redis +
    workers with `--production`)."""
    env = {
        "AI_API_KEY": "bench-key",
        "AI_BASE_URL": ai_url,
        "AI_MODEL": MODEL,
        "AI_WEB_RESEARCH": "on",
    }
    if opts.in_flight:
        env["AI_MAX_IN_FLIGHT"] = str(opts.in_flight)
    with ExitStack() as stack:
        name = "unstuck"
        if opts.production:
            database = stack.enter_context(production.postgres_database(opts.pg_url))
            env.update(production.environment(database, opts.redis_url, opts.workers))
            name = "production"
        app = apps.start_unstuck(folder, opts.port or apps.free_port(), name, env)
        stack.callback(apps.stop, app)
        apps.wait_until_up(app)
        yield app


def kept_runs(database_url: str, runners: list[Runner], users: dict[int, str]) -> dict[int, int]:
    """Per run index: the runs of its tool kept for its founder."""
    from startup_toolkit.db import make_engine
    from startup_toolkit.models.workspace import ToolRunRecord

    engine = make_engine(database_url)
    try:
        with Session(engine) as db:
            query = (
                select(ToolRunRecord.user_id, ToolRunRecord.tool, func.count())
                .where(col(ToolRunRecord.user_id).in_(list(users.values())))
                .group_by(col(ToolRunRecord.user_id), col(ToolRunRecord.tool))
            )
            found = {(u, t): int(n) for u, t, n in db.exec(query).all()}
    finally:
        engine.dispose()
    return {r.index: found.get((users[r.index], r.tool), 0) for r in runners}


def _wait_for_keeps(
    database_url: str, runners: list[Runner], users: dict[int, str], ended: set[int]
) -> dict[int, int]:
    """The kept runs, once every run that ended well is kept (or `KEEP_WAIT_SECONDS` passed:
    a Co-Founder conversation is kept by the event its Clear chains)."""
    deadline = time.monotonic() + KEEP_WAIT_SECONDS
    while True:
        kept = kept_runs(database_url, runners, users)
        if all(kept.get(i) for i in ended) or time.monotonic() > deadline:
            return kept
        time.sleep(1.0)


def log_note(log: Path, since: int) -> str:
    """What the app logged from byte `since` on: Redis state locks that expired under a
    handler (its writes lost) and tracebacks."""
    with log.open("rb") as f:
        f.seek(since)
        text = f.read().decode(errors="replace")
    expired = text.count("LockExpiredError: Lock expired")
    tracebacks = text.count("Traceback (most recent call last)")
    return f"app log meanwhile: {expired:,} state lock expiries, {tracebacks:,} tracebacks"


def _say(text: str) -> None:
    """Progress on stderr (the table goes to stdout)."""
    print(f"{time.strftime('%H:%M:%S')} {text}", file=sys.stderr, flush=True)


def _wave(
    app: apps.LiveApp,
    opts: AiRunsOptions,
    n: int,
    people: list[tuple[str, str]],
    offset: int,
    bystander: Bystander,
) -> tuple[WaveResult, list[int]]:
    """One wave of `n` runs by the founders `people[offset:offset+n]`."""
    hashes = bystander.goals.hashes
    runners = [
        Runner(offset + i, opts.tools[i % len(opts.tools)], people[offset + i][1]) for i in range(n)
    ]
    users = {r.index: people[r.index][0] for r in runners}
    with Wave(app.url, runners, hashes, opts.timeout) as wave:
        wave.wait_ready()
        _say(f"wave of {n}: {n} tabs open, the bystander idle for {opts.idle_seconds:g} s")
        with Sampler(app.proc.pid, app.database_url) as idle_sampler:
            idle = asyncio.run(bystander.during(lambda: False, opts.idle_seconds)).settle()
        logged = app.log.stat().st_size
        with Sampler(app.proc.pid, app.database_url) as wave_sampler:
            clicked = time.monotonic()
            wave.start()
            _say(f"wave of {n}: started")
            during = asyncio.run(bystander.during(lambda: not wave.done()))
        records = wave.records()
    last = max((r.ended for r in records if r.ended), default=clicked)
    during.settle(clicked, last)  # the bystander while runs were under way
    _say(f"wave of {n}: the last run ended {last - clicked:.1f} s after the click")
    ended = {r.index for r in records if r.ended and not r.failed}
    kept = _wait_for_keeps(app.database_url, runners, users, ended)
    result = WaveResult(
        n,
        records,
        kept,
        [],
        idle,
        during,
        idle_sampler.samples,
        wave_sampler.samples,
        seconds=last - clicked,
        notes=[log_note(app.log, logged)],
    )
    return result, [r.index for r in runners]


def run(opts: AiRunsOptions) -> list[WaveResult]:
    """Start the provider and the app, run a wave per size; the results."""
    results: list[tuple[WaveResult, list[int]]] = []
    answered: list[Answered] = []
    with (
        tempfile.TemporaryDirectory(prefix="unstuck-ai-runs-") as tmp,
        Provider(PACES[opts.pace]) as provider,
    ):
        with _app(Path(tmp), opts, provider.base_url) as app:
            _say(f"{app.name} is up at {app.url}; signing up {sum(opts.runs) + 1} founders")
            people = founders.make_signed_in(app.database_url, sum(opts.runs) + 1, "airuns")
            goals = targets.unstuck(apps.initial_state_hashes(app))
            bystander = Bystander(app.url, people[-1][1], goals)
            offset = 0
            for n in opts.runs:
                results.append(_wave(app, opts, n, people, offset, bystander))
                offset += n
                time.sleep(PAUSE_SECONDS)
            if opts.keep_log:
                shutil.copyfile(app.log, opts.keep_log)
        answered = provider.answered()
    for result, indexes in results:
        mine = set(indexes)
        result.answered = [a for a in answered if a.run in mine]
    return [r for r, _ in results]


def title(opts: AiRunsOptions) -> str:
    """What the table measured."""
    where = (
        f"PostgreSQL + Redis + {opts.workers} workers" if opts.production else "SQLite, 1 worker"
    )
    pace = PACES[opts.pace]
    return (
        f"AI runs at once: Unstuck in production mode ({where}); {', '.join(opts.tools)} in "
        f"turn; the provider's pace: first token after {pace.first_token:g} s, "
        f"{pace.tokens_per_second:g} tokens/s, {pace.min_seconds:g}-{pace.max_seconds:g} s a "
        f"reply; {os.cpu_count()} cores shared by the app, the provider, the tabs and the probes."
    )


def main(args: argparse.Namespace) -> None:
    """Run the scenario from `python -m bench`'s arguments and print its table."""
    opts = from_args(args)
    print(render(run(opts), title(opts)), flush=True)
