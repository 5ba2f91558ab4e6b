"""What one run measured, per app (each figure optional: a skipped phase leaves it empty)."""

from __future__ import annotations

from dataclasses import dataclass, field

from bench.idle import IdleResult
from bench.lighthouse import Scores
from bench.load import LoadResult
from bench.weight import Weight

SCENARIOS = ("cheap", "load", "toggle")
ROUTES = ("/", "/pricing", "/login")


@dataclass
class AppResults:
    """Every figure of one app under test."""

    title: str
    load: dict[tuple[str, int], LoadResult] = field(default_factory=dict)
    rehydrate_kb: float | None = None  # the full state a reconnect receives
    stall: LoadResult | None = None
    idle: IdleResult | None = None
    weight: Weight | None = None
    lighthouse: dict[str, Scores | str] = field(default_factory=dict)


@dataclass
class RunResults:
    """The baseline, Unstuck and (optionally) Unstuck in production, with notes."""

    apps: dict[str, AppResults] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
