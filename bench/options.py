"""The benchmark's sizes, durations and switches, from the command line (`--smoke`: tiny)."""

from __future__ import annotations

import argparse
from dataclasses import dataclass, field

from bench.production import DEFAULT_PG, DEFAULT_REDIS

APPS = ("baseline", "unstuck")


@dataclass
class Options:
    """Everything a run of the side-by-side benchmark needs to know."""

    tabs: list[int] = field(default_factory=lambda: [10, 50, 200])
    duration: float = 10.0
    stall_seconds: float = 60.0
    stall_tabs: int = 5
    stall_interval: float = 0.1
    idle_tabs: int = 200
    idle_seconds: float = 10.0
    settle: float = 15.0
    lighthouse: bool = True
    weight: bool = True
    production: bool = False
    workers: int = 2
    pg_url: str = DEFAULT_PG
    redis_url: str = DEFAULT_REDIS
    apps: tuple[str, ...] = APPS
    baseline_port: int = 0
    unstuck_port: int = 0
    production_port: int = 0

    @classmethod
    def smoke(cls) -> Options:
        """Everything tiny: 2 tabs, 2 s per row, no Lighthouse."""
        return cls(
            tabs=[2],
            duration=2.0,
            stall_seconds=2.0,
            stall_tabs=2,
            idle_tabs=2,
            idle_seconds=1.0,
            settle=1.0,
            lighthouse=False,
        )


def parser() -> argparse.ArgumentParser:
    """The command line of `python -m bench`."""
    p = argparse.ArgumentParser(
        prog="python -m bench",
        description="Unstuck beside a blank Reflex app, in production mode: one table.",
    )
    p.add_argument("--smoke", action="store_true", help="tiny sizes and durations, no Lighthouse")
    p.add_argument("--tabs", type=lambda s: [int(x) for x in s.split(",")], help="e.g. 10,50,200")
    p.add_argument("--duration", type=float, help="seconds per load row (10)")
    p.add_argument("--stall-seconds", type=float, help="length of the stall probe (60)")
    p.add_argument("--stall-tabs", type=int, help="tabs of the stall probe (5)")
    p.add_argument("--idle-tabs", type=int, help="idle tabs for the memory figures (200)")
    p.add_argument("--idle-seconds", type=float, help="CPU sampling window when idle (10)")
    p.add_argument("--settle", type=float, help="seconds to wait after idle tabs close (15)")
    p.add_argument("--no-lighthouse", action="store_true", help="skip Lighthouse")
    p.add_argument("--no-weight", action="store_true", help="skip the first-load weight")
    p.add_argument(
        "--production", action="store_true", help="also Unstuck on PostgreSQL + Redis + workers"
    )
    p.add_argument("--workers", type=int, help="backend workers of the production pass (2)")
    p.add_argument("--pg-url", help=f"PostgreSQL server for --production ({DEFAULT_PG})")
    p.add_argument("--redis-url", help=f"Redis for --production ({DEFAULT_REDIS})")
    p.add_argument("--apps", type=lambda s: tuple(s.split(",")), help="baseline,unstuck")
    p.add_argument("--baseline-port", type=int, help="port of the baseline (free one)")
    p.add_argument("--unstuck-port", type=int, help="port of Unstuck (free one)")
    p.add_argument("--production-port", type=int, help="port of the production pass")
    p.add_argument("--pages", metavar="URL", help="only the page bench against a running app")
    p.add_argument("--requests", type=int, default=20, help="requests per page (--pages)")
    p.add_argument(
        "--dashboard", action="store_true", help="only the dashboard query benchmark (no app)"
    )
    from bench import ai_runs

    ai_runs.add_arguments(p)
    return p


def from_args(args: argparse.Namespace) -> Options:
    """Options from parsed arguments: the smoke preset or the defaults, then each flag given."""
    opts = Options.smoke() if args.smoke else Options()
    for name in (
        "tabs",
        "duration",
        "stall_seconds",
        "stall_tabs",
        "idle_tabs",
        "idle_seconds",
        "settle",
        "workers",
        "pg_url",
        "redis_url",
        "apps",
        "baseline_port",
        "unstuck_port",
        "production_port",
    ):
        if (value := getattr(args, name)) is not None:
            setattr(opts, name, value)
    opts.lighthouse = opts.lighthouse and not args.no_lighthouse
    opts.weight = not args.no_weight
    opts.production = args.production
    unknown = set(opts.apps) - set(APPS)
    if unknown:
        raise SystemExit(f"unknown app(s): {', '.join(sorted(unknown))}")
    return opts
