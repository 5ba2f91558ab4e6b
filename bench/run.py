"""One side-by-side run: start the apps, measure each phase on every app in turn (so
background noise falls on all of them alike), stop the apps, return the results."""

from __future__ import annotations

import asyncio
import os
import tempfile
from contextlib import ExitStack
from pathlib import Path

from bench import apps, founders, idle, lighthouse, production, targets, weight
from bench.apps import LiveApp
from bench.load import close_tabs, drive, open_tabs
from bench.options import Options
from bench.results import ROUTES, SCENARIOS, AppResults, RunResults
from bench.targets import Targets


class Subject:
    """An app under test with its load targets and signed-in cookies."""

    def __init__(self, app: LiveApp, title: str, goals: Targets) -> None:
        self.app = app
        self.goals = goals
        self.results = AppResults(title)
        self.cookies: list[str] = []


async def _load_row(subject: Subject, scenario: str, n: int, seconds: float) -> None:
    action = getattr(subject.goals, scenario)
    cookies = subject.cookies if subject.goals.signed_in and scenario != "cheap" else []
    tabs = await open_tabs(subject.app.url, action.route, cookies, n, subject.goals.hashes)
    try:
        if cookies and tabs[0].value(subject.goals.auth_state, "signed_in") is not True:
            raise RuntimeError(f"{subject.app.name}: the dashboard tabs are not signed in")
        subject.results.load[(scenario, n)] = await drive(tabs, action, seconds)
        if scenario == "load" and subject.results.rehydrate_kb is None:
            reply = await tabs[0].hydrate(action.route)  # what a reconnect gets: everything
            subject.results.rehydrate_kb = reply.received / 1024
    finally:
        await close_tabs(tabs)


async def _stall(subject: Subject, opts: Options) -> None:
    action = subject.goals.cheap
    tabs = await open_tabs(subject.app.url, action.route, [], opts.stall_tabs)
    try:
        subject.results.stall = await drive(
            tabs, action, opts.stall_seconds, interval=opts.stall_interval
        )
    finally:
        await close_tabs(tabs)


async def _measure(subjects: list[Subject], opts: Options) -> None:
    for subject in subjects:
        subject.results.idle = await idle.measure_idle(
            subject.app, opts.idle_tabs, opts.idle_seconds, opts.settle
        )
    for scenario in SCENARIOS:
        for n in opts.tabs:
            for subject in subjects:
                await _load_row(subject, scenario, n, opts.duration)
    for subject in subjects:
        await _stall(subject, opts)


def _pages(subjects: list[Subject], opts: Options, notes: list[str]) -> None:
    """First-load weight and Lighthouse of each distinct frontend (not the production pass)."""
    if opts.lighthouse and lighthouse.executable() is None:
        notes.append("Lighthouse not measured: not installed (make bench installs it).")
    for subject in subjects:
        if subject.app.name == "production":
            continue
        if opts.weight:
            subject.results.weight = asyncio.run(weight.first_load(subject.app.url + "/"))
        if not (opts.lighthouse and lighthouse.executable()):
            continue
        routes = ROUTES if subject.app.name == "unstuck" else ("/",)
        for route in routes:
            try:
                subject.results.lighthouse[route] = lighthouse.audit(subject.app.url + route)
            except Exception as exc:  # one failed audit must not lose the whole table
                subject.results.lighthouse[route] = "failed"
                notes.append(f"Lighthouse {subject.app.name} {route}: {exc}")


def _start(folder: Path, opts: Options, stack: ExitStack) -> list[LiveApp]:
    started: list[LiveApp] = []
    if "baseline" in opts.apps:
        started.append(apps.start_baseline(folder, opts.baseline_port or apps.free_port()))
        stack.callback(apps.stop, started[-1])
    if "unstuck" in opts.apps:
        started.append(apps.start_unstuck(folder, opts.unstuck_port or apps.free_port()))
        stack.callback(apps.stop, started[-1])
    if opts.production:
        database = stack.enter_context(production.postgres_database(opts.pg_url))
        env = production.environment(database, opts.redis_url, opts.workers)
        port = opts.production_port or apps.free_port()
        started.append(apps.start_unstuck(folder, port, "production", env))
        stack.callback(apps.stop, started[-1])
    for app in started:
        apps.wait_until_up(app)
    return started


def _subject(app: LiveApp, opts: Options) -> Subject:
    hashes = apps.initial_state_hashes(app)
    if app.name == "baseline":
        return Subject(app, "Blank Reflex", targets.baseline(hashes))
    title = "Unstuck" if app.name == "unstuck" else f"Unstuck PG+Redis+{opts.workers}w"
    subject = Subject(app, title, targets.unstuck(hashes))
    count = max([*opts.tabs, opts.stall_tabs])
    subject.cookies = founders.make_founders(app.database_url, count, prefix=app.name)
    return subject


def run(opts: Options) -> RunResults:
    """Start every app, measure, stop them; the results of every phase that ran."""
    results = RunResults()
    with tempfile.TemporaryDirectory(prefix="unstuck-bench-") as tmp, ExitStack() as stack:
        started = _start(Path(tmp), opts, stack)
        subjects = [_subject(app, opts) for app in started]
        _pages(subjects, opts, results.notes)
        asyncio.run(_measure(subjects, opts))
        for subject in subjects:
            results.apps[subject.app.name] = subject.results
    results.notes.append(
        f"{os.cpu_count()} cores shared by the apps, the load generator and chromium; "
        f"{opts.duration:.0f} s per load row; production mode, one worker unless named."
    )
    return results
